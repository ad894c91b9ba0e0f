"""The window's fixed colours (severity counts in the tree, provenance layers, an error in the status bar)
read as body text does (4.5:1) on what is behind them, in the light scheme and after a switch to the dark
one."""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication

from nodetype_studio.ui.studio.mainwindow import PROVENANCE_TAB
from nodetype_studio.ui.studio.theme import dark_palette
from tests.ui.contrast import contrast

from .conftest import TEASER


@contextmanager
def schemes(qtbot):
    """Yields a function that switches the application to "light" or "dark"; the light palette after."""
    app = QApplication.instance()
    before = app.palette()

    def switch(scheme: str) -> None:
        app.setPalette(dark_palette() if scheme == "dark" else app.style().standardPalette())
        QApplication.processEvents()

    try:
        yield switch
    finally:
        app.setPalette(before)


def _text_pixel(image: QImage, background: QColor) -> QColor:
    """The pixel of ``image`` farthest from ``background``: the middle of a glyph's stroke."""
    best, best_contrast = background, 1.0
    for y in range(image.height()):
        for x in range(image.width()):
            colour = image.pixelColor(x, y)
            ratio = contrast(colour, background)
            if ratio > best_contrast:
                best, best_contrast = colour, ratio
    return best


def test_the_trees_severity_counts_read_on_its_base(qtbot, window):
    counts = {"error": (1, 0, 0), "warning": (0, 2, 0), "info": (0, 0, 3)}
    with schemes(qtbot) as switch:
        for scheme in ("light", "dark"):
            switch(scheme)
            for severity, numbers in counts.items():
                window.tree_model.set_findings({TEASER: numbers})
                window.tree.selectionModel().clear()  # a selected row is drawn in the highlight colours
                source = window.tree_model.indexes_of(TEASER)[0]
                index = window.tree_proxy.mapFromSource(source.siblingAtColumn(1))
                window.tree.scrollTo(index)
                cell = window.tree.visualRect(index)
                assert index.data() == str(sum(numbers)) and cell.isValid()
                shot = window.tree.viewport().grab(cell).toImage()
                background = shot.pixelColor(1, 1)  # the cell's left edge; the count is right-aligned
                shown = index.data(Qt.ForegroundRole)
                assert contrast(shown, background) >= 4.5, (scheme, severity, shown.name(), background.name())
                assert contrast(_text_pixel(shot, background), background) >= 4.5, (scheme, severity)


def test_the_provenance_layers_read_on_its_base(qtbot, window):
    window.bottom.setCurrentIndex(PROVENANCE_TAB)
    window.select_type(TEASER)
    view = window.provenance
    rows = {"own": ("ui", "label"), "platform baseline": ("label",),
            "data-type default": ("properties", "title", "ui", "inspector", "editor"),
            "editor default": ("properties", "enableAfterDateTime", "ui", "inspector", "editorOptions", "placeholder")}
    with schemes(qtbot) as switch:
        for scheme in ("light", "dark"):  # built in the light scheme, then switched: the colours follow
            switch(scheme)
            for layer, path in rows.items():
                item = view.item_for(path)
                assert item is not None and item.text(2) == layer, (path, item and item.text(2))
                view.tree.scrollToItem(item)
                index = view.tree.indexFromItem(item, 2)
                cell = view.tree.visualRect(index)
                background = view.tree.viewport().grab(cell).toImage().pixelColor(cell.width() - 2, 1)
                shown = item.foreground(2).color()
                assert contrast(shown, background) >= 4.5, (scheme, layer, shown.name(), background.name())
            own = view.item_for(rows["own"]).foreground(2).color()
            assert own.hslHue() in range(100, 140), own.name()  # still green


def test_an_error_in_the_status_bar_reads_on_it(qtbot, window):
    with schemes(qtbot) as switch:
        window.show_error("Could not write NodeTypes/Content/Teaser.yaml: permission denied")
        shown = {}
        for scheme in ("light", "dark"):  # shown in the light scheme, then switched: the colour follows
            switch(scheme)
            label = window.message
            shot = label.grab().toImage()
            background = window.statusBar().palette().color(QPalette.ColorRole.Window)
            assert shot.pixelColor(shot.width() - 1, 0) == background  # the bar shows through the label
            text = _text_pixel(shot, background)
            assert contrast(text, background) >= 4.5, (scheme, text.name(), background.name())
            assert text.hslHue() in range(340, 360) or text.hslHue() in range(0, 10), text.name()  # still red
            shown[scheme] = text.name()
        assert shown["light"] != shown["dark"]
        window.status("Saved 1 file")  # a plain message: the palette's text colour again
        shot = window.message.grab().toImage()
        background = window.statusBar().palette().color(QPalette.ColorRole.Window)
        assert _text_pixel(shot, background) == window.message.palette().color(QPalette.ColorRole.WindowText)
