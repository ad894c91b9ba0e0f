"""The settings file (QSettings, INI) is the user's, but anything may have written it: it is read only within
the studio's bound, a file the studio cannot use is kept aside with a message, and odd values read as the
defaults. Start-up never hangs or stops on it."""

from __future__ import annotations

import os
import threading

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from nodetype_studio.boundedio import MAX_FILE_BYTES
from nodetype_studio.ui.studio.mainwindow import StudioWindow
from nodetype_studio.ui.studio.settings import DEFAULTS, open_settings, settings_file


def test_the_settings_file_is_where_qsettings_keeps_it(tmp_path):
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "config"))
    store = QSettings(QSettings.IniFormat, QSettings.UserScope, "NodeTypeStudio", "nodetype-studio")
    assert settings_file() == tmp_path / "config" / "NodeTypeStudio" / "nodetype-studio.ini" == \
        type(settings_file())(store.fileName())


def test_an_oversized_settings_file_is_kept_aside_and_start_up_says_so(qtbot, project_path, monkeypatch, tmp_path):
    from nodetype_studio.ui.app import run_app

    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "config"))
    monkeypatch.setenv("NODETYPE_STUDIO_DATA_DIR", str(tmp_path / "data"))
    ini = tmp_path / "config" / "NodeTypeStudio" / "nodetype-studio.ini"
    ini.parent.mkdir(parents=True)
    with open(ini, "w", encoding="utf-8") as stream:
        stream.write("[General]\nreviewBeforeSave=false\n")
        for number in range(MAX_FILE_BYTES // 90):
            stream.write(f"k{number}={'v' * 90}\n")
    size = ini.stat().st_size
    assert size > MAX_FILE_BYTES
    seen = {}

    def check():
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, StudioWindow) and widget.isVisible():
                if widget.session is None:
                    QTimer.singleShot(50, check)
                    return
                seen["message"] = widget.message.text()
                seen["review"] = widget.settings.get("reviewBeforeSave")
                widget.prompts.unsaved_changes = lambda files: "discard"
                widget.close()
        QApplication.instance().exit(0)

    app = QApplication.instance()
    previous = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    QTimer.singleShot(50, check)
    try:
        assert run_app([str(project_path)]) == 0
    finally:
        app.setQuitOnLastWindowClosed(previous)
    aside = ini.with_name("nodetype-studio.unreadable.ini")
    assert aside.stat().st_size == size  # kept whole, where the next settings do not replace it
    assert seen["review"] is True  # the default: nothing was read from it
    assert (f"The settings file {ini} is not read: it is {size / 1024 / 1024:.1f} MB, more than the 8 MB the studio "
            f"reads; it was kept as nodetype-studio.unreadable.ini, and the studio starts with its default "
            f"settings") in seen["message"], seen
    assert ini.is_file() and ini.stat().st_size < 4096  # the new settings (the recent project)


def test_a_pipe_or_a_malformed_file_is_kept_aside(tmp_path):
    ini = tmp_path / "settings.ini"
    os.mkfifo(ini)
    def write() -> None:  # a writer, so that a reader opening the pipe does not wait for ever (the test fails, not hangs)
        try:
            descriptor = os.open(ini, os.O_WRONLY)  # (no such file once the pipe is moved aside: nothing to write)
        except OSError:
            return
        try:
            os.write(descriptor, b"[General]\nreviewBeforeSave=false\n")
        except OSError:
            pass  # (the reader that let it go is gone)
        os.close(descriptor)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    settings = open_settings(ini)
    assert settings.get("reviewBeforeSave") is True
    assert "is not read: it is not a file (a pipe, a device or a folder)" in settings.problem, settings.problem
    assert (tmp_path / "settings.unreadable.ini").exists() and not ini.exists()
    # let the writer go, if it waits for a reader of the pipe moved aside (a reader that does not wait itself)
    os.close(os.open(tmp_path / "settings.unreadable.ini", os.O_RDONLY | os.O_NONBLOCK))
    writer.join(5)

    ini.write_bytes(b"[General\nreviewBeforeSave=false\n" + bytes(range(256)))
    settings = open_settings(ini)
    assert settings.get("reviewBeforeSave") is True
    assert "is not read: it is not a settings file the studio can read (malformed INI)" in settings.problem
    assert (tmp_path / "settings.unreadable.ini").read_bytes().startswith(b"[General\n")
    settings.set("reviewBeforeSave", False)
    settings.sync()
    assert open_settings(ini).get("reviewBeforeSave") is False and open_settings(ini).problem == ""


def test_odd_values_read_as_the_defaults_and_the_window_starts(make_window, project, tmp_path):
    ini = tmp_path / "odd.ini"
    ini.write_text("[General]\nproblemsDelayMs=99999999999999999999\nreloadDelayMs=-99999999999999\n"
                   "window\\bottomTab=1e400\nrecentProjects=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x10)\n", encoding="utf-8")
    settings = open_settings(ini)
    assert settings.problem == ""
    assert settings.get("problemsDelayMs") == DEFAULTS["problemsDelayMs"]
    assert settings.get("reloadDelayMs") == DEFAULTS["reloadDelayMs"]
    assert settings.get("recentProjects") == []
    window = make_window(project, settings=settings)
    assert window.session is not None
