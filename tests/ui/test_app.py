"""``nodetype-studio [PATH]``: run_app opens the studio window on PATH, the last project or the example."""

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from nodetype_studio.ui.app import _default_path, run_app
from nodetype_studio.ui.studio.mainwindow import StudioWindow
from nodetype_studio.ui.studio.settings import Settings


def _quit_when_loaded(seen):
    def check():
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, StudioWindow) and widget.isVisible():
                if widget.session is None:
                    QTimer.singleShot(50, check)
                    return
                seen["root"] = widget.session.root
                seen["selected"] = widget.selected
                widget.prompts.unsaved_changes = lambda files: "discard"
                widget.close()
        QApplication.instance().exit(0)

    return check


def test_run_app_opens_the_studio_on_a_path(qtbot, project_path, monkeypatch, tmp_path):
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "config"))
    monkeypatch.setenv("NODETYPE_STUDIO_DATA_DIR", str(tmp_path / "data"))
    seen = {}
    # closing the last window inside exec() would otherwise stop QTimers for the rest of the session
    app = QApplication.instance()
    previous = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    QTimer.singleShot(50, _quit_when_loaded(seen))
    try:
        assert run_app([str(project_path)]) == 0
    finally:
        app.setQuitOnLastWindowClosed(previous)
    assert seen["root"] == project_path
    assert seen["selected"].startswith("Acme.Preview:")
    assert (tmp_path / "config" / "NodeTypeStudio" / "nodetype-studio.ini").is_file()  # recent projects stored there


def test_without_a_path_the_last_project_else_the_example(tmp_path, project_path):
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    example = _default_path(settings)
    assert example is not None and example.name == "example"
    settings.add_recent(str(project_path))
    assert _default_path(settings) == project_path
    settings.add_recent(str(tmp_path / "gone"))
    assert _default_path(settings) == example
