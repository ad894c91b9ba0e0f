"""HTML into the rich-text editor's ``QTextDocument``, and the formats both directions share (the HTML the
editor stores is written by ``richtext_write``).

Loading: scripts, styles, images and embedded objects are dropped before Qt reads the HTML, and every
link's ``href``, ``title``, ``target``, ``rel`` and ``download`` are kept in the link's character
format (Qt itself keeps only ``href``). A table keeps its merged cells and, as CKEditor reads them, its
heading rows and columns (``richtext_tables``), shown shaded.

The formats links, block quotes and tables are kept in (``link_format``, ``set_quote``, ``grid_format``) are
read by ``richtext_write`` when it writes the document.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from PySide6.QtGui import (
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextFrameFormat,
    QTextTable,
    QTextTableFormat,
)

from nodetype_studio.preview.richtext_rules import LINK_ATTRIBUTE_VALUES
from nodetype_studio.ui.editors.richtext_lists import VOID_ELEMENTS, ListReading
from nodetype_studio.ui.editors.richtext_scripts import BOTH_MARK, fragments, mark_both
from nodetype_studio.ui.editors.richtext_tables import (
    HeadingScan,
    heading_rows_first,
    keep_written_spans,
    set_heading_counts,
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
LINE_BREAK = "\u2028"
_EMPTY_MARK = "\ue000"  # holds an empty block while Qt reads the HTML (private use: not found in real text)
EMPTY_READ_IN = QTextFormat.UserProperty + 106  # a block read in empty (not Qt's own block beside a table)
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


def html_attribute(value: str) -> str:
    """An attribute value for a double-quoted HTML attribute."""
    return html.escape(value, quote=True)


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
            spans = "".join(f' {k}="{html_attribute(v)}"' for k, v in attrs if k in ("colspan", "rowspan") and v)
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
