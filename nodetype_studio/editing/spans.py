"""Where things are in the text: node positions, line helpers, spans of entries and their comments.

Positions are character offsets into the document text. A :class:`Ref` wraps a composed node with the
offset/line its marks are relative to (entries re-parsed on their own carry their own base).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from nodetype_studio.editing.errors import EditError
from nodetype_studio.editing.yamltree import is_merge_key, key_text

_ALIAS_TOKEN = re.compile(r"[\s:,?\-\[]*(\*[^\s,\[\]{}]+)")
_BLOCK_HEADER = re.compile(r"(?:[!&]\S*\s+)*[|>]([-+0-9]*)")


class Ref:
    """A node plus the base its marks are relative to."""

    __slots__ = ("node", "base", "line_base")

    def __init__(self, node: Node, base: int = 0, line_base: int = 0):
        # Any: scalar and collection nodes carry different attributes (style, flow_style, value)
        self.node: Any = node
        self.base = base
        self.line_base = line_base

    @property
    def start(self) -> int:
        return self.node.start_mark.index + self.base

    @property
    def end(self) -> int:
        return self.node.end_mark.index + self.base

    @property
    def line(self) -> int:
        """0-based line of the node's start."""
        return self.node.start_mark.line + self.line_base

    @property
    def column(self) -> int:
        return self.node.start_mark.column

    def sub(self, node: Node) -> "Ref":
        return Ref(node, self.base, self.line_base)

    @property
    def is_map(self) -> bool:
        return isinstance(self.node, MappingNode)

    @property
    def is_seq(self) -> bool:
        return isinstance(self.node, SequenceNode)

    @property
    def is_scalar(self) -> bool:
        return isinstance(self.node, ScalarNode)

    @property
    def flow(self) -> bool:
        return bool(getattr(self.node, "flow_style", False))

    @property
    def is_block_collection(self) -> bool:
        return not self.is_scalar and not self.flow

    @property
    def is_block_scalar(self) -> bool:
        return self.is_scalar and self.node.style in ("|", ">")

    @property
    def is_empty_scalar(self) -> bool:
        return self.is_scalar and not self.node.style and self.node.value == "" and self.start == self.end


@dataclass
class Slot:
    """One entry of a container: a mapping pair (``key`` set) or a sequence item (``key`` None)."""

    name: object            # str key or int index
    key: Ref | None
    value: Ref
    index: int
    alias: bool = False     # the value is an alias (``*name``), its marks point at the anchor
    merge: bool = False     # a ``<<`` merge key
    key_alias: bool = False  # the key itself is an alias


class Container:
    """A mapping (``kind`` "map") or sequence ("seq") with its slots; ``ref`` is None for the document
    root seen through the entry index."""

    def __init__(self, kind: str, ref: Ref | None, slots: list[Slot], flow: bool = False):
        self.kind = kind
        self.ref = ref
        self.slots = slots
        self.flow = flow

    def find(self, name) -> list[Slot]:
        return [slot for slot in self.slots if slot.name == name]


def container_of(ref: Ref, alias_slots: set | None = None) -> Container:
    node = ref.node
    aliases = alias_slots or ()
    if isinstance(node, MappingNode):
        slots = []
        for index, (key_node, value_node) in enumerate(node.value):
            name = key_text(key_node)
            slots.append(
                Slot(name, ref.sub(key_node), ref.sub(value_node), index,
                     alias=(id(node), index) in aliases, merge=is_merge_key(key_node),
                     key_alias=(id(node), -index - 1) in aliases)
            )
        return Container("map", ref, slots, ref.flow)
    if isinstance(node, SequenceNode):
        slots = [
            Slot(index, None, ref.sub(item), index, alias=(id(node), index) in aliases)
            for index, item in enumerate(node.value)
        ]
        return Container("seq", ref, slots, ref.flow)
    raise EditError("not a mapping or a list")


def find_aliases(root: Node) -> tuple[set, set]:
    """(alias slots as (id(parent), index), ids of nodes reused through aliases) for a whole tree.

    Slots are numbered like Container slots; a key slot is ``-index - 1``. The first use of a node in
    document order is its anchor definition, every later use an alias.
    """
    seen: set[int] = set()
    alias_slots: set = set()
    shared: set[int] = set()
    stack: list = [(None, 0, root)]
    while stack:
        parent, position, node = stack.pop()
        if id(node) in seen:
            alias_slots.add((id(parent), position))
            shared.add(id(node))
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            children = []
            for index, (key, value) in enumerate(node.value):
                children.append((node, -index - 1, key))
                children.append((node, index, value))
        elif isinstance(node, SequenceNode):
            children = [(node, index, item) for index, item in enumerate(node.value)]  # type: ignore[misc]
        else:
            continue
        stack.extend(reversed(children))
    return alias_slots, shared


# -- text helpers --------------------------------------------------------------------------------------------

def line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def line_break(text: str, index: int) -> int:
    """Index where the line holding ``index`` ends (the start of its ``\\n`` or ``\\r\\n``)."""
    found = text.find("\n", index)
    if found < 0:
        return len(text)
    return found - 1 if found > index and text[found - 1] == "\r" else found


