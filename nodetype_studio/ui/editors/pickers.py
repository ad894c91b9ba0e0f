"""Shared pieces of the reference, link and asset editors: a search box with a result list, the chosen
item, and an ordered list of chosen items.

Rows are drawn by ``TwoLineDelegate`` (title, and a muted second line such as the URL path), so the
lists stay plain ``QListWidget``s that drag-and-drop can reorder. Results are shown in a list under
the field rather than a popup: it stays inside the inspector and renders in screenshots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.ui import icons, style

SUBTITLE_ROLE = Qt.UserRole + 1
KEY_ROLE = Qt.UserRole + 2
MAX_RESULTS = 20
MAX_VISIBLE_ROWS = 6
UNKNOWN_ICON = "fas fa-exclamation-triangle"


@dataclass(frozen=True, slots=True)
class Result:
    """One row of a result list. ``kind`` tells the editor what choosing it means."""

    kind: str  # e.g. "node", "asset", "url", "create"
    key: str
    title: str
    subtitle: str = ""
    icon: Any = None  # QIcon or an icon name
    enabled: bool = True
    payload: Any = None


class TwoLineDelegate(QStyledItemDelegate):
    """Title on the first line, the ``SUBTITLE_ROLE`` text muted and smaller on the second."""

    def paint(self, painter, option, index) -> None:
        self.initStyleOption(option, index)
        subtitle = index.data(SUBTITLE_ROLE) or ""
        title = option.text
        option.text = ""
        widget = option.widget
        style_ = widget.style() if widget is not None else None
        if style_ is not None:
            style_.drawControl(QStyle.CE_ItemViewItem, option, painter, widget)
        rect = option.rect.adjusted(6, 2, -4, -2)
        icon = index.data(Qt.DecorationRole)
        if isinstance(icon, QIcon) and not icon.isNull():
            size = min(rect.height() - 4, 24) if subtitle else 16
            icon_rect = QRect(rect.left(), rect.top() + (rect.height() - size) // 2, size, size)
            icon.paint(painter, icon_rect)
            rect.setLeft(icon_rect.right() + 6)
        selected = bool(option.state & QStyle.State_Selected)
        enabled = bool(index.flags() & Qt.ItemIsEnabled)
        group = QPalette.Normal if enabled else QPalette.Disabled
        text_colour = option.palette.color(group, QPalette.HighlightedText if selected else QPalette.Text)
        painter.save()
        painter.setFont(option.font)
        painter.setPen(text_colour)
        line = option.fontMetrics.height()
        if subtitle:
            top = QRect(rect.left(), rect.top(), rect.width(), line)
            painter.drawText(top, Qt.AlignLeft | Qt.AlignVCenter, option.fontMetrics.elidedText(title, Qt.ElideRight, rect.width()))
            small = QFont(option.font)
            small.setPointSizeF(max(option.font.pointSizeF() * 0.85, 6.0))
            painter.setFont(small)
            painter.setPen(text_colour if selected else QColor(style.MUTED))
            bottom = QRect(rect.left(), rect.top() + line, rect.width(), rect.height() - line)
            metrics = painter.fontMetrics()
            painter.drawText(bottom, Qt.AlignLeft | Qt.AlignTop, metrics.elidedText(subtitle, Qt.ElideMiddle, rect.width()))
        else:
            painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter, option.fontMetrics.elidedText(title, Qt.ElideRight, rect.width()))
        painter.restore()

    def sizeHint(self, option, index) -> QSize:
        line = option.fontMetrics.height()
        lines = 2 if index.data(SUBTITLE_ROLE) else 1
        return QSize(120, line * lines + 8)


def make_item(result: Result, packages=None) -> QListWidgetItem:
    item = QListWidgetItem(result.title)
    item.setData(SUBTITLE_ROLE, result.subtitle)
    item.setData(KEY_ROLE, result.key)
    item.setToolTip(f"{result.title}\n{result.subtitle}" if result.subtitle else result.title)
    icon = result.icon if isinstance(result.icon, QIcon) else (icons.icon(result.icon, packages) if result.icon else None)
    if icon is not None:
        item.setIcon(icon)
    if not result.enabled:
        item.setFlags(Qt.NoItemFlags)
    return item


def fit_height(view: QListWidget, rows: int) -> None:
    """Show ``rows`` rows (at most ``MAX_VISIBLE_ROWS``) without an empty tail."""
    rows = max(1, min(rows, MAX_VISIBLE_ROWS))
    height = sum(view.sizeHintForRow(i) for i in range(min(rows, view.count()))) or rows * 22
    view.setFixedHeight(height + 2 * view.frameWidth() + 2)


class SearchBox(QWidget):
    """A search field; results of ``provider(text)`` appear in a list under it once ``threshold``
    characters are typed. ``chosen(Result)`` is emitted when a row is clicked or Enter is pressed."""

    chosen = Signal(object)

    def __init__(self, provider: Callable[[str], list[Result]], *, threshold: int = 0, placeholder: str = "",
                 parent: QWidget | None = None, packages=None, min_text: Callable[[str], bool] | None = None):
        super().__init__(parent)
        self.provider = provider
        self.threshold = max(int(threshold), 0)
        self.packages = packages
        #: Some results (a typed URL) do not wait for the threshold: ``min_text(text)`` says when to search anyway.
        self.min_text = min_text
        self._results: list[Result] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.line = QLineEdit(self)
        self.line.setObjectName("search")
        self.line.setClearButtonEnabled(True)
        self.line.setPlaceholderText(placeholder)
        self.line.textEdited.connect(self.search)
        self.line.installEventFilter(self)
        layout.addWidget(self.line)
        self.list = QListWidget(self)
        self.list.setObjectName("results")
        self.list.setItemDelegate(TwoLineDelegate(self.list))
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.list.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        self.list.hide()
        layout.addWidget(self.list)
        self.status = QLabel(self)
        self.status.setObjectName("searchStatus")
        self.status.setWordWrap(True)
        style.tint(self.status, style.MUTED)
        self.status.hide()
        layout.addWidget(self.status)

    # -- searching -----------------------------------------------------------------------------
    def text(self) -> str:
        return self.line.text()

    def set_text(self, text: str) -> None:
        """Type ``text`` (as the user would) and search."""
        self.line.setText(text)
        self.search(text)

    def searched(self) -> bool:
        """Whether the current text triggered a search (the threshold was reached)."""
        text = self.line.text().strip()
        return len(text) >= max(self.threshold, 1) or bool(self.min_text and text and self.min_text(text))

    def search(self, _text: str = "") -> None:
        text = self.line.text().strip()
        if not self.searched():
            self._show([])
            if text and self.threshold > len(text):
                self._status(f"Type at least {self.threshold} characters to search")
            else:
                self._status("")
            return
        results = self.provider(text)
        shown = results[:MAX_RESULTS]
        self._show(shown)
        if not results:
            self._status("No matches")
        elif len(results) > len(shown):
            self._status(f"{len(results) - len(shown)} more \u2014 type more to narrow the search")
        else:
            self._status("")

    def clear(self) -> None:
        self.line.clear()
        self._show([])
        self._status("")

    def results(self) -> list[Result]:
        return list(self._results)

    def result_titles(self) -> list[str]:
        return [r.title for r in self._results]

    def choose(self, index: int) -> None:
        """Pick result ``index`` as a click would."""
        result = self._results[index]
        if result.enabled:
            self.chosen.emit(result)

    # -- internals -----------------------------------------------------------------------------
    def _show(self, results: list[Result]) -> None:
        self._results = list(results)
        self.list.clear()
        for result in results:
            self.list.addItem(make_item(result, self.packages))
        if results:
            fit_height(self.list, len(results))
        self.list.setVisible(bool(results))

    def _status(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _clicked(self, item: QListWidgetItem) -> None:
        row = self.list.row(item)
        if 0 <= row < len(self._results):
            self.choose(row)

    def eventFilter(self, watched, event) -> bool:
        # getattr: a box whose Python side is being collected still filters its field's last events (Hide);
        # raising there would surface as an error in whatever Python code Qt returns to next
        if event.type() == QEvent.KeyPress and watched is getattr(self, "line", None):
            if event.key() in (Qt.Key_Return, Qt.Key_Enter):
                first = next((i for i, r in enumerate(self._results) if r.enabled), None)
                if first is not None:
                    self.choose(first)
                return True
            if event.key() == Qt.Key_Down and self.list.count():
                self.list.setFocus()
                self.list.setCurrentRow(0)
                return True
        return super().eventFilter(watched, event)


class ChosenItem(QWidget):
    """The one chosen item of a single-value editor: icon, title, second line and a remove button."""

    removed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        self.icon = QLabel(self)
        self.icon.setFixedSize(QSize(32, 32))
        self.icon.setAlignment(Qt.AlignCenter)
        row.addWidget(self.icon, 0, Qt.AlignTop)
        texts = QVBoxLayout()
        texts.setSpacing(0)
        self.title = QLabel(self)
        self.title.setObjectName("chosenTitle")
        self.title.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.title.setTextFormat(Qt.PlainText)
        self.subtitle = QLabel(self)
        self.subtitle.setObjectName("chosenSubtitle")
        self.subtitle.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.subtitle.setTextFormat(Qt.PlainText)
        style.tint(self.subtitle, style.MUTED)
        texts.addWidget(self.title)
        texts.addWidget(self.subtitle)
        row.addLayout(texts, 1)
        self.remove = QToolButton(self)
        self.remove.setObjectName("remove")
        self.remove.setIcon(icons.icon("fas fa-times"))
        self.remove.setToolTip("Remove")
        self.remove.setAutoRaise(True)
        self.remove.clicked.connect(self.removed)
        row.addWidget(self.remove, 0, Qt.AlignTop)
        self._invalid = False

    def show_item(self, title: str, subtitle: str = "", icon: QIcon | None = None, *, invalid: bool = False) -> None:
        self.title.setText(title)
        self.title.setToolTip(title)
        self.subtitle.setText(subtitle)
        self.subtitle.setToolTip(subtitle)
        self.subtitle.setVisible(bool(subtitle))
        if icon is not None and not icon.isNull():
            self.icon.setPixmap(icon.pixmap(QSize(32, 32)))
        else:
            self.icon.clear()
        if invalid != self._invalid:
            (style.tint(self.title, style.ERROR) if invalid else style.untint(self.title))
            self._invalid = invalid


class OrderedList(QWidget):
    """Chosen items in order: drag to reorder, or select a row and use the up/down/remove buttons.
    ``changed(list of keys)`` follows every user change."""

    changed = Signal(list)

    def __init__(self, parent: QWidget | None = None, packages=None):
        super().__init__(parent)
        self.packages = packages
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.list = QListWidget(self)
        self.list.setObjectName("chosenList")
        self.list.setItemDelegate(TwoLineDelegate(self.list))
        self.list.setDragDropMode(QAbstractItemView.InternalMove)
        self.list.setDefaultDropAction(Qt.MoveAction)
        self.list.setSelectionMode(QAbstractItemView.SingleSelection)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.list.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.list.model().rowsMoved.connect(self._moved)
        self.list.currentRowChanged.connect(self._update_buttons)
        layout.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        buttons.setSpacing(0)
        self.up = self._button("fas fa-arrow-up", "Move up", lambda: self.move(-1), "up")
        self.down = self._button("fas fa-arrow-down", "Move down", lambda: self.move(1), "down")
        self.remove = self._button("fas fa-times", "Remove", self.remove_current, "remove")
        for button in (self.up, self.down, self.remove):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self._filling = False
        self._update_buttons()

    def _button(self, icon: str, tip: str, slot, name: str) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(name)
        button.setIcon(icons.icon(icon))
        button.setToolTip(tip)
        button.setAutoRaise(True)
        button.clicked.connect(slot)
        return button

    def set_items(self, results: list[Result], invalid_keys: set[str] = frozenset()) -> None:
        self._filling = True
        current = self.list.currentRow()
        self.list.clear()
        for result in results:
            item = make_item(result, self.packages)
            item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsSelectable | Qt.ItemIsDragEnabled)
            if result.key in invalid_keys:
                item.setForeground(QColor(style.ERROR))
            self.list.addItem(item)
        self.list.setCurrentRow(current if 0 <= current < self.list.count() else -1)
        self._filling = False
        fit_height(self.list, max(self.list.count(), 1))
        self.setVisible(bool(results))
        self._update_buttons()

    def keys(self) -> list[str]:
        return [self.list.item(i).data(KEY_ROLE) for i in range(self.list.count())]

    def titles(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def move(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)
        self.changed.emit(self.keys())

    def remove_current(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        self.list.takeItem(row)
        self.changed.emit(self.keys())
        fit_height(self.list, max(self.list.count(), 1))

    def _moved(self, *_args) -> None:
        if not self._filling:
            self.changed.emit(self.keys())

    def _update_buttons(self, *_args) -> None:
        row = self.list.currentRow()
        self.up.setEnabled(row > 0)
        self.down.setEnabled(0 <= row < self.list.count() - 1)
        self.remove.setEnabled(row >= 0)


class MessageLine:
    """Mixin for editors with a ``message`` label under the field (notes about options, what an action
    did); hidden while empty."""

    message: QLabel

    def say(self, text: str, colour: str = style.MUTED) -> None:
        self.message.setText(text)
        style.tint(self.message, colour)
        self.message.setVisible(bool(text))


class ChosenDisplay(MessageLine):
    """Mixin for the reference and asset editors: the chosen item (``chosen``, a ``ChosenItem``) or, when
    ``multiple``, the ordered list of chosen items (``chosen_list``, an ``OrderedList``)."""

    multiple: bool
    chosen: "ChosenItem"
    chosen_list: "OrderedList"
    icon_packages: Any = None

    def add_chosen_widgets(self, layout: QVBoxLayout, on_removed: Callable[[], None], packages=None) -> None:
        """Create, hidden until there is a value, the ``chosen_list`` (reordering calls ``_reordered``)
        or, for a single value, the ``chosen`` item (its remove button calls ``on_removed``)."""
        parent = layout.parentWidget()
        self.chosen = self.chosen_list = None
        if self.multiple:
            self.chosen_list = OrderedList(parent, packages)
            self.chosen_list.changed.connect(self._reordered)
            widget = self.chosen_list
        else:
            self.chosen = ChosenItem(parent)
            self.chosen.removed.connect(on_removed)
            widget = self.chosen
        widget.hide()
        layout.addWidget(widget)

    def show_chosen(self, keys: list[str], lookup: Callable[[str], Result | None], kind: str, unknown: str) -> None:
        """Show ``keys``; ``lookup`` gives a key's row, or None for a key that names nothing (shown as
        ``unknown``, marked invalid)."""
        if self.multiple:
            rows, invalid = [], set()
            for key in keys:
                row = lookup(key)
                if row is None:
                    invalid.add(key)
                    row = Result(kind, key, unknown, key, UNKNOWN_ICON)
                rows.append(row)
            self.chosen_list.set_items(rows, invalid)
            return
        if not keys:
            self.chosen.hide()
            return
        row = lookup(keys[0])
        if row is None:
            self.chosen.show_item(unknown, keys[0], icons.icon(UNKNOWN_ICON), invalid=True)
        else:
            shown = row.icon if isinstance(row.icon, QIcon) else icons.icon(row.icon, self.icon_packages)
            self.chosen.show_item(row.title, row.subtitle, shown)
        self.chosen.show()

    def chosen_titles(self) -> list[str]:
        """Titles of the chosen items as shown."""
        if self.multiple:
            return self.chosen_list.titles()
        return [self.chosen.title.text()] if not self.chosen.isHidden() else []
