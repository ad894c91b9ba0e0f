"""Desktop manners: menus and shortcuts, recent projects, restored geometry and splitters, closing with
unsaved edits, history view, colour schemes, About, background loading with a status bar."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from nodetype_studio.ui.studio.about import AboutDialog, versions
from nodetype_studio.ui.studio.dialogs import ReviewDialog
from nodetype_studio.ui.studio.menus import SHORTCUTS
from nodetype_studio.ui.studio.settings import Settings
from nodetype_studio.ui.studio.theme import Theme, is_dark

from .conftest import TEASER


def type_label(qtbot, window, text="Teaser box"):
    window.select_type(TEASER)
    window.definition.setCurrentIndex(0)
    qtbot.keyClicks(window.definition.label_field.editor, text)
    window.flush()


def test_standard_shortcuts(window):
    actions = window.actions_by_name
    for key in ("open", "save", "save_all", "reload", "close_project", "undo", "find", "new_type", "history"):
        assert actions[key].shortcut() == QKeySequence(SHORTCUTS[key]), key
    assert QKeySequence("Ctrl+Shift+Z") in actions["redo"].shortcuts()
    assert actions["quit"].shortcut() == QKeySequence("Ctrl+Q")


def test_ctrl_f_focuses_the_filter_and_typing_filters(qtbot, window):
    window.activateWindow()
    qtbot.waitActive(window)
    window.definition.label_field.editor.setFocus()
    window.actions_by_name["find"].trigger()
    qtbot.keyClicks(window.filter, "limit")
    names = {window.tree_proxy.index(r, 0).data() for r in range(window.tree_proxy.rowCount())}
    # only the branches that lead to the match are left (the Teaser is also listed under its mixins)
    assert names == {"Neos.Neos:Node", "Acme.Studio:Mixin.Titled", "Acme.Studio:Mixin.Styled"}
    assert QApplication.focusWidget() is window.filter


def test_tree_mode_toggle_keeps_the_selection(qtbot, window):
    window.select_type(TEASER)
    window.actions_by_name["tree_package"].trigger()
    assert window.tree_model.mode == "package"
    current = window.tree.currentIndex()
    assert current.data(Qt.UserRole + 1) == TEASER
    window.set_tree_mode("inheritance")
    assert window.tree.currentIndex().data(Qt.UserRole + 1) == TEASER


def test_window_state_splitters_and_recent_projects_survive_a_restart(qtbot, make_window, project, settings):
    window = make_window(project)
    window.resize(1000, 700)
    window.main_splitter.setSizes([200, 800])
    window.bottom.setCurrentIndex(1)
    window.set_tree_mode("package")
    window.close()
    assert settings.get("recentProjects")[0] == str(project)
    assert "window/mainSplitter" in settings.overrides() and settings.get("treeMode") == "package"
    again = make_window(None)
    assert again.central.showing_welcome()  # no project yet: the panes are not on show
    assert again.open_project(project, background=False)
    assert again.main_splitter.sizes()[0] == 200
    assert again.bottom.currentIndex() == 1 and again.tree_model.mode == "package"
    again.recent_menu.aboutToShow.emit()
    assert str(project) in [a.text() for a in again.recent_menu.actions()]


def test_closing_with_unsaved_edits_asks_save_discard_cancel(qtbot, window, project, answers):
    type_label(qtbot, window)
    answers.expect(QMessageBox, lambda box: box.button(QMessageBox.Cancel).click())
    assert not window.close()
    assert window.session is not None and window.session.dirty
    answers.expect(QMessageBox, lambda box: box.button(QMessageBox.Save).click())
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    assert window.close_project()
    assert "Teaser box" in (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8")
    assert window.session is None and window.windowTitle() == "Node Type Studio"


def test_discard_on_close_drops_edits_and_the_journal(qtbot, window, project, answers):
    type_label(qtbot, window)
    window.write_journal()
    journal = window.journal.path
    assert journal.exists()
    answers.expect(QMessageBox, lambda box: box.button(QMessageBox.Discard).click())
    window.actions_by_name["close_project"].trigger()
    assert window.session is None and not journal.exists()
    assert "Teaser box" not in (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8")


def test_review_can_be_switched_off(qtbot, window, project, settings, answers):
    type_label(qtbot, window)

    def untick(dialog):
        dialog.always.setChecked(False)
        dialog.buttons.button(dialog.buttons.StandardButton.Save).click()

    answers.expect(ReviewDialog, untick)
    assert window.save_all()
    assert settings.get("reviewBeforeSave") is False
    type_label(qtbot, window, "!")
    assert window.save_all()  # no dialog this time
    assert len(answers.seen) == 1


def test_cancelling_the_review_writes_nothing(qtbot, window, project, answers):
    type_label(qtbot, window)
    answers.expect(ReviewDialog, lambda d: d.reject())
    assert not window.save_all()
    assert window.session.dirty
    assert "Teaser box" not in (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8")


def test_save_saves_the_selected_types_files_only(qtbot, window, project, settings):
    settings.set("reviewBeforeSave", False)
    type_label(qtbot, window)
    window.select_type("Acme.Studio:Document.Page")
    window.definition.setCurrentIndex(0)
    qtbot.keyClicks(window.definition.label_field.editor, "!")
    window.flush()
    window.actions_by_name["save"].trigger()
    assert "Page!" in (project / "NodeTypes/Document/Page.yaml").read_text(encoding="utf-8")
    assert [p.name for p in window.session.dirty_files()] == ["Teaser.yaml"]
    assert window.isWindowModified()
    window.actions_by_name["save_all"].trigger()
    assert not window.session.dirty and not window.isWindowModified()


def test_the_history_view_shows_the_undo_stack(qtbot, window):
    type_label(qtbot, window)
    window.actions_by_name["history"].trigger()
    assert window.history_dock.isVisible()
    model = window.history_view.model()
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == ["<project as opened>", "set ui.label"]
    window.history_view.setCurrentIndex(model.index(0, 0))  # click the first row: undo to there
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Teaser"


def test_opening_in_the_background_shows_progress_then_the_project(qtbot, make_window, project):
    window = make_window(None)
    with qtbot.waitSignal(window.projectLoaded, timeout=15000):
        window.open_project(project)
        assert window.progress.isVisible() and "Loading" in window.message.text()
    assert not window.progress.isVisible()
    assert window.selected == "Acme.Studio:Content.Teaser"
    assert window.windowTitle().startswith("Acme.Studio")


def test_a_missing_project_is_reported_not_raised(make_window, tmp_path):
    window = make_window(None)
    assert not window.open_project(tmp_path / "nothing-here")
    assert "no such file or folder" in window.message.text()


def test_about_lists_versions(qtbot, window, answers):
    rows = dict(versions())
    assert {"Node Type Studio", "Python", "Qt", "PyYAML"} <= set(rows)
    answers.expect(AboutDialog, lambda dialog: dialog.accept())
    window.actions_by_name["about"].trigger()
    assert "PySide6" in answers.seen[0][1]


def test_light_and_dark_schemes(qtbot, window, settings):
    app = QApplication.instance()
    theme = Theme(app, "dark")
    window.set_theme(theme)
    try:
        assert is_dark(app.palette()) and window.source._style == "github-dark"
        from nodetype_studio.ui import icons

        assert icons.ICON_COLOR == "#d6d6d6"  # glyphs light on the dark palette, in the preview too
        assert window.preview.current() is not None
        window.actions_by_name["scheme_light"].trigger()
        assert not is_dark(app.palette()) and settings.get("colorScheme") == "light"
        assert icons.ICON_COLOR == "#3f3f3f"
        assert window.source._style == "default"
        window.actions_by_name["scheme_system"].trigger()
        assert settings.get("colorScheme") == "system"
    finally:
        theme.apply("light")


def test_settings_location_is_separate_per_test(settings):
    assert isinstance(settings, Settings) and settings.store.format() == QSettings.IniFormat


def test_the_settings_dialog_changes_settings_at_once(qtbot, window, settings):
    from nodetype_studio.ui.studio.settingsdialog import SettingsDialog

    dialog = SettingsDialog(window)
    qtbot.addWidget(dialog)
    dialog.review.setChecked(False)
    dialog.journal.setChecked(False)
    dialog.delay.setValue(900)
    assert settings.get("reviewBeforeSave") is False and settings.get("autosaveJournal") is False
    assert window.checks._timer.interval() == 900 and settings.get("problemsDelayMs") == 900
    dialog.scheme.setCurrentIndex(2)
    assert settings.get("colorScheme") == "dark"
    type_label(qtbot, window)
    window.write_journal()
    assert not window.journal.path.exists()  # the journal is off
