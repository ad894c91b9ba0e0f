"""Small look-and-feel helpers that use palettes and fonts, not style sheets.

Style sheets switch Qt to a much slower styling path for the widget and its children; an inspector
with a hundred fields must not pay that, so colours and emphasis go through the palette.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyledItemDelegate, QWidget

ERROR = "#d7263d"
NOTE = "#8a6d3b"
MUTED = "#777777"


def _luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


_legible: dict[tuple[str, int], QColor] = {}


def _contrast(one: QColor, other: QColor) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _towards_contrast(colour: str, background: QColor) -> QColor:
    """``colour`` made lighter on a dark ``background``, darker on a light one (same hue), until it has
    the contrast of body text (4.5:1); unchanged when it has that already."""
    found = QColor(colour)
    step = 8 if background.lightness() < 128 else -8
    hue, saturation, lightness, _alpha = found.getHsl()
    while _contrast(found, background) < 4.5 and 0 < lightness < 255:
        lightness = max(0, min(255, lightness + step))
        found = QColor.fromHsl(hue, saturation, lightness)
    return found


def legible(colour: str, background: QColor) -> QColor:
    """``colour`` with the contrast of body text (4.5:1) on ``background`` in either scheme: lightened on
    a dark background, darkened on a light one. For colours that are all a text says (a severity, a
    layer name), where the light scheme's amber and grey on white (about 3:1) are as hard to read."""
    key = (colour, background.rgb())
    found = _legible.get(key)
    if found is None:
        found = _legible[key] = _towards_contrast(colour, background)
    return found


class LegibleForeground(QStyledItemDelegate):
    """Draws an item's own text colour (its foreground, a colour chosen for the light scheme) as
    ``legible`` on the view's base: worked out when painting, so it reads in both schemes and follows a
    switch between them. Items without a foreground keep the palette's text colour."""

    def initStyleOption(self, option, index) -> None:  # noqa: N802 (Qt override)
        super().initStyleOption(option, index)
        foreground = index.data(Qt.ItemDataRole.ForegroundRole)
        if foreground is None:
            return
        colour = foreground.color() if isinstance(foreground, QBrush) else QColor(foreground)
        option.palette.setColor(QPalette.ColorRole.Text, legible(colour.name(), option.palette.color(QPalette.ColorRole.Base)))


def legible_foregrounds(view: QAbstractItemView) -> QAbstractItemView:
    """Give ``view`` the ``LegibleForeground`` delegate."""
    view.setItemDelegate(LegibleForeground(view))
    return view


_TINT = "tintColour"  # the colour a widget was tinted with


class _Retint(QObject):
    """Tints a tinted widget again when its palette changes (a new scheme): its own text colour would
    otherwise stay as worked out against the background of the scheme before."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.PaletteChange:
            colour = watched.property(_TINT)
            if colour:
                palette = watched.palette()
                if palette.color(QPalette.WindowText) != legible(colour, palette.color(QPalette.Window)):
                    tint(watched, colour)  # (our own change, heard back, stops here)
        return False


_retint: _Retint | None = None


def tint(widget: QWidget, colour: str) -> QWidget:
    """Draw ``widget``'s text in ``colour``, made legible on its background in the current scheme (lighter
    on a dark one, darker where the light one's window grey would leave it under 4.5:1), and kept so when
    the scheme changes."""
    global _retint
    palette = widget.palette()
    shown = legible(colour, palette.color(QPalette.Window))
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        palette.setColor(role, shown)
    if widget.property(_TINT) is None:
        if _retint is None:
            _retint = _Retint()
        widget.installEventFilter(_retint)
    widget.setProperty(_TINT, colour)
    widget.setPalette(palette)
    return widget


def untint(widget: QWidget) -> QWidget:
    """Back to the inherited text colour."""
    widget.setProperty(_TINT, None)
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


def tinted_base(palette: QPalette, share: float = 0.08) -> str:
    """The palette's base colour with a touch of its highlight: a panel background that stays dark in the
    dark scheme, so the palette's text colour reads on it in both schemes."""
    base, accent = palette.color(QPalette.Base), palette.color(QPalette.Highlight)
    mixed = QColor.fromRgbF(*(b + (a - b) * share for b, a in zip(base.getRgbF()[:3], accent.getRgbF()[:3])))
    return mixed.name()


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


class _CheckBoxOutline(QObject):
    """Keeps an item view's check boxes outlined visibly as the palette changes (a child widget hears of a
    new application palette as a change of its own palette)."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            _outline(watched)
        return False


def _outline(view: QAbstractItemView) -> None:
    app_palette = QApplication.palette()
    own = view.testAttribute(Qt.WidgetAttribute.WA_SetPalette)
    if app_palette.color(QPalette.ColorRole.Window).lightness() >= 128:
        if own:
            view.setPalette(QPalette())  # a light palette: the style's outline shows; inherit all again
        return
    wanted = app_palette.color(QPalette.ColorRole.PlaceholderText).lighter(150)
    if own and view.palette().color(QPalette.ColorRole.Window) == wanted:
        return  # (our own change, heard back)
    palette = QPalette()  # only the window colour is the view's own: every other role still follows
    palette.setColor(QPalette.ColorRole.Window, wanted)
    view.setPalette(palette)


def outline_check_boxes(view: QAbstractItemView) -> QAbstractItemView:
    """Fusion draws an item's check box filled with the base colour and outlined with the window colour
    made darker: on a dark palette the box vanishes into the view's dark base. There, a light window colour
    for the view alone gives its boxes a visible grey outline; on a light palette nothing changes. Kept up
    to date when the scheme changes."""
    _outline(view)
    view.installEventFilter(_CheckBoxOutline(view))
    return view
