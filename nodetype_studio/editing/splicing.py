"""Planning the text splices that add, remove and move entries of mappings and lists.

A splice is ``(start, end, replacement)`` on the current text. Block entries are cut and inserted as whole
lines together with the comment lines directly above them; flow entries (``{a: 1, b: 2}``) with their
separating comma.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nodetype_studio.editing.errors import EditError
from nodetype_studio.editing.scalars import resolve_plain
from nodetype_studio.editing.spans import (
    _BLOCK_HEADER,
    Container,
    Slot,
    alias_span,
    attached_start,
    block_scalar_end,
    container_of,
    is_blank_line,
    line_break,
    line_start,
    next_line,
    slot_end,
    slot_floor,
    slot_start,
    starts_line,
)

if TYPE_CHECKING:
    from nodetype_studio.editing.render import Renderer
    from nodetype_studio.editing.style import Style

_BLANK_CHECK_LIMIT = 30
# the rest of a flow entry's line when a comment follows the entry (group 1: its separating comma)
_COMMENT_AFTER_ENTRY = re.compile(r"[ \t]*(,?)[ \t]*#")
_DOCUMENT_END = re.compile(r"^\.\.\.(?:[ \t]|\r?$)", re.MULTILINE)


class BlockSplicer:
    """Mixed into YamlDocument (uses ``_text``, ``_aliases``, ``renderer``, ``style``)."""

    # What the document that mixes this in provides (declared for the type checker only).
    path: Path
    _text: str
    _aliases: set

    if TYPE_CHECKING:
        @property
        def style(self) -> Style: ...

        @property
        def renderer(self) -> Renderer: ...

        def replace_value_splices(self, container: Container, slot: Slot, value: Any) -> list: ...

        def _replace_pair_value(self, slot: Slot, value: Any, old_style: str | None) -> list: ...

    # -- positions -------------------------------------------------------------------------------------
    def _start_of(self, container: Container, slot: Slot) -> int:
        if slot.alias and slot.key is None:
            alias_start = alias_span(self._text, slot_floor(self._text, container, slot, self._aliases))[0]
            return alias_start if container.flow else _dash_before(self._text, alias_start)
        if container.flow and slot.key is None:
            return slot.value.start
        return slot_start(slot, self._text)

    def _end_of(self, container: Container, slot: Slot) -> int:
        return slot_end(self._text, container, slot, self._aliases)

    def _comment_floor(self, located, container: Container, slot: Slot) -> int:
        """Comments above ``slot`` may start no earlier than this (previous sibling or owner line)."""
        if slot.index > 0:
            return self._end_of(container, container.slots[slot.index - 1])
        if len(located.chain) >= 2:
            owner_container, owner = located.chain[-2]
            anchor = owner.key.end if owner.key is not None else self._start_of(owner_container, owner)
            return next_line(self._text, anchor)
        return 0

    def _mark_end(self, position: int) -> None:
        """Tell the renderer whether what it writes at ``position`` ends a file without a final newline."""
        text = self._text
        self.renderer.at_end_without_newline = not text.endswith("\n") and next_line(text, position) >= len(text)

    def _keep_unterminated_block(self, container: Container, last: Slot, position: int) -> list:
        """Text added after a ``|``/``>`` scalar that ends a file without a final newline would give that
        scalar a line break it does not have; switching it to strip chomping (``|-``) keeps its value."""
        text = self._text
        if text.endswith("\n") or position < len(text) or last.alias:
            return []
        ref = last.value
        while not ref.is_scalar and not ref.flow and ref.node.value:
            inner = container_of(ref, self._aliases)
            tail = inner.slots[-1]
            if tail.alias:
                return []
            ref = tail.value
        if not ref.is_block_scalar or "\n" in text[block_scalar_end(text, ref):position]:
            return []  # not a block scalar, or one followed by comment lines that already end it
        header = _BLOCK_HEADER.match(text, ref.start)
        if header is None or "-" in header.group(1) or "+" in header.group(1):
            return []
        indicator = header.start(1)
        return [(indicator, indicator, "-")]

    def _column(self, index: int) -> int:
        return index - line_start(self._text, index)

    # -- removal -------------------------------------------------------------------------------------------
    def remove_slot_splices(self, located) -> list:
        container, slot = located.chain[-1]
        text = self._text
        count = len(container.slots)
        if container.flow:
            if count == 1:
                return [(container.ref.start, container.ref.end, "{}" if container.kind == "map" else "[]")]
            if slot.index + 1 < count:
                following = container.slots[slot.index + 1]
                return [(self._start_of(container, slot), self._start_of(container, following), "")]
            previous = container.slots[slot.index - 1]
            return self._flow_line_removal(container, previous, slot) or [
                (self._end_of(container, previous), self._end_of(container, slot), "")]
        if count == 1 and len(located.chain) >= 2:
            owner_container, owner = located.chain[-2]
            return self.replace_value_splices(owner_container, owner, {} if container.kind == "map" else [])
        start = self._start_of(container, slot)
        if starts_line(text, start):
            return [self._line_removal(located, container, slot)]
        if slot.index + 1 < count:
            # "- a: 1\n  b: 2": the next entry moves up onto the dash line
            return [(start, self._start_of(container, container.slots[slot.index + 1]), "")]
        raise EditError("unsupported layout: cannot remove this entry", self.path, (slot.key or slot.value).line + 1)

    def _flow_line_removal(self, container: Container, previous: Slot, slot: Slot) -> list:
        """The last entry of a multi-line flow collection, on its own line with a comment beside it: that
        line goes, comment and all, with the comma that separated it (the previous entry keeps its own
        comment); [] for other layouts."""
        text = self._text
        start, end = self._start_of(container, slot), self._end_of(container, slot)
        beside = _COMMENT_AFTER_ENTRY.match(text, end, line_break(text, end))
        previous_end = self._end_of(container, previous)
        if beside is None or not starts_line(text, start) or "\n" not in text[previous_end:start]:
            return []
        lines = (line_start(text, start), next_line(text, end), "")
        if beside.group(1):
            return [lines]  # "b: 2,  # note": a trailing comma; the previous entry's comma becomes the trailing one
        comma = _separator_comma(text, previous_end, start)
        return [(comma, comma + 1, ""), lines] if comma is not None else []

    def _entry_lines(self, located, container: Container, slot: Slot) -> tuple[int, int]:
        """[first line of its comments, end of its last content line) of a block entry."""
        text = self._text
        start = self._start_of(container, slot)
        column = self._column(start)
        floor = self._comment_floor(located, container, slot)
        first = attached_start(text, line_start(text, start), column, floor)
        return first, self._lines_end(container, slot, column)

    def _lines_end(self, container: Container, slot: Slot, column: int) -> int:
        """End of a block entry's last content line, past the comment lines right below it that are
        indented deeper than its key (at ``column``): they belong to its content."""
        text = self._text
        last = line_break(text, self._end_of(container, slot))
        following = next_line(text, last)
        while following < len(text):
            line = text[following:line_break(text, following)]
            stripped = line.lstrip(" ")
            if not stripped.startswith("#") or len(line) - len(stripped) <= column:
                break
            last = following + len(line)
            following = next_line(text, last)
        return last

    def _after_entry(self, container: Container, slot: Slot) -> int:
        """Where text added after a block entry goes: below its content and the comments inside it."""
        return self._lines_end(container, slot, self._column(self._start_of(container, slot)))

    def _line_removal(self, located, container: Container, slot: Slot) -> tuple[int, int, str]:
        text = self._text
        first, last = self._entry_lines(located, container, slot)
        end = next_line(text, last)
        previous_blank = first > 0 and is_blank_line(text, line_start(text, first - 1))
        if end < len(text):
            # keep the spacing: of two blank lines around the removed entry, one goes with it
            if (first == 0 or previous_blank) and is_blank_line(text, end):
                end = next_line(text, end)
        else:
            if previous_blank:
                first = line_start(text, first - 1)
            if not text.endswith("\n") and first > 0:
                # the file has no final newline: the line break before the entry goes instead
                first -= 2 if text[first - 2:first] == "\r\n" else 1
        return first, end, ""

    # -- insertion -----------------------------------------------------------------------------------------
    def _blank_separated(self, container: Container) -> bool:
        """True when the entries of a block mapping are separated by blank lines (so new ones are too)."""
        slots = container.slots
        if len(slots) < 2:
            return False
        text = self._text
        for first, second in list(zip(slots, slots[1:]))[:_BLANK_CHECK_LIMIT]:
            gap = text[next_line(text, self._end_of(container, first)):line_start(text, self._start_of(container, second))]
            if not any(not line.strip() for line in gap.split("\n")[:-1]):
                return False
        return True

    def _top_level_separated(self, container: Container) -> bool:
        """Node types are separated by a blank line, unless the file writes its several ones without."""
        slots = container.slots
        if len(slots) < 2:
            return True
        text = self._text
        for first, second in list(zip(slots, slots[1:]))[:_BLANK_CHECK_LIMIT]:
            gap = text[next_line(text, self._end_of(container, first)):line_start(text, self._start_of(container, second))]
            if any(not line.strip() for line in gap.split("\n")[:-1]):
                return True
        return False

    def _block_insert(self, located, container: Container, body: str, column: int, anchor: Slot | None,
                      is_before: bool) -> tuple[int, int, str]:
        """Insert ``body`` (full lines at ``column``, no final line break) among a block mapping's entries."""
        text = self._text
        newline = self.style.newline
        separated = self._top_level_separated(container) if not located.chain else self._blank_separated(container)
        blank = newline if separated else ""
        if anchor is not None and is_before:
            start = self._start_of(container, anchor)
            if starts_line(text, start):
                floor = self._comment_floor(located, container, anchor)
                position = attached_start(text, line_start(text, start), self._column(start), floor)
                return position, position, body + newline + blank
            return start, start, body[column:] + newline + " " * column
        position = self._after_entry(container, anchor if anchor is not None else container.slots[-1])
        return position, position, newline + blank + body

    def _block_insert_all(self, located, container: Container, body: str, column: int, anchor: Slot | None,
                          is_before: bool) -> list:
        splice = self._block_insert(located, container, body, column, anchor, is_before)
        last = anchor if anchor is not None and not is_before else container.slots[-1]
        return self._keep_unterminated_block(container, last, splice[0]) + [splice]

    def _flow_insert(self, container: Container, item: str, anchor: Slot | None, is_before: bool) -> list:
        text = self._text
        ref = container.ref
        assert ref is not None, "a flow collection always has its node"
        slots = container.slots
        if not slots:
            inner = f" {item} " if self.style.flow_padding else item
            return [(ref.start + 1, ref.end - 1, inner)]
        starts = [self._start_of(container, slot) for slot in slots]
        lines = {text.count("\n", ref.start, start) for start in starts}
        multiline = len(lines) > 1 or 0 not in lines
        if anchor is not None and is_before:
            start = starts[anchor.index]
            separator = "," + self.style.newline + " " * self._column(start) if multiline else ", "
            return [(start, start, item + separator)]
        last = anchor if anchor is not None else slots[-1]
        position = self._end_of(container, last)
        indent = " " * self._column(starts[last.index])
        beside = _COMMENT_AFTER_ENTRY.match(text, position, line_break(text, position)) if multiline else None
        if beside is not None:
            # "b: 2,  # note": the comment stays beside its entry, the new one goes on the line below
            below = line_break(text, position)
            if beside.group(1):
                return [(below, below, self.style.newline + indent + item + ",")]
            return [(position, position, ","), (below, below, self.style.newline + indent + item)]
        separator = "," + self.style.newline + indent if multiline else ", "
        return [(position, position, separator + item)]

    def insert_pair_splices(self, located, container: Container | None, key: str, value, anchor: Slot | None,
                            is_before: bool) -> list:
        text = self._text
        render = self.renderer
        newline = self.style.newline
        if container is None or not container.slots:
            self._mark_end(len(text))
        else:
            last = anchor if anchor is not None and not is_before else container.slots[-1]
            self._mark_end(self._end_of(container, last) if container.flow else self._after_entry(container, last))
        if container is None:
            body = newline.join(render.pair_lines(key, value, 0))
            if not text:
                return [(0, 0, body + (newline if self.style.final_newline else ""))]
            marker = _DOCUMENT_END.search(text)
            if marker is not None and marker.start() > 0:  # "---" (comments) "...": the key goes inside
                return [(marker.start(), marker.start(), body + newline)]
            if text.endswith("\n"):
                return [(len(text), len(text), body + newline)]
            return [(len(text), len(text), newline + body)]
        if container.flow:
            if not container.slots and located.chain:
                owner_container, owner = located.chain[-1]
                if not owner_container.flow and owner_container.kind == "map" and not owner.alias:
                    # an empty {} under a block key (a validator just added): the first key makes it a block
                    return self._replace_pair_value(owner, {key: value}, None)
            return self._flow_insert(container, f"{render.key(key, flow=True)}: {render.flow(value, key)}", anchor, is_before)
        first_key = container.slots[0].key
        assert first_key is not None, "a block mapping's slots have keys"
        column = first_key.column
        body = newline.join(render.pair_lines(key, value, column))
        return self._block_insert_all(located, container, body, column, anchor, is_before)

    def append_item_splices(self, container: Container, value) -> list:
        neighbour = _item_style(container)
        if container.flow:
            if isinstance(value, str) and not isinstance(value, bool):
                item = self.renderer.scalar(value, flow=True, old_style=neighbour)
            else:
                item = self.renderer.flow(value)
            return self._flow_insert(container, item, None, False)
        position = self._after_entry(container, container.slots[-1])
        self._mark_end(position)
        column = self._column(self._start_of(container, container.slots[0]))
        lines = self.renderer.item_lines(value, column, neighbour)
        return self._keep_unterminated_block(container, container.slots[-1], position) + [
            (position, position, self.style.newline + self.style.newline.join(lines))]

    # -- moving --------------------------------------------------------------------------------------------
    def move_slot_splices(self, located, target: Slot, is_before: bool) -> list:
        container, slot = located.chain[-1]
        text = self._text
        if (is_before and target.index == slot.index + 1) or (not is_before and target.index == slot.index - 1):
            return []  # already there
        if container.flow:
            item = text[self._start_of(container, slot):self._end_of(container, slot)]
            return self.remove_slot_splices(located) + self._flow_insert(container, item, target, is_before)
        start = self._start_of(container, slot)
        column = self._column(start)
        if starts_line(text, start):
            removal = self._line_removal(located, container, slot)
            first, last = self._entry_lines(located, container, slot)
            body = text[first:last]
        else:
            # the first key of a "- key: value" item: the next key moves up onto the dash line
            following = self._start_of(container, container.slots[slot.index + 1])
            removal = (start, following, "")
            body = " " * column + text[start:line_break(text, self._end_of(container, slot))]
        insertion = self._block_insert(located, container, body, column, target, is_before)
        if removal[0] < insertion[0] < removal[1]:
            raise EditError("internal error: the move target lies inside the moved entry", self.path)
        last_slot = target if not is_before else container.slots[-1]
        return self._keep_unterminated_block(container, last_slot, insertion[0]) + [removal, insertion]


def _item_style(container: Container) -> str | None:
    """How the list's last string item is written ("'", '"' or "plain"), so a new item matches it."""
    for slot in reversed(container.slots):
        ref = slot.value
        if slot.alias or not ref.is_scalar or ref.is_empty_scalar:
            continue
        style = ref.node.style
        if style in ("'", '"'):
            return style
        if not style and isinstance(resolve_plain(ref.node.value), str):
            return "plain"
    return None


def _dash_before(text: str, index: int) -> int:
    position = index - 1
    while position >= 0 and text[position] in " \t\r\n":
        position -= 1
    return position if position >= 0 and text[position] == "-" else index


def _separator_comma(text: str, start: int, end: int) -> int | None:
    """The index of the ``,`` between two flow entries (blanks, line breaks and comments around it)."""
    index = start
    while index < end:
        char = text[index]
        if char == ",":
            return index
        if char == "#":
            index = text.find("\n", index, end)
            if index < 0:
                return None
        elif char not in " \t\r\n":
            return None
        index += 1
    return None
