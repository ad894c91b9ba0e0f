"""Light and dark palettes: follow the system's colour scheme (Qt 6.5+) unless a setting forces one.

Qt's own scheme switching depends on the platform theme (a bare X11 session has none), so the
studio sets explicit Fusion palettes for both schemes and only asks Qt which one the system wants.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal

# QtGui's palette classes are imported where they are used: touching them makes PySide build their
# enum types, which would delay the first paint even when the system's light palette needs no change.

DARK_ICON = "#d6d6d6"  # Font Awesome glyphs on the dark palette
LIGHT_ICON = "#3f3f3f"  # and on the light one (the icons module's own default)

# role name -> colour (names, not enum members: PySide creates enum types on first use, which costs
# start-up time even when the light palette is the one wanted)
_DARK = {
    "Window": "#2b2d30", "WindowText": "#dfe1e5", "Base": "#1e1f22", "AlternateBase": "#26282b",
    "ToolTipBase": "#3c3f41", "ToolTipText": "#dfe1e5", "Text": "#dfe1e5", "Button": "#3a3d41",
    "ButtonText": "#dfe1e5", "BrightText": "#ff6b68", "Highlight": "#2f65ca", "HighlightedText": "#ffffff",
    "Link": "#589df6", "PlaceholderText": "#8c8f94", "Mid": "#45484d", "Dark": "#18191b", "Light": "#4e5157",
    "Midlight": "#43464b", "Shadow": "#0d0d0e",
}
_DARK_DISABLED = {"WindowText": "#7a7d82", "Text": "#7a7d82", "ButtonText": "#7a7d82"}


def dark_palette():
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(getattr(QPalette.ColorRole, role), QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(QPalette.Disabled, getattr(QPalette.ColorRole, role), QColor(colour))
    return palette


def system_scheme() -> str:
    """"dark" or "light" as the system reports it (light when it does not say)."""
    from PySide6.QtGui import QGuiApplication

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
        self._changed_palette = False  # the application still has the style's own (light) palette
        hints = app.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._system_changed)
        self.apply(setting)

    def apply(self, setting: str) -> None:
        self.setting = setting if setting in ("system", "light", "dark") else "system"
        dark = (system_scheme() if self.setting == "system" else self.setting) == "dark"
        if dark:
            self.app.setPalette(dark_palette())
            self._changed_palette = True
        elif self._changed_palette:
            self.app.setPalette(self.app.style().standardPalette())
            self._changed_palette = False
        self.is_dark = dark
        self.changed.emit(dark)

    def _system_changed(self, _scheme) -> None:
        if self.setting == "system":
            self.apply("system")


def is_dark(palette=None) -> bool:
    from PySide6.QtGui import QGuiApplication, QPalette

    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.Window).lightness() < 128


def set_scheme(window, scheme: str) -> None:
    """Remember the user's colour scheme and apply it to the window's theme."""
    window.settings.set("colorScheme", scheme)
    theme = getattr(window, "theme", None)
    if theme is not None:
        theme.apply(scheme)
