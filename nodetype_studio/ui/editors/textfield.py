"""TextFieldEditor: a single-line field that hands over the typed text, as the CMS's does.

The CMS's text field accepts any input and commits the raw string on every change, also for
`integer` and `float` properties (no number conversion; neos-facts §2.1): the validators then see
`"007"`, `"+7"` or `"12abc"` exactly as typed. The preview node stores the value typed for the
property (an integer for `"42"`), and a stored number is shown as JavaScript writes it.
``autoFocus`` focuses the field once it is shown, unless the user is working in another widget.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.htmlattrs import apply_html_options, max_length


def shown_text(value: Any) -> str:
    """What the field shows for a stored value: null as empty, anything else as JavaScript writes it (the
    input's value is set from it: `true`, `1.5`, `a,b` for a list)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return jsvalue.to_string(value)
    except jsvalue.JsError:  # a map with its own `toString`: React cannot show it either
        return ""


class TextFieldEditor(EditorWidget):
    #: whether the spec's HTML attribute options (``title``, ``required``, ``spellcheck``...) apply
    html_attributes = True

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.line = QLineEdit(self)
        self.max_length = max_length(ctx)
        if self.max_length is not None:
            self.line.setMaxLength(self.max_length)
        marker = apply_html_options(ctx, self.line, "textFieldEditor", html_attributes=self.html_attributes)
        self.line.textEdited.connect(self._edited)
        self.add_field(self.line, marker)
        if ctx.has_option("autoFocus") and ctx.flag("autoFocus"):
            self.line.setProperty("autoFocus", True)
            QTimer.singleShot(0, self, self._take_focus)  # once shown (and disabled or not), as React focuses on mount

    @Slot()
    def _take_focus(self) -> None:
        """``autoFocus``: the field takes the focus when it is shown, as the browser gives it. It never takes it
        from where the user is working (another widget with the focus), only from nowhere or from another
        ``autoFocus`` field (the browser focuses each in turn: the last one keeps it)."""
        focused = QApplication.focusWidget()
        if not self.line.isVisible() or not self.line.isEnabled():
            return
        if focused is None or focused is self.line or focused.property("autoFocus"):
            self.line.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_value(self, value: Any) -> None:
        text = shown_text(value)
        if text != self.line.text():  # an unchanged text is not set again
            self._fit_limit(text)
            self.line.setText(text)

    def _fit_limit(self, text: str) -> None:
        """As the browser's ``maxlength``: a value longer than the limit is shown whole (the limit only stops
        input), and while it is that long nothing more can be typed, only taken away."""
        if self.max_length is not None:
            self.line.setMaxLength(max(self.max_length, len(text)))

    @Slot(str)  # a declared slot connects faster than a plain method
    def _edited(self, text: str) -> None:
        if self.max_length is not None and self.line.maxLength() > self.max_length:
            self._fit_limit(text)
        self.commit(text)
