"""A small window around the inspector preview: node types on the left, their inspector on the right.

``nodetype-studio [PATH]`` opens it. File>Open (Ctrl+O), Reload (F5), Quit (Ctrl+Q). The full studio
window replaces this later; the inspector widget does not depend on it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PySide6.QtCore import QSortFilterProxyModel, QStringListModel, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog, QLabel, QLineEdit, QListView, QMainWindow, QMessageBox, QSplitter, QVBoxLayout, QWidget,
)

from nodetype_studio import __version__
from nodetype_studio.model import load_project
from nodetype_studio.ui.inspector import InspectorWidget
from nodetype_studio.ui.layout import InspectorSource


class PreviewWindow(QMainWindow):
    def __init__(self, path: Path | None = None):
        super().__init__()
        self.project = None
        self.path: Path | None = None
        self.setWindowTitle("Node Type Studio")
        self.resize(900, 700)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(4, 4, 4, 4)
        self.filter = QLineEdit(left)
        self.filter.setPlaceholderText("Filter node types")
        self.filter.setClearButtonEnabled(True)
        left_layout.addWidget(self.filter)
        self.names = QStringListModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.names)
        self.proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.list = QListView(left)
        self.list.setModel(self.proxy)
        self.list.setEditTriggers(QListView.NoEditTriggers)
        self.list.selectionModel().currentChanged.connect(lambda current, _previous: self._select(current))
        left_layout.addWidget(self.list, 1)

        self.inspector = InspectorWidget(self)
        splitter = QSplitter(self)
        splitter.addWidget(left)
        splitter.addWidget(self.inspector)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([320, 420])
        self.setCentralWidget(splitter)
        self.status = QLabel(self)
        self.statusBar().addWidget(self.status, 1)
        self._menus()
        if path is not None:
            self.open_path(path)

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open\u2026", self, shortcut=QKeySequence.Open, triggered=self.choose_path)
        self.reload_action = QAction("&Reload", self, shortcut=QKeySequence(Qt.Key_F5), triggered=self.reload)
        self.quit_action = QAction("&Quit", self, shortcut=QKeySequence.Quit, triggered=self.close)
        self.quit_action.setShortcutContext(Qt.ApplicationShortcut)
        for action in (self.open_action, self.reload_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(QAction("&About", self, triggered=self._about))

    def _about(self) -> None:
        QMessageBox.about(self, "Node Type Studio", f"Node Type Studio {__version__}")

    def choose_path(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open project folder", str(self.path or Path.cwd()))
        if folder:
            self.open_path(Path(folder))

    def open_path(self, path: Path) -> bool:
        """Load the project at ``path``; a missing path is reported, never raised."""
        try:
            project = load_project(path)
        except OSError as exc:
            self.status.setText(f"Cannot open {path}: {exc.strerror or exc}")
            return False
        selected = self.current_name()
        self.project, self.path = project, Path(path)
        names = [nt.name for nt in project.project_node_types()]
        self.names.setStringList(names)
        problems = len(project.diagnostics)
        self.setWindowTitle(f"{Path(path).name} \u2014 Node Type Studio")
        self.status.setText(f"{len(names)} node types, {problems} finding{'s' if problems != 1 else ''} \u2014 {path}")
        self.select(selected if selected in names else (names[0] if names else None))
        return True

    def reload(self) -> None:
        if self.path is not None:
            self.open_path(self.path)

    def current_name(self) -> str | None:
        index = self.list.currentIndex()
        return index.data() if index.isValid() else None

    def select(self, name: str | None) -> None:
        if name is None:
            return
        row = self.names.stringList().index(name)
        index = self.proxy.mapFromSource(self.names.index(row))
        if index.isValid():
            self.list.setCurrentIndex(index)
            self._select(index)

    def _select(self, index) -> None:
        if self.project is None or not index.isValid():
            return
        nt = self.project.node_type(index.data())
        if nt is not None and (self.inspector.source is None or self.inspector.source.name != nt.name
                               or self.inspector.source.config is not nt.effective):
            self.inspector.show_node_type(InspectorSource.from_model(nt, self.project))


def _default_path() -> Path | None:
    from nodetype_studio.resources import example_project

    try:
        path = example_project()
    except FileNotFoundError:
        return None
    return path if path.exists() else None


def run_app(argv: list[str]) -> int:
    """Open the preview window on ``argv[0]`` (a project path) or the bundled example project."""
    parser = argparse.ArgumentParser(prog="nodetype-studio", description="Open the studio window.")
    parser.add_argument("path", nargs="?", help="project folder or NodeTypes file (default: the example project)")
    args = parser.parse_args(argv)
    from nodetype_studio.ui.render import ensure_app

    app = ensure_app()
    path = Path(args.path) if args.path else _default_path()
    window = PreviewWindow()
    if path is not None and not window.open_path(path):
        QMessageBox.warning(window, "Node Type Studio", window.status.text())
    window.show()
    return app.exec()
