"""The project open in the studio (Qt-free): the model resolved from the files plus the unsaved buffers.

Every edit goes through the editing layer's in-memory documents; ``resolve()`` rebuilds the project
model from the files on disk with the edited documents' texts standing in for theirs
(``load_project(..., overrides=...)``). Saving a file that another program changed since it was loaded
merges both changes (three-way, ``merge3``: the text loaded, the text on disk, the studio's buffer), so
the other program's lines survive; only changes to the same lines ask, through the caller's
``confirm_overwrite``, before the studio's version of them is written.
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

# not the package: YamlDocument's modules are imported with the first edit (editing/__init__.py)
from nodetype_studio.editing import diskio
from nodetype_studio.editing.errors import Edit, EditError, FileChangedOnDisk, SaveError
from nodetype_studio.editing.nodetype_editor import NodeTypeEditor
from nodetype_studio.model import Project, load_project
from nodetype_studio.model.incremental import reresolve
from nodetype_studio.model.yamlload import load_yaml_text
from nodetype_studio.studio.merge3 import MergeResult, merge3
from nodetype_studio.studio.textdiff import unified_diff

if TYPE_CHECKING:
    from nodetype_studio.editing.document import YamlDocument


class SessionEditor(NodeTypeEditor):
    """The editing layer's router, re-bound to each newly resolved project and able to drop documents."""

    def rebind(self, project: Project) -> None:
        self.project = project
        self._sources = None  # source-file signatures are those of the new project

    def open_document(self, path: Path) -> YamlDocument | None:
        """The document of ``path`` if it is open (never loads it)."""
        return self._documents.get(Path(path).resolve())

    def forget(self, path: Path) -> None:
        """Close the document of ``path`` (its next edit reads the file again)."""
        self._documents.pop(Path(path).resolve(), None)

def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_text(path: Path) -> str | None:
    """The file's text as the editing layer reads it (BOM dropped); None when it cannot be read."""
    try:
        raw = diskio.read_bytes(Path(path))
    except OSError:
        return None
    return _decoded(raw)


class DiskSide(NamedTuple):
    """The file on disk as the compare view shows it."""

    text: str  # its text ("" when it is not shown, or gone)
    problem: str = ""  # why the file on disk is not shown ("" when it is, or is gone)
    unreadable: str = ""  # why it cannot be read back (reloading cannot work): "" when it can, or is gone


def disk_side(path: Path) -> DiskSide:
    """The file's text for the compare view; or why the file on disk is not shown (larger than the studio reads,
    or unreadable), and so cannot be reloaded. A file that is gone shows as empty, with no reason."""
    try:
        return DiskSide(_decoded(diskio.read_bytes(Path(path))))
    except FileNotFoundError:
        return DiskSide("")
    except diskio.FileTooLarge:
        try:
            size = os.stat(path).st_size
        except OSError:
            size = 0
        bound = diskio.MAX_FILE_BYTES
        return DiskSide("", f"The file on disk is not shown: it is {size / 1024 / 1024:.1f} MB ({size:,} bytes), more "
                            f"than the {bound / 1024 / 1024:g} MB ({bound:,} bytes) the studio reads.",
                        f"it is larger than the {bound / 1024 / 1024:g} MB the studio reads")
    except OSError as exc:
        return DiskSide("", f"The file on disk is not shown: it cannot be read ({exc.strerror or exc}).",
                        f"it cannot be read: {exc.strerror or exc}")


def _decoded(raw: bytes) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    text = raw.decode("utf-8", errors="replace")
    if "\r" in text and "\n" not in text:  # lone CR line breaks: edited as LF text (YamlDocument._set_loaded)
        text = text.replace("\r", "\n")
    return text


@dataclass
class DiskChange:
    """A file the studio has open that another program changed (``reason``: modified/deleted)."""

    path: Path
    reason: str
    dirty: bool


