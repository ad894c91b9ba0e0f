"""HTML in and out of the rich-text editor's ``QTextDocument``.

Loading: scripts, styles, images and embedded objects are dropped before Qt reads the HTML, and every
link's ``href``, ``title``, ``target``, ``rel`` and ``download`` are kept in the link's character
format (Qt itself keeps only ``href``). A table keeps its merged cells and, as CKEditor reads them, its
heading rows and columns (``richtext_tables``), shown shaded.

Storing never uses Qt's ``toHtml()``: ``to_html`` walks the document (blocks, fragments, character
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
from html.parser import HTMLParser

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QFont,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextFrameFormat,
    QTextListFormat,
    QTextTable,
    QTextTableFormat,
)

from nodetype_studio.preview.richtext_rules import LINK_ATTRIBUTE_VALUES, RichTextRules
from nodetype_studio.ui.editors.richtext_lists import VOID_ELEMENTS, ListReading
from nodetype_studio.ui.editors.richtext_scripts import BOTH_MARK, fragments, mark_both, script_state
from nodetype_studio.ui.editors.richtext_tables import (
    HeadingScan,
    heading_counts,
    heading_rows_first,
    is_heading_cell,
    keep_written_spans,
    set_heading_counts,
    written_span,
)

LINK_TITLE = QTextFormat.UserProperty + 101
LINK_TARGET = QTextFormat.UserProperty + 102
LINK_REL = QTextFormat.UserProperty + 103
LINK_DOWNLOAD = QTextFormat.UserProperty + 104
LINK_PROPERTIES = {"title": LINK_TITLE, "target": LINK_TARGET, "rel": LINK_REL, "download": LINK_DOWNLOAD}
_TOKEN = "ntsl:"
_DROPPED_WITH_CONTENT = {"script", "style", "template", "iframe", "object", "noscript", "head", "title"}
_DROPPED = {"img", "embed", "source", "video", "audio", "picture", "input", "button", "select", "textarea", "meta", "link"}
# Tags Qt does not read as the CMS means them, renamed before loading.
_RENAMED = {"strike": "s", "b": "strong", "i": "em"}
_TABLE_MARK = 1000  # a table's cell spacing while it is read: this plus its number (the dialog sets its own)
# Blocks CKEditor keeps when empty (it reads `<p></p>` as an empty paragraph); Qt drops them, so they hold
# `_EMPTY_MARK` while Qt reads them.
_FILLED_BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th"}
# Blocks whose lone no-break space is CKEditor's block filler, no text (ckeditor5-engine domconverter.js
# isNbspBlockFiller: the only child of one of its blockElements, which has no td or th).
_NBSP_FILLED = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li"}
# Tags that may stand in an empty block without giving it content.
_INLINE = {"strong", "b", "em", "i", "u", "s", "del", "strike", "sub", "sup", "span", "font", "a"}
_ORDERED = {QTextListFormat.ListDecimal, QTextListFormat.ListLowerAlpha, QTextListFormat.ListUpperAlpha,
            QTextListFormat.ListLowerRoman, QTextListFormat.ListUpperRoman}
LINE_BREAK = "\u2028"
_EMPTY_MARK = "\ue000"  # holds an empty block while Qt reads the HTML (private use: not found in real text)
EMPTY_READ_IN = QTextFormat.UserProperty + 106  # a block read in empty (not Qt's own block beside a table)
# The pseudo element neos-ui's inline mode writes a root paragraph as (autoparagraph: false); never in text,
# where every "<" is escaped.
_WRAPPER, _WRAPPER_END = "<neos-inline-wrapper>", "</neos-inline-wrapper>"
QUOTE_INDENT = 40.0  # what Qt gives a <blockquote> it reads


def is_quote(block_format) -> bool:
    """A block quote block (Qt marks a ``<blockquote>`` it reads with a quote level)."""
    return bool(block_format.property(QTextFormat.BlockQuoteLevel))


def set_quote(block_format, on: bool) -> None:
    """Make a block a block quote (indented, as Qt shows a read one), or a block of another style."""
    if on:
        block_format.setProperty(QTextFormat.BlockQuoteLevel, 1)
        block_format.setLeftMargin(QUOTE_INDENT)
    elif is_quote(block_format):
        block_format.clearProperty(QTextFormat.BlockQuoteLevel)
        block_format.setLeftMargin(0)


# -- loading ---------------------------------------------------------------------------------------
class _Preparer(HTMLParser):
    """Rewrites HTML for Qt: drops active content, replaces each link by a numbered token, and counts each
    table's heading rows and columns (``tables``, by a number Qt keeps as the table's cell spacing)."""

    def __init__(self, tables: bool = True):
        super().__init__(convert_charrefs=True)
        self.tables_on = tables
        self.parts: list[str] = []
        self.links: list[dict[str, str]] = []
        self.tables: list[list[int]] = []  # [heading rows, heading columns] of each table, in order
        self._open_tables: list[HeadingScan] = []
        self.scans: list[HeadingScan] = []  # every table's, in order
        self._table_starts: list[int] = []  # where the rows of each open table begin in ``parts``
        self._scripts: list[str] = []  # the open <sub> and <sup>
        self._skip = 0
        self._empty_block: str | None = None  # a block of _FILLED_BLOCKS opened and without text so far
        self._block_start = -1  # where the parts after the start tag of the last _FILLED_BLOCKS block begin
        self._lone_br: tuple[str, int] | None = None  # a <br> right after such a start tag: (block, its part)
        self._captions = 0  # the open <caption>s of tables, skipped with their content
        self.lists = ListReading()
        self._left_out: list = []  # [tag, how many are open] of the element left out with its content, while one is

    def handle_starttag(self, tag, attrs):
        if self._left_out and tag == self._left_out[0]:
            self._left_out[1] += 1
        if tag in _DROPPED_WITH_CONTENT:
            self._skip += 1
            return
        if self._skip or tag in _DROPPED:
            return
        if self.lists.leaves_out(tag):
            if tag not in VOID_ELEMENTS:
                self._left_out = [tag, 1]
                self._skip += 1
            return
        self.lists.start(tag)
        if tag == "caption":
            # CKEditor's table reads only the rows of a table (ckeditor5-table upcasttable.js scanTable: "The
            # else is for future purposes (mainly <caption>)"): a caption and its text go. (Without tables its
            # text stays, as the table's; out of a table a browser ignores the tag.)
            if self._open_tables and self.tables_on:
                self._captions += 1
                self._skip += 1
            return
        if tag == "br":
            self._line_break()
            return
        if tag in ("ul", "ol") and self._empty_block == "li":
            # An item holding a nested list and nothing before it: Qt drops it (and the nesting level with it);
            # CKEditor keeps it, empty, and writes it with a block filler (ckeditor5-list utils.js
            # getListItemFillerOffset: "hasOnlyLists").
            self.parts.append(_EMPTY_MARK)
        if tag not in _INLINE:
            self._empty_block = tag if tag in _FILLED_BLOCKS else None
        if tag == "table":
            self._open_tables.append(HeadingScan(len(self.tables)))
            self.scans.append(self._open_tables[-1])
            self.tables.append([0, 0])
            self.parts.append(f'<table cellspacing="{_TABLE_MARK + len(self.tables) - 1}">')
            self._table_starts.append(len(self.parts))
            return
        if self._open_tables:
            self._open_tables[-1].start(tag, attrs, self.tables)
            if tag == "tr":
                self._open_tables[-1].rows.append((len(self.parts), self._open_tables[-1].in_head))
        if tag in ("sub", "sup"):
            other = "sup" if tag == "sub" else "sub"
            self.parts.append(f'<{tag} title="{BOTH_MARK}">' if other in self._scripts else f"<{tag}>")
            self._scripts.append(tag)
            return
        if tag in ("td", "th"):
            # Qt reads a <th> as bold, centred text; a heading cell is the table's business (``tables``)
            spans = "".join(f' {k}="{_attribute(v)}"' for k, v in attrs if k in ("colspan", "rowspan") and v)
            self.parts.append(f"<td{spans}>")
            self._block_start = len(self.parts)
            return
        if tag == "a":
            values = {k: (v if v is not None else "") for k, v in attrs}
            if values.get("href"):
                self.links.append(values)
                self.parts.append(f'<a href="{_TOKEN}{len(self.links) - 1}">')
            else:
                self.parts.append("<a>")
            return
        if tag in _RENAMED:
            self.parts.append(f"<{_RENAMED[tag]}>")
            return
        self.parts.append(self.get_starttag_text() or f"<{tag}>")
        if tag in _FILLED_BLOCKS:
            self._block_start = len(self.parts)

    def handle_startendtag(self, tag, attrs):
        if not self._skip and tag not in _DROPPED and tag not in _DROPPED_WITH_CONTENT and not self.lists.leaves_out(tag):
            if tag == "br":
                self._line_break()
                return
            self.parts.append(self.get_starttag_text() or f"<{tag}/>")

    def _line_break(self) -> None:
        """A <br>; the only child of a block is CKEditor's block filler, not a line break (ckeditor5-engine
        domconverter.js isBlockFiller: "Special case for <p><br></p>")."""
        if self._empty_block is not None and self._block_start == len(self.parts):
            self._lone_br = (self._empty_block, len(self.parts))
        self._empty_block = None
        self.parts.append("<br>")

    def handle_endtag(self, tag):
        if self._left_out and tag == self._left_out[0]:
            self._left_out[1] -= 1
            if not self._left_out[1]:
                self._left_out = []
                self._skip = max(self._skip - 1, 0)
            return
        if tag == "caption":
            if self._captions:
                self._captions -= 1
                self._skip = max(self._skip - 1, 0)
            return
        if tag in _DROPPED_WITH_CONTENT:
            self._skip = max(self._skip - 1, 0)
            return
        if not self._skip and tag not in _DROPPED:
            self.lists.end(tag)
            if tag in self._scripts:
                del self._scripts[len(self._scripts) - 1 - self._scripts[::-1].index(tag)]
            if tag == "table" and self._open_tables:
                heading_rows_first(self._open_tables.pop(), self.parts, self._table_starts.pop())
            elif tag == "thead" and self._open_tables:
                self._open_tables[-1].in_head = False
            if self._lone_br == (tag, len(self.parts) - 1):
                self.parts[-1] = _EMPTY_MARK
            elif tag in _NBSP_FILLED and self._block_start == len(self.parts) - 1 and self.parts[-1] == "\u00a0":
                self.parts[-1] = _EMPTY_MARK
            if tag == self._empty_block:
                self.parts.append(_EMPTY_MARK)
                self._empty_block = None
            elif tag not in _INLINE:
                self._empty_block = None
            self.parts.append(f"</{_RENAMED.get(tag, 'td' if tag == 'th' else tag)}>")

    def handle_data(self, data):
        if not self._skip and not self.lists.leaves_out_text():
            if data.strip(" \t\n\r\f"):
                self._empty_block = None
            self.parts.append(html.escape(data, quote=False))


def prepare(source: str, tables: bool = True) -> _Preparer:
    """``source`` read for Qt: ``parts`` (joined, the HTML to give Qt), ``links``, ``tables``, ``scans``."""
    parser = _Preparer(tables)
    parser.feed(source or "")
    parser.close()
    return parser


def link_format(href: str, attributes: dict[str, str]) -> QTextCharFormat:
    """A link's character format. Of ``attributes`` it keeps what the CMS's link plugins keep: the title's
    text, and target, rel and download as switches that are on only for their one value (``_blank``,
    ``nofollow``, ``download``). A name given with another value (``""``) is set off, so merging the format
    over a link takes that attribute away; a name not given is left as the link has it."""
    fmt = QTextCharFormat()
    fmt.setAnchor(True)
    fmt.setAnchorHref(href)
    for name, prop in LINK_PROPERTIES.items():
        if name in attributes:
            value = attributes[name]
            if name == "title":
                fmt.setProperty(prop, value if isinstance(value, str) else "")
            else:
                fmt.setProperty(prop, value == LINK_ATTRIBUTE_VALUES[name])
    return fmt


def grid_format() -> QTextTableFormat:
    """How the dialog draws a table: its cells outlined, as CKEditor's editing view outlines them (the
    stored HTML carries no border; Qt would draw none)."""
    fmt = QTextTableFormat()
    fmt.setBorder(1)
    fmt.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
    fmt.setCellPadding(4)
    fmt.setCellSpacing(0)
    return fmt


def _dress_tables(frame: QTextFrame, headings: list[list[int]], scans: list[HeadingScan]) -> None:
    """Give each table read in its heading rows and columns (found by the number ``prepare`` put in its cell
    spacing), its cells' spans as written, and the dialog's outline."""
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            mark = round(child.format().cellSpacing()) - _TABLE_MARK
            rows, columns = headings[mark] if 0 <= mark < len(headings) else (0, 0)
            set_heading_counts(child, rows, columns)
            if 0 <= mark < len(scans):
                keep_written_spans(child, scans[mark].spans)
            fmt = child.format()
            grid = grid_format()
            fmt.setBorder(grid.border())
            fmt.setBorderStyle(grid.borderStyle())
            fmt.setCellPadding(grid.cellPadding())
            fmt.setCellSpacing(grid.cellSpacing())
            child.setFormat(fmt)
        _dress_tables(child, headings, scans)


def load_html(document: QTextDocument, source: str, tables: bool = True) -> None:
    """Put ``source`` into ``document`` (see the module docstring for what is kept); ``tables``: whether the
    table plugin is on (``formatting.table``)."""
    prepared = prepare(source, tables)
    links = prepared.links
    document.setHtml("".join(prepared.parts))
    _dress_tables(document.rootFrame(), prepared.tables, prepared.scans)
    mark_both(document)
    pending = []
    for first, last, fmt in fragments(document):
        href = fmt.anchorHref()
        if href.startswith(_TOKEN) and href[len(_TOKEN):].isdigit() and int(href[len(_TOKEN):]) < len(links):
            pending.append((first, last, links[int(href[len(_TOKEN):])]))
    for first, last, attributes in pending:
        cursor = QTextCursor(document)
        cursor.setPosition(first)
        cursor.setPosition(last, QTextCursor.KeepAnchor)
        cursor.mergeCharFormat(link_format(attributes.get("href", ""), attributes))
    _take_out_empty_marks(document)
    _trim_block_ends(document)
    document.setModified(False)


def _trim_block_ends(document: QTextDocument) -> None:
    """Take away the spaces Qt leaves at the end of a block it reads (from a space or a line end of the HTML
    before the end tag or a nested list): CKEditor's DomConverter removes a space that ends the last text of a
    block (``_processDataFromDomText``, shouldRightTrim), and its list plugin the space before a nested list
    (``cleanListItem``). A no-break space stays, as does all of a ``<pre>``."""
    block = document.begin()
    while block.isValid():
        text = block.text()
        if text.endswith(" ") and not block.blockFormat().nonBreakableLines():
            cursor = QTextCursor(block)
            cursor.setPosition(block.position() + len(text.rstrip(" ")))
            cursor.setPosition(block.position() + len(text), QTextCursor.KeepAnchor)
            cursor.removeSelectedText()
        block = block.next()


def _take_out_empty_marks(document: QTextDocument) -> None:
    """Empty the blocks ``prepare`` marked (Qt keeps an empty block it has read), each marked as read in."""
    cursor = document.find(_EMPTY_MARK)
    while not cursor.isNull():
        cursor.removeSelectedText()
        fmt = cursor.blockFormat()
        fmt.setProperty(EMPTY_READ_IN, True)
        cursor.setBlockFormat(fmt)
        cursor = document.find(_EMPTY_MARK, cursor)


# -- storing ---------------------------------------------------------------------------------------
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


def _attribute(value: str) -> str:
    return html.escape(value, quote=True)


class _Inline:
    """Writes the fragments of one block with minimal, properly nested inline tags."""

    def __init__(self, rules: RichTextRules):
        self.rules = rules

    def marks(self, fmt: QTextCharFormat, in_heading: bool) -> list[tuple[str, str]]:
        rules = self.rules
        wanted: list[tuple[str, str]] = []
        if fmt.isAnchor() and fmt.anchorHref() and rules.has("a"):
            attrs = f' href="{_attribute(fmt.anchorHref())}"'
            for attr in rules.link_attributes():
                value = fmt.property(LINK_PROPERTIES[attr])
                if attr == "title":
                    if isinstance(value, str) and value:
                        attrs += f' title="{_attribute(value)}"'
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
                    spans = "".join(f' {attr}="{_attribute(value)}"' for attr, value in written.items() if value)
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


def plain_text_html(text: str) -> str:
    """HTML for pasted plain text, as CKEditor's clipboard makes it (ckeditor5-clipboard plainTextToHtml): an
    empty line between two lines starts a paragraph, a single line break is a ``<br>``, and spaces that HTML
    would collapse are kept as no-break spaces."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\r?\n\r?\n", "</p><p>", text)
    text = re.sub(r"\r?\n", "<br>", text)
    text = re.sub(r"^\s", "&nbsp;", text)
    text = re.sub(r"\s$", "&nbsp;", text)
    text = re.sub(r"\s\s", " &nbsp;", text)
    return f"<p>{text}</p>" if "</p><p>" in text or "<br>" in text else text


def plain_text(source: str) -> str:
    """Text of an HTML string (for previews and placeholders: markup allowed, shown as text)."""
    text = re.sub(r"<br\s*/?>|</(p|h[1-6]|li|pre|tr)>", "\n", source or "", flags=re.IGNORECASE)
    text = re.sub(r"<[^>]*>", "", text)
    return html.unescape(text).replace("\u00a0", " ").strip()
