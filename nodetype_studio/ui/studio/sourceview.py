"""The YAML source of the files that define the selected node type, highlighted, current key marked.

One view per file is kept (its document highlighted once, laid out once) for the last few files, and
the one asked for is brought forward, so going back to a file costs neither highlighting nor layout;
a document is refilled only when its text changed. Unsaved edits show (the text is the edited
buffer), and their lines are marked in the gutter colour.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from pygments.lexers.data import YamlLexer
from PySide6.QtCore import QRect, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QPainter,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QStackedWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.textspan import changed_span
from nodetype_studio.ui.highlight import PygmentsHighlighter
from nodetype_studio.ui.studio.theme import is_dark

MARK_LIGHT, MARK_DARK = "#fff3b0", "#4a4426"
CHANGED_LIGHT, CHANGED_DARK = "#7fb77e", "#5d9c5b"


class _Gutter(QWidget):
    def __init__(self, view: CodeView):
        super().__init__(view)
        self.view = view

    def sizeHint(self) -> QSize:
        return QSize(self.view.gutter_width(), 0)

    def paintEvent(self, event) -> None:
        self.view.paint_gutter(self, event)


class CodeView(QPlainTextEdit):
    """A read-only code view with line numbers, a marked line and changed-line bars."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.NoWrap)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.setTextInteractionFlags(Qt.TextSelectableByMouse | Qt.TextSelectableByKeyboard)
        self.gutter = _Gutter(self)
        self.marked_line = 0
        self.changed_lines: set[int] = set()
        self.blockCountChanged.connect(self._update_margin)
        self.updateRequest.connect(self._scroll_gutter)
        self._update_margin()

    def gutter_width(self) -> int:
        digits = max(3, len(str(max(1, self.blockCount()))))
        return 10 + self.fontMetrics().horizontalAdvance("9") * digits

    def _update_margin(self, *_args) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _scroll_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        rect = self.contentsRect()
        self.gutter.setGeometry(QRect(rect.left(), rect.top(), self.gutter_width(), rect.height()))

    def paint_gutter(self, gutter: QWidget, event) -> None:
        painter = QPainter(gutter)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.alternateBase())
        dark = is_dark(palette)
        block = self.firstVisibleBlock()
        number = block.blockNumber() + 1
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        while block.isValid() and top <= event.rect().bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= event.rect().top():
                if number in self.changed_lines:
                    painter.fillRect(0, top, 3, bottom - top, QColor(CHANGED_DARK if dark else CHANGED_LIGHT))
                painter.setPen(palette.text().color() if number == self.marked_line else palette.placeholderText().color())
                painter.drawText(0, top, gutter.width() - 5, height, Qt.AlignRight, str(number))
            block = block.next()
            top = bottom
            number += 1

    def mark_line(self, line: int) -> None:
        """Give line ``line`` (1-based; 0: none) a full-width background and scroll it into view."""
        self.marked_line = line
        selections = []
        if line > 0:
            block = self.document().findBlockByNumber(line - 1)
            if block.isValid():
                selection = QTextEdit.ExtraSelection()
                # the application's palette: the view's own follows a scheme change only a turn later
                selection.format.setBackground(QColor(MARK_DARK if is_dark(QApplication.palette()) else MARK_LIGHT))
                selection.format.setProperty(QTextFormat.FullWidthSelection, True)
                cursor = QTextCursor(block)
                selection.cursor = cursor
                selections.append(selection)
                self.setTextCursor(cursor)
                self.centerCursor()
        self.setExtraSelections(selections)
        self.gutter.update()


class _Page:
    """The view of one file: its document, highlighter, and the text it holds."""

    __slots__ = ("highlighter", "text", "view")

    def __init__(self, view: CodeView, highlighter: PygmentsHighlighter):
        self.view, self.highlighter, self.text = view, highlighter, None


