"""The creation dialog preview ("Create new …"): the elements of `ui.creationDialog.elements` after the
platform's post-processing, as neos-ui's NodeCreationDialog shows them (errors from the first change on,
"Create" refused while one shows, Enter creates, "Back" leaves)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton

from nodetype_studio.model import load_project
from nodetype_studio.preview.creationdialog import creation_elements, creation_source, has_creation_dialog
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

TYPES = """\
'Acme.Site:Row':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Row'
    creationDialog:
      elements:
        count:
          type: string
          defaultValue: '2'
          ui:
            label: 'Columns'
            editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
          validation:
            'Neos.Neos/Validation/IntegerValidator': []
        note: 'not a map: no element'
  properties:
    headline:
      type: string
      ui:
        label: 'Headline'
        showInCreationDialog: true
      validation:
        'Neos.Neos/Validation/NotEmptyValidator': []
'Acme.Site:RowBase':
  abstract: true
  superTypes:
    'Neos.Neos:Content': true
  ui:
    creationDialog:
      elements:
        count:
          type: string
'Acme.Site:Plain':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Plain'
"""


def _project(tmp_path: Path):
    return load_project(write_site_package(tmp_path, TYPES), use_cache=False)


def test_the_dialog_source_keeps_the_elements_in_order_and_focuses_the_first(tmp_path):
    project = _project(tmp_path)
    row = project.node_type("Acme.Site:Row")
    elements = creation_elements(row.preview)
    assert set(elements) == {"count", "headline"}  # the promoted property joins; a non-map is no element
    source = creation_source(InspectorSource.from_model(row, project))
    assert list(source.config["properties"]) == list(elements)
    first = source.config["properties"][next(iter(elements))]
    assert first["ui"]["inspector"]["editorOptions"]["autoFocus"] is True
    assert has_creation_dialog(row.preview)
    base = project.node_type("Acme.Site:RowBase")
    assert creation_elements(base.preview) and not has_creation_dialog(base.preview, base.abstract)  # never created
    assert not InspectorSource.from_model(row, project).abstract and InspectorSource.from_model(base, project).abstract
    assert not has_creation_dialog(project.node_type("Acme.Site:Plain").preview)


def _inspector(qtbot, tmp_path, name="Acme.Site:Row") -> InspectorWidget:
    project = _project(tmp_path)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(420, 600)
    widget.show()
    widget.show_node_type(InspectorSource.from_model(project.node_type(name), project))
    return widget


def _open(qtbot, widget):
    button = widget.findChild(QPushButton, "createNew")
    assert button is not None and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = widget.creation_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def _field(dialog, name) -> QLineEdit:
    return dialog.inspector.editors[name].findChild(QLineEdit)


def test_only_a_type_with_a_dialog_offers_it(qtbot, tmp_path):
    for name in ("Acme.Site:Plain", "Acme.Site:RowBase"):  # no elements; abstract
        widget = _inspector(qtbot, tmp_path / name.replace(":", "_"), name)
        button = widget.findChild(QPushButton, "createNew")
        assert button is None or not button.isVisible()
        assert widget.open_creation_dialog() is None


def test_errors_show_from_the_first_change_and_create_waits_for_valid_values(qtbot, tmp_path):
    widget = _inspector(qtbot, tmp_path)
    dialog = _open(qtbot, widget)
    assert dialog.heading.text() == "Create new Row"
    assert _field(dialog, "count").text() == "2"  # the element's defaultValue
    headline = dialog.inspector.editors["headline"]
    assert headline.error_text() == ""  # required and empty, but nothing is shown before a change
    assert dialog.create_button.isEnabled()

    count = _field(dialog, "count")
    count.selectAll()
    qtbot.keyClicks(count, "x")
    qtbot.waitUntil(lambda: dialog.inspector.editors["count"].error_text() != "")
    assert dialog.inspector.editors["count"].error_text() == "A whole number is expected."
    assert headline.error_text() != ""  # every element's error shows now
    assert not dialog.create_button.isEnabled()

    count.selectAll()
    qtbot.keyClicks(count, "3")
    qtbot.keyClicks(_field(dialog, "headline"), "Hello")
    qtbot.waitUntil(dialog.create_button.isEnabled)
    with qtbot.waitSignal(dialog.created) as created:
        qtbot.keyClick(_field(dialog, "headline"), Qt.Key.Key_Return)  # Enter means "Create"
    assert created.args[0]["headline"] == "Hello" and created.args[0]["count"] == "3"
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert widget.node.get("headline") == "Hello"  # the node is created with the dialog's values
    assert "count" not in widget.node.values  # an element that is no property is not stored


def test_create_with_an_error_shows_it_and_stays(qtbot, tmp_path):
    widget = _inspector(qtbot, tmp_path)
    dialog = _open(qtbot, widget)
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    assert dialog.inspector.editors["headline"].error_text() != ""
    assert not dialog.create_button.isEnabled()


def test_back_leaves_without_creating(qtbot, tmp_path):
    widget = _inspector(qtbot, tmp_path)
    dialog = _open(qtbot, widget)
    qtbot.keyClicks(_field(dialog, "headline"), "Hello")
    qtbot.mouseClick(dialog.back_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert widget.node.get("headline") in (None, "")


ODD = """\
'Acme.Site:Odd':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: ['not', 'text']
    creationDialog:
      elements:
        a:
          type: [1, 2]
          ui: 'not a map'
        b:
          ui:
            label: 5
            editor: ['x']
            editorOptions: ['not', 'a', 'map']
            help: 'not a map'
          validation: 'not a map'
          defaultValue: {deep: [1]}
        c:
          ui:
            editor: 'Neos.Neos/Inspector/Editors/DateTimeEditor'
          type: DateTime
          defaultValue: 'not a date'
