"""The edit operations of :class:`YamlDocument`: each plans text splices, then commits them verified."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ContextManager

from yaml.nodes import ScalarNode

from nodetype_studio.editing import datapath
from nodetype_studio.editing.errors import AliasEditError, Edit, EditError, PathNotFound
from nodetype_studio.editing.keypath import format_path
from nodetype_studio.editing.render import check_value
from nodetype_studio.editing.scalars import quoted, single_quoted
from nodetype_studio.editing.spans import (
    Container,
    Slot,
    alias_span,
    block_header_comment,
    block_scalar_end,
    colon_after_key,
    comment_beside,
    content_end,
    item_dash,
    line_break,
    line_start,
    next_line,
    slot_end,
    slot_floor,
    starts_line,
)
from nodetype_studio.editing.splicing import BlockSplicer
from nodetype_studio.editing.yamltree import same

__all__ = ["EditOperations", "Located", "format_path"]

_ANCHOR = re.compile(r"(?:![^\s]*\s+)?&([^\s,\[\]{}]+)")
_DOCUMENT_START = re.compile(r"^---(?:[ \t]|\r?$)", re.MULTILINE)
_DOCUMENT_END = re.compile(r"^\.\.\.(?:[ \t]|\r?$)", re.MULTILINE)


def _empty_scalar(node) -> bool:
    """A document with nothing in it but ``---`` (and comments, ``...``): a node type can be added to it."""
    return isinstance(node, ScalarNode) and not node.style and node.value == "" and node.start_mark.index == node.end_mark.index


@dataclass
class Located:
    chain: list                 # [(Container, Slot)] for each path element found
    missing: int | None         # index of the first path element that does not exist
    entry: object | None        # the top-level entry the path starts in (indexed documents)
    container: Container | None  # the container at the end of what was found (None: a scalar or empty document)


def _key(name) -> str:
    if isinstance(name, bool) or not isinstance(name, (str, int)):
        raise EditError(f"invalid key {name!r}")
    return str(name)


class EditOperations(BlockSplicer):
    """Mixed into YamlDocument; relies on its ``_locate``/``_commit``/``_transaction_scope``/``renderer``."""

    if TYPE_CHECKING:  # provided by YamlDocument and DocumentIndex
        _root: Any
        _shared: set

        @property
        def data(self) -> Any: ...
        def get(self, path: Any = ()) -> Any: ...

        def _locate(self, path: tuple, for_reading: bool = False) -> Located: ...
        def _commit(self, splices: Any, description: str, expect: Any, entry: Any, focus: tuple = ()) -> Edit: ...
        def _transaction_scope(self, description: str) -> ContextManager[Any]: ...
        def _container_at(self, ref: Any) -> Container: ...
        def _entry_value(self, entry: Any) -> Any: ...

    # -- helpers -----------------------------------------------------------------------------------------
    def _found(self, path: tuple) -> Located:
        located = self._locate(path)
        if located.missing is not None:
            raise PathNotFound(f"{format_path(path)} does not exist", self.path, self._line_near(located))
        return located

    def _line_near(self, located: Located) -> int:
        if not located.chain:
            return 0
        slot = located.chain[-1][1]
        return (slot.key or slot.value).line + 1

    def _value_at(self, located: Located, path: tuple):
        if located.entry is not None:
            return datapath.get_in(self._entry_value(located.entry), path[1:])
        return datapath.get_in(self.data, path)

    def _alias_error(self, path, container: Container, slot: Slot) -> AliasEditError:
        line = (slot.key or slot.value).line + 1
        if slot.alias or slot.key_alias:
            start, end = alias_span(self._text, slot_floor(self._text, container, slot, self._aliases))
            return AliasEditError(
                f"{format_path(path)} is the alias {self._text[start:end]}: its value is shared with the anchor "
                "and an edit through it would change every place that uses it. Edit the anchor's definition, "
                "or replace the alias itself", self.path, line)
        anchor = _ANCHOR.match(self._text, slot.value.start)
        name = f" &{anchor.group(1)}" if anchor else ""
        return AliasEditError(
            f"{format_path(path)} is defined with the anchor{name}, which is reused elsewhere through aliases; "
            "an edit here would change every place that uses it. Edit it by hand or remove the aliases first",
            self.path, line)

    def _guard_value(self, path, container: Container, slot: Slot, allow_alias: bool) -> None:
        """Refuse touching a value that is shared through an anchor (replacing an alias itself is fine)."""
        if slot.key_alias or (slot.alias and not allow_alias):
            raise self._alias_error(path, container, slot)
        if not slot.alias and id(slot.value.node) in self._shared:
            raise self._alias_error(path, container, slot)

    def _scope(self, located: Located, depth: int):
        """The top-level entry an edit at ``depth`` stays inside (None: the edit touches the top level)."""
        return located.entry if depth >= 1 else None

    # -- set ---------------------------------------------------------------------------------------------
    def set(self, path, value, _description: str | None = None) -> Edit:
        """Set the value at ``path`` (a tuple of keys / list indices); missing mappings are created."""
        path = tuple(path)
        check_value(value)
        value = datapath.normalize(value)
        description = _description or f"set {format_path(path)}"
        if not path:
            raise EditError("cannot replace the whole document; set a key inside it", self.path)
        located = self._locate(path)
        if located.missing is None:
            container, slot = located.chain[-1]
            self._guard_value(path, container, slot, allow_alias=True)
            old = None if slot.alias else self._value_at(located, path)
            if not slot.alias and same(old, value):
                return self._commit([], description, None, None)
            if not slot.alias and isinstance(old, dict) and isinstance(value, dict) and old and value:
                return self._set_mapping(path, old, value, description)
            if not slot.alias and isinstance(old, list) and isinstance(value, list) and old and value:
                return self._set_list(path, old, value, description)
            splices = self.replace_value_splices(container, slot, value)
            return self._commit(splices, description, lambda data, drop: datapath.with_set(data, path[drop:], value),
                                self._scope(located, len(path) - 1), path[:-1])
        return self._set_missing(path, located, value, description)

    def _set_missing(self, path, located: Located, value, description: str) -> Edit:
        depth = located.missing
        assert depth is not None, "only called for a path that is missing"
        rest = path[depth + 1:]
        if any(not isinstance(name, str) for name in rest):
            raise PathNotFound(f"{format_path(path[:depth + 1])} does not exist (list items are added with "
                               "append_item)", self.path, self._line_near(located))
        nested = value
        for name in reversed(rest):
            nested = {name: nested}
        container = located.container
        if container is None:
            if depth > 0:
                current = self._value_at(located, path[:depth])
                if current is not None:
                    raise EditError(f"{format_path(path[:depth])} is a {type(current).__name__} value, not a "
                                    "mapping", self.path, self._line_near(located))
                return self.set(path[:depth], {_key(path[depth]): nested}, description)
            return self.insert_key((), path[0], nested, _description=description)
        if container.kind == "map":
            return self.insert_key(path[:depth], path[depth], nested, _description=description)
        if not rest and _is_index(path[depth]) and int(path[depth]) == len(container.slots):
            return self.append_item(path[:depth], value, _description=description)
        if depth > 0 and not container.slots and not _is_index(path[depth]):
            # `[]` is PHP's empty array, to the CMS the same as `{}` (validator options are often written so)
            return self.set(path[:depth], {_key(path[depth]): nested}, description)
        raise PathNotFound(f"{format_path(path[:depth + 1])} does not exist: the list has "
                           f"{len(container.slots)} item(s)", self.path, self._line_near(located))

    def _set_mapping(self, path, old: dict, new: dict, description: str) -> Edit:
        """Change a mapping key by key, so untouched keys (and their comments) keep their text."""
        with self._transaction_scope(description) as transaction:
            for key in old:
                if key not in new:
                    self.unset(path + (key,))
            previous = None
            for key, item in new.items():
                if key in old:
                    self.set(path + (key,), item)
                elif previous is None:
                    first = next(iter(k for k in old if k in new), None)
                    self.insert_key(path, key, item, before=first)
                else:
                    self.insert_key(path, key, item, after=previous)
                previous = key
            order = list(self.get(path))
            for index, key in enumerate(new):
                if order[index] != key:
                    self.move_key(path + (key,), before=order[index])
                    order.remove(key)
                    order.insert(index, key)
        return transaction.result

    def _set_list(self, path, old: list, new: list, description: str) -> Edit:
        with self._transaction_scope(description) as transaction:
            for index in range(min(len(old), len(new))):
                self.set(path + (index,), new[index])
            for item in new[len(old):]:
                self.append_item(path, item)
            for index in reversed(range(len(new), len(old))):
                self.remove_item(path, index)
        return transaction.result

    # -- unset / remove_item -------------------------------------------------------------------------------
    def unset(self, path) -> Edit:
        """Remove the key at ``path`` (with the comment lines directly above it)."""
        path = tuple(path)
        if not path:
            raise EditError("cannot remove the whole document", self.path)
        located = self._found(path)
        container, slot = located.chain[-1]
        if container.kind != "map":
            return self.remove_item(path[:-1], path[-1])
        self._guard_value(path, container, slot, allow_alias=True)
        splices = self.remove_slot_splices(located)
        if len(path) == 1 and len(container.slots) == 1 and not container.flow:
            def expect(_data, _drop):
                return None  # the document's only key: the file becomes empty
            splices += self._lone_end_marker(splices)
        else:
            def expect(data, drop):
                return datapath.with_unset(data, path[drop:])
        return self._commit(splices, f"remove {format_path(path)}", expect, self._scope(located, len(path) - 1),
                            path[:-1])

    def remove_item(self, list_path, index: int) -> Edit:
        list_path = tuple(list_path)
        located = self._found(list_path + (index,))
        container, slot = located.chain[-1]
        if container.kind != "seq":
            raise EditError(f"{format_path(list_path)} is not a list", self.path, self._line_near(located))
        self._guard_value(list_path + (index,), container, slot, allow_alias=True)
        position = slot.index
        splices = self.remove_slot_splices(located)
        return self._commit(
            splices, f"remove item {position} of {format_path(list_path)}",
            lambda data, drop: datapath.with_removed_item(data, list_path[drop:], position),
            self._scope(located, len(list_path)), list_path)

    # -- rename ------------------------------------------------------------------------------------------
    def rename_key(self, path, new_key) -> Edit:
        path = tuple(path)
        new_key = _key(new_key)
        located = self._found(path)
        container, slot = located.chain[-1]
        if slot.key is None:
            raise EditError(f"{format_path(path)} is a list item, it has no key", self.path)
        if slot.key_alias:
            raise self._alias_error(path, container, slot)
        if new_key == slot.name:
            return self._commit([], f"rename {format_path(path)}", None, None)
        if container.find(new_key):
            raise EditError(f"cannot rename {format_path(path)}: {format_path(path[:-1] + (new_key,))} already "
                            "exists", self.path, slot.key.line + 1)
        old_style = slot.key.node.style
        if old_style == "'" and single_quoted(new_key) is not None:
            text = single_quoted(new_key)
        elif old_style in ("'", '"'):
            text = quoted(new_key, old_style)
        else:
            text = self.renderer.key(new_key, flow=container.flow)
        return self._commit(
            [(slot.key.start, slot.key.end, text)], f"rename {format_path(path)} to {new_key}",
            lambda data, drop: datapath.with_renamed(data, path[drop:], new_key),
            self._scope(located, len(path) - 1), path[:-1])

    def _lone_end_marker(self, splices) -> list:
        """A ``...`` line that would be left without a document (no ``---`` before it) once the document's
        last key is removed: libyaml refuses such a file, so the marker goes too."""
        text = self._text
        end = max(e for _s, e, _t in splices)
        marker = _DOCUMENT_END.search(text, end)
        if marker is None or _DOCUMENT_START.search(text, 0, marker.start()):
            return []
        return [(marker.start(), next_line(text, marker.start()), "")]

    # -- insert / move -------------------------------------------------------------------------------------
    def _mapping_at(self, parent_path: tuple) -> tuple[Located, Container | None]:
        located = self._found(parent_path) if parent_path else self._locate(())
        if not parent_path:
            container = located.container
            if container is None and self._root is not None and not _empty_scalar(self._root):
                raise EditError("the document is not a mapping", self.path)
            return located, container
        container, slot = located.chain[-1]
        self._guard_value(parent_path, container, slot, allow_alias=False)
        if slot.value.is_scalar:
            return located, None
        inner = self._container_at(slot.value)
        if inner.kind != "map":
            if not inner.slots:
                return located, None  # `[]`: PHP's empty array, as good a mapping as `{}`
            raise EditError(f"{format_path(parent_path)} is a list, not a mapping", self.path, self._line_near(located))
        return located, inner

    def insert_key(self, parent_path, key, value, before=None, after=None, _description: str | None = None) -> Edit:
        """Add ``key`` to the mapping at ``parent_path``: before/after a sibling key, or at the end."""
        parent_path = tuple(parent_path)
        key = _key(key)
        check_value(value)
        value = datapath.normalize(value)
        description = _description or f"insert {format_path(parent_path + (key,))}"
        if before is not None and after is not None:
            raise EditError("give either before or after, not both", self.path)
        located, container = self._mapping_at(parent_path)
        if container is None and parent_path:
            current = self._value_at(located, parent_path)
            if current is not None and current != []:
                raise EditError(f"{format_path(parent_path)} is a {type(current).__name__} value, not a mapping",
                                self.path, self._line_near(located))
            return self.set(parent_path, {key: value}, description)
        anchor = None
        if container is not None:
            if container.find(key):
                raise EditError(f"{format_path(parent_path + (key,))} already exists", self.path)
            sibling = before if before is not None else after
            if sibling is not None:
                found = container.find(_key(sibling))
                if not found:
                    raise PathNotFound(f"{format_path(parent_path + (_key(sibling),))} does not exist", self.path)
                anchor = found[-1]
        splices = self.insert_pair_splices(located, container, key, value, anchor, before is not None)
        return self._commit(
            splices, description,
            lambda data, drop: datapath.with_inserted(data, parent_path[drop:], key, value, before, after),
            self._scope(located, len(parent_path)), parent_path)

    def move_key(self, path, before=None, after=None) -> Edit:
        """Move a key before or after one of its sibling keys (its comments move with it)."""
        path = tuple(path)
        if (before is None) == (after is None):
            raise EditError("give exactly one of before or after", self.path)
        located = self._found(path)
        container, slot = located.chain[-1]
        if container.kind != "map":
            raise EditError(f"{format_path(path)} is a list item; only keys can be moved", self.path)
        sibling = _key(before if before is not None else after)
        if sibling == slot.name:
            raise EditError(f"cannot move {format_path(path)} relative to itself", self.path)
        found = container.find(sibling)
        if not found:
            raise PathNotFound(f"{format_path(path[:-1] + (sibling,))} does not exist", self.path)
        splices = self.move_slot_splices(located, found[-1], before is not None)
        where = f"before {sibling}" if before is not None else f"after {sibling}"
        return self._commit(
            splices, f"move {format_path(path)} {where}",
            lambda data, drop: datapath.with_moved(data, path[drop:], before, after),
            self._scope(located, len(path) - 1), path[:-1])

    # -- lists ---------------------------------------------------------------------------------------------
    def append_item(self, list_path, value, _description: str | None = None) -> Edit:
        """Add ``value`` at the end of the list at ``list_path`` (a missing or null list is created)."""
        list_path = tuple(list_path)
        check_value(value)
        value = datapath.normalize(value)
        description = _description or f"append to {format_path(list_path)}"
        located = self._locate(list_path)
        if not list_path:
            raise EditError("the document itself is not a list", self.path)
        if located.missing is not None:
            return self.set(list_path, [value], description)  # creates the list (and missing mappings above it)
        container, slot = located.chain[-1]
        self._guard_value(list_path, container, slot, allow_alias=False)
        if slot.value.is_scalar:
            if self._value_at(located, list_path) is None:
                return self.set(list_path, [value], description)
            raise EditError(f"{format_path(list_path)} is not a list", self.path, self._line_near(located))
        inner = self._container_at(slot.value)
        if inner.kind != "seq":
            raise EditError(f"{format_path(list_path)} is a mapping, not a list", self.path, self._line_near(located))
        return self._commit(
            self.append_item_splices(inner, value), description,
            lambda data, drop: datapath.with_appended(data, list_path[drop:], value),
            self._scope(located, len(list_path)), list_path)

    # -- value replacement ----------------------------------------------------------------------------------
    def replace_value_splices(self, container: Container, slot: Slot, value) -> list:
        text = self._text
        render = self.renderer
        self._mark_end(slot_end(text, container, slot, self._aliases))
        if slot.alias:
            start, end = alias_span(text, slot_floor(text, container, slot, self._aliases))
            inline = render.flow(value) if isinstance(value, (dict, list)) else render.scalar(value, flow=container.flow)
            return [(start, end, inline)]
        current = slot.value
        old_style = None
        if current.is_scalar and not current.is_empty_scalar:
            old_style = current.node.style if current.node.style in ("'", '"', "|", ">") else "plain"
        if container.flow:
            key = slot.name if container.kind == "map" else None
            inline = render.flow(value, key) if isinstance(value, (dict, list)) else render.scalar(
                value, flow=True, old_style=old_style if old_style in ("'", '"', "plain") else None, key=key)
            if current.is_empty_scalar:
                if slot.key is not None and text[slot.key.end:current.start].strip(" \t\r\n") != ":":
                    return [(slot.key.end, slot.key.end, ": " + inline)]  # "{a: 1, b}": a key without a colon
                return [(current.start, current.start, (" " if text[current.start - 1] == ":" else "") + inline)]
            return [(current.start, current.end, inline)]
        if container.kind == "map":
            return self._replace_pair_value(slot, value, old_style)
        return self._replace_item_value(slot, value, old_style)

    def _replace_pair_value(self, slot: Slot, value, old_style) -> list:
        text = self._text
        render = self.renderer
        newline = self.style.newline
        current = slot.value
        assert slot.key is not None, "a mapping slot has a key"
        colon = colon_after_key(text, slot.key)
        key_column = slot.key.column
        collection = isinstance(value, (dict, list)) and bool(value)
        if collection and current.flow and not current.is_scalar and current.node.value:
            return [(current.start, current.end, render.flow(value))]  # a written-out flow collection stays one
        if collection:
            is_map = isinstance(value, dict)
            if current.is_block_collection and (current.is_seq == (not is_map)) or (
                    current.is_block_collection and current.column > key_column):
                column = current.column
            else:
                column = key_column + (self.style.indent if is_map else self.style.seq_offset)
            if is_map and column <= key_column:
                column = key_column + self.style.indent
            lines = render.mapping_lines(value, column) if is_map else render.sequence_lines(value, column)
            body = newline.join(lines)
            if current.is_block_collection:
                return [(line_start(text, current.start), self._block_end(current), body)]
            old_end = self._inline_end(current, colon)
            return [(colon, line_break(text, old_end), self._beside(current, old_end) + newline + body)]
        lines = render.value_after_key(value, key_column, old_style, key=slot.name)
        if len(lines) == 1:
            inline = lines[0]
            if current.is_block_collection:
                end = self._block_end(current)
                return [(colon, end, inline + comment_beside(text, colon))]
            if current.is_empty_scalar:
                return [(colon, max(colon, current.end), inline)]
            if current.is_block_scalar:
                return [(current.start, block_scalar_end(text, current),
                         inline.lstrip(" ") + block_header_comment(text, current))]
            return [(current.start, current.end, inline.lstrip(" "))]
        header, body = lines[0], newline.join(lines[1:])
        if current.is_block_scalar:
            return [(current.start, block_scalar_end(text, current),
                     header.lstrip(" ") + block_header_comment(text, current) + newline + body)]
        if current.is_block_collection:
            return [(colon, self._block_end(current), header + comment_beside(text, colon) + newline + body)]
        old_end = self._inline_end(current, colon)
        return [(colon, line_break(text, old_end), header + self._beside(current, old_end) + newline + body)]

    def _beside(self, current, old_end: int) -> str:
        """The comment beside an inline value being replaced by lines below its key (kept on the key line)."""
        if current.is_block_scalar:
            return block_header_comment(self._text, current, moved=True)
        return comment_beside(self._text, old_end, moved=True)

    def _block_end(self, current) -> int:
        """End of a block collection being replaced: its last line, with any comment there (the comment
        belongs to the removed content, and text written after it would be commented out or swallowed)."""
        return line_break(self._text, content_end(self._text, current, self._aliases))

    def _inline_end(self, current, colon: int) -> int:
        if current.is_empty_scalar:
            return colon
        if current.is_block_scalar:
            # its node ends where the next key starts: the replacement stops after its last content line
            return block_scalar_end(self._text, current)
        return current.end

    def _replace_item_value(self, slot: Slot, value, old_style) -> list:
        text = self._text
        current = slot.value
        dash = item_dash(text, current.start)
        if current.is_empty_scalar or not starts_line(text, current.start) or current.start == dash:
            column = dash - line_start(text, dash) + 2
        else:
            column = current.column
        lines = self.renderer.inline_value(value, column, old_style)
        body = self.style.newline.join(lines)
        if current.is_empty_scalar:
            comment = comment_beside(text, current.start)
            if comment and len(lines) > 1:  # "- # note": the comment stays on the dash line
                return [(current.start, line_break(text, current.start),
                         " " + self.style.newline.join([lines[0] + comment] + lines[1:]))]
            return [(current.start, current.start, " " + body)]
        if current.is_block_scalar:
            comment = block_header_comment(text, current)
            if comment:
                body = self.style.newline.join([lines[0] + comment] + lines[1:])
            end = block_scalar_end(text, current)
        elif current.is_block_collection:
            end = self._block_end(current)
        else:
            end = current.end
            comment = comment_beside(text, end)
            if comment and len(lines) > 1:
                # "- one  # note" becoming lines: the comment stays on the item's line, not after the new
                # last line (where a | block would take it as content)
                body = self.style.newline.join([lines[0] + comment] + lines[1:])
                end = line_break(text, end)
        return [(current.start, end, body)]


def _is_index(name) -> bool:
    if isinstance(name, bool):
        return False
    return isinstance(name, int) or (isinstance(name, str) and name.isdigit())
