"""BooleanEditor: a checkbox with the property label beside it (the editor shows its own label)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QCheckBox, QSizePolicy, QWidget

from nodetype_studio.previewnode import coerce_value
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.context import EditorContext


class BooleanEditor(EditorWidget):
    has_own_label = True

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.checkbox = QCheckBox(ctx.label, self)
        # A long label must not widen the inspector; it is clipped, the tooltip has it in full.
        self.checkbox.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.checkbox.setToolTip(ctx.label)
        self.checkbox.clicked.connect(self._clicked)
        self.add_field(self.checkbox)

    @Slot(bool)  # a declared slot connects faster than a plain method
    def _clicked(self, checked: bool) -> None:
        self.commit(bool(checked))

    def show_value(self, value: Any) -> None:
        self.checkbox.setChecked(bool(coerce_value("boolean", value)) if value is not None else False)
