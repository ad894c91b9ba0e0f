"""The studio's main window: node type tree | definition editor | preview, over source, provenance, problems.

Every edit is an undo command (``push``); after each one the project is resolved again from the
files plus the unsaved buffers (coalesced on the next event-loop turn, ``flush()`` forces it) and the
views are refreshed from the new model. Checks run in the background, delayed after edits.
"""

from __future__ import annotations

import gc
import importlib
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEvent, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QProgressBar,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio import gcpolicy
from nodetype_studio.ui import style
from nodetype_studio.ui.studio import menus, panes
from nodetype_studio.ui.studio.projectcontroller import ProjectController
from nodetype_studio.ui.studio.settings import Settings
from nodetype_studio.ui.studio.shortcuts import UndoRouter
from nodetype_studio.ui.studio.treefilter import FilterKeys, NameDelegate, TreeSync
from nodetype_studio.ui.studio.treemodel import (
    NAME_ROLE,
    NodeTypeFilter,
    NodeTypeTreeModel,
    type_infos,
)

TITLE = "Node Type Studio"
SOURCE_TAB, PROVENANCE_TAB, PROBLEMS_TAB = range(3)
PREVIEW_PAINT_WAIT_MS = 300  # the panels wait at most this long for the first preview's paint


class _Host(QWidget):
    """Holds the place of a panel that is built later."""

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)


