"""Acceptance: drive the real main window from opening a project to a saved, reviewed diff."""

from __future__ import annotations

import difflib

from PySide6.QtCore import Qt

from nodetype_studio.ui.studio.dialogs import ReviewDialog
from nodetype_studio.ui.studio.newproperty import NewPropertyDialog

from .conftest import TEASER

SELECT_BOX = "Neos.Neos/Inspector/Editors/SelectBoxEditor"


def changed_lines(before: str, after: str) -> list[str]:
    """The -/+ lines of a diff (no headers, no context)."""
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def select_in_tree(qtbot, window, text: str, name: str) -> None:
    window.filter.clear()
    qtbot.keyClicks(window.filter, text)
    proxy = window.tree_proxy
    matches = proxy.match(proxy.index(0, 0), Qt.UserRole + 1, name, 1, Qt.MatchRecursive | Qt.MatchExactly)
    assert matches, f"{name} is not in the filtered tree"
    rect = window.tree.visualRect(matches[0])
    qtbot.mouseClick(window.tree.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.selected == name


def test_add_a_select_box_property_undo_redo_and_save_a_reviewed_diff(qtbot, window, project, answers):
    teaser_file = project / "NodeTypes" / "Content" / "Teaser.yaml"
    before = teaser_file.read_text(encoding="utf-8")
    select_in_tree(qtbot, window, "teaser", TEASER)
    definition = window.definition

    # add a property: its name in the small dialog
    def name_it(dialog: NewPropertyDialog) -> None:
        qtbot.keyClicks(dialog.name, "color")
        assert dialog.label.text() == "Color"
        qtbot.keyClick(dialog.name, Qt.Key_Return)

    answers.expect(NewPropertyDialog, name_it)
    qtbot.mouseClick(definition.add_property_button, Qt.LeftButton)
    window.flush()
    assert definition.current_property() == "color"
    form = definition.property_form

    # its label, typed key by key: one undo step
    label = form.field("ui", "label")
    label.editor.selectAll()
    count = window.undo_stack.count()
    qtbot.keyClicks(label.editor, "Colour")
    window.flush()
    assert window.undo_stack.count() == count + 1
    assert window.undo_stack.text(count) == "set color.ui.label"

    # its editor: only fitting editors are offered; choose the select box
    editor_field = form.field("ui", "inspector", "editor")
    offered = [value for value, _text in editor_field.choices]
    assert SELECT_BOX in offered and "Neos.Neos/Inspector/Editors/BooleanEditor" not in offered
    editor_field.choose(SELECT_BOX)
    window.flush()

    # two values, typed into the values table
    for key, label in (("red", "Red"), ("blue", "Blue")):
        table = form.field("ui", "inspector", "editorOptions", "values")
        qtbot.mouseClick(table.add_button, Qt.LeftButton)
        window.flush()
        table.rename(table.keys[-1], key)
        window.flush()
        table.set_cell(key, "label", label)
        window.flush()

    # the preview shows a select box with both values at once
    inspector = window.preview.current()
    select = inspector.editor("color")
    assert type(select).__name__ == "SelectBoxEditor"
    assert [o.label for o in select.options] == ["Red", "Blue"]
    shown = [select.combo.itemText(i) for i in range(select.combo.count())]  # what its drop-down lists
    assert "Red" in shown and "Blue" in shown
    qtbot.waitUntil(select.combo.isVisible, timeout=2000)  # on screen from the next event-loop turn

    # undo twice (blue's label, then its rename), redo once (the rename)
    assert window.undo_stack.text(window.undo_stack.count() - 1) == "set color.ui.inspector.editorOptions.values.blue.label"
    window.actions_by_name["undo"].trigger()
    window.actions_by_name["undo"].trigger()
    window.flush()
    assert [o.label for o in window.preview.current().editor("color").options] == ["Red", "Value1"]
    window.actions_by_name["redo"].trigger()
    window.flush()
    assert [(o.value, o.label) for o in window.preview.current().editor("color").options] == [("red", "Red"), ("blue", "Value1")]
    assert window.tree_model.data(window.tree_model.indexes_of(TEASER)[0]).endswith(" *")

    # save: the review dialog shows the diff and is accepted
    def accept(dialog: ReviewDialog) -> None:
        assert [name for name, _diff in dialog.diffs] == ["NodeTypes/Content/Teaser.yaml"]
        dialog.buttons.button(dialog.buttons.StandardButton.Save).click()

    answers.expect(ReviewDialog, accept)
    window.actions_by_name["save"].trigger()
    after = teaser_file.read_text(encoding="utf-8")
    assert changed_lines(before, after) == [
        "+    color:",
        "+      type: string",
        "+      ui:",
        "+        label: 'Colour'",
        "+        inspector:",
        "+          group: 'text'",
        "+          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'",
        "+          editorOptions:",
        "+            values:",
        "+              red:",
        "+                label: 'Red'",
        "+              blue:",
        "+                label: 'Value1'",
    ]
    assert after.startswith(before)  # appended after the last property, nothing else touched
    review_text = answers.seen[1][1]
    assert "+    color:" in review_text and "+                label: 'Red'" in review_text
    assert not window.session.dirty and window.undo_stack.isClean()
    assert not window.tree_model.data(window.tree_model.indexes_of(TEASER)[0]).endswith(" *")


def test_a_property_renamed_in_two_files_is_saved_in_both_or_neither_and_undone_at_once(
        qtbot, make_window, project, answers):
    help_file = project / "NodeTypes" / "Content" / "Teaser.Help.yaml"
    help_file.write_text("'Acme.Studio:Content.Teaser':\n  properties:\n    subtitle:\n      ui:\n        help:\n"
                         "          message: 'Below the title'\n", encoding="utf-8")
    teaser_file = project / "NodeTypes" / "Content" / "Teaser.yaml"
    before = {path: path.read_bytes() for path in (teaser_file, help_file)}
    window = make_window(project)
    select_in_tree(qtbot, window, "teaser", TEASER)
    definition = window.definition
    definition.select_property("subtitle")
    name = definition.property_form.name_edit
    name.selectAll()
    qtbot.keyClicks(name, "kicker")
    qtbot.keyClick(name, Qt.Key_Return)
    window.flush()
    assert definition.current_property() == "kicker"
    assert all("    kicker:\n" in window.session.text_of(path) for path in before)

    # one of the two files cannot be written: Save writes neither and says why
    help_file.chmod(0o444)

    def review(dialog: ReviewDialog) -> None:
        # both files are reviewed, though Save asks for the selected node type's files only
        assert sorted(name for name, _diff in dialog.diffs) == ["NodeTypes/Content/Teaser.Help.yaml",
                                                                "NodeTypes/Content/Teaser.yaml"]
        dialog.buttons.button(dialog.buttons.StandardButton.Save).click()

    answers.expect(ReviewDialog, review)
    window.actions_by_name["save"].trigger()
    assert {path: path.read_bytes() for path in before} == before
    shown = window.message.text()
    assert "none of them was written" in shown and "read-only" in shown
    assert window.tree_model.data(window.tree_model.indexes_of(TEASER)[0]).endswith(" *")

    # one undo step takes the rename back in both buffers
    window.actions_by_name["undo"].trigger()
    window.flush()
    assert {path: window.session.text_of(path).encode("utf-8") for path in before} == before
    assert not window.session.dirty
    assert "subtitle" in definition.property_list.names() and "kicker" not in definition.property_list.names()
    help_file.chmod(0o644)
