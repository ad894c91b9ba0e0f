"""Media type patterns, upload accept strings and maximum file sizes (Qt-free).

Two ways of matching a media type against ``constraints.mediaTypes``:

- the **media browser** ignores the sub type (spec: ``image/png`` limits the browser like ``image/*``);
- **upload** (and the asset search) honours the pattern exactly: ``image/png`` accepts PNG only,
  ``image/*`` any image, ``*/*`` or ``*`` anything.

An empty pattern list means "no restriction". Sizes follow the spec (a plain byte count, a ``b`` or a
``kb`` suffix) read the way the CMS's uploader read them (neos-facts §2.11): lower-case, keep only
digits and ``k``/``m``/``g``, then a number with at most one unit letter; k = 1024, m = 1024², g = 1024³.
"""

from __future__ import annotations

import math
import mimetypes
import re
from dataclasses import dataclass
from typing import Any, Iterable

_SIZE_RE = re.compile(r"^(\d+)([kmg]?)$")
_UNITS = {"": 1, "k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}

#: Extensions per media type that do not depend on the system's mime.types (frozen apps, Windows).
EXTENSIONS: dict[str, tuple[str, ...]] = {
    "image/jpeg": (".jpg", ".jpeg", ".jpe", ".jfif"),
    "image/png": (".png",),
    "image/gif": (".gif",),
    "image/webp": (".webp",),
    "image/svg+xml": (".svg", ".svgz"),
    "image/bmp": (".bmp",),
    "image/tiff": (".tif", ".tiff"),
    "image/avif": (".avif",),
    "image/x-icon": (".ico",),
    "application/pdf": (".pdf",),
    "application/zip": (".zip",),
    "text/plain": (".txt", ".text"),
    "text/csv": (".csv",),
    "text/markdown": (".md", ".markdown"),
    "application/rtf": (".rtf",),
    "application/msword": (".doc",),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": (".docx",),
    "application/vnd.ms-excel": (".xls",),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": (".xlsx",),
    "application/vnd.ms-powerpoint": (".ppt",),
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": (".pptx",),
    "application/vnd.oasis.opendocument.text": (".odt",),
    "application/vnd.oasis.opendocument.spreadsheet": (".ods",),
    "audio/mpeg": (".mp3",),
    "audio/ogg": (".ogg", ".oga"),
    "audio/wav": (".wav",),
    "audio/mp4": (".m4a",),
    "video/mp4": (".mp4", ".m4v"),
    "video/webm": (".webm",),
    "video/ogg": (".ogv",),
    "video/quicktime": (".mov",),
    # not media, but named in messages when someone tries to upload them
    "application/yaml": (".yaml", ".yml"),
    "application/json": (".json",),
    "text/html": (".html", ".htm"),
    "application/xml": (".xml", ".xlf"),
}
_BY_EXTENSION = {ext: media_type for media_type, exts in EXTENSIONS.items() for ext in exts}


def type_for_extension(suffix: str) -> str | None:
    """The media type of a file name extension (``.png`` -> ``image/png``), or None."""
    suffix = suffix.lower()
    if suffix in _BY_EXTENSION:
        return _BY_EXTENSION[suffix]
    guessed, _ = mimetypes.guess_type("x" + suffix, strict=False)
    return guessed


def extensions_for(pattern: str) -> list[str]:
    """File name extensions a pattern accepts (``image/*`` -> every known image extension)."""
    pattern = pattern.strip().lower()
    if pattern in ("*", "*/*", ""):
        return []
    if pattern.startswith("."):
        return [pattern]
    top, _, sub = pattern.partition("/")
    if sub == "*":
        return sorted({ext for media_type, exts in EXTENSIONS.items() if media_type.startswith(top + "/") for ext in exts})
    found = list(EXTENSIONS.get(pattern, ()))
    for ext in mimetypes.guess_all_extensions(pattern, strict=False):
        if ext not in found:
            found.append(ext)
    return found


def patterns(value: Any) -> list[str]:
    """``constraints.mediaTypes`` or an ``accept`` string as a clean list (a string may hold several,
    comma-separated; real files sometimes write one string instead of a list)."""
    if value is None:
        return []
    items: Iterable[Any] = value.split(",") if isinstance(value, str) else value if isinstance(value, (list, tuple)) else []
    result = []
    for item in items:
        if isinstance(item, str) and item.strip():
            result.append(item.strip().lower())
    return result


def _split(media_type: str) -> tuple[str, str]:
    top, _, sub = media_type.lower().partition("/")
    return top, sub.split(";")[0].strip()


def matches(media_type: str, pattern: str, *, ignore_subtype: bool = False) -> bool:
    """Whether ``media_type`` fits one pattern (``image/*``, ``image/png``, ``*/*``, ``.pdf``)."""
    pattern = pattern.strip().lower()
    if pattern in ("*", "*/*"):
        return True
    if pattern.startswith("."):  # an accept string may list extensions
        return type_for_extension(pattern) == media_type.lower()
    top, sub = _split(media_type)
    want_top, want_sub = _split(pattern)
    if want_top != top:
        return False
    return ignore_subtype or want_sub in ("*", "") or want_sub == sub


def accepts(media_type: str, allowed: Iterable[str], *, ignore_subtype: bool = False) -> bool:
    """Whether ``media_type`` fits any of ``allowed``; an empty list allows everything."""
    allowed = list(allowed)
    return not allowed or any(matches(media_type, p, ignore_subtype=ignore_subtype) for p in allowed)


@dataclass(frozen=True, slots=True)
class SizeLimit:
    """A parsed ``maximumFileSize``: ``bytes`` None means no limit; ``problem`` explains an unusable value."""

    bytes: int | None
    source: Any = None
    problem: str | None = None

    def allows(self, size: int) -> bool:
        return self.bytes is None or size <= self.bytes


def parse_size(value: Any) -> SizeLimit:
    """``maximumFileSize`` in any spelling the spec allows (``204800``, ``'204800b'``, ``'200kb'``).

    As the CMS's uploader read it (DEV 4.3 ``Inspector/Editors/FileUpload.js``): a falsy value (``0``
    included) falls back to the server's maximum, i.e. sets no limit here; any other value is the
    maximum, so a negative number or a text that reads as 0 bytes (``'0'``) refuses every file."""
    if value is None or value == "" or (isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0):
        return SizeLimit(None, value)
    if isinstance(value, bool):
        return SizeLimit(None, value, f"maximumFileSize {value!r} is not a size; no limit is applied")
    if isinstance(value, (int, float)) and math.isfinite(value):
        if value < 0:
            return SizeLimit(0, value, f"maximumFileSize {value} is negative: every upload is refused")
        return SizeLimit(int(value), value)
    if isinstance(value, str):
        kept = re.sub(r"[^0-9kmg]", "", value.lower())
        match = _SIZE_RE.match(kept)
        if match:
            size = int(match.group(1)) * _UNITS[match.group(2)]
            if size == 0:
                return SizeLimit(0, value, f"maximumFileSize \u201c{value}\u201d reads as 0 bytes: every upload is "
                                           "refused (a number 0, or no value, means the server's maximum)")
            return SizeLimit(size, value)
    return SizeLimit(None, value, f"maximumFileSize \u201c{value}\u201d is not a size (write e.g. 204800, "
                                  f"'204800b' or '200kb'); no limit is applied")


def human_size(size: int) -> str:
    """``11264`` -> ``11 KB``; binary units as the uploader counts them."""
    for unit, factor in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if size >= factor:
            amount = size / factor
            text = f"{amount:.1f}".rstrip("0").rstrip(".")
            return f"{text} {unit}"
    return f"{size} bytes" if size != 1 else "1 byte"
