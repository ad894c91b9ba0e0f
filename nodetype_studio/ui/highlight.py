"""Syntax highlighting of a QTextDocument by a pygments lexer.

The document is lexed as a whole (so multi-line comments and strings are right) and each block takes
its line's share of the token formats. The lexer is told not to strip leading or trailing whitespace
(``stripnl``, ``stripall``), so the offsets of its tokens are the document's positions. (``ensurenl``
stays on: the newline it may append comes after the document's end, and lexers whose rules end in
``\\n`` need it for the last line.) Token types the style has no entry for (YAML's
``Punctuation.Indicator``) take the nearest parent's format, as pygments' own formatters do.

After an edit, a lexer with an explicit state (pygments' ``ExtendedRegexLexer``, which YAML's is) is run
again only over the changed lines: the lexer's state is remembered at the start of every line, so lexing
resumes one line before the change with the state it had there, and stops at the first line after the
change where the state is the one the previous lexing had at that line (from there on the same text is
lexed from the same state, so its tokens are the ones already known). The colours are exactly those of
lexing the whole document again (``tests/ui/test_highlight_incremental.py`` compares them after random
edits). Other lexers lex the whole document after each change, as before.

Each block's state (``setCurrentBlockState``) is the version of its line's colours, a number that changes
whenever they are worked out again, so Qt highlights every line from the edit to the point where lexing
stopped, and no further. (For lexers lexed as a whole it is a hash of the line's formats, so a change
that re-colours later lines makes Qt re-highlight them too.)
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import count

from pygments.lexer import ExtendedRegexLexer, Lexer, LexerContext
from pygments.lexers.data import YamlLexer, YamlLexerContext
from pygments.styles import get_style_by_name
from pygments.token import Error, Text, _TokenType
from PySide6.QtGui import (
    QColor,
    QFont,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)

from nodetype_studio.textspan import changed_span
from nodetype_studio.ui.style import legible

_VERSIONS = count(1)
_INTERNAL = ("text", "pos", "end")  # a context's attributes that are not the lexer's state


def style_for(palette) -> str:
    """The Pygments style that reads on ``palette``'s base: Pygments' default colours (pure blue, navy)
    are for a light background, so a dark palette gets a dark style, as the source view has."""
    return "github-dark" if palette.color(palette.ColorRole.Window).lightness() < 128 else "default"


class PygmentsHighlighter(QSyntaxHighlighter):
    """``legible_on``: a background the colours must read on as body text does (4.5:1), such as a marked
    line's; each of the style's colours that does not is made lighter or darker (``style.legible``)."""

    def __init__(self, document: QTextDocument, lexer: Lexer, style: str = "default", *,
                 legible_on: QColor | None = None):
        super().__init__(None)
        self._legible_on = legible_on
        # offsets must be the document's: a stripped leading newline would shift every colour by one
        lexer.stripnl = lexer.stripall = False
        lexer.options.update(stripnl=False, stripall=False)
        self.lexer = lexer
        self._style = get_style_by_name(style)
        self._formats: dict = {}
        self._context = _context_class(lexer)  # None: lexed as a whole after every change
        self._text: str | None = None  # the text last lexed (as the lexer saw it)
        self._starts: list[int] = []  # per line of that text: where it starts,
        self._states: list[tuple | None] = []  # the lexer's state at its start (None: inside a token),
        self._lines: list[list[tuple[int, int, QTextCharFormat]]] = []  # its coloured ranges (column, length, format)
        self._versions: list[int] = []  # and the version of those colours (the block state)
        self.relexed = (0, 0)  # the lines the last lexing produced (first, end): for tests and diagnostics
        self._dirty = True
        # connected before the highlighter's own reaction to changes (setDocument), so the colours are
        # brought up to date before Qt asks for them
        document.contentsChange.connect(self._changed)
        self.setDocument(document)
        # owned by its document, as QSyntaxHighlighter(document) would be: the two go together, so the
        # document never reaches a highlighter whose Python side is gone (nor the other way round)
        self.setParent(document)

    def _changed(self, *_args) -> None:
        self._dirty = True
        if self._context is not None and self._text is not None:
            self._lex()

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
            colour = f"#{style['color']}"
            fmt.setForeground(QColor(colour) if self._legible_on is None else legible(colour, self._legible_on))
        if style["bold"]:
            fmt.setFontWeight(QFont.Bold)
        if style["italic"]:
            fmt.setFontItalic(True)
        return fmt

    # -- lexing --------------------------------------------------------------------------------------------
    def _lex(self) -> None:
        """Bring the colours up to date with the document: the changed lines only when the lexer allows it."""
        text = self.document().toPlainText()
        prepared = self.lexer._preprocess_lexer_input(text)
        if self._context is None or prepared[:len(text)] != text:
            self._lex_whole(prepared)  # positions would move (\r, tabs, BOM): not worth being clever
        else:
            self._lex_changes(prepared)
        self._text = prepared
        self._dirty = False

    def _lex_whole(self, text: str) -> None:
        tokens = []
        position = 0
        for token, value in self.lexer.get_tokens(text):
            tokens.append((position, token, value))
            position += len(value)
        starts = _line_starts(text, 0, len(text))
        lines = self._split(tokens, starts, text)
        self._starts, self._lines = starts, lines
        self._states = [None] * len(starts)
        self._versions = [hash(_signature(spans)) & 0x3FFFFFFF for spans in lines]
        self.relexed = (0, len(starts))

    def _lex_changes(self, new: str) -> None:
        old = self._text
        if old is None or not self._starts:
            self._lex_from(new, 0, None, 0, None)
            return
        prefix, suffix = changed_span(old, new)
        if prefix == len(old) == len(new):
            return
        # one whole line before the change (a token's look-ahead may reach into the next line), at a line
        # where the lexer stood between tokens
        line = max(0, bisect_right(self._starts, prefix) - 2)
        while line and self._states[line] is None:
            line -= 1
        self._lex_from(new, line, self._states[line], len(new) - suffix, old, bisect_right(self._starts, prefix) - 1)

    def _lex_from(self, text: str, first: int, state: tuple | None, changed_end: int, old: str | None,
                  changed_line: int = 0) -> None:
        """Lex ``text`` from the start of line ``first`` (with ``state``, the lexer's state there) until a line
        after ``changed_end`` (where the unchanged end of the text begins) whose start has the state the old
        lexing had there; splice the new lines in place of the old ones."""
        start = self._starts[first] if first else 0
        context = self._context(text, start)
        if state is not None:
            for key, value, was_list in state:
                setattr(context, key, list(value) if was_list else value)
        delta = len(text) - len(old) if old is not None else 0
        old_starts, old_states = self._starts, self._states
        states: list[tuple | None] = []
        new_starts: list[int] = []
        resume = None  # the old line the new lexing joined

        def at_line(position: int) -> bool:
            nonlocal resume
            snapshot = _snapshot(context)
            if old is not None and position - 1 >= changed_end:
                index = bisect_right(old_starts, position - delta) - 1
                if old_starts[index] == position - delta and old_states[index] == snapshot:
                    resume = index
                    return True
            new_starts.append(position)
            states.append(snapshot)
            return False

        tokens, end = _run(self.lexer, context, at_line)
        # lines inside multi-line tokens: their starts, without a state
        starts = _line_starts(text, start, end)
        if len(starts) != len(new_starts):
            known = dict(zip(new_starts, states, strict=True))
            states = [known.get(s) for s in starts]
        lines = self._split(tokens, starts, text)
        versions = [next(_VERSIONS) & 0x3FFFFFFF for _ in starts]
        stale = []  # lines before the change whose colours changed (a look-ahead): Qt starts at the change
        for index in range(first, min(changed_line, first + len(starts))):
            if _signature(lines[index - first]) == _signature(self._lines[index]):
                versions[index - first] = self._versions[index]
            else:
                stale.append(index)
        if resume is None:
            tail_starts, tail_states, tail_lines, tail_versions = [], [], [], []
        else:
            tail_starts = [s + delta for s in old_starts[resume:]]
            tail_states, tail_lines, tail_versions = old_states[resume:], self._lines[resume:], self._versions[resume:]
        self._starts = old_starts[:first] + starts + tail_starts
        self._states = old_states[:first] + states + tail_states
        self._lines = self._lines[:first] + lines + tail_lines
        self._versions = self._versions[:first] + versions + tail_versions
        self.relexed = (first, first + len(starts))
        for index in stale:
            self.rehighlightBlock(self.document().findBlockByNumber(index))

    def _split(self, tokens, starts: list[int], text: str) -> list[list[tuple[int, int, QTextCharFormat]]]:
        """The coloured ranges of ``tokens`` per line (lines starting at ``starts``; a token over several
        lines colours its part of each; whitespace-only tokens colour nothing)."""
        lines: list[list[tuple[int, int, QTextCharFormat]]] = [[] for _ in starts]
        if not starts:
            return lines
        ends = [s - 1 for s in starts[1:]] + [_line_end(text, starts[-1])]
        line = 0
        for position, token, value in tokens:
            if not value.strip():
                continue
            stop = position + len(value)
            while line + 1 < len(starts) and starts[line + 1] <= position:
                line += 1
            fmt = self._format(token)
            index = line
            while index < len(starts) and starts[index] < stop:
                begin, end = max(position, starts[index]), min(stop, ends[index])
                if end > begin:
                    lines[index].append((begin - starts[index], end - begin, fmt))
                index += 1
        return lines

    def token_count(self) -> int:
        """How many coloured ranges the document has (for tests and diagnostics)."""
        if self._dirty:
            self._lex()
        return sum(len(spans) for spans in self._lines)

    def highlightBlock(self, text: str) -> None:  # noqa: N802 (Qt override)
        if self._dirty:
            self._lex()
        number = self.currentBlock().blockNumber()
        if number >= len(self._lines):
            return
        for column, length, fmt in self._lines[number]:
            self.setFormat(column, length, fmt)
        self.setCurrentBlockState(self._versions[number])


def _context_class(lexer: Lexer):
    """The context to resume ``lexer`` with, when its state is all in the context (else None)."""
    if type(lexer).get_tokens_unprocessed is ExtendedRegexLexer.get_tokens_unprocessed and not lexer.filters:
        return LexerContext
    if isinstance(lexer, YamlLexer) and type(lexer).get_tokens_unprocessed is YamlLexer.get_tokens_unprocessed \
            and not lexer.filters:
        return YamlLexerContext
    return None


def _signature(spans: list) -> tuple:
    return tuple((column, length, id(fmt)) for column, length, fmt in spans)


def _snapshot(context) -> tuple:
    return tuple((key, tuple(value) if isinstance(value, list) else value, isinstance(value, list))
                 for key, value in context.__dict__.items() if key not in _INTERNAL)


def _run(lexer: ExtendedRegexLexer, ctx, at_line) -> tuple[list, int]:
    """pygments' ``ExtendedRegexLexer.get_tokens_unprocessed`` (2.x), calling ``at_line(position)`` the first
    time the lexer stands at the start of a line (between tokens, its state in ``ctx``); stops when that
    returns true. Returns the tokens (position, type, value) and where lexing stopped."""
    tokendefs = lexer._tokens
    text = ctx.text
    statetokens = tokendefs[ctx.stack[-1]]
    tokens = []
    marked = -1
    while 1:
        pos = ctx.pos
        if pos != marked and (pos == 0 or text[pos - 1] == "\n") and pos < ctx.end:
            marked = pos
            if at_line(pos):
                return tokens, pos
        for rexmatch, action, new_state in statetokens:
            m = rexmatch(text, ctx.pos, ctx.end)
            if m:
                if action is not None:
                    if type(action) is _TokenType:
                        tokens.append((ctx.pos, action, m.group()))
                        ctx.pos = m.end()
                    else:
                        tokens.extend(action(lexer, m, ctx))
                        if not new_state:
                            statetokens = tokendefs[ctx.stack[-1]]
                if new_state is not None:
                    if isinstance(new_state, tuple):
                        for state in new_state:
                            if state == "#pop":
                                if len(ctx.stack) > 1:
                                    ctx.stack.pop()
                            elif state == "#push":
                                ctx.stack.append(ctx.stack[-1])
                            else:
                                ctx.stack.append(state)
                    elif isinstance(new_state, int):
                        if abs(new_state) >= len(ctx.stack):
                            del ctx.stack[1:]
                        else:
                            del ctx.stack[new_state:]
                    elif new_state == "#push":
                        ctx.stack.append(ctx.stack[-1])
                    else:
                        raise AssertionError(f"wrong state def: {new_state!r}")
                    statetokens = tokendefs[ctx.stack[-1]]
                break
        else:
            if ctx.pos >= ctx.end:
                break
            if text[ctx.pos] == "\n":
                ctx.stack = ["root"]
                statetokens = tokendefs["root"]
                tokens.append((ctx.pos, Text, "\n"))
                ctx.pos += 1
                continue
            tokens.append((ctx.pos, Error, text[ctx.pos]))
            ctx.pos += 1
    return tokens, len(text)


def _line_starts(text: str, start: int, end: int) -> list[int]:
    """The starts of the lines of ``text`` from ``start`` (a line start) up to ``end`` (exclusive), and
    the empty last line when ``end`` is the text's end and it ends with a newline."""
    starts = [start]
    index = text.find("\n", start, end)
    while index != -1:
        if index + 1 < end or end == len(text):
            starts.append(index + 1)
        index = text.find("\n", index + 1, end)
    return starts


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    return len(text) if end == -1 else end


