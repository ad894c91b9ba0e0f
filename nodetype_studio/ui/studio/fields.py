"""Form fields of the definition editor: one widget per value kind, all with the same small surface.

``field.show(own, effective, default)`` displays a value (own: set by this node type; otherwise the
inherited or default value appears as a placeholder); the user's change arrives as
``edited(value)`` (``REMOVE`` when the field was cleared). ``show`` never emits. Which field an
option gets is data: ``FIELD_FOR_TYPE`` maps catalogue option types to field classes.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QPlainTextEdit, QWidget

from nodetype_studio.model.merge import MISSING
from nodetype_studio.model.yamlload import load_yaml_text, plain_data, resolve_plain
from nodetype_studio.studio.values import REMOVE
from nodetype_studio.ui import style


def flow(value: Any) -> str:
    """A value as one line of YAML flow text (JSON spelling for containers and odd strings)."""
    if value is MISSING:
        return ""
    if isinstance(value, str):
        return value if value and resolve_plain(value) == value and value.strip() == value and ": " not in value \
            and not value.startswith(("{", "[", "'", '"', "#", "&", "*", "!", "|", ">", "%", "@", "`")) \
            else json.dumps(value, ensure_ascii=False)
    if value is None:
        return "~"
    if isinstance(value, bool):
        return "true" if value else "false"
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def parse_flow(text: str) -> tuple[Any, str | None]:
    """(value, error) for one line of YAML as a user typed it."""
    loaded = load_yaml_text(text, "<field>")
    if not loaded.ok:
        problems = [d.message for d in loaded.diagnostics]
        return None, problems[0] if problems else "not valid YAML"
    return plain_data(loaded.data), None


def hint(own: Any, effective: Any, default: Any) -> str:
    """The placeholder of a field whose node type does not set the value itself."""
    if effective is not MISSING and effective is not None and own is MISSING:
        return f"inherited: {flow(effective)}"
    if default is not MISSING and default is not None:
        return f"default: {flow(default)}"
    return "not set"


class Field(QWidget):
    """Base of the fields: ``edited(value)`` on a user change; ``committed()`` when editing ends.

    Subclasses implement ``show_value(own, effective=MISSING, default=MISSING)``.
    """

    edited = Signal(object)
    committed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.own: Any = MISSING
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    def set_error(self, message: str | None) -> None:
        self.setToolTip(message or "")
        widget = self.layout().itemAt(0).widget()
        if message:
            style.tint(widget, style.ERROR)
        else:
            style.untint(widget)


class TextField(Field):
    """A string: every keystroke is an edit (merged into one undo step by the window)."""

    def __init__(self, parent=None, *, multiline: bool = False):
        super().__init__(parent)
        self.multiline = multiline
        if multiline:
            self.editor = QPlainTextEdit(self)
            self.editor.setTabChangesFocus(True)
            self.editor.setFixedHeight(self.editor.fontMetrics().lineSpacing() * 4 + 12)
            self.editor.textChanged.connect(self._changed)
        else:
            self.editor = QLineEdit(self)
            self.editor.textEdited.connect(self._changed)
            self.editor.editingFinished.connect(self.committed)
        self.layout().addWidget(self.editor)
        self.setFocusProxy(self.editor)
        self._showing = False

    def text(self) -> str:
        return self.editor.toPlainText() if self.multiline else self.editor.text()

    def set_text(self, text: str) -> None:
        """Type ``text`` as the user would (for tests and scripted edits)."""
        if self.multiline:
            self.editor.setPlainText(text)
        else:
            self.editor.setText(text)
            self._changed()

    def show_value(self, own, effective=MISSING, default=MISSING) -> None:
        self.own = own
        text = own if isinstance(own, str) else ("" if own is MISSING or own is None else flow(own))
        if self.text() != text:
            self._showing = True
            if self.multiline:
                self.editor.setPlainText(text)
            else:
                self.editor.setText(text)
            self._showing = False
        self.editor.setPlaceholderText(hint(own, effective, default))

    def _changed(self, *_args) -> None:
        if not self._showing:
            text = self.text()
            self.edited.emit(text if text else REMOVE)


class ValueField(TextField):
    """Any YAML value on one line (numbers, lists, maps, null); invalid text is shown, not committed."""

    def __init__(self, parent=None, *, kind: str = "any"):
        super().__init__(parent)
        self.kind = kind

    def show_value(self, own, effective=MISSING, default=MISSING) -> None:
        self.own = own
        text = "" if own is MISSING else flow(own)
        if self.editor.property("uncommitted") and self.editor.hasFocus():
            return  # the user is typing a value that does not parse yet: keep it (and its error)
        self.editor.setProperty("uncommitted", False)
        if self.text() != text and not (self.editor.hasFocus() and parse_flow(self.text()) == (own, None)):
            self._showing = True
            self.editor.setText(text)
            self._showing = False
        self.editor.setPlaceholderText(hint(own, effective, default))
        self.set_error(None)

    def _changed(self, *_args) -> None:
        if self._showing:
            return
        text = self.text()
        if not text.strip():
            self.set_error(None)
            self.editor.setProperty("uncommitted", False)
            self.edited.emit(REMOVE)
            return
        value, problem = parse_flow(text)
        if problem is None and self.kind in ("integer", "number", "numeric") and not _is_number(value, self.kind):
            problem = f"expected {'an integer' if self.kind == 'integer' else 'a number'}"
        self.set_error(problem)
        self.editor.setProperty("uncommitted", problem is not None)  # its own undo applies (shortcuts.py)
        if problem is None:
            self.edited.emit(value)


def _is_number(value: Any, kind: str) -> bool:
    if isinstance(value, bool):
        return False
    if kind == "integer":
        return isinstance(value, int)
    if kind == "numeric" and isinstance(value, str):
        try:
            float(value)
        except ValueError:
            return False
        return True
    return isinstance(value, (int, float))


class ChoiceField(Field):
    """One of a fixed set (``choices``: (value, text)); the first entry removes the key."""

    def __init__(self, parent=None, choices: list[tuple[Any, str]] | None = None, *, editable: bool = False):
        super().__init__(parent)
        self.combo = QComboBox(self)
        self.combo.setEditable(editable)
        self.layout().addWidget(self.combo)
        self.setFocusProxy(self.combo)
        self.choices: list[tuple[Any, str]] = []
        self._showing = False
        self.combo.activated.connect(self._activated)
        if editable:
            self.combo.lineEdit().editingFinished.connect(self._typed)
            self.combo.lineEdit().setProperty("commitOnFinish", True)
        self.set_choices(choices or [])

    def set_choices(self, choices: list[tuple[Any, str]], unset_text: str = "(not set)") -> None:
        entries = [(REMOVE, unset_text)] + list(choices)
        if entries == [(REMOVE, self.combo.itemText(0))] + self.choices and self.combo.count() == len(entries):
            return
        self._showing = True
        self.combo.clear()
        for _value, text in entries:
            self.combo.addItem(text)
        self.choices = list(choices)
        self._showing = False

    def show_value(self, own, effective=MISSING, default=MISSING) -> None:
        self.own = own
        self._showing = True
        if own is MISSING:
            self.combo.setItemText(0, f"({hint(own, effective, default)})")
            self.combo.setCurrentIndex(0)
        else:
            values = [v for v, _t in self.choices]
            if own not in values:
                self.choices.append((own, f"{flow(own)} (not a known choice)"))
                self.combo.addItem(self.choices[-1][1])
                values.append(own)
            self.combo.setItemText(0, "(remove)")
            self.combo.setCurrentIndex(values.index(own) + 1)
        self._showing = False

    def value(self) -> Any:
        index = self.combo.currentIndex()
        return REMOVE if index <= 0 else self.choices[index - 1][0]

    def choose(self, value: Any) -> None:
        """Pick ``value`` as the user would."""
        values = [v for v, _t in self.choices]
        self.combo.setCurrentIndex(0 if value is REMOVE else values.index(value) + 1)
        self._activated(self.combo.currentIndex())

    def _activated(self, index: int) -> None:
        if not self._showing:
            self.edited.emit(REMOVE if index <= 0 else self.choices[index - 1][0])
            self.committed.emit()

    def _typed(self) -> None:
        text = self.combo.currentText().strip()
        texts = [t for _v, t in self.choices]
        if self._showing or not text or text in texts or text == self.combo.itemText(0):
            return
        self.edited.emit(text)
        self.committed.emit()


def bool_field(parent=None) -> ChoiceField:
    return ChoiceField(parent, [(True, "true"), (False, "false")])


def field_for_option(spec, parent=None) -> Field:
    """The field for a catalogue OptionSpec: choices for booleans and closed lists, a line otherwise."""
    kinds = spec.type.split("|")
    if spec.allowed:
        return ChoiceField(parent, [(v, flow(v)) for v in spec.allowed])
    if spec.suggested and kinds == ["string"]:
        return ChoiceField(parent, [(v, str(v)) for v in spec.suggested], editable=True)
    factory = FIELD_FOR_TYPE.get(spec.type)
    return factory(parent, spec) if factory is not None else ValueField(parent)


FIELD_FOR_TYPE = {
    "boolean": lambda parent, spec: bool_field(parent),
    "string": lambda parent, spec: TextField(parent),
    "integer": lambda parent, spec: ValueField(parent, kind="integer"),
    "number": lambda parent, spec: ValueField(parent, kind="number"),
    "numeric": lambda parent, spec: ValueField(parent, kind="numeric"),
}

__all__ = ["REMOVE", "ChoiceField", "Field", "TextField", "ValueField", "field_for_option", "flow", "parse_flow"]
