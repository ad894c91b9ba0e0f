"""The position index of a YamlDocument: top-level entries, containers and slots along key paths.

A document whose top level is a plain block mapping (every NodeTypes file) is indexed per top-level
entry: each entry's nodes carry the offset their marks are relative to, so an edit inside one node type
re-parses only that node type's lines and shifts the offsets of the entries after it. Other documents
(anchors, directives, several documents, a flow or non-mapping top level) are indexed as one piece.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaml.nodes import MappingNode, ScalarNode

from nodetype_studio.editing.errors import AliasEditError, EditError, YamlParseError
from nodetype_studio.editing.keypath import format_path
from nodetype_studio.editing.operations import Located
from nodetype_studio.editing.spans import (
    Container,
    Ref,
    Slot,
    container_of,
    find_aliases,
    line_start,
    starts_line,
)
from nodetype_studio.editing.yamltree import YamlSyntaxError, key_text, load_data

_ANCHOR_HINT = re.compile(r"(?:^|[\s\[{,])[&*][^\s,\[\]{}]", re.MULTILINE)
_DIRECTIVE = re.compile(r"^%", re.MULTILINE)
_DOCUMENT_MARKER = re.compile(r"^(?:---|\.\.\.)(?:[ \t]|\r?$)", re.MULTILINE)


class _Entry:
    """A top-level pair; its nodes' marks are relative to ``base``/``line_base``."""

    __slots__ = ("name", "key_node", "value_node", "base", "line_base", "start", "data")

    def __init__(self, name, key_node, value_node, base, line_base, start):
        self.name = name
        self.key_node = key_node
        self.value_node = value_node
        self.base = base
        self.line_base = line_base
        self.start = start
        self.data = _UNSET

    def key_ref(self) -> Ref:
        return Ref(self.key_node, self.base, self.line_base)

    def value_ref(self) -> Ref:
        return Ref(self.value_node, self.base, self.line_base)


_UNSET = object()


class _RootContainer(Container):
    """The top-level mapping seen through the entry index (slots are built only when needed)."""

    def __init__(self, doc: "DocumentIndex"):
        self.kind, self.ref, self.flow = "map", None, False
        self._doc = doc
        self._built = None

    def _slot(self, index: int) -> Slot:
        entry = self._doc._entries[index]
        return Slot(entry.name, entry.key_ref(), entry.value_ref(), index)

    @property
    def slots(self):
        if self._built is None:
            self._built = [self._slot(i) for i in range(len(self._doc._entries))]
        return self._built

    def find(self, name):
        return [self._slot(i) for i in self._doc._entry_index.get(name, ())]


