"""The command palette (Ctrl+Shift+P): every action of the window with its shortcut, by fuzzy name.

The list is read from the window's menus and actions each time the palette opens, so it never goes
stale: a new menu entry is in the palette, with its current shortcut and enabled state, by itself.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from nodetype_studio.ui.studio.fuzzypopup import Choice, FuzzyPopup

SEPARATOR = " \u203a "


def clean(text: str) -> str:
    """A menu text without its mnemonic ampersands and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("\u2026.").strip()


def shortcut_text(action: QAction) -> str:
    return ", ".join(s.toString(QKeySequence.NativeText) for s in action.shortcuts() if not s.isEmpty())


def window_actions(window) -> list[tuple[str, QAction]]:
    """(menu path, action) for every action in the window's menus, then its other named actions."""
    found: list[tuple[str, QAction]] = []
    seen: set[int] = set()

    def walk(menu: QMenu, path: str) -> None:
        if menu is getattr(window, "recent_menu", None):
            return  # filled with projects when it opens: "Open Recent" is its own list
        for action in menu.actions():
            if action.isSeparator() or not action.text():
                continue
            if action.menu() is not None:
                walk(action.menu(), path + SEPARATOR + clean(action.text()))
                continue
            if id(action) not in seen:
                seen.add(id(action))
                found.append((path + SEPARATOR + clean(action.text()), action))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), clean(top.text()))
    for action in window.actions():
        if id(action) not in seen and action.text() and action.isVisible():
            seen.add(id(action))
            found.append((clean(action.text()), action))
    return found


def choices(window) -> list[Choice]:
    found = []
    for path, action in window_actions(window):
        found.append(Choice(path, shortcut_text(action), action, action.isEnabled()))
    return found


def open_palette(window) -> FuzzyPopup:
    def run(choice: Choice) -> None:
        action: QAction = choice.payload
        if action.isEnabled():
            action.trigger()

    popup = FuzzyPopup(window, choices(window), run, placeholder="Run a command: type part of its name",
                       empty_text="No command matches")
    popup.setObjectName("commandPalette")
    popup.open_at_top()
    window.palette_popup = popup
    return popup
