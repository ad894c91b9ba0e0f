"""Unified diffs of file texts (for the review, compare and session diffs)."""

from __future__ import annotations

import difflib


def unified_diff(old: str, new: str, name: str, *, context: int = 3) -> str:
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                 f"a/{name}", f"b/{name}", n=context)
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
