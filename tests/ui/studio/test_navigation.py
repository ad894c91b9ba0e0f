"""Acceptance: navigation as in an IDE, driven with real keys and clicks on the real window.

Quick open, the command palette, go to supertype and back/forward, subtypes and usages, F8 through
the problems, clicks that jump without closing a list, Help, the welcome page, and folders that are
not Neos projects.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication

from nodetype_studio.ui.studio.helpdialog import DOCUMENTATION_TAB, SHORTCUTS_TAB, HelpDialog
from nodetype_studio.ui.studio.mainwindow import PROBLEMS_TAB, PROVENANCE_TAB, SOURCE_TAB

NAV = Path(__file__).resolve().parents[2] / "fixtures" / "studio" / "Acme.Nav"
TEASER, TITLED, SLIDER, PAGE, ROW = ("Acme.Nav:Content.Teaser", "Acme.Nav:Mixin.Titled", "Acme.Nav:Content.Slider",
                                     "Acme.Nav:Document.Page", "Acme.Nav:Content.Row")


@pytest.fixture
def nav_project(tmp_path) -> Path:
    target = tmp_path / "Acme.Nav"
    shutil.copytree(NAV, target)
    return target


@pytest.fixture
def nav(qtbot, make_window, nav_project):
    window = make_window(nav_project)
    window.finish_startup()
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def press(qtbot, window, key, modifiers=Qt.NoModifier, target=None):
    """A key press where the user's focus is (the window's shortcuts see it as they would)."""
    qtbot.keyClick(target or QApplication.focusWidget() or window, key, modifiers)


def tree_name(window) -> str | None:
    index = window.tree.currentIndex()
    return index.data(Qt.UserRole + 1) if index.isValid() else None


# -- quick open and palette ---------------------------------------------------------------------------------
def test_quick_open_finds_a_type_by_fuzzy_name_and_selects_it(qtbot, nav):
    assert nav.selected != SLIDER
    press(qtbot, nav, Qt.Key_P, Qt.ControlModifier)
    popup = nav.quick_open_popup
    assert popup.isVisible() and QApplication.focusWidget() is popup.input
    assert popup.shown()[:5] == sorted([TEASER, TITLED, SLIDER, PAGE, ROW])  # the project's own first
    qtbot.keyClicks(popup.input, "cslid")
    assert popup.shown()[0] == SLIDER
    assert "<b>S</b>" in popup.model.item(0).data(Qt.UserRole + 2)  # the matched letters are bold
    qtbot.keyClick(popup.input, Qt.Key_Return)
    assert not popup.isVisible()
    assert nav.selected == SLIDER and tree_name(nav) == SLIDER
    assert nav.definition.node_type.name == SLIDER and nav.preview.name == SLIDER

    # the other IDE's key, arrows in the list while typing, Escape leaves the selection alone
    press(qtbot, nav, Qt.Key_N, Qt.ControlModifier | Qt.ShiftModifier)
    popup = nav.quick_open_popup
    qtbot.keyClicks(popup.input, "nav tit")
    assert popup.shown()[0] == TITLED
    qtbot.keyClick(popup.input, Qt.Key_Escape)
    assert not popup.isVisible() and nav.selected == SLIDER
    press(qtbot, nav, Qt.Key_P, Qt.ControlModifier)
    popup = nav.quick_open_popup
    qtbot.keyClicks(popup.input, "content")
    listed = popup.shown()
    qtbot.keyClick(popup.input, Qt.Key_Down)
    qtbot.keyClick(popup.input, Qt.Key_Return)
    assert nav.selected == listed[1]
    press(qtbot, nav, Qt.Key_P, Qt.ControlModifier)
    popup = nav.quick_open_popup
    qtbot.keyClicks(popup.input, "qqqq")
    assert popup.shown() == [] and popup.empty.isVisible()
    qtbot.keyClick(popup.input, Qt.Key_Return)  # nothing to choose: nothing happens
    assert nav.selected == listed[1]
    qtbot.keyClick(popup.input, Qt.Key_Escape)


def test_going_to_a_type_the_tree_filter_hides_reveals_it(qtbot, nav):
    nav.navigator.go_to(TEASER)
    qtbot.keyClicks(nav.filter, "slider")
    proxy = nav.tree_proxy
    hidden = proxy.match(proxy.index(0, 0), Qt.UserRole + 1, TITLED, 1, Qt.MatchRecursive | Qt.MatchExactly)
    assert hidden == []  # the filter hides the Mixin
    nav.navigator.quick_open()
    qtbot.keyClicks(nav.quick_open_popup.input, "mixtit")
    qtbot.keyClick(nav.quick_open_popup.input, Qt.Key_Return)
    assert nav.selected == TITLED and tree_name(nav) == TITLED  # tree, editors and preview agree
    assert nav.filter.text() == ""
    assert nav.definition.node_type.name == TITLED and nav.preview.name == TITLED


def test_quick_open_by_mouse_and_without_a_project(qtbot, nav, make_window):
    nav.navigator.quick_open()
    popup = nav.quick_open_popup
    qtbot.keyClicks(popup.input, "row")
    rect = popup.list.visualRect(popup.model.index(0, 0))
    qtbot.mouseClick(popup.list.viewport(), Qt.LeftButton, pos=rect.center())
    assert nav.selected == ROW
    empty = make_window(None)
    assert empty.navigator.quick_open() is None
    assert "open one first" in empty.message.text()


def test_the_palette_lists_every_action_with_its_shortcut_and_runs_one(qtbot, nav):
    press(qtbot, nav, Qt.Key_P, Qt.ControlModifier | Qt.ShiftModifier)
    popup = nav.palette_popup
    rows = {popup.model.item(r).data(Qt.UserRole + 1).text: popup.model.item(r).data(Qt.UserRole + 1)
            for r in range(popup.model.rowCount())}
    assert rows["File \u203a Save"].detail == "Ctrl+S" and not rows["File \u203a Save"].enabled  # nothing to save
    assert rows["Go \u203a Back"].detail == "Alt+Left"
    assert rows["Go \u203a Quick Open Node Type"].detail == "Ctrl+P, Ctrl+Shift+N"
    assert "Help \u203a Keyboard Shortcuts" in rows and "View \u203a Colour Scheme \u203a Dark" in rows
    # every action of every menu is there: the list is read from the menus, not kept by hand
    menu_actions = [a for a in nav.menuBar().actions() if a.menu()]
    assert len(rows) >= sum(len([x for x in m.menu().actions() if not x.isSeparator()]) for m in menu_actions)
    qtbot.keyClicks(popup.input, "tree pack")
    assert popup.shown()[0] == "View \u203a Tree by Package"
    qtbot.keyClick(popup.input, Qt.Key_Return)
    assert nav.tree_model.mode == "package"
    assert nav.actions_by_name["tree_package"].isChecked()
    # a disabled command is listed but does not run
    nav.navigator.palette()
    popup = nav.palette_popup
    qtbot.keyClicks(popup.input, "file save all")
    assert popup.shown()[0] == "File \u203a Save All"
    assert not popup.current().enabled


# -- go to supertype, back and forward ----------------------------------------------------------------------
def test_ctrl_b_on_a_supertype_goes_there_and_alt_left_right_come_back(qtbot, nav):
    nav.navigator.go_to(TEASER)
    definition = nav.definition
    definition.setCurrentIndex(0)  # the Node type page with the supertypes
    supertypes = definition.supertypes
    row = [supertypes.item(i).text() for i in range(supertypes.count())].index(TITLED)
    qtbot.mouseClick(supertypes.viewport(), Qt.LeftButton, pos=supertypes.visualItemRect(supertypes.item(row)).center())
    assert nav.selected == TEASER  # a plain click only selects the row
    supertypes.setFocus()
    press(qtbot, nav, Qt.Key_B, Qt.ControlModifier)
    assert nav.selected == TITLED and tree_name(nav) == TITLED
    assert definition.title.text() == TITLED
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    assert nav.selected == TEASER and tree_name(nav) == TEASER
    assert nav.navigator.actions["forward"].isEnabled()
    press(qtbot, nav, Qt.Key_Right, Qt.AltModifier)
    assert nav.selected == TITLED
    assert not nav.navigator.actions["forward"].isEnabled()
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    assert nav.selected == TEASER

    # double-click and Ctrl+click on a supertype go there too
    definition.setCurrentIndex(0)
    rect = supertypes.visualItemRect(supertypes.item(row))
    qtbot.mouseDClick(supertypes.viewport(), Qt.LeftButton, pos=rect.center())
    assert nav.selected == TITLED
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    definition.setCurrentIndex(0)
    first = supertypes.visualItemRect(supertypes.item(0))
    qtbot.mouseClick(supertypes.viewport(), Qt.LeftButton, Qt.ControlModifier, first.center())
    assert nav.selected == "Neos.Neos:Content"
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    assert nav.selected == TEASER


def test_the_inherits_line_links_every_ancestor(qtbot, nav):
    nav.navigator.go_to(TEASER)
    nav.definition.setCurrentIndex(0)
    label = nav.definition.inherits
    assert f'<a href="{TITLED}">{TITLED}</a>' in label.text()
    label.setFocus()
    qtbot.keyClick(label, Qt.Key_Tab)  # the first link of the line, by keyboard
    qtbot.keyClick(label, Qt.Key_Return)
    assert nav.selected == nav.session.project.node_type(TEASER).ancestors[0]
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    assert nav.selected == TEASER


def test_ctrl_b_elsewhere_goes_to_the_first_supertype_and_back_skips_removed_types(qtbot, nav):
    nav.navigator.go_to(PAGE)
    nav.tree.setFocus()
    press(qtbot, nav, Qt.Key_B, Qt.ControlModifier)
    assert nav.selected == "Neos.Neos:Document"
    nav.navigator.go_to(TITLED)
    press(qtbot, nav, Qt.Key_B, Qt.ControlModifier)
    assert nav.selected == TITLED and "no supertype" in nav.message.text()
    assert nav.navigator.history.entries[-3:] == [PAGE, "Neos.Neos:Document", TITLED]


def source_position(view, line: int, text: str):
    """Where ``text`` on ``line`` (1-based) is drawn in the source view's viewport."""
    block = view.document().findBlockByNumber(line - 1)
    cursor = QTextCursor(block)
    cursor.setPosition(block.position() + block.text().index(text) + 3)
    return view.cursorRect(cursor).center()


