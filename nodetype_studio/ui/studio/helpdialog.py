"""Help: the keyboard shortcuts (read from the window's actions, so they are never out of date) and the
bundled documentation (``resources/help/studio.md``)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

SHORTCUTS_TAB, DOCUMENTATION_TAB = range(2)


def shortcut_rows(window) -> list[tuple[str, str]]:
    """(command, keys) for every action with a shortcut, in menu order, then the mouse gestures."""
    from nodetype_studio.ui.studio.navigation import GESTURES
    from nodetype_studio.ui.studio.palette import shortcut_text, window_actions

    rows = [(path, shortcut_text(action)) for path, action in window_actions(window) if shortcut_text(action)]
    return rows + [(what, how) for what, how in GESTURES]


def documentation() -> str:
    from nodetype_studio.bundled import resource

    try:
        return resource("help", "studio.md").read_text(encoding="utf-8")
    except (OSError, FileNotFoundError) as exc:
        return f"# Documentation\n\nThe bundled documentation could not be read: {exc}"


class HelpDialog(QDialog):
    def __init__(self, window, tab: int = SHORTCUTS_TAB):
        super().__init__(window)
        self.setObjectName("helpDialog")
        self.setWindowTitle("Node Type Studio Help")
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        self.shortcuts = QTreeWidget(self)
        self.shortcuts.setRootIsDecorated(False)
        self.shortcuts.setHeaderLabels(["Command", "Keys"])
        self.shortcuts.setAlternatingRowColors(True)
        for command, keys in shortcut_rows(window):
            QTreeWidgetItem(self.shortcuts, [command, keys])
        header = self.shortcuts.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeToContents)
        self.tabs.addTab(self.shortcuts, "Keyboard Shortcuts")
        self.docs = QTextBrowser(self)
        self.docs.setOpenExternalLinks(True)
        self.docs.setMarkdown(documentation())
        self.tabs.addTab(self.docs, "Documentation")
        self.tabs.setCurrentIndex(tab)
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        from nodetype_studio.ui.studio.dialogs import fit_to_screen  # (the dialogs are imported when first asked for)

        fit_to_screen(self)  # as the review and compare dialogs: all of it on a small screen, larger with the window

    def rows(self) -> list[tuple[str, str]]:
        return [(self.shortcuts.topLevelItem(i).text(0), self.shortcuts.topLevelItem(i).text(1))
                for i in range(self.shortcuts.topLevelItemCount())]


def show_help(window, tab: int = SHORTCUTS_TAB) -> HelpDialog:
    dialog = HelpDialog(window, tab)
    window.help_dialog = dialog
    dialog.show()
    return dialog


def install(window) -> None:
    """Help › Keyboard Shortcuts (Ctrl+F1) and Documentation (F1), above About."""
    help_menu = next((a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is None:
        return
    first = help_menu.actions()[0] if help_menu.actions() else None
    for key, text, keys, tab in (("documentation", "&Documentation", "F1", DOCUMENTATION_TAB),
                                 ("shortcuts", "&Keyboard Shortcuts", "Ctrl+F1", SHORTCUTS_TAB)):
        action = QAction(text, window)
        action.setObjectName(key)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _checked=False, t=tab: show_help(window, t))
        window.addAction(action)
        help_menu.insertAction(first, action)
        window.actions_by_name[key] = action
    help_menu.insertSeparator(first)
