"""The effective configuration of the selected node type with provenance for every value.

Each row is a key of ``NodeType.effective``: its value, the layer that set it (own, a supertype, a
preset, the platform baseline, a data-type or editor default), where (file:line) and what it
overrode. Activating a row emits ``locationActivated(file, line)``. Children are built when a row is
expanded, so a large node type costs nothing until looked at.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QHeaderView,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.ui import style

PATH_ROLE = Qt.UserRole + 1
LOCATION_ROLE = Qt.UserRole + 2
LAYER_COLOURS = {"own": "#2e7d32", "data-type default": "#8a8a8a", "editor default": "#8a8a8a",
                 "platform baseline": "#6d6d9e"}
COLUMNS = ("Key", "Value", "From", "Location", "Overrode")
FILTER_ROWS = 5000  # nested rows built to search a large configuration, at most


def short(value: Any, limit: int = 80) -> str:
    if isinstance(value, dict):
        return f"{{{len(value)} key{'s' if len(value) != 1 else ''}}}" if value else "{}"
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = repr(value)
    text = text.replace("\n", "\u21b5")
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _key(path) -> str:
    return json.dumps(list(path))


class ProvenanceView(QWidget):
    locationActivated = Signal(str, int)

    def __init__(self, parent=None, display=str):
        super().__init__(parent)
        self.display = display  # path -> text shown
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter keys (e.g. properties.title)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setProperty("ownUndo", True)  # its typing is not project data (shortcuts.py)
        self.filter.textChanged.connect(self._apply_filter)
        layout.addWidget(self.filter)
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(COLUMNS)
        self.tree.setUniformRowHeights(True)
        self.tree.setTextElideMode(Qt.ElideMiddle)  # paths keep their file name
        self.tree.header().setSectionResizeMode(QHeaderView.Interactive)
        self.tree.setColumnWidth(0, 220)
        self.tree.setColumnWidth(1, 200)
        self.tree.setColumnWidth(2, 160)
        self.tree.setColumnWidth(3, 220)
        self.tree.itemExpanded.connect(self._fill)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        layout.addWidget(self.tree, 1)
        self.node_type = None
        self._shown = None
        self._values: dict[str, Any] = {}

    def show_node_type(self, node_type) -> None:
        """Show ``node_type`` (built only if its configuration changed since the last call)."""
        key = (id(node_type), id(getattr(node_type, "effective", None)))
        if key == self._shown:
            return
        expanded = self._expanded_paths()
        self.node_type = node_type
        self._shown = key
        self.tree.clear()
        self._values.clear()
        if node_type is None:
            return
        self._add_children(self.tree.invisibleRootItem(), (), node_type.effective)
        self._restore(expanded)
        self._apply_filter(self.filter.text())

    def _add_children(self, parent: QTreeWidgetItem, path: tuple, value: Any) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value)
        rows = []
        for key, child in items:
            rows.append(self._row(path + (key,), key, child))
        parent.addChildren(rows)

    def _row(self, path: tuple, key: Any, value: Any) -> QTreeWidgetItem:
        prov = self.node_type.provenance(path)
        location = prov.location
        where = ""
        if location is not None:
            where = self.display(location.file) + (f":{location.line}" if location.line else "")
        overrode = "; ".join(f"{short(v, 30)} ({layer})" for v, _loc, layer in prov.overridden)
        item = QTreeWidgetItem([str(key), short(value), prov.layer or "", where, overrode])
        item.setData(0, PATH_ROLE, _key(path))
        if location is not None:
            item.setData(0, LOCATION_ROLE, (location.file, location.line))
            item.setToolTip(3, str(location))
        colour = LAYER_COLOURS.get(prov.layer) if prov.layer else None
        if colour:
            item.setForeground(2, style.legible(colour, self.palette().color(QPalette.ColorRole.Base)))
        if prov.overridden:
            item.setToolTip(4, "\n".join(f"{short(v, 200)}  \u2190 {layer}" + (f" at {loc}" if loc else "")
                                         for v, loc, layer in prov.overridden))
        if isinstance(value, (dict, list)) and value:
            item.setChildIndicatorPolicy(QTreeWidgetItem.ShowIndicator)
            self._values[_key(path)] = value
        return item

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        """A new scheme: the layer names take the colours that read on its base."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._recolour()

    def _recolour(self) -> None:
        base = self.palette().color(QPalette.ColorRole.Base)  # (the tree hears of a new palette after us)
        stack = [self.tree.invisibleRootItem()]
        while stack:
            item = stack.pop()
            for i in range(item.childCount()):
                child = item.child(i)
                colour = LAYER_COLOURS.get(child.text(2))
                if colour:
                    child.setForeground(2, style.legible(colour, base))
                stack.append(child)

    def _fill(self, item: QTreeWidgetItem) -> None:
        if item.childCount() == 0:
            key = item.data(0, PATH_ROLE)
            value = self._values.get(key)
            if isinstance(value, (dict, list)):
                self._add_children(item, tuple(json.loads(key)), value)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        location = item.data(0, LOCATION_ROLE)
        if location:
            self.locationActivated.emit(location[0], location[1])

    # -- expansion and filter --------------------------------------------------------------------------
    def _expanded_paths(self) -> set[tuple]:
        found = set()
        stack = [self.tree.invisibleRootItem()]
        while stack:
            item = stack.pop()
            for i in range(item.childCount()):
                child = item.child(i)
                if child.isExpanded():
                    found.add(tuple(json.loads(child.data(0, PATH_ROLE))))
                    stack.append(child)
        return found

    def _restore(self, paths: set[tuple]) -> None:
        for path in sorted(paths, key=len):
            item = self.item_for(path)
            if item is not None:
                item.setExpanded(True)

    def item_for(self, path: tuple) -> QTreeWidgetItem | None:
        """The row of ``path`` (parents are expanded to build it)."""
        item = self.tree.invisibleRootItem()
        for depth in range(len(path)):
            if depth:
                item.setExpanded(True)
            found = None
            for i in range(item.childCount()):
                if item.child(i).data(0, PATH_ROLE) == _key(path[:depth + 1]):
                    found = item.child(i)
                    break
            if found is None:
                return None
            item = found
        return item if path else None

    def _apply_filter(self, text: str) -> None:
        """Show the keys whose dotted path contains the text (``limit``, ``properties.title``), and the
        keys above them; the rest is hidden. Nested keys are built for the search (at most ``FILTER_ROWS``)."""
        needle = text.strip().lower()
        root = self.tree.invisibleRootItem()
        if not needle:
            self._unhide(root)
            return
        budget = [FILTER_ROWS]

        def visit(item: QTreeWidgetItem, prefix: str) -> bool:
            found = False
            for i in range(item.childCount()):
                child = item.child(i)
                dotted = f"{prefix}.{child.text(0)}" if prefix else child.text(0)
                if needle in dotted.lower():
                    child.setHidden(False)
                    self._unhide(child)
                    found = True
                    continue
                if budget[0] > 0 and child.childIndicatorPolicy() == QTreeWidgetItem.ShowIndicator:
                    self._fill(child)
                    budget[0] -= child.childCount()
                below = visit(child, dotted) if child.childCount() else False
                child.setHidden(not below)
                if below:
                    child.setExpanded(True)
                found = found or below
            return found

        visit(root, "")

    def _unhide(self, item: QTreeWidgetItem) -> None:
        for i in range(item.childCount()):
            child = item.child(i)
            if child.isHidden():
                child.setHidden(False)
            self._unhide(child)
