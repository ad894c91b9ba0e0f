"""The inspector preview of node types with oddly shaped configuration: what can be shown is shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget


def open_inspector(qtbot, tmp_path, text: str, name: str) -> InspectorWidget:
    folder = tmp_path / "Acme.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text(text, encoding="utf-8")
    project = load_project(tmp_path / "Acme.Site", use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type(name), project))
    return widget


def labels(widget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.objectName().startswith("label:")]


def test_scalar_inspector_blocks_are_left_out_and_the_rest_is_shown(qtbot, tmp_path):
    widget = open_inspector(qtbot, tmp_path, """'Acme.Site:Odd':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    title:
      type: string
      ui:
        label: Title
        inspector: 'default'
    fine:
      type: string
      ui:
        label: Fine
        inspector:
          group: default
  references:
    related:
      ui:
        label: Related
        inspector: 5
""", "Acme.Site:Odd")
    assert widget.tab_ids() == ["default", "meta"]
    assert labels(widget) == ["Fine"]


def test_a_range_of_more_steps_than_a_slider_holds(qtbot, tmp_path):
    # QSlider.setRange overflowed (more than 2**31 - 1 steps) and the inspector was not built
    widget = open_inspector(qtbot, tmp_path, """'Acme.Site:Price':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    cents:
      type: integer
      defaultValue: 5000000000
      ui:
        label: Cents
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/RangeEditor'
          editorOptions: {min: 0, max: 10000000000, step: 1}
""", "Acme.Site:Price")
    editor = widget.editor("cents")
    assert labels(widget) == ["Cents"] and editor.value_text() == "5000000000"
    assert editor.slider.maximum() == 2**31 - 1 and editor.slider.value() == 2**30
    qtbot.keyClick(editor.slider, Qt.Key.Key_End)  # the user takes the slider to its end
    assert editor.slider.value() == 2**31 - 1 and editor.value() == 10000000000
    qtbot.keyClick(editor.slider, Qt.Key.Key_Home)
    assert editor.value() == 0


def test_a_maxlength_past_the_integer_range(qtbot, tmp_path):
    # setMaxLength overflowed (and int(.inf) raised): the text editors were replaced by placeholders
    widget = open_inspector(qtbot, tmp_path, """'Acme.Site:Long':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    huge:
      type: string
      ui:
        label: Huge
        inspector:
          group: default
          editorOptions: {maxlength: 1.2e21}
    digits:
      type: string
      ui:
        label: Digits
        inspector:
          group: default
          editorOptions: {maxlength: 1180591620717411303424}
    infinite:
      type: string
      ui:
        label: Infinite
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/TextAreaEditor'
          editorOptions: {maxlength: .inf}
""", "Acme.Site:Long")
    assert labels(widget) == ["Huge", "Digits", "Infinite"]
    assert type(widget.editor("huge")).__name__ == "TextFieldEditor"
    # the browser reads the attribute "1.2e+21" (JavaScript's text of the number): 1
    assert widget.editor("huge").line.maxLength() == 1
    qtbot.keyClicks(widget.editor("huge").line, "typed")
    assert widget.editor("huge").line.text() == "t"
    # an integer past 64 bits stays text in Symfony YAML; the browser's attribute overflows: no limit
    assert widget.editor("digits").line.maxLength() == 2**31 - 1
    qtbot.keyClicks(widget.editor("digits").line, "typed")
    assert widget.editor("digits").line.text() == "typed"
    assert type(widget.editor("infinite")).__name__ == "TextAreaEditor"


def test_editors_the_cms_cannot_resolve_get_the_placeholder_not_the_types_default(qtbot, tmp_path):
    # No `type` (the editor post-processor skips the property), an empty `editor` and an `editor` written as
    # a map or a list: the Neos UI shows no working editor for any of them ("Missing editor definition", or
    # an editor it cannot look up), so the preview must not show the type's default text field.
    from nodetype_studio.ui.editors.placeholder import PlaceholderEditor
    from nodetype_studio.ui.editors.textfield import TextFieldEditor

    widget = open_inspector(qtbot, tmp_path, """'Acme.Site:Unresolved':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    untyped:
      ui:
        label: Untyped
        inspector:
          group: default
    empty:
      type: string
      ui:
        label: Empty
        inspector:
          group: default
          editor: ''
    mapped:
      type: string
      ui:
        label: Mapped
        inspector:
          group: default
          editor:
            name: 'Neos.Neos/Inspector/Editors/TextAreaEditor'
    listed:
      type: string
      ui:
        label: Listed
        inspector:
          group: default
          editor: ['Neos.Neos/Inspector/Editors/TextAreaEditor']
    plain:
      type: string
      ui:
        label: Plain
        inspector:
          group: default