class SourceView(QWidget):
    """Files of the selected node type; ``show_file(path, text, line)``."""

    keep = 8  # files whose views are kept

    fileChosen = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 0)
        self.files = QComboBox(self)
        self.files.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.files.setMinimumContentsLength(30)
        self.files.activated.connect(lambda i: self.fileChosen.emit(self.files.itemData(i)))
        bar.addWidget(QLabel("File:", self))
        bar.addWidget(self.files, 1)
        self.where = QLabel(self)
        bar.addWidget(self.where)
        layout.addLayout(bar)
        self.stack = QStackedWidget(self)
        self.blank = CodeView(self.stack)  # on show while no file is
        self.stack.addWidget(self.blank)
        layout.addWidget(self.stack, 1)
        self._documents: OrderedDict[str, _Page] = OrderedDict()  # path -> its page, the latest shown last
        self._style = "default"
        self.current: str | None = None

    @property
    def view(self) -> CodeView:
        """The code view on show."""
        return self.stack.currentWidget()

    def set_files(self, entries: list[tuple[str, str]]) -> None:
        """The files to offer: (path, label) in load order."""
        wanted = [(label, path) for path, label in entries]
        current = [(self.files.itemText(i), self.files.itemData(i)) for i in range(self.files.count())]
        if wanted != current:
            with QSignalBlocker(self.files):
                self.files.clear()
                for label, path in wanted:
                    self.files.addItem(label, path)
        if not entries:
            self.current = None
            self.stack.setCurrentWidget(self.blank)
            self.where.setText("")

    def set_dark(self, dark: bool) -> None:
        style = "github-dark" if dark else "default"
        if style != self._style:
            self._style = style
            for path in list(self._documents):  # rebuilt with the new colours on next show
                self._drop(path)
            self.current = None

    def page_for(self, path: str, text: str) -> _Page:
        """The page of ``path`` holding ``text`` (made, or refilled if the text changed)."""
        page = self._documents.pop(path, None)
        if page is None:
            view = CodeView(self.stack)
            # every colour reads on the marked line (the lighter of the two backgrounds in the dark scheme, the
            # darker in the light one), so on the rest of the view too
            mark = QColor(MARK_DARK if self._style == "github-dark" else MARK_LIGHT)
            highlighter = PygmentsHighlighter(view.document(), YamlLexer(), self._style, legible_on=mark)
            page = _Page(view, highlighter)
            self.stack.addWidget(view)
        self._documents[path] = page
        if page.text != text:
            if page.text is None:
                page.view.setPlainText(text)
            else:
                _replace_changed_part(page.view, page.text, text)
            page.text = text
        while len(self._documents) > self.keep:
            oldest = next(iter(self._documents))
            if self._documents[oldest].view is self.stack.currentWidget():
                break
            self._drop(oldest)
        return page

    def document_for(self, path: str, text: str):
        return self.page_for(path, text).view.document()

    def highlighter(self, path: str | None = None) -> PygmentsHighlighter | None:
        page = self._documents.get(path if path is not None else self.current)
        return page.highlighter if page is not None else None

    def show_file(self, path: str, text: str, line: int = 0, changed: set[int] | None = None) -> None:
        page = self.page_for(path, text)
        self.stack.setCurrentWidget(page.view)
        self.current = path
        index = self.files.findData(path)
        if index >= 0 and index != self.files.currentIndex():
            with QSignalBlocker(self.files):
                self.files.setCurrentIndex(index)
        page.view.changed_lines = set(changed or ())
        page.view.mark_line(line)
        self.where.setText(f"line {line}" if line else "")

    def forget(self, path: str) -> None:
        """``path`` changed on disk: its page is refilled on next show."""
        page = self._documents.get(path)
        if page is not None:
            page.text = None

    def _drop(self, path: str) -> None:
        page = self._documents.pop(path)
        if self.stack.currentWidget() is page.view:
            self.stack.setCurrentWidget(self.blank)
        self.stack.removeWidget(page.view)
        page.view.deleteLater()

    def text(self) -> str:
        return self.view.toPlainText()

    def marked_line_text(self) -> str:
        line = self.view.marked_line
        block = self.view.document().findBlockByNumber(line - 1) if line else None
        return block.text() if block is not None and block.isValid() else ""


def _replace_changed_part(view, old: str, new: str) -> None:
    """Turn the view's ``old`` text into ``new`` by replacing only the part between their common start and
    common end (an edit is a few characters in a long file): the highlighter then colours the changed lines
    again instead of every line, and the scroll position stays."""
    if not _positions_match(old) or not _positions_match(new):
        view.setPlainText(new)  # the document's positions would not be the text's indexes
        return
    start, end = changed_span(old, new)
    document = view.document()
    document.setUndoRedoEnabled(False)  # a read-only view: no history to keep
    cursor = QTextCursor(document)
    cursor.setPosition(start)
    cursor.setPosition(len(old) - end, QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText(new[start:len(new) - end])


def _positions_match(text: str) -> bool:
    """Python's indexes are the document's positions: no line separators Qt counts differently, no
    characters outside the BMP (two UTF-16 units in Qt)."""
    if "\r" in text or "\u2029" in text or "\u2028" in text:
        return False
    return text.isascii() or max(text) <= "\uffff"


def label_for(path: Path, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)
