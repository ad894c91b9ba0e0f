"""``.nodetype-studio/media.yaml``: the folders a user added to the media library (Qt-free).

    # Asset sources of the Node Type Studio media library (besides the project and the samples).
    sources:
      - identifier: stock
        label: 'Stock photos'
        path: ../shared/stock        # relative to the project folder, or absolute

A file that cannot be read is reported and left alone: the library then has no user folders, and
saving writes the broken file aside (``media.yaml.broken``) before writing a new one, so nothing is lost.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from nodetype_studio.diagnostics import Diagnostic, Location, error, warning
from nodetype_studio.model.yamlload import load_yaml_file

CONFIG_FILE = "media.yaml"
HEADER = ("# Asset sources of the Node Type Studio media library, besides the project's own Resources\n"
          "# folders and the bundled samples. Paths are relative to the project folder or absolute.\n")


@dataclass(frozen=True, slots=True)
class SourceEntry:
    identifier: str
    label: str
    path: Path
    line: int = 0


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def load_sources(file: Path, base: Path) -> tuple[list[SourceEntry], list[Diagnostic]]:
    if not file.is_file():
        return [], []
    loaded = load_yaml_file(file)
    problems = list(loaded.diagnostics)
    data = loaded.data
    if data is None:
        return [], problems
    if not isinstance(data, dict) or not isinstance(data.get("sources", []), list):
        problems.append(error("media-config-shape", "media.yaml must hold `sources:`, a list of {identifier, label, path}",
                              Location(str(file), 1, 1)))
        return [], problems
    entries = []
    items = data.get("sources") or []
    for index, item in enumerate(items):
        line = item.pos[0] if hasattr(item, "pos") else (items.item_pos[index][0] if hasattr(items, "item_pos") else 0)
        path_value = item.get("path") if isinstance(item, dict) else None
        if not isinstance(path_value, str) or not path_value.strip():
            problems.append(warning("media-config-entry", "an asset source needs a `path` (a folder); this entry is ignored",
                                    Location(str(file), line, 1)))
            continue
        path = Path(os.path.expanduser(item["path"]))
        if not path.is_absolute():
            path = base / path
        identifier = slug(str(item.get("identifier") or path.name)) or "folder"
        label = str(item.get("label") or path.name)
        entries.append(SourceEntry(identifier, label, path, line))
    return entries, problems


def save_sources(file: Path, entries: list[SourceEntry], base: Path | None) -> str:
    """Write the user's sources; returns a problem text or ""."""
    items = []
    for entry in entries:
        path = entry.path
        if base is not None:
            try:
                path = Path(os.path.relpath(path, base))
            except ValueError:  # another drive on Windows
                pass
        items.append({"identifier": entry.identifier, "label": entry.label, "path": path.as_posix()})
    text = HEADER + yaml.safe_dump({"sources": items}, sort_keys=False, allow_unicode=True)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        if file.is_file():
            loaded = load_yaml_file(file)
            if not loaded.ok or (loaded.data is not None and not isinstance(loaded.data, dict)):
                file.replace(file.with_name(file.name + ".broken"))
        file.write_text(text, encoding="utf-8")
    except OSError as exc:
        return f"the media library settings could not be saved to {file}: {exc.strerror or exc}"
    return ""
