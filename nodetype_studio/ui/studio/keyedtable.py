"""A map of maps as a table: inspector tabs and groups, select-box values, image crop presets.

One row per key (in effective order), one column per child key. Rows the node type defines itself are
editable; inherited rows show greyed and can be overridden cell by cell, not renamed or removed.
The user's changes arrive as signals; ``show_rows`` never emits.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.model.merge import MISSING
from nodetype_studio.studio.values import REMOVE
from nodetype_studio.ui import style
from nodetype_studio.ui.studio.fields import flow, parse_flow

INHERITED = "#8a8a8a"


class KeyedTable(QWidget):
    cellEdited = Signal(str, str, object)  # key, column, value (REMOVE: clear)
    keyAdded = Signal(str)
    keyRemoved = Signal(str)
    keyRenamed = Signal(str, str)

    def __init__(self, columns: list[tuple[str, str]], parent=None, *, key_title: str = "Key",
                 new_key: str = "item"):
        """``columns``: (child key, option type) pairs; the type decides how typed text is read."""
        super().__init__(parent)
        self.columns = list(columns)
        self.new_key = new_key
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.table = QTableWidget(0, len(columns) + 1, self)
        self.table.setHorizontalHeaderLabels([key_title] + [name for name, _t in columns])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._item_changed)
        style.legible_foregrounds(self.table)  # the inherited grey and the error red, in either scheme
        layout.addWidget(self.table)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add", self)
        self.remove_button = QPushButton("Remove", self)
        self.add_button.clicked.connect(lambda: self.add_key())
        self.remove_button.clicked.connect(self._remove_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.keys: list[str] = []
        self.own_keys: set[str] = set()
        self._showing = False
        self._italic = QFont()
        self._italic.setItalic(True)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self._selection_changed()

    def show_rows(self, own: Any, effective: Any) -> None:
        own = own if isinstance(own, dict) else {}
        effective = effective if isinstance(effective, dict) else {}
        keys = list(effective) + [k for k in own if k not in effective]
        self._showing = True
        selected = self.selected_key()
        self.table.setRowCount(len(keys))
        for row, key in enumerate(keys):
            is_own = key in own
            own_row = own.get(key) if isinstance(own.get(key), dict) else {}
            eff_row = effective.get(key) if isinstance(effective.get(key), dict) else {}
            self._set(row, 0, str(key), is_own, editable=is_own)
            for column, (name, _kind) in enumerate(self.columns, start=1):
                value = own_row.get(name, MISSING)
                mine = value is not MISSING
                if not mine:
                    value = eff_row.get(name, MISSING)
                self._set(row, column, "" if value is MISSING else flow(value), mine, editable=True)
        self.keys = [str(k) for k in keys]
        self.own_keys = {str(k) for k in own}
        if selected in self.keys:
            self.table.selectRow(self.keys.index(selected))
        self._showing = False
        self._selection_changed()
        self.table.resizeColumnToContents(0)

    def _set(self, row: int, column: int, text: str, own: bool, *, editable: bool) -> None:
        item = self.table.item(row, column)
        if item is None:
            item = QTableWidgetItem()
            self.table.setItem(row, column, item)
        if item.text() != text:
            item.setText(text)
        flags = Qt.ItemIsEnabled | Qt.ItemIsSelectable | (Qt.ItemIsEditable if editable else Qt.NoItemFlags)
        item.setFlags(flags)
        # an own cell follows the palette (a brush of its text colour would keep the scheme it was set in)
        item.setData(Qt.ItemDataRole.ForegroundRole, None if own else QColor(INHERITED))
        item.setFont(QFont() if own else self._italic)
        item.setToolTip("" if own else "inherited; type to override it in this node type")

    def selected_key(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if rows and rows[0].row() < len(self.keys):
            return self.keys[rows[0].row()]
        return None

    def _selection_changed(self) -> None:
        key = self.selected_key()
        self.remove_button.setEnabled(key is not None and key in self.own_keys)

    # -- user actions (also used by tests and scripts) ---------------------------------------------------
    def add_key(self, key: str | None = None) -> str:
        if key is None:
            number = 1
            while f"{self.new_key}{number}" in self.keys:
                number += 1
            key = f"{self.new_key}{number}"
        self.keyAdded.emit(key)
        return key

    def set_cell(self, key: str, column: str, text: str) -> None:
        """Type ``text`` into a cell as the user would."""
        row = self.keys.index(key)
        col = 1 + [name for name, _k in self.columns].index(column)
        self.table.item(row, col).setText(text)

    def rename(self, key: str, new_key: str) -> None:
        self.table.item(self.keys.index(key), 0).setText(new_key)

    def remove(self, key: str) -> None:
        self.keyRemoved.emit(key)

    def _remove_selected(self) -> None:
        key = self.selected_key()
        if key is not None and key in self.own_keys:
            self.keyRemoved.emit(key)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._showing or item.row() >= len(self.keys):
            return
        key = self.keys[item.row()]
        text = item.text().strip()
        if item.column() == 0:
            if text and text != key:
                self.keyRenamed.emit(key, text)
            return
        name, kind = self.columns[item.column() - 1]
        if not text:
            self.cellEdited.emit(key, name, REMOVE)
            return
        if kind == "string":
            self.cellEdited.emit(key, name, item.text())
            return
        value, problem = parse_flow(text)
        if problem is None:
            self.cellEdited.emit(key, name, value)
        else:
            item.setToolTip(problem)
            item.setForeground(QColor(style.ERROR))
