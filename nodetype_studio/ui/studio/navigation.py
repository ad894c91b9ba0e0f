"""Navigation as Neos developers know it from their IDE: the Go menu and its gestures.

* Quick open (Ctrl+P, Ctrl+Shift+N) and the command palette (Ctrl+Shift+P).
* Go to supertype: Ctrl+B on a supertype in the definition editor, the source view or provenance
  (or on anything else: the selected type's first supertype); double-click or Ctrl+click there too.
* Back / Forward (Alt+Left / Alt+Right) through the node types visited.
* Subtypes (Ctrl+Alt+B) and usages (Alt+F7) of the selected type.
* Next / previous problem (F8 / Shift+F8), with the Problems list kept in view.
* A single click on a problem or provenance row jumps (type, property, source line) and leaves the
  list on show; a double click also opens the source.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QPlainTextEdit

from nodetype_studio.studio.navhistory import NavigationHistory

# ``model.merge`` and ``studio.usages`` (which pull in the model) are imported where they are used: the
# Go menu is built before the window's first paint, the model is needed only after it.

SHORTCUTS = {
    "quick_open": ("Ctrl+P", "Ctrl+Shift+N"),
    "palette": ("Ctrl+Shift+P",),
    "goto_supertype": ("Ctrl+B",),
    "subtypes": ("Ctrl+Alt+B",),
    "usages": ("Alt+F7",),
    "back": ("Alt+Left",),
    "forward": ("Alt+Right",),
    "next_problem": ("F8",),
    "previous_problem": ("Shift+F8",),
}

#: mouse gestures, listed with the shortcuts in Help
GESTURES = [
    ("Go to a supertype or a named node type", "Double-click or Ctrl+click it (definition editor, source, provenance)"),
    ("Jump to a problem or provenance row", "Click it (the list stays on show)"),
    ("Jump and open the source", "Double-click a problem or provenance row"),
]


class Navigator(QObject):
    """Owns the Go menu's actions, the back/forward history and the click gestures of ``window``."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.history = NavigationHistory()
        self.actions: dict[str, QAction] = {}
        self._build_menu()
        window.selectionChanged.connect(self._visited)
        window.projectLoaded.connect(self._project_loaded)
        self._update()

    # -- menu ----------------------------------------------------------------------------------------------
    def _build_menu(self) -> None:
        window = self.window
        bar = window.menuBar()
        menu = window.go_menu = bar.addMenu("&Go")
        help_action = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
        if help_action is not None:
            bar.insertMenu(help_action, menu)
        entries = [
            ("quick_open", "&Quick Open Node Type\u2026", self.quick_open, "fa5s.search"),
            ("palette", "Command &Palette\u2026", self.palette, "fa5s.terminal"),
            None,
            ("goto_supertype", "Go to &Supertype", self.go_to_supertype, "fa5s.level-up-alt"),
            ("subtypes", "S&ubtypes\u2026", lambda: self.show_usages(subtypes_only=True), None),
            ("usages", "Subtypes and &Usages\u2026", self.show_usages, None),
            None,
            ("back", "&Back", self.back, "fa5s.arrow-left"),
            ("forward", "&Forward", self.forward, "fa5s.arrow-right"),
            None,
            ("next_problem", "&Next Problem", lambda: self.step_problem(1), None),
            ("previous_problem", "P&revious Problem", lambda: self.step_problem(-1), None),
        ]
        for entry in entries:
            if entry is None:
                menu.addSeparator()
                continue
            key, text, slot, icon = entry
            action = QAction(text, window)
            action.setObjectName(key)
            action.setShortcuts([QKeySequence(s) for s in SHORTCUTS[key]])
            if icon:
                action.setData(icon)
            action.triggered.connect(lambda _checked=False, run=slot: run())
            window.addAction(action)
            menu.addAction(action)
            self.actions[key] = action
            window.actions_by_name[key] = action

    def _update(self) -> None:
        self.actions["back"].setEnabled(self.history.can_go_back())
        self.actions["forward"].setEnabled(self.history.can_go_forward())

    # -- going places --------------------------------------------------------------------------------------
    def go_to(self, name: str, property_name: str | None = None) -> bool:
        """Select node type ``name`` (any spelling of a platform name) everywhere."""
        window = self.window
        if window.session is None:
            return False
        if not window.select_type(name, property_name):
            window.status(f"{name} is not a node type of this project", error=True)
            return False
        if window.filter.text() and not self._current_in_tree(window.selected):
            window.filter.clear()  # the tree filter hides the type gone to: show it, as IDEs reveal a file
            window.select_type(name, property_name)
        if property_name:
            window.definition.select_property(property_name)
        return True

    def _current_in_tree(self, name: str | None) -> bool:
        from nodetype_studio.ui.studio.treemodel import NAME_ROLE

        index = self.window.tree.currentIndex()
        return index.isValid() and index.data(NAME_ROLE) == name

    def _visited(self, name: str) -> None:
        self.history.visit(name)
        self._update()

    def _project_loaded(self) -> None:
        self.history.clear()
        self.history.visit(self.window.selected)
        self._update()

    def _exists(self, name: str) -> bool:
        session = self.window.session
        return session is not None and session.project.node_type(name) is not None

    def back(self) -> None:
        name = self.history.back(self._exists)
        if name is not None:
            self.go_to(name)
        self._update()

    def forward(self) -> None:
        name = self.history.forward(self._exists)
        if name is not None:
            self.go_to(name)
        self._update()

    def quick_open(self):
        from nodetype_studio.ui.studio.quickopen import open_quick_open

        return open_quick_open(self.window)

    def palette(self):
        from nodetype_studio.ui.studio.palette import open_palette

        return open_palette(self.window)

    # -- go to supertype -----------------------------------------------------------------------------------
    def name_in_focus(self) -> str | None:
        """The node type name under the keyboard focus: a supertype row, the source line, a provenance row."""
        window = self.window
        if not window._panels_built:
            return None
        focus = QApplication.focusWidget()
        definition, provenance = window.definition, window.provenance
        if focus is definition.supertypes:
            item = definition.supertypes.currentItem()
            return item.text() if item is not None else None
        if isinstance(focus, QPlainTextEdit) and focus is window.source.view:
            from nodetype_studio.studio.usages import name_at

            cursor = focus.textCursor()
            return self._known(name_at(cursor.block().text(), cursor.positionInBlock()))
        if focus is provenance.tree:
            item = provenance.tree.currentItem()
            return self.provenance_name(item) if item is not None else None
        return None

    def go_to_supertype(self) -> None:
        """Ctrl+B: the name under the focus, else the selected type's first declared supertype."""
        name = self.name_in_focus()
        if name is None:
            node_type = self.window.node_type()
            declared = node_type.declared_supertypes if node_type is not None else []
            if not declared:
                self.window.status("The selected node type has no supertype")
                return
            name = declared[0]
        self.go_to(name)

    def _known(self, name: str | None) -> str | None:
        return name if name is not None and self._exists(name) else None

    def provenance_name(self, item) -> str | None:
        """The node type a provenance row names: a supertype key, a constraint key or a value."""
        node_type = self.window.provenance.node_type
        if node_type is None or item is None:
            return None
        from nodetype_studio.model.merge import MISSING, get_path
        from nodetype_studio.ui.studio.provenance import PATH_ROLE

        path = tuple(json.loads(item.data(0, PATH_ROLE)))
        value = get_path(node_type.effective, path)
        if isinstance(value, str) and self._known(value):
            return value
        if value is not MISSING and path and isinstance(path[-1], str) and len(path) >= 2 \
                and path[-2] in ("superTypes", "nodeTypes"):
            return self._known(path[-1])
        return None

    # -- subtypes and usages -------------------------------------------------------------------------------
    def show_usages(self, *, subtypes_only: bool = False):
        from nodetype_studio.ui.studio.usagespopup import open_usages

        return open_usages(self.window, subtypes_only=subtypes_only)

    # -- problems ------------------------------------------------------------------------------------------
    def step_problem(self, step: int) -> None:
        """F8 / Shift+F8: select the next (previous) listed problem and jump to it; the list stays on show."""
        from nodetype_studio.ui.studio.problems import FINDING_ROLE

        window = self.window
        if window.session is None:
            return
        panel = window.problems
        rows = panel.proxy.rowCount()
        if not rows:
            window.status("No problems listed")
            return
        current = panel.view.currentIndex()
        row = current.row() if current.isValid() else (-1 if step > 0 else rows)
        row = (row + step) % rows
        index = panel.proxy.index(row, 0)
        panel.view.setCurrentIndex(index)
        panel.view.scrollTo(index)
        problems_tab = window.bottom.indexOf(panel.parentWidget())
        if window.bottom.currentIndex() != problems_tab:
            window.bottom.setCurrentIndex(problems_tab)
        finding = index.data(FINDING_ROLE)
        window.go_to_finding(finding)
        window.status(f"Problem {row + 1} of {rows}: {finding.message}")

    # -- mouse gestures on the panels (installed once they are built) --------------------------------------
    def panels_built(self) -> None:
        window = self.window
        window.definition.inherits.linkActivated.connect(self.go_to)
        self._supertypes = window.definition.supertypes
        self._supertypes.viewport().installEventFilter(self)
        self._provenance_tree = window.provenance.tree
        self._provenance_tree.viewport().installEventFilter(self)
        self._provenance_tree.itemClicked.connect(self._provenance_clicked)
        self._problems_view = window.problems.view
        self._problems_view.viewport().installEventFilter(self)
        self._source_views: set = set()
        window.source.stack.currentChanged.connect(lambda _i: self._watch_source())
        self._watch_source()

    def _watch_source(self) -> None:
        view = self.window.source.view
        if view is not None and view not in self._source_views:
            self._source_views.add(view)
            view.viewport().installEventFilter(self)
            view.destroyed.connect(lambda _o=None, v=view: self._source_views.discard(v))

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind not in (QEvent.MouseButtonDblClick, QEvent.MouseButtonPress) or event.button() != Qt.LeftButton:
            return False
        ctrl = bool(event.modifiers() & Qt.ControlModifier)
        double = kind == QEvent.MouseButtonDblClick
        if not (ctrl or double):
            return False
        position = event.position().toPoint()
        if watched is self._supertypes.viewport():
            item = self._supertypes.itemAt(position)
            return item is not None and self.go_to(item.text())
        if watched is self._provenance_tree.viewport():
            return self._provenance_gesture(position, double)
        if watched is self._problems_view.viewport():
            return double and self._open_problem(position)
        view = watched.parent()
        if view in self._source_views:
            from nodetype_studio.studio.usages import name_at

            cursor = view.cursorForPosition(position)
            name = self._known(name_at(cursor.block().text(), cursor.positionInBlock()))
            return name is not None and self.go_to(name)
        return False

    def _provenance_gesture(self, position, double: bool) -> bool:
        from nodetype_studio.ui.studio.provenance import LOCATION_ROLE

        item = self._provenance_tree.itemAt(position)
        if item is None:
            return False
        name = self.provenance_name(item)
        if name is not None:
            return self.go_to(name)
        location = item.data(0, LOCATION_ROLE)
        if double and location:
            self.window.show_source(location[0], location[1], switch=True)
            return True
        return False

    def _provenance_clicked(self, item, _column: int) -> None:
        """A click on a row below ``properties.NAME`` selects that property in the definition editor."""
        from nodetype_studio.ui.studio.provenance import PATH_ROLE

        path = json.loads(item.data(0, PATH_ROLE))
        node_type = self.window.node_type()
        if len(path) >= 2 and path[0] == "properties" and node_type is not None and path[1] in node_type.properties:
            self.window.focus_property = path[1]
            self.window.definition.select_property(path[1])

    def _open_problem(self, position) -> bool:
        from nodetype_studio.ui.studio.problems import FINDING_ROLE

        index = self._problems_view.indexAt(position)
        if not index.isValid():
            return False
        finding = self._problems_view.model().index(index.row(), 0).data(FINDING_ROLE)
        if finding is None:
            return False
        self.window.go_to_finding(finding)
        if finding.file:
            self.window.show_source(finding.file, finding.line, switch=True)
        return True


def install(window) -> Navigator:
    return Navigator(window)
