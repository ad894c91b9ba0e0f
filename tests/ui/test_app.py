"""The small preview window: node type list with filter, inspector, File menu actions."""

import shutil

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from nodetype_studio.ui.app import PreviewWindow, run_app


def names(window):
    model = window.list.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_opens_a_project_and_shows_the_first_node_type(qtbot, project_path):
    window = PreviewWindow(project_path)
    qtbot.addWidget(window)
    assert names(window) == ["Acme.Preview:Disabled", "Acme.Preview:Everything", "Acme.Preview:Translated"]
    assert window.inspector.source.name == "Acme.Preview:Disabled"
    assert "3 node types" in window.status.text()
    assert "Acme.Preview" in window.windowTitle()


def test_filter_and_select(qtbot, project_path):
    window = PreviewWindow(project_path)
    qtbot.addWidget(window)
    qtbot.keyClicks(window.filter, "every")
    assert names(window) == ["Acme.Preview:Everything"]
    window.list.setCurrentIndex(window.list.model().index(0, 0))
    assert window.inspector.source.name == "Acme.Preview:Everything"
    assert window.inspector.editor("title") is not None


def test_reload_picks_up_changes_and_keeps_the_selection(qtbot, project_path, tmp_path):
    copy = tmp_path / "Acme.Preview"
    shutil.copytree(project_path, copy)
    window = PreviewWindow(copy)
    qtbot.addWidget(window)
    window.select("Acme.Preview:Everything")
    path = copy / "NodeTypes" / "Everything.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("label: 'Title'", "label: 'Heading'"), encoding="utf-8")
    window.reload_action.trigger()
    assert window.current_name() == "Acme.Preview:Everything"
    labels = [w.text() for w in window.inspector.findChildren(type(window.status)) if w.objectName() == "label:title"]
    assert labels == ["Heading"]


def test_standard_shortcuts(qtbot, project_path):
    window = PreviewWindow(project_path)
    qtbot.addWidget(window)
    assert window.open_action.shortcut() == QKeySequence(QKeySequence.Open)
    assert window.quit_action.shortcut() == QKeySequence(QKeySequence.Quit)
    assert window.reload_action.shortcut() == QKeySequence(Qt.Key_F5)


def test_a_missing_path_is_reported_not_raised(qtbot, tmp_path):
    window = PreviewWindow()
    qtbot.addWidget(window)
    assert not window.open_path(tmp_path / "nothing-here")
    assert "Cannot open" in window.status.text()


def test_run_app_opens_the_window_and_returns_the_exit_code(qtbot, project_path, monkeypatch):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen = {}

    def quit_soon():
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, PreviewWindow):
                seen["types"] = names(widget)
                widget.quit_action.trigger()
        QApplication.instance().exit(0)

    # closing the last window inside exec() would otherwise stop QTimers for the rest of the session
    app = QApplication.instance()
    previous = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    QTimer.singleShot(50, quit_soon)
    try:
        assert run_app([str(project_path)]) == 0
    finally:
        app.setQuitOnLastWindowClosed(previous)
    assert "Acme.Preview:Everything" in seen["types"]
