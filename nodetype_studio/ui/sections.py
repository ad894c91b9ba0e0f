"""Pieces of the inspector page: foldable group sections, their headers, and help rows."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.preview.inspector import GroupView, ItemView
from nodetype_studio.ui import icons, style

WRAP_FROM = 40  # characters: shorter labels stay on one line (wrapping costs layout work)
# Set on every property label: one policy object (two enum arguments cost PySide two enum conversions
# per call). Like setSizePolicy(horizontal, vertical), it has the default control type.
LABEL_POLICY = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
# Looked up once for every header paint.
_MIDLIGHT, _WINDOW_TEXT, _HIGHLIGHT = QPalette.ColorRole.Midlight, QPalette.ColorRole.WindowText, QPalette.ColorRole.Highlight
_LEFT = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
_RIGHT = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
_ELIDE_RIGHT, _ELIDE_MIDDLE = Qt.TextElideMode.ElideRight, Qt.TextElideMode.ElideMiddle


def fit_label(label: QLabel, text: str) -> None:
    """Never let a label widen the inspector: long labels with spaces wrap, others are clipped
    (the full text is in the tooltip)."""
    label.setSizePolicy(LABEL_POLICY)
    if len(text) > WRAP_FROM:
        label.setToolTip(text)
        if " " in text:
            label.setWordWrap(True)


class ElidedLabel(QLabel):
    """A one-line label that never widens its parent: text that does not fit is painted elided in the
    middle, so both ends stay readable (``Acme.Site:NodeTypes.Page:properties.title`` keeps its package
    and its property). ``text()`` and the tooltip keep the full text."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # (as make_label: a label is text, never markup)
        self.setSizePolicy(LABEL_POLICY)

    def shown_text(self) -> str:
        """The text as painted at the label's current width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle, self.contentsRect().width())

    def paintEvent(self, event) -> None:
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()), self.palette(), self.isEnabled(),
                                  shown, self.foregroundRole())


def elide_mode(text: str) -> Qt.TextElideMode:
    """Words are cut at the end; a translation id (no spaces) in the middle, so its own name stays."""
    return _ELIDE_RIGHT if " " in text else _ELIDE_MIDDLE


class WheelWithFocus:
    """Mixed into the inspector's value fields that Qt lets the wheel change without focus (combo boxes,
    sliders, spin boxes): in the CMS those are a React drop-down, a browser range input, a number input, and
    the wheel over them scrolls the inspector. Here too the wheel goes on to the scroll area unless the
    field has focus (and the wheel does not give it focus). A method of the class, not an event filter per
    widget: only wheel events reach Python."""

    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if self.hasFocus():  # type: ignore[attr-defined]
            super().wheelEvent(event)  # type: ignore[misc]
        else:
            event.ignore()  # not accepted: Qt hands it to the parent, up to the scroll area


def wheel_with_focus(widget: QWidget) -> QWidget:
    """The focus policy ``WheelWithFocus`` needs: a click or Tab focuses the field, the wheel does not."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return widget


class ElidedComboBox(WheelWithFocus, QComboBox):
    """A combo box whose current text, when it does not fit, is elided (``elide_mode``) instead of cut off:
    choices labelled by translation ids differ only at their ends. ``shown_text()`` is what is painted.
    The wheel changes it only when it has focus (``WheelWithFocus``)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        wheel_with_focus(self)

    def shown_text(self) -> str:
        return self._elided(self._option())

    def _option(self) -> QStyleOptionComboBox:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        if self.currentIndex() < 0 and self.placeholderText():  # as QComboBox.paintEvent shows it
            option.palette.setBrush(QPalette.ColorRole.ButtonText, option.palette.placeholderText())
            option.currentText = self.placeholderText()
        return option

    def _elided(self, option: QStyleOptionComboBox) -> str:
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        width = field.width() - 2
        if not option.currentIcon.isNull():
            width -= option.iconSize.width() + 4
        text = option.currentText
        return self.fontMetrics().elidedText(text, elide_mode(text), max(0, width))

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt override)
        painter = QStylePainter(self)
        option = self._option()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._elided(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


def make_label(text: str, parent: QWidget) -> QLabel:
    """A property label: short ones are plain labels, long ones with spaces wrap, long ones without
    (translation ids) are elided in the middle; long ones carry the full text as tooltip."""
    label = ElidedLabel(text, parent) if len(text) > WRAP_FROM and " " not in text else QLabel(text, parent)
    # the UI puts a label (or its translation) into the page as text: `<b>` in it shows as written
    label.setTextFormat(Qt.TextFormat.PlainText)
    fit_label(label, text)
    return label


def view_note(item: ItemView) -> str:
    """The note standing in for an inspector view. A view without a label has an empty one in the CMS
    (neos-ui ViewEnvelope renders it through I18n): the note then names the view's id as such, not in the
    label's place."""
    view = item.view or "(none)"
    return f"{item.label}: inspector view {view}" if item.label else f"Inspector view {view} (\u201c{item.name}\u201d, no label)"


