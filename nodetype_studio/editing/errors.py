"""Errors and records of the editing layer (values the GUI and CLI can catch and show)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class EditError(Exception):
    """An edit, load or save that cannot be done; nothing was changed in memory or on disk."""

    def __init__(self, message: str, file: Path | str | None = None, line: int = 0):
        super().__init__(message)
        self.message = message
        self.file = Path(file) if file is not None else None
        self.line = line

    def __str__(self) -> str:
        if self.file is None:
            return self.message
        where = f"{self.file}:{self.line}" if self.line else str(self.file)
        return f"{where}: {self.message}"


class PathNotFound(EditError):
    """The key path (or node type) does not exist."""


class AliasEditError(EditError):
    """The edit would go through a YAML alias/anchor and so change every place that shares the value."""


class YamlParseError(EditError):
    """The file is not valid YAML (or not UTF-8); it can be shown but not edited."""


class SaveError(EditError):
    """Writing failed; the file on disk is as it was before the save."""


class FileChangedOnDisk(EditError):
    """The file on disk is not the one that was loaded; saving would overwrite someone else's change.

    The caller chooses: ``doc.reload()`` (drop the in-memory edits, read the new file) or
    ``doc.save(force=True)`` (overwrite it). ``reason`` is ``"modified"`` or ``"deleted"``.
    """

    def __init__(self, file: Path | str, reason: str):
        what = "was deleted" if reason == "deleted" else "was changed by another program"
        super().__init__(
            f"the file {what} since it was loaded; nothing was written. Reload it to see the change, "
            "or save with force to overwrite it",
            file,
        )
        self.reason = reason


@dataclass(frozen=True)
class Edit:
    """One change to a document's text; exact enough to undo (``inverse()``) or redo.

    ``offset`` is a character index into the text before the change; ``old_text`` was replaced by
    ``new_text`` there. ``start_line``..``end_line`` (1-based, inclusive) are the changed lines in the new
    text; ``end_line == start_line - 1`` when lines were only removed (then before line ``start_line``).
    """

    file: Path
    description: str
    offset: int
    old_text: str
    new_text: str
    start_line: int
    end_line: int
    removed_lines: int

    def inverse(self) -> "Edit":
        return Edit(
            self.file,
            f"undo {self.description}",
            self.offset,
            self.new_text,
            self.old_text,
            self.start_line,
            self.start_line + self.removed_lines - 1,
            self.end_line - self.start_line + 1,
        )

    @property
    def location(self) -> str:
        return f"{self.file}:{max(self.start_line, 1)}"

    def summary(self) -> str:
        if self.end_line >= self.start_line:
            span = f"line {self.start_line}" if self.end_line == self.start_line else f"lines {self.start_line}-{self.end_line}"
        else:
            span = f"{self.removed_lines} line(s) removed before line {self.start_line}"
        return f"{self.file}: {span}: {self.description}"