@dataclass
class SaveResult:
    saved: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)  # changed on disk and the user kept the disk version
    errors: list[str] = field(default_factory=list)


ConfirmOverwrite = Callable[[Path, str, str], bool]
# (path, buffer before, buffer after taking in the disk's changes); what it returns is not used
Merged = Callable[[Path, str, str], object]


@dataclass
class SavePlan:
    """What saving one file would write, against what the disk holds now."""

    path: Path
    text: str  # the text that would be written (the buffer, merged with the disk's changes)
    disk: str | None  # the file's text now (None: it is gone)
    changed_on_disk: bool
    merge: MergeResult | None = None  # when another program changed it

    @property
    def conflicts(self) -> list:
        return self.merge.conflicts if self.merge is not None else []


_LOADS = itertools.count(1)


class Session:
    """One project being edited; ``project`` is always the model of disk + unsaved buffers."""

    def __init__(self, root: Path | str, project: Project | None = None):
        self.root = Path(root)
        self.project = project if project is not None else load_project(self.root, overrides={})
        #: changes whenever ``project`` comes from a whole load (not an incremental re-resolution): the check
        #: worker re-resolves and rechecks incrementally only within one load (``studio/rechecks.py``)
        self.load_id = next(_LOADS)
        self._basis: dict | None = {} if project is None else None  # the buffers self.project was resolved with
        self.editor = SessionEditor(self.project)
        self.log: dict[Path, list[Edit]] = {}  # edits applied since each file was loaded or saved
        self.acknowledged: dict[Path, bytes] = {}  # disk versions the user chose to overwrite ("keep mine")
        self._originals: dict[tuple[Path, str], dict] = {}
        #: files one command changed together (a property renamed in every file that declares it): they are
        #: saved all or none, so the disk never holds half of such a change
        self.links: list[set[Path]] = []
        self._labels: dict[str, str] = {}  # path -> display(path)
        #: the caller watches the project's files and calls ``invalidate()`` when one changes on disk (the
        #: window's file watcher does): ``resolve()`` after an edit then need not look at every file
        self.watched = False

    # -- model ---------------------------------------------------------------------------------------------
    def overrides(self) -> dict[str | os.PathLike, str]:
        return {doc.path: doc.text for doc in self.editor.documents if doc.dirty}

    def resolve(self) -> Project:
        """The model of disk plus the unsaved buffers. After an edit only the edited node types and their
        subtypes are resolved again (``model/incremental.py``); a change beyond that, or after
        ``invalidate()``, loads the whole project."""
        overrides = self.overrides()
        project = None
        if self._basis is not None:
            project = reresolve(self.project, self._basis, overrides, check_disk=not self.watched)
        if project is None:
            project = load_project(self.root, overrides=overrides)
            self.load_id = next(_LOADS)
        self._basis = overrides
        self.project = project
        self.editor.rebind(self.project)
        return self.project

    def invalidate(self) -> None:
        """Files changed on disk (or may have): the next ``resolve()`` loads the whole project."""
        self._basis = None

    # -- edits ---------------------------------------------------------------------------------------------
    def record(self, edits: list[Edit]) -> None:
        """Note edits that were applied (by a command, an undo or a redo) for the crash journal."""
        for edit in edits:
            if edit.old_text != edit.new_text:
                self.log.setdefault(Path(edit.file).resolve(), []).append(edit)

    def link(self, edits: list[Edit]) -> None:
        """Mark the files ``edits`` (one command's) changed as belonging together when saving."""
        files = {Path(e.file).resolve() for e in edits if e.old_text != e.new_text}
        if len(files) < 2:
            return
        for group in [g for g in self.links if g & files]:
            files |= group
            self.links.remove(group)
        self.links.append(files)

    def together(self, paths) -> list[Path]:
        """``paths`` plus the files with unsaved edits that were changed together with one of them."""
        result = [Path(p) for p in paths]
        keys = {p.resolve() for p in result}
        dirty = {Path(p).resolve(): Path(p) for p in self.dirty_files()}
        for group in self.links:
            if group & keys:
                for key in sorted(group - keys):
                    if key in dirty:
                        result.append(dirty[key])
                        keys.add(key)
        return result

    def _unlink(self, key: Path) -> None:
        for group in self.links:
            group.discard(key)
        self.links = [g for g in self.links if len(g) > 1]

    def apply(self, edits: list[Edit], *, undo: bool = False) -> list[Edit]:
        """Redo ``edits`` in order, or undo them (their inverses in reverse order); returns what was applied.
        All or nothing: when one cannot be applied, the ones applied before it are taken back (a change to
        several files is never left undone in some of them) and the EditError is raised."""
        applied: list[Edit] = []
        try:
            for edit in ([e.inverse() for e in reversed(edits)] if undo else edits):
                applied.append(self.editor.apply(edit))
        except EditError:
            for edit in reversed(applied):
                self.editor.apply(edit.inverse())
            raise
        self.record(applied)
        return applied

    # -- dirty state ---------------------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return self.editor.dirty

    def dirty_files(self) -> list[Path]:
        return [doc.path for doc in self.editor.dirty_documents]

    def _original_entries(self, doc: YamlDocument) -> dict:
        key = (doc.path, sha256(doc.original_text))
        if key not in self._originals:
            data = load_yaml_text(doc.original_text, str(doc.path)).data if doc.original_text.strip() else None
            self._originals[key] = data if isinstance(data, dict) else {}
        return self._originals[key]

    def dirty_node_types(self) -> set[str]:
        """Names of the node types whose own definition differs from the saved files."""
        names: set[str] = set()
        normalize = self.project.platform.normalize_name
        for doc in self.editor.dirty_documents:
            original = self._original_entries(doc)
            try:
                keys = doc.top_level_keys()
            except EditError:
                keys = []
            for key in set(keys) | set(original):
                current = doc.get((key,)) if key in keys else None
                if key not in keys or key not in original or current != original[key]:
                    names.add(normalize(str(key)).value)
        return names

    def diff(self, path: Path, *, context: int = 3) -> str:
        """Unified diff of the file on disk and what saving ``path`` would write (every line that would
        change on disk, and only those)."""
        plan = self.plan(path)
        if plan is None:
            return ""
        return unified_diff(plan.disk or "", plan.text, self.display(path), context=context)

    def plan(self, path: Path) -> SavePlan | None:
        """What saving ``path`` writes: its buffer, with the changes another program made since loading
        merged in (conflicting lines: the buffer's)."""
        doc = self.editor.open_document(path)
        if doc is None:
            return None
        if doc.changed_on_disk() is None:
            return SavePlan(Path(doc.path), doc.text, doc.original_text, False)
        return _merge_plan(doc, _read_bytes(doc.path))

    def display(self, path: Path) -> str:
        """``path`` as shown: relative to the project's folder (asked for on every selection: remembered)."""
        key = str(path)
        label = self._labels.get(key)
        if label is None:
            try:
                label = str(Path(path).resolve().relative_to(self.root.resolve()))
            except ValueError:
                label = key
            if len(self._labels) > 4096:
                self._labels.clear()
            self._labels[key] = label
        return label

    # -- files ---------------------------------------------------------------------------------------------
    def own_files(self, name: str) -> list[Path]:
        """The project's files that declare node type ``name`` (load order), including unsaved new ones."""
        nt = self.project.node_type(name)
        if nt is None:
            return []
        files: list[Path] = []
        for fragment in nt.fragments:
            if not fragment.file.baseline and Path(fragment.file.path) not in files:
                files.append(Path(fragment.file.path))
        return files

    def text_of(self, path: Path) -> str:
        """The text the studio shows for ``path``: its edited buffer, else the file."""
        doc = self.editor.open_document(path)
        if doc is not None:
            return doc.text
        return read_text(path) or ""

    def check_disk(self, paths=None) -> list[DiskChange]:
        """Open documents (of ``paths``, or all) whose file another program changed or deleted."""
        changes = []
        wanted = None if paths is None else {Path(p).resolve() for p in paths}
        for doc in self.editor.documents:
            if wanted is not None and Path(doc.path).resolve() not in wanted:
                continue
            reason = doc.changed_on_disk()
            if reason is not None:
                changes.append(DiskChange(Path(doc.path), reason, doc.dirty))
        return changes

    def reload_file(self, path: Path) -> None:
        """Drop the studio's version of ``path`` (edits included); the disk version counts from now."""
        self.editor.forget(path)
        self.log.pop(Path(path).resolve(), None)
        self.acknowledged.pop(Path(path).resolve(), None)
        self._unlink(Path(path).resolve())

    def keep_mine(self, path: Path, seen_disk: bytes | None) -> None:
        """The user keeps the edited buffer over the changed file; ``seen_disk`` is the disk version they
        compared with (None: not compared yet, so saving asks again)."""
        if seen_disk is not None:
            self.acknowledged[Path(path).resolve()] = seen_disk
        else:
            self.acknowledged.pop(Path(path).resolve(), None)

    def save(self, paths=None, confirm_overwrite: ConfirmOverwrite | None = None,
             merged: Merged | None = None) -> SaveResult:
        """Save the dirty documents (of ``paths``, or all) through the minimal-diff writer.

        A file another program changed gets both changes (``plan``); where both changed the same lines,
        the studio's version is written only when the user saw that disk version in a compare view and
        chose their own (``keep_mine``), or ``confirm_overwrite(path, disk_text, text_to_write)`` says so.
        ``merged(path, before, after)`` is told before the buffer takes in the other program's changes
        (the window carries its undo history across them).
        """
        result = SaveResult()
        wanted = None if paths is None else {Path(p).resolve() for p in self.together(paths)}
        handled: set[Path] = set()
        for doc in self.editor.dirty_documents:
            key = Path(doc.path).resolve()
            if (wanted is not None and key not in wanted) or key in handled:
                continue
            group = self._group_of(key)
            if len(group) > 1:
                handled.update(Path(d.path).resolve() for d in group)
                self._save_together(group, confirm_overwrite, merged, result)
                continue
            try:
                try:
                    doc.save()
                except FileChangedOnDisk:
                    # the plan, the question and the write are all about this one version of the file
                    disk = _disk_to_replace(doc.path)
                    plan = self._approved_merge(doc, disk, confirm_overwrite)
                    if plan is None:
                        result.skipped.append(Path(doc.path))
                        continue
                    _take_in(doc, plan, merged)
                    try:
                        doc.save_over(disk)
                    except FileChangedOnDisk:  # changed again meanwhile: the next save asks about that version
                        result.skipped.append(Path(doc.path))
                        continue
            except EditError as exc:
                result.errors.append(str(exc))
                continue
            self.log.pop(key, None)
            self.acknowledged.pop(key, None)
            self._unlink(key)
            result.saved.append(Path(doc.path))
        return result

    def _approved_merge(self, doc: YamlDocument, disk: bytes | None,
                        confirm_overwrite: ConfirmOverwrite | None) -> SavePlan | None:
        """The merge of ``doc`` with the file's content ``disk`` (another program changed it), when it may be
        written: both changes merge without conflict, or the user chose their version over exactly this disk
        version (``keep_mine``), or ``confirm_overwrite`` says so; else None."""
        plan = _merge_plan(doc, disk)
        approved = not plan.conflicts and plan.disk is not None
        if not approved:
            approved = disk is not None and self.acknowledged.get(Path(doc.path).resolve()) == disk
        if not approved and confirm_overwrite is not None:
            approved = confirm_overwrite(Path(doc.path), plan.disk or "", plan.text)
        return plan if approved else None

    def _group_of(self, key: Path) -> list[YamlDocument]:
        """The dirty documents saved together with ``key`` (itself first; just itself when not linked)."""
        group = next((g for g in self.links if key in g), {key})
        docs = [d for d in self.editor.dirty_documents if Path(d.path).resolve() in group]
        docs.sort(key=lambda d: Path(d.path).resolve() != key)
        return docs

    def _save_together(self, docs: list[YamlDocument], confirm_overwrite: ConfirmOverwrite | None,
                       merged: Merged | None, result: SaveResult) -> None:
        """Save files one command changed together, all or none: every file is checked for changes on disk
        first (and asked about like a single file), then all are written through the safe-write path; when
        one cannot be written, the ones already replaced get their old content back."""
        from nodetype_studio.editing import diskio

        names = ", ".join(self.display(d.path) for d in docs)
        paths = [Path(d.path) for d in docs]
        overwrite: dict[Path, bytes | None] = {}  # files changed on disk: the content the write replaces
        for doc in docs:
            key = Path(doc.path).resolve()
            if doc.changed_on_disk() is None:
                continue
            try:
                disk = _disk_to_replace(doc.path)
            except EditError as exc:
                result.skipped.extend(paths)
                result.errors.append(f"Not saved: {names} were changed together and none of them was written "
                                     f"({exc})")
                return
            if self._approved_merge(doc, disk, confirm_overwrite) is None:
                result.skipped.extend(paths)
                result.errors.append(f"Not saved: {names} were changed together; {self.display(doc.path)} changed "
                                     "on disk and was kept, so none of them was written")
                return
            overwrite[key] = disk
        for doc in docs:
            key = Path(doc.path).resolve()
            if key not in overwrite:
                continue
            _take_in(doc, _merge_plan(doc, overwrite[key]), merged)
        writes: list[diskio.PreparedWrite] = []
        try:
            for doc in docs:
                key = Path(doc.path).resolve()
                if key in overwrite:
                    writes.append(diskio.PreparedWrite(doc.path, doc.encoded(), overwrite[key]))
                else:
                    writes.append(doc.prepare_save())
            diskio.commit_all(writes)
        except EditError as exc:
            for write in writes:
                write.discard()
            if isinstance(exc, FileChangedOnDisk):
                result.skipped.extend(paths)
            result.errors.append(f"Not saved: {names} were changed together and none of them was written "
                                 f"({exc})")
            return
        for doc, write in zip(docs, writes):
            doc.saved(write)
            key = Path(doc.path).resolve()
            self.log.pop(key, None)
            self.acknowledged.pop(key, None)
            self._unlink(key)
        result.saved.extend(paths)

    # -- journal -------------------------------------------------------------------------------------------
    def journal_entries(self) -> list[dict]:
        """What a crash must not lose: per dirty file its saved text's hash, the edits and the result."""
        entries = []
        for doc in self.editor.dirty_documents:
            key = Path(doc.path).resolve()
            entries.append({
                "path": str(key),
                "base_sha256": sha256(doc.original_text),
                "text": doc.text,
                "edits": [edit_to_json(e) for e in self.log.get(key, [])],
            })
        return entries

    def restore(self, entries: list[dict]) -> tuple[list[Edit], list[str]]:
        """Bring journal entries back as edits (ready for one undo step); returns (edits, notes)."""
        edits: list[Edit] = []
        notes: list[str] = []
        for entry in entries:
            path = Path(entry["path"])
            try:
                doc = self.editor.document(path)
            except EditError as exc:
                notes.append(f"{self.display(path)}: cannot restore: {exc.message}")
                continue
            if doc.text == entry["text"]:
                continue
            same_base = sha256(doc.text) == entry.get("base_sha256")
            if same_base:
                replayed = _replay(doc, entry)
                if replayed is not None:
                    edits.extend(replayed)
                    continue
            edit = Edit(doc.path, "restore unsaved edits", 0, doc.text, entry["text"], 1,
                        entry["text"].count("\n") + 1, doc.text.count("\n") + 1)
            try:
                edits.append(doc.apply(edit))
            except EditError as exc:
                notes.append(f"{self.display(path)}: cannot restore: {exc.message}")
                continue
            if not same_base:
                notes.append(f"{self.display(path)} changed on disk since; your version replaces it when you save "
                             "(the review shows the difference)")
        self.record(edits)
        return edits, notes


