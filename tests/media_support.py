"""Shared by the content, media and media-editor tests: a writable copy of the fixture site, pictures."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURE_SITE = Path(__file__).resolve().parent / "fixtures" / "media" / "Shop.Site"


def copy_site(tmp_path: Path) -> Path:
    target = tmp_path / "Shop.Site"
    shutil.copytree(FIXTURE_SITE, target)
    return target


def load_site(tmp_path: Path):
    from nodetype_studio.model import load_project

    return load_project(copy_site(tmp_path), use_cache=False)


def png_bytes(width: int, height: int) -> bytes:
    """A valid PNG of the given size, written without Qt (one grey row repeated, zlib-compressed)."""
    import struct
    import zlib

    raw = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_png(path: Path, width: int, height: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(width, height))
    return path


def padded_file(path: Path, size: int, head: bytes = b"") -> Path:
    """A file of exactly ``size`` bytes starting with ``head``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(head + b"\x00" * (size - len(head)))
    return path


def declared_png(path: Path, width: int = 50000, height: int = 50000) -> Path:
    """A PNG of a few dozen bytes whose header declares ``width`` × ``height`` pixels (a decompression bomb's
    header: decoded, 50000 × 50000 would take ten gigabytes); its data holds one row only."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
