"""Extension points: custom editors, validators and data sources.

Two ways in, the same result:

* pip-installed packages declare entry points in the groups ``nodetype_studio.editors``,
  ``nodetype_studio.validators`` and ``nodetype_studio.data_sources``; each entry point loads an
  object or a list of objects;
* the plugin folder (works inside the frozen installer too): every ``*.py`` file or package in a
  plugin folder is imported and its module-level ``editors`` / ``validators`` / ``data_sources``
  lists are read. Plugin folders are those named in ``NODETYPE_STUDIO_PLUGIN_PATH``
  (``os.pathsep``-separated), the user folder (``~/.local/share/nodetype-studio/plugins``, or
  ``%APPDATA%/nodetype-studio/plugins`` on Windows) and ``plugins/`` beside a frozen executable.

What an object must look like is defined by each extension point's consumer (see
``nodetype_studio.validation`` for validators). A plugin that fails to load becomes a warning
diagnostic, never a crash.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nodetype_studio.diagnostics import Diagnostic, Location, warning

GROUPS = {
    "editors": "nodetype_studio.editors",
    "validators": "nodetype_studio.validators",
    "data_sources": "nodetype_studio.data_sources",
}


@dataclass(frozen=True, slots=True)
class Plugin:
    kind: str  # "editors" | "validators" | "data_sources"
    obj: Any
    origin: str  # entry point "name = module:attr" or plugin file path


def plugin_folders() -> list[Path]:
    folders = [Path(p) for p in os.environ.get("NODETYPE_STUDIO_PLUGIN_PATH", "").split(os.pathsep) if p]
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home()))
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    folders.append(base / "nodetype-studio" / "plugins")
    if getattr(sys, "frozen", False):
        folders.append(Path(sys.executable).resolve().parent / "plugins")
    return [f for f in folders if f.is_dir()]


def _as_list(obj: Any) -> list:
    if obj is None:
        return []
    if isinstance(obj, (list, tuple)):
        return list(obj)
    if isinstance(obj, dict):
        return list(obj.values())
    return [obj]


def _import_file(path: Path):
    target = path / "__init__.py" if path.is_dir() else path
    name = "nodetype_studio_plugin_" + "".join(c if c.isalnum() else "_" for c in str(path.resolve()))
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, target, submodule_search_locations=[str(path)] if path.is_dir() else None)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {target}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


@cache
def _load_all() -> tuple[tuple[Plugin, ...], tuple[Diagnostic, ...]]:
    plugins: list[Plugin] = []
    problems: list[Diagnostic] = []
    from importlib.metadata import entry_points  # slow to import: only when plugins are asked for

    installed = entry_points()  # (every installed distribution read once, not once per group)
    for kind, group in GROUPS.items():
        for ep in installed.select(group=group):
            try:
                for obj in _as_list(ep.load()):
                    plugins.append(Plugin(kind, obj, f"{ep.name} = {ep.value}"))
            except Exception as exc:  # a broken plugin must not stop the app
                problems.append(warning("plugin-load", f"plugin entry point {ep.name!r} ({group}) failed to load: {exc}"))
    for folder in plugin_folders():
        for path in sorted(folder.iterdir()):
            if path.name.startswith((".", "_")) or not (path.suffix == ".py" or (path / "__init__.py").is_file()):
                continue
            try:
                module = _import_file(path)
            except Exception as exc:
                problems.append(warning("plugin-load", f"plugin {path} failed to load: {exc}", Location(str(path))))
                continue
            for kind in GROUPS:
                for obj in _as_list(getattr(module, kind, None)):
                    plugins.append(Plugin(kind, obj, str(path)))
    return tuple(plugins), tuple(problems)


def plugins(kind: str) -> list[Plugin]:
    """Every registered plugin object of one kind (``editors``, ``validators``, ``data_sources``)."""
    if kind not in GROUPS:
        raise ValueError(f"unknown plugin kind {kind!r}")
    return [p for p in _load_all()[0] if p.kind == kind]


def plugin_problems() -> list[Diagnostic]:
    return list(_load_all()[1])


def reload_plugins() -> None:
    """Forget what was loaded (tests, and after the user adds a plugin folder)."""
    _load_all.cache_clear()