def test_ctrl_click_and_ctrl_b_on_a_name_in_the_source_go_there(qtbot, nav):
    nav.bottom.setCurrentIndex(SOURCE_TAB)
    nav.navigator.go_to(TEASER)
    view = nav.source.view
    assert nav.source.current.endswith("Teaser.yaml")
    lines = view.toPlainText().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if TITLED in text)
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, Qt.ControlModifier, source_position(view, line, TITLED))
    assert nav.selected == TITLED
    assert nav.source.current.endswith("Titled.yaml")
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    assert nav.selected == TEASER
    # a plain click only moves the cursor; Ctrl+B then goes to the name under it
    view = nav.source.view
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=source_position(view, line, TITLED))
    assert nav.selected == TEASER
    view.setFocus()
    press(qtbot, nav, Qt.Key_B, Qt.ControlModifier)
    assert nav.selected == TITLED
    # a double click on a word that is no node type selects the word, as in any editor
    view = nav.source.view
    qtbot.mouseDClick(view.viewport(), Qt.LeftButton, pos=source_position(view, 2, "abstract"))
    assert nav.selected == TITLED and view.textCursor().selectedText() == "abstract"


def test_double_click_on_a_supertype_in_provenance_goes_there(qtbot, nav):
    nav.bottom.setCurrentIndex(PROVENANCE_TAB)
    nav.navigator.go_to(TEASER)
    tree = nav.provenance.tree
    item = nav.provenance.item_for(("superTypes", TITLED))
    assert item is not None
    tree.scrollToItem(item)
    qtbot.mouseDClick(tree.viewport(), Qt.LeftButton, pos=tree.visualItemRect(item).center())
    assert nav.selected == TITLED
    assert nav.bottom.currentIndex() == PROVENANCE_TAB
    press(qtbot, nav, Qt.Key_Left, Qt.AltModifier)
    assert nav.selected == TEASER


