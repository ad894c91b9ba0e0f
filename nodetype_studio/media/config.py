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

from nodetype_studio.diagnostics import Diagnostic, Location, warning
from nodetype_studio.model.settingsfile import Field, SettingsSpec, read_settings, records
from nodetype_studio.model.yamlload import load_yaml_file

CONFIG_FILE = "media.yaml"
HEADER = ("# Asset sources of the Node Type Studio media library, besides the project's own Resources\n"
          "# folders and the bundled samples. Paths are relative to the project folder or absolute.\n")

#: The table of ``media.yaml``: one key, the list of user folders.
SPEC = SettingsSpec(CONFIG_FILE, (Field("sources", records(("identifier", "label", "path"), "path"), (), "sources"),),
                    invalid_code="media-config-shape", unknown_code="media-config-unknown-key")


@dataclass(frozen=True, slots=True)
class SourceEntry:
    identifier: str
    label: str
    path: Path
    line: int = 0


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def load_sources(file: Path, base: Path) -> tuple[list[SourceEntry], list[Diagnostic]]:
    """The user's asset sources in ``file`` (paths relative to ``base``), and the problems found."""
    read = read_settings(file, SPEC)
    problems = list(read.diagnostics)
    entries = []
    for record in read.values["sources"]:
        where = Location(str(file), record.line, record.column or 1)
        if record.problem:
            problems.append(warning("media-config-entry", "an asset source needs a `path` (a folder); "
                                    "this entry is ignored", where))
            continue
        if record.unknown:
            problems.append(warning("media-config-unknown-key", f"unknown key {', '.join(f'`{k}`' for k in record.unknown)} "
                                    "in an asset source; the known keys are `identifier`, `label`, `path`", where))
        path = Path(os.path.expanduser(record.values["path"]))
        if not path.is_absolute():
            path = base / path
        identifier = slug(record.values.get("identifier") or path.name) or "folder"
        label = record.values.get("label") or path.name
        entries.append(SourceEntry(identifier, label, path, record.line))
    problems.sort(key=lambda d: (d.file != str(file), d.line, d.column))  # in the order of the file
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
