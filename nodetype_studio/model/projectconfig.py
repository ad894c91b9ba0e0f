"""The project's choice of CMS version: ``cmsVersion`` in ``.nodetype-studio.yaml`` (or in
``[tool.nodetype-studio]`` of a ``pyproject.toml``), read without the checks' configuration layer.

    # .nodetype-studio.yaml
    cmsVersion: '8.3'      # or 9 / '9.x'; leave out to detect it from composer files
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from nodetype_studio.diagnostics import Diagnostic, Location, warning
from nodetype_studio.model.version import parse_version
from nodetype_studio.model.yamlload import load_yaml_text

CONFIG_FILE = ".nodetype-studio.yaml"
KEY = "cmsVersion"
MAX_BYTES = 1024 * 1024


def _folder(root: Path) -> Path:
    return root if root.is_dir() else root.parent


def _read(path: Path, toml: bool) -> Any:
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        text = path.read_text(encoding="utf-8")
        if toml:
            table = tomllib.loads(text).get("tool", {})
            return table.get("nodetype-studio") if isinstance(table, dict) else None
        loaded = load_yaml_text(text, str(path))  # the NodeTypes limits: nesting, alias expansion
        return loaded.data if loaded.ok else None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None  # the checks' configuration reader reports an unreadable file


def configured_cms_version(root: str | Path) -> tuple[str | None, list[Diagnostic]]:
    """(the configured version as written, problems) for the project at ``root``; (None, []) when
    nothing is configured. A value that names no version we know is a warning and is ignored."""
    folder = _folder(Path(root))
    for name, toml in ((CONFIG_FILE, False), ("pyproject.toml", True)):
        path = folder / name
        if not path.is_file():
            continue
        data = _read(path, toml)
        if not isinstance(data, dict):
            return None, []
        value = data.get(KEY, data.get("cms-version"))
        if value is None:
            return None, []
        if parse_version(value) is None:
            return None, [warning("config-invalid", f"`{KEY}: {value}` names no CMS version the studio knows; "
                                                    f"use '8.3' or '9' (the version is detected instead)",
                                  Location(str(path)))]
        return str(value), []
    return None, []