def next_line(text: str, index: int) -> int:
    found = text.find("\n", index)
    return len(text) if found < 0 else found + 1


def line_number(text: str, index: int) -> int:
    """0-based line of a character offset."""
    return text.count("\n", 0, index)


def starts_line(text: str, index: int) -> bool:
    """True when only spaces precede ``index`` on its line."""
    start = line_start(text, index)
    return not text[start:index].strip(" ")


def is_blank_line(text: str, start: int) -> bool:
    return start < len(text) and not text[start:line_break(text, start)].strip()


def comment_beside(text: str, after: int, moved: bool = False) -> str:
    """The ``# comment`` that follows ``after`` on the same line with the blanks before it as written (a
    tab stays a tab), '' when none; text written in front of it keeps the comment where it was. ``moved``:
    the text before the comment goes away, so spaces that aligned it shrink to one (a tab stays)."""
    rest = text[after:line_break(text, after)]
    comment = rest.lstrip(" \t")
    if not comment.startswith("#"):
        return ""
    gap = rest[:len(rest) - len(comment)]
    if not gap or (moved and "\t" not in gap):
        gap = " "
    return gap + comment.rstrip(" \t")


def block_header_comment(text: str, ref: Ref, moved: bool = False) -> str:
    """The comment beside a ``|``/``>`` scalar's header line (see ``comment_beside``)."""
    header = _BLOCK_HEADER.match(text, ref.start)
    return comment_beside(text, header.end(), moved) if header is not None else ""


# -- spans ---------------------------------------------------------------------------------------------------

def block_scalar_end(text: str, ref: Ref) -> int:
    """End of a ``|``/``>`` scalar's last content line (keep-chomped scalars keep their blank lines)."""
    end = ref.end
    header = _BLOCK_HEADER.match(text, ref.start)
    if header and "+" in header.group(1):
        if end > ref.start and text[end - 1] == "\n":
            end -= 2 if end - 2 >= 0 and text[end - 2] == "\r" else 1
        return end
    while end > ref.start and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def alias_end(text: str, floor: int) -> int:
    match = _ALIAS_TOKEN.match(text, floor)
    if not match:
        raise EditError("could not find the alias in the text")
    return match.end(1)


def alias_span(text: str, floor: int) -> tuple[int, int]:
    match = _ALIAS_TOKEN.match(text, floor)
    if not match:
        raise EditError("could not find the alias in the text")
    return match.start(1), match.end(1)


def slot_floor(text: str, container: Container, slot: Slot, aliases=()) -> int:
    """The position after which a slot's own text starts (key end for pairs, previous item for items)."""
    if slot.key is not None:
        return slot.key.end
    if slot.index == 0:
        return container.ref.start if container.ref is not None else 0
    return slot_end(text, container, container.slots[slot.index - 1], aliases)


def slot_end(text: str, container: Container, slot: Slot, aliases=()) -> int:
    """Just after the last character of the slot's content (comments after it excluded)."""
    if slot.alias:
        # the value's marks point back at its anchor: find the ``*name`` token instead
        return alias_end(text, slot_floor(text, container, slot, aliases))
    if slot.value.is_empty_scalar and slot.key is not None:
        return max(slot.key.end, slot.value.end)
    return content_end(text, slot.value, aliases)


def content_end(text: str, ref: Ref, aliases=()) -> int:
    node = ref.node
    if isinstance(node, ScalarNode):
        return block_scalar_end(text, ref) if node.style in ("|", ">") else ref.end
    if getattr(node, "flow_style", False) or not node.value:
        return ref.end
    inner = container_of(ref, aliases)
    return slot_end(text, inner, inner.slots[-1], aliases)


def slot_start(slot: Slot, text: str) -> int:
    """Where the slot's text begins: its key, or the dash of a block item / the item of a flow list."""
    if slot.key is not None:
        return slot.key.start
    return item_dash(text, slot.value.start)


def item_dash(text: str, value_start: int) -> int:
    """The ``-`` before a block sequence item (the value itself for flow items)."""
    index = value_start - 1
    while index >= 0 and text[index] in " \t\r\n":
        index -= 1
    return index if index >= 0 and text[index] == "-" else value_start


def attached_start(text: str, line_begin: int, column: int, floor: int) -> int:
    """First line of the comments directly above a line (no blank line between, indented no deeper
    than ``column``, after ``floor``); ``line_begin`` when there are none."""
    start = line_begin
    while start > 0:
        previous = line_start(text, start - 1)
        if previous < floor:
            break
        line = text[previous:line_break(text, previous)]
        stripped = line.lstrip(" ")
        if not stripped.startswith("#") or len(line) - len(stripped) > column:
            break
        start = previous
    return start


def colon_after_key(text: str, key: Ref) -> int:
    """Index just after the ``:`` that follows a mapping key."""
    index = key.end
    while index < len(text) and text[index] in " \t":
        index += 1
    if index < len(text) and text[index] == ":":
        return index + 1
    raise EditError("unsupported key layout (the ':' does not follow the key)")
