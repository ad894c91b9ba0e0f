"""ClientEval in the inspector preview: hidden fields, labels, options, groups and tabs follow the values."""

import copy
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
OPTIONS = ("properties", "topic", "ui", "inspector", "editorOptions", "dataSourceAdditionalData")


@pytest.fixture(scope="module")
def project():
    return load_project(FIXTURES / "clienteval" / "live")


@pytest.fixture
def inspector(qtbot, project):
    def show(name, values=None, target=None):
        widget = InspectorWidget()
        qtbot.addWidget(widget)
        source_project = target or project
        widget.show_node_type(InspectorSource.from_model(source_project.node_types[name], source_project), values)
        widget.resize(380, 900)
        widget.show()
        return widget

    return show


def choose(editor, label):
    index = editor.combo.findText(label)
    assert index >= 0, label
    editor.combo.setCurrentIndex(index)
    editor.combo.activated.emit(index)


def test_shortcut_target_appears_only_for_selected_target(inspector, qtbot):
    widget = inspector("Neos.Neos:Shortcut")
    target, mode = widget.editor("target"), widget.editor("targetMode")
    assert mode.isVisible() and not target.isVisible()  # default firstChildNode hides the target
    label = widget.sections["document"].findChild(QLabel, "label:target")
    assert not label.isVisible()
    choose(mode, "Selected target")  # the first edit is evaluated at once
    assert target.isVisible() and label.isVisible()
    choose(mode, "Parent node")  # a quick second edit waits for a pause...
    assert target.isVisible()
    widget.clienteval.flush()  # ...which this ends at once
    assert not target.isVisible() and not label.isVisible()
    assert widget.clienteval.value_at(("properties", "target", "ui", "inspector", "hidden")) is True


def test_values_given_up_front_are_evaluated_in_the_first_build(inspector):
    widget = inspector("Acme.Test:MyShortcut", {"targetMode": "selectedTarget"})
    assert widget.editor("target").isVisible()
    widget.set_values({"targetMode": "parentNode"})  # programmatic: evaluated synchronously
    assert not widget.editor("target").isVisible()
    widget.reset()
    assert not widget.editor("target").isVisible()


def test_labels_editor_and_group_follow_the_link_mode(inspector, qtbot):
    widget = inspector("Acme.Test:LinkBox")
    section = widget.sections["target"]
    assert section.header.text == "Internal target"
    assert widget.tab_tooltip("links") == "Links (internal)"
    assert not widget.editor("target").isVisible()
    choose(widget.editor("linkMode"), "Any URL below main")  # an option label from ClientEval, parentNode included
    assert widget.editor("target").isVisible()
    assert section.header.text == "External target"
    assert widget.tab_tooltip("links") == "Links (custom)"
    assert section.findChild(QLabel, "label:target").text() == "URL"
    # the editor identifier itself is a ClientEval expression: the field became a text field
    assert widget.editor("target").ctx.identifier == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert widget.editor("target").ctx.label == "URL"


def test_typing_updates_data_source_options_of_another_editor(inspector, qtbot):
    widget = inspector("Acme.Test:LinkBox")
    topic = widget.editor("topic")
    assert topic.ctx.options["dataSourceAdditionalData"]["category"] == "news"
    category = widget.editor("category")
    category.line.setFocus()
    qtbot.keyClicks(category.line, "-x")
    widget.clienteval.flush()
    assert widget.editor("topic").ctx.option("dataSourceAdditionalData.category") == "news-x"
    assert widget.editor("topic") is not topic  # rebuilt with the new options
    assert widget.editor("topic").ctx.option("dataSourceAdditionalData.nested") == ["NEWS-X", "fixed", {"deeper": 6}]
    assert widget.editor("category") is category  # the field being typed in is never replaced
    assert widget.clienteval.value_at(OPTIONS + ("category",)) == "news-x"


