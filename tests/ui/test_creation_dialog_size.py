"""The creation dialog opens tall enough for its elements (up to a cap), not at a fixed minimum height
with a scroll bar over a screen that has room."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget


def _open(qtbot, elements: int):
    config = {"ui": {"label": "Event", "creationDialog": {"elements": {
        f"field{index}": {"type": "string", "ui": {"label": f"Field {index}"}} for index in range(elements)}}},
        "properties": {}}
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(420, 600)
    widget.show()
    widget.show_node_type(InspectorSource("Acme.Site:Document.Event", config, Platform("Neos")))
    button = widget.findChild(QPushButton, "createNew")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = widget.creation_dialog
    qtbot.waitExposed(dialog)
    return dialog


def test_five_elements_show_without_scrolling(qtbot):
    dialog = _open(qtbot, 5)
    scroll = dialog.inspector.tabs.currentWidget()
    assert scroll.verticalScrollBar().maximum() == 0
    for name in (f"field{index}" for index in range(5)):
        editor = dialog.inspector.editors[name]
        bottom = editor.mapTo(dialog, editor.rect().bottomLeft()).y()
        assert editor.isVisible() and bottom < dialog.create_button.mapTo(dialog, dialog.create_button.rect().topLeft()).y()
    screen = dialog.screen().availableGeometry()
    assert screen.contains(dialog.geometry())


def test_many_elements_stop_at_the_cap_and_scroll(qtbot):
    dialog = _open(qtbot, 40)
    assert dialog.height() == 640
    assert dialog.inspector.tabs.currentWidget().verticalScrollBar().maximum() > 0
    assert dialog.screen().availableGeometry().contains(dialog.geometry())