def test_a_click_on_a_provenance_row_selects_the_property_and_keeps_the_list(qtbot, nav):
    nav.bottom.setCurrentIndex(PROVENANCE_TAB)
    nav.navigator.go_to(PAGE)
    nav.definition.select_property("featured")
    tree = nav.provenance.tree
    item = nav.provenance.item_for(("properties", "subtitle", "type"))
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.LeftButton, pos=tree.visualItemRect(item).center())
    assert nav.definition.current_property() == "subtitle"
    assert nav.bottom.currentIndex() == PROVENANCE_TAB
    assert nav.source.current.endswith("Page.yaml")
    assert nav.source.marked_line_text().strip() == "type: string"
    # a double click on a row that names no type opens the source at its line
    qtbot.mouseDClick(tree.viewport(), Qt.LeftButton, pos=tree.visualItemRect(item).center())
    assert nav.bottom.currentIndex() == SOURCE_TAB
    assert nav.source.marked_line_text().strip() == "type: string"


# -- subtypes and usages ------------------------------------------------------------------------------------
def test_usages_list_every_place_that_names_the_type_and_go_there(qtbot, nav):
    nav.navigator.go_to(TEASER)
    press(qtbot, nav, Qt.Key_F7, Qt.AltModifier)
    popup = nav.usages_popup
    assert popup.title.text() == f"Subtypes and usages of {TEASER} (3)"
    details = {popup.model.item(r).data(Qt.UserRole + 1).text: popup.model.item(r).data(Qt.UserRole + 1).detail
               for r in range(popup.model.rowCount())}
    assert details == {
        SLIDER: "allows it in child node `slides` (childNodes.slides.constraints.nodeTypes.Acme.Nav:Content.Teaser)",
        ROW: "forbids it as a child (constraints.nodeTypes.Acme.Nav:Content.Teaser)",
        PAGE: "offers it in the editor of property `featured` "
              "(properties.featured.ui.inspector.editorOptions.nodeTypes.0)",
    }
    qtbot.keyClicks(popup.input, "slider")
    qtbot.keyClick(popup.input, Qt.Key_Return)
    assert nav.selected == SLIDER
    assert nav.bottom.currentIndex() == SOURCE_TAB and nav.source.current.endswith("Slider.yaml")
    assert nav.source.marked_line_text().strip() == "'Acme.Nav:Content.Teaser': true"

    nav.navigator.go_to(TITLED)
    press(qtbot, nav, Qt.Key_B, Qt.ControlModifier | Qt.AltModifier)
    popup = nav.usages_popup
    assert popup.shown() == [TEASER, PAGE]  # Row switches it off: no subtype
    nav.navigator.show_usages()
    assert sorted(nav.usages_popup.shown()) == sorted([TEASER, PAGE, ROW])
    qtbot.keyClick(nav.usages_popup.input, Qt.Key_Escape)


