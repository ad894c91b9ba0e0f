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


def _cell(view, index) -> tuple[QColor, QColor]:
    """(background, text) of a row as drawn: its most frequent colour and the pixel farthest from it."""
    view.scrollTo(index)
    shot = view.viewport().grab(view.visualRect(index)).toImage()
    counts: dict[int, int] = {}
    for y in range(shot.height()):
        for x in range(shot.width()):
            rgb = shot.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    background = QColor.fromRgb(max(counts, key=counts.get))
    return background, _text_pixel(shot, background)


def test_greyed_rows_read_in_the_tree_and_the_property_list(qtbot, window):
    window.select_type(TEASER)
    properties = window.definition.property_list
    inherited = properties.findItems("title", Qt.MatchFlag.MatchExactly)[0]
    abstract = window.tree_proxy.mapFromSource(window.tree_model.indexes_of("Acme.Studio:Mixin.Titled")[0])
    with schemes(qtbot) as switch:
        for scheme in ("light", "dark"):  # filled in the light scheme, then switched: the colours follow
            switch(scheme)
            window.tree.selectionModel().clear()
            properties.setCurrentRow(-1)
            for view, index in ((window.tree, abstract), (properties, properties.indexFromItem(inherited))):
                background, text = _cell(view, index)
                assert contrast(text, background) >= 4.5, (scheme, view.objectName(), text.name(), background.name())
                assert text != view.palette().color(QPalette.ColorRole.Text)  # still greyed, not body text


def test_a_keyed_tables_own_and_inherited_rows_read_after_a_switch(qtbot):
    from nodetype_studio.ui.studio.keyedtable import KeyedTable

    table = KeyedTable([("label", "string"), ("position", "integer")], key_title="Group")
    qtbot.addWidget(table)
    table.resize(420, 200)
    table.show()
    qtbot.waitExposed(table)
    with schemes(qtbot) as switch:
        switch("light")
        table.show_rows({"mine": {"label": "Mine", "position": 5}},
                        {"text": {"label": "Text", "position": 20}, "mine": {"label": "Mine", "position": 5}})
        for scheme in ("light", "dark"):
            switch(scheme)
            table.table.clearSelection()
            table.table.setCurrentCell(-1, -1)
            texts = {}
            for row, key in enumerate(("text", "mine")):
                background, text = _cell(table.table, table.table.model().index(row, 1))
                assert contrast(text, background) >= 4.5, (scheme, key, text.name(), background.name())
                texts[key] = text
            assert texts["text"] != texts["mine"]  # the inherited row still greyed
            table.table.setCurrentCell(1, 2)
            table.table.editItem(table.table.item(1, 2))
            editor = QApplication.focusWidget()
            editor.selectAll()
            qtbot.keyClicks(editor, "[5, 6")  # not a value: the cell turns red
            qtbot.keyClick(editor, Qt.Key.Key_Return)
            table.table.clearSelection()
            table.table.setCurrentCell(-1, -1)
            assert table.table.item(1, 2).text() == "[5, 6"
            background, text = _cell(table.table, table.table.model().index(1, 2))
            assert contrast(text, background) >= 4.5 and text.red() > text.green(), (scheme, text.name())
            table.show_rows({"mine": {"label": "Mine", "position": 5}},
                            {"text": {"label": "Text", "position": 20}, "mine": {"label": "Mine", "position": 5}})


def test_inherited_references_read_after_a_switch(qtbot, make_window, project):
    titled = project / "NodeTypes" / "Mixin" / "Titled.yaml"
    titled.write_text(titled.read_text(encoding="utf-8") + "  references:\n    related:\n      ui:\n        label: 'Related'\n",
                      encoding="utf-8")
    window = make_window(project)
    window.select_type(TEASER)
    definition = window.definition
    definition.setCurrentIndex(definition.indexOf(definition.references_page))
    references = definition.references_page.reference_list
    [inherited] = references.findItems("related", Qt.MatchFlag.MatchExactly)
    with schemes(qtbot) as switch:
        for scheme in ("light", "dark"):
            switch(scheme)
            references.setCurrentRow(-1)
            background, text = _cell(references, references.indexFromItem(inherited))
            assert contrast(text, background) >= 4.5, (scheme, text.name(), background.name())
            assert text != references.palette().color(QPalette.ColorRole.Text)  # still greyed


