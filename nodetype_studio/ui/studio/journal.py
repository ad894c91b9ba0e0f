"""The crash journal (Qt-free): unsaved edits of a project, written to the user's data folder.

One JSON file per project (named by a hash of the project folder). It holds, per file with unsaved
edits, the hash of the saved text the edits start from, the edits themselves and the resulting text,
so a restart can replay them (or, when the file changed meanwhile, offer the edited text as a whole).
Writing is atomic; a missing, unreadable or foreign journal reads as "nothing to restore".
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

VERSION = 1
DATA_DIR_ENV = "NODETYPE_STUDIO_DATA_DIR"


@dataclass
class JournalContent:
    root: Path
    written: float
    entries: list[dict]

    @property
    def files(self) -> list[Path]:
        return [Path(e["path"]) for e in self.entries]

    @property
    def edit_count(self) -> int:
        return sum(max(1, len(e.get("edits", []))) for e in self.entries)


class Journal:
    """The journal file of one project."""

    def __init__(self, data_dir: Path | str, root: Path | str):
        self.root = Path(root).resolve()
        digest = hashlib.sha256(str(self.root).encode("utf-8")).hexdigest()[:20]
        self.path = Path(data_dir) / "journals" / f"{digest}.json"

    def write(self, entries: list[dict]) -> None:
        """Replace the journal by ``entries`` (none: remove it). Errors are the caller's to show."""
        if not entries:
            self.clear()
            return
        from nodetype_studio.editing.diskio import atomic_write
        self.path.parent.mkdir(parents=True, exist_ok=True)
        payload = {"version": VERSION, "root": str(self.root), "written": time.time(), "entries": entries}
        atomic_write(self.path, json.dumps(payload, ensure_ascii=False).encode("utf-8"))

    def read(self) -> JournalContent | None:
        try:
            payload = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(payload, dict) or payload.get("version") != VERSION or payload.get("root") != str(self.root):
            return None
        entries = payload.get("entries")
        if not isinstance(entries, list):
            return None
        valid = [e for e in entries if isinstance(e, dict) and isinstance(e.get("path"), str)
                 and isinstance(e.get("text"), str) and isinstance(e.get("edits", []), list)]
        if not valid:
            return None
        written = payload.get("written")
        return JournalContent(self.root, float(written) if isinstance(written, (int, float)) else 0.0, valid)

    def clear(self) -> None:
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


def default_data_dir() -> Path:
    """``$NODETYPE_STUDIO_DATA_DIR``, else the platform's per-user data folder for the studio."""
    configured = os.environ.get(DATA_DIR_ENV)
    if configured:
        return Path(configured)
    from PySide6.QtCore import QStandardPaths

    location = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation)
    return Path(location) if location else Path.home() / ".nodetype-studio"
