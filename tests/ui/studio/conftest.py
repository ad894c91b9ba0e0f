"""Fixtures for the studio window: a copy of the fixture project, private settings and data folders,
and a helper that answers the real modal dialogs from a timer."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "studio" / "Acme.Studio"
TEASER = "Acme.Studio:Content.Teaser"


@pytest.fixture
def project(tmp_path) -> Path:
    target = tmp_path / "Acme.Studio"
    shutil.copytree(FIXTURE, target)
    return target


@pytest.fixture
def settings(tmp_path):
    from nodetype_studio.ui.studio.settings import Settings

    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return tmp_path / "data"


class Discard:
    """Prompts for teardown: never block, drop unsaved edits."""

    def unsaved_changes(self, files):
        return "discard"


@pytest.fixture
def make_window(qtbot, settings, data_dir):
    from nodetype_studio.ui.studio.mainwindow import StudioWindow

    windows = []

    def make(path=None, **kwargs):
        kwargs.setdefault("settings", settings)
        kwargs.setdefault("data_dir", data_dir)
        kwargs.setdefault("background", False)
        window = StudioWindow(path, **kwargs)
        windows.append(window)  # closed below, not by qtbot: its teardown runs before ours
        window.show()
        qtbot.waitExposed(window)
        return window

    yield make
    for window in windows:
        window.prompts = Discard()
        window.checks.cancel()
        window.close()
        window.deleteLater()


@pytest.fixture
def window(make_window, project):
    return make_window(project)


class DialogAnswers:
    """Answers modal dialogs as they open: ``expect(DialogClass, callback)`` in the order they come.

    The callback gets the dialog and must close it (click a button). ``seen`` keeps what was shown.
    """

    def __init__(self):
        self.rules: list = []
        self.seen: list = []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._poll)
        self.timer.start()

    def expect(self, cls, callback) -> None:
        self.rules.append((cls, callback))

    def _poll(self) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not self.rules:
            return
        cls, callback = self.rules[0]
        if isinstance(dialog, cls):
            self.rules.pop(0)
            self.seen.append((type(dialog).__name__, _texts(dialog)))
            callback(dialog)

    def stop(self) -> None:
        self.timer.stop()


def _texts(dialog) -> str:
    from PySide6.QtWidgets import QLabel, QPlainTextEdit

    parts = [w.text() for w in dialog.findChildren(QLabel)]
    parts += [w.toPlainText() for w in dialog.findChildren(QPlainTextEdit)]
    return "\n".join(parts)


@pytest.fixture
def answers():
    helper = DialogAnswers()
    yield helper
    helper.stop()
    assert not helper.rules, f"dialogs expected but never shown: {[c.__name__ for c, _cb in helper.rules]}"
