"""Writing YAML like a Neos developer, driven through the window: a new property from the small dialog,
a validator from the form; the exact text saved is asserted."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from nodetype_studio.ui.studio.dialogs import ReviewDialog
from nodetype_studio.ui.studio.newproperty import NewPropertyDialog

from .conftest import TEASER


def save(qtbot, window, answers) -> None:
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    assert window.save_all()


def test_a_new_property_lands_in_the_first_content_group_with_a_label(qtbot, window, project, answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    before = teaser.read_text(encoding="utf-8")
    window.select_type(TEASER)
    definition = window.definition

    def fill(dialog: NewPropertyDialog) -> None:
        qtbot.keyClicks(dialog.name, "heroImage")
        assert dialog.label.text() == "Hero image"
        dialog.type.setFocus()
        dialog.type.lineEdit().selectAll()
        qtbot.keyClicks(dialog.type.lineEdit(), "integer")
        editors = [dialog.editor.itemData(i) for i in range(dialog.editor.count())]
        assert "Neos.Neos/Inspector/Editors/RangeEditor" in editors  # editors that fit the type
        dialog.editor.setCurrentIndex(editors.index("Neos.Neos/Inspector/Editors/RangeEditor"))
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.LeftButton)

    answers.expect(NewPropertyDialog, fill)
    qtbot.mouseClick(definition.add_property_button, Qt.LeftButton)
    window.flush()
    assert definition.current_property() == "heroImage"
    save(qtbot, window, answers)
    assert teaser.read_text(encoding="utf-8") == before + """\
    heroImage:
      type: integer
      ui:
        label: 'Hero image'
        inspector:
          group: 'text'
          editor: 'Neos.Neos/Inspector/Editors/RangeEditor'
"""


def test_a_name_in_use_is_refused_in_the_dialog(qtbot, window, answers):
    window.select_type(TEASER)
    seen = {}

    def fill(dialog: NewPropertyDialog) -> None:
        qtbot.keyClicks(dialog.name, "limit")
        seen["problem"] = dialog.problem.text()
        seen["ok"] = dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
        dialog.reject()

    answers.expect(NewPropertyDialog, fill)
    qtbot.mouseClick(window.definition.add_property_button, Qt.LeftButton)
    assert "already" in seen["problem"] and not seen["ok"]
    assert window.undo_stack.count() == 0


def test_a_validator_added_in_the_form_is_written_as_a_block(qtbot, window, project, answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    before = teaser.read_text(encoding="utf-8")
    window.select_type(TEASER)
    window.definition.select_property("limit")
    form = window.definition.property_form
    choice = form.validator_choice
    identifier = "Neos.Neos/Validation/NumberRangeValidator"
    choice.choose(identifier)
    window.flush()
    maximum = form.field("validation", identifier, "maximum")
    qtbot.mouseClick(maximum.editor, Qt.LeftButton)
    qtbot.keyClicks(maximum.editor, "20")
    window.flush()
    assert QApplication.focusWidget() is maximum.editor
    save(qtbot, window, answers)
    assert teaser.read_text(encoding="utf-8") == before + """\
      validation:
        'Neos.Neos/Validation/NumberRangeValidator':
          maximum: 20
"""
