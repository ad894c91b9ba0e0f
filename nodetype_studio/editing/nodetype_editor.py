"""Node-type-level edits: which file a change goes to, and the YamlDocuments of a project.

Routing rules (a node type can be declared in several files):
- an existing key is edited in the file that defines it today; when several files define it, the last
  in load order (its value is the one that wins when the CMS merges the files);
- a new key goes to the file that defines its nearest existing parent mapping (the node type's main
  definition, its first file, when that file has the parent; else the last file that has it), and to
  the main definition when no file has a parent below the node type itself;
- ``file=...`` overrides the choice (the node type entry is created there when missing);
- removing or renaming a key applies to every file that defines it, so the key really is gone.

Mutating methods return the list of :class:`Edit` records they made (usually one), ready for undo.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from nodetype_studio.editing import diskio
from nodetype_studio.editing.errors import (
    Edit,
    EditError,
    FileChangedOnDisk,
    PathNotFound,
)
from nodetype_studio.editing.keypath import format_path

if TYPE_CHECKING:
    from nodetype_studio.editing.document import YamlDocument


def _keypath(keypath) -> tuple:
    if isinstance(keypath, str):
        from nodetype_studio.editing.keypath import parse_keypath

        return parse_keypath(keypath)
    return tuple(keypath)


class NodeTypeEditor:
    """Edits the own definitions of a project's node types; keeps every touched file as a YamlDocument."""

    def __init__(self, project):
        self.project = project
        self._documents: dict[Path, YamlDocument] = {}
        self._extra_files: dict[str, list[Path]] = {}  # node types added (or overridden) through the editor
        self._sources: dict | None = None

    # -- documents -----------------------------------------------------------------------------------------
    def document(self, path) -> YamlDocument:
        """The open document of a file (loaded on first use; refuses when the file changed since the
        project was loaded, so edits never go to a file the model has not seen)."""
        key = Path(path).resolve()
        doc = self._documents.get(key)
        if doc is None:
            from nodetype_studio.editing.document import YamlDocument  # with the first edit, not the load

            doc = YamlDocument.load(key) if key.exists() else YamlDocument.new(key)
            source = self._source_file(key)
            if source is not None and source.signature and doc.signature is not None:
                current = (doc.signature.mtime_ns, doc.signature.size)
                if current != tuple(source.signature[:2]):
                    raise FileChangedOnDisk(key, "modified")
            self._documents[key] = doc
        return doc

    def _source_file(self, path: Path):
        if self._sources is None:
            self._sources = {}
            for source in self.project.files:
                if not source.baseline:
                    try:
                        self._sources[Path(source.path).resolve()] = source
                    except OSError:
                        continue
        return self._sources.get(path)

    @property
    def documents(self) -> list[YamlDocument]:
        return list(self._documents.values())

    @property
    def dirty_documents(self) -> list[YamlDocument]:
        return [doc for doc in self._documents.values() if doc.dirty]

    @property
    def dirty(self) -> bool:
        return any(doc.dirty for doc in self._documents.values())

    def save_all(self, force: bool = False) -> list[Path]:
        """Save every changed document, all or none. Without ``force`` nothing is written when any of them
        changed on disk (FileChangedOnDisk names the first); a failing write raises SaveError and the files
        already replaced get their old content back."""
        dirty = self.dirty_documents
        if not force:
            for doc in dirty:
                reason = doc.changed_on_disk()
                if reason is not None:
                    raise FileChangedOnDisk(doc.path, reason)
        writes = []
        try:
            for doc in dirty:
                writes.append(doc.prepare_save(force))
        except BaseException:
            for write in writes:
                write.discard()
            raise
        diskio.commit_all(writes)
        for doc, write in zip(dirty, writes):
            doc.saved(write)
        return [doc.path for doc in dirty]

    def apply(self, edit: Edit) -> Edit:
        """Redo an edit, or undo it with ``editor.apply(edit.inverse())``."""
        return self.document(edit.file).apply(edit)

    # -- routing -------------------------------------------------------------------------------------------
    def _node_type(self, name: str):
        nt = self.project.node_type(name)
        if nt is None and name not in self._extra_files:
            raise PathNotFound(f"node type {name!r} is not defined in the project")
        return nt

    def _canonical(self, name: str) -> str:
        return self.project.platform.normalize_name(name).value

    def entry_key(self, doc: YamlDocument, name: str) -> str | None:
        """The top-level key under which ``doc`` declares the node type (names are compared normalized)."""
        wanted = self._canonical(name)
        for key in doc.top_level_keys():
            if key == name or self._canonical(key) == wanted:
                return key
        return None

    def files_of(self, name: str) -> list[Path]:
        """The project's own files that declare the node type, in load order."""
        nt = self._node_type(name)
        files: list[Path] = []
        if nt is not None:
            for fragment in nt.fragments:
                if not fragment.file.baseline:
                    path = Path(fragment.file.path).resolve()
                    if path not in files:
                        files.append(path)
        for path in self._extra_files.get(self._canonical(name), []):
            if path not in files:
                files.append(path)
        return [path for path in files if self.entry_key(self.document(path), name) is not None]

    def main_file(self, name: str) -> Path:
        files = self.files_of(name)
        if not files:
            raise PathNotFound(f"node type {name!r} is only defined by the platform baseline; give a file to "
                               "write an override to")
        return files[0]

    def _defining(self, name: str, keypath: tuple) -> list[Path]:
        found = []
        for path in self.files_of(name):
            doc = self.document(path)
            if doc.has((self.entry_key(doc, name),) + keypath):
                found.append(path)
        return found

    def file_for(self, name: str, keypath) -> Path:
        """The file an edit of ``keypath`` goes to (see the module docstring)."""
        keypath = _keypath(keypath)
        defining = self._defining(name, keypath)
        if defining:
            return defining[-1]
        files = self.files_of(name)
        if not files:
            return self.main_file(name)
        for depth in range(len(keypath) - 1, 0, -1):
            holders = self._defining(name, keypath[:depth])
            if holders:
                return files[0] if files[0] in holders else holders[-1]
        return files[0]

    def locate(self, name: str, keypath) -> tuple[Path, int] | None:
        """(file, 1-based line) where the node type's own definition sets ``keypath``, or None."""
        keypath = _keypath(keypath)
        defining = self._defining(name, keypath)
        if not defining:
            return None
        doc = self.document(defining[-1])
        return defining[-1], doc.line_of((self.entry_key(doc, name),) + keypath)

    def _target(self, name: str, keypath: tuple, file) -> tuple[YamlDocument, tuple]:
        """The document and full path for an edit; with an explicit file the node type entry may be new."""
        self._node_type(name)
        path = Path(file).resolve() if file is not None else self.file_for(name, keypath)
        doc = self.document(path)
        key = self.entry_key(doc, name)
        if key is None:
            if file is None:
                raise PathNotFound(f"node type {name!r} is not declared in {path}", path)
            key = name
            self._extra_files.setdefault(self._canonical(name), []).append(path)
        return doc, (key,) + keypath

    # -- edits ---------------------------------------------------------------------------------------------
    def set(self, name: str, keypath, value, file=None) -> list[Edit]:
        keypath = _keypath(keypath)
        if not keypath:
            raise EditError("give a key path inside the node type (use add_node_type for a new node type)")
        doc, path = self._target(name, keypath, file)
        return [doc.set(path, value)]

    def unset(self, name: str, keypath, file=None) -> list[Edit]:
        """Remove a key from the node type's own definition (from every file that defines it)."""
        keypath = _keypath(keypath)
        files = [Path(file).resolve()] if file is not None else self._defining(name, keypath)
        if not files:
            raise PathNotFound(f"{name}: {format_path(keypath)} is not set in the node type's own definition")
        return self._unset_in(files, name, keypath)

    def _unset_in(self, files: list[Path], name: str, keypath: tuple) -> list[Edit]:
        """Remove ``keypath`` (empty: the whole declaration) of node type ``name`` from each of ``files``."""
        edits: list[Edit] = []
        with self._all_or_none(edits):
            for path in files:
                doc = self.document(path)
                key = self.entry_key(doc, name)
                if key is None:
                    raise PathNotFound(f"node type {name!r} is not declared in {path}", path)
                edits.append(doc.unset((key,) + keypath))
        return edits

    @contextmanager
    def _all_or_none(self, edits: list[Edit]):
        """One change across several files: when a later file refuses it, the files already changed get
        their text back (an undo command is made of the whole change or not at all)."""
        try:
            yield
        except EditError:
            for edit in reversed(edits):
                self.document(edit.file).apply(edit.inverse())
            raise

    def rename_key(self, name: str, keypath, new_key: str, file=None) -> list[Edit]:
        """Rename a key (e.g. a property) in every file that defines it."""
        keypath = _keypath(keypath)
        files = [Path(file).resolve()] if file is not None else self._defining(name, keypath)
        if not files:
            raise PathNotFound(f"{name}: {format_path(keypath)} is not set in the node type's own definition")
        edits: list[Edit] = []
        with self._all_or_none(edits):
            for path in files:
                doc = self.document(path)
                edits.append(doc.rename_key((self.entry_key(doc, name),) + keypath, new_key))
        return edits

    def insert_key(self, name: str, parent_keypath, key: str, value, before=None, after=None, file=None) -> list[Edit]:
        parent_keypath = _keypath(parent_keypath) if parent_keypath else ()
        sibling = before if before is not None else after
        if file is None and sibling is not None:
            file = self.file_for(name, parent_keypath + (str(sibling),))
        elif file is None:
            file = self.file_for(name, parent_keypath + (str(key),))
        doc, path = self._target(name, parent_keypath, file)
        if not doc.has(path):
            return [doc.set(path + (str(key),), value)]
        return [doc.insert_key(path, key, value, before=before, after=after)]

    def move_key(self, name: str, keypath, before=None, after=None, file=None) -> list[Edit]:
        keypath = _keypath(keypath)
        doc, path = self._target(name, keypath, file)
        return [doc.move_key(path, before=before, after=after)]

    def append_item(self, name: str, list_keypath, value, file=None) -> list[Edit]:
        keypath = _keypath(list_keypath)
        doc, path = self._target(name, keypath, file)
        return [doc.append_item(path, value)]

    def remove_item(self, name: str, list_keypath, index: int, file=None) -> list[Edit]:
        keypath = _keypath(list_keypath)
        doc, path = self._target(name, keypath, file)
        return [doc.remove_item(path, index)]

    def add_node_type(self, name: str, file, config: dict | None = None, before=None, after=None) -> list[Edit]:
        """Declare a new node type in ``file`` (created when it does not exist yet)."""
        path = Path(file).resolve()
        doc = self.document(path)
        if self.entry_key(doc, name) is not None:
            raise EditError(f"node type {name!r} is already declared in this file", path)
        edit = doc.insert_key((), name, dict(config or {}), before=before, after=after)
        self._extra_files.setdefault(self._canonical(name), []).append(path)
        return [edit]

    def remove_node_type(self, name: str, file=None) -> list[Edit]:
        """Remove the node type's declaration (from ``file``, or from every file of the project)."""
        files = [Path(file).resolve()] if file is not None else self.files_of(name)
        if not files:
            raise PathNotFound(f"node type {name!r} is not declared in any file of the project")
        return self._unset_in(files, name, ())
