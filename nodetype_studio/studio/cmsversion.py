"""Choosing the CMS version of a project from the window: the choice is the ``cmsVersion`` key of the
project's ``.nodetype-studio.yaml``, so the window, ``check`` in CI and the check worker agree.

Only that one line is written: the rest of the file stays as it is (comments, order, other keys).
"""

from __future__ import annotations

import re
from pathlib import Path

from nodetype_studio.editing.diskio import atomic_write
from nodetype_studio.editing.errors import SaveError
from nodetype_studio.model.projectconfig import CONFIG_FILE, KEY
from nodetype_studio.model.version import CmsVersion

_LINE = re.compile(rf"^{KEY}\s*:.*(?:\r?\n|$)", re.M)


def config_path(root: Path | str) -> Path:
    root = Path(root)
    return (root if root.is_dir() else root.parent) / CONFIG_FILE


def set_configured_version(root: Path | str, version: CmsVersion | None) -> Path:
    """Write ``cmsVersion: '<version>'`` into the project's configuration file (None removes the
    key, so the version is detected again). Returns the file; raises ``OSError`` when it cannot be
    read or written (the file is then unchanged)."""
    path = config_path(root)
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    line = f"{KEY}: '{version.value}'\n" if version is not None else ""
    if _LINE.search(text):
        new = _LINE.sub(lambda _m: line, text, count=1)
    elif version is None:
        return path
    else:
        new = text + ("" if not text or text.endswith("\n") else "\n") + line
    if new != text:
        try:
            atomic_write(path, new.encode("utf-8"))
        except SaveError as exc:
            raise OSError(str(exc)) from None
    return path