class GroupHeader(QWidget):
    """The clickable bar of a group: icon, bold label and a fold arrow, painted in one widget.

    ``body`` (set by the section) is shown or hidden directly when the header is toggled, before
    ``toggled`` is emitted (a plain call is cheaper than one more signal connection per group).
    """

    toggled = Signal(bool)

    def __init__(self, text: str, icon, expanded: bool, parent: QWidget | None = None):
        super().__init__(parent)
        self.text = text
        self.icon = icon
        self.expanded = expanded
        self.body: QWidget | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(text)
        self.setFont(style.bold_font(self.font()))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(120, self.fontMetrics().height() + 12)

    def set_label(self, label: str, group_id: str) -> None:
        """Show the group's (translated) label. The CMS renders it through its I18n component, which shows
        nothing for a missing, null or empty label (neos-ui Inspector/PropertyGroup/index.js): the header is
        then the icon alone, and only the tooltip names the group."""
        self.text = label
        self.setAccessibleName(label or group_id)
        self.setToolTip("" if label else f"Group \u201c{group_id}\u201d has no label: the CMS shows its header "
                                         "without text")
        self.update()

    def toggle(self) -> None:
        self.expanded = not self.expanded
        self.update()
        if self.body is not None:
            self.body.setVisible(self.expanded)
        self.toggled.emit(self.expanded)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.button() == Qt.MouseButton.LeftButton:
            self.toggle()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key_Space, Qt.Key_Return, Qt.Key_Enter):
            self.toggle()
        else:
            super().keyPressEvent(event)

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        rect = self.rect()
        palette = self.palette()
        metrics = self.fontMetrics()
        painter.fillRect(rect, palette.color(_MIDLIGHT))
        x = 6
        if not self.icon.isNull():
            size = 16
            painter.drawPixmap(x, (rect.height() - size) // 2, self.icon.pixmap(size, size))
            x += size + 6
        arrow = "\u25be" if self.expanded else "\u25b8"
        arrow_width = metrics.horizontalAdvance(arrow) + 8
        painter.setPen(palette.color(_WINDOW_TEXT))
        text_rect = rect.adjusted(x, 0, -arrow_width, 0)
        painter.drawText(text_rect, _LEFT, metrics.elidedText(self.text, elide_mode(self.text), text_rect.width()))
        painter.drawText(rect.adjusted(0, 0, -6, 0), _RIGHT, arrow)
        if self.hasFocus():
            painter.setPen(palette.color(_HIGHLIGHT))
            painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.end()


class GroupSection(QWidget):
    """A foldable group: a header (icon + label) over the group's rows."""

    def __init__(self, group: GroupView, packages, parent: QWidget | None = None):
        super().__init__(parent)
        self.group = group
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 6)
        layout.setSpacing(4)
        self.header = GroupHeader(group.label, icons.icon(group.icon, packages, fallback=False),
                                  not group.collapsed, self)
        self.header.setObjectName("groupHeader")
        if not group.label:
            self.header.set_label(group.label, group.id)
        layout.addWidget(self.header)
        self.body = QWidget(self)
        self.header.body = self.body  # folded and unfolded by the header itself
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(8, 0, 4, 0)
        self.body_layout.setSpacing(3)
        layout.addWidget(self.body)
        if group.collapsed:  # a fresh child is shown with its parent; showing it now would lay it out early
            self.body.hide()

    @property
    def collapsed(self) -> bool:
        return self.body.isHidden()

    def toggle(self) -> None:
        self.header.toggle()


class HelpRow(QWidget):
    """A property label (or an editor with its own label) and a help icon that shows the help message."""

    def __init__(self, main: QWidget, message: str, thumbnail: str | None, parent: QWidget):
        super().__init__(parent)
        self.message = message
        self.thumbnail = thumbnail
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(main, 1)
        self.button = QToolButton(self)
        self.button.setObjectName("helpButton")
        self.button.setIcon(icons.icon("fas fa-question-circle"))
        self.button.setAutoRaise(True)
        self.button.setToolTip("Help")
        row.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
        self.panel: QLabel | None = None
