"""The HTML the rich-text editor stores, written from its ``QTextDocument``.

It never uses Qt's ``toHtml()``: ``to_html`` walks the document (blocks, fragments, character
and block formats, lists, tables) and writes only what the ``RichTextRules`` allow — ``<p>``,
``<h1>``-``<h6>``, ``<pre>``, ``<blockquote>``, ``<ol>/<ul>/<li>``, ``<figure class="table">`` with
``<table>/<thead>/<tbody>/<tr>/<th>/<td>`` (``colspan``, ``rowspan``), ``<strong>``, ``<em>``,
``<u>``, ``<s>`` or ``<del>``, ``<sub>``, ``<sup>``, ``<a>``, ``<br>``, ``style="text-align:…;"`` and,
for paragraphs without autoparagraph, ``<span>`` (neos-ui's inline mode).
Formatting that is not enabled is left out (its text stays). An empty paragraph or heading is written
as CKEditor's data processor writes it, with a no-break space (``<p>&nbsp;</p>``), and an empty ``<p></p>``
read in is kept as one; a text without any content is ``""`` (CKEditor's ``getData()``). Bold is not
written inside headings (headings are bold by themselves), nor underline on links.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QFont,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextListFormat,
    QTextTable,
)

from nodetype_studio.preview.richtext_rules import LINK_ATTRIBUTE_VALUES, RichTextRules
from nodetype_studio.ui.editors.richtext_html import (
    EMPTY_READ_IN,
    LINE_BREAK,
    LINK_PROPERTIES,
    html_attribute,
    is_quote,
)
from nodetype_studio.ui.editors.richtext_scripts import script_state
from nodetype_studio.ui.editors.richtext_tables import heading_counts, is_heading_cell, written_span

_ORDERED = {QTextListFormat.ListDecimal, QTextListFormat.ListLowerAlpha, QTextListFormat.ListUpperAlpha,
            QTextListFormat.ListLowerRoman, QTextListFormat.ListUpperRoman}
# The pseudo element neos-ui's inline mode writes a root paragraph as (autoparagraph: false); never in text,
# where every "<" is escaped.
_WRAPPER, _WRAPPER_END = "<neos-inline-wrapper>", "</neos-inline-wrapper>"


def _escape(text: str, pre: bool = False) -> str:
    text = html.escape(text, quote=False).replace("\ufffc", "")
    if pre:
        return text.replace(LINE_BREAK, "\n").replace("\u00a0", " ")
    return text.replace("\u00a0", "&nbsp;").replace(LINE_BREAK, "<br>")


def _view_spaces(runs: list[str]) -> list[str]:
    """The texts of a block's runs (each a text node of CKEditor's view, the runs touching one another) with
    the spaces HTML would collapse made no-break spaces as CKEditor's DomConverter makes them
    (``_processDataFromViewText``): a ``<br>`` (``LINE_BREAK``) parts text nodes like a block edge; a node's
    first space is no-break at a block edge or after a node that ends with a space, its last space at a block
    edge, before a node that starts with a space or after another space; then every second of two spaces."""
    nodes = [piece for run in runs for piece in re.split(f"({LINE_BREAK})", run)]
    done: list[str] = []
    for index, data in enumerate(nodes):
        if data in ("", LINE_BREAK):
            done.append(data)
            continue
        before = next((piece for piece in reversed(done) if piece), LINE_BREAK)
        after = next((piece for piece in nodes[index + 1:] if piece), LINE_BREAK)
        if data.startswith(" ") and (before == LINE_BREAK or before.endswith(" ")):
            data = "\u00a0" + data[1:]
        if data.endswith(" ") and (data[-2:] == "  " or after == LINE_BREAK or after.startswith(" ")):
            data = data[:-1] + "\u00a0"
        done.append(data.replace("  ", " \u00a0"))
    written, position = [], 0
    for run in runs:
        count = len(re.split(f"({LINE_BREAK})", run))
        written.append("".join(done[position:position + count]))
        position += count
    return written



class _Inline:
    """Writes the fragments of one block with minimal, properly nested inline tags."""

    def __init__(self, rules: RichTextRules):
        self.rules = rules

    def marks(self, fmt: QTextCharFormat, in_heading: bool) -> list[tuple[str, str]]:
        rules = self.rules
        wanted: list[tuple[str, str]] = []
        if fmt.isAnchor() and fmt.anchorHref() and rules.has("a"):
            attrs = f' href="{html_attribute(fmt.anchorHref())}"'
            for attr in rules.link_attributes():
                value = fmt.property(LINK_PROPERTIES[attr])
                if attr == "title":
                    if isinstance(value, str) and value:
                        attrs += f' title="{html_attribute(value)}"'
                elif value is True:
                    attrs += f' {attr}="{LINK_ATTRIBUTE_VALUES[attr]}"'
            wanted.append(("a", attrs))
        if rules.has("strong") and fmt.fontWeight() >= QFont.DemiBold and not in_heading:
            wanted.append(("strong", ""))
        if rules.has("em") and fmt.fontItalic():
            wanted.append(("em", ""))
        if rules.has("underline") and fmt.fontUnderline() and not fmt.isAnchor():
            wanted.append(("u", ""))
        if rules.has("strikethrough") and fmt.fontStrikeOut():
            wanted.append((rules.strike_tag, ""))
        # Two attributes in CKEditor, so text may be both (neos-ui plugins/sub.js, sup.js exclude nothing)
        sub, sup = script_state(fmt)
        if sub and rules.has("sub"):
            wanted.append(("sub", ""))
        if sup and rules.has("sup"):
            wanted.append(("sup", ""))
        # CKEditor nests attribute elements by priority, then by name (downcastwriter.js shouldABeOutsideB):
        # the link (priority 5) outermost, the others (all of the default priority) in the order of their names
        return sorted(wanted, key=lambda mark: (mark[0] != "a", mark[0]))

    def write(self, block, *, pre: bool = False, in_heading: bool = False) -> str:
        runs: list[tuple[list[tuple[str, str]], str]] = []  # (marks, text): CKEditor's text nodes, one per marks
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            iterator += 1
            text = fragment.text().replace("\ufffc", "")
            if not text:
                continue
            wanted = self.marks(fragment.charFormat(), in_heading) if not pre else []
            if runs and runs[-1][0] == wanted:
                runs[-1] = (wanted, runs[-1][1] + text)
            else:
                runs.append((wanted, text))
        texts = [text for _marks, text in runs] if pre else _view_spaces([text for _marks, text in runs])
        parts: list[str] = []
        open_marks: list[tuple[str, str]] = []
        for (wanted, _text), text in zip(runs, texts):
            common = 0
            while common < min(len(open_marks), len(wanted)) and open_marks[common] == wanted[common]:
                common += 1
            for tag, _attrs in reversed(open_marks[common:]):
                parts.append(f"</{tag}>")
            for tag, attrs in wanted[common:]:
                parts.append(f"<{tag}{attrs}>")
            open_marks = wanted
            parts.append(_escape(text, pre))
        for tag, _attrs in reversed(open_marks):
            parts.append(f"</{tag}>")
        written = "".join(parts)
        # CKEditor puts a block filler after a <br> that ends its block (ckeditor5-engine containerelement.js
        # getFillerOffset), a no-break space in the data
        return written + "&nbsp;" if written.endswith("<br>") else written


class _Range:
    """Writes the blocks between two document positions (the whole text, or one table cell)."""

    def __init__(self, document: QTextDocument, rules: RichTextRules, table=None):
        self.document = document
        self.rules = rules
        self.inline = _Inline(rules)
        self.table = table  # blocks of this table belong to us; deeper tables are written nested
        self.parts: list[str] = []
        self.lists: list[tuple[object, str, int]] = []  # open lists: (QTextList, tag, indent)
        self.pre_lines: list[str] = []

    def write(self, first: int, last: int) -> str:
        self._blocks(first, last, self.table if self.table is not None else self.document.rootFrame())
        self._flush()
        self._close_lists(0)
        return "".join(self.parts)

    def _blocks(self, first: int, last: int, own) -> None:
        """Write the blocks from ``first`` to ``last`` that sit in the frame ``own``."""
        block = self.document.findBlock(first)
        while block.isValid() and block.position() <= last:
            table = self._own_table(block, own)
            if table is not None:
                self._table(table)
                block = self.document.findBlock(table.lastPosition() + 1)
                continue
            self._block(block)
            block = block.next()

    @staticmethod
    def _own_table(block, own) -> QTextTable | None:
        """The table directly in frame ``own`` that holds ``block`` (the outer one of nested tables)."""
        frame = QTextCursor(block).currentTable()
        found = None
        while frame is not None and frame != own:
            if isinstance(frame, QTextTable):
                found = frame
            frame = frame.parentFrame()
        return found

    # -- blocks --------------------------------------------------------------------------------
    def _block(self, block) -> None:
        fmt = block.blockFormat()
        text_list = block.textList()
        list_tag = None
        if text_list is not None:
            list_tag = "ol" if text_list.format().style() in _ORDERED else "ul"
            if not self.rules.has(list_tag):
                list_tag = None
        if list_tag is not None:
            self._flush()
            self._list_item(block, text_list, list_tag)
            return
        self._close_lists(0)
        level = fmt.headingLevel()
        if fmt.nonBreakableLines() and self.rules.has("pre"):
            self.pre_lines.append(self.inline.write(block, pre=True))
            return
        self._flush_pre()
        if 1 <= level <= 6 and self.rules.has(f"h{level}"):
            tag = f"h{level}"
        else:
            tag = "blockquote" if is_quote(fmt) and self.rules.has("blockquote") else "p"
        if not block.text().strip(" \u00a0"):
            if not block.text() and _next_to_table(block) and not fmt.boolProperty(EMPTY_READ_IN):
                return  # (Qt's own empty block before or after a table; CKEditor has none)
            # CKEditor's data processor fills an empty block with a no-break space
            inner = _lone_spaces(block.text()) or "&nbsp;"
        else:
            inner = self.inline.write(block, in_heading=level > 0)
        if tag == "p" and not self.rules.autoparagraph:
            # neos-ui's inline mode (plugins/inlineMode.js): a paragraph at the root is written in a wrapper that
            # `to_html` takes away when it is the only one and makes a <span> else; a paragraph elsewhere (a
            # table cell) or with attributes (alignment) is a <span>
            align = self._align(fmt)
            if align or self.table is not None:
                self.parts.append(f"<span{align}>{inner}</span>")
            else:
                self.parts.append(f"{_WRAPPER}{inner}{_WRAPPER_END}")
            return
        self.parts.append(f"<{tag}{self._align(fmt)}>{inner}</{tag}>")

    def _align(self, fmt) -> str:
        alignment = int(fmt.alignment().value if hasattr(fmt.alignment(), "value") else fmt.alignment())
        name = None
        if alignment & int(Qt.AlignJustify.value):
            name = "justify"
        elif alignment & int(Qt.AlignHCenter.value):
            name = "center"
        elif alignment & int(Qt.AlignRight.value):
            name = "right"
        # CKEditor writes a style with a closing semicolon (ckeditor5-alignment: `style="text-align:center;"`)
        return f' style="text-align:{name};"' if name and self.rules.has(name) else ""

    def _list_item(self, block, text_list, tag: str) -> None:
        indent = max(text_list.format().indent(), 1)

        # CKEditor's list model is a run of items with a level each: the items of a level in a row make one list,
        # and a nested level takes the kind of its first item (ckeditor5-list converters.js
        # modelChangePostFixer, _fixListTypes); only at the outermost level does another kind start a list
        def continues(open_list) -> bool:
            return open_list[2] == indent and (open_list[1] == tag or indent > 1)

        while self.lists and (self.lists[-1][2] > indent or (self.lists[-1][2] == indent and not continues(self.lists[-1]))):
            self._close_one_list()
        if self.lists and continues(self.lists[-1]):
            self.parts.append("</li>")
        else:
            self.parts.append(f"<{tag}>")
            self.lists.append((text_list, tag, indent))
        # (an empty item gets CKEditor's block filler too: ckeditor5-list utils.js getFillerOffset)
        inner = self.inline.write(block) if block.text().strip(" \u00a0") else _lone_spaces(block.text()) or "&nbsp;"
        self.parts.append(f"<li>{inner}")

    def _close_one_list(self) -> None:
        _list, tag, _indent = self.lists.pop()
        self.parts.append(f"</li></{tag}>")

    def _close_lists(self, indent: int) -> None:
        while self.lists and self.lists[-1][2] > indent:
            self._close_one_list()

    def _flush_pre(self) -> None:
        if self.pre_lines:
            text = "\n".join(self.pre_lines)
            if text.strip():
                self.parts.append(f"<pre>{text}</pre>")
            self.pre_lines = []

    def _flush(self) -> None:
        self._flush_pre()

    # -- tables --------------------------------------------------------------------------------
    def _table(self, table) -> None:
        """A table as CKEditor's table plugin writes it (ckeditor5-table downcast.js): ``<figure class="table">``,
        the heading rows in a ``<thead>``, the others in a ``<tbody>``, a cell of a heading row or column a
        ``<th>``, merged cells with ``colspan``/``rowspan``; or (tables off) its cells' contents in reading order."""
        enabled = self.rules.has("table")
        if enabled:
            self._flush()
            self._close_lists(0)
        heading_rows, _columns = heading_counts(table)
        sections: tuple[list[str], list[str]] = ([], [])
        for row in range(table.rows()):
            cells = []
            for column in range(table.columns()):
                cell = table.cellAt(row, column)
                if cell.row() != row or cell.column() != column:
                    continue  # covered by a spanning cell
                if enabled:
                    inner = _Range(self.document, self.rules, table).write(cell.firstPosition(), cell.lastPosition())
                    name = "th" if is_heading_cell(table, row, column) else "td"
                    written = {attr: written_span(cell, attr, span) for attr, span in (("colspan", cell.columnSpan()),
                                                                                      ("rowspan", cell.rowSpan()))}
                    spans = "".join(f' {attr}="{html_attribute(value)}"' for attr, value in written.items() if value)
                    # (CKEditor fills an empty cell with a no-break space)
                    cells.append(f"<{name}{spans}>{_unwrap_single_paragraph(inner) or '&nbsp;'}</{name}>")
                else:
                    self._blocks(cell.firstPosition(), cell.lastPosition(), table)
            sections[0 if row < heading_rows else 1].append("<tr>" + "".join(cells) + "</tr>")
        if enabled:
            head = f"<thead>{''.join(sections[0])}</thead>" if sections[0] else ""
            body = f"<tbody>{''.join(sections[1])}</tbody>" if sections[1] else ""
            self.parts.append(f'<figure class="table"><table>{head}{body}</table></figure>')


