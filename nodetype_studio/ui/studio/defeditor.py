"""The definition editor: forms that edit the selected node type's own definition.

Three pages: *Node type* (label, icon, supertypes, abstract, final), *Layout* (inspector tabs and
groups) and *Properties* (a list to add, remove and reorder by drag and drop, and the form of the
selected property). Every change goes to ``push`` as an undoable operation; ``show_node_type``
refreshes the forms from the model without emitting anything.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.model.merge import MISSING, get_path
from nodetype_studio.preview.inspector import InspectorSource, build_layout
from nodetype_studio.studio.newproperty import first_content_group, new_property, platform_groups
from nodetype_studio.studio.ordering import plan_drop
from nodetype_studio.studio.owndefinition import own_config, own_properties
from nodetype_studio.studio.values import REMOVE
from nodetype_studio.ui import style
from nodetype_studio.ui.studio import commands, wheelguard
from nodetype_studio.ui.studio.fields import TextField
from nodetype_studio.ui.studio.keyedtable import KeyedTable
from nodetype_studio.ui.studio.propertyform import PROPERTY_NAME, PropertyForm
from nodetype_studio.ui.studio.referenceform import ReferencesPage

TAB_COLUMNS = [("label", "string"), ("icon", "string"), ("position", "any")]
GROUP_COLUMNS = [("label", "string"), ("icon", "string"), ("tab", "string"), ("position", "any"), ("collapsed", "boolean")]
NEW_PROPERTY = {"type": "string", "ui": {"label": "New property", "inspector": {}}}
Push = Callable[..., None]


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.NoFrame)
    area.setWidget(widget)
    return area


class PropertyList(QListWidget):
    """Properties in inspector order; a drop reports (moved name, new order)."""

    dropped = Signal(str, list)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setDragDropMode(QAbstractItemView.InternalMove)
        self.setDefaultDropAction(Qt.MoveAction)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        style.legible_foregrounds(self)  # inherited rows' grey reads on either scheme's base
        self._dragged: str | None = None
        self.rows: list[tuple] | None = []  # (name, group, own) as filled; None once the items moved otherwise
        model = self.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.rowsMoved, model.layoutChanged):
            signal.connect(self._moved)

    def _moved(self, *_args) -> None:
        self.rows = None  # a drop (or anything but fill) changed the items: they are read back from now on

    def fill(self, rows: list[tuple], italic: QFont) -> None:
        """Show ``rows`` (name, group, own), unless they are on show already."""
        if rows == self.rows:
            return
        self.clear()
        for name, group, mine in rows:
            item = QListWidgetItem(name, self)
            item.setData(Qt.UserRole, name)
            where = f"group: {group}" if group else "not in an inspector group (hidden or ungrouped)"
            item.setToolTip(where if mine else f"inherited \u2014 {where}")
            if not mine:  # inherited: grey italics, as inherited values elsewhere
                item.setForeground(Qt.gray)
                item.setFont(italic)
        self.rows = list(rows)

    def names(self) -> list[str]:
        if self.rows is not None:
            return [row[0] for row in self.rows]
        return [self.item(i).data(Qt.UserRole) for i in range(self.count())]

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        self._dragged = item.data(Qt.UserRole) if item is not None else None
        super().startDrag(actions)

    def dropEvent(self, event) -> None:
        super().dropEvent(event)
        if self._dragged is not None:
            self.dropped.emit(self._dragged, self.names())
        self._dragged = None


class DefinitionEditor(QTabWidget):
    """Edits one node type; ``propertySelected(name)`` follows the property list."""

    propertySelected = Signal(str)

    def __init__(self, push: Push, parent=None):
        super().__init__(parent)
        self.push = push
        self.node_type = None
        self.project = None
        self._bursts: dict[tuple, int] = {}
        self._showing = False
        self._italic = QFont()
        self._italic.setItalic(True)
        self.setDocumentMode(True)
        self.addTab(_scrolled(self._general_page()), "Node type")
        self.addTab(_scrolled(self._layout_page()), "Layout")
        self.addTab(self._properties_page(), "Properties")
        self.references_page = ReferencesPage(push)
        self.addTab(self.references_page, "References")  # the 9.x `references:` section
        self.setCurrentIndex(2)
        self.setEnabled(False)
        self._stale: set[int] = set()
        self._wanted_property: str | None = None
        self._order_cache: dict[str, tuple] = {}  # node type -> (its effective config, order)
        self.currentChanged.connect(self._page_changed)
        wheelguard.guard(self)

    # -- pages -------------------------------------------------------------------------------------------
    def _general_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.title = QLabel(page)
        style.emphasise(self.title, bold=True)
        self.title.setTextInteractionFlags(Qt.TextSelectableByMouse)
        form.addRow(self.title)
        self.label_field = self._text_field(page, ("ui", "label"))
        form.addRow("Label", self.label_field)
        self.icon_field = self._text_field(page, ("ui", "icon"))
        form.addRow("Icon", self.icon_field)
        flags = QHBoxLayout()
        self.abstract_box = QCheckBox("Abstract", page)
        self.final_box = QCheckBox("Final", page)
        for box, key in ((self.abstract_box, "abstract"), (self.final_box, "final")):
            box.toggled.connect(lambda on, k=key: self._flag(k, on))
            flags.addWidget(box)
        flags.addStretch(1)
        form.addRow("", flags)
        self.supertypes = style.outline_check_boxes(QListWidget(page))
        self.supertypes.setMaximumHeight(140)
        self.supertypes.itemChanged.connect(self._supertype_toggled)
        form.addRow("Supertypes", self.supertypes)
        row = QHBoxLayout()
        self.supertype_choice = QComboBox(page)
        self.supertype_choice.setEditable(True)
        self.supertype_choice.setInsertPolicy(QComboBox.NoInsert)
        self.supertype_choice.setObjectName("supertypeChoice")
        add = QPushButton("Add", page)
        add.clicked.connect(lambda: self.add_supertype(self.supertype_choice.currentText().strip()))
        remove = QPushButton("Remove", page)
        remove.clicked.connect(self._remove_supertype)
        row.addWidget(self.supertype_choice, 1)
        row.addWidget(add)
        row.addWidget(remove)
        form.addRow("", row)
        self.inherits = QLabel(page)
        self.inherits.setWordWrap(True)
        self.inherits.setObjectName("inherits")
        self.inherits.setTextFormat(Qt.RichText)  # each ancestor a link: a click goes there (navigation.py)
        self.inherits.setTextInteractionFlags(Qt.LinksAccessibleByMouse | Qt.LinksAccessibleByKeyboard)
        style.tint(self.inherits, style.MUTED)
        form.addRow("Inherits", self.inherits)
        return page

    def _layout_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("Inspector tabs", page))
        self.tabs_table = KeyedTable(TAB_COLUMNS, page, key_title="Tab", new_key="tab")
        self._connect_table(self.tabs_table, ("ui", "inspector", "tabs"))
        layout.addWidget(self.tabs_table)
        layout.addWidget(QLabel("Inspector groups", page))
        self.groups_table = KeyedTable(GROUP_COLUMNS, page, key_title="Group", new_key="group")
        self._connect_table(self.groups_table, ("ui", "inspector", "groups"))
        layout.addWidget(self.groups_table)
        return page

    def _properties_page(self) -> QWidget:
        splitter = QSplitter(Qt.Horizontal)
        left = QWidget(splitter)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        self.property_list = PropertyList(left)
        self.property_list.currentItemChanged.connect(self._property_changed)
        self.property_list.dropped.connect(self._dropped)
        column.addWidget(self.property_list, 1)
        buttons = QHBoxLayout()
        self.add_property_button = QPushButton("Add", left)
        self.add_property_button.clicked.connect(self.ask_new_property)
        self.remove_property_button = QPushButton("Remove", left)
        self.remove_property_button.clicked.connect(self.remove_property)
        buttons.addWidget(self.add_property_button)
        buttons.addWidget(self.remove_property_button)
        column.addLayout(buttons)
        self.property_form = PropertyForm(self.push)
        splitter.addWidget(left)
        splitter.addWidget(_scrolled(self.property_form))
        splitter.setStretchFactor(0, 1)  # the list takes a quarter of any room, the form the rest
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([140, 420])
        self.properties_splitter = splitter
        return splitter

    def _text_field(self, parent: QWidget, path: tuple) -> TextField:
        field = TextField(parent)
        field.setObjectName("field:" + ".".join(path))
        field.edited.connect(lambda value, p=path: self._set(p, value))
        field.committed.connect(lambda p=path: self._bursts.__setitem__(p, self._bursts.get(p, 0) + 1))
        return field

    def _connect_table(self, table: KeyedTable, path: tuple) -> None:
        table.cellEdited.connect(lambda key, column, value, p=path: self._set(p + (key, column), value, merge=False))
        table.keyAdded.connect(lambda key, p=path: self._set(p + (key,), {"label": key.capitalize()}, merge=False,
                                                             text="add"))
        table.keyRemoved.connect(lambda key, p=path: self._set(p + (key,), REMOVE, merge=False, text="remove"))
        table.keyRenamed.connect(lambda old, new, p=path: self.push(
            f"rename {old} to {new}", commands.rename_key(self.node_type.name, p + (old,), new),
            focus=(self.node_type.name, None)))

    # -- showing -----------------------------------------------------------------------------------------
    def show_node_type(self, node_type, project, property_name: str | None = None) -> None:
        """Refresh the page on show from ``node_type`` (None: nothing selected); the other pages are
        refreshed when they are shown."""
        self.node_type, self.project = node_type, project
        self._stale = {0, 1, 2, 3}
        self.setEnabled(node_type is not None)
        if node_type is None:
            self.property_form.show_property(None, None, None)
            self.property_list.fill([], self._italic)
            self.references_page.show_node_type(None, project)
            self._stale.clear()
            return
        self._wanted_property = property_name
        self._refresh(self.currentIndex())

    def _page_changed(self, index: int) -> None:
        if self.node_type is not None:
            self._refresh(index)

    def _refresh(self, page: int) -> None:
        if page not in self._stale:
            return
        self._stale.discard(page)
        local, effective = own_config(self.node_type), self.node_type.effective
        self._showing = True
        try:
            if page == 0:
                self.title.setText(self.node_type.name)
                self.label_field.show_value(get_path(local, ("ui", "label")), get_path(effective, ("ui", "label")))
                self.icon_field.show_value(get_path(local, ("ui", "icon")), get_path(effective, ("ui", "icon")))
                self.abstract_box.setChecked(self.node_type.abstract)
                self.final_box.setChecked(self.node_type.final)
                self._show_supertypes()
            elif page == 3:
                wanted, self.references_page.select_after = self.references_page.select_after, None
                self.references_page.show_node_type(self.node_type, self.project, wanted)
            elif page == 1:
                tabs, groups = ("ui", "inspector", "tabs"), ("ui", "inspector", "groups")
                self.tabs_table.show_rows(get_path(local, tabs), get_path(effective, tabs))
                self.groups_table.show_rows(get_path(local, groups), get_path(effective, groups))
            else:
                self._show_properties(self._wanted_property or self.current_property())
        finally:
            self._showing = False
        if page == 2:
            self.property_form.show_property(self.node_type, self.project.platform, self.current_property())
            self._update_buttons()

    def _show_supertypes(self) -> None:
        own = own_config(self.node_type).get("superTypes")
        own = own if isinstance(own, dict) else {}
        wanted = [(name, enabled is not None and enabled is not False) for name, enabled in own.items()]
        shown = [(self.supertypes.item(i).text(), self.supertypes.item(i).checkState() == Qt.Checked)
                 for i in range(self.supertypes.count())]
        if wanted != shown:
            self.supertypes.clear()
            for name, enabled in wanted:
                item = QListWidgetItem(name, self.supertypes)
                item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsSelectable | Qt.ItemIsUserCheckable)
                item.setCheckState(Qt.Checked if enabled else Qt.Unchecked)
                item.setToolTip("unchecked: the supertype is switched off (written as false)")
        names = sorted(n for n in self.project.node_types if n != self.node_type.name)
        if self.supertype_choice.count() != len(names):
            self.supertype_choice.clear()
            self.supertype_choice.addItems(names)
            self.supertype_choice.setCurrentIndex(-1)
        self.inherits.setText(" \u2192 ".join(f"<a href=\"{html.escape(name)}\">{html.escape(name)}</a>"
                                              for name in self.node_type.ancestors) or "(nothing)")

    def _property_order(self) -> tuple[list[str], dict[str, str | None]]:
        """Properties in inspector order (visible first), and the group of each."""
        effective = self.node_type.effective
        cached = self._order_cache.get(self.node_type.name)
        if cached is not None and cached[0] is effective:
            return cached[1]
        source = InspectorSource(self.node_type.name, effective, self.project.platform)
        layout = build_layout(source)
        visible = layout.visible_properties
        order = visible + [n for n in layout.properties if n not in visible]
        result = order, {name: item.group for name, item in layout.properties.items()}
        if len(self._order_cache) > 16:
            self._order_cache.clear()
        self._order_cache[self.node_type.name] = (effective, result)
        return result

    def _show_properties(self, current: str | None) -> None:
        order, groups = self._property_order()
        own = own_properties(self.node_type)
        self.property_list.fill([(name, groups.get(name), name in own) for name in order], self._italic)
        names = self.property_list.names()
        if current in names:
            self.property_list.setCurrentRow(names.index(current))
        elif names and self.property_list.currentRow() < 0:
            self.property_list.setCurrentRow(0)

    def current_property(self) -> str | None:
        item = self.property_list.currentItem()
        return item.data(Qt.UserRole) if item is not None else None

    def select_property(self, name: str) -> bool:
        """Show the property ``name``; under 9.x a property the CMS turns into a reference (``type:
        reference``) is shown on the References page instead."""
        self.setCurrentIndex(2)
        names = self.property_list.names()
        if name not in names:
            return self._select_reference(name)
        self.property_list.setCurrentRow(names.index(name))
        return True

    def _select_reference(self, name: str) -> bool:
        if self.node_type is None or name not in (self.node_type.effective.get("references") or {}):
            return False
        self.references_page.select_after = name
        self._stale.add(3)
        self.setCurrentIndex(3)
        self._refresh(3)
        return self.references_page.current_reference() == name

    def current_item(self) -> str | None:
        """The property, or on the References page the reference, the form shows."""
        return self.references_page.current_reference() if self.currentIndex() == 3 else self.current_property()

    def _property_changed(self, current, _previous) -> None:
        if self._showing or self.node_type is None:
            return
        name = current.data(Qt.UserRole) if current is not None else None
        self.property_form.show_property(self.node_type, self.project.platform, name)
        self._update_buttons()
        if name:
            self.propertySelected.emit(name)

    def _update_buttons(self) -> None:
        name = self.current_property()
        own = own_properties(self.node_type) if self.node_type is not None else None
        mine = isinstance(own, dict) and name in own
        self.remove_property_button.setEnabled(bool(mine))
        self.remove_property_button.setToolTip(
            "" if mine or name is None else "inherited properties cannot be removed (the CMS ignores null overrides)")

    # -- edits -------------------------------------------------------------------------------------------
    def _set(self, path: tuple, value: Any, *, merge: bool = True, text: str = "set") -> None:
        if self._showing or self.node_type is None:
            return
        name = self.node_type.name
        label = f"{text} {'.'.join(str(p) for p in path)}" if value is not REMOVE or text != "set" else \
            f"clear {'.'.join(str(p) for p in path)}"
        merge_key = (name, path, self._bursts.get(path, 0)) if merge else None
        self.push(label, commands.set_value(name, path, value), merge_key=merge_key, focus=(name, None))

    def _flag(self, key: str, on: bool) -> None:
        self._set((key,), True if on else REMOVE, merge=False, text="set" if on else "clear")

    def add_supertype(self, name: str) -> None:
        if not name or self.node_type is None or name == self.node_type.name:
            return
        self._set(("superTypes", name), True, merge=False, text="add supertype")

    def _remove_supertype(self) -> None:
        item = self.supertypes.currentItem()
        if item is not None:
            self._set(("superTypes", item.text()), REMOVE, merge=False, text="remove supertype")

    def _supertype_toggled(self, item: QListWidgetItem) -> None:
        if not self._showing:
            self._set(("superTypes", item.text()), item.checkState() == Qt.Checked, merge=False, text="switch supertype")

    def ask_new_property(self) -> str | None:
        """The Add button: name, type and editor from a small dialog, then ``add_property``."""
        if self.node_type is None:
            return None
        from nodetype_studio.ui.studio.newproperty import NewPropertyDialog

        dialog = NewPropertyDialog(self.node_type, self.project.platform, self)
        if dialog.exec() != NewPropertyDialog.Accepted:
            return None
        name, prop_type, editor = dialog.values()
        return self.add_property(name, prop_type, editor)

    def add_property(self, name: str | None = None, prop_type: str = "string", editor: str | None = None) -> str | None:
        """Add property ``name`` (or a free ``propertyN``) of ``prop_type`` to the node type's first content
        group, labelled after its name; returns its name."""
        if self.node_type is None:
            return None
        existing = set(self.node_type.properties)
        if name is None:
            number = 1
            while f"property{number}" in existing:
                number += 1
            name = f"property{number}"
        if name in existing or not PROPERTY_NAME.match(name):
            return None
        group = first_content_group(self.node_type.effective, platform_groups(self.node_type, self.project))
        config = new_property(name, prop_type, editor, group)
        current = self.current_property()
        own = own_properties(self.node_type)
        after = current if isinstance(own, dict) and current in own else None
        nt = self.node_type.name
        self.push(f"add property {name}", commands.insert_key(nt, ("properties",), name, config, after=after),
                  focus=(nt, name))
        return name

    def remove_property(self) -> None:
        name = self.current_property()
        own = own_properties(self.node_type) if self.node_type is not None else None
        if name and isinstance(own, dict) and name in own:
            nt = self.node_type.name
            self.push(f"remove property {name}", commands.unset(nt, ("properties", name)), focus=(nt, None))

    def _dropped(self, moved: str, order: list[str]) -> None:
        self.move_property(moved, order)

    def move_property(self, moved: str, order: list[str]) -> None:
        """Place ``moved`` as in ``order`` (the whole list after a drop): group and position are written."""
        _old, groups = self._property_order()
        index = order.index(moved)
        neighbours = order[index - 1::-1] if index > 0 else []
        group = next((groups[n] for n in neighbours if groups.get(n)), None) if neighbours else None
        if group is None:
            group = next((groups[n] for n in order[index + 1:] if groups.get(n)), None)
        if group is None:
            self.show_node_type(self.node_type, self.project)  # nowhere to put it: show the real order again
            return
        # the sorter receives a group's members in property order (the layout's), as the inspector does
        members = [n for n in groups if groups.get(n) == group or n == moved]
        new_order = [n for n in order if n in members]
        positions = {}
        for member in members:
            value = get_path(self.node_type.effective, ("properties", member, "ui", "inspector", "position"))
            if value is not MISSING:
                positions[member] = value
        changes = plan_drop(members, positions, moved, new_order)
        nt = self.node_type.name
        operations = []
        if groups.get(moved) != group:
            operations.append(commands.set_value(nt, ("properties", moved, "ui", "inspector", "group"), group))
        for name, position in changes.items():
            operations.append(commands.set_value(nt, ("properties", name, "ui", "inspector", "position"), position))
        if operations:
            self.push(f"move property {moved}", commands.sequence(*operations), focus=(nt, moved))
        else:
            self.show_node_type(self.node_type, self.project)
