"""Opening, reloading, saving and closing a project; files changed on disk; the crash journal.

A mixin of the main window (it uses the window's session, prompts, settings, undo stack and views).
Nothing the user edited is ever dropped without an answer: closing asks save/discard/cancel, a file
changed on disk under unsaved edits asks reload/keep mine/compare, and saving over a changed file
shows the difference first.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal

from nodetype_studio.ui.studio.journal import Journal

if TYPE_CHECKING:
    from nodetype_studio.studio.session import Session


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


class ProjectIO:
    """Mixin for StudioWindow."""

    # -- opening -------------------------------------------------------------------------------------------
    def _init_io(self) -> None:
        self.loader = ProjectLoader(self)
        self.loader.loaded.connect(self._loaded, Qt.QueuedConnection)
        self.loader.failed.connect(self._load_failed, Qt.QueuedConnection)
        self.loading: Path | None = None

    def open_project(self, path, *, background: bool = True) -> bool:
        """Open the project at ``path`` (after asking about unsaved edits of the current one)."""
        path = Path(path)
        if not self.close_project():
            return False
        if not path.exists():
            self.show_error(f"Cannot open {path}: no such file or folder")
            self.settings.remove_recent(str(path))
            return False
        self.loading = path
        self.set_busy(f"Loading {path.name}\u2026")
        if background:
            self._pending_load = path
            if self._painted:
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

    _pending_load = None

    def start_pending_load(self) -> None:
        """Start a background load asked for before the window was painted (the window shows first)."""
        path, self._pending_load = self._pending_load, None
        if path is not None:
            self.loader.start(path)

    def _load_failed(self, message: str, generation: int) -> None:
        if generation != self.loader.generation:
            return
        self.loading = None
        self.set_busy(None)
        self.show_error(message)
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
        self.journal = Journal(self.data_dir, session.root)
        self.undo_stack.clear()
        self.settings.add_recent(str(session.root))
        self.set_busy(None)
        self.project_opened(defer_panels=background)
        self._offer_journal()
        self.projectLoaded.emit()

    def _offer_journal(self) -> None:
        content = self.journal.read() if self.journal is not None else None
        if content is None:
            return
        files = [self.session.display(p) for p in content.files]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(content.written)) if content.written else "earlier"
        if not self.prompts.restore_journal(files, when):
            self._set_journal_aside()
            return
        notes: list[str] = []

        def restore(_editor):
            edits, found = self.session.restore(content.entries)
            notes.extend(found)
            return edits

        self.push("restore unsaved edits", restore)
        self.flush()
        self.status(f"Restored unsaved edits to {len(files)} file(s)" + (": " + "; ".join(notes) if notes else ""))

    def _set_journal_aside(self) -> None:
        path = self.journal.path
        try:
            path.replace(path.with_suffix(".discarded.json"))
        except OSError:
            self.journal.clear()

    # -- closing -------------------------------------------------------------------------------------------
    def close_project(self) -> bool:
        """Close the open project; asks about unsaved edits. False when the user cancelled."""
        if self.session is None:
            self.loader.generation += 1  # a load in flight is no longer wanted
            return True
        self.panes.save_project(self.settings, self.session.root)  # its selection and pane sizes, for next time
        if self.session.dirty:
            answer = self.prompts.unsaved_changes([self.session.display(p) for p in self.session.dirty_files()])
            if answer == "cancel":
                return False
            if answer == "save" and not self.save_files(None):
                return False
        if self.journal is not None:
            self.journal.clear()
        if self._checks is not None:
            self._checks.stop()
        self.watcher.clear()
        self.session = None
        self.journal = None
        self.undo_stack.clear()
        self.project_closed()
        return True

    # -- saving --------------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Save the files of the selected node type that have unsaved edits."""
        if self.session is None:
            return False
        paths = self.session.own_files(self.selected) if self.selected else []
        dirty = set(self.session.dirty_files())
        wanted = [p for p in paths if Path(p).resolve() in {Path(d).resolve() for d in dirty}]
        if not wanted:
            return self.save_files(None)
        return self.save_files(wanted)

    def save_all(self) -> bool:
        return self.save_files(None)

    def save_files(self, paths) -> bool:
        """Save (after the review, when on); True when everything asked for was written."""
        if self.session is None:
            return True
        self.watcher.flush()  # conflicts first: a file changed a moment ago is asked about before writing
        wanted = None if paths is None else {Path(p).resolve() for p in paths}
        dirty = [p for p in self.session.dirty_files() if wanted is None or Path(p).resolve() in wanted]
        if not dirty:
            self.status("Nothing to save")
            return True
        if self.settings.get("reviewBeforeSave"):
            diffs = [(self.session.display(p), self.session.diff(p)) for p in dirty]
            if not self.prompts.review(diffs, True):
                self.status("Save cancelled")
                return False

        def confirm(path: Path, disk: str, mine: str) -> bool:
            return self.prompts.compare(self.session.display(path), disk, mine, "save") == "overwrite"

        result = self.session.save(dirty, confirm_overwrite=confirm, merged=self._carry_history)
        if not self.session.dirty:
            self.undo_stack.setClean()
        self.write_journal()
        self.refresh_now()
        for message in result.errors:
            self.show_error(message)
        saved = ", ".join(self.session.display(p) for p in result.saved)
        skipped = ", ".join(self.session.display(p) for p in result.skipped)
        self.status(f"Saved {saved}" + (f"; not saved (changed on disk): {skipped}" if skipped else "") if saved
                    else f"Not saved (changed on disk): {skipped}" if skipped else "Nothing saved")
        return not result.errors and not result.skipped

    # -- reloading -----------------------------------------------------------------------------------------
    def reload(self) -> None:
        """Read every file again (F5); files with unsaved edits that changed on disk are asked about."""
        if self.session is None:
            return
        self.disk_changed([Path(doc.path) for doc in self.session.editor.documents])
        self.refresh_now()
        self.status("Reloaded")

    def disk_changed(self, paths) -> None:
        """Files (or folders) changed on disk: re-read them; ask about the ones with unsaved edits."""
        if self.session is None:
            return
        self.session.invalidate()  # new, deleted or changed files: the next resolution loads them all
        history_lost = []
        for change in self.session.check_disk(None):
            path = change.path
            name = self.session.display(path)
            if not change.dirty:
                from nodetype_studio.studio.session import read_text

                if self._in_history(path) and not self._carry_history(path, self.session.text_of(path),
                                                                      read_text(path)):
                    history_lost.append(name)
                self.session.reload_file(path)
                self.source.forget(str(path))
                continue
            disk_bytes = _read_bytes(path)
            if self.session.acknowledged.get(path.resolve()) == disk_bytes and disk_bytes is not None:
                continue  # the user already chose their version over exactly this file
            answer = self.prompts.file_changed(name, change.reason == "deleted")
            seen = None
            if answer == "compare":
                from nodetype_studio.studio.session import read_text

                mine = self.session.text_of(path)
                answer = self.prompts.compare(name, read_text(path) or "", mine, "conflict")
                seen = disk_bytes
            if answer == "reload":
                from nodetype_studio.studio.session import read_text

                if self._in_history(path) and not self._carry_history(path, self.session.text_of(path),
                                                                      read_text(path)):
                    history_lost.append(name)
                self.session.reload_file(path)
                self.source.forget(str(path))
                self.status(f"Reloaded {name}; your edits to it were dropped")
            else:
                self.session.keep_mine(path, seen)
                self.status(f"Kept your edits to {name}; saving will show the difference before overwriting")
        if history_lost:
            self.undo_stack.clear()
            self.status(f"{', '.join(history_lost)} changed on disk: the undo history was cleared")
        self.write_journal()
        self.schedule_refresh()

    def _carry_history(self, path: Path, old: str, new: str | None) -> bool:
        """Move the undo history's edits of ``path`` across the change ``old``→``new`` made outside (the
        edits keep working on the new text); False when the change touched text an edit wrote."""
        from nodetype_studio.studio.merge3 import CannotRebase, rebase

        if new is None:
            return False
        key = Path(path).resolve()
        stack = self.undo_stack
        places: list[tuple[object, int, bool]] = []  # (command, index in its edits, applied) in history order
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
    def write_journal(self) -> None:
        self._journal_timer.stop()
        if self.session is None or self.journal is None or not self.settings.get("autosaveJournal"):
            return
        try:
            self.journal.write(self.session.journal_entries())
        except OSError as exc:
            self.status(f"Cannot write the crash journal: {exc.strerror or exc}")

    # -- scripted edits (test hook: ``nodetype-studio PATH --script edits.json``) --------------------------
    def run_script(self, steps: list) -> list[str]:
        """Run edit steps through the undo stack: {"select": name}, {"set": [name, keypath, value]},
        {"unset": [name, keypath]}, {"add_property": [name, property]}, {"undo": n}. Returns problems."""
        from nodetype_studio.ui.studio import commands

        if self._deferring:
            self.finish_startup()
        problems = []
        for step in steps:
            try:
                if "select" in step:
                    self.select_type(step["select"])
                elif "set" in step:
                    name, keypath, value = step["set"]
                    self.push(f"set {keypath}", commands.set_value(name, tuple(keypath.split(".")), value))
                elif "unset" in step:
                    name, keypath = step["unset"]
                    self.push(f"clear {keypath}", commands.set_value(name, tuple(keypath.split(".")), commands.REMOVE))
                elif "add_property" in step:
                    name, prop = step["add_property"]
                    self.select_type(name)
                    self.definition.add_property(prop)
                elif "undo" in step:
                    for _ in range(int(step["undo"])):
                        self.undo_stack.undo()
                else:
                    problems.append(f"unknown step {step!r}")
            except (KeyError, TypeError, ValueError) as exc:
                problems.append(f"step {step!r}: {exc}")
            self.flush()
        if self.last_error:
            problems.append(self.last_error)
        self.write_journal()
        return problems


def _read_bytes(path: Path) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except OSError:
        return None
