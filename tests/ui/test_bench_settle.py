"""The benchmarks' settling helper really leaves nothing for the next run to pay for.

A benchmark run that stops its clock with paint or layout work still queued hands that work to the next
run, whoever it belongs to. ``qtsettle.settle`` claims to finish it; these tests rebuild a real inspector,
settle, and count what one more pass still delivers.
"""

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QFormLayout, QLabel, QLineEdit, QWidget

from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from qtsettle import settle  # noqa: E402

WORK = {QEvent.Type.Paint, QEvent.Type.LayoutRequest, QEvent.Type.UpdateRequest, QEvent.Type.DeferredDelete}


class WorkCounter(QObject):
    def __init__(self):
        super().__init__()
        self.seen: list[str] = []

    def eventFilter(self, obj, event):  # noqa: N802 (Qt override)
        if event.type() in WORK:
            self.seen.append(f"{type(obj).__name__}:{event.type().name}")
        return False


def work_left(app) -> list[str]:
    counter = WorkCounter()
    app.installEventFilter(counter)
    try:
        app.processEvents()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    finally:
        app.removeEventFilter(counter)
    return counter.seen


def node_type(count):
    return {
        "ui": {"label": "Settle", "inspector": {"tabs": {"default": {"label": "General"}}, "groups": {"g": {"label": "G"}}}},
        "properties": {
            f"p{i}": {"type": "string", "ui": {"label": f"P {i}", "inspector": {"group": "g", "position": i}}}
            for i in range(count)
        },
    }


@pytest.mark.parametrize("rebuilds", [1, 3])
def test_settle_leaves_no_layout_paint_or_deletion_after_an_inspector_rebuild(qtbot, rebuilds):
    app = QApplication.instance()
    inspector = InspectorWidget(validate=lambda *_: [])
    qtbot.addWidget(inspector)
    inspector.resize(380, 600)
    inspector.show()
    qtbot.waitExposed(inspector)
    source = InspectorSource("Acme.Site:Settle", node_type(12), Platform("Neos"))
    for _ in range(rebuilds):
        inspector.show_node_type(source)
        settle(app)
    assert work_left(app) == []
    assert inspector.editor("p0").isVisible()


def test_settle_leaves_nothing_after_replacing_a_shown_form(qtbot):
    """The floor's way of replacing content: the old form deleted later, the new one added."""
    app = QApplication.instance()
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(380, 600)
    outer = QFormLayout(host)
    host.show()
    qtbot.waitExposed(host)
    old = None
    for _ in range(2):
        if old is not None:
            old.deleteLater()
        old = QWidget(host)
        form = QFormLayout(old)
        for i in range(10):
            form.addRow(QLabel(f"P {i}"), QLineEdit())
        outer.addRow(old)
        settle(app)
    assert work_left(app) == []
    assert len(host.findChildren(QLineEdit)) == 10  # the replaced form is really gone