# -- problems -----------------------------------------------------------------------------------------------
def test_f8_and_shift_f8_cycle_through_the_problems_and_the_list_stays(qtbot, nav):
    # the fixture's findings: two undefined groups, an unknown editor, a bad option type, and under 9.x a
    # deprecated reference property and the same option's number, which the label enrichment cannot trim()
    qtbot.waitUntil(lambda: not nav.checks.busy and nav.problems.proxy.rowCount() == 6, timeout=30000)
    nav.bottom.setCurrentIndex(SOURCE_TAB)
    findings = nav.problems.visible_findings()
    seen = []
    for _ in range(6):
        press(qtbot, nav, Qt.Key_F8)
        row = nav.problems.view.currentIndex().row()
        seen.append(row)
        finding = findings[row]
        assert nav.bottom.currentIndex() == PROBLEMS_TAB
        assert nav.selected == finding.node_type
        assert nav.definition.current_item() == finding.property_name  # a 9.x reference: its page
        assert Path(nav.source.current) == Path(finding.file) and nav.source.view.marked_line == finding.line
        assert nav.message.text().startswith(f"Problem {row + 1} of 6")
    assert seen == [0, 1, 2, 3, 4, 5]
    press(qtbot, nav, Qt.Key_F8)
    assert nav.problems.view.currentIndex().row() == 0  # round again
    press(qtbot, nav, Qt.Key_F8, Qt.ShiftModifier)
    assert nav.problems.view.currentIndex().row() == 5
    assert nav.selected == findings[5].node_type
    press(qtbot, nav, Qt.Key_F8, Qt.ShiftModifier)
    assert nav.problems.view.currentIndex().row() == 4
    # F8 follows the filter: only errors
    nav.problems.buttons["warning"].click()
    press(qtbot, nav, Qt.Key_F8)
    assert {f.severity.value for f in nav.problems.visible_findings()} == {"error"}
    assert nav.selected == nav.problems.visible_findings()[nav.problems.view.currentIndex().row()].node_type


# -- help ---------------------------------------------------------------------------------------------------
def test_help_lists_the_shortcuts_and_shows_the_documentation(qtbot, nav):
    press(qtbot, nav, Qt.Key_F1)
    dialog = nav.help_dialog
    assert isinstance(dialog, HelpDialog) and dialog.isVisible()
    assert dialog.tabs.currentIndex() == DOCUMENTATION_TAB
    assert "Quick open" in dialog.docs.toPlainText() and "Ctrl+Shift+P" in dialog.docs.toPlainText()
    dialog.close()
    press(qtbot, nav, Qt.Key_F1, Qt.ControlModifier)
    dialog = nav.help_dialog
    assert dialog.tabs.currentIndex() == SHORTCUTS_TAB
    rows = dict(dialog.rows())
    assert rows["Go \u203a Quick Open Node Type"] == "Ctrl+P, Ctrl+Shift+N"
    assert rows["Go \u203a Next Problem"] == "F8" and rows["File \u203a Save"] == "Ctrl+S"
    assert rows["Edit \u203a Undo"] == "Ctrl+Z"
    assert "Double-click or Ctrl+click" in rows["Go to a supertype or a named node type"]
    dialog.close()


