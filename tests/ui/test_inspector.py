"""The inspector widget on the fixture project: layout, help, i18n, defaults, reset, live validation."""

from datetime import datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.editors.placeholder import PlaceholderEditor
from nodetype_studio.ui.inspector import InspectorWidget


@pytest.fixture(scope="module")
def project():
    from tests.ui.conftest import FIXTURE_PROJECT

    return load_project(FIXTURE_PROJECT)


@pytest.fixture
def inspector(qtbot, project):
    def show(name, values=None):
        widget = InspectorWidget()
        qtbot.addWidget(widget)
        widget.show_node_type(InspectorSource.from_model(project.node_type(name), project), values)
        widget.resize(380, 900)
        widget.show()
        return widget

    return show


def label_texts(widget):
    return [label.text() for label in widget.findChildren(QLabel) if label.objectName().startswith("label:")]


def test_tabs_show_icons_with_labels_as_tooltips(inspector):
    widget = inspector("Acme.Preview:Everything")
    assert widget.tab_ids() == ["default", "meta", "extras"]
    for index in range(widget.tabs.count()):
        assert widget.tabs.tabText(index) == ""
        assert not widget.tabs.tabIcon(index).isNull()
    assert widget.tab_tooltip("extras") == "Extras"
    assert widget.title.text() == "Everything"


