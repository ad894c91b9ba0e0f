"""The form of one property: name, type, editor (only fitting ones), group, label, help, default value,
position, every option of its editor and its validators with their options, generated from the catalogue.

Fields show the node type's own value; inherited values and catalogue defaults appear as
placeholders. Every change is sent to ``push(text, operation, merge_key, focus)`` as an undoable
operation; the form is refreshed from the model afterwards and never changes the model itself.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.catalogue import ANY_KEY, EDITORS, custom_editors, editor_spec
from nodetype_studio.catalogue.types import known_type_names
from nodetype_studio.model.merge import MISSING, get_path
from nodetype_studio.studio.owndefinition import own_config, own_properties
from nodetype_studio.studio.values import REMOVE
from nodetype_studio.ui import style
from nodetype_studio.ui.studio import commands
from nodetype_studio.ui.studio.fields import (
    ChoiceField,
    Field,
    TextField,
    ValueField,
    field_for_option,
    flow,
)
from nodetype_studio.ui.studio.keyedtable import KeyedTable
from nodetype_studio.validation import get_validator, registered_validators

PROPERTY_NAME = re.compile(r"^_?[A-Za-z][A-Za-z0-9_]*$")
Push = Callable[..., None]


def fitting_editors(prop_type: str, platform) -> list[tuple[str, str]]:
    """(identifier, label) of the editors that fit ``prop_type`` (built-in, then plugins)."""
    found = []
    for spec in list(EDITORS.values()) + list(custom_editors().values()):
        if spec.status == "removed-in-9" or not spec.fits_types or not spec.fits(prop_type, platform):
            continue
        found.append((spec.identifier(platform), spec.short_name + ("" if spec.origin == "built-in" else f" ({spec.origin})")))
    return found


def table_columns(option) -> list[tuple[str, str]] | None:
    """Columns for a map-of-maps option (``values``, crop presets): the child keys of its ``*`` entry."""
    if option.type != "map":
        return None
    entry = option.children.get(ANY_KEY)
    if entry is None or entry.type != "map" or not entry.children:
        return None
    return [(name, child.type) for name, child in entry.children.items()]


class _Body:
    """One built form: its widgets and fields by key path."""

    def __init__(self, widget: QWidget):
        self.widget = widget
        self.fields: dict[tuple, Field | KeyedTable] = {}
        self.remove_buttons: dict[str, QPushButton] = {}
        self.name_edit: QLineEdit | None = None
        self.name_note: QLabel | None = None
        self.validator_choice: ChoiceField | None = None


def validator_spec(identifier: str, platform):
    """The spec of a built-in or plugin validator (the validation registry is the one source); None if unknown."""
    validator = get_validator(identifier, platform)
    return validator.spec if validator is not None else None


@cache
def _type_choices() -> list[tuple[str, str]]:
    return [(t, t) for t in known_type_names()]


class PropertyForm(QWidget):
    """Edits property ``name`` of a node type. Forms are built per shape (type, editor, validators, groups)
    and kept, so switching between properties and node types mostly refills existing widgets."""

    def __init__(self, push: Push, parent=None, keep: int = 8):
        super().__init__(parent)
        self.push = push
        self.node_type = None
        self.platform = None
        self.name: str | None = None
        self.keep = keep
        self._bodies: OrderedDict[tuple, _Body] = OrderedDict()  # built forms by shape, most recent last
        self.current: _Body | None = None
        self._bursts: dict[tuple, int] = {}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.stack = QStackedWidget(self)
        self.empty = QLabel("Select a property, or add one.", self)
        style.tint(self.empty, style.MUTED)
        self.empty.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.stack.addWidget(self.empty)
        outer.addWidget(self.stack)

    # the widgets of the form on show (tests and scripts use them)
    @property
    def fields(self) -> dict:
        return self.current.fields if self.current is not None else {}

    @property
    def name_edit(self) -> QLineEdit:
        return self.current.name_edit

    @property
    def name_note(self) -> QLabel:
        return self.current.name_note

    @property
    def validator_choice(self) -> ChoiceField:
        return self.current.validator_choice

    # -- model access ------------------------------------------------------------------------------------
    def own(self, path: tuple) -> Any:
        return get_path(own_config(self.node_type), ("properties", self.name) + path)

    def effective(self, path: tuple) -> Any:
        return get_path(self.node_type.preview, ("properties", self.name) + path)

    @property
    def is_own(self) -> bool:
        return self.node_type is not None and self.name in own_properties(self.node_type)

    def editor_identifier(self) -> str | None:
        value = self.effective(("ui", "inspector", "editor"))
        return value if isinstance(value, str) else None

    def prop_type(self) -> str:
        value = self.effective(("type",))
        return value if isinstance(value, str) else "string"

    # -- showing -----------------------------------------------------------------------------------------
    def show_property(self, node_type, platform, name: str | None) -> None:
        self.node_type, self.platform = node_type, platform
        exists = node_type is not None and name is not None and name in node_type.properties
        self.name = name if exists else None
        if self.name is None:
            self.current = None
            self.stack.setCurrentWidget(self.empty)
            return
        validation = self.effective(("validation",))
        groups = get_path(node_type.preview, ("ui", "inspector", "groups"))
        # what the widgets depend on; a form of the same shape is reused for any property of any type
        shape = (self.prop_type(), self.editor_identifier(), tuple(validation) if isinstance(validation, dict) else (),
                 tuple(groups) if isinstance(groups, dict) else ())
        body = self._bodies.pop(shape, None)
        if body is None:
            body = self._build(shape)
            self.stack.addWidget(body.widget)
        self._bodies[shape] = body
        while len(self._bodies) > self.keep:
            _shape, old = self._bodies.popitem(last=False)
            self.stack.removeWidget(old.widget)
            old.widget.deleteLater()
        self.current = body
        self._fill()
        self.stack.setCurrentWidget(body.widget)

    def _build(self, shape: tuple) -> _Body:
        prop_type, identifier, validators, groups = shape
        widget = QWidget()
        body = _Body(widget)
        layout = QVBoxLayout(widget)
        layout.setContentsMargins(0, 0, 0, 0)
        general = QFormLayout()
        general.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        body.name_edit = QLineEdit(widget)
        body.name_edit.setObjectName("propertyName")
        body.name_edit.editingFinished.connect(self._rename)
        body.name_note = QLabel(widget)
        style.tint(body.name_note, style.MUTED)
        general.addRow("Name", body.name_edit)
        general.addRow("", body.name_note)
        self._add(body, general, "Type", ("type",), ChoiceField(widget, _type_choices(), editable=True))
        self._add(body, general, "Editor", ("ui", "inspector", "editor"),
                  ChoiceField(widget, fitting_editors(prop_type, self.platform)))
        self._add(body, general, "Group", ("ui", "inspector", "group"),
                  ChoiceField(widget, [(g, g) for g in groups], editable=True))
        self._add(body, general, "Position", ("ui", "inspector", "position"), ValueField(widget))
        self._add(body, general, "Label", ("ui", "label"), TextField(widget))
        self._add(body, general, "Help message", ("ui", "help", "message"), TextField(widget, multiline=True))
        self._add(body, general, "Default value", ("defaultValue",), ValueField(widget))
        layout.addLayout(general)

        spec = editor_spec(identifier, self.platform) if identifier else None
        options_box = QGroupBox(f"Editor options \u2014 {spec.short_name}" if spec else "Editor options", widget)
        options_box.setObjectName("editorOptions")
        options = QFormLayout(options_box)
        options.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        if spec is None:
            options.addRow(QLabel("No editor resolves for this property (set a type or an editor).", options_box))
        else:
            for option in spec.options.values():
                path = ("ui", "inspector", "editorOptions", option.name)
                columns = table_columns(option)
                if columns is not None:
                    table = KeyedTable(columns, options_box, new_key="value" if option.name == "values" else "item")
                    table.setObjectName(f"option:{option.name}")
                    self._connect_table(body, table, path)
                    options.addRow(self._label(option), table)
                else:
                    self._add(body, options, self._label(option), path, field_for_option(option, options_box),
                              tooltip=option.description)
        layout.addWidget(options_box)
        layout.addWidget(self._validators_box(body, widget, validators))
        layout.addStretch(1)
        return body

    def _label(self, option) -> QLabel:
        label = QLabel(option.name + (" *" if option.required else ""))
        label.setToolTip(option.description + (f"\n\nCMS: {option.spec_vs_cms}" if option.spec_vs_cms else ""))
        if option.deprecated:
            style.emphasise(style.tint(label, style.MUTED), italic=True)
        return label

    def _validators_box(self, body: _Body, parent: QWidget, validators: tuple) -> QGroupBox:
        box = QGroupBox("Validators", parent)
        box.setObjectName("validators")
        layout = QVBoxLayout(box)
        for identifier in validators:
            spec = validator_spec(identifier, self.platform)
            row = QGroupBox(spec.short_name if spec else identifier, box)
            row.setObjectName(f"validator:{identifier}")
            form = QFormLayout(row)
            remove = QPushButton("Remove validator", row)
            remove.setObjectName(f"removeValidator:{identifier}")
            remove.clicked.connect(lambda _=False, v=identifier: self._remove_validator(v))
            body.remove_buttons[identifier] = remove
            form.addRow(remove)
            if spec is None:
                form.addRow(QLabel("Unknown validator: its options cannot be listed.", row))
            else:
                for option in spec.options.values():
                    self._add(body, form, self._label(option), ("validation", identifier, option.name),
                              field_for_option(option, row), tooltip=option.description)
            layout.addWidget(row)
        configured = set(validators)
        choices = [(identifier, v.spec.short_name + ("" if v.origin == "built-in" else f" ({v.origin})"))
                   for identifier, v in registered_validators(self.platform).items() if identifier not in configured]
        body.validator_choice = ChoiceField(box, [])
        body.validator_choice.set_choices(choices, "(add a validator)")
        body.validator_choice.setObjectName("addValidator")
        body.validator_choice.edited.connect(self._add_validator)
        layout.addWidget(body.validator_choice)
        return box

    def _add(self, body: _Body, form: QFormLayout, label, path: tuple, field: Field, tooltip: str = "") -> None:
        field.setObjectName("field:" + ".".join(path))
        if tooltip:
            field.setToolTip(tooltip)
        field.edited.connect(lambda value, p=path: self._edited(p, value))
        field.committed.connect(lambda p=path: self._bursts.__setitem__(p, self._bursts.get(p, 0) + 1))
        form.addRow(label, field)
        body.fields[path] = field

    def _connect_table(self, body: _Body, table: KeyedTable, path: tuple) -> None:
        body.fields[path] = table
        table.cellEdited.connect(lambda key, column, value, p=path: self._edited(p + (key, column), value, merge=False))
        table.keyAdded.connect(lambda key, p=path: self._edited(p + (key,), {"label": key.capitalize()}, merge=False,
                                                                text="add"))
        table.keyRemoved.connect(lambda key, p=path: self._edited(p + (key,), REMOVE, merge=False, text="remove"))
        table.keyRenamed.connect(lambda old, new, p=path: self._rename_key(p + (old,), new))

    def _fill(self) -> None:
        body = self.current
        if body.name_edit.text() != self.name:
            body.name_edit.setText(self.name)
        body.name_edit.setReadOnly(not self.is_own)
        note = "" if self.is_own else "inherited property: changes are written as overrides"
        body.name_note.setText(note)
        body.name_note.setVisible(bool(note))
        for identifier, button in body.remove_buttons.items():
            button.setEnabled(self.own(("validation", identifier)) is not MISSING)
        spec = editor_spec(self.editor_identifier(), self.platform) if self.editor_identifier() else None
        for path, field in self.fields.items():
            own, effective = self.own(path), self.effective(path)
            if isinstance(field, KeyedTable):
                field.show_rows(own, effective)
                continue
            default = MISSING
            if spec is not None and path[:3] == ("ui", "inspector", "editorOptions"):
                option = spec.option(path[3])
                if option is not None and option.has_default:
                    default = spec.default(path[3], self.platform)
            elif path[0] == "validation":
                vspec = validator_spec(path[1], self.platform)
                option = vspec.option(path[2]) if vspec else None
                if option is not None and option.has_default:
                    default = option.default
            if path == ("ui", "inspector", "editor"):
                effective = effective.rsplit("/", 1)[-1] if isinstance(effective, str) else effective
            field.show_value(own, effective if own is MISSING else MISSING, default)

    # -- edits -------------------------------------------------------------------------------------------
    def _edited(self, path: tuple, value: Any, *, merge: bool = True, text: str = "set") -> None:
        keypath = ("properties", self.name) + path
        shown = ".".join(str(p) for p in path)
        what = f"{text} {self.name}.{shown}" if value is not REMOVE or text != "set" else f"clear {self.name}.{shown}"
        merge_key = (self.node_type.name, keypath, self._bursts.get(path, 0)) if merge else None
        self.push(what, commands.set_value(self.node_type.name, keypath, value), merge_key=merge_key,
                  focus=(self.node_type.name, self.name))

    def _rename(self) -> None:
        new = self.name_edit.text().strip()
        if not self.is_own or new == self.name:
            return
        if not PROPERTY_NAME.match(new) or new in self.node_type.properties:
            problem = "already exists" if new in self.node_type.properties else "letters, digits and _ only"
            self.name_note.setText(f"cannot rename to {new!r}: {problem}")
            self.name_note.show()
            self.name_edit.setText(self.name)
            return
        old = self.name
        self.push(f"rename property {old} to {new}", commands.rename_key(self.node_type.name, ("properties", old), new),
                  focus=(self.node_type.name, new))

    def _rename_key(self, path: tuple, new: str) -> None:
        keypath = ("properties", self.name) + path
        self.push(f"rename {flow(path[-1])} to {new}", commands.rename_key(self.node_type.name, keypath, new),
                  focus=(self.node_type.name, self.name))

    def _add_validator(self, identifier: Any) -> None:
        if identifier is REMOVE:
            return
        self._edited(("validation", identifier), {}, merge=False, text="add validator")

    def _remove_validator(self, identifier: str) -> None:
        self._edited(("validation", identifier), REMOVE, merge=False, text="remove validator")

    # -- for tests and scripted use ----------------------------------------------------------------------
    def field(self, *path: str) -> Field | KeyedTable:
        return self.fields[tuple(path)]
