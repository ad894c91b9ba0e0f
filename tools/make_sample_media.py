"""Draw the bundled sample media (resources/sample-media) with Qt; run once, commit the files.

    QT_QPA_PLATFORM=offscreen python3 tools/make_sample_media.py

Every file is drawn here (no third-party pictures); each stays well under 30 KB.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QRadialGradient,
)

OUT = Path(__file__).resolve().parents[1] / "nodetype_studio" / "resources" / "sample-media"


def _image(width: int, height: int) -> tuple[QImage, QPainter]:
    image = QImage(width, height, QImage.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    return image, painter


def harbour() -> None:
    """16:9 landscape: sky, sea, a sun and a few boats."""
    image, p = _image(480, 270)
    sky = QLinearGradient(0, 0, 0, 170)
    sky.setColorAt(0, QColor("#f7b267"))
    sky.setColorAt(1, QColor("#f4845f"))
    p.fillRect(0, 0, 480, 170, sky)
    p.setBrush(QColor("#fff3b0"))
    p.setPen(Qt.NoPen)
    p.drawEllipse(QPointF(360, 140), 42, 42)
    sea = QLinearGradient(0, 170, 0, 270)
    sea.setColorAt(0, QColor("#3d5a80"))
    sea.setColorAt(1, QColor("#293241"))
    p.fillRect(0, 170, 480, 100, sea)
    p.setPen(QPen(QColor("#98c1d9"), 2))
    for y in range(182, 270, 14):
        p.drawLine(40 + (y * 7) % 90, y, 120 + (y * 7) % 90, y)
    for x, scale in ((90, 1.0), (200, 0.7), (300, 0.5)):
        hull = QPainterPath()
        hull.moveTo(x - 30 * scale, 175)
        hull.lineTo(x + 30 * scale, 175)
        hull.lineTo(x + 20 * scale, 188)
        hull.lineTo(x - 20 * scale, 188)
        hull.closeSubpath()
        p.fillPath(hull, QColor("#1b1b1e"))
        sail = QPainterPath()
        sail.moveTo(x, 172)
        sail.lineTo(x, 172 - 55 * scale)
        sail.lineTo(x + 28 * scale, 172)
        sail.closeSubpath()
        p.fillPath(sail, QColor("#f1faee"))
    p.end()
    image.save(str(OUT / "harbour-at-dusk.jpg"), "JPEG", 72)


def tower() -> None:
    """2:3 portrait: a lighthouse against a night sky."""
    image, p = _image(240, 360)
    sky = QLinearGradient(0, 0, 0, 360)
    sky.setColorAt(0, QColor("#0b132b"))
    sky.setColorAt(1, QColor("#3a506b"))
    p.fillRect(0, 0, 240, 360, sky)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#fdfcdc"))
    for i in range(28):
        p.drawEllipse(QPointF((i * 53) % 240, (i * 97) % 200), 1.3, 1.3)
    body = QPainterPath()
    body.moveTo(100, 320)
    body.lineTo(140, 320)
    body.lineTo(130, 120)
    body.lineTo(110, 120)
    body.closeSubpath()
    p.fillPath(body, QColor("#e63946"))
    for y in (160, 220, 280):
        p.fillRect(QRectF(98, y, 44, 16), QColor("#f1faee"))
    glow = QRadialGradient(QPointF(120, 108), 90)
    glow.setColorAt(0, QColor(255, 240, 170, 200))
    glow.setColorAt(1, QColor(255, 240, 170, 0))
    p.setBrush(QBrush(glow))
    p.drawEllipse(QPointF(120, 108), 90, 90)
    p.fillRect(QRectF(106, 96, 28, 24), QColor("#ffd166"))
    p.fillRect(QRectF(0, 320, 240, 40), QColor("#1d3557"))
    p.end()
    image.save(str(OUT / "lighthouse-night.jpg"), "JPEG", 72)


def pattern() -> None:
    """1:1 square: a geometric tile."""
    image, p = _image(256, 256)
    p.fillRect(0, 0, 256, 256, QColor("#2a9d8f"))
    colours = ("#e9c46a", "#f4a261", "#e76f51", "#264653")
    for row in range(4):
        for col in range(4):
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(colours[(row + col) % 4]))
            if (row + col) % 2:
                p.drawEllipse(QRectF(col * 64 + 8, row * 64 + 8, 48, 48))
            else:
                p.drawRect(QRectF(col * 64 + 14, row * 64 + 14, 36, 36))
    p.end()
    image.save(str(OUT / "tile-pattern.png"), "PNG")


def dunes() -> None:
    """3:1 panorama: layered dunes."""
    image, p = _image(600, 200)
    sky = QLinearGradient(0, 0, 0, 200)
    sky.setColorAt(0, QColor("#caf0f8"))
    sky.setColorAt(1, QColor("#90e0ef"))
    p.fillRect(0, 0, 600, 200, sky)
    for index, colour in enumerate(("#e9c46a", "#f4a261", "#e76f51")):
        path = QPainterPath()
        base = 110 + index * 30
        path.moveTo(0, 200)
        for x in range(0, 601, 10):
            path.lineTo(x, base - 22 * math.sin((x + index * 90) / 70.0))
        path.lineTo(600, 200)
        path.closeSubpath()
        p.fillPath(path, QColor(colour))
    p.end()
    image.save(str(OUT / "dunes-panorama.png"), "PNG")


def svgs() -> None:
    (OUT / "studio-logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">\n'
        '  <rect width="200" height="100" rx="14" fill="#264653"/>\n'
        '  <circle cx="50" cy="50" r="28" fill="#e9c46a"/>\n'
        '  <path d="M95 70 L120 30 L145 70 Z" fill="#f4a261"/>\n'
        '  <rect x="150" y="32" width="30" height="38" fill="#2a9d8f"/>\n'
        '</svg>\n', encoding="utf-8")
    (OUT / "badge-star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\n'
        '  <circle cx="32" cy="32" r="30" fill="#1d3557"/>\n'
        '  <path d="M32 10 L38 26 L55 26 L41 36 L46 53 L32 43 L18 53 L23 36 L9 26 L26 26 Z" fill="#ffd166"/>\n'
        '</svg>\n', encoding="utf-8")


def pdf() -> None:
    writer = QPdfWriter(str(OUT / "price-list.pdf"))
    writer.setPageSize(QPageSize(QPageSize.A5))
    writer.setResolution(72)
    writer.setTitle("Price list (sample)")
    p = QPainter(writer)
    p.setFont(QFont("Sans", 18, QFont.Bold))
    p.drawText(QPointF(30, 50), "Acme studio — price list")
    p.setFont(QFont("Sans", 11))
    rows = (("Logo design", "from 900 EUR"), ("Website, 5 pages", "from 3,400 EUR"), ("Workshop, half day", "650 EUR"))
    for index, (item, price) in enumerate(rows):
        y = 100 + index * 26
        p.drawText(QPointF(30, y), item)
        p.drawText(QPointF(250, y), price)
    p.setPen(QPen(QColor("#2a9d8f"), 2))
    p.drawLine(30, 70, 380, 70)
    p.end()


def text() -> None:
    (OUT / "opening-hours.txt").write_text(
        "Acme studio - opening hours (sample document)\n\n"
        "Monday to Thursday   9:00 - 18:00\n"
        "Friday               9:00 - 15:00\n"
        "Open studio evening  first Wednesday of the month, 19:00\n", encoding="utf-8")


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    for make in (harbour, tower, pattern, dunes, svgs, pdf, text):
        make()
    for path in sorted(OUT.iterdir()):
        print(f"{path.stat().st_size:>7}  {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
