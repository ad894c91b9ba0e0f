"""The open project: opening (in the background), reloading, saving and closing it, files changed on
disk, the crash journal.

``ProjectController`` is owned by the main window (``window.projects``). It holds the project-level
state (the session, the loader and its generation, the load waiting for the first paint, the journal,
the file watcher) and reaches the window only through ``ProjectHost`` (a few public methods) and its
own signals. Nothing the user edited is ever dropped without an answer: closing asks
save/discard/cancel, a file changed on disk under unsaved edits asks reload/keep mine/compare, and
saving over a changed file shows the difference first. The Qt-free work is in
``nodetype_studio.studio`` (``session.py``, ``merge3.py``).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from nodetype_studio.ui.studio.journal import Journal, UnreadableJournal

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from nodetype_studio.studio.session import Session
    from nodetype_studio.ui.studio.filewatch import ProjectWatcher
    from nodetype_studio.ui.studio.settings import Settings


class ProjectHost(Protocol):
    """What the controller asks of the window it belongs to (all public ``StudioWindow`` members)."""

    @property
    def prompts(self) -> Any: ...  # the questions to the user (``dialogs.Prompts`` or a replacement)

    @property
    def data_dir(self) -> Path: ...  # where the crash journals live

    @property
    def selected(self) -> str | None: ...  # the node type on show (Save saves its files)

    def status(self, text: str, *, error: bool = False) -> None: ...

    def show_error(self, message: str) -> None: ...

    def set_busy(self, text: str | None) -> None: ...

    def push(self, text: str, operation: Any) -> None: ...  # an undoable edit

    def flush(self) -> None: ...  # a pending refresh, now

    def refresh_now(self) -> None: ...

    def schedule_refresh(self) -> None: ...

    def forget_source(self, path: Path) -> None: ...  # the source view drops what it showed of ``path``


class ProjectLoader(QObject):
    """Loads a project in a background thread; ``loaded(session)`` or ``failed(message)``."""

    loaded = Signal(object, int)
    failed = Signal(str, int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.generation = 0

    def start(self, path: Path) -> int:
        self.generation += 1
        generation = self.generation

        from nodetype_studio.studio.session import (
            Session,  # imported here, on the GUI thread
        )

        def work() -> None:
            try:
                session = Session(path)
            except OSError as exc:
                self.failed.emit(f"Cannot open {path}: {exc.strerror or exc}", generation)
                return
            except Exception as exc:  # noqa: BLE001 - a model bug must not leave the window waiting forever
                self.failed.emit(f"Cannot open {path}: {type(exc).__name__}: {exc}", generation)
                return
            self.loaded.emit(session, generation)

        threading.Thread(target=work, name="nodetype-studio-load", daemon=True).start()
        return generation


class ProjectController(QObject):
    """The project open in one window and everything done to it as a whole."""

    opened = Signal(bool)  # a project is open (``session`` is set); True: the panels wait for the first paint
    loaded = Signal()  # after ``opened`` and the journal question
    loadFailed = Signal(str)  # why a project could not be opened
    aboutToClose = Signal()  # closing was asked for (the user may still cancel); ``session`` is still set
    closed = Signal()  # the project is closed (``session`` is None)

    def __init__(self, host: ProjectHost, *, settings: Settings, undo_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self.host = host
        self.settings = settings
        self.undo_stack = undo_stack
        self.session: Session | None = None
        self.journal: Journal | None = None
        self.loading: Path | None = None  # a project being loaded in the background
        self.pending_load: Path | None = None  # a background load asked for before the window was painted
        self.hold_loads = True  # until the window is painted (``start_pending_load``): the window shows first
        self.loader = ProjectLoader(self)
        self.loader.loaded.connect(self._loaded, Qt.ConnectionType.QueuedConnection)
        self.loader.failed.connect(self._load_failed, Qt.ConnectionType.QueuedConnection)
        self._watcher: ProjectWatcher | None = None
        self.journal_timer = QTimer(self)
        self.journal_timer.setSingleShot(True)
        self.journal_timer.setInterval(300)
        self.journal_timer.timeout.connect(self.write_journal)

    @property
    def watcher(self) -> ProjectWatcher:
        """The watcher of the project's files, made with the first project (not before the first paint)."""
        if self._watcher is None:
            from nodetype_studio.ui.studio.filewatch import ProjectWatcher

            self._watcher = ProjectWatcher(self, delay_ms=self.settings.get("reloadDelayMs"))
            self._watcher.changed.connect(self.disk_changed)
        return self._watcher

    # -- opening -------------------------------------------------------------------------------------------
    def open_project(self, path, *, background: bool = True) -> bool:
        """Open the project at ``path`` (after asking about unsaved edits of the current one)."""
        path = Path(path)
        if not self.close_project():
            return False
        if not path.exists():
            self.host.show_error(f"Cannot open {path}: no such file or folder")
            self.settings.remove_recent(str(path))
            return False
        self.loading = path
        self.host.set_busy(f"Loading {path.name}\u2026")
        if background:
            self.pending_load = path
            if not self.hold_loads:
                self.start_pending_load()
            return True
        from nodetype_studio.studio.session import Session

        try:
            session = Session(path)
        except OSError as exc:
            self._load_failed(f"Cannot open {path}: {exc.strerror or exc}", self.loader.generation)
            return False
        self._loaded(session, self.loader.generation, background=False)
        return self.session is not None

    def start_pending_load(self) -> None:
        """The window is painted: start the background load asked for before (and later ones at once)."""
        self.hold_loads = False
        path, self.pending_load = self.pending_load, None
        if path is not None:
            self.loader.start(path)

    def _load_failed(self, message: str, generation: int) -> None:
        if generation != self.loader.generation:
            return
        self.loading = None
        self.host.set_busy(None)
        self.host.show_error(message)
        self.loadFailed.emit(message)

    def _loaded(self, session: Session, generation: int, *, background: bool = True) -> None:
        if generation != self.loader.generation:
            return
        from nodetype_studio.studio.opening import not_a_project

        problem = not_a_project(session.project)
        if problem is not None:  # an empty or non-Neos folder is said to be one, not opened as "0 node types"
            self.settings.remove_recent(str(session.root))
            self._load_failed(problem, generation)
            return
        self.loading = None
        self.session = session
        self.journal = Journal(self.host.data_dir, session.root)
        self.undo_stack.clear()
        self.settings.add_recent(str(session.root))
        self.host.set_busy(None)
        self.opened.emit(background)
        self.watch()
        self._offer_journal()
        self.loaded.emit()

    def _offer_journal(self) -> None:
        session = self.session
        try:
            content = self.journal.read() if self.journal is not None else None
        except UnreadableJournal as exc:
            self._keep_unreadable_journal(exc)
            return
        if content is None or session is None:
            return
        files = [session.display(p) for p in content.files]
        try:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(content.written)) if content.written else "earlier"
        except (OverflowError, ValueError, OSError):  # a date beyond what the platform's clock can show
            when = "earlier"
        if not self.host.prompts.restore_journal(files, when):
            self._set_journal_aside()
            return
        notes: list[str] = []

        def restore(_editor):
            edits, found = session.restore(content.entries)
            notes.extend(found)
            return edits

        self.host.push("restore unsaved edits", restore)
        self.host.flush()
        self.host.status(f"Restored unsaved edits to {len(files)} file(s)" + (": " + "; ".join(notes) if notes else ""))

    def _keep_unreadable_journal(self, problem: UnreadableJournal) -> None:
        """A journal that cannot be used is moved aside (the next journal would replace it) and said so."""
        assert self.journal is not None
        try:
            kept = f"it was kept as {self.journal.set_aside('.unreadable.json').name}"
        except OSError as exc:  # left where it is, and no journal is written over it while the project is open
            kept = (f"it could not be moved aside ({exc.strerror or exc}), so no crash journal is written for "
                    "this project until it is reopened")
            self.journal = None
        self.host.show_error(f"The crash journal {problem.path} cannot be read: {problem.reason}; {kept}, and "
                             "nothing was restored")

    def _set_journal_aside(self) -> None:
        assert self.journal is not None
        path = self.journal.path
        try:
            path.replace(path.with_suffix(".discarded.json"))
        except OSError:
            self.journal.clear()

    # -- watching the files on disk ------------------------------------------------------------------------
    def watch(self) -> None:
        """Watch the project's own files and the folders new node type files may appear in."""
        if self.session is None:
            return
        project = self.session.project
        files = [Path(f.path) for f in list(project.files) + list(project.settings_files) if not f.baseline]
        folders = {p.parent for p in files}
        for package in project.packages:
            for sub in ("NodeTypes", "Configuration"):
                base = Path(package.path) / sub
                if base.is_dir():
                    folders.add(base)
                    folders.update(d for d in base.rglob("*") if d.is_dir() and not d.name.startswith("."))
        self.watcher.watch(files, folders)
        self.session.watched = True  # changes on disk reach disk_changed, which invalidates the session

    # -- closing -------------------------------------------------------------------------------------------
    def close_project(self) -> bool:
        """Close the open project; asks about unsaved edits. False when the user cancelled."""
        if self.session is None:
            self.loader.generation += 1  # a load in flight is no longer wanted
            return True
        self.aboutToClose.emit()
        if self.session.dirty:
            answer = self.host.prompts.unsaved_changes([self.session.display(p) for p in self.session.dirty_files()])
            if answer == "cancel":
                return False
            if answer == "save" and not self.save_files(None):
                return False
        if self.journal is not None:
            self.journal.clear()
        if self._watcher is not None:
            self._watcher.clear()
        self.session = None
        self.journal = None
        self.undo_stack.clear()
        self.closed.emit()
        return True

    # -- saving --------------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Save the files of the selected node type that have unsaved edits."""
        if self.session is None:
            return False
        selected = self.host.selected
        paths = self.session.own_files(selected) if selected else []
        dirty = {Path(d).resolve() for d in self.session.dirty_files()}
        wanted = [p for p in paths if Path(p).resolve() in dirty]
        if not wanted:
            return self.save_files(None)
        return self.save_files(wanted)

    def save_all(self) -> bool:
        return self.save_files(None)

    def save_files(self, paths) -> bool:
        """Save (after the review, when on); True when everything asked for was written."""
        session = self.session
        if session is None:
            return True
        self.watcher.flush()  # conflicts first: a file changed a moment ago is asked about before writing
        wanted = None if paths is None else {Path(p).resolve() for p in paths}
        dirty = [p for p in session.dirty_files() if wanted is None or Path(p).resolve() in wanted]
        dirty = session.together(dirty)  # with the files one change touched together with them
        if not dirty:
            self.host.status("Nothing to save")
            return True
        prompts = self.host.prompts
        if self.settings.get("reviewBeforeSave"):
            diffs = [(session.display(p), session.diff(p)) for p in dirty]
            if not prompts.review(diffs, True):
                self.host.status("Save cancelled")
                return False

        def confirm(path: Path, disk: str, mine: str) -> bool:
            return prompts.compare(session.display(path), disk, mine, "save") == "overwrite"

        result = session.save(dirty, confirm_overwrite=confirm, merged=self.carry_history)
        if not session.dirty:
            self.undo_stack.setClean()
        self.write_journal()
        self.host.refresh_now()
        for message in result.errors:
            self.host.show_error(message)
        saved = ", ".join(session.display(p) for p in result.saved)
        skipped = ", ".join(session.display(p) for p in result.skipped)
        if result.errors:  # the status bar says what went wrong, not just "Nothing saved"
            self.host.status((f"Saved {saved}; " if saved else "") + "; ".join(result.errors), error=True)
            return False
        self.host.status(f"Saved {saved}" + (f"; not saved (changed on disk): {skipped}" if skipped else "") if saved
                         else f"Not saved (changed on disk): {skipped}" if skipped else "Nothing saved")
        return not result.errors and not result.skipped

    # -- reloading -----------------------------------------------------------------------------------------
    def reload(self) -> None:
        """Read every file again (F5); files with unsaved edits that changed on disk are asked about."""
        if self.session is None:
            return
        self.disk_changed([Path(doc.path) for doc in self.session.editor.documents])
        self.host.refresh_now()
        self.host.status("Reloaded")

    def disk_changed(self, paths) -> None:
        """Files (or folders) changed on disk: re-read them; ask about the ones with unsaved edits."""
        session = self.session
        if session is None:
            return
        from nodetype_studio.studio.session import disk_side, read_text

        session.invalidate()  # new, deleted or changed files: the next resolution loads them all
        history_lost = []
        for change in session.check_disk(None):
            path = change.path
            name = session.display(path)
            if not change.dirty:
                if self._in_history(path) and not self.carry_history(path, session.text_of(path), read_text(path)):
                    history_lost.append(name)
                session.reload_file(path)
                self.host.forget_source(path)
                continue
            disk_bytes = _read_bytes(path)
            if session.acknowledged.get(path.resolve()) == disk_bytes and disk_bytes is not None:
                continue  # the user already chose their version over exactly this file
            prompts = self.host.prompts
            disk = disk_side(path)  # (a file past the bound, or unreadable, cannot be reloaded: not offered)
            answer = prompts.file_changed(name, change.reason == "deleted", reload_problem=disk.unreadable)
            seen = None
            if answer == "compare":
                answer = prompts.compare(name, disk.text, session.text_of(path), "conflict", disk_problem=disk.problem,
                                         reload_problem=disk.unreadable)
                seen = disk_bytes
            if answer == "reload" and disk.unreadable:
                answer = "keep"
            if answer == "reload":
                if self._in_history(path) and not self.carry_history(path, session.text_of(path), read_text(path)):
                    history_lost.append(name)
                session.reload_file(path)
                self.host.forget_source(path)
                self.host.status(f"Reloaded {name}; your edits to it were dropped")
            else:
                session.keep_mine(path, seen)
                self.host.status(f"Kept your edits to {name}; saving will show the difference before overwriting")
        if history_lost:
            self.undo_stack.clear()
            self.host.status(f"{', '.join(history_lost)} changed on disk: the undo history was cleared")
        self.write_journal()
        self.host.schedule_refresh()

    def carry_history(self, path: Path, old: str, new: str | None) -> bool:
        """Move the undo history's edits of ``path`` across the change ``old``→``new`` made outside (the
        edits keep working on the new text); False when the change touched text an edit wrote."""
        from nodetype_studio.studio.merge3 import CannotRebase, rebase

        if new is None:
            return False
        key = Path(path).resolve()
        stack = self.undo_stack
        places: list[tuple[Any, int, bool]] = []  # (command, index in its edits, applied) in history order
        for index in range(stack.count()):
            command = stack.command(index)
            for position, edit in enumerate(getattr(command, "edits", None) or []):
                if Path(edit.file).resolve() == key:
                    places.append((command, position, index < stack.index()))
        applied = [command.edits[position] for command, position, done in places if done]
        undone = [command.edits[position] for command, position, done in places if not done]
        try:
            moved_applied, moved_undone = rebase(applied, undone, old, new)
        except CannotRebase:
            return False
        for (command, position, _done), edit in zip(places, moved_applied + moved_undone):
            command.edits[position] = edit
        return True

    def _in_history(self, path: Path) -> bool:
        key = Path(path).resolve()
        for index in range(self.undo_stack.count()):
            command = self.undo_stack.command(index)
            if any(Path(e.file).resolve() == key for e in getattr(command, "edits", None) or []):
                return True
        return False

    # -- journal -------------------------------------------------------------------------------------------
    def schedule_journal(self) -> None:
        """Write the journal a moment after the last edit (edits in a burst write it once)."""
        self.journal_timer.start()

    def write_journal(self) -> None:
        self.journal_timer.stop()
        if self.session is None or self.journal is None or not self.settings.get("autosaveJournal"):
            return
        try:
            self.journal.write(self.session.journal_entries())
        except OSError as exc:
            self.host.status(f"Cannot write the crash journal: {exc.strerror or exc}")


def _read_bytes(path: Path) -> bytes | None:
    from nodetype_studio.editing import diskio

    try:
        return diskio.read_bytes(Path(path))
    except OSError:
        return None
