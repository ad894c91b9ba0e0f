"""Shared helpers for the editing tests (imported by path: the tests folder is not a package)."""

from __future__ import annotations

import difflib
from pathlib import Path

from nodetype_studio.editing import YamlDocument
from nodetype_studio.model.yamlload import load_yaml_text

FIXTURES = Path(__file__).parent.parent / "fixtures" / "editing"


def copy_fixture(name: str, tmp_path: Path, crlf: bool = False, final_newline: bool = True, bom: bool = False) -> Path:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    if not final_newline:
        text = text.rstrip("\n")
    if crlf:
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    if bom:
        data = b"\xef\xbb\xbf" + data
    target = tmp_path / name
    target.write_bytes(data)
    return target


def load(name: str, tmp_path: Path, **variant) -> YamlDocument:
    return YamlDocument.load(copy_fixture(name, tmp_path, **variant))


def changes(old: str, new: str) -> tuple[list[str], list[str]]:
    """(removed lines, added lines) between two texts, line by line."""
    removed: list[str] = []
    added: list[str] = []
    matcher = difflib.SequenceMatcher(None, old.split("\n"), new.split("\n"), autojunk=False)
    old_lines, new_lines = old.split("\n"), new.split("\n")
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed.extend(old_lines[i1:i2])
            added.extend(new_lines[j1:j2])
    return removed, added


def reread(text: str):
    """The data of a text as the project model reads it."""
    loaded = load_yaml_text(text)
    assert loaded.ok, loaded.diagnostics
    return loaded.data
