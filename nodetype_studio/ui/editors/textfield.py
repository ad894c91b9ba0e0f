"""TextFieldEditor: a single-line field; integer properties accept and store integers."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QRegularExpression, Slot
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.htmlattrs import apply_html_options, max_length

INTEGER_TYPES = ("integer", "int")
_INTEGER_RE = re.compile(r"[+-]?\d+")
_integer_validator: QRegularExpressionValidator | None = None


def integer_validator() -> QRegularExpressionValidator:
    """One validator shared by every integer field (a validator may serve many line edits)."""
    global _integer_validator
    if _integer_validator is None:
        _integer_validator = QRegularExpressionValidator(QRegularExpression(r"[+-]?\d*"), QApplication.instance())
    return _integer_validator


class TextFieldEditor(EditorWidget):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.line = QLineEdit(self)
        self.integer = ctx.property_type in INTEGER_TYPES
        if self.integer:
            self.line.setValidator(integer_validator())
        limit = max_length(ctx)
        if limit:
            self.line.setMaxLength(limit)
        marker = apply_html_options(ctx, self.line, "textFieldEditor")
        self.line.textEdited.connect(self._edited)
        self.add_field(self.line, marker)

    def show_value(self, value: Any) -> None:
        text = "" if value is None else str(value)
        if text != self.line.text():  # an unchanged text is not set again
            self.line.setText(text)

    @Slot(str)  # a declared slot connects faster than a plain method
    def _edited(self, text: str) -> None:
        value: Any = text
        if self.integer:
            value = int(text) if _INTEGER_RE.fullmatch(text) else (None if text == "" else text)
        self.commit(value)