def test_groups_show_label_and_fold(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    main = widget.sections["main"]
    assert main.header.text == "Main" and not main.header.icon.isNull()
    assert not main.collapsed
    qtbot.mouseClick(main.header, Qt.LeftButton)
    assert main.collapsed and not main.header.expanded
    folded = []
    main.header.toggled.connect(folded.append)
    main.toggle()
    assert not main.collapsed and main.body.isVisible() and folded == [True]
    assert main.header.font().bold()
    widget.select_tab("extras")
    more = widget.sections["more"]
    assert more.collapsed  # `collapsed: true`
    more.toggle()
    assert not more.collapsed
    assert "emptyGroup" not in widget.sections and "lost" not in widget.sections


def test_properties_in_order_and_hidden_ones_left_out(inspector):
    widget = inspector("Acme.Preview:Everything")
    labels = label_texts(widget)
    assert labels[:4] == ["First", "Title", "Subtitle", "Count"]
    assert "Secret" not in labels and "Ungrouped" not in labels
    assert widget.editor("secret") is None
    assert widget.editor("dynamic") is not None  # a ClientEval `hidden` item is built; its value shows or hides it


def test_editors_with_their_own_label_get_no_extra_label(inspector):
    widget = inspector("Acme.Preview:Everything")
    assert "Flag" not in label_texts(widget)
    assert widget.editor("flag").checkbox.text() == "Flag"


def test_defaults_fill_the_editors(inspector):
    widget = inspector("Acme.Preview:Everything")
    assert widget.editor("title").line.text() == "Hi"
    assert widget.editor("count").line.text() == "3"
    assert widget.editor("flag").checkbox.isChecked()
    assert widget.editor("layout").combo.currentText() == "Banana"
    tomorrow = (datetime.now() + timedelta(days=1)).strftime("%d.%m.%Y")
    assert widget.editor("starts").display_text() == f"{tomorrow} 09:00"
    assert widget.values()["count"] == 3 and widget.values()["tags"] is None


def test_unknown_editors_are_placeholders(inspector):
    widget = inspector("Acme.Preview:Everything")
    assert isinstance(widget.editor("colour"), PlaceholderEditor)
    assert "Acme.Colour/Picker" in widget.editor("colour").note.text()
    assert type(widget.editor("target")).__name__ == "LinkEditor"


def test_help_icon_shows_markdown(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    button = widget._help_rows["title"].button
    qtbot.mouseClick(button, Qt.LeftButton)
    panel = widget.findChild(QLabel, "help:title")
    assert panel is not None and panel.isVisible()
    assert "<strong>main</strong>" in panel.text()
    assert '<a href="https://example.org">docs</a>' in panel.text()
    qtbot.mouseClick(button, Qt.LeftButton)
    assert not panel.isVisible()
    assert "count" not in widget._help_rows


def test_i18n_labels_and_placeholders_from_xliff(inspector):
    widget = inspector("Acme.Preview:Translated")
    assert widget.title.text() == "Translated thing"
    assert widget.sections["words"].header.text == "Words"
    labels = label_texts(widget)
    assert "Headline" in labels
    assert "Acme.Preview:NodeTypes.Translated:properties.untranslated" in labels
    assert "Kind of thing" in labels
    # `headline` names no editor: the CMS replaces no `i18n` in its editor options (only where the editor
    # is written, facts §5.13), so its field shows "i18n" although the file has the generated id's text
    assert widget.editor("headline").line.placeholderText() == "i18n"
    kind = widget.editor("kind")
    assert kind.combo.placeholderText() == "Pick a kind"
    assert kind.display_rows() == [("option", "Number one"), ("option", "Two: literal")]
    panel = widget.toggle_help("headline")
    assert "<em>short</em>" in panel.text()


def test_typing_an_invalid_value_shows_the_error_at_once_and_badges_the_tab(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    title = widget.editor("title")
    assert title.error_text() == "" and widget.tab_error_count("default") == 0
    title.line.clear()
    qtbot.keyClicks(title.line, "a")
    # no event processing in between: the error is there in the same event-loop turn
    assert "between 2 and 6" in title.error_text()
    assert widget.tab_error_count("default") == 1
    assert "1 error" in widget.tab_tooltip("default")
    qtbot.keyClicks(title.line, "b")
    assert title.error_text() == ""
    assert widget.tab_error_count("default") == 0
    assert widget.tab_tooltip("default") == "General"


def test_errors_of_several_fields_add_up_and_clear(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    title, count = widget.editor("title"), widget.editor("count")
    title.line.selectAll()
    qtbot.keyClick(title.line, Qt.Key_Backspace)
    assert title.error_text() == "This field is required."
    count.line.clear()
    qtbot.keyClicks(count.line, "30")
    assert widget.values()["count"] == 30
    assert "from 1 to 10" in count.error_text()
    assert widget.tab_error_count("default") == 2
    count.line.selectAll()
    qtbot.keyClicks(count.line, "7")
    assert widget.tab_error_count("default") == 1
    qtbot.keyClicks(title.line, "ok")
    assert widget.tab_error_count("default") == 0


def test_properties_not_shown_are_validated_but_not_counted(inspector):
    widget = inspector("Acme.Preview:Everything")
    assert widget.errors["unlisted"] == ["This field is required."]
    assert sum(widget.tab_error_count(t) for t in widget.tab_ids()) == 0


def test_reset_restores_defaults_and_clears_errors(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    title = widget.editor("title")
    title.line.clear()
    qtbot.keyClicks(title.line, "x")
    widget.editor("flag").checkbox.click()
    assert widget.values()["flag"] is False and widget.tab_error_count("default") == 1
    qtbot.mouseClick(widget.reset_button, Qt.LeftButton)
    assert widget.values()["title"] == "Hi" and widget.values()["flag"] is True
    assert title.line.text() == "Hi" and widget.editor("flag").checkbox.isChecked()
    assert title.error_text() == "" and widget.tab_error_count("default") == 0


def test_value_changed_signal_carries_typed_values(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    with qtbot.waitSignal(widget.valueChanged) as blocker:
        qtbot.keyClicks(widget.editor("count").line, "1")
    assert blocker.args == ["count", 31]


def test_values_overlay_defaults_and_are_validated(inspector):
    widget = inspector("Acme.Preview:Everything", {"title": "toolong", "count": "4"})
    assert widget.editor("title").line.text() == "toolong"
    assert widget.values()["count"] == 4
    assert widget.tab_error_count("default") == 1
    widget.set_values({"title": "fine"})
    assert widget.tab_error_count("default") == 0


def test_a_stored_null_shows_the_default_as_the_cms_does(inspector, qtbot):
    # neos-ui NodePropertyConverterService::getProperty: a null value is handed over as the default (facts 5.10)
    widget = inspector("Acme.Preview:Everything", {"title": None, "count": None, "flag": None})
    assert widget.editor("title").line.text() == "Hi"
    assert widget.editor("count").line.text() == "3" and widget.values()["count"] == 3
    assert widget.editor("flag").checkbox.isChecked()
    title = widget.editor("title").line
    title.clear()
    qtbot.keyClicks(title, "Other")
    widget.set_values({"title": None})
    assert title.text() == "Hi" and widget.values()["title"] == "Hi"


def test_a_datetime_editor_option_default_fills_the_editor_as_the_spec_says(qtbot, tmp_path):
    # the spec documents `defaultValue` as a DateTimeEditor option (value of a new node); the CMS ignores
    # it (check reports compat-editor-default-value) and the preview follows the spec
    from tests.ui.site_package import inspector_of, write_site_package

    types = (
        "'Acme.Site:Event':\n  superTypes:\n    'Neos.Neos:Content': true\n"
        "  ui:\n    inspector:\n      groups:\n        event:\n          label: Event\n"
        "  properties:\n    starts:\n      type: DateTime\n      ui:\n        label: Starts\n"
        "        inspector:\n          group: event\n          editorOptions:\n"
        "            format: 'd.m.Y H:i'\n            defaultValue: 'tomorrow 19:00'\n"
    )
    widget = inspector_of(qtbot, write_site_package(tmp_path, types), "Acme.Site:Event")
    tomorrow = (datetime.now() + timedelta(days=1)).strftime("%d.%m.%Y")
    assert widget.editor("starts").display_text() == f"{tomorrow} 19:00"


def test_other_tabs_are_built_when_first_shown(inspector, qtbot):
    widget = inspector("Acme.Preview:Everything")
    assert "layout" not in widget.editors
    widget.tabs.setCurrentIndex(widget.tab_ids().index("extras"))
    assert "layout" in widget.editors and "size" in widget.editors


def test_disabled_option_disables_every_editor(inspector):
    widget = inspector("Acme.Preview:Disabled")
    assert set(widget.editors) == {"text", "yes", "when", "pick", "slide", "code", "area", "other"}
    for name, editor in widget.editors.items():
        assert editor.is_disabled(), name


def test_switching_node_types_replaces_everything(inspector, project):
    widget = inspector("Acme.Preview:Everything")
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Preview:Translated"), project))
    assert "title" not in widget.editors and "headline" in widget.editors
    assert widget.tab_ids() == ["default", "meta"]


def test_a_node_type_without_inspector_says_so(qtbot):
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:Bare", {"properties": {"x": {"type": "string"}}}))
    widget.show()
    assert widget.empty_note.isVisible() and not widget.tabs.isVisible()
    assert widget.values() == {"x": None}


def test_unknown_validators_are_notes_not_errors(qtbot):
    config = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}}},
        "properties": {"x": {"type": "string", "validation": {"Acme/Validation/Nope": []},
                             "ui": {"inspector": {"group": "g"}}}},
    }
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:Odd", config))
    editor = widget.editor("x")
    assert editor.error_text() == "" and "Acme/Validation/Nope" in editor.note_text()
    assert widget.tab_error_count("default") == 0


def test_a_bad_datetime_default_is_shown_as_a_note(qtbot):
    config = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}}},
        "properties": {"d": {"type": "DateTime", "defaultValue": "someday", "ui": {"inspector": {"group": "g"}}}},
    }
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:Odd", config))
    assert "someday" in widget.editor("d").note_text()


