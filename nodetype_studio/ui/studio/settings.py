"""Studio settings: a table of typed defaults over QSettings that stores only what differs from them.

``Settings().get("reviewBeforeSave")`` returns the stored value converted to the default's type, or
the default; ``set`` removes the key when the value equals the default, so changing a default in a
later version reaches every user who never changed it.

The settings file is read within bounds (``open_settings``): anything may have written it, and QSettings
reads it whole, at once, when it is opened. A file larger than the studio reads, one that is not a regular
file (a pipe would block start-up), or one QSettings finds malformed is moved aside to
``<name>.unreadable.ini`` (the next settings would replace it) and the studio starts with its defaults,
saying so. Values that do not fit their setting (a delay of 10^20 ms) read as the default.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from nodetype_studio import boundedio

ORGANIZATION = "NodeTypeStudio"
APPLICATION = "nodetype-studio"
MAX_RECENT = 10
#: The largest settings file read (the studio writes a few kilobytes, and some hundred bytes per project).
MAX_SETTINGS_BYTES = boundedio.MAX_FILE_BYTES
#: what a settings file the studio cannot use is renamed to, next to it (``<name>.unreadable.ini``)
ASIDE_SUFFIX = ".unreadable.ini"
#: an integer setting is a Qt int (a delay, an index): a value beyond it reads as the default
_INT_RANGE = range(-(2**31), 2**31)

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
            number = int(value)
        except (TypeError, ValueError, OverflowError):
            return default
        return number if number in _INT_RANGE else default
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

    def __init__(self, store: QSettings | None = None, problem: str = ""):
        if store is None:
            store, problem = _open_store(settings_file())
        self.store = store
        #: why the settings file was not read (it was kept aside), for the window to say; "" when it was
        self.problem = problem

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



def open_settings(path: str | Path | None = None) -> Settings:
    """The settings kept in the INI file ``path`` (default: the studio's, ``settings_file()``), read within
    bounds; ``problem`` says why the file was not read, when it was not."""
    store, problem = _open_store(Path(path) if path is not None else settings_file())
    return Settings(store, problem)


def settings_file() -> Path:
    """The studio's settings file, where QSettings keeps it for the user (INI format), found without reading
    it: QSettings reads a file as it is opened, so the folder is asked of a settings object of another name."""
    probe = QSettings(QSettings.IniFormat, QSettings.UserScope, ORGANIZATION + ".location", APPLICATION)
    return Path(probe.fileName()).parent.parent / ORGANIZATION / f"{APPLICATION}.ini"


def _open_store(path: Path) -> tuple[QSettings, str]:
    why = _unusable(path)
    if not why:
        store = QSettings(str(path), QSettings.IniFormat)
        if store.status() != QSettings.Status.FormatError:
            return store, ""
        del store  # (it writes nothing: QSettings does not write over a file it could not read)
        why = "it is not a settings file the studio can read (malformed INI)"
    aside = path.with_name(path.name[:-len(path.suffix)] + ASIDE_SUFFIX if path.suffix else path.name + ASIDE_SUFFIX)
    try:
        os.replace(path, aside)
    except OSError as exc:
        kept = (f"it could not be moved aside ({exc.strerror or exc}), so the settings of this session are kept in "
                f"{aside.with_suffix('').name}.session.ini instead")
        store = QSettings(str(aside.with_suffix("").with_suffix(".session.ini")), QSettings.IniFormat)
    else:
        kept = f"it was kept as {aside.name}"
        store = QSettings(str(path), QSettings.IniFormat)
    return store, f"The settings file {path} is not read: {why}; {kept}, and the studio starts with its default settings"


def _unusable(path: Path) -> str:
    """Why the file at ``path`` is not opened (larger than the bound, not a regular file); "" when it may be
    (a file that is not there is new settings)."""
    try:
        found = os.stat(path)
    except OSError:
        return ""
    if not stat.S_ISREG(found.st_mode):
        return "it is not a file (a pipe, a device or a folder)"
    if found.st_size > MAX_SETTINGS_BYTES:
        return (f"it is {found.st_size / 1024 / 1024:.1f} MB, more than the {MAX_SETTINGS_BYTES / 1024 / 1024:g} MB "
                "the studio reads")
    return ""
