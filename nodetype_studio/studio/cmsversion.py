"""Choosing the CMS version (and the Flow context) of a project from the window: the choice is the
``cmsVersion`` (``context``) key of the project's ``.nodetype-studio.yaml``, so the window, ``check`` in
CI and the check worker agree.

Only that one line is written: the rest of the file stays as it is (comments, order, other keys).
"""

from __future__ import annotations

import re
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.editing.diskio import atomic_write
from nodetype_studio.editing.errors import FileChangedOnDisk, SaveError
from nodetype_studio.model.flowcontext import check_context
from nodetype_studio.model.projectconfig import CONFIG_FILE, KEY
from nodetype_studio.model.version import CmsVersion

BOM = b"\xef\xbb\xbf"


def config_path(root: Path | str) -> Path:
    root = Path(root)
    return (root if root.is_dir() else root.parent) / CONFIG_FILE


def set_configured_version(root: Path | str, version: CmsVersion | None) -> Path:
    """Write ``cmsVersion: '<version>'`` into the project's configuration file (None removes the
    key, so the version is detected again). Returns the file; raises ``OSError`` when it cannot be
    read or written (the file is then unchanged)."""
    return _set_key(root, KEY, f"'{version.value}'" if version is not None else None)


def set_configured_context(root: Path | str, context: str | None) -> Path:
    """Write ``context: '<context>'`` into the project's configuration file (None removes the key, so
    FLOW_CONTEXT or Development decide). ``InvalidContext`` for a name Flow refuses, ``OSError`` as
    :func:`set_configured_version`."""
    return _set_key(root, "context", "'" + check_context(context).replace("'", "''") + "'" if context is not None else None)


def _set_key(root: Path | str, key: str, value: str | None) -> Path:
    """The one line ``key: value`` of the file (replaced in place, else added at the end; None removes it)."""
    pattern = re.compile(rf"^{re.escape(key)}\s*:.*(?:\r?\n|$)", re.M)
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
    line = f"{key}: {value}{newline}" if value is not None else ""
    if pattern.search(text):
        new = pattern.sub(lambda _m: line, text, count=1)
    elif value is None:
        return path
    else:
        new = text + ("" if not text or text.endswith("\n") else newline) + line
    if new != text:
        try:
            atomic_write(path, (BOM if bom else b"") + new.encode("utf-8"), expected=raw)
        except (SaveError, FileChangedOnDisk) as exc:
            raise OSError(str(exc)) from None
    return path
