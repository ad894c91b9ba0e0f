"""Menus, actions and shortcuts of the main window (standard keys: Ctrl+O/S/Shift+S/Z/Shift+Z/F/W, F5)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QUndoView

from nodetype_studio.ui.studio import contextmenu, versionmenu
from nodetype_studio.ui.studio.theme import set_scheme

SHORTCUTS = {
    "new_type": "Ctrl+N",
    "open": "Ctrl+O",
    "save": "Ctrl+S",
    "save_all": "Ctrl+Shift+S",
    "reload": "F5",
    "close_project": "Ctrl+W",
    "quit": "Ctrl+Q",
    "undo": "Ctrl+Z",
    "redo": "Ctrl+Shift+Z",
    "find": "Ctrl+F",
    "history": "Ctrl+H",
}


def _action(window, key: str, text: str, slot, *, shortcut: str | None = None, icon: str | None = None) -> QAction:
    action = QAction(text, window)
    action.setObjectName(key)
    sequence = shortcut or SHORTCUTS.get(key)
    if sequence:
        action.setShortcut(QKeySequence(sequence))
    if icon:
        action.setData(icon)  # Font Awesome names as qtawesome spells them; icons are set after the first paint (icons load lazily)
    action.triggered.connect(lambda _checked=False: slot())
    window.addAction(action)
    return action


def build(window) -> None:
    actions = window.actions_by_name = {}
    bar = window.menuBar()

    file_menu = bar.addMenu("&File")
    for key, text, slot, icon in (
        ("new_type", "&New Node Type\u2026", lambda: new_node_type(window), "fa5s.plus-square"),
        ("open", "&Open Project\u2026", lambda: choose_project(window), "fa5s.folder-open"),
    ):
        actions[key] = _action(window, key, text, slot, icon=icon)
        file_menu.addAction(actions[key])
    window.recent_menu = file_menu.addMenu("Open &Recent")
    window.recent_menu.aboutToShow.connect(lambda: _fill_recent(window))
    file_menu.addSeparator()
    for key, text, slot, icon in (
        ("save", "&Save", window.save, "fa5s.save"),
        ("save_all", "Save A&ll", window.save_all, None),
        ("reload", "&Reload from Disk", window.reload, "fa5s.sync"),
        ("close_project", "&Close Project", window.close_project, None),
    ):
        actions[key] = _action(window, key, text, slot, icon=icon)
        file_menu.addAction(actions[key])
    file_menu.addSeparator()
    actions["settings"] = _action(window, "settings", "Se&ttings\u2026", lambda: show_settings(window),
                                  shortcut="Ctrl+,")
    file_menu.addAction(actions["settings"])
    actions["quit"] = _action(window, "quit", "&Quit", window.close)
    actions["quit"].setShortcutContext(Qt.ApplicationShortcut)
    file_menu.addAction(actions["quit"])

    edit_menu = bar.addMenu("&Edit")
    undo = window.undo_stack.createUndoAction(window, "&Undo")
    undo.setShortcut(QKeySequence(SHORTCUTS["undo"]))
    undo.setObjectName("undo")
    redo = window.undo_stack.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence(SHORTCUTS["redo"]), QKeySequence("Ctrl+Y")])
    redo.setObjectName("redo")
    actions["undo"], actions["redo"] = undo, redo
    edit_menu.addAction(undo)
    edit_menu.addAction(redo)
    edit_menu.addSeparator()
    history = QAction("Edit &History", window, checkable=True)
    history.setObjectName("history")
    history.setShortcut(QKeySequence(SHORTCUTS["history"]))
    history.toggled.connect(lambda on: _show_history(window, on))
    window.addAction(history)
    actions["history"] = history
    edit_menu.addAction(history)
    edit_menu.addSeparator()
    actions["find"] = _action(window, "find", "&Filter Node Types", lambda: (window.filter.setFocus(), window.filter.selectAll()))
    edit_menu.addAction(actions["find"])

    view_menu = bar.addMenu("&View")
    group = QActionGroup(window)
    for mode, text in (("inheritance", "Tree by &Inheritance"), ("package", "Tree by &Package")):
        action = QAction(text, window, checkable=True)
        action.setObjectName(f"tree_{mode}")
        action.setChecked(window.tree_model.mode == mode)
        action.triggered.connect(lambda _c=False, m=mode: window.set_tree_mode(m))
        group.addAction(action)
        view_menu.addAction(action)
        actions[f"tree_{mode}"] = action
    platform_types = QAction("Show all &Platform Types", window, checkable=True)
    platform_types.setChecked(window.settings.get("showPlatformTypes"))
    platform_types.toggled.connect(lambda on: (window.settings.set("showPlatformTypes", on), window.schedule_refresh()))
    view_menu.addAction(platform_types)
    actions["platform_types"] = platform_types
    view_menu.addSeparator()
    for key, text, shortcut, show in (("show_tree", "Node Type &Tree", "Ctrl+Alt+1", window.panes.set_tree_visible),
                                      ("show_preview", "P&review", "Ctrl+Alt+2", window.panes.set_preview_visible)):
        action = QAction(text, window, checkable=True)
        action.setObjectName(key)
        action.setChecked(True)
        action.setShortcut(QKeySequence(shortcut))
        action.toggled.connect(show)
        window.addAction(action)
        view_menu.addAction(action)
        actions[key] = action
    view_menu.addSeparator()
    versionmenu.build(window, view_menu)
    contextmenu.build(window, view_menu)
    scheme_menu = view_menu.addMenu("&Colour Scheme")
    schemes = QActionGroup(window)
    for scheme, text in (("system", "Follow the &System"), ("light", "&Light"), ("dark", "&Dark")):
        action = QAction(text, window, checkable=True)
        action.setObjectName(f"scheme_{scheme}")
        action.setChecked(window.settings.get("colorScheme") == scheme)
        action.triggered.connect(lambda _c=False, s=scheme: set_scheme(window, s))
        schemes.addAction(action)
        scheme_menu.addAction(action)
        actions[f"scheme_{scheme}"] = action

    tools_menu = bar.addMenu("&Tools")
    actions["migrate9"] = _action(window, "migrate9", "&Migrate to Neos 9\u2026", lambda: _migrate_to_9(window))
    tools_menu.addAction(actions["migrate9"])
    actions["insert"] = _action(window, "insert", "\u201cCreate &New\u201d Dialog of the Selected Type\u2026",
                                lambda: show_insert_dialog(window))
    tools_menu.addAction(actions["insert"])

    help_menu = bar.addMenu("&Help")
    actions["about"] = _action(window, "about", "&About Node Type Studio", lambda: show_about(window))
    help_menu.addAction(actions["about"])


def _show_history(window, on: bool) -> None:
    """The undo stack as a list (QUndoView) in a dock, made on first use."""
    dock = getattr(window, "history_dock", None)
    if dock is None:
        window.history_view = QUndoView(window.undo_stack)
        window.history_view.setEmptyLabel("<project as opened>")
        dock = window.history_dock = QDockWidget("Edit History", window)
        dock.setObjectName("historyDock")
        dock.setWidget(window.history_view)
        window.addDockWidget(Qt.RightDockWidgetArea, dock)
        action = window.actions_by_name["history"]
        dock.visibilityChanged.connect(lambda visible: action.setChecked(visible) if action.isChecked() != visible
                                       else None)
    dock.setVisible(on)


def _migrate_to_9(window) -> None:
    from nodetype_studio.ui.studio.migratedialog import migrate_to_9

    migrate_to_9(window)


def update_enabled(window) -> None:
    if hasattr(window, "version_label"):
        versionmenu.update(window)
    if hasattr(window, "context_actions"):
        contextmenu.update(window)
    actions = getattr(window, "actions_by_name", None)
    if not actions:
        return
    has_project = window.session is not None
    for key in ("save", "save_all", "reload", "close_project", "new_type", "migrate9"):
        actions[key].setEnabled(has_project)
    if has_project:
        dirty = window.session.dirty
        actions["save"].setEnabled(dirty)
        actions["save_all"].setEnabled(dirty)


def apply_icons(window) -> None:
    """Give the actions their icons (after the first preview: the icon font loads on the first glyph)."""
    from nodetype_studio.ui import icons

    for action in window.actions_by_name.values():
        name = action.data()
        if isinstance(name, str) and name.startswith("fa"):
            glyph = icons.glyph(name, window.palette().windowText().color())
            if glyph is not None:
                action.setIcon(glyph)


def _fill_recent(window) -> None:
    menu = window.recent_menu
    menu.clear()
    recent = window.settings.get("recentProjects")
    for path in recent:
        action = menu.addAction(path)
        action.triggered.connect(lambda _c=False, p=path: window.open_project(p))
    if not recent:
        menu.addAction("(none)").setEnabled(False)
    else:
        menu.addSeparator()
        menu.addAction("Clear List").triggered.connect(lambda: window.settings.set("recentProjects", []))


def choose_project(window) -> None:
    start = str(window.session.root) if window.session else str(Path.cwd())
    folder = QFileDialog.getExistingDirectory(window, "Open project folder", start)
    if folder:
        window.open_project(folder)


def new_node_type(window) -> None:
    from nodetype_studio.ui.studio.wizard import run_wizard

    run_wizard(window)


def show_settings(window) -> None:
    from nodetype_studio.ui.studio.settingsdialog import SettingsDialog

    SettingsDialog(window).exec()


def show_insert_dialog(window):
    """The CMS's "Create new" dialog for a node of the selected type (None when no type is selected)."""
    from nodetype_studio.ui.insertdialog import InsertDialogPreview

    nt = window.node_type()
    if nt is None or window.session is None:
        window.statusBar().showMessage("Select a node type first", 4000)
        return None
    dialog = InsertDialogPreview(window.session.project, nt.name, window)
    dialog.chosen.connect(lambda _mode, _name: window.statusBar().showMessage(dialog.result_text, 6000))
    dialog.open()
    window.insert_dialog = dialog
    return dialog


def show_about(window) -> None:
    from nodetype_studio.ui.studio.about import AboutDialog

    AboutDialog(window).exec()
