"""Font Awesome names as node types write them (``icon-file``, ``fas fa-image``, ``globe``) -> QIcons.

Legacy ``icon-<name>`` values are Font Awesome 3 names; the CMS maps them to Font Awesome 5. The names
that changed are a small data table here; everything else is looked up as is in qtawesome's FA5 solid,
regular and brand sets (and FA6 for newer names). ``resource://Vendor.Package/Path`` points into a
package's ``Resources/Public`` folder. Anything unknown gets a neutral fallback icon, never an error.

The glyphs are drawn here from the Font Awesome fonts and charmaps that the qtawesome package ships,
as qtawesome draws them (glyph 7/8 of the icon's height, centred), without importing qtawesome: its
import (qtpy's ``import *`` of QtCore, QtGui, QtWidgets and QtOpenGL, which makes every Qt type) and its
loading of all thirteen fonts cost about 0.1 s on the way to the first preview. A font is loaded when
its first glyph is drawn.
"""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from typing import Mapping

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QGuiApplication, QIcon, QPainter, QPixmap

from nodetype_studio.ui import imagebounds

FALLBACK = "fa5s.cube"
ICON_COLOR = "#3f3f3f"

# Font Awesome 3/4 names (as in `icon-<name>`) that have another name in Font Awesome 5, with the set
# that holds the FA5 glyph (s = solid, r = regular, b = brands).
FA3_TO_FA5: Mapping[str, tuple[str, str]] = {
    "file-text": ("file-alt", "s"), "file-text-o": ("file-alt", "r"), "file-o": ("file", "r"),
    "files-o": ("copy", "r"), "picture": ("image", "s"), "picture-o": ("image", "r"),
    "pencil": ("pencil-alt", "s"), "pencil-square-o": ("edit", "r"), "pencil-square": ("pen-square", "s"),
    "gear": ("cog", "s"), "gears": ("cogs", "s"), "exchange": ("exchange-alt", "s"),
    "eye-open": ("eye", "s"), "eye-close": ("eye-slash", "s"), "reorder": ("bars", "s"),
    "sort-numeric-asc": ("sort-numeric-down", "s"), "sort-numeric-desc": ("sort-numeric-up", "s"),
    "sort-alpha-asc": ("sort-alpha-down", "s"), "sort-alpha-desc": ("sort-alpha-up", "s"),
    "square-o": ("square", "r"), "check-empty": ("square", "r"), "check-square-o": ("check-square", "r"),
    "check": ("check-square", "r"), "envelope-alt": ("envelope", "r"), "envelope-o": ("envelope", "r"),
    "ellipsis-horizontal": ("ellipsis-h", "s"), "ellipsis-vertical": ("ellipsis-v", "s"),
    "arrows-v": ("arrows-alt-v", "s"), "arrows-h": ("arrows-alt-h", "s"), "move": ("arrows-alt", "s"),
    "resize-vertical": ("arrows-alt-v", "s"), "resize-horizontal": ("arrows-alt-h", "s"),
    "header": ("heading", "s"), "calendar": ("calendar-alt", "s"), "calendar-empty": ("calendar", "r"),
    "sliders": ("sliders-h", "s"), "newspaper-o": ("newspaper", "r"), "external-link": ("external-link-alt", "s"),
    "signin": ("sign-in-alt", "s"), "signout": ("sign-out-alt", "s"), "time": ("clock", "r"),
    "bar-chart": ("chart-bar", "r"), "money": ("money-bill-alt", "r"), "map-marker": ("map-marker-alt", "s"),
    "remove": ("times", "s"), "ok": ("check", "s"), "trash": ("trash-alt", "s"), "level-down": ("level-down-alt", "s"),
    "level-up": ("level-up-alt", "s"), "circle-blank": ("circle", "r"), "comment-alt": ("comment", "r"),
    "comments-alt": ("comments", "r"), "facebook-sign": ("facebook-square", "b"), "twitter-sign": ("twitter-square", "b"),
    "linkedin-sign": ("linkedin", "b"), "github-sign": ("github-square", "b"), "youtube-play": ("youtube", "b"),
    "play-circle": ("play-circle", "s"), "film": ("film", "s"), "tablet": ("tablet-alt", "s"),
    "mobile-phone": ("mobile-alt", "s"), "share-alt": ("share-alt", "s"), "file-image-o": ("file-image", "r"),
    "file-pdf-o": ("file-pdf", "r"), "paper-clip": ("paperclip", "s"), "tasks": ("tasks", "s"),
    "th-list": ("th-list", "s"), "quote-left": ("quote-left", "s"), "cut": ("cut", "s"),
    "info-sign": ("info-circle", "s"), "question-sign": ("question-circle", "s"), "warning-sign": ("exclamation-triangle", "s"),
    "picture-alt": ("image", "r"), "globe": ("globe", "s"), "user-md": ("user-md", "s"),
    "collapse": ("caret-square-up", "r"), "expand": ("caret-square-down", "r"), "double-angle-right": ("angle-double-right", "s"),
    "double-angle-left": ("angle-double-left", "s"), "facetime-video": ("video", "s"), "file-text-alt": ("file-alt", "r"),
    "folder-open-alt": ("folder-open", "r"), "folder-close-alt": ("folder", "r"), "folder-close": ("folder", "s"),
    "fullscreen": ("expand-arrows-alt", "s"), "indent-right": ("indent", "s"), "indent-left": ("outdent", "s"),
    "remove-sign": ("times-circle", "s"), "ok-sign": ("check-circle", "s"), "rss-sign": ("rss-square", "s"),
    "send": ("paper-plane", "s"), "sign-blank": ("square", "s"), "sign-out": ("sign-out-alt", "s"),
    "sort-amount-asc": ("sort-amount-down", "s"), "sort-amount-desc": ("sort-amount-up", "s"),
    "star-half-empty": ("star-half-alt", "s"), "star-empty": ("star", "r"), "heart-empty": ("heart", "r"),
    "group": ("users", "s"), "user-alt": ("user", "s"), "camera-retro": ("camera-retro", "s"),
}
_STYLE_PREFIX = {"s": "fa5s", "r": "fa5", "b": "fa5b"}
_CLASS_STYLES = {
    "fas": "s", "fa-solid": "s", "fa": "s", "far": "r", "fa-regular": "r", "fab": "b", "fa-brands": "b",
}

