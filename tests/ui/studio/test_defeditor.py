"""The definition editor in the real window: every form writes through undo commands and the minimal-diff layer."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nodetype_studio.ui.studio.commands import REMOVE

from .conftest import TEASER

TEASER_FILE = "NodeTypes/Content/Teaser.yaml"


def text(window, project, relative=TEASER_FILE) -> str:
    return window.session.text_of(project / relative)


def test_label_icon_and_flags(qtbot, window, project):
    window.select_type(TEASER)
    definition = window.definition
    definition.setCurrentIndex(0)
    definition.icon_field.set_text("fas fa-star")
    window.flush()
    assert "icon: 'fas fa-star'" in text(window, project)
    assert window.tree_model.info(TEASER).icon == "fas fa-star"
    definition.abstract_box.setChecked(True)
    window.flush()
    assert window.session.project.node_type(TEASER).abstract
    assert "  abstract: true\n" in text(window, project)
    definition.abstract_box.setChecked(False)
    window.flush()
    assert "abstract" not in text(window, project)
    definition.label_field.set_text("")
    window.flush()
    assert "label: 'Teaser'" not in text(window, project)
    assert definition.label_field.editor.placeholderText().startswith("inherited:") or \
        definition.label_field.editor.placeholderText() == "not set"


def test_supertypes_add_switch_off_and_remove(qtbot, window, project):
    window.select_type("Acme.Studio:Content.Text")
    definition = window.definition
    definition.setCurrentIndex(0)
    definition.add_supertype("Acme.Studio:Mixin.Styled")
    window.flush()
    nt = window.session.project.node_type("Acme.Studio:Content.Text")
    assert "Acme.Studio:Mixin.Styled" in nt.ancestors and "variant" in nt.properties
    names = [definition.supertypes.item(i).text() for i in range(definition.supertypes.count())]
    assert names[-1] == "Acme.Studio:Mixin.Styled"
    item = definition.supertypes.item(names.index("Acme.Studio:Mixin.Titled"))
    item.setCheckState(Qt.Unchecked)
    window.flush()
    nt = window.session.project.node_type("Acme.Studio:Content.Text")
    assert "title" not in nt.properties
    assert "'Acme.Studio:Mixin.Titled': false" in text(window, project, "NodeTypes/Content/Text.yaml")
    definition.supertypes.setCurrentRow(names.index("Acme.Studio:Mixin.Styled"))
    definition._remove_supertype()
    window.flush()
    assert "variant" not in window.session.project.node_type("Acme.Studio:Content.Text").properties


def test_tabs_and_groups_tables(qtbot, window, project):
    window.select_type(TEASER)
    window.definition.setCurrentIndex(1)
    groups = window.definition.groups_table
    assert "text" in groups.keys and "text" not in groups.own_keys  # inherited from the mixin
    groups.add_key("extra")
    window.flush()
    groups.set_cell("extra", "label", "Extras")
    window.flush()
    groups.set_cell("extra", "position", "5")
    window.flush()
    source = text(window, project)
    assert "extra:" in source and "label: 'Extras'" in source and "position: 5" in source
    assert window.definition.groups_table.own_keys == {"extra"}
    groups.set_cell("text", "label", "Texts")  # an inherited group: written as an override
    window.flush()
    nt = window.session.project.node_type(TEASER)
    assert nt.effective["ui"]["inspector"]["groups"]["text"]["label"] == "Texts"
    groups.rename("extra", "more")
    window.flush()
    assert "more" in window.definition.groups_table.keys
    tabs = window.definition.tabs_table
    tabs.add_key("seo")
    window.flush()
    assert "seo" in window.session.project.node_type(TEASER).effective["ui"]["inspector"]["tabs"]
    groups.remove("more")
    window.flush()
    assert "more:" not in text(window, project)


def test_rename_and_remove_own_properties_but_not_inherited_ones(qtbot, window, project):
    window.select_type(TEASER)
    definition = window.definition
    definition.select_property("subtitle")
    form = definition.property_form
    form.name_edit.setText("kicker")
    form.name_edit.editingFinished.emit()
    window.flush()
    assert "    kicker:\n" in text(window, project) and "subtitle" not in text(window, project)
    assert definition.current_property() == "kicker"
    form.name_edit.setText("bad name")
    form.name_edit.editingFinished.emit()
    assert "cannot rename" in form.name_note.text()
    definition.select_property("title")
    assert form.name_edit.isReadOnly() and not definition.remove_property_button.isEnabled()
    definition.select_property("kicker")
    assert definition.remove_property_button.isEnabled()
    qtbot.mouseClick(definition.remove_property_button, Qt.LeftButton)
    window.flush()
    assert "kicker" not in window.session.project.node_type(TEASER).properties


def test_editing_an_inherited_property_writes_an_override(qtbot, window, project):
    window.select_type(TEASER)
    window.definition.select_property("title")
    window.definition.property_form.field("ui", "label").set_text("Headline")
    window.flush()
    assert "    title:\n      ui:\n        label: 'Headline'\n" in text(window, project)
    assert "Headline" not in text(window, project, "NodeTypes/Mixin/Titled.yaml")


def test_drag_and_drop_reorder_is_written_as_position(qtbot, window, project):
    window.select_type(TEASER)
    definition = window.definition
    order = definition.property_list.names()
    # variant has no position: the UI sorter places it by its index (before the numbered ones)
    assert order[:4] == ["variant", "title", "subtitle", "limit"]
    new = ["variant", "title", "limit", "subtitle"] + order[4:]
    definition.move_property("limit", new)
    window.flush()
    assert definition.property_list.names()[:4] == new[:4]
    assert "          position: 15\n" in text(window, project)
    inspector = window.preview.current()
    text_group = next(g for t in inspector.layout_info.tabs for g in t.groups if g.id == "text")
    assert [i.name for i in text_group.items][:4] == new[:4]
    window.undo_stack.undo()
    window.flush()
    assert definition.property_list.names()[:4] == order[:4]


def test_the_drop_notification_of_the_list_moves_the_property(qtbot, window):
    window.select_type(TEASER)
    definition = window.definition
    definition.setCurrentIndex(2)
    seen = []
    definition.property_list.dropped.connect(lambda moved, order: seen.append((moved, order)))
    plist = definition.property_list
    plist._dragged = "limit"
    # what QListWidget does on an internal move (takes and inserts the row), then PropertyList.dropEvent emits
    row = plist.names().index("limit")
    item = plist.takeItem(row)
    plist.insertItem(1, item)
    plist.dropped.emit("limit", plist.names())
    window.flush()
    assert seen and seen[0][0] == "limit"
    assert window.definition.property_list.names()[1] == "limit"


def test_only_fitting_editors_with_every_option_and_its_default(qtbot, window):
    window.select_type(TEASER)
    definition = window.definition
    definition.select_property("limit")  # an integer
    form = definition.property_form
    offered = {text for _v, text in form.field("ui", "inspector", "editor").choices}
    assert {"TextFieldEditor", "SelectBoxEditor", "RangeEditor"} <= offered
    assert not offered & {"BooleanEditor", "TextAreaEditor", "DateTimeEditor", "CodeEditor"}
    form.field("ui", "inspector", "editor").choose("Neos.Neos/Inspector/Editors/RangeEditor")
    window.flush()
    form = definition.property_form
    for option, default in (("min", "0"), ("max", "100"), ("step", "1")):
        field = form.field("ui", "inspector", "editorOptions", option)
        assert field.editor.placeholderText() == f"default: {default}"
    disabled = form.field("ui", "inspector", "editorOptions", "disabled")
    assert disabled.combo.itemText(0) == "(default: false)"
    form.field("ui", "inspector", "editorOptions", "max").set_text("50")
    window.flush()
    editor = window.preview.current().editor("limit")
    assert type(editor).__name__ == "RangeEditor"
    assert window.session.project.node_type(TEASER).properties["limit"]["ui"]["inspector"]["editorOptions"]["max"] == 50


def test_validators_add_set_option_and_remove(qtbot, window, project):
    window.select_type(TEASER)
    definition = window.definition
    definition.select_property("subtitle")
    form = definition.property_form
    identifier = "Neos.Neos/Validation/StringLengthValidator"
    form.validator_choice.choose(identifier)
    window.flush()
    form = definition.property_form
    maximum = form.field("validation", identifier, "maximum")
    assert form.field("validation", identifier, "minimum").editor.placeholderText() == "not set"  # no default
    assert form.field("validation", identifier, "ignoreHtml").combo.itemText(0) == "(default: false)"
    maximum.set_text("3")
    window.flush()
    assert window.session.project.node_type(TEASER).properties["subtitle"]["validation"][identifier] == {"maximum": 3}
    editor = window.preview.current().editor("subtitle")
    editor.set_value("toolong")
    window.preview.current()._edited("subtitle", "toolong")
    assert window.preview.current().errors["subtitle"]
    form._remove_validator(identifier)
    window.flush()
    assert "StringLengthValidator" not in text(window, project)


def test_keystrokes_merge_but_a_new_focus_starts_a_new_step(qtbot, window):
    window.select_type(TEASER)
    definition = window.definition
    definition.setCurrentIndex(0)
    field = definition.label_field
    start = window.undo_stack.count()
    qtbot.keyClicks(field.editor, "ABC")
    window.flush()
    assert window.undo_stack.count() == start + 1
    field.editor.editingFinished.emit()
    qtbot.keyClicks(field.editor, "D")
    window.flush()
    assert window.undo_stack.count() == start + 2
    qtbot.keyClick(field.editor, Qt.Key_Backspace)
    window.flush()
    # typing back to where the step started leaves no empty step behind
    assert window.undo_stack.count() == start + 1
    assert window.session.project.node_type(TEASER).label == "TeaserABC"


def test_a_refused_edit_is_reported_and_leaves_no_undo_step(qtbot, window, project):
    window.select_type(TEASER)
    count = window.undo_stack.count()
    from nodetype_studio.ui.studio import commands

    window.push("rename", commands.rename_key(TEASER, ("properties", "subtitle"), "limit"))
    window.flush()
    assert window.undo_stack.count() == count
    assert "already exists" in window.last_error and "already exists" in window.message.text()
    assert not window.session.dirty


def test_clearing_a_field_removes_the_key(qtbot, window, project):
    window.select_type("Acme.Studio:Document.Page")
    window.definition.select_property("teaserText")
    form = window.definition.property_form
    field = form.field("ui", "inspector", "editorOptions", "maxlength")
    assert field.text() == "300"
    field.set_text("")
    window.flush()
    assert "maxlength" not in text(window, project, "NodeTypes/Document/Page.yaml")
    assert REMOVE is not None


def test_forms_show_what_the_files_say_not_the_processed_values(qtbot, make_window, tmp_path):
    package = tmp_path / "Acme.Raw"
    (package / "NodeTypes").mkdir(parents=True)
    (package / "NodeTypes" / "Page.yaml").write_text(
        "'Acme.Raw:Page':\n  superTypes:\n    'TYPO3.Neos:Document': true\n  ui:\n    label: i18n\n"
        "  properties:\n    subtitle:\n      type: string\n      ui:\n        label: i18n\n", encoding="utf-8")
    window = make_window(package)
    window.select_type("Acme.Raw:Page")
    definition = window.definition
    definition.setCurrentIndex(0)
    assert definition.label_field.text() == "i18n"
    assert [definition.supertypes.item(i).text() for i in range(definition.supertypes.count())] == ["TYPO3.Neos:Document"]
    definition.select_property("subtitle")
    assert definition.property_form.field("ui", "label").text() == "i18n"
    # and a supertype spelled the legacy way can be removed by that spelling
    definition.setCurrentIndex(0)
    definition.supertypes.setCurrentRow(0)
    definition._remove_supertype()
    window.flush()
    assert "TYPO3" not in window.session.text_of(package / "NodeTypes" / "Page.yaml")