class StudioWindow(QMainWindow):
    projectLoaded = Signal()
    projectClosed = Signal()
    loadFailed = Signal(str)  # why a project could not be opened
    refreshed = Signal()
    selectionChanged = Signal(str)  # the node type on show changed (navigation history follows it)

    def __init__(self, path=None, *, settings: Settings | None = None, prompts=None, data_dir=None,
                 background: bool = True):
        super().__init__()
        _hold_collections_for_the_start()
        self.settings = settings or Settings()
        self._prompts = prompts
        self._data_dir = Path(data_dir) if data_dir else None
        self._selected: str | None = None
        self.focus_property: str | None = None
        self.last_error = ""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        # the open project and everything done to it as a whole (opening, saving, reloading, closing)
        self.projects = ProjectController(self, settings=self.settings, undo_stack=self.undo_stack, parent=self)
        self.projects.opened.connect(lambda deferred: self.project_opened(defer_panels=deferred))
        self.projects.loaded.connect(self.projectLoaded)
        self.projects.loadFailed.connect(self.loadFailed)
        self.projects.aboutToClose.connect(self._project_closing)
        self.projects.closed.connect(self.project_closed)
        self.setWindowTitle(TITLE)
        self.resize(panes.default_size())
        self._build()
        self.panes = panes.Panes(self)
        self._checks = None
        self._refresh_timer = QTimer(self, singleShot=True, interval=0, timeout=self.refresh_now)
        self.theme = None
        menus.build(self)
        self.undo_router = UndoRouter(self, self.undo_stack.undo, self.undo_stack.redo)
        self._restore_state()
        self._install_navigation()
        self.project_closed()
        if path is not None:
            self.open_project(path, background=background)

    def _install_navigation(self) -> None:
        """The Go menu, quick open, palette, help and the welcome page (modules of their own)."""
        from nodetype_studio.ui.studio import helpdialog, navigation, welcome

        self.navigator = navigation.install(self)
        helpdialog.install(self)
        self.central = welcome.install(self)

    # -- the open project (``ProjectController``, projectcontroller.py) ------------------------------------
    @property
    def session(self):
        """The project being edited (``studio.session.Session``), or None."""
        return self.projects.session

    @property
    def journal(self):
        """The open project's crash journal, or None."""
        return self.projects.journal

    @property
    def loading(self) -> Path | None:
        """The project being loaded in the background, or None."""
        return self.projects.loading

    def open_project(self, path, *, background: bool = True) -> bool:
        return self.projects.open_project(path, background=background)

    def close_project(self) -> bool:
        return self.projects.close_project()

    def save(self) -> bool:
        return self.projects.save()

    def save_all(self) -> bool:
        return self.projects.save_all()

    def save_files(self, paths) -> bool:
        return self.projects.save_files(paths)

    def reload(self) -> None:
        self.projects.reload()

    def disk_changed(self, paths) -> None:
        self.projects.disk_changed(paths)

    def write_journal(self) -> None:
        self.projects.write_journal()

    def start_pending_load(self) -> None:
        self.projects.start_pending_load()

    def run_script(self, steps: list) -> list[str]:
        """Scripted edits (``nodetype-studio PATH --script edits.json``; scripthook.py)."""
        from nodetype_studio.ui.studio.scripthook import run_script

        return run_script(self, steps)

    @property
    def prompts(self):
        """The questions to the user: the real dialogs (``dialogs.Prompts``), made on the first question.
        Another object with the same methods can be given to the constructor or assigned here; tests
        replace a single question by assigning it on this object (``window.prompts.unsaved_changes = f``)."""
        if self._prompts is None:
            from nodetype_studio.ui.studio.dialogs import Prompts

            prompts = Prompts(self)
            prompts.review_setting_changed = lambda on: self.settings.set("reviewBeforeSave", on)
            self._prompts = prompts
        return self._prompts

    @prompts.setter
    def prompts(self, prompts) -> None:
        self._prompts = prompts

    def forget_source(self, path: Path) -> None:
        """``path`` changed on disk: the source view drops what it showed of it."""
        self.source.forget(str(path))

    @property
    def selected(self) -> str | None:
        """The node type on show in the tree, the editors and the preview."""
        return self._selected

    @selected.setter
    def selected(self, name: str | None) -> None:
        if name != self._selected:
            self._selected = name
            if name:
                self.selectionChanged.emit(name)

    # -- parts made when first needed (the window paints first) --------------------------------------------
    @property
    def data_dir(self) -> Path:
        if self._data_dir is None:
            from nodetype_studio.ui.studio.journal import default_data_dir

            self._data_dir = default_data_dir()
        return self._data_dir

    @property
    def checks(self):
        """The background checks (a worker process, started on the first run)."""
        if self._checks is None:
            from nodetype_studio.ui.studio.checkrunner import CheckRunner

            self._checks = CheckRunner(self, delay_ms=self.settings.get("problemsDelayMs"))
            app = QApplication.instance()
            if app is not None:
                app.aboutToQuit.connect(self._checks.stop)  # the worker process ends with the studio
            self._checks.finished.connect(self._findings)
            self._checks.failed.connect(lambda message: self.status(f"Checks failed: {message}"))
            self._checks.started.connect(lambda: self.problems.set_busy(True))
        return self._checks

    def set_theme(self, theme) -> None:
        """Follow ``theme`` (a Theme): code colours and icon tints switch with it."""
        self.theme = theme
        theme.changed.connect(self._scheme_changed)
        self._scheme_changed(theme.is_dark)

    def _scheme_changed(self, dark: bool) -> None:
        if self._panels_built:
            self._apply_icon_colour()
            self._source.set_dark(dark)
            self._preview.forget_all()  # its icons are drawn in the scheme's colour
            self._show_selected()
        if self._icons_loaded:
            self._load_icons()

    def _apply_icon_colour(self) -> None:
        from nodetype_studio.ui import icons
        from nodetype_studio.ui.studio.theme import DARK_ICON, LIGHT_ICON, is_dark

        # the application's palette: a widget's own follows it only on the next event-loop turn
        icons.set_color(DARK_ICON if is_dark(QApplication.palette()) else LIGHT_ICON)

    _icons_loaded = False

    def _load_icons(self) -> None:
        from nodetype_studio.ui import icons

        self._apply_icon_colour()
        packages = {}
        if self.session is not None:
            from nodetype_studio.preview.inspector import package_folders

            packages = package_folders(self.session.project)

        self.tree_model.set_icon_provider(lambda value: icons.icon(value, packages))
        menus.apply_icons(self)
        self._icons_loaded = True

    # -- layout --------------------------------------------------------------------------------------------
    def _build(self) -> None:
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(4, 4, 0, 4)
        column.setSpacing(3)
        self.filter = QLineEdit(left)
        self.filter.setPlaceholderText("Filter: name, label or property (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setProperty("ownUndo", True)  # its typing is not project data (shortcuts.py)
        column.addWidget(self.filter)
        modes = QHBoxLayout()
        self.mode_buttons = QButtonGroup(self)
        for mode, text in (("inheritance", "Inheritance"), ("package", "Packages")):
            button = QToolButton(left)
            button.setText(text)
            button.setCheckable(True)
            button.setObjectName(f"mode-{mode}")
            button.setAutoRaise(True)
            self.mode_buttons.addButton(button)
            button.toggled.connect(lambda on, m=mode: on and self.set_tree_mode(m))
            modes.addWidget(button)
        modes.addStretch(1)
        column.addLayout(modes)
        self.tree_model = NodeTypeTreeModel(self)
        self.tree_proxy = NodeTypeFilter(self)
        self.tree_proxy.setSourceModel(self.tree_model)
        self.tree = QTreeView(left)
        self.tree.setObjectName("nodeTypeTree")
        self.tree.viewport().installEventFilter(self)
        self.tree.setModel(self.tree_proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)  # inheritance trees run deep: keep room for the names
        self.tree.setItemDelegateForColumn(0, NameDelegate(self.tree))  # long names lose their leading parts
        self.tree.setHeaderHidden(False)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, self.tree.header().ResizeMode.Stretch)
        header = self.tree.header()
        self.tree.setColumnWidth(1, header.fontMetrics().horizontalAdvance("Findings") + 2 * header.style().pixelMetric(
            QStyle.PM_HeaderMargin) + 6)
        self.tree.selectionModel().currentChanged.connect(self._tree_current)
        self.tree_sync = TreeSync(self.tree)
        self.filter.textChanged.connect(self._filter_changed)
        self._filter_keys = FilterKeys(self)
        self._filter_keys.leave.connect(self._filter_to_tree)
        self.filter.installEventFilter(self._filter_keys)
        column.addWidget(self.tree, 1)

        # the definition editor, preview, source and provenance views are built after the first paint
        # (their modules pull in the catalogue, the model and pygments); these hosts hold their places
        self._hosts = {name: _Host(self) for name in ("definition", "preview", "source", "provenance", "problems")}
        self._panels_built = False
        self.bottom = QTabWidget(self)
        self.bottom.setDocumentMode(True)
        self.bottom.addTab(self._hosts["source"], "Source")
        self.bottom.addTab(self._hosts["provenance"], "Provenance")
        self.bottom.addTab(self._hosts["problems"], "Problems")
        self.bottom.currentChanged.connect(lambda _i: self._show_details())

        self.top_splitter = QSplitter(Qt.Horizontal, self)
        self.top_splitter.setObjectName("top_splitter")
        self.top_splitter.addWidget(self._hosts["definition"])
        self.top_splitter.addWidget(self._hosts["preview"])
        self.top_splitter.setSizes([560, 400])
        self.right_splitter = QSplitter(Qt.Vertical, self)
        self.right_splitter.setObjectName("right_splitter")
        self.right_splitter.addWidget(self.top_splitter)
        self.right_splitter.addWidget(self.bottom)
        self.right_splitter.setSizes([520, 260])
        self.main_splitter = QSplitter(Qt.Horizontal, self)
        self.main_splitter.setObjectName("main_splitter")
        self.main_splitter.addWidget(left)
        self.main_splitter.addWidget(self.right_splitter)
        self.main_splitter.setStretchFactor(1, 1)
        self.main_splitter.setSizes([380, 900])
        self.setCentralWidget(self.main_splitter)

        self.message = panes.ElidingLabel(self)  # a long message must not widen the window
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.counts = QLabel(self)
        self.statusBar().addWidget(self.message, 1)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.counts)

    def _restore_state(self) -> None:
        geometry = self.settings.get("window/geometry")
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        for name, splitter in (("window/mainSplitter", self.main_splitter), ("window/rightSplitter", self.right_splitter),
                               ("window/topSplitter", self.top_splitter)):
            state = self.settings.get(name)
            if not state.isEmpty():
                splitter.restoreState(state)
                self.panes.keep(splitter.objectName())
        self.bottom.setCurrentIndex(min(max(self.settings.get("window/bottomTab"), 0), 2))
        mode = self.settings.get("treeMode")
        self.tree_model.mode = mode if mode in ("inheritance", "package") else "inheritance"
        for button in self.mode_buttons.buttons():
            button.setChecked(button.objectName() == f"mode-{self.tree_model.mode}")

    def save_state(self) -> None:
        self.settings.set("window/geometry", self.saveGeometry())
        self.settings.set("window/mainSplitter", self.main_splitter.saveState())
        self.settings.set("window/rightSplitter", self.right_splitter.saveState())
        self.settings.set("window/topSplitter", self.top_splitter.saveState())
        self.settings.set("window/bottomTab", self.bottom.currentIndex())
        if self._panels_built:
            self.settings.set("problems/severities", self._problems.severities())
        self.settings.set("treeMode", self.tree_model.mode)
        self.settings.sync()

    # -- panels built after the first paint -----------------------------------------------------------------
    def ensure_panels(self) -> None:
        """Build the definition editor, preview, source and provenance views (once)."""
        if self._panels_built:
            return
        self._panels_built = True
        from nodetype_studio.ui.studio.defeditor import DefinitionEditor
        from nodetype_studio.ui.studio.problems import ProblemsPanel
        from nodetype_studio.ui.studio.provenance import ProvenanceView
        from nodetype_studio.ui.studio.sourceview import SourceView

        self._definition = DefinitionEditor(self.push, self)
        self._definition.propertySelected.connect(self._property_selected)
        self._ensure_preview()
        self._source = SourceView(self)
        self._source.fileChosen.connect(lambda path: self.show_source(path, 0))
        self._provenance = ProvenanceView(self, display=self.display)
        self._provenance.locationActivated.connect(lambda path, line: self.show_source(path, line, switch=False))
        self._problems = ProblemsPanel(self, display=self.display)
        self._problems.set_severities(self.settings.get("problems/severities"))
        self._problems.activated.connect(self.go_to_finding)
        self._problems.countsChanged.connect(self._counts)
        for name, widget in (("definition", self._definition), ("source", self._source),
                             ("provenance", self._provenance), ("problems", self._problems)):
            self._hosts[name].layout().addWidget(widget)
        self._apply_icon_colour()
        if self.theme is not None:
            self._source.set_dark(self.theme.is_dark)
        self.navigator.panels_built()

    _preview = None

    def _ensure_preview(self) -> None:
        """Build the preview pane (before the other panels: the first preview needs nothing else)."""
        if self._preview is None:
            from nodetype_studio.ui.studio.previewpane import PreviewPane

            self._preview = PreviewPane(self)
            self._hosts["preview"].layout().addWidget(self._preview)
            self._preview.show()  # now, not on the layout's next turn: the first preview waits for its paint

    def _show_first_preview(self) -> None:
        """The first step after the tree is painted: the selected node type's preview, alone."""
        self._ensure_preview()
        self._apply_icon_colour()  # the preview's icons are drawn in the scheme's colour
        if self.session is not None and self.selected:
            self._preview.show_node_type(self.node_type(), self.session.project)

    @property
    def definition(self):
        self.ensure_panels()
        return self._definition

    @property
    def preview(self):
        self.ensure_panels()
        return self._preview

    @property
    def source(self):
        self.ensure_panels()
        return self._source

    @property
    def provenance(self):
        self.ensure_panels()
        return self._provenance

    @property
    def problems(self):
        self.ensure_panels()
        return self._problems

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            self.panes.apply()  # the panes in proportion to the size the window opened with

    _shown_once = False

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self._after_first_paint)

    _painted = False

    def _after_first_paint(self) -> None:
        """Start the project load; the panels and icons follow once the tree is on screen."""
        self.start_pending_load()
        if self.loading is None and self.session is None:
            QTimer.singleShot(0, self.finish_startup)  # nothing to load: build the rest now
        elif self.loading is None:
            self._settle_once()  # the project was loaded before the window was shown: nothing more to wait for

    _deferring = False  # a loaded project waits for its panels (the tree shows first)

    @property
    def startup_pending(self) -> bool:
        """A loaded project waits for its panels (finish_startup builds them)."""
        return self._deferring

    def finish_startup(self) -> None:
        """Build the panels, show the selected node type and load the icons (after the tree is painted);
        then start the checks (their worker process is not started before the first preview is shown)."""
        was_deferring, self._deferring = self._deferring, False
        self.ensure_panels()
        if self.session is not None and self.selected:
            self._show_selected()
        if not self._icons_loaded:
            self._load_icons()
        if was_deferring and self.session is not None:
            self.checks.schedule(self.session.root, self.session.overrides(), load=self.session.load_id)
        self._settle_once()

    def _settle_once(self) -> None:
        """Schedule the last start-up step (``settle_in``), once per window, after what is on screen now."""
        if not self._settled:
            self._settled = True
            QTimer.singleShot(0, settle_in)

    _settled = False

    def _finish_in_steps(self) -> None:
        """finish_startup in event-loop turns (panels, preview editors, icons), so the window repaints and
        takes input between them. The panels wait until the first preview is painted: a zero timer comes
        before the window's next paint (the platform paints on its own update timer), so without waiting
        the preview would be painted only after every panel was built."""
        steps = [self._show_first_preview, self.ensure_panels, self.finish_startup]

        def next_step() -> None:
            if steps and self._deferring:
                first = len(steps) == 3
                steps.pop(0)()
                if first and self._wait_for_preview_paint(next_step):
                    return
                QTimer.singleShot(0, next_step)

        next_step()

    _preview_painted_then = None  # the next start-up step, run once the first preview is painted

    def _wait_for_preview_paint(self, then) -> bool:
        """Run ``then`` once the preview on show is painted (at the latest after a short while, e.g. when
        its pane is collapsed); False when there is no preview on show to wait for."""
        inspector = self._preview.current() if self._preview is not None else None
        if inspector is None or not inspector.isVisible():
            return False
        self._preview_painted_then = (inspector, then)
        inspector.installEventFilter(self)
        # (the window is the timer's context: if the window goes, so does the timer; the inspector may be
        # replaced or deleted meanwhile, and the start-up goes on all the same)
        QTimer.singleShot(PREVIEW_PAINT_WAIT_MS, self, lambda: self._preview_painted(inspector))
        return True

    def _preview_painted(self, inspector) -> None:
        waiting = self._preview_painted_then
        if waiting is None or waiting[0] is not inspector:
            return
        self._preview_painted_then = None
        if shiboken6.isValid(inspector):
            inspector.removeEventFilter(self)
        QTimer.singleShot(0, waiting[1])

    def eventFilter(self, watched, event) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Paint and self._deferring \
                and not self._finish_scheduled:
            self._finish_scheduled = True  # the project's tree is being painted: the rest comes next
            QTimer.singleShot(0, self._finish_in_steps)
        elif event.type() == QEvent.Paint and self._preview_painted_then is not None \
                and watched is self._preview_painted_then[0]:
            self._preview_painted(watched)  # the first preview is being painted: the panels come next
        return False

    _finish_scheduled = False

    # -- project lifecycle (signals of ProjectController) ---------------------------------------------------
    def project_opened(self, *, defer_panels: bool = False) -> None:
        self.selected = None
        self.filter.clear()  # a filter typed for the last project would hide this one's types
        self.tree_model.set_types({})
        if self._panels_built:
            self._preview.forget_all()
        elif defer_panels:
            self._deferring = True
            self._finish_scheduled = False
            QTimer.singleShot(1000, self._finish_in_steps)  # in case the tree is not painted (hidden)
        self.refresh_now(resolve=False)
        if self._icons_loaded:
            self._load_icons()  # resource:// icons need the project's package folders
        remembered = self.panes.restore_project(self.settings, self.session.root)
        first = remembered if remembered and self.session.project.node_type(remembered) else self._first_type()
        if first is not None:
            self.selected = first
            self._select_in_tree(first)
            self._show_selected()
        self._update_title()
        own = len(self.session.project.project_node_types())
        files = len([f for f in self.session.project.files if not f.baseline])
        self.status(f"Opened {self.session.root.name}: {own} node types in {files} files")

    def _project_closing(self) -> None:
        self.panes.save_project(self.settings, self.session.root)  # its selection and pane sizes, for next time

    def project_closed(self) -> None:
        if self._checks is not None:
            self._checks.stop()
        self.selected = None
        self.tree_model.set_types({})
        self.tree_model.set_findings({})
        if self._panels_built:
            self._definition.show_node_type(None, None)
            self._preview.forget_all()
            self._provenance.show_node_type(None)
            self._source.set_files([])
            self._problems.set_findings([])
        menus.update_enabled(self)
        self._update_title()
        self.status("Open a project (Ctrl+O)")
        self.projectClosed.emit()

    def _first_type(self) -> str | None:
        own = self.session.project.project_node_types() if self.session else []
        concrete = [nt.name for nt in own if not nt.abstract] or [nt.name for nt in own]
        return concrete[0] if concrete else None

    # -- edits ---------------------------------------------------------------------------------------------
    def push(self, text: str, operation, *, merge_key=None, focus=(None, None)) -> None:
        """Run ``operation(editor)`` as an undoable command."""
        if self.session is None:
            return
        from nodetype_studio.ui.studio.commands import EditCommand

        self.last_error = ""
        self.undo_stack.push(EditCommand(self, text, operation, merge_key=merge_key, focus=focus))

    def command_applied(self, command) -> None:
        name, prop = command.focus
        if name:
            self.selected = name
        if prop:
            self.focus_property = prop
        self.schedule_refresh()
        self.projects.schedule_journal()

    def command_failed(self, command, error) -> None:
        self.last_error = f"{command.text()}: {error}"
        self.status(f"Not done \u2014 {self.last_error}", error=True)

    def schedule_refresh(self) -> None:
        self._refresh_timer.start()

    def flush(self) -> None:
        """Apply a pending refresh now (tests and scripted edits)."""
        if self._refresh_timer.isActive():
            self._refresh_timer.stop()
            self.refresh_now()

    def refresh_now(self, *, resolve: bool = True) -> None:
        """Resolve the project again (files + unsaved buffers) and show the result everywhere."""
        self._refresh_timer.stop()
        if self.session is None:
            return
        project = self.session.resolve() if resolve else self.session.project
        infos = type_infos(project, self.settings.get("showPlatformTypes"))
        # the expanded rows are read only when the model is reset (an edit of a label keeps every row)
        expanded, current = ([], None) if self.tree_model.keeps_outline(infos) else self._tree_state()
        with self.tree_sync.quiet():
            if self.tree_model.set_types(infos):
                self._restore_tree(expanded, current)
            self.tree_model.set_dirty(self.session.dirty_node_types())
        if self.selected is not None and project.node_type(self.selected) is None:
            self.selected = None
        self.tree_sync.show(self.selected, scroll=False)
        self._show_selected()
        self._update_title()
        menus.update_enabled(self)
        if not self._deferring:  # at start-up the checks wait for the first preview (finish_startup)
            self.checks.schedule(self.session.root, self.session.overrides(), load=self.session.load_id)
        self.refreshed.emit()

    # -- tree ----------------------------------------------------------------------------------------------
    def set_tree_mode(self, mode: str) -> None:
        expanded, current = self._tree_state()
        with self.tree_sync.quiet():
            self.tree_model.set_mode(mode)
            self._restore_tree(expanded, current)
        if self.selected:
            self._select_in_tree(self.selected)
        for button in self.mode_buttons.buttons():
            with QSignalBlocker(button):
                button.setChecked(button.objectName() == f"mode-{mode}")

    def _filter_changed(self, text: str) -> None:
        with self.tree_sync.quiet():
            self.tree_proxy.set_text(text)
            if text.strip():
                self.tree.expandAll()
        self.tree_sync.show(self.selected)

    def _filter_to_tree(self) -> None:
        """Down/Enter in the filter: the first matching row becomes current (the user's choice)."""
        index = self.tree_sync.first_match() if self.tree_proxy.needle else self.tree.currentIndex()
        self.tree.setFocus(Qt.ShortcutFocusReason)
        if index.isValid():
            self.tree.setCurrentIndex(index)

    def _tree_state(self):
        expanded = []
        stack = [self.tree_proxy.index(r, 0) for r in range(self.tree_proxy.rowCount())]
        while stack:
            index = stack.pop()
            if self.tree.isExpanded(index):
                expanded.append(self.tree_model.path_of(self.tree_proxy.mapToSource(index)))
                stack.extend(self.tree_proxy.index(r, 0, index) for r in range(self.tree_proxy.rowCount(index)))
        current = self.tree.currentIndex()
        return expanded, self.tree_model.path_of(self.tree_proxy.mapToSource(current)) if current.isValid() else None

    def _restore_tree(self, expanded, current) -> None:
        for path in expanded:
            index = self.tree_proxy.mapFromSource(self.tree_model.index_for_path(path))
            if index.isValid():
                self.tree.setExpanded(index, True)
        if current:
            index = self.tree_proxy.mapFromSource(self.tree_model.index_for_path(current))
            if index.isValid():
                with self.tree_sync.quiet():
                    self.tree.setCurrentIndex(index)

    def _tree_current(self, current, _previous) -> None:
        if self.tree_sync.is_quiet:
            return  # rows came or went (filter, refresh): the user did not choose another type
        name = current.data(NAME_ROLE) if current.isValid() else None
        if name and name != self.selected:
            self.selected = name
            self.focus_property = None
            self._show_selected()

    def _select_in_tree(self, name: str) -> None:
        self.tree_sync.show(name)

    def select_type(self, name: str, property_name: str | None = None) -> bool:
        """Select node type ``name`` (and a property of it) everywhere."""
        if self.session is None:
            return False
        nt = self.session.project.node_type(name)
        if nt is None:
            return False
        if self._deferring:
            self.finish_startup()  # asked for explicitly: build the panels now
        self.selected = nt.name
        self.focus_property = property_name
        self._select_in_tree(nt.name)
        self._show_selected()
        return True

    # -- the selected node type ----------------------------------------------------------------------------
    def node_type(self):
        return self.session.project.node_type(self.selected) if self.session and self.selected else None

    def _show_selected(self) -> None:
        if self._deferring:
            return  # finish_startup shows it
        nt = self.node_type()
        project = self.session.project if self.session else None
        self.definition.show_node_type(nt, project, self.focus_property)
        self.preview.show_node_type(nt, project)
        self._show_details()
        menus.update_enabled(self)

    def _property_selected(self, name: str) -> None:
        self.focus_property = name
        self._show_details()

    def _show_details(self) -> None:
        """The bottom tab on show: source (with the current key's line) or provenance."""
        if not self._panels_built or self._deferring:
            return
        nt = self.node_type()
        tab = self.bottom.currentIndex()
        if tab == PROVENANCE_TAB:
            self.provenance.show_node_type(nt)
        elif tab == SOURCE_TAB:
            if nt is None:
                self.source.set_files([])
                return
            files = self.session.own_files(nt.name) or [Path(f.file.path) for f in nt.fragments]
            entries = [(str(p), self.display(p)) for p in files]
            location = None
            if self.focus_property and self.focus_property in nt.properties:
                # where the property is written: its own file, or the supertype's that defines it
                location = nt.locate(("properties", self.focus_property))
            location = location if location is not None and location.line else nt.location_of_definition()
            if location is not None and location.file not in {path for path, _label in entries}:
                entries.append((location.file, f"{self.display(location.file)}  (supertype)"))
            self.source.set_files(entries)
            if location is not None:
                self.show_source(location.file, location.line, switch=False)
            elif entries:
                self.show_source(entries[0][0], 0, switch=False)

    def show_source(self, path: str, line: int, *, switch: bool = True) -> None:
        """Show ``path`` in the source view with ``line`` marked (and bring the Source tab forward)."""
        if self.session is None:
            return
        entries = [(self.source.files.itemData(i), self.source.files.itemText(i)) for i in range(self.source.files.count())]
        if path not in [p for p, _l in entries]:
            self.source.set_files(entries + [(path, self.display(path))])
        doc = self.session.editor.open_document(Path(path))
        changed = set(doc.changed_lines()) if doc is not None and doc.dirty else set()
        self.source.show_file(path, self.session.text_of(Path(path)), line, changed)
        if switch and self.bottom.currentIndex() != SOURCE_TAB:
            with QSignalBlocker(self.bottom):
                self.bottom.setCurrentIndex(SOURCE_TAB)

    # -- problems ------------------------------------------------------------------------------------------
    def _findings(self, findings: list) -> None:
        from nodetype_studio.ui.studio.problems import counts_by_type


        self.problems.set_busy(self.checks.busy)
        self.problems.set_findings(findings)
        self.tree_model.set_findings(counts_by_type(findings))

    def _counts(self, errors: int, warnings: int, notes: int) -> None:
        def counted(number: int, what: str) -> str:
            return f"{number} {what}{'' if number == 1 else 's'}"

        self.counts.setText(" \u00b7 ".join((counted(errors, "error"), counted(warnings, "warning"), counted(notes, "note")))
                            if self.session else "")
        self.bottom.setTabText(PROBLEMS_TAB, f"Problems ({errors + warnings + notes})" if self.session else "Problems")

    def go_to_finding(self, finding) -> None:
        """Select the finding's node type and property, and show its file and line (the Problems list
        stays on show)."""
        if finding.node_type and self.session and self.session.project.node_type(finding.node_type) is not None:
            self.select_type(finding.node_type, finding.property_name)
            if finding.property_name:
                self.definition.select_property(finding.property_name)
        if finding.file:
            self.show_source(finding.file, finding.line, switch=False)

    # -- status and title ----------------------------------------------------------------------------------
    def display(self, path) -> str:
        return self.session.display(Path(path)) if self.session else str(path)

    def status(self, text: str, *, error: bool = False) -> None:
        self.message.setText(text)
        self.message.set_colour(style.ERROR if error else None)

    def show_error(self, message: str) -> None:
        self.last_error = message
        self.status(message, error=True)

    def set_busy(self, text: str | None) -> None:
        self.progress.setVisible(text is not None)
        if text:
            self.status(text)

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        if self.session is None:
            self.setWindowTitle(TITLE)
            return
        dirty = len(self.session.dirty_files())
        self.setWindowModified(dirty > 0)
        self.setWindowTitle(f"{self.session.root.name}[*] \u2014 {TITLE}")
        self.statusBar().setToolTip(f"{dirty} file(s) with unsaved changes" if dirty else "")

    # -- closing -------------------------------------------------------------------------------------------
    def closeEvent(self, event) -> None:
        if not self.close_project():
            event.ignore()
            return
        if self._checks is not None:
            self._checks.stop()
        self.save_state()
        event.accept()


