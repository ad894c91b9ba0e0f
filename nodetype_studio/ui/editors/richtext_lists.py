"""Indent and outdent of rich-text list items, as the CMS's list commands move them.

A list item's level is the indent of its ``QTextList`` (1 = outermost); the HTML writer nests a list
of a deeper level inside the item before it. Both commands move the selected items together with the
items nested under the last of them.
"""

from __future__ import annotations

from PySide6.QtGui import QTextBlockFormat, QTextCursor, QTextListFormat


def indent_items(selected: list) -> bool:
    """Make the selected list items items of a list one level deeper, under the item before them. As the
    CMS's indent, nothing happens (False) unless an item of the same kind and level comes before the first
    of them: the first item of a list cannot be indented."""
    blocks = _list_blocks(selected)
    if not blocks or _earlier_list(blocks[0], _level(blocks[0]), blocks[0].textList().format().style()) is None:
        return False
    for block in blocks:
        _move_to_level(block, _level(block) + 1)
    return True


def outdent_items(selected: list) -> bool:
    """Move the selected list items one level out; an item of the outermost level becomes a paragraph, as
    the CMS's outdent makes it. False when no list item is selected."""
    blocks = _list_blocks(selected)
    for block in blocks:
        _move_to_level(block, _level(block) - 1)
    return bool(blocks)


def _level(block) -> int:
    return max(block.textList().format().indent(), 1)


def _list_blocks(selected: list) -> list:
    """The selected list items and the items nested under the last of them."""
    blocks = [block for block in selected if block.textList() is not None]
    if not blocks:
        return []
    level = min(_level(block) for block in blocks)
    following = blocks[-1].next()
    while following.isValid() and following.textList() is not None and _level(following) > level:
        blocks.append(following)
        following = following.next()
    return blocks


def _earlier_list(block, level: int, style):
    """The list of the nearest item before ``block`` at ``level``, if it has ``style`` and only items of that
    level or deeper stand between them; else None."""
    earlier = block.previous()
    while earlier.isValid() and earlier.textList() is not None and _level(earlier) >= level:
        if _level(earlier) == level:
            text_list = earlier.textList()
            return text_list if text_list.format().style() == style else None
        earlier = earlier.previous()
    return None


def _move_to_level(block, level: int) -> None:
    style = block.textList().format().style()
    block.textList().remove(block)
    fmt = QTextBlockFormat(block.blockFormat())
    fmt.setIndent(0)  # (leaving a list gives the block the list's indent; the level is the list's alone)
    QTextCursor(block).setBlockFormat(fmt)
    if level < 1:
        return
    target = _earlier_list(block, level, style)
    if target is not None:
        target.add(block)
        return
    list_format = QTextListFormat()
    list_format.setStyle(style)
    list_format.setIndent(level)
    QTextCursor(block).createList(list_format)


_LISTS = ("ul", "ol")
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class ListReading:
    """What the CMS's list plugin (ckeditor5-list 16.0, converters.js) reads of the lists in HTML, followed tag
    by tag: of a ``<ul>`` or ``<ol>`` only its items and lists (``cleanList``), of an item nothing after its
    first nested list but further lists (``cleanListItem``); the rest is left out, with its content."""

    def __init__(self):
        self._open: list[list] = []  # open lists and items: [tag, other elements open in it, a nested list ended]

    def _direct(self) -> list | None:
        """The list or item whose direct children come now, if any."""
        return self._open[-1] if self._open and self._open[-1][1] == 0 else None

    def leaves_out(self, tag: str) -> bool:
        """Whether an element ``tag`` starting here is left out."""
        top = self._direct()
        if top is None or tag in _LISTS:
            return False
        return tag != "li" if top[0] in _LISTS else top[2] and tag != "li"

    def leaves_out_text(self) -> bool:
        top = self._direct()
        return top is not None and (top[0] in _LISTS or top[2])

    def start(self, tag: str) -> None:
        """An element that is read starts."""
        top = self._direct()
        if tag == "li" and top is not None and top[0] == "li":
            self._open.pop()  # (an item starting in an item ends it, as in HTML)
        if tag == "li" or tag in _LISTS:
            self._open.append([tag, 0, False])
        elif self._open and tag not in VOID_ELEMENTS:
            self._open[-1][1] += 1

    def end(self, tag: str) -> None:
        if tag == "li" or tag in _LISTS:
            if any(entry[0] == tag for entry in self._open):
                while self._open.pop()[0] != tag:
                    pass
                top = self._direct()
                if tag in _LISTS and top is not None and top[0] == "li":
                    top[2] = True
        elif self._open and self._open[-1][1] > 0:
            self._open[-1][1] -= 1