def _lone_spaces(text: str) -> str:
    """A block's text of spaces only as CKEditor's DomConverter writes a text node alone in its block
    (``_processDataFromViewText``): the first and the last space, and every second one of two, no-break."""
    if text.startswith(" "):
        text = "\u00a0" + text[1:]
    if text.endswith(" "):
        text = text[:-1] + "\u00a0"
    return text.replace("  ", " \u00a0").replace("\u00a0", "&nbsp;")


def _next_to_table(block) -> bool:
    """Whether ``block`` stands right before or after a table of its own frame (Qt keeps a block there)."""
    own = QTextCursor(block).currentTable()
    home = own if own is not None else block.document().rootFrame()
    for neighbour in (block.previous(), block.next()):
        frame = QTextCursor(neighbour).currentTable() if neighbour.isValid() else None
        while frame is not None and frame != home:
            if isinstance(frame, QTextTable) and frame.parentFrame() == home:
                return True
            frame = frame.parentFrame()
    return False


def _unwrap_single_paragraph(inner: str) -> str:
    """A cell's one paragraph without attributes is written bare, as CKEditor's table downcast writes it
    (``<span>`` is the paragraph of the inline mode, autoparagraph: false)."""
    for tag in ("p", "span"):
        match = re.fullmatch(rf"<{tag}>(.*)</{tag}>", inner, re.DOTALL)
        if match and f"<{tag}" not in match.group(1):
            return match.group(1)
    return inner


def _inline_wrappers(written: str) -> str:
    """neos-ui's cleanupNeosInlineWrapper: the wrapper of the one root paragraph goes; with several root
    paragraphs (read in, or pasted) each wrapper becomes a ``<span>``."""
    if written.startswith(_WRAPPER) and written.endswith(_WRAPPER_END) and written.count(_WRAPPER) == 1:
        return written[len(_WRAPPER):-len(_WRAPPER_END)]
    return written.replace(_WRAPPER, "<span>").replace(_WRAPPER_END, "</span>")


def to_html(document: QTextDocument, rules: RichTextRules) -> str:
    """The clean HTML of ``document`` under ``rules`` (``""`` when there is no text and no table: CKEditor's
    ``getData()`` gives ``""`` for a text without content, however many empty paragraphs it has)."""
    if not document.toPlainText().strip() and not any(isinstance(f, QTextTable) for f in document.rootFrame().childFrames()):
        return ""
    end = max(document.characterCount() - 1, 0)
    return _inline_wrappers(_Range(document, rules).write(0, end))
