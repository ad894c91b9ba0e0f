"""What a file is and how big an image is, read from the file's first bytes (Qt-free).

Magic bytes decide for images and the common binary formats (a ``.png`` that holds a JPEG is a
JPEG); everything else goes by the file name extension. Image dimensions come from the headers of
PNG, GIF, JPEG, WebP, BMP and the root element of SVG (``width``/``height`` in px or unitless, else
the ``viewBox``).
"""

from __future__ import annotations

import os
import re
import stat
import struct
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.media.mediatypes import type_for_extension

HEAD_BYTES = 64 * 1024

# (offset, magic, media type) — checked in order.
_MAGIC: tuple[tuple[int, bytes, str], ...] = (
    (0, b"\x89PNG\r\n\x1a\n", "image/png"),
    (0, b"\xff\xd8\xff", "image/jpeg"),
    (0, b"GIF87a", "image/gif"),
    (0, b"GIF89a", "image/gif"),
    (0, b"BM", "image/bmp"),
    (0, b"II*\x00", "image/tiff"),
    (0, b"MM\x00*", "image/tiff"),
    (0, b"\x00\x00\x01\x00", "image/x-icon"),
    (0, b"%PDF-", "application/pdf"),
    (0, b"ID3", "audio/mpeg"),
    (0, b"OggS", "audio/ogg"),
    (0, b"\x1a\x45\xdf\xa3", "video/webm"),
)
_SVG_RE = re.compile(rb"<svg[\s>]", re.IGNORECASE)
_SVG_TAG_RE = re.compile(r"<svg\b([^>]*)>", re.IGNORECASE | re.DOTALL)
_ATTR_RE = re.compile(r"""([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')""")
_LENGTH_RE = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$")
_ZIP_BASED = {".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp", ".epub"}


def read_head(path: Path, size: int = HEAD_BYTES) -> bytes:
    """The first ``size`` bytes of the file ``path``; ``boundedio.NotARegularFile`` (an ``OSError``) at once
    for a pipe, device or socket (opening a pipe would wait for a writer, a device may never end)."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise boundedio.NotARegularFile(path)
        return handle.read(size)


def sniff(head: bytes) -> str | None:
    """The media type the first bytes prove, or None."""
    for offset, magic, media_type in _MAGIC:
        if head[offset:offset + len(magic)] == magic:
            if media_type == "image/x-icon" and len(head) < 6:
                continue
            return media_type
    if head[:4] == b"RIFF" and len(head) >= 12:
        return {b"WEBP": "image/webp", b"WAVE": "audio/wav", b"AVI ": "video/x-msvideo"}.get(head[8:12])
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in (b"avif", b"avis"):
            return "image/avif"
        if brand in (b"heic", b"heix", b"mif1"):
            return "image/heic"
        if brand in (b"M4A ", b"M4B "):
            return "audio/mp4"
        if brand == b"qt  ":
            return "video/quicktime"
        return "video/mp4"
    stripped = head.lstrip()
    if stripped.startswith((b"<?xml", b"<svg", b"<!--", b"<!DOCTYPE svg")) and _SVG_RE.search(head[:8192]):
        return "image/svg+xml"
    return None


def detect_media_type(path: Path, head: bytes | None = None) -> str:
    """The media type of ``path``: magic bytes first, then the extension, else ``application/octet-stream``."""
    if head is None:
        try:
            head = read_head(path, 8192)
        except OSError:
            head = b""
    by_extension = type_for_extension(path.suffix)
    sniffed = sniff(head)
    if sniffed and not (head[:2] == b"PK" and path.suffix.lower() in _ZIP_BASED):
        return sniffed
    if head[:4] == b"PK\x03\x04" and path.suffix.lower() not in _ZIP_BASED:
        return "application/zip"
    return by_extension or "application/octet-stream"


def image_size(head: bytes, media_type: str) -> tuple[int, int] | None:
    """``(width, height)`` from the header bytes, or None when it cannot be read."""
    try:
        reader = _READERS.get(media_type)
        size = reader(head) if reader else None
    except (struct.error, ValueError, IndexError, UnicodeDecodeError):
        return None
    if size and size[0] > 0 and size[1] > 0:
        return int(size[0]), int(size[1])
    return None


def _png(head: bytes):
    if head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def _gif(head: bytes):
    return struct.unpack("<HH", head[6:10])


def _bmp(head: bytes):
    width, height = struct.unpack("<ii", head[18:26])
    return width, abs(height)


def _jpeg(head: bytes):
    index = 2
    while index + 9 < len(head):
        if head[index] != 0xFF:
            index += 1
            continue
        marker = head[index + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            index += 1 if marker == 0xFF else 2
            continue
        length = struct.unpack(">H", head[index + 2:index + 4])[0]
        # SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", head[index + 5:index + 9])
            return width, height
        index += 2 + length
    return None


def _webp(head: bytes):
    chunk = head[12:16]
    if chunk == b"VP8X":
        width = 1 + int.from_bytes(head[24:27], "little")
        height = 1 + int.from_bytes(head[27:30], "little")
        return width, height
    if chunk == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def _svg(head: bytes):
    match = _SVG_TAG_RE.search(head.decode("utf-8", errors="replace"))
    if not match:
        return None
    attrs = {m.group(1).lower(): (m.group(3) if m.group(3) is not None else m.group(4)) for m in _ATTR_RE.finditer(match.group(1))}
    width, height = _length(attrs.get("width")), _length(attrs.get("height"))
    box = attrs.get("viewbox")
    if box:
        parts = re.split(r"[\s,]+", box.strip())
        if len(parts) == 4:
            box_w, box_h = float(parts[2]), float(parts[3])
            if width and not height and box_w > 0:
                height = width * box_h / box_w
            elif height and not width and box_h > 0:
                width = height * box_w / box_h
            elif not width and not height:
                width, height = box_w, box_h
    if width and height:
        return round(width), round(height)
    return None


def _length(value: str | None) -> float | None:
    if not value:
        return None
    match = _LENGTH_RE.match(value)
    return float(match.group(1)) if match else None


_READERS = {
    "image/png": _png,
    "image/gif": _gif,
    "image/bmp": _bmp,
    "image/jpeg": _jpeg,
    "image/webp": _webp,
    "image/svg+xml": _svg,
}
