"""TextAreaEditor: multi-line text with every TextField option plus ``rows`` (the visible height).

The placeholder is translated like the text field's, but decoded as the CMS's text area decodes it:
with the browser's global ``unescape()`` (``%25`` is ``%``), not as HTML (``&amp;`` stays as written).

Height: the spec's ``rows`` (default 5) gives a fixed number of lines. The CMS has no ``rows``; its text
area grows with the text from ``minRows`` lines (2), from ``expandedRows`` (6) once clicked until the
focus goes elsewhere, up to ``maxRows`` (24; 9.x only, 8.3 has no upper bound). Once any of these three
is written, the preview's area behaves like that (``rows`` is then ignored, as the CMS ignores it).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from nodetype_studio.content.startpoint import is_8_3
from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import workspace_of
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.htmlattrs import apply_html_options, max_length
from nodetype_studio.ui.editors.textfield import shown_text

#: The CMS text area's height options and their defaults (neos-ui TextArea editor's defaultOptions).
AUTO_ROWS = {"minRows": 2, "expandedRows": 6, "maxRows": 24}
#: The preview's own bound (a Qt widget's height is a C int): far more lines than any screen shows.
MOST_ROWS = 1000


#: The spec's ``rows`` default, also for a value that is no positive whole number (``~``, 0, a text).
DEFAULT_ROWS = 5


def _rows(ctx: EditorContext) -> int:
    value = ctx.option("rows")
    if isinstance(value, bool):
        return DEFAULT_ROWS
    try:
        rows = int(value)
    except (TypeError, ValueError):
        return DEFAULT_ROWS
    return rows if rows > 0 else DEFAULT_ROWS


def _auto_rows(ctx: EditorContext) -> dict[str, float] | None:
    """The CMS's height options (``AUTO_ROWS``) when any of them is written, else None. A value that is no
    positive number counts as not written; ``maxRows`` is no bound on 8.3, which does not read it."""
    if not any(ctx.has_option(name) for name in AUTO_ROWS):
        return None
    rows: dict[str, float] = {}
    for name, default in AUTO_ROWS.items():
        value = ctx.option(name)
        number = jsvalue.to_number(value) if value is not None and not isinstance(value, (bool, dict, list)) else float("nan")
        rows[name] = number if number > 0 else default
    if is_8_3(workspace_of(ctx).project):
        rows["maxRows"] = float("inf")
    return rows


class TextAreaEditor(EditorWidget):
    _showing = False  # a class attribute: an attribute set on a Qt object costs more than on a plain one
    auto_rows: dict[str, float] | None = None
    #: clicked into (the CMS's text area then shows at least ``expandedRows``), until the focus goes elsewhere
    expanded = False

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.text_edit = QPlainTextEdit(self)
        self.text_edit.setTabChangesFocus(True)
        self.max_length = max_length(ctx)
        self.auto_rows = _auto_rows(ctx)
        self.rows = None if self.auto_rows else _rows(ctx)
        if self.rows:
            self.text_edit.setFixedHeight(self.height_for_rows(self.rows))
        elif self.auto_rows:
            self.text_edit.viewport().installEventFilter(self)
            self.text_edit.installEventFilter(self)
            self.text_edit.document().documentLayout().documentSizeChanged.connect(self._fit_rows)
            self._fit_rows()
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and watched is self.text_edit.viewport() and self.text_edit.isEnabled():
            self.expanded = True
            self._fit_rows()
        elif kind == QEvent.Type.FocusOut and watched is self.text_edit and self.expanded \
                and event.reason() not in (Qt.FocusReason.ActiveWindowFocusReason, Qt.FocusReason.PopupFocusReason):
            self.expanded = False  # (the CMS shrinks it back on a click outside; switching windows keeps it)
            self._fit_rows()
        return False

    @Slot()
    def _fit_rows(self, *_args) -> None:
        """The CMS's auto-growing height: the text's lines, at least ``minRows`` (``expandedRows`` once
        clicked), at most ``maxRows``."""
        rows = self.auto_rows
        if rows is None:
            return
        lines = self.text_edit.document().documentLayout().documentSize().height()
        shown = max(lines, rows["expandedRows"] if self.expanded else rows["minRows"])
        shown = int(min(shown, rows["maxRows"], MOST_ROWS))
        height = self.height_for_rows(max(shown, 1))
        if height != self.text_edit.height() or self.text_edit.minimumHeight() != height:
            self.text_edit.setFixedHeight(height)

    def show_value(self, value: Any) -> None:
        text = shown_text(value)  # as React writes a textarea's value: null empty, others as JavaScript writes them
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
        before = self._value if isinstance(self._value, str) else ""
        allowed = None if self.max_length is None else max(self.max_length, len(before))
        if allowed is not None and len(text) > allowed:
            # Like the browser's maxlength: what is typed or pasted beyond the limit does not go in (a value
            # that was longer already keeps its text, and takes nothing more)
            text, position = _within(before, text, allowed)
            self._showing = True
            try:
                self.text_edit.setPlainText(text)
                cursor = self.text_edit.textCursor()
                cursor.setPosition(position)
                self.text_edit.setTextCursor(cursor)
            finally:
                self._showing = False
        self.commit(text)


def _within(before: str, after: str, allowed: int) -> tuple[str, int]:
    """``after`` (an edit of ``before``) with its inserted text cut to what fits in ``allowed`` characters,
    and the cursor position after what went in."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    inserted = after[start:len(after) - end]
    room = max(0, allowed - start - end)  # (start + end characters of the text stay around the edit)
    fitted = inserted[:room]
    return before[:start] + fitted + before[len(before) - end:], start + len(fitted)
