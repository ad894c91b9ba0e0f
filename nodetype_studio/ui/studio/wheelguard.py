"""The mouse wheel scrolls a form; it changes a field's value only when the user focused that field.

Qt's combo and spin boxes take wheel events even without focus, so scrolling down a long form over
them wrote edits (``disabled: false``, two undo steps, a dirty file). ``guard(widget)`` installs
``WheelGuard`` on every combo box, spin box and slider below ``widget``: a wheel event over one that
does not have focus is passed on to the scroll area around it instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QComboBox, QWidget

GUARDED = (QComboBox, QAbstractSpinBox, QAbstractSlider)


class WheelGuard(QObject):
    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            event.ignore()  # not accepted: Qt hands it to the parent (the scroll area)
            return True
        return False


_GUARD: WheelGuard | None = None


def guard(widget: QWidget) -> None:
    """Guard the value fields below ``widget`` (again after new fields were added: each is guarded once)."""
    global _GUARD
    if _GUARD is None:
        _GUARD = WheelGuard()
    for child in widget.findChildren(QWidget):
        if isinstance(child, GUARDED) and not isinstance(child.parentWidget(), QAbstractSpinBox) \
                and not child.property("wheelGuarded") \
                and not (isinstance(child, QAbstractSlider) and _is_scroll_bar(child)):
            child.installEventFilter(_GUARD)
            child.setProperty("wheelGuarded", True)
            if child.focusPolicy() == Qt.WheelFocus:
                child.setFocusPolicy(Qt.StrongFocus)  # the wheel must not give it focus either


def _is_scroll_bar(slider: QAbstractSlider) -> bool:
    from PySide6.QtWidgets import QScrollBar

    return isinstance(slider, QScrollBar)