def test_failing_expressions_are_listed_and_keep_their_string(qtbot, project):
    # without its default the category is null until typed, so its toUpperCase() fails (a stored null would
    # show the default, as the CMS hands it to the inspector)
    source = InspectorSource.from_model(project.node_types["Acme.Test:LinkBox"], project)
    config = copy.deepcopy(source.config)
    del config["properties"]["category"]["defaultValue"]
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(replace(source, config=config))
    widget.resize(380, 900)
    widget.show()
    note = widget.clienteval.note
    assert note.isVisible()
    assert "dataSourceAdditionalData.nested.0" in note.text() and "TypeError" in note.text()
    assert widget.editor("topic").ctx.option("dataSourceAdditionalData.nested")[0] == (
        "ClientEval:node.properties.category.toUpperCase()")
    widget.editor("category").line.setFocus()
    qtbot.keyClicks(widget.editor("category").line, "jobs")
    widget.clienteval.flush()
    assert not note.isVisible()


def test_groups_and_tabs_without_visible_items_are_hidden(inspector, qtbot, tmp_path):
    package = tmp_path / "Acme.Hide" / "NodeTypes"
    package.mkdir(parents=True)
    (package / "Box.yaml").write_text(
        "'Acme.Hide:Box':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  ui:\n    inspector:\n"
        "      tabs:\n        extra:\n          label: Extra\n          icon: icon-star\n"
        "      groups:\n        switches:\n          label: Switches\n"
        "        more:\n          label: More\n          tab: extra\n"
        "  properties:\n"
        "    showMore:\n      type: boolean\n      ui:\n        label: Show more\n        inspector:\n          group: switches\n"
        "    detail:\n      type: string\n      ui:\n        label: Detail\n        inspector:\n          group: more\n"
        "          hidden: 'ClientEval:!node.properties.showMore'\n",
        encoding="utf-8")
    other = load_project(tmp_path)
    widget = inspector("Acme.Hide:Box", target=other)
    extra = widget._tab_index["extra"]
    assert not widget.tabs.isTabVisible(extra)
    widget.editor("showMore").checkbox.click()
    assert widget.tabs.isTabVisible(extra)
    widget.select_tab("extra")
    assert widget.sections["more"].isVisible() and widget.editor("detail").isVisible()
    widget.editor("showMore").checkbox.click()
    widget.clienteval.flush()
    assert not widget.tabs.isTabVisible(extra)
    assert widget.tabs.currentIndex() != extra


def test_an_expression_that_never_ends_does_not_freeze_the_inspector(qtbot, tmp_path):
    from nodetype_studio.clienteval import ClientEvalEngine

    package = tmp_path / "Acme.Loop" / "NodeTypes"
    package.mkdir(parents=True)
    (package / "Box.yaml").write_text(
        "'Acme.Loop:Box':\n  superTypes:\n    'Neos.Neos:Content': true\n  properties:\n"
        "    spin:\n      type: string\n      ui:\n        label: Spin\n        inspector:\n          group: default\n"
        "          hidden: 'ClientEval:(() => { for (;;) {} })()'\n"
        "    plain:\n      type: string\n      ui:\n        label: Plain\n        inspector:\n          group: default\n",
        encoding="utf-8")
    other = load_project(tmp_path)
    with ClientEvalEngine(time_limit_ms=50) as engine:
        widget = InspectorWidget(clienteval_engine=engine)
        qtbot.addWidget(widget)
        widget.show_node_type(InspectorSource.from_model(other.node_types["Acme.Loop:Box"], other))
        widget.show()
        note = widget.clienteval.note
        assert "expression took longer than 50 ms and was stopped" in note.text()
        assert widget.editor("plain").isVisible()
        assert not widget.editor("spin").isVisible()  # the kept `ClientEval:` string is truthy, as in the CMS


def test_parent_node_can_be_replaced(inspector):
    widget = inspector("Acme.Test:LinkBox")
    labels = ("properties", "linkMode", "ui", "inspector", "editorOptions", "values", "custom", "label")
    assert widget.clienteval.value_at(labels) == "Any URL below main"
    assert widget.editor("linkMode").combo.findText("Any URL below main") >= 0
    widget.clienteval.set_parent(None)
    assert widget.clienteval.value_at(labels) == "Any URL"
    assert widget.editor("linkMode").combo.findText("Any URL") >= 0  # the select box was rebuilt


def test_the_ui_fixture_dynamic_field_follows_its_flag(qtbot):
    from tests.ui.conftest import FIXTURE_PROJECT

    other = load_project(FIXTURE_PROJECT)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(other.node_types["Acme.Preview:Everything"], other))
    widget.show()
    dynamic = widget.editor("dynamic")
    assert widget.editor("flag").checkbox.isChecked() and not dynamic.isVisible()
    widget.editor("flag").checkbox.click()
    assert dynamic.isVisible()


