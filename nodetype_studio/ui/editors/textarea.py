"""TextAreaEditor: multi-line text with every TextField option plus ``rows`` (the visible height).

The placeholder is translated like the text field's, but decoded as the CMS's text area decodes it:
with the browser's global ``unescape()`` (``%25`` is ``%``), not as HTML (``&amp;`` stays as written).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.htmlattrs import apply_html_options, max_length


def _rows(ctx: EditorContext) -> int | None:
    value = ctx.option("rows")
    if isinstance(value, bool):
        return None
    try:
        rows = int(value)
    except (TypeError, ValueError):
        return None
    return rows if rows > 0 else None


class TextAreaEditor(EditorWidget):
    _showing = False  # a class attribute: an attribute set on a Qt object costs more than on a plain one

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.text_edit = QPlainTextEdit(self)
        self.text_edit.setTabChangesFocus(True)
        self.max_length = max_length(ctx)
        self.rows = _rows(ctx)
        if self.rows:
            self.text_edit.setFixedHeight(self.height_for_rows(self.rows))
        marker = apply_html_options(ctx, self.text_edit, "textAreaEditor", percent_decoded=True)
        self.text_edit.textChanged.connect(self._changed)
        self.add_field(self.text_edit, marker)

    def height_for_rows(self, rows: int) -> int:
        """Pixel height that shows exactly ``rows`` lines of text."""
        edit = self.text_edit
        margins = edit.contentsMargins()
        document_margin = edit.document().documentMargin()
        return int(rows * edit.fontMetrics().lineSpacing() + 2 * document_margin + margins.top() + margins.bottom())

    def visible_rows(self) -> int:
        edit = self.text_edit
        margins = edit.contentsMargins()
        inner = edit.height() - margins.top() - margins.bottom() - 2 * edit.document().documentMargin()
        return int(inner // edit.fontMetrics().lineSpacing())

    def show_value(self, value: Any) -> None:
        text = "" if value is None else str(value)
        if text == self.text_edit.toPlainText():
            return  # already shown (e.g. an empty field): re-setting it would lay out the document again
        self._showing = True
        try:
            self.text_edit.setPlainText(text)
        finally:
            self._showing = False

    @Slot()  # a declared slot connects faster than a plain method
    def _changed(self) -> None:
        if self._showing:
            return
        text = self.text_edit.toPlainText()
        if self.max_length is not None and len(text) > self.max_length:
            # Like the browser's maxlength: input beyond the limit does not go in.
            cursor = self.text_edit.textCursor()
            position = min(cursor.position(), self.max_length)
            self._showing = True
            try:
                self.text_edit.setPlainText(text[: self.max_length])
                cursor = self.text_edit.textCursor()
                cursor.setPosition(position)
                self.text_edit.setTextCursor(cursor)
            finally:
                self._showing = False
            text = text[: self.max_length]
        self.commit(text)
