"""Choosing the CMS version of a project from the window: the choice is the ``cmsVersion`` key of the
project's ``.nodetype-studio.yaml``, so the window, ``check`` in CI and the check worker agree.

Only that one line is written: the rest of the file stays as it is (comments, order, other keys).
"""

from __future__ import annotations

import re
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.editing.diskio import atomic_write
from nodetype_studio.editing.errors import FileChangedOnDisk, SaveError
from nodetype_studio.model.projectconfig import CONFIG_FILE, KEY
from nodetype_studio.model.version import CmsVersion

_LINE = re.compile(rf"^{KEY}\s*:.*(?:\r?\n|$)", re.M)
BOM = b"\xef\xbb\xbf"


def config_path(root: Path | str) -> Path:
    root = Path(root)
    return (root if root.is_dir() else root.parent) / CONFIG_FILE


def set_configured_version(root: Path | str, version: CmsVersion | None) -> Path:
    """Write ``cmsVersion: '<version>'`` into the project's configuration file (None removes the
    key, so the version is detected again). Returns the file; raises ``OSError`` when it cannot be
    read or written (the file is then unchanged)."""
    path = config_path(root)
    raw = boundedio.read_bytes(path) if path.is_file() else None
    # the bytes as they are: a byte order mark and CRLF line breaks stay (read_text would drop the CRs)
    content = raw or b""
    bom = content.startswith(BOM)
    try:
        text = (content[len(BOM):] if bom else content).decode("utf-8")
    except UnicodeDecodeError:
        raise OSError(f"{path.name} is not UTF-8 text: it is left as it is") from None
    newline = "\r\n" if "\r\n" in text else "\n"
    line = f"{KEY}: '{version.value}'{newline}" if version is not None else ""
    if _LINE.search(text):
        new = _LINE.sub(lambda _m: line, text, count=1)
    elif version is None:
        return path
    else:
        new = text + ("" if not text or text.endswith("\n") else newline) + line
    if new != text:
        try:
            atomic_write(path, (BOM if bom else b"") + new.encode("utf-8"), expected=raw)
        except (SaveError, FileChangedOnDisk) as exc:
            raise OSError(str(exc)) from None
    return path