def test_fast_edits_are_evaluated_on_the_leading_edge_and_after_a_pause(inspector, qtbot):
    widget = inspector("Acme.Test:LinkBox")
    controller = widget.clienteval
    category = widget.editor("category")
    category.line.setFocus()
    before = controller.live.evaluations
    qtbot.keyClicks(category.line, "abc")  # three edits in a row
    # the first was evaluated at once (5 expressions read `category`); the others wait
    assert controller.live.evaluations - before == 5
    assert controller.value_at(OPTIONS + ("category",)) == "newsa"
    assert controller._timer.isActive() and controller._pending
    controller._timer.timeout.emit()  # the pause ends: one evaluation for both pending edits...
    qtbot.waitUntil(lambda: controller._worker is None, timeout=10_000)  # ...on a worker thread
    assert controller.live.evaluations - before == 10
    assert controller.value_at(OPTIONS + ("category",)) == "newsabc"
    assert not controller._pending


def test_uri_path_segment_follows_the_typed_title(inspector, qtbot):
    widget = inspector("Neos.Neos:Shortcut")
    title = widget.editor("title")
    title.line.setFocus()
    qtbot.keyClicks(title.line, "Über uns")
    widget.clienteval.flush()
    segment = widget.editor("uriPathSegment")
    assert segment.ctx.option("title") == "Über uns"  # ClientEval:node.properties.title, evaluated
    segment.sync()
    assert segment.line.text() == "uber-uns"  # no language dimension: English, no German spelling


def test_a_reference_follows_its_client_eval_hidden_and_label(inspector, qtbot, tmp_path):
    # 9.x references are inspector items like properties: their `ui.inspector.hidden` and label are
    # evaluated again after every change (facts §5.7 step 4, §6)
    from tests.ui.site_package import write_site_package

    root = write_site_package(tmp_path, (
        "'Acme.Site:Teaser':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  properties:\n"
        "    linked:\n      type: boolean\n      ui:\n        label: Linked\n        inspector:\n          group: default\n"
        "  references:\n"
        "    target:\n      ui:\n        label: 'ClientEval:node.properties.linked ? \"Linked page\" : \"Target\"'\n"
        "        inspector:\n          group: default\n"
        "          hidden: 'ClientEval:node.properties.linked === false'\n"))
    widget = inspector("Acme.Site:Teaser", target=load_project(root, use_cache=False))
    label = widget.sections["default"].findChild(QLabel, "label:target")
    assert label.isVisible() and label.text() == "Target"
    widget.editor("linked").checkbox.click()  # true
    widget.clienteval.flush()
    assert label.isVisible() and label.text() == "Linked page"
    widget.editor("linked").checkbox.click()  # false
    widget.clienteval.flush()
    assert not label.isVisible() and not widget.editor("target").isVisible()


def test_a_client_eval_collapsed_follows_the_values_over_the_users_toggle(qtbot, tmp_path):
    # The UI evaluates a group's `collapsed` again after every edit and shows the group folded when that
    # value differs from the user's own toggle of it (neos-ui Inspector/TabPanel: toggled !== collapsed)
    from PySide6.QtCore import QPoint, Qt

    from tests.ui.site_package import inspector_of, write_site_package

    root = write_site_package(tmp_path, (
        "'Acme.Site:Box':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  ui:\n    inspector:\n"
        "      tabs:\n        extra:\n          label: Extra\n"
        "      groups:\n"
        "        more:\n          label: More\n          collapsed: 'ClientEval:!node.properties.open'\n"
        "        later:\n          label: Later\n          tab: extra\n          collapsed: 'ClientEval:!node.properties.open'\n"
        "  properties:\n"
        "    open:\n      type: boolean\n      ui:\n        label: Open\n        inspector:\n          group: default\n"
        "    note:\n      type: string\n      ui:\n        label: Note\n        inspector:\n          group: default\n"
        "    detail:\n      type: string\n      ui:\n        label: Detail\n        inspector:\n          group: more\n"
        "    remark:\n      type: string\n      ui:\n        label: Remark\n        inspector:\n          group: later\n"))
    widget = inspector_of(qtbot, root, "Acme.Site:Box")
    widget.select_tab("default")
    more = widget.sections["more"]
    detail = widget.editor("detail")
    box = widget.editor("open").checkbox

    def click_open():
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))  # on the box itself
        widget.clienteval.flush()

    assert not detail.isVisible()  # `open` is false: folded
    click_open()
    assert detail.isVisible()  # evaluated `collapsed` is false now: unfolded
    qtbot.mouseClick(more.header, Qt.MouseButton.LeftButton)  # the user folds it
    assert not detail.isVisible()
    qtbot.keyClicks(widget.editor("note").line, "x")  # an edit that leaves `collapsed` as it is
    widget.clienteval.flush()
    assert not detail.isVisible()  # the user's toggle stays
    click_open()
    assert detail.isVisible()  # toggled (true) !== collapsed (true) is false: unfolded
    # a group on a tab not shown yet starts from the value evaluated last
    click_open()
    widget.select_tab("extra")
    assert widget.editor("remark").isVisible()


