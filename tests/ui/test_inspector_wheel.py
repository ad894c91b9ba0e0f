"""The mouse wheel over the inspector scrolls it: it does not change a slider or select box under the pointer.

In the CMS the range editor is a browser range input and the select box a React drop-down: turning the
wheel over either scrolls the inspector and leaves the value alone. Qt's sliders and combo boxes take the
wheel even without focus, so scrolling the preview's inspector edited (and committed) values on the way.
"""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QScrollArea

from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget


def _wheel(widget, notches: int = -1) -> bool:
    """One real wheel event (``notches`` of 15 degrees; negative scrolls down) over the middle of ``widget``;
    whether the widget took it (one it leaves goes on to the scroll area around it)."""
    local = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(local, QPointF(widget.mapToGlobal(local.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def _prop(editor: str, options: dict, position: int) -> dict:
    return {"type": "string", "ui": {"label": editor, "inspector": {
        "group": "g", "position": position, "editor": f"Neos.Neos/Inspector/Editors/{editor}", "editorOptions": options}}}


def test_the_wheel_scrolls_past_sliders_and_select_boxes(qtbot):
    choices = {"values": {key: {"label": key.upper()} for key in "abc"}}
    # the slider and the select box on top, a long inspector below them
    properties = {"size": _prop("RangeEditor", {"min": 0, "max": 10}, 1), "kind": _prop("SelectBoxEditor", choices, 2)}
    properties |= {f"text{i}": _prop("TextFieldEditor", {}, 10 + i) for i in range(12)}
    config = {"ui": {"inspector": {"tabs": {"default": {"label": "T"}}, "groups": {"g": {"label": "G", "tab": "default"}}}},
              "properties": properties}
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:T", config))
    widget.resize(320, 200)
    widget.show()
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    size, kind = widget.editors["size"], widget.editors["kind"]
    size.set_value(5)
    kind.set_value("a")
    stored = []
    size.valueChanged.connect(stored.append)
    kind.valueChanged.connect(stored.append)
    area = next(a for a in widget.findChildren(QScrollArea) if a.isAncestorOf(size))
    assert area.verticalScrollBar().maximum() > 0  # an inspector to scroll
    assert not _wheel(size.slider) and not _wheel(kind.combo)  # left to the scroll area
    assert stored == [] and size.value() == 5 and kind.value() == "a"
    assert size.value_text() == "5" and kind.combo.currentText() == "A"
    # a field the user is working in (focused) takes the wheel, as the studio's own forms do
    size.slider.setFocus()
    assert size.slider.hasFocus() and _wheel(size.slider)
    assert stored == [4]


def test_an_editor_rebuilt_by_client_eval_leaves_the_wheel_to_the_inspector(qtbot):
    from pathlib import Path

    from nodetype_studio.model import load_project

    project = load_project(Path(__file__).resolve().parents[1] / "fixtures" / "clienteval" / "live")
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_types["Acme.Test:LinkBox"], project))
    widget.show()
    before = widget.editor("linkMode")
    widget.clienteval.set_parent(None)  # its ClientEval labels change: the select box is built anew
    rebuilt = widget.editor("linkMode")
    assert rebuilt is not before
    chosen = rebuilt.value()
    assert not _wheel(rebuilt.combo) and not _wheel(rebuilt.combo, 1)
    assert rebuilt.value() == chosen