_MODIFIERS = {"fa-fw", "fa-lg", "fa-xs", "fa-sm", "fa-2x", "fa-3x", "fa-4x", "fa-5x", "fa-spin", "fa-pulse", "fa-inverse"}

_cache: dict[tuple, QIcon] = {}


PIXMAP_SIZES = (16, 20, 24, 32)




# qtawesome's prefixes -> the file name stems of its fonts (``<stem>-<version>.ttf``, ``<stem>-charmap-<version>.json``)
FONT_FILES = {
    "fa5": "fontawesome5-regular-webfont", "fa5s": "fontawesome5-solid-webfont", "fa5b": "fontawesome5-brands-webfont",
    "fa6": "fontawesome6-regular-webfont", "fa6s": "fontawesome6-solid-webfont", "fa6b": "fontawesome6-brands-webfont",
}
_charmaps: dict[str, dict[str, str]] = {}  # prefix -> glyph name -> code point (hex), read when first asked
_families: dict[str, str | None] = {}  # prefix -> the loaded font's family (None: the font cannot be loaded)


def fonts_folder() -> Path | None:
    """qtawesome's ``fonts`` folder (found without importing qtawesome), or None."""
    spec = find_spec("qtawesome")
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(locations[0]) / "fonts" if locations else None


def _font_file(prefix: str, kind: str) -> Path | None:
    folder = fonts_folder()
    stem = FONT_FILES.get(prefix)
    if folder is None or stem is None:
        return None
    pattern = f"{stem}-charmap-*.json" if kind == "charmap" else f"{stem}-[0-9]*.ttf"
    found = sorted(folder.glob(pattern))
    return found[-1] if found else None


def _charmap(prefix: str) -> dict[str, str]:
    if prefix not in _charmaps:
        path = _font_file(prefix, "charmap")
        try:
            loaded = json.loads(path.read_text(encoding="utf-8")) if path is not None else {}
        except (OSError, ValueError):
            loaded = {}
        _charmaps[prefix] = loaded if isinstance(loaded, dict) else {}
    return _charmaps[prefix]


def _family(prefix: str) -> str | None:
    if prefix not in _families:
        path = _font_file(prefix, "ttf")
        font_id = QFontDatabase.addApplicationFont(str(path)) if path is not None else -1
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id != -1 else []
        _families[prefix] = families[0] if families else None
    return _families[prefix]


def glyph(name: str, color) -> QIcon | None:
    """The Font Awesome glyph ``name`` in qtawesome's spelling (``fa5s.cube``) drawn in ``color``, as
    pixmaps (drawn once: a pixmap icon only blits when painted); None when the set has no such glyph or its font cannot be loaded."""
    prefix, _, glyph_name = name.partition(".")
    code = _charmap(prefix).get(glyph_name)
    if not isinstance(code, str):
        return None
    try:
        char = chr(int(code, 16))
    except ValueError:
        return None
    family = _family(prefix)
    if family is None:
        return None
    app = QGuiApplication.instance()
    ratio = app.devicePixelRatio() if app is not None else 1.0
    result = QIcon()
    for size in PIXMAP_SIZES:
        # as QIcon.pixmap asks qtawesome's engine: device pixels, then the device pixel ratio
        side = round(size * ratio)
        pixmap = QPixmap(side, side)
        pixmap.fill(Qt.transparent)
        painter = QPainter(pixmap)
        painter.setPen(QColor(color))
        font = QFont()
        font.setFamily(family)
        font.setPixelSize(round(0.875 * side))
        if prefix.endswith("s"):
            font.setStyleName("Solid")  # the solid and regular sets share one family
        painter.setFont(font)
        painter.drawText(QRect(0, 0, side, side), int(Qt.AlignCenter | Qt.AlignVCenter), char)
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        result.addPixmap(pixmap)
    return result


