"""Tables of the rich-text dialog: the commands of its column, row and merge menus
(``richtext_rules.TABLE_MENUS``), done as CKEditor's table plugin does them, and a table's heading rows
and columns as CKEditor's table model keeps them (``headingRows``, ``headingColumns``: the first so many
rows are written in a ``<thead>``, and every cell of them and of the first so many columns is a ``<th>``)."""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QTextCursor, QTextFormat

HEADING_ROWS = QTextFormat.UserProperty + 111
HEADING_COLUMNS = QTextFormat.UserProperty + 112
# A colspan or rowspan read in as written (CKEditor 16 keeps such an attribute as it reads it, "1" too), on the
# first block of its cell (Qt copies a cell's own format to the cells it adds).
SPAN_PROPERTIES = {"colspan": QTextFormat.UserProperty + 113, "rowspan": QTextFormat.UserProperty + 114}
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
        self.spans: list[list[dict[str, str]]] = []  # each row's cells' colspan and rowspan attributes as written
        self.rows: list[tuple[int, bool]] = []  # where each row starts in the HTML read, and whether it is a heading row

    def start(self, tag: str, attrs, counts: list[list[int]]) -> None:
        if tag == "thead":
            self.in_head, self.seen_head = not self.seen_head, True
        elif tag in ("tbody", "tfoot"):
            self.in_head = False
        elif tag == "tr":
            self.leading = None if self.in_head else 0
            counts[self.index][0] += self.in_head
            self.spans.append([])
        if tag in ("td", "th"):
            if not self.spans:
                self.spans.append([])
            self.spans[-1].append({k: v for k, v in attrs if k in SPAN_PROPERTIES and v})
        if tag == "th" and self.leading is not None:
            span = re.match(r"\s*\+?(\d+)", dict(attrs).get("colspan") or "1")
            self.leading += int(span.group(1)) if span else 1
            counts[self.index][1] = max(counts[self.index][1], self.leading)
        elif tag == "td":
            self.leading = None


def heading_rows_first(scan: HeadingScan, parts: list[str], start: int) -> None:
    """CKEditor's scanTable puts the heading rows first ("if <thead> is inserted after <tbody>"): move the rows
    of ``parts`` (the HTML read, the table's own from ``start``) in that order when a heading row follows a body
    row, without their <thead>, <tbody> and <tfoot> (Qt needs none, a nested table keeps its own)."""
    heads = [is_head for _at, is_head in scan.rows]
    if not any(is_head and False in heads[:index] for index, is_head in enumerate(heads)):
        return
    bounds = [at for at, _is_head in scan.rows] + [len(parts)]
    pieces = [parts[start:bounds[0]]] + [parts[bounds[i]:bounds[i + 1]] for i in range(len(scan.rows))]
    order = sorted(range(len(scan.rows)), key=lambda index: not heads[index])
    moved = pieces[:1] + [pieces[index + 1] for index in order]
    depth, kept = 0, []
    for part in (part for piece in moved for part in piece):
        depth += part.startswith("<table") - (part == "</table>")
        if depth or not re.match(r"</?(thead|tbody|tfoot)\b", part):
            kept.append(part)
    parts[start:] = kept
    if len(scan.spans) == len(scan.rows):
        scan.spans = [scan.spans[index] for index in order]


def keep_written_spans(table, rows: list[list[dict[str, str]]]) -> None:
    """Remember on each cell of a table read in the colspan and rowspan attributes it was written with
    (``rows``: each row's cells in order, as ``HeadingScan.spans``)."""
    for row, written in zip(range(table.rows()), rows):
        starts = [table.cellAt(row, column) for column in range(table.columns())
                  if (table.cellAt(row, column).row(), table.cellAt(row, column).column()) == (row, column)]
        for cell, attributes in zip(starts, written):
            if attributes:
                cursor = cell.firstCursorPosition()
                fmt = cursor.blockFormat()
                for name, value in attributes.items():
                    fmt.setProperty(SPAN_PROPERTIES[name], value)
                cursor.setBlockFormat(fmt)


def written_span(cell, name: str, span: int) -> str | None:
    """What a cell's colspan or rowspan (``name``) of ``span`` is written as: as it was read in while its number
    is still the cell's span, else the number when above 1 (CKEditor sets a changed span as a number, taking
    it away at 1); None: no attribute."""
    written = cell.firstCursorPosition().blockFormat().property(SPAN_PROPERTIES[name])
    if isinstance(written, str):
        number = re.match(r"\s*\+?(\d+)", written)
        if (int(number.group(1)) if number else 1) == span:
            return written
    return str(span) if span > 1 else None


def forget_written_spans(cell) -> None:
    """A cell Qt made by splitting another has that cell's first block format: it was not read in."""
    cursor = cell.firstCursorPosition()
    fmt = cursor.blockFormat()
    for prop in SPAN_PROPERTIES.values():
        fmt.clearProperty(prop)
    cursor.setBlockFormat(fmt)


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
    if command in _CELL_COMMANDS:
        done = _CELL_COMMANDS[command](table, row, column)
        return table.cellAt(*done).firstCursorPosition() if done is not None else None
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


