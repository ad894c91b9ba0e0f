"""The *References* page of the definition editor: the node type's 9.x ``references:`` section.

A list of the references (inherited ones in grey italics) with Add and Remove, and the form of the
selected one: name (rename), label, group, position, help, creation dialog, editor, ``constraints``
(``maxItems``, ``nodeTypes``), the reference editor's options and the reference's own ``properties``.
Every change goes to ``push`` as an undoable operation through the editing layer, like the other pages;
``show_node_type`` refreshes the page from the model without emitting anything.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.catalogue import EDITORS
from nodetype_studio.model.merge import MISSING, get_path
from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.inspector import reference_type
from nodetype_studio.studio.owndefinition import own_config
from nodetype_studio.studio.values import REMOVE
from nodetype_studio.ui import style
from nodetype_studio.ui.studio import commands
from nodetype_studio.ui.studio.fields import ChoiceField, Field, TextField, ValueField, bool_field, field_for_option
from nodetype_studio.ui.studio.keyedtable import KeyedTable

REFERENCE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
PROPERTY_COLUMNS = [("type", "string"), ("defaultValue", "any")]
Push = Callable[..., None]


def own_references(node_type) -> dict:
    refs = own_config(node_type).get("references")
    return {k: v for k, v in refs.items() if v is not None} if isinstance(refs, dict) else {}


def effective_references(node_type) -> dict:
    refs = node_type.effective.get("references") if isinstance(node_type.effective, dict) else None
    return refs if isinstance(refs, dict) else {}


def remove_reference(name: str, reference: str) -> commands.Operation:
    """Remove ``references.<reference>``; a section left empty goes too (``{}`` would drop inherited ones)."""
    def run(editor) -> list:
        edits = editor.unset(name, ("references", reference))
        for path in dict.fromkeys(e.file for e in edits):
            doc = editor.document(path)
            entry = editor.entry_key(doc, name)
            if entry is not None and doc.has((entry, "references")) and not doc.get((entry, "references")):
                edits.append(doc.unset((entry, "references")))
        return edits
    return run


class ReferencesPage(QSplitter):
    """List and form of the selected node type's references; ``referenceSelected(name)`` follows the list."""

    referenceSelected = Signal(str)

    def __init__(self, push: Push, parent=None):
        super().__init__(Qt.Horizontal, parent)
        self.push = push
        self.node_type = None
        self.project = None
        self.name: str | None = None
        self._showing = False
        self._bursts: dict[tuple, int] = {}
        self._italic = QFont()
        self._italic.setItalic(True)
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        self.version_note = QLabel(left)
        self.version_note.setWordWrap(True)
        style.tint(self.version_note, style.NOTE)
        self.version_note.hide()
        column.addWidget(self.version_note)
        self.reference_list = QListWidget(left)
        self.reference_list.setObjectName("referenceList")
        self.reference_list.setSelectionMode(QAbstractItemView.SingleSelection)
        style.legible_foregrounds(self.reference_list)  # inherited references' grey, in either scheme
        self.reference_list.currentItemChanged.connect(self._current_changed)
        column.addWidget(self.reference_list, 1)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add", left)
        self.add_button.setObjectName("addReference")
        self.add_button.clicked.connect(lambda: self.add_reference())
        self.remove_button = QPushButton("Remove", left)
        self.remove_button.setObjectName("removeReference")
        self.remove_button.clicked.connect(self.remove_reference)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        column.addLayout(buttons)
        self.addWidget(left)
        self.form = self._build_form()
        area = QScrollArea(self)
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.NoFrame)
        area.setWidget(self.form)
        self.addWidget(area)
        self.setStretchFactor(1, 1)
        self.setStretchFactor(0, 0)
        self.setSizes([150, 420])

    # -- the form ------------------------------------------------------------------------------------------
    def _build_form(self) -> QWidget:
        form_widget = QWidget()
        layout = QVBoxLayout(form_widget)
        layout.setContentsMargins(0, 0, 0, 0)
        self.empty = QLabel("Select a reference, or add one.", form_widget)
        style.tint(self.empty, style.MUTED)
        layout.addWidget(self.empty)
        self.body = QWidget(form_widget)
        layout.addWidget(self.body)
        layout.addStretch(1)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        general = QFormLayout()
        general.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.fields: dict[tuple, Field | KeyedTable] = {}
        self.name_edit = QLineEdit(self.body)
        self.name_edit.setObjectName("referenceName")
        self.name_edit.setProperty("commitOnFinish", True)  # renamed on Enter: typing before is its own
        self.name_edit.editingFinished.connect(self._rename)
        self.name_note = QLabel(self.body)
        style.tint(self.name_note, style.MUTED)
        general.addRow("Name", self.name_edit)
        general.addRow("", self.name_note)
        self.group_field = ChoiceField(self.body, [], editable=True)
        self._add(general, "Label", ("ui", "label"), TextField(self.body))
        self._add(general, "Group", ("ui", "inspector", "group"), self.group_field)
        self._add(general, "Position", ("ui", "inspector", "position"), ValueField(self.body))
        self._add(general, "Help message", ("ui", "help", "message"), TextField(self.body, multiline=True))
        self._add(general, "Creation dialog", ("ui", "showInCreationDialog"), bool_field(self.body),
                  tooltip="ui.showInCreationDialog: the reference is asked for in the creation dialog, as an "
                          "element of type reference (maxItems: 1) or references")
        self._add(general, "Reload if changed", ("ui", "reloadIfChanged"), bool_field(self.body))
        self.editor_field = ChoiceField(self.body, _editor_choices(Platform()))
        self._add(general, "Editor", ("ui", "inspector", "editor"), self.editor_field)
        body.addLayout(general)
        constraints = QGroupBox("Constraints", self.body)
        constraints_form = QFormLayout(constraints)
        constraints_form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self._add(constraints_form, "maxItems", ("constraints", "maxItems"), ValueField(constraints, kind="integer"),
                  tooltip="1: a single reference (ReferenceEditor); empty: any number (ReferencesEditor)")
        self._add(constraints_form, "nodeTypes", ("constraints", "nodeTypes"), ValueField(constraints),
                  tooltip="Node types the content repository accepts, e.g. {'Neos.Neos:Document': true}")
        body.addWidget(constraints)
        self.options_box = QGroupBox("Editor options", self.body)
        options = QFormLayout(self.options_box)
        options.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        for option in EDITORS["ReferencesEditor"].options.values():
            self._add(options, option.name, ("ui", "inspector", "editorOptions", option.name),
                      field_for_option(option, self.options_box), tooltip=option.description)
        body.addWidget(self.options_box)
        properties = QGroupBox("Properties of the reference", self.body)
        properties_layout = QVBoxLayout(properties)
        self.properties_table = KeyedTable(PROPERTY_COLUMNS, properties, key_title="Property", new_key="property")
        self.properties_table.setObjectName("referenceProperties")
        self._connect_table(self.properties_table, ("properties",))
        properties_layout.addWidget(self.properties_table)
        body.addWidget(properties)
        self.body.hide()
        return form_widget

    def _add(self, form: QFormLayout, label: str, path: tuple, field: Field, tooltip: str = "") -> None:
        field.setObjectName("field:" + ".".join(path))
        if tooltip:
            field.setToolTip(tooltip)
        field.edited.connect(lambda value, p=path: self._edited(p, value))
        field.committed.connect(lambda p=path: self._bursts.__setitem__(p, self._bursts.get(p, 0) + 1))
        form.addRow(label, field)
        self.fields[path] = field

    def _connect_table(self, table: KeyedTable, path: tuple) -> None:
        self.fields[path] = table
        table.cellEdited.connect(lambda key, column, value, p=path: self._edited(p + (key, column), value, merge=False))
        table.keyAdded.connect(lambda key, p=path: self._edited(p + (key,), {"type": "string"}, merge=False, text="add"))
        table.keyRemoved.connect(lambda key, p=path: self._edited(p + (key,), REMOVE, merge=False, text="remove"))
        table.keyRenamed.connect(lambda old, new, p=path: self.push(
            f"rename {old} to {new}",
            commands.rename_key(self.node_type.name, ("references", self.name) + p + (old,), new),
            focus=(self.node_type.name, None)))

    # -- showing -------------------------------------------------------------------------------------------
    def show_node_type(self, node_type, project, reference: str | None = None) -> None:
        self.node_type, self.project = node_type, project
        self.editor_field.set_choices(_editor_choices(getattr(project, "platform", None) or Platform()))
        self.setEnabled(node_type is not None)
        version = getattr(getattr(getattr(project, "cms_version", None), "version", None), "value", "9")
        self.version_note.setText("Neos 8.3 ignores the references section: declare references as properties "
                                  "of type reference or references, or migrate to Neos 9.")
        self.version_note.setVisible(version == "8.3")
        self._showing = True
        try:
            current = reference or self.current_reference()
            self.reference_list.clear()
            if node_type is None:
                self._show_reference(None)
                return
            own, effective = own_references(node_type), effective_references(node_type)
            names = list(effective) + [n for n in own if n not in effective]
            for name in names:
                item = QListWidgetItem(str(name), self.reference_list)
                item.setData(Qt.UserRole, str(name))
                config = effective.get(name) if isinstance(effective.get(name), dict) else own.get(name, {})
                kind = "one node" if reference_type(config or {}) == "reference" else "several nodes"
                item.setToolTip(kind if name in own else f"inherited \u2014 {kind}")
                if name not in own:
                    item.setForeground(Qt.gray)
                    item.setFont(self._italic)
            if current in names:
                self.reference_list.setCurrentRow(names.index(current))
            elif names:
                self.reference_list.setCurrentRow(0)
        finally:
            self._showing = False
        self._show_reference(self.current_reference())

    def current_reference(self) -> str | None:
        item = self.reference_list.currentItem()
        return item.data(Qt.UserRole) if item is not None else None

    def select_reference(self, name: str) -> bool:
        for row in range(self.reference_list.count()):
            if self.reference_list.item(row).data(Qt.UserRole) == name:
                self.reference_list.setCurrentRow(row)
                return True
        return False

    def _current_changed(self, current, _previous) -> None:
        if self._showing:
            return
        name = current.data(Qt.UserRole) if current is not None else None
        self._show_reference(name)
        if name:
            self.referenceSelected.emit(name)

    def own(self, path: tuple) -> Any:
        return get_path(own_config(self.node_type), ("references", self.name) + path)

    def effective(self, path: tuple) -> Any:
        return get_path(self.node_type.effective, ("references", self.name) + path)

    @property
    def is_own(self) -> bool:
        return self.node_type is not None and self.name in own_references(self.node_type)

    def _show_reference(self, name: str | None) -> None:
        self.name = name
        mine = self.is_own
        self.remove_button.setEnabled(mine)
        self.remove_button.setToolTip("" if mine or name is None else "inherited references cannot be removed here")
        self.empty.setVisible(name is None)
        self.body.setVisible(name is not None)
        if name is None:
            return
        self._showing = True
        try:
            self.name_edit.setText(name)
            self.name_edit.setReadOnly(not mine)
            note = "" if mine else "inherited reference: changes are written as overrides"
            self.name_note.setText(note)
            self.name_note.setVisible(bool(note))
            groups = get_path(self.node_type.effective, ("ui", "inspector", "groups"))
            self.group_field.set_choices([(g, g) for g in groups] if isinstance(groups, dict) else [])
            single = reference_type(self.effective(()) if isinstance(self.effective(()), dict) else {}) == "reference"
            spec = EDITORS["ReferenceEditor" if single else "ReferencesEditor"]
            self.options_box.setTitle(f"Editor options \u2014 {spec.short_name}")
            for path, field in self.fields.items():
                own, effective = self.own(path), self.effective(path)
                if isinstance(field, KeyedTable):
                    field.show_rows(own, effective)
                    continue
                default = MISSING
                if path[:3] == ("ui", "inspector", "editorOptions"):
                    option = spec.option(path[3])
                    if option is not None and option.has_default:
                        default = spec.default(path[3], self.project.platform)
                elif path == ("ui", "inspector", "editor"):
                    default = spec.identifier(self.project.platform)
                field.show_value(own, effective if own is MISSING else MISSING, default)
        finally:
            self._showing = False

    # -- edits ---------------------------------------------------------------------------------------------
    def _edited(self, path: tuple, value: Any, *, merge: bool = True, text: str = "set") -> None:
        if self._showing or self.node_type is None or self.name is None:
            return
        keypath = ("references", self.name) + path
        shown = ".".join(str(p) for p in path)
        what = f"{text} {self.name}.{shown}" if value is not REMOVE or text != "set" else f"clear {self.name}.{shown}"
        merge_key = (self.node_type.name, keypath, self._bursts.get(path, 0)) if merge else None
        self.push(what, commands.set_value(self.node_type.name, keypath, value), merge_key=merge_key,
                  focus=(self.node_type.name, None))

    def add_reference(self, name: str | None = None) -> str | None:
        """Add a reference (``name`` or a free ``referenceN``) to the first group; returns its name."""
        if self.node_type is None:
            return None
        taken = set(effective_references(self.node_type)) | set(own_references(self.node_type)) | \
            set(self.node_type.properties)
        if name is None:
            number = 1
            while f"reference{number}" in taken:
                number += 1
            name = f"reference{number}"
        if name in taken or not REFERENCE_NAME.match(name):
            return None
        config: dict = {"ui": {"label": name[:1].upper() + name[1:], "inspector": {}}}
        groups = get_path(self.node_type.effective, ("ui", "inspector", "groups"))
        if isinstance(groups, dict) and groups:
            config["ui"]["inspector"]["group"] = next(iter(groups))
        nt = self.node_type.name
        self.push(f"add reference {name}", commands.set_value(nt, ("references", name), config), focus=(nt, None))
        self.select_after = name
        return name

    def remove_reference(self) -> None:
        name = self.current_reference()
        if name and self.node_type is not None and name in own_references(self.node_type):
            nt = self.node_type.name
            self.push(f"remove reference {name}", remove_reference(nt, name), focus=(nt, None))

    def _rename(self) -> None:
        new = self.name_edit.text().strip()
        if not self.is_own or new == self.name or self.name is None:
            return
        taken = set(effective_references(self.node_type)) | set(self.node_type.properties)
        if not REFERENCE_NAME.match(new) or new in taken:
            problem = "already exists" if new in taken else "letters, digits and _ only"
            self.name_note.setText(f"cannot rename to {new!r}: {problem}")
            self.name_note.show()
            self.name_edit.setText(self.name)
            return
        old, nt = self.name, self.node_type.name
        self.select_after = new
        self.push(f"rename reference {old} to {new}", commands.rename_key(nt, ("references", old), new),
                  focus=(nt, None))

    select_after: str | None = None

    def field(self, *path: str) -> Field | KeyedTable:
        return self.fields[tuple(path)]


def _editor_choices(platform: Platform) -> list[tuple[str, str]]:
    """The two reference editors, spelled as the project spells the platform (`Neos.Neos/…` or `Cms.Cms/…`)."""
    return [(platform.editor(name), name) for name in ("ReferenceEditor", "ReferencesEditor")]
