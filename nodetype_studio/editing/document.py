"""A YAML file open for editing: original text, detected style, on-disk signature, edits by text splicing.

Every edit replaces only the characters that must change and is verified by parsing the result and
comparing its data with what the edit should produce; an edit that would read back differently is
refused and nothing changes. Files whose top level is a plain block mapping (every NodeTypes file) are
indexed per top-level entry, so an edit inside one node type re-parses only that node type's lines.
"""

from __future__ import annotations

import difflib
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode

from nodetype_studio.boundedio import FileTooLarge, NotARegularFile
from nodetype_studio.editing import diskio
from nodetype_studio.editing.datapath import get_in
from nodetype_studio.editing.errors import (
    AliasEditError,
    Edit,
    EditError,
    FileChangedOnDisk,
    PathNotFound,
    YamlParseError,
)
from nodetype_studio.editing.indexing import _UNSET, DocumentIndex
from nodetype_studio.editing.operations import EditOperations, format_path
from nodetype_studio.editing.render import Renderer
from nodetype_studio.editing.spans import line_number, line_start, next_line
from nodetype_studio.editing.style import Style, detect_style
from nodetype_studio.editing.yamltree import (
    YamlSyntaxError,
    compose,
    first_difference,
    key_text,
    load_data,
    same,
)

BOM = "\ufeff"


