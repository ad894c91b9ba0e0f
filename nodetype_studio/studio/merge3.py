"""Three-way merge of a file's texts, and moving recorded edits across a change made by another program.

Saving over a file another program changed merges the two changes line by line against the text both
started from (``merge3(base, mine, theirs)``): changes to different lines are both kept, and only
changes to the same lines (or insertions at the same place) that differ are conflicts. ``rebase``
carries the undo history across such a change, so an outside change does not cost the user their
history: each recorded edit moves by what was inserted or removed before it, and the history is given
up only when the outside change touched the very text an edit wrote.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from typing import Protocol, TypeVar


@dataclass(frozen=True)
class Hunk:
    """Characters ``start``..``end`` of the old text replaced by ``text``."""

    start: int
    end: int
    text: str
    old_lines: int  # line breaks in the replaced characters
    new_lines: int  # line breaks in ``text``

    @property
    def delta(self) -> int:
        return len(self.text) - (self.end - self.start)

    def shifted(self, by: int) -> Hunk:
        return dataclasses.replace(self, start=self.start + by, end=self.end + by)


@dataclass(frozen=True)
class Conflict:
    """Lines ``first``..``last`` (1-based, of the common base; ``last < first`` for an insertion) that both
    sides changed differently."""

    first: int
    last: int
    mine: str
    theirs: str


@dataclass
class MergeResult:
    text: str  # the merge; in conflicting places the preferred side's text
    conflicts: list[Conflict]

    @property
    def clean(self) -> bool:
        return not self.conflicts


def _line_hunks(old: list[str], new: list[str]) -> list[tuple[int, int, list[str]]]:
    """(first old line, end old line, new lines) of every change from ``old`` to ``new``."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [(i1, i2, new[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def hunks(old: str, new: str) -> list[Hunk]:
    """The changes from ``old`` to ``new`` as whole-line character ranges of ``old``, in order."""
    if old == new:
        return []
    old_lines = old.splitlines(keepends=True)
    starts = [0]
    for line in old_lines:
        starts.append(starts[-1] + len(line))
    result = []
    for i1, i2, lines in _line_hunks(old_lines, new.splitlines(keepends=True)):
        text = "".join(lines)
        replaced = old[starts[i1]:starts[i2]]
        result.append(Hunk(starts[i1], starts[i2], text, replaced.count("\n"), text.count("\n")))
    return result


def merge3(base: str, mine: str, theirs: str, *, prefer: str = "mine") -> MergeResult:
    """Merge the changes ``base``→``mine`` and ``base``→``theirs``; ``prefer`` ("mine"/"theirs") fills
    the conflicting places of ``text``."""
    if mine == theirs or theirs == base:
        return MergeResult(mine, [])
    if mine == base:
        return MergeResult(theirs, [])
    base_lines = base.splitlines(keepends=True)
    changes = sorted([(i1, i2, lines, "mine") for i1, i2, lines in _line_hunks(base_lines, mine.splitlines(keepends=True))]
                     + [(i1, i2, lines, "theirs") for i1, i2, lines in
                        _line_hunks(base_lines, theirs.splitlines(keepends=True))],
                     key=lambda change: (change[0], change[1]))
    out: list[str] = []
    conflicts: list[Conflict] = []
    cursor = 0
    index = 0
    while index < len(changes):
        cluster = [changes[index]]
        start, end = changes[index][0], changes[index][1]
        index += 1
        while index < len(changes) and _touches(changes[index], start, end, cluster):
            cluster.append(changes[index])
            end = max(end, changes[index][1])
            index += 1
        out.extend(base_lines[cursor:start])
        sides = {side for *_rest, side in cluster}
        if len(sides) == 1:
            out.extend(_apply(base_lines, start, end, cluster))
        else:
            ours = _apply(base_lines, start, end, [c for c in cluster if c[3] == "mine"])
            other = _apply(base_lines, start, end, [c for c in cluster if c[3] == "theirs"])
            if ours == other:
                out.extend(ours)
            else:
                conflicts.append(Conflict(start + 1, end, "".join(ours), "".join(other)))
                out.extend(ours if prefer == "mine" else other)
        cursor = end
    out.extend(base_lines[cursor:])
    return MergeResult("".join(out), conflicts)


def _touches(change, start: int, end: int, cluster) -> bool:
    """Whether ``change`` overlaps the cluster [start, end): a shared line, or two insertions (or an
    insertion and a replacement) at the same place, whose order nobody can tell."""
    c_start, c_end = change[0], change[1]
    if c_start < end:
        return True
    return c_start == end and any(c[0] == c_start and (c[0] == c[1] or c_start == c_end) for c in cluster)


def _apply(base_lines: list[str], start: int, end: int, cluster) -> list[str]:
    """Base lines ``start``..``end`` with one side's (non-overlapping) changes applied."""
    out: list[str] = []
    cursor = start
    for c_start, c_end, lines, _side in sorted(cluster, key=lambda c: (c[0], c[1])):
        out.extend(base_lines[cursor:c_start])
        out.extend(lines)
        cursor = c_end
    out.extend(base_lines[cursor:end])
    return out


# -- carrying recorded edits across an outside change -------------------------------------------------------
class EditLike(Protocol):
    offset: int
    old_text: str
    new_text: str
    start_line: int
    end_line: int


E = TypeVar("E", bound=EditLike)


class CannotRebase(Exception):
    """The outside change touched text that a recorded edit wrote or replaced."""


def _around(change: list[Hunk], start: int, end: int) -> tuple[int, int]:
    """(characters, lines) that the hunks lying before the region [start, end) add; raises CannotRebase
    when a hunk overlaps it (an insertion at the region's start counts as before it)."""
    chars = lines = 0
    for hunk in change:
        if hunk.end <= start:
            chars += hunk.delta
            lines += hunk.new_lines - hunk.old_lines
        elif hunk.start < end:
            raise CannotRebase
    return chars, lines


def _moved(edit: E, chars: int, lines: int) -> E:
    if not chars and not lines:
        return edit
    moved: E = dataclasses.replace(edit, offset=edit.offset + chars, start_line=edit.start_line + lines,  # type: ignore[type-var]
                                   end_line=edit.end_line + lines)
    return moved


def rebase(applied: list[E], undone: list[E], old: str, new: str) -> tuple[list[E], list[E]]:
    """Move the edits of one file's history across the change ``old``→``new`` of its current text.

    ``applied`` are the edits that led to ``old`` (oldest first), ``undone`` those a redo would apply
    next (next first). Raises CannotRebase when the change overlaps an edit's text."""
    change = hunks(old, new)
    if not change:
        return list(applied), list(undone)
    moved_back: list[E] = []
    current = change
    for edit in reversed(applied):  # the change in the coordinates of the text before each edit
        region_end = edit.offset + len(edit.new_text)
        chars, lines = _around(current, edit.offset, region_end)
        moved_back.append(_moved(edit, chars, lines))
        delta = len(edit.new_text) - len(edit.old_text)
        current = [h if h.end <= edit.offset else h.shifted(-delta) for h in current]
    moved_forward: list[E] = []
    current = change
    for edit in undone:  # the change in the coordinates of the text after each redo
        region_end = edit.offset + len(edit.old_text)
        chars, lines = _around(current, edit.offset, region_end)
        moved_forward.append(_moved(edit, chars, lines))
        delta = len(edit.new_text) - len(edit.old_text)
        current = [h if h.end <= edit.offset else h.shifted(delta) for h in current]
    return list(reversed(moved_back)), moved_forward