""", "Acme.Site:Unresolved")
    widget.show()
    assert isinstance(widget.editor("plain"), TextFieldEditor)
    notes = {}
    for name in ("untyped", "empty", "mapped", "listed"):
        editor = widget.editor(name)
        assert isinstance(editor, PlaceholderEditor), name
        note = editor.findChild(QLabel, "placeholderNote")
        assert note.isVisible()
        notes[name] = note.text()
    assert "no `type`" in notes["untyped"] and "Missing editor definition" in notes["untyped"]
    assert "empty" in notes["empty"] and "Missing editor definition" in notes["empty"]
    assert "a map" in notes["mapped"] and "a list" in notes["listed"]


def test_editor_options_emptied_keep_no_settings_default(qtbot, tmp_path):
    # `editorOptions: {}` replaces the defaults the platform's Settings merge in (an empty map overrules).
    # Defaults only those Settings give are then gone in the CMS: no select box or reference placeholder,
    # and no DateTime `format` (the Neos UI's date editor fails without one). The editors' own code
    # defaults (a date placeholder, five-minute steps) still apply.
    widget = open_inspector(qtbot, tmp_path, """'Acme.Site:Emptied':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    choice:
      type: string
      ui:
        label: Choice
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions: {}
    day:
      type: DateTime
      ui:
        label: Day
        inspector:
          group: default
          editorOptions: {}
    page:
      type: reference
      ui:
        label: Page
        inspector:
          group: default
          editorOptions: {}
    kept:
      type: reference
      ui:
        label: Kept
        inspector:
          group: default
""", "Acme.Site:Emptied")
    widget.show()
    choice = widget.editor("choice")
    assert choice.combo.placeholderText() == ""
    day = widget.editor("day")
    assert day.format == "" and "No format set" in " ".join(label.text() for label in day.findChildren(QLabel))
    assert day.display.placeholderText() == "No date set" and day.minute_step == 5
    assert widget.editor("page").search.line.placeholderText() == ""
    assert widget.editor("kept").search.line.placeholderText() == "Type to search"


def test_multiple_selection_comes_from_the_options_as_the_cms_merges_them(qtbot, tmp_path):
    # Only the `array` data type sets `multiple: true` (the platform's Settings); `array<string>` has no data
    # type, so its select box is single unless `multiple` is written, and a written `multiple: false` wins.
    widget = open_inspector(qtbot, tmp_path, """'Acme.Site:Lists':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    plain:
      type: array
      ui:
        label: Plain
        inspector:
          group: default
          editorOptions:
            values: {a: {label: A}, b: {label: B}}
    typed:
      type: array<string>
      ui:
        label: Typed
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            values: {a: {label: A}, b: {label: B}}
    typedMultiple:
      type: array<string>
      ui:
        label: Typed multiple
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            multiple: true
            values: {a: {label: A}, b: {label: B}}
    single:
      type: array
      ui:
        label: Single
        inspector:
          group: default
          editorOptions:
            multiple: false
            values: {a: {label: A}, b: {label: B}}
""", "Acme.Site:Lists")
    widget.show()
    shown = {name: (widget.editor(name).list is not None, widget.editor(name).combo is not None)
             for name in ("plain", "typed", "typedMultiple", "single")}
    assert shown == {"plain": (True, False), "typed": (False, True), "typedMultiple": (True, False),
                     "single": (False, True)}
