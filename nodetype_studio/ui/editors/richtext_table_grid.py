"""The rich-text dialog's table-size picker: a grid of cells below the insert-table button, as the CMS's
(UI ``EditorToolbar/TableButton.js``: ten rows of ten, the cells up to the pointer lit, "rows x columns"
below, a click inserts that table)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt, Signal
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QFrame, QWidget

GRID_ROWS = GRID_COLUMNS = 10
CELL = 16
GAP = 2
LABEL_HEIGHT = 20


class TableSizeGrid(QFrame):
    """A popup: ``chosen(rows, columns)`` when a cell is clicked."""

    chosen = Signal(int, int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.Popup)
        self.setObjectName("tableSize")
        self.setFrameShape(QFrame.StyledPanel)
        self.setMouseTracking(True)
        self.hovered = (0, 0)
        self.setFixedSize(GAP + GRID_COLUMNS * (CELL + GAP), GAP + GRID_ROWS * (CELL + GAP) + LABEL_HEIGHT)

    def cell_rect(self, row: int, column: int) -> QRect:
        """Where the cell of ``row`` and ``column`` (1-based) is drawn."""
        return QRect(GAP + (column - 1) * (CELL + GAP), GAP + (row - 1) * (CELL + GAP), CELL, CELL)

    def label(self) -> str:
        return f"{self.hovered[0]} x {self.hovered[1]}"

    def _cell_at(self, point: QPoint) -> tuple[int, int] | None:
        row, column = point.y() // (CELL + GAP) + 1, point.x() // (CELL + GAP) + 1
        return (row, column) if 1 <= row <= GRID_ROWS and 1 <= column <= GRID_COLUMNS else None

    def mouseMoveEvent(self, event) -> None:
        cell = self._cell_at(event.position().toPoint())
        if cell is not None and cell != self.hovered:
            self.hovered = cell
            self.update()

    def mousePressEvent(self, event) -> None:
        cell = self._cell_at(event.position().toPoint())
        if cell is None:
            super().mousePressEvent(event)
            return
        self.hide()
        self.chosen.emit(*cell)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        palette = self.palette()
        for row in range(1, GRID_ROWS + 1):
            for column in range(1, GRID_COLUMNS + 1):
                lit = row <= self.hovered[0] and column <= self.hovered[1]
                painter.fillRect(self.cell_rect(row, column),
                                 palette.color(QPalette.Highlight if lit else QPalette.Mid))
        painter.setPen(palette.color(QPalette.WindowText))
        painter.drawText(QRect(0, self.height() - LABEL_HEIGHT, self.width(), LABEL_HEIGHT), Qt.AlignCenter, self.label())
