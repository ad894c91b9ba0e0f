"""Pictures a project names (help thumbnails, media assets, resource icons) are measured before they are decoded.

A PNG of a few hundred bytes may declare 50000 × 50000 pixels, ten gigabytes once decoded. The size a file
declares is read from its header first (``QImageReader.size()``); a picture of more than ``MAX_PIXELS`` is
not decoded, and the caller says so, with the file's name, where the picture would be. The allocation limit
of ``QImageReader`` is set explicitly too (not left to Qt's default), for the decoders that run without us:
a rich-text label's ``<img>``, a format that declares no size. A drawing (SVG) is read whole, as XML, whatever
size it declares: one larger than ``MAX_DRAWING_BYTES`` (the bound of every text file the studio reads) is
not read either.
"""

from __future__ import annotations

import os
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


def limit_allocations() -> None:
    """Set the process-wide allocation limit of image decoding (idempotent)."""
    if QImageReader.allocationLimit() != ALLOCATION_LIMIT_MB:
        QImageReader.setAllocationLimit(ALLOCATION_LIMIT_MB)


def too_large(path: str | Path) -> str | None:
    """Why the picture at ``path`` is not decoded (a sentence naming the file and its declared size), or
    None when it may be: within the bound, or of a format that declares no size (the allocation limit
    then stops a bomb)."""
    limit_allocations()
    reader = QImageReader(str(path))
    if reader.format() in _DRAWINGS or Path(path).suffix.lower() in (".svg", ".svgz"):
        try:
            length = os.stat(path).st_size
        except OSError:
            length = 0
        if length > MAX_DRAWING_BYTES:
            return (f"\u201c{Path(path).name}\u201d is not shown: it is {length / 1024 / 1024:.1f} MB of SVG, more than "
                    f"the {MAX_DRAWING_BYTES / 1024 / 1024:g} MB the studio reads")
    size = reader.size()
    if not size.isValid() or size.width() * size.height() <= MAX_PIXELS:
        return None
    return (f"\u201c{Path(path).name}\u201d is not shown: it declares {size.width()} \u00d7 {size.height()} pixels, "
            f"more than the {MAX_PIXELS // 1_000_000} megapixels the studio decodes")
