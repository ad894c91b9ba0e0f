"""The crash journal (Qt-free): unsaved edits of a project, written to the user's data folder.

One JSON file per project (named by a hash of the project folder). It holds, per file with unsaved
edits, the hash of the saved text the edits start from, the edits themselves and the resulting text,
so a restart can replay them (or, when the file changed meanwhile, offer the edited text as a whole).
Writing is atomic. A missing journal reads as "nothing to restore"; one the studio cannot use (larger than
``MAX_JOURNAL_BYTES``, not JSON, nested past what the parser takes, a pipe, not a journal or another
version's) raises ``UnreadableJournal``, so the window can say so and keep the file rather than write the
next journal over it. The same bound holds for writing: a journal that would be larger is not written.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path

from nodetype_studio import boundedio

VERSION = 1
DATA_DIR_ENV = "NODETYPE_STUDIO_DATA_DIR"
# The texts of every file with unsaved edits and the edits themselves: a few times the largest file the
# studio reads (``boundedio.MAX_FILE_BYTES``, 8 MB), far beyond any real session.
MAX_JOURNAL_BYTES = 64 * 1024 * 1024
LATEST_TIME = 253402300799.0  # 9999-12-31 23:59:59 UTC: a later "written" is no date (time.localtime refuses it)


class UnreadableJournal(Exception):
    """A journal file that is there but cannot be used; ``reason`` says why, for the user."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


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
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        if len(data) > MAX_JOURNAL_BYTES:  # it could not be read back
            raise boundedio.FileTooLarge(self.path, MAX_JOURNAL_BYTES)
        atomic_write(self.path, data)

    def read(self) -> JournalContent | None:
        """The journal's unsaved edits; None when there is none (no file, or nothing in it to restore).
        ``UnreadableJournal`` when a file is there that cannot be used."""
        try:
            raw = boundedio.read_bytes(self.path, MAX_JOURNAL_BYTES)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise UnreadableJournal(self.path, exc.strerror or str(exc)) from None
        try:
            payload = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise UnreadableJournal(self.path, "it is not UTF-8 text") from None
        except RecursionError:
            raise UnreadableJournal(self.path, "it is nested too deeply to be read") from None
        except ValueError as exc:
            raise UnreadableJournal(self.path, f"it is not valid JSON ({exc})") from None
        if not isinstance(payload, dict) or not isinstance(payload.get("entries"), list):
            raise UnreadableJournal(self.path, "it is not a crash journal")
        if payload.get("version") != VERSION:
            version = str(payload.get("version"))[:20]
            raise UnreadableJournal(self.path, f"it was written by another version of the studio ({version})")
        if payload.get("root") != str(self.root):
            raise UnreadableJournal(self.path, f"it is the journal of another folder ({str(payload.get('root'))[:200]})")
        valid = [e for e in payload["entries"] if isinstance(e, dict) and isinstance(e.get("path"), str)
                 and "\0" not in e["path"] and isinstance(e.get("text"), str) and isinstance(e.get("edits", []), list)]
        if not valid:
            return None
        written = payload.get("written")
        usable = isinstance(written, (int, float)) and math.isfinite(written) and 0 < written <= LATEST_TIME
        return JournalContent(self.root, float(written) if usable else 0.0, valid)

    def set_aside(self, suffix: str) -> Path:
        """Move the journal to ``<name><suffix>`` (an ``OSError`` when it cannot be), where the next journal
        written does not replace it; returns the new path."""
        target = self.path.with_suffix(suffix)
        self.path.replace(target)
        return target

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
