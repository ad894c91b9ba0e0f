"""The welcome page, on show while no project is open: recent projects, open, the example, key tips.

It shares the central area with the project's panes (a stacked widget): the panes come forward when
a project is loaded and the welcome page when it is closed. A recent project that no longer exists is
listed greyed out and cannot be chosen.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.ui import style

PATH_ROLE = Qt.UserRole + 1
TIPS = (
    ("Ctrl+P", "go to a node type by part of its name"),
    ("Ctrl+Shift+P", "run any command by name"),
    ("Ctrl+B", "go to the supertype under the cursor; Alt+Left goes back"),
    ("F8", "next problem"),
    ("F1", "help, shortcuts and documentation"),
)


class _RecentDelegate(QStyledItemDelegate):
    """A recent project as two lines: its folder name in bold, its path muted below."""

    def paint(self, painter, option, index) -> None:
        options = QStyleOptionViewItem(option)
        self.initStyleOption(options, index)
        options.text = ""
        widget = options.widget
        widget.style().drawControl(QStyle.CE_ItemViewItem, options, painter, widget)
        name, _newline, path = index.data(Qt.DisplayRole).partition("\n")
        enabled = bool(index.flags() & Qt.ItemIsEnabled)
        selected = bool(option.state & QStyle.State_Selected)
        palette = option.palette
        role = QPalette.HighlightedText if selected else QPalette.Text
        main = palette.color(QPalette.Normal if enabled else QPalette.Disabled, role)
        muted = palette.color(QPalette.Normal, QPalette.PlaceholderText) if not selected else main
        rect = option.rect.adjusted(10, 5, -10, -5)
        metrics = option.fontMetrics
        painter.save()
        bold = QFont(option.font)
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(main)
        top = QRect(rect.left(), rect.top(), rect.width(), metrics.height())
        painter.drawText(top, Qt.AlignLeft | Qt.AlignVCenter, QFontMetrics(bold).elidedText(name, Qt.ElideRight,
                                                                                           rect.width()))
        painter.setFont(option.font)
        painter.setPen(muted if enabled else main)
        bottom = QRect(rect.left(), rect.top() + metrics.height() + 2, rect.width(), metrics.height())
        painter.drawText(bottom, Qt.AlignLeft | Qt.AlignVCenter, metrics.elidedText(path, Qt.ElideLeft, rect.width()))
        painter.restore()

    def sizeHint(self, option, index) -> QSize:
        return QSize(200, option.fontMetrics.height() * 2 + 12)


class WelcomePage(QWidget):
    """The page itself; ``studio`` is the StudioWindow (not ``window``: that is QWidget.window())."""

    def __init__(self, window):
        super().__init__(window)
        self.studio = window
        self.setObjectName("welcomePage")
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        column = QVBoxLayout()
        column.setSpacing(10)
        outer.addLayout(column, 4)
        outer.addStretch(1)
        column.addStretch(1)
        title = QLabel("Node Type Studio", self)
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        column.addWidget(title)
        subtitle = QLabel("Design, preview and check the node types of a Neos project.", self)
        subtitle.setForegroundRole(QPalette.PlaceholderText)
        column.addWidget(subtitle)

        buttons = QHBoxLayout()
        self.open_button = QPushButton("Open Project\u2026", self)
        self.open_button.setObjectName("welcomeOpen")
        self.open_button.setToolTip("A package, a distribution, a folder of packages or one NodeTypes file (Ctrl+O)")
        self.open_button.clicked.connect(self._open)
        self.example_button = QPushButton("Open the Example Project", self)
        self.example_button.setObjectName("welcomeExample")
        self.example_button.clicked.connect(self._open_example)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.example_button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        self.notice = QLabel(self)  # why the last project could not be opened
        self.notice.setObjectName("welcomeNotice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.PlainText)
        style.tint(self.notice, style.ERROR)
        self.notice.hide()
        column.addWidget(self.notice)

        heading = QLabel("Recent projects", self)
        bold = QFont(heading.font())
        bold.setBold(True)
        heading.setFont(bold)
        column.addSpacing(8)
        column.addWidget(heading)
        self.recent = QListWidget(self)
        self.recent.setObjectName("welcomeRecent")
        self.recent.setItemDelegate(_RecentDelegate(self.recent))
        self.recent.setMaximumWidth(760)
        self.recent.setMinimumHeight(120)
        self.recent.itemActivated.connect(self._chosen)
        self.recent.itemClicked.connect(self._chosen)
        column.addWidget(self.recent, 3)
        self.none = QLabel("No recent projects yet: open a project folder, or start with the example.", self)
        self.none.setForegroundRole(QPalette.PlaceholderText)
        self.none.setWordWrap(True)
        column.addWidget(self.none)

        column.addSpacing(8)
        tips = QLabel(self)
        tips.setTextFormat(Qt.RichText)
        tips.setText("<table cellspacing='2'>" + "".join(
            f"<tr><td><b>{keys}</b>&nbsp;&nbsp;</td><td>{what}</td></tr>" for keys, what in TIPS) + "</table>")
        column.addWidget(tips)
        column.addStretch(2)
        self.refresh()

    def refresh(self) -> None:
        self.recent.clear()
        paths = self.studio.settings.get("recentProjects")
        for path in paths:
            exists = Path(path).exists()
            name = Path(path).name or path
            item = QListWidgetItem(f"{name}\n{path}" if exists else f"{name}  (not found)\n{path}", self.recent)
            item.setData(PATH_ROLE, path)
            item.setToolTip(path)
            if not exists:
                item.setFlags(Qt.NoItemFlags)
        self.recent.setVisible(bool(paths))
        self.none.setVisible(not paths)

    def show_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def recent_paths(self) -> list[str]:
        """The projects listed, in order (what the user sees)."""
        return [self.recent.item(i).data(PATH_ROLE) for i in range(self.recent.count())]

    def _chosen(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        session = self.studio.session
        if session is not None and str(session.root) == path:
            return  # the second half of a double click: already open
        if path and item.flags() & Qt.ItemIsEnabled:
            self.studio.open_project(path)

    def _open(self) -> None:
        from nodetype_studio.ui.studio.menus import choose_project

        choose_project(self.studio)

    def _open_example(self) -> None:
        from nodetype_studio.bundled import example_project

        self.studio.open_project(example_project())


class CentralStack(QStackedWidget):
    """The welcome page and the project's panes, one of them on show."""

    def __init__(self, window):
        super().__init__(window)
        self.studio = window
        self.welcome = WelcomePage(window)
        self.panes = window.takeCentralWidget()
        self.addWidget(self.welcome)
        self.addWidget(self.panes)
        window.setCentralWidget(self)
        window.projectLoaded.connect(self.update_page)
        window.projectClosed.connect(self.update_page)
        window.loadFailed.connect(self._load_failed)
        self.update_page()

    def _load_failed(self, message: str) -> None:
        if self.studio.session is None:
            self.welcome.show_notice(message)
            self.update_page()

    def update_page(self) -> None:
        if self.studio.session is not None:
            self.welcome.show_notice("")
        if self.studio.session is None:
            self.welcome.refresh()
            self.setCurrentWidget(self.welcome)
        else:
            self.setCurrentWidget(self.panes)

    def showing_welcome(self) -> bool:
        return self.currentWidget() is self.welcome


def install(window) -> CentralStack:
    return CentralStack(window)
