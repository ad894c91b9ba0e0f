"""Pictures a project names (help thumbnails, media assets, resource icons) are measured before they are decoded.

A PNG of a few hundred bytes may declare 50000 × 50000 pixels, ten gigabytes once decoded. The size a file
declares is read from its header first (``QImageReader.size()``); a picture of more than ``MAX_PIXELS`` is
not decoded, and the caller says so, with the file's name, where the picture would be. The allocation limit
of ``QImageReader`` is set explicitly too (not left to Qt's default), for the decoders that run without us:
a rich-text label's ``<img>``, a format that declares no size. A drawing (SVG) is read whole, as XML, whatever
size it declares: one larger than ``MAX_DRAWING_BYTES`` (the bound of every text file the studio reads) is
not read either, nor one compressed (SVGZ, gzip) that decompresses to more than that: its gzip members are
inflated here in chunks, up to the bound and no further, before Qt (which inflates them whole) is given the file.
"""

from __future__ import annotations

import os
import stat
import zlib
from pathlib import Path

from PySide6.QtGui import QImageReader

from nodetype_studio import boundedio

#: The most pixels a picture may have to be decoded: 8192 × 8192 (a large camera photo has 24 to 50 megapixels).
MAX_PIXELS = 8192 * 8192
#: ``QImageReader.setAllocationLimit`` in MB: one picture of ``MAX_PIXELS`` in 32-bit colour.
ALLOCATION_LIMIT_MB = MAX_PIXELS * 4 // (1024 * 1024)
#: The largest drawing (SVG) read: Qt reads its XML whole, so it is bounded as the studio's text files are.
MAX_DRAWING_BYTES = boundedio.MAX_FILE_BYTES
_DRAWINGS = (b"svg", b"svgz")
_GZIP_MAGIC = b"\x1f\x8b"
_CHUNK = 64 * 1024


def limit_allocations() -> None:
    """Set the process-wide allocation limit of image decoding (idempotent)."""
    if QImageReader.allocationLimit() != ALLOCATION_LIMIT_MB:
        QImageReader.setAllocationLimit(ALLOCATION_LIMIT_MB)


def too_large(path: str | Path) -> str | None:
    """Why the picture at ``path`` is not decoded (a sentence naming the file and its declared size), or
    None when it may be: within the bound, or of a format that declares no size (the allocation limit
    then stops a bomb)."""
    limit_allocations()
    try:
        kind = os.stat(path).st_mode
    except OSError:
        return None  # nothing there: Qt reads nothing either
    if not stat.S_ISREG(kind):  # a pipe would block the reader, a device never end
        return f"\u201c{Path(path).name}\u201d is not shown: it is not a file (a pipe, a device or a folder)"
    reader = QImageReader(str(path))
    if reader.format() in _DRAWINGS or Path(path).suffix.lower() in (".svg", ".svgz"):
        try:
            length = os.stat(path).st_size
        except OSError:
            length = 0
        if length > MAX_DRAWING_BYTES:
            return (f"\u201c{Path(path).name}\u201d is not shown: it is {length / 1024 / 1024:.1f} MB of SVG, more than "
                    f"the {MAX_DRAWING_BYTES / 1024 / 1024:g} MB the studio reads")
        if _inflates_past_bound(path):  # (before ``reader.size()``: Qt inflates a compressed drawing whole)
            return (f"\u201c{Path(path).name}\u201d is not shown: it decompresses to more than the "
                    f"{MAX_DRAWING_BYTES / 1024 / 1024:g} MB of SVG the studio reads")
    size = reader.size()
    if not size.isValid() or size.width() * size.height() <= MAX_PIXELS:
        return None
    return (f"\u201c{Path(path).name}\u201d is not shown: it declares {size.width()} \u00d7 {size.height()} pixels, "
            f"more than the {MAX_PIXELS // 1_000_000} megapixels the studio decodes")


def _inflates_past_bound(path: str | Path) -> bool:
    """Whether the file is gzip data (a compressed drawing) that decompresses to more than ``MAX_DRAWING_BYTES``,
    every gzip member counted, as Qt reads them one after the other. Inflated in chunks: never more than the bound
    and one chunk is held. A file that cannot be read, or is not gzip, is left to Qt (it reads it as it is)."""
    try:
        with open(path, "rb") as stream:
            if stream.read(2) != _GZIP_MAGIC:
                return False
            stream.seek(0)
            inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
            total = 0
            while True:
                data = stream.read(_CHUNK)
                if not data:
                    return False
                while data:
                    total += len(inflater.decompress(data, _CHUNK))
                    if total > MAX_DRAWING_BYTES:
                        return True
                    if inflater.eof:  # the next member, if any, starts with what this one left
                        data = inflater.unused_data
                        if not data.startswith(_GZIP_MAGIC):
                            return False  # (Qt stops at what is not gzip too)
                        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
                    else:
                        data = inflater.unconsumed_tail
    except (OSError, zlib.error):
        return False
