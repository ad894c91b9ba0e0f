"""The CMS version in the window (issue 16, point 1): the status bar names it and where it came from;
View > CMS Version chooses it, writes `cmsVersion` to the project's `.nodetype-studio.yaml` and
resolves the project with that version's rules."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def _view_menu(window):
    return next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View")


def test_status_bar_names_the_detected_version(window):
    label = window.version_label
    assert label.isVisible()
    assert label.text() == "Neos 9.x (default)"
    assert "no composer.lock" in label.toolTip()
    assert window.version_actions["detect"].isChecked()


def test_choosing_a_version_writes_the_setting_and_resolves_again(qtbot, window, project):
    (project / ".nodetype-studio.yaml").write_text("# checks of this project\nselect: [editor]\n")
    view = _view_menu(window)
    submenu = next(a.menu() for a in view.actions() if a.menu() is not None and a.menu().objectName() == "cms_version_menu")
    assert [a.text() for a in submenu.actions()] == ["&Detect from composer files", "Neos &8.3", "Neos &9.x"]
    window.version_actions["8.3"].trigger()
    assert window.session.project.cms_version.version.value == "8.3"
    assert window.version_label.text() == "Neos 8.3"
    assert window.version_actions["8.3"].isChecked()
    # the one line is added, the rest of the file is kept
    assert (project / ".nodetype-studio.yaml").read_text() == "# checks of this project\nselect: [editor]\ncmsVersion: '8.3'\n"
    assert "CMS version: Neos 8.3" in window.message.text()
    # back to detection: the line goes away again
    window.version_actions["detect"].trigger()
    assert (project / ".nodetype-studio.yaml").read_text() == "# checks of this project\nselect: [editor]\n"
    assert window.version_label.text() == "Neos 9.x (default)"


def test_the_setting_is_written_in_the_files_own_line_endings_after_a_bom(qtbot, window, project):
    setting = project / ".nodetype-studio.yaml"
    setting.write_bytes(b"\xef\xbb\xbfcmsVersion: '9'\r\n# checks of this project\r\nselect: [editor]\r\n")
    window.version_actions["8.3"].trigger()
    assert setting.read_bytes() == b"\xef\xbb\xbfcmsVersion: '8.3'\r\n# checks of this project\r\nselect: [editor]\r\n"
    assert window.session.project.cms_version.version.value == "8.3"
    window.version_actions["detect"].trigger()
    assert setting.read_bytes() == b"\xef\xbb\xbf# checks of this project\r\nselect: [editor]\r\n"
    window.version_actions["9"].trigger()
    assert setting.read_bytes() == b"\xef\xbb\xbf# checks of this project\r\nselect: [editor]\r\ncmsVersion: '9'\r\n"


def test_the_menu_opens_from_the_keyboard(qtbot, window):
    window.activateWindow()
    qtbot.waitActive(window)
    QTest.keyClick(window, Qt.Key_V, Qt.AltModifier)
    view = _view_menu(window)
    qtbot.waitUntil(view.isVisible)
    assert any(a.text() == "CMS &Version" for a in view.actions())
    QTest.keyClick(view, Qt.Key_Escape)


def test_an_unwritable_setting_is_reported_and_nothing_is_lost(qtbot, window, project):
    (project / ".nodetype-studio.yaml").mkdir()  # a folder where the file should be: cannot be written
    window.version_actions["8.3"].trigger()
    assert "Cannot save the CMS version" in window.message.text()
    assert window.session.project.cms_version.version.value == "9"
    assert window.version_actions["detect"].isChecked()


def test_a_setting_file_that_is_not_utf8_is_reported_and_left_as_it_is(qtbot, window, project):
    setting = project / ".nodetype-studio.yaml"
    setting.write_bytes(b"# caf\xe9 checks\nselect: [editor]\n")  # Latin-1, written by another program
    window.version_actions["8.3"].trigger()
    assert "Cannot save the CMS version" in window.message.text()
    assert "not UTF-8" in window.message.text()
    assert setting.read_bytes() == b"# caf\xe9 checks\nselect: [editor]\n"
    assert window.session.project.cms_version.version.value == "9"