def _try(font_set: str, name: str) -> QIcon | None:
    return glyph(f"{font_set}.{name}", ICON_COLOR)


def _fa_icon(name: str, style: str | None, legacy: bool) -> QIcon | None:
    candidates: list[tuple[str, str]] = []
    if legacy and name in FA3_TO_FA5:
        candidates.append((_STYLE_PREFIX[FA3_TO_FA5[name][1]], FA3_TO_FA5[name][0]))
    if style:
        candidates.append((_STYLE_PREFIX[style], name))
    if name.endswith("-o"):  # FA4 outline variants live in the regular set
        candidates.append(("fa5", name[:-2]))
    if not legacy and name in FA3_TO_FA5:
        candidates.append((_STYLE_PREFIX[FA3_TO_FA5[name][1]], FA3_TO_FA5[name][0]))
    candidates += [("fa5s", name), ("fa5", name), ("fa5b", name), ("fa6s", name), ("fa6b", name)]
    for font_set, glyph in candidates:
        icon = _try(font_set, glyph)
        if icon is not None:
            return icon
    return None


def _resource_icon(value: str, packages: Mapping[str, Path]) -> QIcon | None:
    from nodetype_studio.preview.inspector import resource_file  # (loaded with the first inspector anyway)

    path = resource_file(value, packages)
    if path is None or imagebounds.too_large(path) is not None:
        return None
    icon = QIcon(str(path))
    return None if icon.isNull() else icon


def parse_icon_name(value: str) -> tuple[str | None, str | None, bool]:
    """``(fa name, style letter, legacy)`` for a Font Awesome value; (None, None, False) if none."""
    style: str | None = None
    name: str | None = None
    legacy = False
    for token in value.split():
        if token in _CLASS_STYLES:
            style = _CLASS_STYLES[token] if token != "fa" else style
        elif token.startswith("icon-"):
            name, legacy = token[len("icon-"):], True
        elif token.startswith("fa-"):
            if token not in _MODIFIERS:
                name = token[len("fa-"):]
        elif name is None:
            name = token
    return name, style, legacy


_NULL = QIcon()


def icon(value, packages: Mapping[str, Path] | None = None, *, fallback: bool = True) -> QIcon:
    """The icon for a node type icon value; a neutral fallback for unknown values.

    An empty value gives the fallback too, unless ``fallback`` is False (then a null icon: no icon).
    """
    if not fallback and not (isinstance(value, str) and value.strip()):
        return _NULL
    key = (value, tuple(sorted((packages or {}).items())) if isinstance(value, str) and value.startswith("resource://") else ())
    cached = _cache.get(key)
    if cached is not None:
        return cached
    found = None
    if isinstance(value, str) and value.strip():
        text = value.strip()
        if text.startswith("resource://"):
            found = _resource_icon(text, packages or {})
        else:
            name, style, legacy = parse_icon_name(text.lower())
            if name:
                found = _fa_icon(name, style, legacy)
    result = found or _fallback_icon()
    _cache[key] = result
    return result


def is_known(value, packages: Mapping[str, Path] | None = None) -> bool:
    """Whether ``value`` names a real icon (not the fallback)."""
    return icon(value, packages) is not _fallback_icon()


def _fallback_icon() -> QIcon:
    key = ("<fallback>", ())
    if key not in _cache:
        _cache[key] = glyph(FALLBACK, "#9a9a9a") or _blank()
    return _cache[key]


def _blank() -> QIcon:
    """A transparent icon (not a null one): the fallback when even Font Awesome cannot be loaded."""
    pixmap = QPixmap(PIXMAP_SIZES[0], PIXMAP_SIZES[0])
    pixmap.fill(Qt.transparent)
    return QIcon(pixmap)


def badge_icon(base: QIcon, count: int, size: int = 20) -> QIcon:
    """``base`` with a red count badge in its top-right corner (no badge for 0)."""
    pixmap = base.pixmap(QSize(size, size))
    if count <= 0:
        return QIcon(pixmap)
    canvas = QPixmap(size + 10, size + 4)
    canvas.fill(Qt.transparent)
    painter = QPainter(canvas)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.drawPixmap(0, 4, pixmap)
    text = str(count) if count < 100 else "99+"
    radius = 7.0
    centre = QPointF(size + 10 - radius - 0.5, radius + 0.5)
    painter.setBrush(QColor("#ff460d"))
    painter.setPen(Qt.NoPen)
    painter.drawEllipse(centre, radius, radius)
    font = QFont(painter.font())
    font.setPixelSize(10)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius), Qt.AlignCenter, text)
    painter.end()
    return QIcon(canvas)


def set_color(colour: str) -> None:
    """Draw Font Awesome icons in ``colour`` from now on (the studio's dark scheme); empties the cache."""
    global ICON_COLOR
    if colour != ICON_COLOR:
        ICON_COLOR = colour
        _cache.clear()
