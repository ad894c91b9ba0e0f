"""Application icons from the one SVG: hicolor PNGs, a Windows .ico and a macOS .icns.

``python -m ntsbuild.icons SVG OUTDIR`` renders with Qt's SVG renderer (offscreen, no display
needed) and writes ``OUTDIR/png/<size>.png``, ``OUTDIR/nodetype-studio.ico`` and
``OUTDIR/nodetype-studio.icns``. Both container formats hold PNG images, which every supported
Windows and macOS version reads, so no image library beyond Qt is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

HICOLOR_SIZES = [16, 22, 24, 32, 48, 64, 128, 256, 512]
ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
# ICNS element types holding PNG data, by pixel size (the @2x variants reuse the larger renders).
ICNS_TYPES = [
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
]


_KEEP_ALIVE: list = []


def render_pngs(svg: Path, sizes: list[int]) -> dict[int, bytes]:
    """PNG bytes of ``svg`` rendered at each size (transparent background, anti-aliased)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    from PySide6.QtWidgets import QApplication

    # A full QApplication (not a QGuiApplication): when this runs inside a process that later
    # builds widgets (the test session), a GUI-only application would make them abort.
    _app = QApplication.instance() or QApplication(["icons"])
    _KEEP_ALIVE.append(_app)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG image")
    out: dict[int, bytes] = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format_ARGB32)
        image.fill(Qt.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.WriteOnly)
        image.save(buffer, "PNG")
        buffer.close()
        out[size] = bytes(data.data())
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A .ico file whose images are the given PNGs (ICONDIR + ICONDIRENTRY per image)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A .icns file: 'icns' + total length, then (type, length, PNG data) elements."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build_icons(svg: Path, outdir: Path) -> dict[str, Path]:
    sizes = sorted(set(HICOLOR_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = render_pngs(svg, sizes)
    png_dir = outdir / "png"
    png_dir.mkdir(parents=True, exist_ok=True)
    for size in HICOLOR_SIZES:
        (png_dir / f"{size}.png").write_bytes(pngs[size])
    ico = outdir / "nodetype-studio.ico"
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    icns = outdir / "nodetype-studio.icns"
    icns.write_bytes(icns_bytes(pngs))
    return {"png": png_dir, "ico": ico, "icns": icns}


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python -m ntsbuild.icons SVG OUTDIR")
    for kind, path in build_icons(Path(sys.argv[1]), Path(sys.argv[2])).items():
        print(f"{kind}: {path}")