class YamlDocument(DocumentIndex, EditOperations):
    """One YAML file: ``text`` is the current content, edits return :class:`Edit` records."""

    #: size and modification time as loaded or saved (None: not from disk, or unknown)
    signature: diskio.DiskSignature | None = None

    def __init__(self, path: Path | str, raw: bytes):
        self.path = Path(path)
        self._set_loaded(raw)

    # -- loading -------------------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path | str) -> "YamlDocument":
        path = Path(path)
        try:
            raw = diskio.read_bytes(path)
        except FileNotFoundError:
            raise EditError("file not found", path) from None
        except OSError as exc:
            raise EditError(f"cannot read the file: {exc.strerror or exc}", path) from None
        doc = cls(path, raw)
        doc.signature = diskio.DiskSignature.of(path, raw)
        doc._exists_on_disk = True  # also for reload() of a document made with new()
        return doc

    @classmethod
    def from_text(cls, text: str, path: Path | str = "<memory>") -> "YamlDocument":
        doc = cls(path, text.encode("utf-8"))
        doc.signature = None
        return doc

    @classmethod
    def new(cls, path: Path | str) -> "YamlDocument":
        """A document for a file that does not exist yet; saving creates it (refused if it appeared)."""
        path = Path(path)
        if path.exists():
            raise EditError("the file already exists; load it instead", path)
        doc = cls(path, b"")
        doc.signature = None
        doc._exists_on_disk = False
        return doc

    def _set_loaded(self, raw: bytes) -> None:
        bom = raw.startswith(b"\xef\xbb\xbf")
        try:
            text = raw[3:].decode("utf-8") if bom else raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise YamlParseError(f"the file is not UTF-8 (byte {exc.start})", self.path) from None
        self._loaded_bytes = raw
        # a file with lone CR line breaks (classic Mac) is edited as LF text and written back with CR
        self._lone_cr = "\r" in text and "\n" not in text
        if self._lone_cr:
            text = text.replace("\r", "\n")
        self._bom = BOM if bom else ""
        self._original_text = text
        self._renderer: Renderer | None = None
        self._text = text
        try:
            root = compose(text)
        except YamlSyntaxError as exc:
            raise YamlParseError(f"not valid YAML: {exc}", self.path, exc.line) from None
        self._style: Style | None = None  # detected on first use, from the text as loaded
        self._style_source: tuple[str, Any] | None = (text, root)
        self._index(root)

    def reload(self) -> None:
        """Drop in-memory edits and read the file again from disk."""
        fresh = YamlDocument.load(self.path)
        self.__dict__.update(fresh.__dict__)

    # -- state ---------------------------------------------------------------------------------------------
    @property
    def text(self) -> str:
        return self._text

    @property
    def original_text(self) -> str:
        return self._original_text

    @property
    def dirty(self) -> bool:
        return self._text != self._original_text

    @property
    def style(self) -> Style:
        if self._style is None:
            assert self._style_source is not None
            text, root = self._style_source
            self._style = detect_style(text, root)
            self._style_source = None
        return self._style

    @property
    def renderer(self) -> Renderer:
        if self._renderer is None:
            self._renderer = Renderer(self.style)
        return self._renderer

    def encoded(self) -> bytes:
        text = self._text.replace("\n", "\r") if self._lone_cr else self._text
        return (self._bom + text).encode("utf-8")

    def get(self, path=()):
        """The value at ``path`` (a tuple of keys and list indices)."""
        path = tuple(path)
        try:
            if self._segmented and path:
                positions = self._entry_index[str(path[0])]
                return get_in(self._entry_value(self._entries[positions[0]]), path[1:])
            return get_in(self.data, path)
        except (KeyError, IndexError, ValueError, TypeError):
            raise PathNotFound(f"{format_path(path)} does not exist", self.path) from None

    def top_level_keys(self) -> list[str]:
        """The keys of the top-level mapping in document order ([] for an empty or non-mapping document)."""
        if self._segmented:
            return list(dict.fromkeys(entry.name for entry in self._entries))
        data = self.data
        return list(data) if isinstance(data, dict) else []

    def has(self, path) -> bool:
        try:
            self.get(path)
        except PathNotFound:
            return False
        return True

    def line_of(self, path) -> int:
        """1-based line of a key (or list item); 1 for the document itself."""
        path = tuple(path)
        if not path:
            return 1
        located = self._locate(path, for_reading=True)
        if located.missing is not None:
            raise PathNotFound(f"{format_path(path)} does not exist", self.path)
        _container, slot = located.chain[-1]
        ref = slot.key if slot.key is not None else slot.value
        return ref.line + 1

    def changed_lines(self) -> list[int]:
        """1-based numbers of the current lines that differ from the loaded text (added or modified)."""
        old = self._original_text.split("\n")
        new = self._text.split("\n")
        head = 0
        while head < min(len(old), len(new)) and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        matcher = difflib.SequenceMatcher(None, old[head:len(old) - tail], new[head:len(new) - tail], autojunk=False)
        changed: list[int] = []
        for tag, _i1, _i2, j1, j2 in matcher.get_opcodes():
            if tag in ("replace", "insert"):
                changed.extend(range(head + j1 + 1, head + j2 + 1))
        return changed

    # -- committing ----------------------------------------------------------------------------------------
    def _commit(self, splices, description: str, expect, entry, focus: tuple = ()) -> Edit:
        """Apply ``splices`` [(start, end, text)], verify the result, update the index; return the Edit.

        ``expect(data, drop)`` gives the data the result must read back as, for a scope whose path
        prefix of length ``drop`` was removed (0: whole document, 1: inside one top-level entry).
        ``focus`` is the path of the container the edit changes: it is compared strictly (types, key
        order); the rest of the text is untouched, so plain equality suffices there.
        """
        old = self._text
        splices = sorted(splices, key=lambda s: (s[0], s[1]))
        for (_s1, e1, _t1), (s2, _e2, _t2) in zip(splices, splices[1:]):
            if s2 < e1:
                raise EditError("internal error: overlapping changes", self.path)
        pieces = []
        cursor = 0
        for start, end, replacement in splices:
            pieces.append(old[cursor:start])
            pieces.append(replacement)
            cursor = end
        pieces.append(old[cursor:])
        new = "".join(pieces)
        if new == old:
            return self._make_edit(description, old, new, 0, 0, 0)
        lo = splices[0][0]
        old_hi = max(end for _s, end, _t in splices)
        new_hi = old_hi + len(new) - len(old)
        position = self._entries.index(entry) if entry is not None and self._segmented else None
        if position is not None and self._is_local(position, splices):
            self._commit_local(position, new, expect, focus[1:])
        else:
            self._commit_global(new, expect, focus)
        return self._make_edit(description, old, new, lo, old_hi, new_hi)

    def _is_local(self, position: int, splices) -> bool:
        entry = self._entries[position]
        slice_end = self._entries[position + 1].start if position + 1 < len(self._entries) else len(self._text)
        key_end = entry.key_ref().end
        return all(key_end <= start and end <= slice_end for start, end, _t in splices)

    def _commit_local(self, position: int, new: str, expect, focus: tuple) -> None:
        entry = self._entries[position]
        old = self._text
        delta = len(new) - len(old)
        is_last = position + 1 == len(self._entries)
        old_end = len(old) if is_last else self._entries[position + 1].start
        piece = new[entry.start:old_end + delta]
        if not is_last and not piece.endswith("\n"):
            raise EditError("the edit would join two node types on one line; nothing changed", self.path)
        root = self._parse_or_refuse(piece)
        if not isinstance(root, MappingNode) or root.flow_style or len(root.value) != 1:
            raise EditError("the edit would change the file's structure unexpectedly; nothing changed", self.path)
        key_node, value_node = root.value[0]
        if key_text(key_node) != entry.name:
            raise EditError("the edit would change a top-level key unexpectedly; nothing changed", self.path)
        actual = self._read_or_refuse(piece)[entry.name]
        self._verify(expect(self._entry_value(entry), 1), actual, focus, prefix=(entry.name,))
        line_delta = new.count("\n", entry.start, old_end + delta) - old.count("\n", entry.start, old_end)
        line_base = entry.key_ref().line
        entry.key_node, entry.value_node = key_node, value_node
        entry.base, entry.line_base, entry.data = entry.start, line_base, actual
        for later in self._entries[position + 1:]:
            later.base += delta
            later.start += delta
            later.line_base += line_delta
        self._text = new
        self._data = _UNSET

    def _commit_global(self, new: str, expect, focus: tuple) -> None:
        root = self._parse_or_refuse(new)
        if expect is not None:
            self._verify(expect(self.data, 0), self._read_or_refuse(new), focus)
        self._text = new
        self._index(root)

    def _parse_or_refuse(self, text: str):
        try:
            return compose(text)
        except YamlSyntaxError as exc:
            if "undefined alias" in str(exc):
                raise AliasEditError(
                    f"the edit would remove an anchor that an alias still uses ({exc}); nothing changed. "
                    "Replace the aliases first", self.path) from None
            raise EditError(f"the edit would make the file invalid YAML ({exc}); nothing changed", self.path) from None

    def _read_or_refuse(self, text: str):
        try:
            return load_data(text, str(self.path))
        except YamlSyntaxError as exc:
            raise EditError(f"the edit would make the file unreadable ({exc}); nothing changed", self.path) from None

    def _verify(self, expected, actual, focus: tuple = (), prefix=()) -> None:
        try:
            strict = same(get_in(expected, focus), get_in(actual, focus))
        except (KeyError, IndexError, ValueError, TypeError):
            strict = False
        if not (strict and expected == actual) and not same(expected, actual):
            where = first_difference(expected, actual) or ()
            raise EditError(
                f"the edited file would not read back as intended at {format_path(prefix + tuple(where))}; "
                "nothing changed", self.path)

    def _make_edit(self, description, old, new, lo, old_hi, new_hi) -> Edit:
        start = line_start(new, lo)
        old_block = old[start:next_line(old, old_hi) if old_hi < len(old) else len(old)].split("\n")
        new_block = new[start:next_line(new, new_hi) if new_hi < len(new) else len(new)].split("\n")
        head = 0
        while head < min(len(old_block), len(new_block)) and old_block[head] == new_block[head]:
            head += 1
        tail = 0
        while (tail < min(len(old_block), len(new_block)) - head
               and old_block[-1 - tail] == new_block[-1 - tail]):
            tail += 1
        first = line_number(new, start) + head + 1
        added = len(new_block) - head - tail
        removed = len(old_block) - head - tail
        if self._transaction is not None and old != new:
            self._transaction.record(lo, old_hi, len(old))
        return Edit(self.path, description, lo, old[lo:old_hi], new[lo:new_hi], first, first + added - 1, removed)

    _transaction = None

    @contextmanager
    def _transaction_scope(self, description: str):
        """Group several primitive edits into one Edit; on failure the text goes back to its start."""
        if self._transaction is not None:
            yield self._transaction
            return
        transaction = _Transaction(self._text, description)
        self._transaction = transaction
        try:
            yield transaction
        except BaseException:
            self._transaction = None
            self._text = transaction.text
            self._index(compose(transaction.text))
            raise
        self._transaction = None
        transaction.result = transaction.merge(self)

    # -- undo / redo ---------------------------------------------------------------------------------------
    def apply(self, edit: Edit) -> Edit:
        """Re-apply an Edit (or its ``inverse()`` to undo); the text must be in the state it expects."""
        current = self._text[edit.offset:edit.offset + len(edit.old_text)]
        if current != edit.old_text:
            raise EditError("the document has changed since this edit; it cannot be applied", self.path)
        return self._commit([(edit.offset, edit.offset + len(edit.old_text), edit.new_text)], edit.description,
                            None, None)

    # -- saving --------------------------------------------------------------------------------------------
    _exists_on_disk = True

    def changed_on_disk(self) -> str | None:
        """``"deleted"``/``"modified"`` when the file on disk is not the one loaded (or last saved)."""
        try:
            on_disk = diskio.read_bytes(self.path)
        except (NotARegularFile, FileTooLarge):
            return "modified"  # a pipe, a device or a file larger than the studio reads took the file's place
        except OSError:
            return "deleted" if self._exists_on_disk else None
        if not self._exists_on_disk:
            return "modified"  # a file appeared where we are about to create one
        return None if on_disk == self._loaded_bytes else "modified"

    def save(self, force: bool = False) -> Path:
        """Write the current text atomically; refuses (FileChangedOnDisk) if the file changed since loading,
        checked again right before the rename."""
        self.saved(self.prepare_save(force))
        return self.path

    def save_over(self, disk: bytes | None) -> Path:
        """Write the current text in place of ``disk``: the file's content the caller merged with or the
        user chose to overwrite (None: the file is gone). Refuses (FileChangedOnDisk) when the file holds
        anything else by now, checked again right before the rename."""
        try:
            current: bytes | None = diskio.read_bytes(self.path)
        except OSError:
            current = None
        if current != disk:
            raise FileChangedOnDisk(self.path, "deleted" if current is None else "modified")
        self.saved(diskio.PreparedWrite(self.path, self.encoded(), disk))
        return self.path

    def prepare_save(self, force: bool = False) -> diskio.PreparedWrite:
        """Phase one of a save (nothing replaced yet); ``diskio.commit_all`` and ``saved`` finish it."""
        if not force:
            reason = self.changed_on_disk()
            if reason is not None:
                raise FileChangedOnDisk(self.path, reason)
        expected = None if force or not self._exists_on_disk else self._loaded_bytes
        return diskio.PreparedWrite(self.path, self.encoded(), expected)

    def saved(self, write: diskio.PreparedWrite) -> None:
        """Commit ``write`` (when not done by ``commit_all``) and take its content as the loaded one."""
        if write.temp_name is not None:
            write.commit()
        data = write.data
        self._exists_on_disk = True
        self._loaded_bytes = data
        self._original_text = self._text
        try:
            self.signature = diskio.DiskSignature.of(self.path, data)
        except OSError:
            self.signature = None


class _Transaction:
    def __init__(self, text: str, description: str):
        self.text = text
        self.description = description
        self.lo: int | None = None
        self.suffix: int | None = None
        self.result: Edit | None = None

    def record(self, lo: int, old_hi: int, old_length: int) -> None:
        suffix = old_length - old_hi
        self.lo = lo if self.lo is None else min(self.lo, lo)
        self.suffix = suffix if self.suffix is None else min(self.suffix, suffix)

    def merge(self, doc: YamlDocument) -> Edit:
        old, new = self.text, doc._text
        if self.lo is None or old == new:
            return doc._make_edit(self.description, old, new, 0, 0, 0)
        suffix = self.suffix or 0
        return doc._make_edit(self.description, old, new, self.lo, len(old) - suffix, len(new) - suffix)
