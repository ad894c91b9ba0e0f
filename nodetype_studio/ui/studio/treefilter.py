"""The node type tree's filter and its selection: only the user changes which node type is edited.

Filtering, re-resolving the project and switching the tree's mode add and remove rows; Qt then moves
the view's current row to a neighbour and says so (``currentChanged``), as if the user had chosen it.
``TreeSync.quiet()`` marks such model-made changes, so the window ignores them, and ``show(name)`` puts
the current row back on the node type being edited (or clears it while a filter hides that type).
``FilterKeys`` takes Down and Enter in the filter field to the first row that matches.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QTreeView

from nodetype_studio.ui.studio.treemodel import NAME_ROLE


class TreeSync:
    """Keeps the tree's current row on the edited node type while the model changes under it."""

    def __init__(self, tree: QTreeView):
        self.tree = tree
        self._quiet = 0

    @property
    def is_quiet(self) -> bool:
        return self._quiet > 0

    @contextmanager
    def quiet(self):
        """Changes of the current row inside this block are the model's, not the user's."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    def rows_of(self, name: str) -> list[QModelIndex]:
        proxy = self.tree.model()
        rows = [proxy.mapFromSource(index) for index in proxy.sourceModel().indexes_of(name)]
        return [row for row in rows if row.isValid()]

    def show(self, name: str | None, *, scroll: bool = True) -> bool:
        """Make ``name``'s first visible row the current one (nothing current when it is filtered out)."""
        selection = self.tree.selectionModel()
        rows = self.rows_of(name) if name else []
        with self.quiet():
            if not rows:
                selection.clear()  # no row of another type may look selected
                return False
            current = self.tree.currentIndex()
            row = rows[0]
            if current.isValid() and current.siblingAtColumn(0) in rows:
                row = current.siblingAtColumn(0)
            selection.setCurrentIndex(row, selection.SelectionFlag.ClearAndSelect | selection.SelectionFlag.Rows)
            if scroll:
                self.tree.scrollTo(row, QAbstractItemView.EnsureVisible)
        return True

    def first_match(self) -> QModelIndex:
        """The first row (top to bottom, as shown) whose own text matches the filter."""
        proxy = self.tree.model()
        stack = [proxy.index(r, 0) for r in reversed(range(proxy.rowCount()))]
        while stack:
            index = stack.pop()
            if proxy.is_match(index) and index.data(NAME_ROLE):
                return index
            stack.extend(proxy.index(r, 0, index) for r in reversed(range(proxy.rowCount(index))))
        return QModelIndex()


class FilterKeys(QObject):
    """Down, Enter or Return in the filter field: ``leave`` (go to the first matching row)."""

    leave = Signal()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.KeyPress and event.key() in (Qt.Key_Down, Qt.Key_Return, Qt.Key_Enter) \
                and not event.modifiers() & ~Qt.KeypadModifier:
            self.leave.emit()
            return True
        return False


class NameDelegate(QStyledItemDelegate):
    """Draws node type names that do not fit without their leading parts, whole parts at a time:
    ``Acme.Site:Content.Teaser`` becomes ``…Content.Teaser``, then ``…Teaser`` (never ``Acme.Si…Teaser``:
    the own name is the part that matters). What still does not fit is elided at the end."""

    def initStyleOption(self, option, index) -> None:  # noqa: N802 (Qt override)
        super().initStyleOption(option, index)
        if index.column() != 0 or not option.text:
            return
        metrics = option.fontMetrics
        room = option.rect.width() - 10
        if option.features & option.ViewItemFeature.HasDecoration:
            room -= option.decorationSize.width() + 6
        if metrics.horizontalAdvance(option.text) <= room:
            return
        parts = _PARTS.findall(option.text)
        for first in range(1, len(parts)):
            shorter = "\u2026" + "".join(parts[first:])
            if metrics.horizontalAdvance(shorter) <= room or first == len(parts) - 1:
                option.text = shorter
                return


_PARTS = re.compile(r"[^.:]+[.:]?|[.:]")