#: what the first preview leaves for later and most sessions need soon: the editing layer's documents
#: (the first edit), the JavaScript pattern grammar (the first regular-expression or text validator), PHP's
#: date syntax (the first relative date) and the e-mail rules (the first address checked)
LATER_MODULES = ("nodetype_studio.editing.document", "nodetype_studio.js.regex.translate",
                 "nodetype_studio.php.strtotime", "nodetype_studio.validation.isemail")


def settle_in() -> None:
    """The last start-up step, once the window is ready: the modules of ``LATER_MODULES`` are imported (so
    the first keystroke or the first visit of a type that needs them does not wait for the import), then
    the garbage of the start-up is collected: the collector's first full pass over everything the start
    made (Qt's wrappers, the modules, the project) would otherwise fall in the middle of the first
    interaction (about 16 ms for a small project)."""
    for name in LATER_MODULES:
        importlib.import_module(name)
    gcpolicy.release()
    gc.collect()


_held: list[bool] = []


def _hold_collections_for_the_start() -> None:
    """With the process's first window: the GUI thread's collections wait for ``settle_in`` (at most
    ``gcpolicy.HOLD_AT_MOST_S``). Everything the start makes lives on; a young collection every 200 ms
    walked it again and again (several milliseconds each on the way to the first preview)."""
    if not _held:
        _held.append(True)
        gcpolicy.hold()
