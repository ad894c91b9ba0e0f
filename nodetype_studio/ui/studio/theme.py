"""Light and dark palettes: follow the system's colour scheme (Qt 6.5+) unless a setting forces one.

Qt's own scheme switching depends on the platform theme (a bare X11 session has none), so the
studio sets explicit Fusion palettes for both schemes and only asks Qt which one the system wants.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap

DARK_ICON = "#d6d6d6"

_DARK = {
    QPalette.Window: "#2b2d30", QPalette.WindowText: "#dfe1e5", QPalette.Base: "#1e1f22",
    QPalette.AlternateBase: "#26282b", QPalette.ToolTipBase: "#3c3f41", QPalette.ToolTipText: "#dfe1e5",
    QPalette.Text: "#dfe1e5", QPalette.Button: "#3a3d41", QPalette.ButtonText: "#dfe1e5",
    QPalette.BrightText: "#ff6b68", QPalette.Highlight: "#2f65ca", QPalette.HighlightedText: "#ffffff",
    QPalette.Link: "#589df6", QPalette.PlaceholderText: "#8c8f94", QPalette.Mid: "#45484d",
    QPalette.Dark: "#18191b", QPalette.Light: "#4e5157", QPalette.Midlight: "#43464b", QPalette.Shadow: "#0d0d0e",
}
_DARK_DISABLED = {QPalette.WindowText: "#7a7d82", QPalette.Text: "#7a7d82", QPalette.ButtonText: "#7a7d82"}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(QPalette.Disabled, role, QColor(colour))
    return palette


def system_scheme() -> str:
    """"dark" or "light" as the system reports it (light when it does not say)."""
    app = QGuiApplication.instance()
    hints = app.styleHints() if app is not None else None
    scheme = hints.colorScheme() if hints is not None and hasattr(hints, "colorScheme") else None
    return "dark" if scheme == Qt.ColorScheme.Dark else "light"


class Theme(QObject):
    """Applies the chosen scheme to the application; ``changed(is_dark)`` after every switch."""

    changed = Signal(bool)

    def __init__(self, app, setting: str = "system"):
        super().__init__(app)
        self.app = app
        self.setting = setting
        self.is_dark = False
        self._light = app.style().standardPalette()
        hints = app.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._system_changed)
        self.apply(setting)

    def apply(self, setting: str) -> None:
        self.setting = setting if setting in ("system", "light", "dark") else "system"
        dark = (system_scheme() if self.setting == "system" else self.setting) == "dark"
        self.app.setPalette(dark_palette() if dark else self._light)
        self.is_dark = dark
        self.changed.emit(dark)

    def _system_changed(self, _scheme) -> None:
        if self.setting == "system":
            self.apply("system")


def is_dark(palette: QPalette | None = None) -> bool:
    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.Window).lightness() < 128


def tinted(icon: QIcon, colour: str, sizes=(16, 20, 24, 32)) -> QIcon:
    """``icon`` recoloured (its shape kept): dark glyphs stay visible on a dark background."""
    result = QIcon()
    for size in sizes:
        for scale in (1, 2):
            source = icon.pixmap(size * scale, size * scale)
            if source.isNull():
                continue
            pixmap = QPixmap(source.size())
            pixmap.fill(Qt.transparent)
            painter = QPainter(pixmap)
            painter.drawPixmap(0, 0, source)
            painter.setCompositionMode(QPainter.CompositionMode_SourceIn)
            painter.fillRect(pixmap.rect(), QColor(colour))
            painter.end()
            pixmap.setDevicePixelRatio(scale)
            result.addPixmap(pixmap)
    return result