def command_state(cursor: QTextCursor, command: str) -> tuple[bool, bool]:
    """Whether a table menu ``command`` can run on the cell ``cursor`` is in, and whether its check box (the
    header switches) is checked."""
    table = cursor.currentTable()
    if table is None:
        return False, False
    cell = table.cellAt(cursor)
    heading_rows, heading_columns = heading_counts(table)
    if command == "setRowHeader":
        return True, cell.row() < heading_rows
    if command == "setColumnHeader":
        return True, cell.column() < heading_columns
    if command in _MERGES:
        return _merge_partner(table, cell.row(), cell.column(), _MERGES[command]) is not None, False
    return True, False


# -- heading switches (CKEditor's SetHeaderRowCommand, SetHeaderColumnCommand) ----------------------------
def _toggle_heading_rows(table, row: int, column: int):
    """The cell's row becomes the last heading row, or (already a heading row) the first body row. A cell
    reaching over the new border is split there (CKEditor's splitHorizontally)."""
    heading_rows, heading_columns = heading_counts(table)
    border = row if row < heading_rows else row + 1
    for cell in _cells(table):
        if cell.row() < border < cell.row() + cell.rowSpan():
            _split(table, cell.row(), cell.column(), cell.rowSpan(), cell.columnSpan(), border - cell.row(), None)
    set_heading_counts(table, border, heading_columns)
    return row, column


def _toggle_heading_columns(table, row: int, column: int):
    heading_rows, heading_columns = heading_counts(table)
    border = column if column < heading_columns else column + 1
    for cell in _cells(table):
        if cell.column() < border < cell.column() + cell.columnSpan():
            _split(table, cell.row(), cell.column(), cell.rowSpan(), cell.columnSpan(), None, border - cell.column())
    set_heading_counts(table, heading_rows, border)
    return row, column


# -- merging (CKEditor's MergeCellCommand) ----------------------------------------------------------------
_MERGES = {"mergeCellUp": "up", "mergeCellRight": "right", "mergeCellDown": "down", "mergeCellLeft": "left"}


def _merge_partner(table, row: int, column: int, direction: str):
    """The cell the cell at ``row``, ``column`` merges with: the touching one in ``direction`` with the same
    height (left, right) or width (up, down), on the same side of the heading border; else None."""
    cell = table.cellAt(row, column)
    height, width = cell.rowSpan(), cell.columnSpan()
    heading_rows, heading_columns = heading_counts(table)
    if direction in ("left", "right"):
        at = column + width if direction == "right" else column - 1
        if not 0 <= at < table.columns():
            return None
        other = table.cellAt(row, at)
        if other.row() != row or other.rowSpan() != height:
            return None
        if heading_columns and (other.column() < heading_columns) != (column < heading_columns):
            return None
        return other
    at = row + height if direction == "down" else row - 1
    if not 0 <= at < table.rows():
        return None
    other = table.cellAt(at, column)
    if other.column() != column or other.columnSpan() != width or (direction == "down" and other.row() != at):
        return None
    if heading_rows and (other.row() < heading_rows) != (row < heading_rows):
        return None
    return other


def _merge(direction: str):
    def merge(table, row: int, column: int):
        other = _merge_partner(table, row, column, direction)
        if other is None:
            return None
        cell = table.cellAt(row, column)
        first, second = (cell, other) if direction in ("right", "down") else (other, cell)
        top, left = first.row(), first.column()
        if direction in ("left", "right"):
            height, width = first.rowSpan(), first.columnSpan() + second.columnSpan()
        else:
            height, width = first.rowSpan() + second.rowSpan(), first.columnSpan()
        _move_content(table, (second.row(), second.column()), (top, left))
        table.mergeCells(top, left, height, width)
        _remove_empty_rows_and_columns(table)  # (only rows and columns inside the merged cell can empty)
        return top, left
    return merge


def _is_empty(cell) -> bool:
    return cell.firstPosition() == cell.lastPosition()


def _move_content(table, source: tuple[int, int], target: tuple[int, int]) -> None:
    """CKEditor's mergeTableCells: the source cell's content goes to the end of the target's (instead of it
    when the target is empty); an empty source gives nothing."""
    cell = table.cellAt(*source)
    if _is_empty(cell):
        return
    cursor = QTextCursor(table.document())
    cursor.setPosition(cell.firstPosition())
    cursor.setPosition(cell.lastPosition(), QTextCursor.KeepAnchor)
    content = cursor.selection()
    cursor.removeSelectedText()
    goal = table.cellAt(*target)
    kept = goal.firstCursorPosition().blockFormat()
    insert = goal.lastCursorPosition()
    if not _is_empty(goal):
        insert.insertBlock()
    insert.insertFragment(content)
    # (the content put into an empty cell brings its first block's format: the cell's spans stay its own)
    first = table.cellAt(*target).firstCursorPosition()
    fmt = first.blockFormat()
    for prop in SPAN_PROPERTIES.values():
        if kept.hasProperty(prop):
            fmt.setProperty(prop, kept.property(prop))
        else:
            fmt.clearProperty(prop)
    first.setBlockFormat(fmt)