@pytest.mark.parametrize("cms_version", ["8.3", "9"])
def test_a_blank_datetime_default_is_now_in_8_3_and_a_problem_in_9(qtbot, cms_version):
    # 8.3: NodeType::getDefaultValuesForProperties() creates the node with `new \DateTime('')`, this moment;
    # 9.x: SerializedPropertyValues::defaultFromNodeType() denormalizes it, and the DateTime normalizer refuses ''
    config = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}}},
        "properties": {"d": {"type": "DateTime", "defaultValue": "", "ui": {
            "inspector": {"group": "g", "editorOptions": {"format": "d-m-Y"}}}}},
    }
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    before = datetime.now().strftime("%d-%m-%Y")
    widget.show_node_type(InspectorSource("V.P:Dated", config, cms_version=cms_version))
    after = datetime.now().strftime("%d-%m-%Y")
    editor = widget.editor("d")
    if cms_version == "8.3":
        assert editor.display_text() in (before, after) and editor.note_text() == ""
    else:
        assert editor.display_text() == "" and "Neos 9 cannot create a node" in editor.note_text()


def test_groups_on_a_missing_tab_are_explained(qtbot):
    config = {"ui": {"inspector": {"groups": {"g": {"label": "G"}}}},
              "properties": {"x": {"type": "string", "ui": {"inspector": {"group": "g"}}}}}
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:Mixin", config))
    assert "Groups g belong to the tab \u201cdefault\u201d" in widget.empty_note.text()


LONG_IDS = """\
'Acme.Long:Content.QuiteALongNodeTypeName':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: i18n
  properties:
    aRatherLongPropertyName:
      type: string
      ui:
        label: i18n
        inspector:
          group: default
    short:
      type: string
      ui:
        label: 'Short label'
        inspector:
          group: default
"""


def test_long_translation_ids_are_elided_in_the_middle_with_the_full_text_as_tooltip(qtbot, tmp_path):
    from nodetype_studio.ui.sections import ElidedLabel

    package = tmp_path / "Acme.Long"
    (package / "Configuration").mkdir(parents=True)
    (package / "Configuration" / "NodeTypes.yaml").write_text(LONG_IDS)
    project = load_project(package)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Long:Content.QuiteALongNodeTypeName"), project))
    widget.resize(300, 600)
    widget.show()
    qtbot.waitExposed(widget)
    prefix = "Acme.Long:NodeTypes.Content.QuiteALongNodeTypeName:"
    label = widget.findChild(QLabel, "label:aRatherLongPropertyName")
    assert isinstance(label, ElidedLabel) and label.text() == prefix + "properties.aRatherLongPropertyName"
    shown = label.shown_text()
    assert "\u2026" in shown and shown.startswith("Acme.") and shown.endswith("LongPropertyName")
    assert label.toolTip() == label.text()
    assert label.width() <= widget.width()
    title = widget.findChild(QLabel, "nodeTypeTitle")
    assert title.text() == prefix + "ui.label" and "\u2026" in title.shown_text()
    assert title.shown_text().endswith("ui.label")
    # a short label is painted whole
    short = widget.findChild(QLabel, "label:short")
    assert short.text() == "Short label" and not isinstance(short, ElidedLabel)
    # wider: the whole id fits and is painted unshortened
    widget.resize(900, 600)
    qtbot.waitUntil(lambda: label.shown_text() == label.text())