def test_an_inspector_view_follows_its_client_eval_label_and_view(qtbot, tmp_path):
    # View items are part of the view configuration the UI evaluates again after every edit (neos-facts §6;
    # neos-ui NodeTypesRegistry.getInspectorViewConfigurationFor: label, view, viewOptions of each view)
    from PySide6.QtCore import QPoint, Qt

    from tests.ui.site_package import inspector_of, write_site_package

    root = write_site_package(tmp_path, (
        "'Acme.Site:Box':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  ui:\n    inspector:\n"
        "      views:\n        stats:\n          group: default\n"
        "          label: 'ClientEval:node.properties.open ? \"Open stats\" : \"Stats\"'\n"
        "          view: 'ClientEval:\"Neos.Neos/Inspector/Views/Data/\" + (node.properties.open ? \"TableView\" : \"TimeSeriesView\")'\n"
        "  properties:\n"
        "    open:\n      type: boolean\n      ui:\n        label: Open\n        inspector:\n          group: default\n"))
    widget = inspector_of(qtbot, root, "Acme.Site:Box")
    widget.select_tab("default")
    note = widget.sections["default"].findChild(QLabel, "view:stats")
    assert note.text() == "Stats: inspector view Neos.Neos/Inspector/Views/Data/TimeSeriesView"
    box = widget.editor("open").checkbox
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))
    widget.clienteval.flush()
    assert note.text() == "Open stats: inspector view Neos.Neos/Inspector/Views/Data/TableView"


def test_an_editor_expression_without_a_result_shows_the_missing_definition(inspector, qtbot, tmp_path):
    # The server resolves the editor to the expression itself (an `editor` is set, so no type default),
    # and EditorEnvelope renders only "Missing editor definition" for a falsy evaluated editor (neos-ui
    # neos-ui-editors/src/EditorEnvelope/index.js `!this.props.editor`; facts §1.3, §6)
    package = tmp_path / "Acme.Pick" / "NodeTypes"
    package.mkdir(parents=True)
    (package / "Box.yaml").write_text(
        "'Acme.Pick:Box':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  properties:\n"
        "    rich:\n      type: boolean\n      ui:\n        label: Rich\n        inspector:\n          group: default\n"
        "    text:\n      type: string\n      ui:\n        label: Text\n        inspector:\n          group: default\n"
        "          editor: 'ClientEval:node.properties.rich ? \"Neos.Neos/Inspector/Editors/TextAreaEditor\" : null'\n",
        encoding="utf-8")
    other = load_project(tmp_path)
    widget = inspector("Acme.Pick:Box", target=other)
    missing = widget.editor("text")
    assert type(missing).__name__ == "PlaceholderEditor" and not missing.ctx.identifier
    assert "Missing editor definition" in missing.note.text()
    rich = widget.editor("rich").checkbox
    rich.setFocus()
    qtbot.keyClick(rich, Qt.Key.Key_Space)  # the first edit is evaluated at once
    assert widget.editor("text").ctx.identifier == "Neos.Neos/Inspector/Editors/TextAreaEditor"
    qtbot.keyClick(rich, Qt.Key.Key_Space)
    widget.clienteval.flush()
    assert type(widget.editor("text")).__name__ == "PlaceholderEditor"
    assert "Missing editor definition" in widget.editor("text").note.text()


