"""The small dialog a new property starts from: name, type and editor (the rest is filled in:
``studio/newproperty.py``)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit

from nodetype_studio.catalogue.types import known_type_names
from nodetype_studio.studio.newproperty import label_from_name, problem_with_name
from nodetype_studio.ui import style
from nodetype_studio.ui.studio.propertyform import fitting_editors

DEFAULT_EDITOR = "(the type's default editor)"


class NewPropertyDialog(QDialog):
    def __init__(self, node_type, platform, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New Property")
        self.existing = set(node_type.properties) if node_type is not None else set()
        self.platform = platform
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.name.setObjectName("newPropertyName")
        self.name.setPlaceholderText("e.g. heroImage")
        form.addRow("Name", self.name)
        self.label = QLabel(self)
        style.tint(self.label, style.MUTED)
        form.addRow("Label", self.label)
        self.type = QComboBox(self)
        self.type.setObjectName("newPropertyType")
        self.type.setEditable(True)
        self.type.addItems(list(known_type_names()))
        self.type.setCurrentText("string")
        form.addRow("Type", self.type)
        self.editor = QComboBox(self)
        self.editor.setObjectName("newPropertyEditor")
        form.addRow("Editor", self.editor)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        style.tint(self.problem, style.ERROR)
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.name.textChanged.connect(self._check)
        self.type.currentTextChanged.connect(self._fill_editors)
        self._fill_editors(self.type.currentText())
        self._check()

    def _fill_editors(self, prop_type: str) -> None:
        current = self.editor.currentData()
        self.editor.clear()
        self.editor.addItem(DEFAULT_EDITOR, None)
        for identifier, text in fitting_editors(prop_type.strip() or "string", self.platform):
            self.editor.addItem(text, identifier)
        index = self.editor.findData(current) if current else 0
        self.editor.setCurrentIndex(max(index, 0))

    def _check(self) -> None:
        name = self.name.text().strip()
        problem = problem_with_name(name, self.existing)
        self.problem.setText(problem if name else "")
        self.label.setText(label_from_name(name) if name else "")
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(not problem)

    def values(self) -> tuple[str, str, str | None]:
        """(name, type, editor identifier or None)."""
        return self.name.text().strip(), self.type.currentText().strip() or "string", self.editor.currentData()