"""


def test_odd_elements_open_a_dialog_that_says_what_it_can(qtbot, tmp_path):
    root = tmp_path / "Acme.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(ODD)
    widget = inspector_of(qtbot, root, "Acme.Site:Odd")
    dialog = _open(qtbot, widget)
    assert set(dialog.inspector.editors) == {"a", "b", "c"}
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)  # validation of odd values: no exception
    assert dialog.heading.text().startswith("Create new")


HIDDEN = """\
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Teaser'
    creationDialog:
      elements:
        mode:
          type: string
          ui:
            label: 'Mode'
            editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
        link:
          type: string
          ui:
            label: 'Link'
            editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
            hidden: 'ClientEval:node.properties.mode !== "custom"'
        secret:
          type: string
          defaultValue: 'kept'
          ui:
            label: 'Secret'
            hidden: true
"""


def test_elements_hidden_by_ui_hidden_are_not_shown(qtbot, tmp_path):
    # NodeCreationDialog renders no element whose (evaluated) `ui.hidden` is truthy (facts §5.9, §6)
    widget = inspector_of(qtbot, write_site_package(tmp_path, HIDDEN), "Acme.Site:Teaser")
    dialog = _open(qtbot, widget)
    editors = dialog.inspector.editors
    assert editors["mode"].isVisible()
    assert "secret" not in editors or not editors["secret"].isVisible()
    assert not editors["link"].isVisible()
    qtbot.keyClicks(_field(dialog, "mode"), "custom")
    dialog.inspector.clienteval.flush()
    qtbot.waitUntil(editors["link"].isVisible)
    assert dialog.values().get("secret") == "kept"  # a hidden element still gives its value


TRANSIENT = """\
'Acme.Site:Landing':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Landing'
    creationDialog:
      elements:
        kind:
          type: string
          defaultValue: 'news'
          ui:
            label: 'ClientEval:(node.identifier || node.contextPath || node.label ? "node exists" : "new node") + " " + node.nodeType + " " + node.properties._nodeType + " " + node.properties.kind'
        place:
          type: string
          ui:
            label: 'ClientEval:node.parent === parentNode.contextPath && parentNode.nodeType === "Neos.Neos:Document" ? "below a page" : "elsewhere"'
