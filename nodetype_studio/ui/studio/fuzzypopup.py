"""A popup with a search line over a list, filtered by fuzzy match as you type (quick open, palette).

Up/Down/Page Up/Page Down move in the list while the typing stays in the line; Enter or a click runs
the choice and closes the popup, Escape or a click elsewhere closes it. The matched letters are bold;
a row's detail (a shortcut, a label) is right-aligned in the muted colour.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QPalette, QStandardItem, QStandardItemModel, QTextDocument
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QLabel,
    QLineEdit,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
)

from nodetype_studio.studio.fuzzy import Narrowing

ITEM_ROLE = Qt.UserRole + 1
POSITIONS_ROLE = Qt.UserRole + 2
MAX_ROWS = 300


@dataclass(frozen=True)
class Choice:
    text: str  # what is matched and shown
    detail: str = ""  # shown right-aligned, not matched
    payload: Any = None
    enabled: bool = True
    search: str | None = None  # matched instead of ``text`` when given (``text`` must end with it)


def marked(text: str, positions) -> str:
    """``text`` as HTML with the characters at ``positions`` bold."""
    wanted = set(positions)
    return "".join(f"<b>{html.escape(c)}</b>" if i in wanted else html.escape(c) for i, c in enumerate(text))


class _Delegate(QStyledItemDelegate):
    def paint(self, painter, option, index: QModelIndex) -> None:
        options = QStyleOptionViewItem(option)
        self.initStyleOption(options, index)
        choice: Choice = index.data(ITEM_ROLE)
        options.text = ""
        style = options.widget.style() if options.widget is not None else QApplication.style()
        style.drawControl(QStyle.CE_ItemViewItem, options, painter, options.widget)
        selected = bool(option.state & QStyle.State_Selected)
        palette = option.palette
        group = QPalette.Normal if choice.enabled else QPalette.Disabled
        text_colour = palette.color(group, QPalette.HighlightedText if selected else QPalette.Text)
        muted = palette.color(QPalette.Disabled if not selected else group,
                              QPalette.HighlightedText if selected else QPalette.Text)
        rect = option.rect.adjusted(8, 0, -8, 0)
        painter.save()
        detail_width = 0
        if choice.detail:
            painter.setPen(muted)
            detail_width = min(option.fontMetrics.horizontalAdvance(choice.detail) + 12, rect.width() // 2)
            detail_rect = QRect(rect.right() - detail_width, rect.top(), detail_width, rect.height())
            elided = option.fontMetrics.elidedText(choice.detail, Qt.ElideRight, detail_width - 12)
            painter.drawText(detail_rect, Qt.AlignRight | Qt.AlignVCenter, elided)
        document = QTextDocument()
        document.setDefaultFont(option.font)
        document.setDocumentMargin(0)
        colour = text_colour.name()
        document.setHtml(f"<span style='color:{colour}; white-space:pre'>{index.data(POSITIONS_ROLE)}</span>")
        height = document.size().height()
        painter.translate(rect.left(), rect.top() + (rect.height() - height) / 2)
        painter.setClipRect(QRect(0, 0, rect.width() - detail_width - 8, int(height) + 1))
        document.drawContents(painter)
        painter.restore()

    def sizeHint(self, option, index) -> QSize:
        return QSize(200, int(option.fontMetrics.height() * 1.7))


class FuzzyPopup(QFrame):
    """``FuzzyPopup(parent, choices, on_choose, placeholder=...)``; ``open_at_top()`` shows it."""

    def __init__(self, parent, choices: list[Choice], on_choose: Callable[[Choice], None], *, placeholder: str,
                 empty_text: str = "Nothing matches", title: str = ""):
        super().__init__(parent, Qt.Popup)
        self.setObjectName("fuzzyPopup")
        self.setFrameShape(QFrame.StyledPanel)
        self.choices = list(choices)
        self.ranking = Narrowing(self.choices, key=lambda c: c.search or c.text)
        self.on_choose = on_choose
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        if title:
            self.title = QLabel(title, self)
            self.title.setTextFormat(Qt.PlainText)
            layout.addWidget(self.title)
        self.input = QLineEdit(self)
        self.input.setPlaceholderText(placeholder)
        self.input.setClearButtonEnabled(True)
        self.input.installEventFilter(self)
        layout.addWidget(self.input)
        self.model = QStandardItemModel(self)
        self.list = QListView(self)
        self.list.setModel(self.model)
        self.list.setItemDelegate(_Delegate(self.list))
        self.list.setUniformItemSizes(True)
        self.list.setEditTriggers(QListView.NoEditTriggers)
        self.list.setFocusPolicy(Qt.NoFocus)  # typing stays in the line
        self.list.clicked.connect(self._choose_index)
        layout.addWidget(self.list, 1)
        self.empty = QLabel(empty_text, self)
        self.empty.setAlignment(Qt.AlignCenter)
        self.empty.hide()
        layout.addWidget(self.empty)
        self.input.textChanged.connect(self.refilter)
        self.refilter("")

    # -- filtering ----------------------------------------------------------------------------------------
    def refilter(self, text: str) -> None:
        self.model.clear()
        for choice, match in self.ranking.rank(text)[:MAX_ROWS]:
            positions = match.positions
            if choice.search:
                offset = len(choice.text) - len(choice.search)
                positions = tuple(p + offset for p in positions)
            item = QStandardItem()
            item.setData(choice, ITEM_ROLE)
            item.setData(marked(choice.text, positions), POSITIONS_ROLE)
            item.setData(choice.text, Qt.DisplayRole)
            item.setData(f"{choice.text}  {choice.detail}".strip(), Qt.ToolTipRole)
            self.model.appendRow(item)
        first = next((r for r in range(self.model.rowCount()) if self.model.item(r).data(ITEM_ROLE).enabled), 0)
        if self.model.rowCount():
            self.list.setCurrentIndex(self.model.index(first, 0))
        self.empty.setVisible(self.model.rowCount() == 0)
        self.list.setVisible(self.model.rowCount() > 0)

    def shown(self) -> list[str]:
        """The texts listed, in order (what the user sees)."""
        return [self.model.item(r).data(Qt.DisplayRole) for r in range(self.model.rowCount())]

    def current(self) -> Choice | None:
        index = self.list.currentIndex()
        return index.data(ITEM_ROLE) if index.isValid() else None

    # -- keys and choosing --------------------------------------------------------------------------------
    def eventFilter(self, watched, event) -> bool:
        if watched is self.input and event.type() == QEvent.KeyPress:
            key = event.key()
            if key in (Qt.Key_Down, Qt.Key_Up, Qt.Key_PageDown, Qt.Key_PageUp):
                self._move(key)
                return True
            if key in (Qt.Key_Return, Qt.Key_Enter):
                self._choose_index(self.list.currentIndex())
                return True
            if key == Qt.Key_Escape:
                self.close()
                return True
        return super().eventFilter(watched, event)

    def _move(self, key) -> None:
        rows = self.model.rowCount()
        if not rows:
            return
        page = max(1, self.list.viewport().height() // max(1, self.list.sizeHintForRow(0)) - 1)
        step = {Qt.Key_Down: 1, Qt.Key_Up: -1, Qt.Key_PageDown: page, Qt.Key_PageUp: -page}[key]
        row = self.list.currentIndex().row()
        row = (row + step) % rows if abs(step) == 1 else min(max(row + step, 0), rows - 1)
        self.list.setCurrentIndex(self.model.index(row, 0))

    def _choose_index(self, index: QModelIndex) -> None:
        choice = index.data(ITEM_ROLE) if index.isValid() else None
        if choice is None or not choice.enabled:
            return
        self.close()
        self.on_choose(choice)

    def open_at_top(self) -> None:
        """Show centred near the top of the parent window, with the search line focused."""
        window = self.parentWidget().window()
        width = min(max(420, window.width() * 6 // 10), window.width() - 40, 760)
        height = min(max(240, window.height() // 2), 460)
        top = window.mapToGlobal(window.rect().topLeft())
        offset = window.menuWidget().height() + 8 if hasattr(window, "menuWidget") and window.menuWidget() else 40
        self.setGeometry(top.x() + (window.width() - width) // 2, top.y() + offset, width, height)
        self.show()
        self.raise_()
        self.activateWindow()
        self.input.setFocus(Qt.PopupFocusReason)
