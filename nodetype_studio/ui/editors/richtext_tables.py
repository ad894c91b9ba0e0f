"""Row and column commands of the rich-text dialog's table menus (``richtext_rules.TABLE_MENUS``)."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor


def edit_table(cursor: QTextCursor, command: str) -> QTextCursor | None:
    """Run a table menu ``command`` on the table cell ``cursor`` is in; returns where the cursor goes (the
    nearest cell after a deletion), or None when there is nothing to do. As in the CMS, the last row or
    column of a table cannot be deleted."""
    table = cursor.currentTable()
    if table is None:
        return None
    cell = table.cellAt(cursor)
    row, column = cell.row(), cell.column()
    if command == "insertColumnBefore":
        table.insertColumns(column, 1)
    elif command == "insertColumnAfter":
        table.insertColumns(column + cell.columnSpan(), 1)
    elif command == "removeColumn" and table.columns() > 1:
        table.removeColumns(column, 1)
    elif command == "insertRowAbove":
        table.insertRows(row, 1)
    elif command == "insertRowBelow":
        table.insertRows(row + cell.rowSpan(), 1)
    elif command == "removeRow" and table.rows() > 1:
        table.removeRows(row, 1)
    else:
        return None
    if command.startswith("remove"):
        row, column = min(row, table.rows() - 1), min(column, table.columns() - 1)
        return table.cellAt(row, column).firstCursorPosition()
    return cursor
