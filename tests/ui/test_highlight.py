"""PygmentsHighlighter: colours land on the characters they belong to, whatever the lexer's defaults
and whichever token types it emits."""

from pygments.lexer import RegexLexer
from pygments.lexers.data import YamlLexer
from pygments.lexers.diff import DiffLexer
from pygments.styles import get_style_by_name
from pygments.token import Generic, Keyword, Name, Punctuation, String, Text, Token
from PySide6.QtGui import QTextDocument, QTextFormat

from nodetype_studio.ui.highlight import PygmentsHighlighter


def _coloured(document: QTextDocument) -> list[tuple[int, str, str]]:
    """(line, text, colour) of every coloured range laid out in the document."""
    found = []
    block = document.begin()
    while block.isValid():
        for fmt_range in block.layout().formats():
            if fmt_range.format.hasProperty(QTextFormat.ForegroundBrush):
                text = block.text()[fmt_range.start:fmt_range.start + fmt_range.length]
                found.append((block.blockNumber(), text, fmt_range.format.foreground().color().name()))
        block = block.next()
    return found


def _highlight(text: str, lexer, style: str = "default") -> tuple[QTextDocument, PygmentsHighlighter]:
    document = QTextDocument()
    document.setPlainText(text)
    highlighter = PygmentsHighlighter(document, lexer, style)
    highlighter.rehighlight()
    return document, highlighter


def _colour(style: str, token) -> str:
    return "#" + get_style_by_name(style).style_for_token(token)["color"].lower()


def test_leading_blank_lines_do_not_shift_the_colours(qapp):
    # a lexer made with pygments' defaults (stripnl=True) drops leading newlines: the highlighter undoes that
    text = "\n\n'Acme.Site:Page':\n  superTypes: {}\n"
    document, _highlighter = _highlight(text, YamlLexer())
    coloured = _coloured(document)
    assert (2, "'Acme.Site:Page'", _colour("default", String)) in coloured
    assert (3, "superTypes", _colour("default", Name.Tag)) in coloured
    assert all(piece.strip() == piece and piece for _line, piece, _c in coloured)  # no range starts mid-word


def test_a_last_line_without_newline_keeps_its_colours(qapp):
    document, _highlighter = _highlight("- a\n+ b", DiffLexer())
    assert _coloured(document) == [(0, "- a", _colour("default", Generic.Deleted)),
                                   (1, "+ b", _colour("default", Generic.Inserted))]


def test_token_types_the_style_does_not_know_take_their_parents_format(qapp):
    style = get_style_by_name("default")
    assert not style.styles_token(Punctuation.Indicator)  # what YAML's lexer emits for '-' and ':'
    document, highlighter = _highlight("items:\n  - one\n", YamlLexer())
    assert highlighter.token_count() > 0
    assert highlighter._format(Punctuation.Indicator) is highlighter._format(Punctuation)

    class Odd(RegexLexer):  # a lexer inventing a token type no style has ever heard of
        tokens = {"root": [(r"odd", Token.Made.Up.Entirely), (r"if", Keyword), (r"\s+|\w+", Text)]}  # noqa: RUF012

    document, highlighter = _highlight("if odd\n", Odd())
    assert highlighter.token_count() == 2
    assert (0, "if", _colour("default", Keyword)) in _coloured(document)
    assert highlighter._format(Token.Made.Up.Entirely) is highlighter._format(Token)
