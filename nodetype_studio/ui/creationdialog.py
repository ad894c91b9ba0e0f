"""The creation dialog preview: "Create new <type>", the dialog the CMS shows when a node of a type with
``ui.creationDialog.elements`` is created (``preview.creationdialog`` says what it shows and from where).

Its elements are shown by an inspector (editors, validation as you type, ClientEval) built from the
dialog's elements. As in the CMS, validation errors show from the first change on (or from a first
"Create"), "Create" is refused while any element has an error, Enter in a field means "Create", and
"Back" leaves without creating. ``created`` carries the elements' values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from nodetype_studio.preview.creationdialog import creation_source
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui import icons


class CreationDialogPreview(QDialog):
    #: "Create" with no validation error: the value of every element (element name -> value)
    created = Signal(dict)

    def __init__(self, source: InspectorSource, parent: QWidget | None = None, *, inspector_class: Callable[..., Any],
                 registry=None, data_sources=None):
        """``inspector_class``: the inspector widget to lay the elements out with (``ui.inspector.InspectorWidget``;
        passed in, as that module opens this dialog)."""
        super().__init__(parent)
        dialog_source = creation_source(source)
        if dialog_source is None:
            raise ValueError(f"{source.name} has no creation dialog")
        self.dirty = False
        self.inspector = inspector_class(self, registry=registry, data_sources=data_sources)
        self.inspector.show_errors = False
        self.inspector.reset_button.hide()
        self.inspector.title.hide()  # the window title says it
        self.inspector.show_node_type(dialog_source)
        # one list of fields, as in the CMS: no tab bar, no group header
        self.inspector.tabs.tabBar().hide()
        for section in self.inspector.sections.values():
            section.header.hide()
        label = self.inspector.layout_info.label
        self.setWindowTitle(f"Create new {label}")
        self.heading = QLabel(f"Create new {label}", self)
        self.heading.setObjectName("creationDialogTitle")
        font = QFont(self.heading.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.inspector.valueChanged.connect(self._changed)
        self.inspector.errorsChanged.connect(self._update_create)
        self.back_button = QPushButton("Back", self)
        self.back_button.setAutoDefault(False)
        self.create_button = QPushButton(icons.icon("fas fa-plus-square"), "Create", self)
        self.create_button.setDefault(True)
        self.back_button.clicked.connect(self.reject)
        self.create_button.clicked.connect(self.create)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.create_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.inspector, 1)
        layout.addLayout(buttons)
        self.resize(520, 240)
        self._sized = False

    def showEvent(self, event):  # noqa: N802 (Qt override)
        # The height the elements need is known once the dialog is laid out, i.e. when it is first shown
        # (while hidden the inspector's scroll area still has its default size): grow to it then, up to
        # a cap, and keep the dialog where it was placed, moved up if it would leave the screen.
        super().showEvent(event)
        if self._sized:
            return
        self._sized = True
        height = max(240, min(640, self.inspector.preferred_height() + 80))
        if height == self.height():
            return
        frame = self.geometry()
        frame.setHeight(height)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None:
            frame.moveTop(max(screen.top(), min(frame.top() - (height - self.height()) // 2, screen.bottom() - height)))
        self.setGeometry(frame)

    def has_errors(self) -> bool:
        return any(self.inspector.errors.values())

    def values(self) -> dict[str, Any]:
        return dict(self.inspector.values())

    def _changed(self, _name: str, _value: Any) -> None:
        if not self.dirty:
            self.dirty = True
            self.inspector.reveal_errors()
        self._update_create()

    def _update_create(self) -> None:
        self.create_button.setEnabled(not (self.dirty and self.has_errors()))

    def create(self) -> None:
        """"Create": refused (and every error shown) while an element has one; else ``created``, closed."""
        self.dirty = True
        self.inspector.reveal_errors()
        self._update_create()
        if self.has_errors():
            return
        self.created.emit(self.values())
        self.accept()
