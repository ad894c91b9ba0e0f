"""A new inspector page is laid out at its final size and painted once.

The page used to come out only after the scroll area had shrunk its host for the moment between two
pages: every widget was laid out squeezed into the viewport and painted, then laid out again at the
page's height and without the scroll bar's width, and painted a second time.
"""

import sys
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from qtsettle import settle  # noqa: E402  (the benchmarks' complete settling: every queued layout and paint)


class PaintCounter(QObject):
    def __init__(self):
        super().__init__()
        self.paints: Counter = Counter()

    def eventFilter(self, obj, event):  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Paint and isinstance(obj, QWidget):
            self.paints[obj] += 1
        return False


def node_type(count, label="P"):
    return {
        "ui": {"label": "Paint", "inspector": {"tabs": {"default": {"label": "General"}}, "groups": {"g": {"label": "G"}}}},
        "properties": {
            f"p{i}": {"type": "boolean" if i % 3 == 1 else "string",
                      "ui": {"label": f"{label} {i}", "inspector": {"group": "g", "position": i}}}
            for i in range(count)
        },
    }


@pytest.mark.parametrize("before, after", [(30, 30), (40, 30), (30, 3), (3, 30)])
def test_every_widget_of_a_new_page_is_painted_once(qtbot, before, after):
    app = QApplication.instance()
    inspector = InspectorWidget(validate=lambda *_: [])
    qtbot.addWidget(inspector)
    inspector.resize(380, 600)
    inspector.show()
    qtbot.waitExposed(inspector)
    inspector.show_node_type(InspectorSource("Acme.Site:Before", node_type(before, "Q"), Platform("Neos")))
    settle(app)
    counter = PaintCounter()
    app.installEventFilter(counter)
    try:
        inspector.show_node_type(InspectorSource("Acme.Site:After", node_type(after), Platform("Neos")))
        settle(app)
    finally:
        app.removeEventFilter(counter)
    page = inspector.editor("p0").parentWidget().parentWidget().parentWidget()  # editor < body < section < page
    painted = {w: n for w, n in counter.paints.items() if w is page or page.isAncestorOf(w)}
    assert inspector.editor("p0") in painted  # the new page was really painted
    assert {w.objectName() or type(w).__name__: n for w, n in painted.items() if n > 1} == {}
    # and it has the viewport's width: laid out where it is shown
    scroll = inspector.tabs.currentWidget()
    assert page.width() == scroll.viewport().width()
