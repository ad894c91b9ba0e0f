"""Studio settings: a table of typed defaults over QSettings that stores only what differs from them.

``Settings().get("reviewBeforeSave")`` returns the stored value converted to the default's type, or
the default; ``set`` removes the key when the value equals the default, so changing a default in a
later version reaches every user who never changed it.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

ORGANIZATION = "NodeTypeStudio"
APPLICATION = "nodetype-studio"
MAX_RECENT = 10

#: name -> default (its type is the setting's type)
DEFAULTS: dict[str, Any] = {
    "reviewBeforeSave": True,  # show the diff of every file before writing
    "colorScheme": "system",  # system | light | dark
    "treeMode": "inheritance",  # inheritance | package
    "showPlatformTypes": False,  # list the platform's baseline types in the tree
    "recentProjects": [],
    "lastProject": "",
    "autosaveJournal": True,
    "problemsDelayMs": 400,  # pause after an edit before the checks run again
    "reloadDelayMs": 150,  # pause after a file change before reading it (editors write in steps)
    "window/geometry": QByteArray(),
    "window/state": QByteArray(),
    "window/mainSplitter": QByteArray(),
    "window/rightSplitter": QByteArray(),
    "window/topSplitter": QByteArray(),
    "window/bottomTab": 0,
    "problems/severities": ["error", "warning", "info"],
}

SCHEMES = ("system", "light", "dark")


def project_key(root) -> str:
    """The settings group of one project folder (its path, hashed: any characters are allowed in it)."""
    return "projects/" + hashlib.sha1(str(root).encode("utf-8")).hexdigest()[:16]
TREE_MODES = ("inheritance", "package")


def _convert(value: Any, default: Any) -> Any:
    """QSettings returns strings from INI files and single-item lists as a string: give the default's type."""
    if isinstance(default, bool):
        if isinstance(value, str):
            return value.strip().lower() in ("true", "1", "yes", "on")
        return bool(value)
    if isinstance(default, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            return default
    if isinstance(default, list):
        if value is None:
            return []
        if isinstance(value, str):
            return [value] if value else []
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else default
    if isinstance(default, QByteArray):
        return value if isinstance(value, QByteArray) else QByteArray(value) if isinstance(value, bytes) else default
    if isinstance(default, str):
        return value if isinstance(value, str) else str(value)
    return value


class Settings:
    """Typed access to the studio's QSettings (pass one for tests or a custom location)."""

    def __init__(self, store: QSettings | None = None):
        self.store = store if store is not None else QSettings(QSettings.IniFormat, QSettings.UserScope,
                                                               ORGANIZATION, APPLICATION)

    def get(self, name: str) -> Any:
        default = DEFAULTS[name]
        if not self.store.contains(name):
            return list(default) if isinstance(default, list) else default
        return _convert(self.store.value(name), default)

    def set(self, name: str, value: Any) -> None:
        default = DEFAULTS[name]
        if value == default or (isinstance(default, QByteArray) and not value):
            self.store.remove(name)
        else:
            self.store.setValue(name, value)

    def overrides(self) -> dict[str, Any]:
        """The settings that differ from their defaults (what the file holds)."""
        return {name: self.get(name) for name in DEFAULTS if self.store.contains(name)}

    def sync(self) -> None:
        self.store.sync()

    # -- per project -----------------------------------------------------------------------------------------
    def get_project(self, root, key: str) -> Any:
        """A value remembered for the project at ``root`` (None when there is none)."""
        return self.store.value(f"{project_key(root)}/{key}")

    def set_project(self, root, key: str, value: Any) -> None:
        name = f"{project_key(root)}/{key}"
        if value is None or value == "" or (isinstance(value, QByteArray) and value.isEmpty()):
            self.store.remove(name)
        else:
            self.store.setValue(name, value)

    # -- recent projects -----------------------------------------------------------------------------------
    def add_recent(self, path: str) -> list[str]:
        path = os.path.abspath(path)  # a relative path is lost when the studio starts elsewhere
        recent = [p for p in self.get("recentProjects") if p != path]
        recent.insert(0, path)
        del recent[MAX_RECENT:]
        self.set("recentProjects", recent)
        self.set("lastProject", path)
        return recent

    def remove_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        self.set("recentProjects", [p for p in self.get("recentProjects") if p != path])
