"""Tools → "Create New" Dialog of the Selected Type: the CMS's dialog for a node of the selected type."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nodetype_studio.ui.insertdialog import InsertDialogPreview


def test_the_menu_opens_the_dialog_for_the_selected_type_and_reports_the_choice(qtbot, window):
    window.select_type("Acme.Studio:Content.Text")
    window.actions_by_name["insert"].trigger()
    dialog = window.insert_dialog
    assert isinstance(dialog, InsertDialogPreview)
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.mode == "after"
    name = next(n for n in dialog.visible_types() if n == "Acme.Studio:Content.Text")
    qtbot.mouseClick(dialog.type_buttons[name], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Acme.Studio:Content.Text" in window.statusBar().currentMessage())


def test_without_a_selection_the_status_bar_says_so(qtbot, make_window, project):
    window = make_window(project)
    window.selected = None
    assert window.actions_by_name["insert"].isEnabled()
    window.actions_by_name["insert"].trigger()
    assert window.statusBar().currentMessage() == "Select a node type first"
