"""Tables of the rich-text dialog: the row and column commands of its table menus
(``richtext_rules.TABLE_MENUS``), and a table's heading rows and columns as CKEditor's table model
keeps them (``headingRows``, ``headingColumns``: the first so many rows are written in a ``<thead>``,
and every cell of them and of the first so many columns is a ``<th>``)."""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QTextCursor, QTextFormat

HEADING_ROWS = QTextFormat.UserProperty + 111
HEADING_COLUMNS = QTextFormat.UserProperty + 112
# How a heading cell is shown (CKEditor's content styles give a `th` a light grey background).
HEADING_SHADE = QColor(0, 0, 0, 18)


class HeadingScan:
    """CKEditor's scanTable (ckeditor5-table upcasttable.js): the rows of a table's first ``<thead>`` are its
    heading rows; its heading columns are the most leading ``<th>`` cells (counted by colspan) of any other row."""

    def __init__(self, index: int):
        self.index = index
        self.seen_head = False
        self.in_head = False
        self.leading: int | None = None  # the leading <th> columns of the row being read, while it has no <td>

    def start(self, tag: str, attrs, counts: list[list[int]]) -> None:
        if tag == "thead":
            self.in_head, self.seen_head = not self.seen_head, True
        elif tag in ("tbody", "tfoot"):
            self.in_head = False
        elif tag == "tr":
            self.leading = None if self.in_head else 0
            counts[self.index][0] += self.in_head
        elif tag == "th" and self.leading is not None:
            span = re.match(r"\s*\+?(\d+)", dict(attrs).get("colspan") or "1")
            self.leading += int(span.group(1)) if span else 1
            counts[self.index][1] = max(counts[self.index][1], self.leading)
        elif tag == "td":
            self.leading = None


def heading_counts(table) -> tuple[int, int]:
    """The table's heading rows and heading columns."""
    fmt = table.format()
    return int(fmt.intProperty(HEADING_ROWS)), int(fmt.intProperty(HEADING_COLUMNS))


def is_heading_cell(table, row: int, column: int) -> bool:
    rows, columns = heading_counts(table)
    return row < rows or column < columns


def set_heading_counts(table, rows: int, columns: int) -> None:
    """Set the heading rows and columns (never below 0) and shade the heading cells."""
    fmt = table.format()
    fmt.setProperty(HEADING_ROWS, max(rows, 0))
    fmt.setProperty(HEADING_COLUMNS, max(columns, 0))
    table.setFormat(fmt)
    for row in range(table.rows()):
        for column in range(table.columns()):
            cell = table.cellAt(row, column)
            if cell.row() != row or cell.column() != column:
                continue
            cell_format = cell.format().toTableCellFormat()
            if is_heading_cell(table, row, column):
                cell_format.setBackground(HEADING_SHADE)
            else:
                cell_format.clearBackground()
            cell.setFormat(cell_format)


def edit_table(cursor: QTextCursor, command: str) -> QTextCursor | None:
    """Run a table menu ``command`` on the table cell ``cursor`` is in; returns where the cursor goes (the
    nearest cell after a deletion), or None when there is nothing to do. As in the CMS, the last row or
    column of a table cannot be deleted; rows and columns inserted into or deleted from the heading rows or
    columns make them grow or shrink (CKEditor's TableUtils)."""
    table = cursor.currentTable()
    if table is None:
        return None
    cell = table.cellAt(cursor)
    row, column = cell.row(), cell.column()
    heading_rows, heading_columns = heading_counts(table)
    if command == "insertColumnBefore":
        table.insertColumns(column, 1)
        heading_columns += column < heading_columns
    elif command == "insertColumnAfter":
        table.insertColumns(column + cell.columnSpan(), 1)
        heading_columns += column + cell.columnSpan() < heading_columns
    elif command == "removeColumn" and table.columns() > 1:
        table.removeColumns(column, 1)
        heading_columns -= column < heading_columns
    elif command == "insertRowAbove":
        table.insertRows(row, 1)
        heading_rows += row < heading_rows
    elif command == "insertRowBelow":
        table.insertRows(row + cell.rowSpan(), 1)
        heading_rows += row + cell.rowSpan() < heading_rows
    elif command == "removeRow" and table.rows() > 1:
        table.removeRows(row, 1)
        heading_rows -= row < heading_rows
    else:
        return None
    set_heading_counts(table, heading_rows, heading_columns)
    if command.startswith("remove"):
        row, column = min(row, table.rows() - 1), min(column, table.columns() - 1)
        return table.cellAt(row, column).firstCursorPosition()
    return cursor