def _replay(doc: YamlDocument, entry: dict) -> list[Edit] | None:
    """Apply the journal's edits one by one; None (and nothing changed) unless they give the saved result."""
    applied: list[Edit] = []
    try:
        for item in entry.get("edits", []):
            old, new = item["old"], item["new"]
            applied.append(doc.apply(Edit(doc.path, str(item.get("description", "edit")), int(item["offset"]), old, new,
                                          1, 1, 0)))
    except (EditError, KeyError, TypeError, ValueError, OverflowError):
        pass
    else:
        if doc.text == entry["text"]:
            return applied
    for edit in reversed(applied):
        doc.apply(edit.inverse())
    return None


def _take_in(doc: YamlDocument, plan: SavePlan, merged: Merged | None) -> None:
    """The buffer of ``doc`` takes in the other program's changes that ``plan`` merged (``merged`` is told
    first: the window carries its undo history across them)."""
    if plan.text != doc.text:
        if merged is not None:
            merged(Path(doc.path), doc.text, plan.text)
        doc.apply(Edit(doc.path, "take in the changes made on disk", 0, doc.text, plan.text, 1,
                       plan.text.count("\n") + 1, doc.text.count("\n") + 1))


def _merge_plan(doc: YamlDocument, raw: bytes | None) -> SavePlan:
    """The plan of saving ``doc`` over ``raw``, the file's content another program wrote (None: deleted)."""
    if raw is None:
        return SavePlan(Path(doc.path), doc.text, None, True)
    disk = _decoded(raw)
    if "\ufffd" in disk and not _is_utf8(raw):
        # not UTF-8 (another editor's encoding): merged, its characters would be written as U+FFFD
        return SavePlan(Path(doc.path), doc.text, disk, True,
                        MergeResult(doc.text, [_whole_file_conflict(doc.text, disk)]))
    merged = merge3(doc.original_text, doc.text, disk)
    if merged.clean and merged.text != doc.text and not _parses(merged.text):
        merged = MergeResult(doc.text, [_whole_file_conflict(doc.text, disk)])
    return SavePlan(Path(doc.path), merged.text, disk, True, merged)


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _read_bytes(path: Path) -> bytes | None:
    try:
        return diskio.read_bytes(Path(path))
    except OSError:
        return None


def _disk_to_replace(path: Path) -> bytes | None:
    """The content a save would merge with and replace (None: the file is gone or cannot be read); a file
    larger than the studio reads is neither (``SaveError``, before anyone is asked to overwrite it)."""
    try:
        return diskio.read_bytes(Path(path))
    except diskio.FileTooLarge as exc:
        raise SaveError(f"cannot save: {exc.strerror}; another program wrote it since it was loaded, and the "
                        "studio does not replace a file it cannot read. Nothing was written", path) from None
    except OSError:
        return None


def _parses(text: str) -> bool:
    from nodetype_studio.editing.yamltree import YamlSyntaxError, compose

    try:
        compose(text)
    except YamlSyntaxError:
        return False
    return True


def _whole_file_conflict(mine: str, disk: str):
    """Both changes apply line by line but the result is not YAML: the whole file is the conflict."""
    from nodetype_studio.studio.merge3 import Conflict

    return Conflict(1, disk.count("\n") + 1, mine, disk)


def edit_to_json(edit: Edit) -> dict:
    return {"description": edit.description, "offset": edit.offset, "old": edit.old_text, "new": edit.new_text}
