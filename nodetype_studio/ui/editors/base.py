"""The one small surface every editor widget has: value(), set_value(), valueChanged, set_errors().

``set_value`` is the programmatic setter and never emits ``valueChanged``; user edits do. Errors are
shown under the field. Subclasses add their field with ``add_field`` and may override
``apply_disabled`` when disabling needs more than ``setEnabled(False)`` on the field.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import style


class EditorWidget(QWidget):
    """Base class of all inspector editors (built-in and plugin)."""

    valueChanged = Signal(object)

    #: True when the editor shows the property label itself (the inspector then shows none).
    has_own_label = False

    # Defaults as class attributes: an attribute set on a Qt object costs more than on a plain one,
    # and every editor of every inspector build would set them.
    _value: Any = None
    _errors: "list[str] | tuple" = ()
    _error_label: QLabel | None = None
    _note_label: QLabel | None = None
    field: QWidget | None = None
    #: Called as ``on_commit(value)`` after ``valueChanged`` (the inspector's hook; a plain call is
    #: cheaper than one more signal connection per editor).
    on_commit = None
    #: Other properties of the node whose edits this editor shows something of (8.3's PluginViewEditor
    #: offers the views of the plugin chosen in ``plugin``): the inspector calls ``watched_changed``.
    watches: tuple[str, ...] = ()

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(3)
        self.setObjectName(f"editor:{ctx.property_name}")

    # -- the surface ---------------------------------------------------------------------------
    def value(self) -> Any:
        return self._value

    def set_value(self, value: Any) -> None:
        """Show ``value`` without emitting ``valueChanged``."""
        self._value = value
        self.show_value(value)

    def set_errors(self, messages: list[str], notes: list[str] = ()) -> None:
        """Show ``messages`` under the field (an empty list clears them).

        ``notes`` are shown after them in a milder colour: findings that do not make the value
        invalid in the CMS (an unknown validator, a check the browser does not run).
        """
        self._errors = [str(m) for m in messages]
        self._error_label = self._show_lines(self._error_label, self._errors, style.ERROR, "errors")
        self._note_label = self._show_lines(self._note_label, [str(n) for n in notes], style.NOTE, "notes")

    def _show_lines(self, label: QLabel | None, lines: list[str], colour: str, name: str) -> QLabel | None:
        if not lines:
            if label is not None:
                label.hide()
            return label
        if label is None:
            label = QLabel(self)
            label.setObjectName(name)
            style.tint(label, colour)
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            self._layout.addWidget(label)
        label.setText("\n".join(lines))
        label.show()
        return label

    def errors(self) -> list[str]:
        return list(self._errors)

    def error_text(self) -> str:
        """The error text as shown (empty when no error is visible)."""
        if self._error_label is None or self._error_label.isHidden():
            return ""
        return self._error_label.text()

    def note_text(self) -> str:
        if self._note_label is None or self._note_label.isHidden():
            return ""
        return self._note_label.text()

    # -- for subclasses ------------------------------------------------------------------------
    def show_value(self, value: Any) -> None:
        """Put ``value`` into the widgets (signals of the widgets must not reach ``valueChanged``)."""

    def translated(self, value: Any) -> str:
        """A label-like text the editor shows (translated when it is an id); '' for anything but text."""
        return self.ctx.text(value) if isinstance(value, str) and value else ""

    def watched_changed(self, name: str, value: Any) -> None:
        """Property ``name`` (one of ``watches``) was edited to ``value``."""

    def commit(self, value: Any) -> None:
        """A user edit: remember and announce ``value``."""
        self._value = value
        self.valueChanged.emit(value)
        if self.on_commit is not None:
            self.on_commit(value)

    def add_field(self, widget: QWidget, marker: QWidget | None = None) -> None:
        """Add the main field (optionally with a small marker widget beside it)."""
        if self.field is None:
            self.field = widget
        if marker is None:
            self._layout.addWidget(widget)
            return
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        row.addWidget(widget, 1)
        row.addWidget(marker, 0, Qt.AlignmentFlag.AlignTop)
        self._layout.addLayout(row)

    def add_widget(self, widget: QWidget) -> None:
        self._layout.addWidget(widget)

    def add_layout(self, layout) -> None:
        self._layout.addLayout(layout)

    def apply_disabled(self, disabled: bool) -> None:
        """``disabled: true`` — every editor honours it."""
        target = self.field or self
        target.setEnabled(not disabled)

    def is_disabled(self) -> bool:
        target = self.field or self
        return not target.isEnabled()
