"""Small look-and-feel helpers that use palettes and fonts, not style sheets.

Style sheets switch Qt to a much slower styling path for the widget and its children; an inspector
with a hundred fields must not pay that, so colours and emphasis go through the palette.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QWidget

ERROR = "#d7263d"
NOTE = "#8a6d3b"
MUTED = "#777777"


def tint(widget: QWidget, colour: str) -> QWidget:
    """Draw ``widget``'s text in ``colour``."""
    palette = widget.palette()
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        palette.setColor(role, QColor(colour))
    widget.setPalette(palette)
    return widget


def untint(widget: QWidget) -> QWidget:
    """Back to the inherited text colour."""
    widget.setPalette(QPalette())
    return widget


def emphasise(widget: QWidget, *, bold: bool = False, italic: bool = False) -> QWidget:
    font = QFont(widget.font())
    font.setBold(bold)
    font.setItalic(italic)
    widget.setFont(font)
    return widget


def panel(widget: QWidget, background: str) -> QWidget:
    """A filled background (for help panels and headers)."""
    palette = widget.palette()
    palette.setColor(QPalette.Window, QColor(background))
    widget.setPalette(palette)
    widget.setAutoFillBackground(True)
    return widget


_bold_fonts: dict[str, QFont] = {}


def bold_font(base: QFont) -> QFont:
    """A bold copy of ``base``, shared by every widget that asks for it (one copy per widget would
    cost a font copy and resolution each)."""
    key = base.key()
    font = _bold_fonts.get(key)
    if font is None:
        font = QFont(base)
        font.setBold(True)
        _bold_fonts[key] = font
    return font
