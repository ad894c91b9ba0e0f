"""Undo and redo reach the project from anywhere in the window, as in an IDE.

A focused QLineEdit or QPlainTextEdit claims Ctrl+Z and Ctrl+Shift+Z for its own text undo
(``ShortcutOverride``), so the window's Undo never fired while a form field had focus, even an empty
one. ``UndoRouter`` (an event filter that follows the window's focus widget, so no other event crosses
into Python) gives the keys to the project's undo stack unless the focused widget holds *uncommitted* typing: text that did not reach the project yet
(a value that does not parse, a name not yet confirmed with Enter, a table cell being edited, the
tree filter, a value typed into the preview). A widget says so with the dynamic property ``uncommitted``
(True/False); a widget that commits only when editing ends sets ``commitOnFinish`` and counts as uncommitted
while ``isModified()``; a widget whose text is never project data sets ``ownUndo``, on itself or on a pane
that holds it (the preview sets it once for all its editors).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QPlainTextEdit, QTextEdit, QWidget

UNDO_KEYS = (QKeySequence("Ctrl+Z"),)
REDO_KEYS = (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))


def _combination(event) -> QKeySequence:
    return QKeySequence(event.keyCombination())


def has_uncommitted_typing(widget: QWidget) -> bool:
    """Whether ``widget`` holds typing the project has not received (its own undo applies then)."""
    flag = widget.property("uncommitted")
    if flag is not None:
        return bool(flag)
    if not isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        return False
    can_undo = widget.isUndoAvailable() if isinstance(widget, QLineEdit) else widget.document().isUndoAvailable()
    if widget.property("ownUndo"):
        return can_undo
    if widget.property("commitOnFinish") and isinstance(widget, QLineEdit):
        return widget.isModified() and can_undo
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractItemView):  # a cell editor of a table: committed when the cell closes
            return can_undo
        if parent.property("ownUndo"):  # inside a pane whose fields are never project data (the preview)
            return can_undo
        parent = parent.parentWidget()
    return False


class UndoRouter(QObject):
    """Routes Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) in ``window`` to ``undo()`` / ``redo()``."""

    def __init__(self, window: QWidget, undo, redo):
        super().__init__(window)
        self.window = window
        self._undo, self._redo = undo, redo
        self._watched: QWidget | None = None
        app = QApplication.instance()
        if app is not None:
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old, new) -> None:
        """Watch the focused widget of this window only (the keys go to it first)."""
        if self._watched is not None:
            try:
                self._watched.removeEventFilter(self)
            except RuntimeError:
                pass  # already deleted
            self._watched = None
        try:
            mine = new is not None and new.window() is self.window
        except RuntimeError:
            mine = False
        if mine:
            new.installEventFilter(self)
            self._watched = new

    def _which(self, event) -> str | None:
        combination = _combination(event)
        if any(combination.matches(key) == QKeySequence.ExactMatch for key in UNDO_KEYS):
            return "undo"
        if any(combination.matches(key) == QKeySequence.ExactMatch for key in REDO_KEYS):
            return "redo"
        return None

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind not in (QEvent.ShortcutOverride, QEvent.KeyPress) or not isinstance(watched, QWidget):
            return False
        if watched.window() is not self.window or watched is self.window:
            return False
        which = self._which(event)
        if which is None or has_uncommitted_typing(watched):
            return False
        if kind == QEvent.ShortcutOverride:
            event.accept()  # the key press comes to the widget, and to this filter, next
            return True
        (self._undo if which == "undo" else self._redo)()
        return True
