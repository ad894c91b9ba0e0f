"""Helpers for the project-model tests: write small YAML projects and pick findings."""

from __future__ import annotations

import textwrap
from pathlib import Path


def write_files(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write ``{relative path: text}`` below ``root``; text is dedented and its leading newline dropped,
    so the first line of a triple-quoted string is line 1 of the file."""
    for relative, content in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
    return root


def codes(project, code: str) -> list:
    """The findings of one code, in the order they were reported."""
    return [d for d in project.diagnostics if d.code == code]


def only(project, code: str):
    """The single finding of ``code`` (fails showing every finding otherwise)."""
    found = codes(project, code)
    assert len(found) == 1, [d.format_text() for d in project.diagnostics]
    return found[0]


def where(diagnostic) -> tuple[str, int, int]:
    """(file name, line, column) of a finding."""
    return Path(diagnostic.file).name, diagnostic.line, diagnostic.column