class DocumentIndex:
    """Mixed into YamlDocument: builds the index and walks key paths through it."""

    # What YamlDocument provides (declared for the type checker only).
    path: Path
    _text: str

    if TYPE_CHECKING:
        def _alias_error(self, path: Any, container: Container, slot: Slot) -> AliasEditError: ...

    @property
    def data(self):
        """The whole document as plain data (Symfony scalar rules)."""
        if self._data is _UNSET:
            if self._segmented and all(entry.data is not _UNSET for entry in self._entries):
                data: dict = {}
                for entry in self._entries:
                    if entry.name not in data:  # a duplicate key: the first one counts
                        data[entry.name] = entry.data
                self._data = data
            else:
                try:
                    self._data = load_data(self._text, str(self.path))
                except YamlSyntaxError as exc:
                    raise YamlParseError(f"not valid YAML: {exc}", self.path, exc.line) from None
                if self._segmented and isinstance(self._data, dict):
                    seen = set()
                    for entry in self._entries:  # one parse fills every entry (duplicates read their own)
                        if entry.name not in seen and entry.data is _UNSET:
                            entry.data = self._data.get(entry.name)
                        seen.add(entry.name)
        return self._data

    def _entry_value(self, entry: _Entry):
        """The data of one top-level entry, read from its own lines."""
        if entry.data is _UNSET:
            position = self._entries.index(entry)
            end = self._entries[position + 1].start if position + 1 < len(self._entries) else len(self._text)
            try:
                entry.data = load_data(self._text[entry.start:end], str(self.path))[entry.name]
            except (YamlSyntaxError, KeyError, TypeError):
                raise YamlParseError("the file could not be read for editing", self.path, entry.key_ref().line + 1) from None
        return entry.data


    # -- index ---------------------------------------------------------------------------------------------
    def _index(self, root) -> None:
        self._root = root
        self._data = _UNSET
        self._aliases: set = set()
        self._shared: set = set()
        self._entries: list[_Entry] = []
        self._entry_index: dict[str, list[int]] = {}
        self._segmented = False
        text = self._text
        if root is not None and _ANCHOR_HINT.search(text):
            self._aliases, self._shared = find_aliases(root)
        if not isinstance(root, MappingNode) or root.flow_style or self._aliases or _DIRECTIVE.search(text):
            return
        pairs = root.value
        if not pairs:
            return
        first_key = pairs[0][0].start_mark.index
        marker = _DOCUMENT_MARKER.search(text, first_key)
        if marker:
            return
        entries = []
        for key_node, value_node in pairs:
            if not isinstance(key_node, ScalarNode) or not starts_line(text, key_node.start_mark.index):
                return
            name = key_text(key_node)
            start = line_start(text, key_node.start_mark.index)
            entries.append(_Entry(name, key_node, value_node, 0, 0, start))
        self._entries = entries
        for position, entry in enumerate(entries):
            self._entry_index.setdefault(entry.name, []).append(position)
        self._segmented = True

    def _root_container(self) -> Container | None:
        if self._segmented:
            return _RootContainer(self)
        root = self._root
        if root is None or isinstance(root, ScalarNode):
            return None
        return container_of(Ref(root), self._aliases)

    def _container_at(self, ref: Ref) -> Container:
        return container_of(ref, self._aliases)

    def _locate(self, path: tuple, for_reading: bool = False) -> Located:
        """Find the slots along ``path``; stops at the first missing element (``missing`` = its index)."""
        chain: list[tuple[Container, Slot]] = []
        container = self._root_container()
        entry = None
        for depth, name in enumerate(path):
            if container is None:
                return Located(chain, depth, entry, None)
            if container.kind == "map":
                if isinstance(name, bool) or not isinstance(name, (str, int)):
                    raise EditError(f"invalid key {name!r} in {format_path(path)}", self.path)
                found = [slot for slot in container.find(str(name)) if not slot.merge]
                if len(found) > 1:
                    key_lines = [slot.key.line + 1 for slot in found if slot.key is not None]
                    lines = ", ".join(str(line) for line in key_lines)
                    raise EditError(
                        f"{format_path(path[:depth + 1])} is defined more than once in this mapping "
                        f"(lines {lines}); remove the duplicate by hand first", self.path, key_lines[-1])
                if not found:
                    if any(slot.merge for slot in container.slots) and not for_reading:
                        raise AliasEditError(
                            f"{format_path(path[:depth + 1])} is not written in this mapping but may come from "
                            "a merge key (<<: *alias); edit it where the anchor is defined", self.path)
                    return Located(chain, depth, entry, container)
                slot = found[0]
            else:
                index = _list_index(name, len(container.slots))
                if index is None:
                    return Located(chain, depth, entry, container)
                slot = container.slots[index]
            if depth == 0 and self._segmented:
                entry = self._entries[slot.index]
            chain.append((container, slot))
            last = depth == len(path) - 1
            if not for_reading and (slot.alias or slot.key_alias or id(slot.value.node) in self._shared):
                if not last:
                    raise self._alias_error(path[:depth + 1], container, slot)
            if last:
                break
            value = slot.value
            container = None if value.is_scalar else self._container_at(value)
        return Located(chain, None, entry, container)


def _list_index(name, length: int) -> int | None:
    if isinstance(name, bool):
        return None
    if isinstance(name, str):
        if not name.lstrip("-").isdigit():
            return None
        name = int(name)
    if not isinstance(name, int):
        return None
    index = name + length if name < 0 else name
    return index if 0 <= index < length else None