def _coloured_labels(window) -> list[tuple[str, QColor, QColor]]:
    """(text, text colour, background) of every shown label drawn in a colour of its own."""
    from PySide6.QtWidgets import QLabel

    found = []
    for label in window.findChildren(QLabel):
        if label.isVisible() and label.text() and label.testAttribute(Qt.WidgetAttribute.WA_SetPalette):
            palette = label.palette()
            found.append((label.text(), palette.color(QPalette.ColorRole.WindowText),
                          palette.color(QPalette.ColorRole.Window)))
    return found


def test_muted_and_error_texts_read_in_both_schemes_and_after_a_switch(qtbot, window):
    from nodetype_studio.ui.studio.theme import Theme

    app = QApplication.instance()
    before = app.palette()
    theme = Theme(app, "light")
    window.set_theme(theme)
    window.select_type(TEASER)
    definition = window.definition
    seen = set()
    try:
        for page in range(definition.count()):  # the node type, layout, properties and references pages
            definition.setCurrentIndex(page)
            if definition.tabText(page) == "Properties":
                definition.select_property("title")  # an inherited property: a muted note on it
            for scheme in ("light", "dark", "light"):  # each scheme, and a switch each way
                theme.apply(scheme)
                qtbot.waitUntil(lambda: window.preview.current() is not None and window.preview.current().isVisible())
                for text, colour, background in _coloured_labels(window):
                    seen.add(text)
                    assert contrast(colour, background) >= 4.5, (definition.tabText(page), scheme, text[:50],
                                                                colour.name(), background.name())
    finally:
        app.setPalette(before)
    assert "This field is required." in seen  # the preview's error
    assert any(text.startswith("inherited property") for text in seen)  # the property form's muted note


def _marked_line_colours(view) -> list[tuple[str, QColor, QColor]]:
    """(text, colour, background) of each stretch of the marked line's text, as drawn: the highlighter's
    colour over the mark's background (the palette's text colour where the highlighter sets none)."""
    [mark] = view.extraSelections()
    background = mark.format.background().color()
    block = mark.cursor.block()
    text = block.text()
    colours = [view.palette().color(QPalette.ColorRole.Text)] * len(text)
    for span in block.layout().formats():
        if span.format.hasProperty(span.format.Property.ForegroundBrush):
            for at in range(span.start, min(len(text), span.start + span.length)):
                colours[at] = span.format.foreground().color()
    stretches, start = [], 0
    for at in range(1, len(text) + 1):
        if at == len(text) or colours[at] != colours[start]:
            if text[start:at].strip():
                stretches.append((text[start:at], colours[start], background))
            start = at
    return stretches


MARKED = ("    limit: &limit {type: !!str integer, defaultValue: 3, ui: {label: 'Limit', inspector: {group: 'text', "
          "position: 30}}}  # how many")


def test_the_source_views_marked_line_reads_in_both_schemes_and_after_a_switch(qtbot, window, project):
    from nodetype_studio.ui.studio.mainwindow import SOURCE_TAB
    from nodetype_studio.ui.studio.theme import Theme

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    # a comment, an anchor and a tag on the line of the key: the colours with the least contrast (in a flow
    # mapping: the CMS's YAML parser refuses a tag on a block mapping, with the whole file)
    block = ("    limit:\n      type: integer\n      defaultValue: 3\n      ui:\n        label: 'Limit'\n"
             "        inspector:\n          group: 'text'\n          position: 30\n")
    teaser.write_text(teaser.read_text(encoding="utf-8").replace(block, MARKED + "\n"), encoding="utf-8")
    window.reload()
    app = QApplication.instance()
    before = app.palette()
    theme = Theme(app, "light")
    window.set_theme(theme)
    window.bottom.setCurrentIndex(SOURCE_TAB)
    seen = []
    try:
        for scheme in ("light", "dark", "light", "dark"):  # each scheme, and a switch each way
            theme.apply(scheme)
            window.select_type(TEASER)
            window.definition.select_property("subtitle")
            window.definition.select_property("limit")
            window.flush()
            source = window.source
            assert source.marked_line_text() == MARKED
            stretches = _marked_line_colours(source.view)
            assert {text.strip() for text, _c, _b in stretches} >= {"# how many", "&limit", "!!str"}, stretches
            for text, colour, background in stretches:
                seen.append((scheme, text))
                assert contrast(colour, background) >= 4.5, (scheme, text, colour.name(), background.name())
    finally:
        app.setPalette(before)
    assert len(seen) >= 8
