"""PygmentsHighlighter after edits: lexing only the changed lines gives exactly the colours of lexing the
whole document again (random edits of YAML with block scalars, flow collections over several lines,
quoted strings over several lines, comments, documents), and an edit in one line of a long file lexes a
few lines, not the file."""

from __future__ import annotations

import random

import pytest
from pygments.lexers.data import JsonLexer, YamlLexer
from PySide6.QtGui import QTextCursor, QTextDocument

from nodetype_studio.ui.highlight import PygmentsHighlighter

YAML = """\
# a comment
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Page'
    help:
      message: |
        A block scalar
          with more indentation
        # not a comment
    inspector:
      groups: {document: {label: Document,
        icon: icon-file}}
  properties:
    title:
      type: string
      defaultValue: "a string
        over two lines"
      ui:
        label: Title  # trailing comment
        inspector:
          editorOptions:
            values: [a, b,
              c]
            placeholder: >-
              folded
              text
---
%TAG ! tag:example.com,2000:
'Acme.Site:Other': &anchor
  ui: *anchor
  list:
    - one
    - {a: 1}
    - ? complex
      : key
"""

PIECES = ["'", '"', "{", "}", "[", "]", "|", ">", "#", ":", " ", "  ", "\n", "\n  ", "- ", "x", "label: 'L'",
          "&a ", "*a", "---\n", "? ", "\t", "é", "key: |\n  text\n"]


def _colours(document: QTextDocument) -> list[tuple]:
    """What the user sees: per line, each formatted range with its colour and weight."""
    found = []
    block = document.begin()
    while block.isValid():
        for fmt_range in block.layout().formats():
            fmt = fmt_range.format
            found.append((block.blockNumber(), fmt_range.start, fmt_range.length,
                          fmt.foreground().color().name(), fmt.fontWeight(), fmt.fontItalic()))
        block = block.next()
    return found


def _document(text: str) -> QTextDocument:
    """A document laid out as in a view (a document without a layout tells no one of its changes)."""
    document = QTextDocument()
    document.documentLayout()
    document.setPlainText(text)
    return document


def _fresh(text: str, lexer_class) -> list[tuple]:
    document = QTextDocument()
    document.setPlainText(text)
    highlighter = PygmentsHighlighter(document, lexer_class())
    highlighter.rehighlight()
    return _colours(document)


def _edit(document: QTextDocument, rng: random.Random) -> None:
    text = document.toPlainText()
    cursor = QTextCursor(document)
    start = rng.randint(0, len(text))
    cursor.setPosition(start)
    if rng.random() < 0.4 and start < len(text):
        cursor.setPosition(min(len(text), start + rng.randint(1, 12)), QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText("" if rng.random() < 0.2 else rng.choice(PIECES))


@pytest.mark.parametrize("seed", range(12))
def test_colours_after_random_edits_equal_a_whole_highlight(qapp, seed):
    rng = random.Random(seed)
    document = _document(YAML * 2)
    highlighter = PygmentsHighlighter(document, YamlLexer())
    highlighter.rehighlight()
    for step in range(40):
        _edit(document, rng)
        assert _colours(document) == _fresh(document.toPlainText(), YamlLexer), (seed, step)


def test_replacing_the_whole_text_and_clearing_it(qapp):
    document = _document(YAML)
    highlighter = PygmentsHighlighter(document, YamlLexer())
    highlighter.rehighlight()
    for text in (YAML.replace("'", '"'), "", "a: b", YAML + "x"):
        document.setPlainText(text)
        assert _colours(document) == _fresh(text, YamlLexer)


def test_an_edit_that_recolours_the_rest_of_the_file(qapp):
    document = _document(YAML)
    highlighter = PygmentsHighlighter(document, YamlLexer())
    highlighter.rehighlight()
    cursor = QTextCursor(document)
    cursor.setPosition(YAML.index("  properties:"))
    cursor.insertText('  x: "\n')  # an open quote: the lines down to the next quote are in the string
    assert _colours(document) == _fresh(document.toPlainText(), YamlLexer)
    first, end = highlighter.relexed
    assert end - first > 5


def test_a_label_edit_in_a_long_file_lexes_a_few_lines(qapp):
    text = "".join(f"'Acme.Site:T{i}':\n  ui:\n    label: 'Type {i}'\n    icon: cube\n" for i in range(300))
    document = _document(text)
    highlighter = PygmentsHighlighter(document, YamlLexer())
    highlighter.rehighlight()
    cursor = QTextCursor(document)
    cursor.setPosition(text.index("Type 150'") + len("Type 150"))
    cursor.insertText("!")
    first, end = highlighter.relexed
    assert first <= 602 < end and end - first <= 4
    assert _colours(document) == _fresh(document.toPlainText(), YamlLexer)


def test_lexers_without_a_resumable_state_are_lexed_whole(qapp):
    document = _document('{"a": [1, 2],\n "b": "c"}\n')
    highlighter = PygmentsHighlighter(document, JsonLexer())
    highlighter.rehighlight()
    cursor = QTextCursor(document)
    cursor.setPosition(1)
    cursor.insertText('"x": true, ')
    assert _colours(document) == _fresh(document.toPlainText(), JsonLexer)