GREETER = """\
'Acme.Site:Greeter':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    who:
      type: string
      ui:
        label: Who
        inspector:
          group: default
    greeting:
      type: string
      ui:
        label: 'ClientEval:"Hello " + node.properties.who'
        inspector:
          group: default
"""


def test_edits_in_a_row_are_debounced_by_250_ms_as_in_the_cms(qtbot, tmp_path):
    # neos-ui's Inspector re-evaluates with lodash `debounce(…, 250, {leading: true})`
    # (Containers/RightSideBar/Inspector/index.js): the first edit at once, edits following within
    # 250 ms of each other once after the pause, and the next edit after that at once again
    import time

    from tests.ui.site_package import inspector_of, write_site_package

    widget = inspector_of(qtbot, write_site_package(tmp_path, GREETER), "Acme.Site:Greeter")
    label = widget.sections["default"].findChild(QLabel, "label:greeting")
    assert label.text() == "Hello null"
    field = widget.editor("who").line
    field.setFocus()
    qtbot.keyClicks(field, "a")
    assert label.text() == "Hello a"  # leading edge
    typed = time.monotonic()
    qtbot.keyClicks(field, "b")
    assert label.text() == "Hello a"  # waits for a pause
    qtbot.wait(180)
    if time.monotonic() - typed < 0.23:  # (a Qt timer may fire up to 5 % early, never sooner)
        assert label.text() == "Hello a"  # 250 ms have not passed since the last edit
    widget.clienteval.flush()  # the pause's evaluation (QTimers may not fire late in a session: docs/clienteval.md)
    assert label.text() == "Hello ab"
    qtbot.keyClicks(field, "c")
    assert label.text() == "Hello abc"  # after the pause's evaluation the next edit is a leading edge again


PRIVATE = """\
'Acme.Site:Private':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    __secret:
      type: string
      defaultValue: hush
      ui:
        label: Secret
        inspector:
          group: default
    shown:
      type: string
      ui:
        label: 'ClientEval:"Secret: " + node.properties.__secret'
        inspector:
          group: default
"""


def test_a_fully_private_property_is_seen_only_once_edited(qtbot, tmp_path):
    # the CMS leaves `__` properties out of node.properties (neos-ui NodePropertyConverterService::
    # getPropertiesArray); an unapplied inspector value overlays the node whatever its name
    from tests.ui.site_package import inspector_of, write_site_package

    widget = inspector_of(qtbot, write_site_package(tmp_path, PRIVATE), "Acme.Site:Private")
    label = widget.sections["default"].findChild(QLabel, "label:shown")
    assert label.text() == "Secret: undefined"
    field = widget.editor("__secret").line
    assert field.text() == "hush"  # the editor still shows the default
    field.setFocus()
    qtbot.keyClicks(field, "!")
    assert label.text() == "Secret: hush!"


WHERE = """\
'Acme.Site:Where':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    where:
      type: string
      ui:
        label: 'ClientEval:[node.name, node.depth, node.parent === parentNode.contextPath, node.properties._hidden, node.properties._hiddenByAncestors].join("|")'
        inspector:
          group: default
    address:
      type: string
      ui:
        label: 'ClientEval:node.contextPath.charAt(0) === "{" ? "id " + (JSON.parse(node.contextPath).aggregateId === node.identifier) : node.contextPath'
        inspector:
          group: default
"""


@pytest.mark.parametrize("neos, where, address", [
    # 9.x NodeInfoHelper: JSON node address (NodeAddress::toJson), no name for a node created in the UI,
    # depth = ancestors up to the root node; `_hidden` etc. from the subtree tags (false)
    ("^9.0", "|3|true|false|false", "id true"),
    # 8.3: context path, node name, NodePaths::getPathDepth; `_hidden` the node's hidden field (false)
    ("^8.3", "node-preview|4|true|false|", "/sites/preview/main/node-preview@user-admin;language=en_US"),
])
def test_the_node_fields_follow_the_cms_version(qtbot, tmp_path, neos, where, address):
    from tests.ui.site_package import inspector_of, write_site_package

    widget = inspector_of(qtbot, write_site_package(tmp_path, WHERE, neos=neos), "Acme.Site:Where")
    section = widget.sections["default"]
    assert section.findChild(QLabel, "label:where").text() == where
    assert section.findChild(QLabel, "label:address").text() == address