# -- welcome page and folders that are not projects ---------------------------------------------------------
def test_the_welcome_page_lists_recent_projects_and_opens_one_by_click(qtbot, make_window, settings, nav_project,
                                                                       tmp_path):
    gone = tmp_path / "Gone.Site"
    settings.add_recent(str(gone))
    settings.add_recent(str(nav_project))
    window = make_window(None)
    assert window.central.showing_welcome() and window.central.welcome.isVisible()
    welcome = window.central.welcome
    assert welcome.recent_paths() == [str(nav_project), str(gone)]
    assert "(not found)" in welcome.recent.item(1).text()
    qtbot.mouseClick(welcome.recent.viewport(), Qt.LeftButton,
                     pos=welcome.recent.visualItemRect(welcome.recent.item(1)).center())
    assert window.session is None and window.central.showing_welcome()  # a missing project is not chosen
    qtbot.mouseClick(welcome.recent.viewport(), Qt.LeftButton,
                     pos=welcome.recent.visualItemRect(welcome.recent.item(0)).center())
    qtbot.waitUntil(lambda: window.session is not None, timeout=15000)
    assert window.session.root == nav_project
    assert not window.central.showing_welcome() and window.tree.isVisible()
    window.activateWindow()
    qtbot.waitActive(window)
    press(qtbot, window, Qt.Key_W, Qt.ControlModifier)
    assert window.session is None and window.central.showing_welcome()
    assert welcome.recent_paths()[0] == str(nav_project)


def test_the_welcome_page_opens_the_example_project(qtbot, make_window):
    window = make_window(None)
    qtbot.mouseClick(window.central.welcome.example_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: window.session is not None, timeout=30000)
    assert window.session.project.platform.prefix == "Neos"
    assert "Acme.Site:Document.Page" in window.session.project.node_types
    assert not window.central.showing_welcome()


@pytest.mark.parametrize("kind", ["empty", "other"])
def test_an_empty_or_non_neos_folder_says_so_and_is_not_opened(qtbot, make_window, tmp_path, settings, kind):
    folder = tmp_path / ("Nothing" if kind == "empty" else "webapp")
    folder.mkdir()
    if kind == "other":
        (folder / "package.json").write_text('{"name": "webapp"}', encoding="utf-8")
        (folder / "src").mkdir()
    window = make_window(None)
    window.open_project(folder)  # in the background, as the Open dialog does
    qtbot.waitUntil(lambda: window.loading is None, timeout=15000)
    assert window.session is None and window.central.showing_welcome()
    expected = ("Nothing is an empty folder" if kind == "empty" else "webapp is not a Neos project: it holds no "
                                                                      "NodeTypes files")
    assert window.message.text().startswith(expected)
    assert window.central.welcome.notice.isVisible() and window.central.welcome.notice.text().startswith(expected)
    assert "0 node types" not in window.message.text()
    assert str(folder) not in settings.get("recentProjects")
    assert not window.open_project(folder, background=False)


def test_the_central_widgets_keep_qwidget_window(nav):
    """An attribute called ``window`` on a widget would hide QWidget.window(), which Qt's own code and
    application event filters call on every widget an event passes (it crashed a key press)."""
    stack = nav.central
    assert stack.window() is nav and stack.welcome.window() is nav



@pytest.fixture
def null_constraint(nav_project) -> None:
    """Row's constraint on Teaser written `~` instead of `false` (before the window opens the project)."""
    row = nav_project / "NodeTypes" / "Content" / "Row.yaml"
    row.write_text(row.read_text().replace("'Acme.Nav:Content.Teaser': false", "'Acme.Nav:Content.Teaser': ~"))


def test_a_constraint_written_null_is_no_rule_in_the_usages(qtbot, null_constraint, nav):
    # the content repository counts an entry only when it is true or false (ConstraintCheck `=== true`/`=== false`):
    # `~` takes back an inherited rule, it forbids nothing
    nav.navigator.go_to(TEASER)
    press(qtbot, nav, Qt.Key_F7, Qt.AltModifier)
    popup = nav.usages_popup
    details = {popup.model.item(r).data(Qt.UserRole + 1).text: popup.model.item(r).data(Qt.UserRole + 1).detail
               for r in range(popup.model.rowCount())}
    assert details[ROW] == ("names it in its constraints without a rule (neither true nor false: the CMS ignores "
                            "the entry) (constraints.nodeTypes.Acme.Nav:Content.Teaser)")
    qtbot.keyClick(popup.input, Qt.Key_Escape)