"""


def test_expressions_in_the_dialog_see_the_transient_node(qtbot, tmp_path):
    # The dialog's `node` is only {nodeType, parent, properties: {_nodeType, ...the dialog's values}} (no
    # identifier, contextPath, label...); `parentNode` is the node created into: a page for a document (facts §6)
    widget = inspector_of(qtbot, write_site_package(tmp_path, TRANSIENT), "Acme.Site:Landing")
    dialog = _open(qtbot, widget)
    section = next(iter(dialog.inspector.sections.values()))
    kind = section.findChild(QLabel, "label:kind")
    assert kind.text() == "new node Acme.Site:Landing Acme.Site:Landing news"
    assert section.findChild(QLabel, "label:place").text() == "below a page"
    field = _field(dialog, "kind")
    field.selectAll()
    qtbot.keyClicks(field, "event")
    dialog.inspector.clienteval.flush()
    qtbot.waitUntil(lambda: kind.text().endswith(" event"))


EVENT = """\
'Acme.Site:Event':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Event'
    inspector:
      groups:
        general:
          label: 'General'
  properties:
    starts:
      type: DateTime
      defaultValue: 'now'
      ui:
        label: 'Starts'
        showInCreationDialog: true
        inspector:
          group: general
          editorOptions:
            format: 'd.m.Y H:i'
    fixed:
      type: DateTime
      defaultValue: '2024-05-06T10:30:00+00:00'
      ui:
        label: 'Fixed'
        showInCreationDialog: true
        inspector:
          group: general
"""


def test_a_relative_date_default_shows_as_an_invalid_date_in_the_dialog(qtbot, tmp_path):
    # NodeCreationDialog hands an element's defaultValue to its editor as written: moment cannot read
    # `now`, so the CMS shows "Invalid date" there (facts 5.9, 8; neos-ui issue #3391); the node created
    # gets the date the server resolves
    widget = inspector_of(qtbot, write_site_package(tmp_path, EVENT), "Acme.Site:Event")
    assert editor_on_its_tab(qtbot, widget, "starts").display_text() not in ("", "Invalid date")  # the inspector of a node shows the resolved default
    dialog = _open(qtbot, widget)
    starts = dialog.inspector.editors["starts"]
    assert starts.display_text() == "Invalid date" and "now" in starts.display.toolTip()
    assert dialog.inspector.editors["fixed"].display_text() == "06-05-2024"
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert editor_on_its_tab(qtbot, widget, "starts").display_text() not in ("", "Invalid date")


REFERENCES = """\
'Acme.Site:Author':
  superTypes:
    'Neos.Neos:Document': true
'Acme.Site:Article':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Article'
  properties:
    legacyRelated:
      type: references
      ui:
        label: 'Related (legacy property)'
        showInCreationDialog: true
  references:
    author:
      constraints:
        maxItems: 1
        nodeTypes:
          'Acme.Site:Author': true
      ui:
        label: 'Author'
        showInCreationDialog: true
        inspector:
          position: 5
    tags:
      ui:
        label: 'Tags'
        showInCreationDialog: true
    notAsked:
      ui:
        label: 'Not asked'
