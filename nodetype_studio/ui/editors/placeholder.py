"""The stand-in for editors the preview cannot show: names the identifier, offers a plain text field."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import style
from nodetype_studio.ui.editors.base import EditorWidget


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


class PlaceholderEditor(EditorWidget):
    def __init__(self, ctx: EditorContext, reason: str, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        name = ctx.identifier or "(none)"
        self.note = QLabel(f"Editor <b>{_escape(name)}</b>: {_escape(reason)}. Plain text instead:", self)
        self.note.setObjectName("placeholderNote")
        self.note.setTextFormat(Qt.RichText)
        self.note.setWordWrap(True)
        style.tint(self.note, style.NOTE)
        self.add_widget(self.note)
        self.line = QLineEdit(self)
        self.line.textEdited.connect(self._edited)
        self.add_field(self.line)
        self._structured = False

    def show_value(self, value: Any) -> None:
        self._structured = not isinstance(value, (str, type(None)))
        self.line.setText(_as_text(value))

    @Slot(str)  # a declared slot connects faster than a plain method
    def _edited(self, text: str) -> None:
        value: Any = text
        if self._structured:  # a list/number/... shown as JSON goes back as one when it still parses
            try:
                value = json.loads(text)
            except ValueError:
                value = text
        self.commit(value)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