def _remove_empty_rows_and_columns(table) -> None:
    """CKEditor's removeEmptyRowsColumns: a row (column) where no cell begins goes, the cells over it one row
    (column) shorter. (Qt's removeRows mishandles such a row, so the cells that end there are split first.)"""
    for vertical in (True, False):
        while True:
            count = table.rows() if vertical else table.columns()
            empty = next((i for i in range(count) if not any(
                (table.cellAt(i, j).row() if vertical else table.cellAt(j, i).column()) == i
                for j in range(table.columns() if vertical else table.rows()))), None)
            if empty is None:
                break
            covering = {(c.row(), c.column()): c for c in
                        (table.cellAt(empty, j) if vertical else table.cellAt(j, empty)
                         for j in range(table.columns() if vertical else table.rows()))}
            last = min((c.row() + c.rowSpan() if vertical else c.column() + c.columnSpan()) - 1 for c in covering.values())
            for c in covering.values():
                if vertical and c.row() + c.rowSpan() - 1 == last:
                    table.splitCell(c.row(), c.column(), c.rowSpan() - 1, c.columnSpan())
                elif not vertical and c.column() + c.columnSpan() - 1 == last:
                    table.splitCell(c.row(), c.column(), c.rowSpan(), c.columnSpan() - 1)
            heading_rows, heading_columns = heading_counts(table)
            if vertical:
                table.removeRows(last, 1)
                heading_rows -= last < heading_rows
            else:
                table.removeColumns(last, 1)
                heading_columns -= last < heading_columns
            set_heading_counts(table, heading_rows, heading_columns)


# -- splitting (CKEditor's TableUtils.splitCellVertically, splitCellHorizontally) ------------------------
def _split(table, row: int, column: int, height: int, width: int, rows_kept: int | None, columns_kept: int | None):
    """Split a cell: it keeps ``rows_kept`` of its rows (or ``columns_kept`` of its columns), the rest becomes
    one new empty cell."""
    if rows_kept is not None:
        table.splitCell(row, column, rows_kept, width)
        if height - rows_kept > 1 or width > 1:
            table.mergeCells(row + rows_kept, column, height - rows_kept, width)
        forget_written_spans(table.cellAt(row + rows_kept, column))
    elif columns_kept is not None:
        table.splitCell(row, column, height, columns_kept)
        if width - columns_kept > 1 or height > 1:
            table.mergeCells(row, column + columns_kept, height, width - columns_kept)
        forget_written_spans(table.cellAt(row, column + columns_kept))


def _split_vertically(table, row: int, column: int):
    """Two cells side by side: a wide cell's columns are shared (the first cell keeps the larger part); a
    one-column cell gets a new column beside it, which every other cell of its column spans too."""
    cell = table.cellAt(row, column)
    height, width = cell.rowSpan(), cell.columnSpan()
    if width > 1:
        _split(table, row, column, height, width, None, width - width // 2)
        return row, column
    others = [(c.row(), c.column(), c.rowSpan(), c.columnSpan()) for c in _cells(table)
              if c.column() + c.columnSpan() - 1 == column and (c.row(), c.column()) != (row, column)]
    table.insertColumns(column + 1, 1)  # (Qt widens the cells reaching over the new column)
    for top, left, rows, columns in others:
        table.mergeCells(top, left, rows, columns + 1)
    if height > 1:
        table.mergeCells(row, column + 1, height, 1)
    heading_rows, heading_columns = heading_counts(table)
    set_heading_counts(table, heading_rows, heading_columns + (heading_columns > column))
    return row, column


def _split_horizontally(table, row: int, column: int):
    """Two cells one above the other, as ``_split_vertically`` with rows."""
    cell = table.cellAt(row, column)
    height, width = cell.rowSpan(), cell.columnSpan()
    if height > 1:
        _split(table, row, column, height, width, height - height // 2, None)
        return row, column
    others = [(c.row(), c.column(), c.rowSpan(), c.columnSpan()) for c in _cells(table)
              if c.row() + c.rowSpan() - 1 == row and (c.row(), c.column()) != (row, column)]
    table.insertRows(row + 1, 1)
    for top, left, rows, columns in others:
        table.mergeCells(top, left, rows + 1, columns)
    if width > 1:
        table.mergeCells(row + 1, column, 1, width)
    heading_rows, heading_columns = heading_counts(table)
    set_heading_counts(table, heading_rows + (heading_rows > row), heading_columns)
    return row, column


def _cells(table) -> list:
    """The table's cells, each once, row by row."""
    return [table.cellAt(r, c) for r in range(table.rows()) for c in range(table.columns())
            if table.cellAt(r, c).row() == r and table.cellAt(r, c).column() == c]


_CELL_COMMANDS = {
    "setRowHeader": _toggle_heading_rows, "setColumnHeader": _toggle_heading_columns,
    **{command: _merge(direction) for command, direction in _MERGES.items()},
    "splitCellVertically": _split_vertically, "splitCellHorizontally": _split_horizontally,
}
