"""Syntax highlighting of a QTextDocument by a pygments lexer.

The whole document is lexed (so multi-line comments and strings are right) whenever it changed, and
each block takes its slice of the token formats; a block's state is a hash of its formats so that a
change which re-colours later lines makes Qt re-highlight them too.

The lexer is told not to strip leading or trailing whitespace (``stripnl``, ``stripall``), so the
offsets of its tokens are the document's positions. (``ensurenl`` stays on: the newline it may append
comes after the document's end, and lexers whose rules end in ``\n`` need it for the last line.)
Token types the style has no entry for (YAML's ``Punctuation.Indicator``) take the nearest parent's
format, as pygments' own formatters do.
"""

from __future__ import annotations

from bisect import bisect_right

from pygments.lexer import Lexer
from pygments.styles import get_style_by_name
from PySide6.QtGui import (
    QColor,
    QFont,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)


class PygmentsHighlighter(QSyntaxHighlighter):
    def __init__(self, document: QTextDocument, lexer: Lexer, style: str = "default"):
        super().__init__(document)
        # offsets must be the document's: a stripped leading newline would shift every colour by one
        lexer.stripnl = lexer.stripall = False
        lexer.options.update(stripnl=False, stripall=False)
        self.lexer = lexer
        self._style = get_style_by_name(style)
        self._formats: dict = {}
        self._spans: list[tuple[int, int, QTextCharFormat]] = []
        self._ends: list[int] = []
        self._dirty = True
        document.contentsChange.connect(self._mark_dirty)

    def _mark_dirty(self, *_args) -> None:
        self._dirty = True

    def _format(self, token) -> QTextCharFormat:
        fmt = self._formats.get(token)
        if fmt is None:
            known = token
            while not self._style.styles_token(known) and known.parent is not None:
                known = known.parent  # a subtype the style has no entry for: its parent's format
            fmt = self._formats.get(known)
            if fmt is None:
                fmt = self._formats[known] = self._make_format(known)
            self._formats[token] = fmt
        return fmt

    def _make_format(self, token) -> QTextCharFormat:
        fmt = QTextCharFormat()
        style = self._style.style_for_token(token)
        if style["color"]:
            fmt.setForeground(QColor(f"#{style['color']}"))
        if style["bold"]:
            fmt.setFontWeight(QFont.Bold)
        if style["italic"]:
            fmt.setFontItalic(True)
        return fmt

    def _lex(self) -> None:
        text = self.document().toPlainText()
        spans = []
        position = 0
        for token, value in self.lexer.get_tokens(text):
            length = len(value)
            if value.strip():
                spans.append((position, length, self._format(token)))
            position += length
        self._spans = spans
        self._ends = [position + length for position, length, _fmt in spans]
        self._dirty = False

    def token_count(self) -> int:
        """How many coloured spans the document has (for tests and diagnostics)."""
        if self._dirty:
            self._lex()
        return len(self._spans)

    def highlightBlock(self, text: str) -> None:  # noqa: N802 (Qt override)
        if self._dirty:
            self._lex()
        block = self.currentBlock()
        start, end = block.position(), block.position() + len(text)
        signature = 0
        for position, length, fmt in self._spans[bisect_right(self._ends, start):]:
            if position >= end:
                break
            begin = max(position, start)
            stop = min(position + length, end)
            self.setFormat(begin - start, stop - begin, fmt)
            signature = hash((signature, begin - start, stop - begin, id(fmt)))
        self.setCurrentBlockState(signature & 0x3FFFFFFF)