"""


def test_9x_promotes_flagged_references_into_the_creation_dialog(qtbot, tmp_path):
    # The 9.x UI's CreationDialogNodeTypePostprocessor promotes `references` flagged showInCreationDialog,
    # as `reference` elements when they allow one node, else `references` (platform facts §4.2); legacy
    # reference properties are references by then. PromotedElementsCreationHandlerFactory sets them.
    root = write_site_package(tmp_path, REFERENCES)
    project = load_project(root, use_cache=False)
    elements = project.node_type("Acme.Site:Article").effective["ui"]["creationDialog"]["elements"]
    assert elements["author"]["type"] == "reference"
    assert elements["author"]["ui"]["editor"] == "Neos.Neos/Inspector/Editors/ReferenceEditor"
    assert elements["author"]["position"] == 5
    assert elements["tags"]["type"] == "references"
    assert elements["tags"]["ui"]["editor"] == "Neos.Neos/Inspector/Editors/ReferencesEditor"
    assert elements["legacyRelated"]["type"] == "references"
    assert "notAsked" not in elements
    widget = inspector_of(qtbot, root, "Acme.Site:Article")
    dialog = _open(qtbot, widget)
    editors = dialog.inspector.editors
    assert {"author", "tags", "legacyRelated"} <= set(editors)
    assert all(editors[name].isVisible() for name in ("author", "tags", "legacyRelated"))
    labels = {label.text() for label in dialog.findChildren(QLabel) if label.isVisible()}
    assert {"Author", "Tags", "Related (legacy property)"} <= labels
    assert not any(d.code == "neos9-reference-creation-dialog" for d in project.diagnostics)


def test_83_promotes_no_references_section(tmp_path):
    project = load_project(write_site_package(tmp_path, REFERENCES, neos="^8.3"), use_cache=False)
    elements = project.node_type("Acme.Site:Article").effective["ui"]["creationDialog"]["elements"]
    assert "author" not in elements and "tags" not in elements  # (8.3 ignores `references:`)
    assert elements["legacyRelated"]["type"] == "references"  # a property of type references in 8.3


WHOLE_MAPS = """\
'Acme.Site:Switch':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Switch'
    creationDialog:
      elements:
        kind:
          type: string
          defaultValue: 'a'
          ui:
            label: 'Kind'
            editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
            editorOptions: 'ClientEval:({values: {a: {label: "Alpha"}, b: {label: "Beta of " + node.nodeType}}})'
            help: 'ClientEval:({message: "Kind is " + node.properties.kind})'
        note:
          type: string
          ui:
            label: 'Note'
            editorOptions: 'ClientEval:({placeholder: "about " + node.properties.kind})'
"""


def test_whole_editor_options_and_help_may_be_expressions(qtbot, tmp_path):
    # The dialog evaluates each element as a whole, then spreads `ui.editorOptions` (plus autoFocus) into the
    # editor and reads `ui.help.message`: a ClientEval string in place of either map gives its result
    # (neos-ui NodeCreationDialog/index.js renderAllElements/renderElement; facts §6)
    widget = inspector_of(qtbot, write_site_package(tmp_path, WHOLE_MAPS), "Acme.Site:Switch")
    dialog = _open(qtbot, widget)
    kind = dialog.inspector.editors["kind"]
    shown = [kind.combo.itemText(i) for i in range(kind.combo.count())]
    assert "Alpha" in shown and "Beta of Acme.Site:Switch" in shown
    assert kind.ctx.option("autoFocus") is True  # the first element still gets the focus flag
    note = _field(dialog, "note")
    assert note.placeholderText() == "about a"
    help_row = dialog.inspector._help_rows["kind"]
    qtbot.mouseClick(help_row.button, Qt.MouseButton.LeftButton)
    panel = dialog.inspector.findChild(QLabel, "help:kind")
    assert panel is not None and panel.isVisible() and "Kind is a" in panel.text()
    kind.combo.setFocus()
    qtbot.keyClick(kind.combo, Qt.Key.Key_Down)
    dialog.inspector.clienteval.flush()
    qtbot.waitUntil(lambda: dialog.values().get("kind") == "b")
    qtbot.waitUntil(lambda: _field(dialog, "note").placeholderText() == "about b")
    assert not dialog.inspector.clienteval.note.isVisible()  # nothing failed


def test_every_edit_in_the_dialog_is_evaluated_at_once(qtbot, tmp_path):
    # NodeCreationDialog evaluates its configuration in every render (renderAllElements), without the
    # inspector's debounce: each keystroke shows its result at once
    widget = inspector_of(qtbot, write_site_package(tmp_path, TRANSIENT), "Acme.Site:Landing")
    dialog = _open(qtbot, widget)
    section = next(iter(dialog.inspector.sections.values()))
    kind = section.findChild(QLabel, "label:kind")
    field = _field(dialog, "kind")
    field.selectAll()
    qtbot.keyClicks(field, "ev")
    assert kind.text().endswith(" ev")
    qtbot.keyClicks(field, "ent")
    assert kind.text().endswith(" event")
