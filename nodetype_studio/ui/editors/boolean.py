"""BooleanEditor: a checkbox with the property label beside it (the editor shows its own label).

A short label is the checkbox's own text. A long one would be clipped there, so it goes into a label
beside an empty checkbox, as the other properties' labels do: a sentence wraps, a translation id (no
spaces) is elided in the middle. Clicking that label toggles the checkbox, as clicking the checkbox's
own text does.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QSizePolicy, QWidget

from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.sections import WRAP_FROM, make_label

_SHORT_LABEL_POLICY = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # made once, set per box


class BooleanEditor(EditorWidget):
    has_own_label = True

    label = None  # the separate label of a long property label

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        long_label = len(ctx.label) > WRAP_FROM
        self.checkbox = QCheckBox("" if long_label else ctx.label, self)
        self.checkbox.setToolTip(ctx.label)
        self.checkbox.clicked.connect(self._clicked)
        if not long_label:
            # The label must not widen the inspector: the checkbox takes the width it is given.
            self.checkbox.setSizePolicy(_SHORT_LABEL_POLICY)
            self.add_field(self.checkbox)
            return
        self.field = self.checkbox
        self.label = make_label(ctx.label, self)
        self.label.setObjectName("checkboxLabel")
        self.label.setCursor(Qt.CursorShape.PointingHandCursor)
        self.label.installEventFilter(self)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        row.addWidget(self.checkbox, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.label, 1)
        self.add_layout(row)

    def label_text(self) -> str:
        """The property label as given (whichever widget shows it)."""
        return self.label.text() if self.label is not None else self.checkbox.text()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if (watched is self.label and event.type() == QEvent.Type.MouseButtonRelease
                and event.button() == Qt.MouseButton.LeftButton and self.checkbox.isEnabled()):
            self.checkbox.click()  # toggles and emits clicked, as a click on the box does
            return True
        return super().eventFilter(watched, event)

    def apply_disabled(self, disabled: bool) -> None:
        for widget in (self.checkbox, self.label):
            if widget is not None:
                widget.setEnabled(not disabled)

    @Slot(bool)  # a declared slot connects faster than a plain method
    def _clicked(self, checked: bool) -> None:
        self.commit(bool(checked))

    def show_value(self, value: Any) -> None:
        self.checkbox.setChecked(shown_checked(value))


def shown_checked(value: Any) -> bool:
    """Whether the CMS's checkbox shows ``value`` as checked: a string when it is ``true``, ``on`` or ``1``
    (lower-cased, not trimmed), anything else by JavaScript truthiness (``[]`` and ``{}`` checked, NaN not)."""
    if isinstance(value, str):
        return value.lower() in ("true", "on", "1")
    return jsvalue.truthy(value)
