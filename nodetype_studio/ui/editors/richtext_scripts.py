"""Subscript and superscript as CKEditor keeps them: two attributes of the text (neos-ui's
``plugins/sub.js`` and ``sup.js`` exclude neither), so text may be both. Qt has one vertical alignment
per character; text that is both is shown as superscript and marked with ``SUB_AND_SUP``."""

from __future__ import annotations

from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument, QTextFormat

SUB_AND_SUP = QTextFormat.UserProperty + 105
#: Marks text that is both while Qt reads the HTML (as a tooltip, which Qt keeps); see ``mark_both``.
BOTH_MARK = "ntss:sub+sup"


def script_state(fmt: QTextCharFormat) -> tuple[bool, bool]:
    """Whether text of character format ``fmt`` is subscript, and whether it is superscript."""
    both = fmt.boolProperty(SUB_AND_SUP)
    alignment = fmt.verticalAlignment()
    return both or alignment == QTextCharFormat.AlignSubScript, both or alignment == QTextCharFormat.AlignSuperScript


def script_format(sub: bool, sup: bool) -> QTextCharFormat:
    """A format to merge that makes text subscript and/or superscript (or neither)."""
    fmt = QTextCharFormat()
    fmt.setVerticalAlignment(QTextCharFormat.AlignSuperScript if sup else
                             QTextCharFormat.AlignSubScript if sub else QTextCharFormat.AlignNormal)
    fmt.setProperty(SUB_AND_SUP, sub and sup)
    return fmt


def fragments(document: QTextDocument, start: int = 0, end: int | None = None):
    """(first, last, format) of each run of text between ``start`` and ``end`` (the whole text by default)."""
    end = document.characterCount() if end is None else end
    block = document.findBlock(start)
    while block.isValid() and block.position() <= end:
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            iterator += 1
            first, last = max(fragment.position(), start), min(fragment.position() + fragment.length(), end)
            if first < last:
                yield first, last, fragment.charFormat()
        block = block.next()


def _merge(document: QTextDocument, first: int, last: int, fmt: QTextCharFormat) -> None:
    cursor = QTextCursor(document)
    cursor.setPosition(first)
    cursor.setPosition(last, QTextCursor.KeepAnchor)
    cursor.mergeCharFormat(fmt)


def mark_both(document: QTextDocument) -> None:
    """After Qt read HTML: the text ``BOTH_MARK`` marks becomes sub- and superscript (the mark goes)."""
    marked = [(first, last, fmt) for first, last, fmt in fragments(document) if fmt.toolTip() == BOTH_MARK]
    for first, last, fmt in marked:
        fmt.clearProperty(QTextFormat.TextToolTip)
        fmt.merge(script_format(True, True))
        cursor = QTextCursor(document)
        cursor.setPosition(first)
        cursor.setPosition(last, QTextCursor.KeepAnchor)
        cursor.setCharFormat(fmt)


def toggle_script(cursor: QTextCursor, key: str) -> QTextCharFormat | None:
    """Switch ``key`` (``sub`` or ``sup``) as CKEditor's AttributeCommand does: to the opposite of what the
    first selected character has, on the whole selection, the other attribute left as each part has it.
    Without a selection, returns the format to merge for what is typed next."""
    document = cursor.document()
    index = 0 if key == "sub" else 1
    if not cursor.hasSelection():
        states = list(script_state(cursor.charFormat()))
        states[index] = not states[index]
        return script_format(*states)
    start, end = cursor.selectionStart(), cursor.selectionEnd()
    parts = list(fragments(document, start, end))
    value = not script_state(parts[0][2])[index] if parts else True
    for first, last, fmt in parts:
        states = list(script_state(fmt))
        states[index] = value
        _merge(document, first, last, script_format(*states))
    return None
