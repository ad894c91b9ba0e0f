"""Thumbnails of assets: scaled (and cropped) while decoding, cached; file-type icons for the rest."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QIcon, QImage, QImageReader, QPainter, QPixmap

from nodetype_studio.ui import icons, imagebounds

CACHE_SIZE = 256
_cache: "OrderedDict[tuple, QImage | None]" = OrderedDict()

# media type prefix -> Font Awesome icon (first match wins)
FILE_ICONS = (
    ("application/pdf", "far fa-file-pdf"),
    ("image/", "far fa-file-image"),
    ("audio/", "far fa-file-audio"),
    ("video/", "far fa-file-video"),
    ("text/", "far fa-file-alt"),
    ("application/zip", "far fa-file-archive"),
    ("application/vnd.openxmlformats-officedocument.wordprocessingml", "far fa-file-word"),
    ("application/msword", "far fa-file-word"),
    ("application/vnd.openxmlformats-officedocument.spreadsheetml", "far fa-file-excel"),
    ("application/vnd.ms-excel", "far fa-file-excel"),
    ("", "far fa-file"),
)


def file_icon(media_type: str) -> QIcon:
    name = next(icon for prefix, icon in FILE_ICONS if media_type.startswith(prefix))
    return icons.icon(name)


def image(path, size: QSize, crop: tuple[int, int, int, int] | None = None) -> QImage | None:
    """The picture at ``path`` fitted into ``size`` (aspect kept), cropped first when ``crop`` is given."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        return None
    key = (str(path), mtime, size.width(), size.height(), crop)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    if imagebounds.too_large(path) is not None:  # (the callers say why: ``not_shown``)
        _remember(key, None)
        return None
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    full = reader.size()
    result: QImage | None = None
    if full.isValid() and full.width() > 0:
        area = QRect(*crop).intersected(QRect(0, 0, full.width(), full.height())) if crop else QRect(0, 0, full.width(), full.height())
        if area.isEmpty():
            area = QRect(0, 0, full.width(), full.height())
        fitted = area.size().scaled(size, Qt.KeepAspectRatio)
        if crop:
            reader.setClipRect(area)
        reader.setScaledSize(fitted.expandedTo(QSize(1, 1)))
        decoded = reader.read()
        result = decoded if not decoded.isNull() else None
    if result is None:  # formats without size support: decode fully, then crop and scale
        full_image = QImage(str(path))
        if not full_image.isNull():
            if crop:
                full_image = full_image.copy(QRect(*crop))
            result = full_image.scaled(size, Qt.KeepAspectRatio, Qt.SmoothTransformation)
    _remember(key, result)
    return result


def _remember(key: tuple, result: QImage | None) -> None:
    _cache[key] = result
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)


def not_shown(asset) -> str | None:
    """Why an image asset has no picture (it declares more pixels than the studio decodes), or None."""
    return imagebounds.too_large(asset.path) if asset is not None and asset.is_image else None


def asset_icon(asset, size: int = 48) -> QIcon:
    """A square thumbnail icon for images (the picture centred, so grid labels line up), a file-type
    icon otherwise (and for unreadable images)."""
    if asset.is_image:
        picture = image(asset.path, QSize(size, size))
        if picture is not None:
            canvas = QPixmap(size, size)
            canvas.fill(Qt.transparent)
            painter = QPainter(canvas)
            painter.drawImage((size - picture.width()) // 2, (size - picture.height()) // 2, picture)
            painter.end()
            return QIcon(canvas)
    return file_icon(asset.media_type)


def asset_pixmap(asset, size: QSize, crop: tuple[int, int, int, int] | None = None) -> QPixmap | None:
    if asset is None or not asset.is_image:
        return None
    picture = image(asset.path, size, crop)
    return QPixmap.fromImage(picture) if picture is not None else None
