"""TextFieldEditor: a single-line field that hands over the typed text, as the CMS's does.

The CMS's text field accepts any input and commits the raw string on every change, also for
`integer` and `float` properties (no number conversion; neos-facts §2.1): the validators then see
`"007"`, `"+7"` or `"12abc"` exactly as typed. The preview node stores the value typed for the
property (an integer for `"42"`), and a stored number is shown as JavaScript writes it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QLineEdit, QWidget

from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.htmlattrs import apply_html_options, max_length


def shown_text(value: Any) -> str:
    """What the field shows for a stored value: null as empty, numbers as JavaScript writes them."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return jsvalue.to_string(value)
    return str(value)


class TextFieldEditor(EditorWidget):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.line = QLineEdit(self)
        limit = max_length(ctx)
        if limit is not None:
            self.line.setMaxLength(limit)
        marker = apply_html_options(ctx, self.line, "textFieldEditor")
        self.line.textEdited.connect(self._edited)
        self.add_field(self.line, marker)

    def show_value(self, value: Any) -> None:
        text = shown_text(value)
        if text != self.line.text():  # an unchanged text is not set again
            self.line.setText(text)

    @Slot(str)  # a declared slot connects faster than a plain method
    def _edited(self, text: str) -> None:
        self.commit(text)
