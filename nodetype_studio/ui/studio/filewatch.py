"""Watching a project's files: edits, deletions, new files and editors that save by renaming.

QFileSystemWatcher forgets a file that was replaced (write to a temporary file, rename over the
original), so every reported file is watched again if it exists; folders are watched too, which is how
replacements, new files and removals show up. Reports are collected for a short pause
(editors write in steps) and delivered as one ``changed(paths)``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal


class ProjectWatcher(QObject):
    changed = Signal(list)  # [Path] of files and folders that changed

    def __init__(self, parent=None, delay_ms: int = 150):
        super().__init__(parent)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.watcher.directoryChanged.connect(self._folder_changed)
        self._pending: set[str] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._flush)
        self.paused = False
        self._all_files: list[str] = []  # watched whenever they exist (kept across replacements)

    def watch(self, files, folders) -> None:
        """Watch exactly these files and folders (replacing the previous set)."""
        self._all_files = [str(Path(f)) for f in files]
        wanted_files = {str(Path(f)) for f in files if Path(f).exists()}
        wanted_folders = {str(Path(d)) for d in folders if Path(d).is_dir()}
        current_files = set(self.watcher.files())
        current_folders = set(self.watcher.directories())
        stale = sorted((current_files - wanted_files) | (current_folders - wanted_folders))
        if stale:
            self.watcher.removePaths(stale)
        new = sorted((wanted_files - current_files) | (wanted_folders - current_folders))
        if new:
            self.watcher.addPaths(new)

    def clear(self) -> None:
        paths = self.watcher.files() + self.watcher.directories()
        if paths:
            self.watcher.removePaths(paths)
        self._pending.clear()
        self._all_files = []
        self._timer.stop()

    def _file_changed(self, path: str) -> None:
        if Path(path).exists() and path not in self.watcher.files():
            self.watcher.addPath(path)  # replaced by a rename: watch the new file
        self._queue(path)

    def _folder_changed(self, path: str) -> None:
        self._queue(path)
        # files of this folder that were replaced are no longer watched: pick them up again
        missing = [f for f in self._known_in(path) if Path(f).exists() and f not in self.watcher.files()]
        if missing:
            self.watcher.addPaths(missing)

    def _known_in(self, folder: str) -> list[str]:
        return [f for f in self._all_files if str(Path(f).parent) == folder]

    def _queue(self, path: str) -> None:
        self._pending.add(path)
        self._timer.start()

    def flush(self) -> None:
        """Deliver pending reports now (tests, and before saving)."""
        if self._pending:
            self._timer.stop()
            self._flush()

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def _flush(self) -> None:
        if self.paused:
            self._timer.start()
            return
        paths = sorted(Path(p) for p in self._pending)
        self._pending.clear()
        if paths:
            self.changed.emit(paths)
