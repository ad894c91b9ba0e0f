"""Issue 19's trust defects, each replayed as the user met it: real key, mouse and wheel events on the real
window, then what the tree, the editors, the preview and the files show."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from .conftest import TEASER

TEXT = "Acme.Studio:Content.Text"
PAGE = "Acme.Studio:Document.Page"


def activate(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def click_type(qtbot, window, name: str) -> None:
    """Click the first row of ``name`` in the tree (its parents expanded as the user would)."""
    index = window.tree_proxy.mapFromSource(window.tree_model.indexes_of(name)[0])
    parent = index.parent()
    while parent.isValid():
        window.tree.expand(parent)
        parent = parent.parent()
    window.tree.scrollTo(index)
    rect = window.tree.visualRect(index)
    qtbot.mouseClick(window.tree.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.selected == name


def type_teaser_label(qtbot, window, text: str):
    """Select the Teaser in the tree and type ``text`` over its label on the Node type tab, with real clicks
    and keys; the label field is returned."""
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.setCurrentIndex(0)
    label = window.definition.label_field.editor
    qtbot.mouseClick(label, Qt.LeftButton)
    label.selectAll()
    qtbot.keyClicks(label, text)
    return label


def shown_everywhere(window) -> set:
    """The node type that the tree's current row, the editors and the preview show."""
    current = window.tree.currentIndex()
    shown = {window.definition.node_type.name if window.definition.node_type else None, window.preview.name,
             window.selected}
    if current.isValid():
        shown.add(current.data(Qt.UserRole + 1))
    return shown


def visible_types(window) -> list[str]:
    names = []
    stack = [window.tree_proxy.index(r, 0) for r in range(window.tree_proxy.rowCount())]
    while stack:
        index = stack.pop(0)
        if index.data(Qt.UserRole + 1):
            names.append(index.data(Qt.UserRole + 1))
        stack.extend(window.tree_proxy.index(r, 0, index) for r in range(window.tree_proxy.rowCount(index)))
    return names


def write_package(root: Path, key: str, types: dict[str, str]) -> Path:
    """A package ``key`` under ``root`` with one file per node type (name -> label), all Content types."""
    package = root / key
    (package / "NodeTypes" / "Content").mkdir(parents=True)
    (package / "composer.json").write_text(
        '{"name": "%s", "type": "neos-site", "extra": {"neos": {"package-key": "%s"}}}' % (key.lower().replace(".", "/"), key),
        encoding="utf-8")
    for name, label in types.items():
        short = name.rpartition(".")[2]
        (package / "NodeTypes" / "Content" / f"{short}.yaml").write_text(
            f"'{name}':\n  superTypes:\n    'Neos.Neos:Content': true\n  ui:\n    label: '{label}'\n", encoding="utf-8")
    return package


# -- 1. the tree filter never changes the node type being edited ----------------------------------------------
def test_typing_in_the_filter_never_changes_the_edited_type(qtbot, make_window, tmp_path):
    media = write_package(tmp_path, "Acme.Media", {"Acme.Media:Content.Video": "Video",
                                                    "Acme.Media:Content.Gallery": "Gallery",
                                                    "Acme.Media:Content.Quote": "Quote"})
    window = make_window(media)
    activate(qtbot, window)
    video = "Acme.Media:Content.Video"
    click_type(qtbot, window, video)
    qtbot.keyClick(window.tree, Qt.Key_F, Qt.ControlModifier)
    assert QApplication.focusWidget() is window.filter
    for text in ("Quote", "Gall", "Acme", "nothing-matches-this", ""):
        window.filter.selectAll()
        if text:
            qtbot.keyClicks(window.filter, text)
        else:
            qtbot.keyClick(window.filter, Qt.Key_Delete)
        window.flush()
        assert shown_everywhere(window) == {video}, text
    qtbot.keyClicks(window.filter, "Quote")
    window.definition.setCurrentIndex(0)
    window.definition.label_field.editor.selectAll()
    qtbot.keyClicks(window.definition.label_field.editor, "Clip")
    window.flush()
    assert window.session.project.node_type(video).label == "Clip"
    assert window.session.project.node_type("Acme.Media:Content.Quote").label == "Quote"


def test_the_filter_keeps_the_edited_type_in_the_fixture_project_too(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.filter.setFocus()
    for text in ("Page", "Acme", "teaserText", "nothing-matches-this"):
        window.filter.selectAll()
        qtbot.keyClicks(window.filter, text)
        window.flush()
        assert shown_everywhere(window) == {TEASER}, text


def test_down_and_enter_from_the_filter_go_to_the_first_matching_row(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.filter.setFocus()
    qtbot.keyClicks(window.filter, "Text")  # matches Content.Text (name) and Page (its teaserText property)
    qtbot.keyClick(window.filter, Qt.Key_Down)
    assert QApplication.focusWidget() is window.tree
    first = window.tree.currentIndex()
    assert first.data(Qt.UserRole + 1) in (TEXT, PAGE, TEASER)
    assert window.tree_proxy.is_match(first)  # a matching row, not a parent kept for the path
    assert shown_everywhere(window) == {first.data(Qt.UserRole + 1)}
    window.filter.setFocus()
    window.filter.selectAll()
    qtbot.keyClicks(window.filter, "Styled")
    qtbot.keyClick(window.filter, Qt.Key_Return)
    assert window.tree.currentIndex().data(Qt.UserRole + 1) == "Acme.Studio:Mixin.Styled"
    assert shown_everywhere(window) == {"Acme.Studio:Mixin.Styled"}


def test_matches_are_highlighted_and_parents_kept_for_the_path_are_not(qtbot, window):
    activate(qtbot, window)
    window.filter.setFocus()
    qtbot.keyClicks(window.filter, "limit")  # a property of the teaser: its supertypes stay as the way to it
    matches, others = [], []
    stack = [window.tree_proxy.index(r, 0) for r in range(window.tree_proxy.rowCount())]
    while stack:
        index = stack.pop()
        (matches if window.tree_proxy.is_match(index) else others).append(index)
        stack.extend(window.tree_proxy.index(r, 0, index) for r in range(window.tree_proxy.rowCount(index)))
    assert matches and others
    assert all(index.data(Qt.BackgroundRole) is not None for index in matches)
    assert all(index.data(Qt.BackgroundRole) is None for index in others)
    window.filter.clear()
    assert all(window.tree_proxy.index(r, 0).data(Qt.BackgroundRole) is None for r in range(window.tree_proxy.rowCount()))


# -- 2. Ctrl+Z / Ctrl+Shift+Z reach the project's undo stack from a form field -------------------------------
def test_undo_and_redo_reach_the_project_while_a_field_has_focus(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.setCurrentIndex(0)
    label = window.definition.label_field.editor
    label.setFocus()
    label.selectAll()
    qtbot.keyClicks(label, "Box")
    window.flush()
    icon = window.definition.icon_field.editor
    qtbot.mouseClick(icon, Qt.LeftButton)  # another field, empty of own typing
    assert QApplication.focusWidget() is icon
    assert window.session.project.node_type(TEASER).label == "Box"
    qtbot.keyClick(icon, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Teaser"
    assert label.text() == "Teaser"
    qtbot.keyClick(icon, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Box"
    # the field that was typed into: its typing is one project step, undone from the field itself
    qtbot.mouseClick(label, Qt.LeftButton)
    qtbot.keyClick(label, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Teaser" and label.text() == "Teaser"
    assert not window.session.dirty


def test_a_fields_own_undo_works_while_it_holds_uncommitted_typing(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.add_property("count", "integer")  # a second integer property: the same form serves both
    window.flush()
    steps = window.undo_stack.count()
    window.definition.select_property("limit")
    field = window.definition.property_form.field("defaultValue")
    editor = field.editor
    qtbot.mouseClick(editor, Qt.LeftButton)
    editor.selectAll()
    qtbot.keyClicks(editor, "[1,")  # not valid YAML yet: nothing reaches the project
    window.flush()
    assert window.undo_stack.count() == steps and editor.text() == "[1,"
    qtbot.keyClick(editor, Qt.Key_Z, Qt.ControlModifier)
    assert editor.text() != "[1,"  # the field's own undo took back typing
    assert window.undo_stack.count() == steps
    qtbot.keyClicks(editor, "[2,")
    names = window.definition.property_list.names()
    item = window.definition.property_list.item(names.index("count"))
    qtbot.mouseClick(window.definition.property_list.viewport(), Qt.LeftButton,
                     pos=window.definition.property_list.visualItemRect(item).center())
    assert window.definition.property_form.field("defaultValue") is field  # the same form, reused
    assert editor.text() == ""  # count's value (none), not the typing meant for limit


def test_ctrl_z_in_a_preview_field_undoes_the_typing_there_not_the_definition(qtbot, window):
    label = type_teaser_label(qtbot, window, "Box")
    window.flush()
    subtitle = window.preview.current().editor("subtitle").findChildren(QLineEdit)[0]
    qtbot.mouseClick(subtitle, Qt.LeftButton)
    qtbot.keyClicks(subtitle, "Draft")  # a value tried in the preview: never project data
    qtbot.keyClick(subtitle, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert subtitle.text() == ""  # the typing is taken back where it was typed
    assert window.session.project.node_type(TEASER).label == "Box" and label.text() == "Box"
    # with nothing of its own left to undo, the keys reach the project from the preview too
    qtbot.keyClick(subtitle, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Teaser"


@pytest.mark.parametrize("field", ["problems", "provenance"])
def test_ctrl_z_in_a_panel_filter_undoes_the_typing_there_not_the_definition(qtbot, window, field):
    label = type_teaser_label(qtbot, window, "Box")
    window.flush()
    panel = window.problems if field == "problems" else window.provenance
    window.bottom.setCurrentWidget(panel)
    line = panel.codes if field == "problems" else panel.filter  # the code prefixes; the key filter
    qtbot.mouseClick(line, Qt.LeftButton)
    qtbot.keyClicks(line, "compat")
    qtbot.keyClick(line, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert line.text() == ""  # a filter is never project data: its own undo applies
    assert window.session.project.node_type(TEASER).label == "Box" and label.text() == "Box"


# -- 3. the mouse wheel over an unfocused field does not change it ---------------------------------------------
def wheel(widget, steps: int = -1) -> None:
    position = QPointF(widget.rect().center())
    event = QWheelEvent(position, QPointF(widget.mapToGlobal(position.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_unfocused_combo_boxes_scrolls_and_changes_nothing(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.select_property("limit")
    form = window.definition.property_form
    combos = [c for c in form.current.widget.findChildren(QComboBox) if c.isVisible()]
    assert len(combos) >= 3
    window.tree.setFocus()
    before = [c.currentIndex() for c in combos]
    for combo in combos:
        wheel(combo, -1)
        wheel(combo, 1)
        wheel(combo, -2)
    window.flush()
    assert [c.currentIndex() for c in combos] == before
    assert window.undo_stack.count() == 0 and not window.session.dirty
    # with focus (the user clicked it) the wheel still chooses, as in any form
    combo = form.field("type").combo
    combo.setFocus()
    wheel(combo, -1)
    window.flush()
    assert window.undo_stack.count() == 1


# -- 4. saving after "Keep mine" keeps the other program's change ---------------------------------------------
def test_save_after_keep_mine_merges_the_outside_change_and_the_review_diffs_against_disk(
        qtbot, window, project, answers):
    from nodetype_studio.ui.studio.dialogs import ChoiceDialog, CompareDialog, ReviewDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    original = teaser.read_text(encoding="utf-8")
    label = type_teaser_label(qtbot, window, "Teaser box")
    window.flush()
    answers.expect(ChoiceDialog, lambda d: d.button["compare"].click())
    answers.expect(CompareDialog, lambda d: d.button["keep"].click())
    outside = original.replace("        label: 'Subtitle'", "        label: 'Sub heading'")  # sed -i, another line
    teaser.write_text(outside, encoding="utf-8")
    qtbot.waitUntil(lambda: len(answers.seen) == 2, timeout=5000)
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    activate(qtbot, window)  # back from the dialogs
    qtbot.keyClick(label, Qt.Key_S, Qt.ControlModifier)
    assert [name for name, _text in answers.seen] == ["ChoiceDialog", "CompareDialog", "ReviewDialog"]
    review = answers.seen[2][1]
    assert "-    label: 'Teaser'\n+    label: 'Teaser box'" in review
    assert "Sub heading" not in review and "Subtitle" not in review  # nothing else changes on disk
    assert teaser.read_text(encoding="utf-8") == outside.replace("    label: 'Teaser'\n", "    label: 'Teaser box'\n")
    assert not window.session.dirty
    # the undo history survived the outside change: Ctrl+Z takes back the user's edit only
    window.flush()
    activate(qtbot, window)
    window.tree.setFocus()
    qtbot.keyClick(window.tree, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert window.session.text_of(teaser) == outside


def test_a_real_conflict_is_asked_about_on_save(qtbot, window, project, answers):
    from nodetype_studio.ui.studio.dialogs import ChoiceDialog, CompareDialog, ReviewDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    original = teaser.read_text(encoding="utf-8")
    label = type_teaser_label(qtbot, window, "Mine")
    window.flush()
    answers.expect(ChoiceDialog, lambda d: d.button["keep"].click())
    theirs = original.replace("    label: 'Teaser'\n", "    label: 'Theirs'\n")
    teaser.write_text(theirs, encoding="utf-8")
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=5000)
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    answers.expect(CompareDialog, lambda d: d.button["cancel"].click())
    activate(qtbot, window)  # back from the dialogs
    qtbot.keyClick(label, Qt.Key_S, Qt.ControlModifier)
    assert "-    label: 'Theirs'\n+    label: 'Mine'" in answers.seen[1][1]  # the review: disk against what is written
    assert teaser.read_text(encoding="utf-8") == theirs and window.session.dirty


def test_an_outside_change_to_a_saved_file_keeps_the_undo_history(qtbot, window, project, answers):
    from nodetype_studio.ui.studio.dialogs import ReviewDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    label = type_teaser_label(qtbot, window, "Box")
    window.flush()
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    activate(qtbot, window)  # back from the dialogs
    qtbot.keyClick(label, Qt.Key_S, Qt.ControlModifier)
    saved = teaser.read_text(encoding="utf-8")
    assert "label: 'Box'" in saved
    outside = saved.replace("          position: 30", "          position: 35")
    teaser.write_text(outside, encoding="utf-8")
    qtbot.waitUntil(lambda: window.session.project.node_type(TEASER).properties["limit"]["ui"]["inspector"]["position"]
                    == 35, timeout=5000)
    assert window.undo_stack.count() == 1
    activate(qtbot, window)
    window.tree.setFocus()
    qtbot.keyClick(window.tree, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert window.session.text_of(teaser) == outside.replace("label: 'Box'", "label: 'Teaser'")
    qtbot.keyClick(window.tree, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    window.flush()
    assert window.session.text_of(teaser) == outside


# -- 5. the new node type wizard writes into the package of the name's prefix ---------------------------------
def test_the_wizard_proposes_the_package_of_the_names_prefix_and_reveals_the_new_type(
        qtbot, make_window, tmp_path, answers):
    from PySide6.QtWidgets import QWizard

    from nodetype_studio.ui.studio.wizard import NewNodeTypeWizard

    root = tmp_path / "distribution"
    write_package(root / "DistributionPackages", "Neos.MarketPlace", {"Neos.MarketPlace:Content.Package": "Package"})
    write_package(root / "DistributionPackages", "Neos.NeosIo", {"Neos.NeosIo:Content.Card": "Card"})
    window = make_window(root)
    activate(qtbot, window)
    click_type(qtbot, window, "Neos.MarketPlace:Content.Package")  # the first package's type is being edited
    window.filter.setFocus()
    qtbot.keyClicks(window.filter, "Package")  # and a filter is on that would hide the new type
    seen = {}

    def fill(wizard: NewNodeTypeWizard) -> None:
        qtbot.keyClicks(wizard.name_page.name, "Neos.NeosIo:Content.PricingCard")
        qtbot.mouseClick(wizard.button(QWizard.NextButton), Qt.LeftButton)
        seen["package"] = wizard.file_page.package.currentText()
        seen["file"] = wizard.file_page.new_path.text()
        qtbot.mouseClick(wizard.button(QWizard.NextButton), Qt.LeftButton)
        qtbot.mouseClick(wizard.button(QWizard.FinishButton), Qt.LeftButton)

    answers.expect(NewNodeTypeWizard, fill)
    qtbot.keyClick(window.tree, Qt.Key_N, Qt.ControlModifier)
    assert seen == {"package": "Neos.NeosIo", "file": "NodeTypes/Content/PricingCard.yaml"}
    new = "Neos.NeosIo:Content.PricingCard"
    assert window.selected == new and shown_everywhere(window) == {new}
    current = window.tree.currentIndex()
    assert current.isValid() and current.data(Qt.UserRole + 1) == new
    parent = current.parent()
    while parent.isValid():  # revealed: every row above it is expanded
        assert window.tree.isExpanded(parent)
        parent = parent.parent()
    assert window.tree.visualRect(current).intersects(window.tree.viewport().rect())
    assert window.session.text_of(root / "DistributionPackages/Neos.NeosIo/NodeTypes/Content/PricingCard.yaml")


def test_a_package_the_user_picked_stays_picked(qtbot, make_window, tmp_path):
    from nodetype_studio.ui.studio.wizard import NewNodeTypeWizard

    root = tmp_path / "distribution"
    write_package(root / "DistributionPackages", "Neos.MarketPlace", {"Neos.MarketPlace:Content.Package": "Package"})
    write_package(root / "DistributionPackages", "Neos.NeosIo", {"Neos.NeosIo:Content.Card": "Card"})
    window = make_window(root)
    wizard = NewNodeTypeWizard(window)
    qtbot.addWidget(wizard)
    wizard.name_page.name.setText("Neos.NeosIo:Content.Quote")
    wizard.file_page.initializePage()
    assert wizard.file_page.package.currentText() == "Neos.NeosIo"
    wizard.file_page.package.setFocus()
    qtbot.keyClick(wizard.file_page.package, Qt.Key_Up)  # the user picks the other package
    assert wizard.file_page.package.currentText() == "Neos.MarketPlace"
    wizard.file_page.initializePage()  # back and forth through the pages
    assert wizard.file_page.package.currentText() == "Neos.MarketPlace"


# -- 6. the small defects ------------------------------------------------------------------------------------
def test_the_filter_does_not_survive_opening_another_project(qtbot, make_window, project, tmp_path):
    window = make_window(project)
    activate(qtbot, window)
    window.filter.setFocus()
    qtbot.keyClicks(window.filter, "teaser")
    other = write_package(tmp_path, "Acme.Media", {"Acme.Media:Content.Video": "Video", "Acme.Media:Content.Quote": "Quote"})
    window.open_project(other, background=False)
    assert window.filter.text() == ""
    assert set(visible_types(window)) >= {"Acme.Media:Content.Video", "Acme.Media:Content.Quote"}
    assert "2 node types" in window.message.text()


def test_jumping_from_a_problem_moves_the_highlight_instead_of_adding_one(qtbot, window):
    from nodetype_studio.diagnostics import Diagnostic, Severity

    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    told = []
    window.tree.selectionModel().selectionChanged.connect(lambda selected, deselected: told.append(
        ([i.data(Qt.UserRole + 1) for i in selected.indexes() if i.column() == 0],
         [i.data(Qt.UserRole + 1) for i in deselected.indexes() if i.column() == 0])))
    window.go_to_finding(Diagnostic(Severity.WARNING, "x", "a message", node_type=PAGE))
    assert told and told[-1] == ([PAGE], [TEASER])  # the view is told: the teaser's row is repainted plain
    rows = window.tree.selectionModel().selectedRows()
    assert [r.data(Qt.UserRole + 1) for r in rows] == [PAGE]


def test_the_add_validator_choice_shows_no_stale_entry(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.select_property("limit")
    choice = window.definition.property_form.validator_choice
    combo = choice.combo
    assert combo.currentIndex() == 0
    qtbot.mouseClick(combo, Qt.LeftButton)  # opens the list
    popup = combo.view()
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key_Down)
    qtbot.keyClick(popup, Qt.Key_Return)
    window.flush()
    assert window.undo_stack.count() == 1
    activate(qtbot, window)
    window.tree.setFocus()
    qtbot.keyClick(window.tree, Qt.Key_Z, Qt.ControlModifier)  # back to the form without the validator
    window.flush()
    combo = window.definition.property_form.validator_choice.combo
    assert combo.currentIndex() == 0 and combo.currentText() == "(add a validator)"


def test_the_provenance_filter_narrows_to_matching_keys(qtbot, window):
    window.select_type(TEASER)
    window.bottom.setCurrentIndex(1)
    view = window.provenance
    view.filter.setFocus()
    qtbot.keyClicks(view.filter, "limit")
    root = view.tree.invisibleRootItem()
    top = [root.child(i) for i in range(root.childCount()) if not root.child(i).isHidden()]
    assert [item.text(0) for item in top] == ["properties"]
    shown = [top[0].child(i).text(0) for i in range(top[0].childCount()) if not top[0].child(i).isHidden()]
    assert shown == ["limit"]
    view.filter.clear()
    assert all(not root.child(i).isHidden() for i in range(root.childCount()))
    assert all(not top[0].child(i).isHidden() for i in range(top[0].childCount()))


def test_picking_an_editor_keeps_the_focus_on_the_editor_field(qtbot, window):
    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.select_property("subtitle")
    combo = window.definition.property_form.field("ui", "inspector", "editor").combo
    qtbot.mouseClick(combo, Qt.LeftButton)
    popup = combo.view()
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key_Down)
    qtbot.keyClick(popup, Qt.Key_Down)
    qtbot.keyClick(popup, Qt.Key_Return)
    window.flush()
    assert window.undo_stack.count() == 1
    field = window.definition.property_form.field("ui", "inspector", "editor")
    assert QApplication.focusWidget() is field.combo


def _contrast(first, second) -> float:
    def luminance(colour) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_current_source_line_is_readable_in_the_dark_theme(qtbot, window):
    from nodetype_studio.ui.studio.theme import Theme

    app = QApplication.instance()
    window.select_type(TEASER)
    window.bottom.setCurrentIndex(0)
    theme = Theme(app, "light")
    window.set_theme(theme)
    try:
        window.actions_by_name["scheme_dark"].trigger()
        window.definition.select_property("limit")
        qtbot.wait(50)
        view = window.source.view
        [mark] = view.extraSelections()
        text = app.palette().text().color()
        assert _contrast(mark.format.background().color(), text) >= 4.5
    finally:
        theme.apply("light")


# -- 7. common window sizes ---------------------------------------------------------------------------------
def test_the_default_window_fits_a_1366_by_768_laptop(make_window):
    from nodetype_studio.ui.studio.panes import DEFAULT_SIZE

    window = make_window(None)
    frame_and_task_bar = 30 + 40
    assert DEFAULT_SIZE.width() <= 1366 and DEFAULT_SIZE.height() + frame_and_task_bar <= 768
    assert window.width() <= DEFAULT_SIZE.width() and window.height() <= DEFAULT_SIZE.height()
    assert window.minimumSizeHint().width() <= 1024 and window.minimumSizeHint().height() <= 700


def test_at_1024_by_700_the_panes_share_the_room_and_fields_are_usable(qtbot, make_window, project):
    window = make_window(project)
    window.resize(1024, 700)
    window.panes.apply()
    window.select_type(TEASER)
    window.definition.select_property("limit")
    qtbot.wait(20)
    tree, right = window.main_splitter.sizes()
    assert 170 <= tree <= 300 and right > 3 * tree - 200
    definition, preview = window.top_splitter.sizes()
    assert definition > preview > 250
    field = window.definition.property_form.field("ui", "label")
    assert field.width() >= 150  # was ~80 px
    window.status("A message much longer than the status bar: " + "node type, property, file and line " * 20)
    assert window.minimumSizeHint().width() <= 1024
    assert window.tree.textElideMode() != Qt.ElideMiddle


def test_the_tree_and_the_preview_can_be_closed_and_opened(qtbot, make_window, project):
    window = make_window(project)
    activate(qtbot, window)
    window.tree.setFocus()
    before = window.definition.width()
    qtbot.keyClick(window.tree, Qt.Key_2, Qt.ControlModifier | Qt.AltModifier)
    qtbot.wait(20)
    assert not window.preview.isVisible() and window.definition.width() > before
    window.definition.setFocus()
    qtbot.keyClick(window.definition, Qt.Key_1, Qt.ControlModifier | Qt.AltModifier)
    assert not window.tree.isVisible()
    window.actions_by_name["show_tree"].trigger()
    window.actions_by_name["show_preview"].trigger()
    qtbot.wait(20)
    assert window.tree.isVisible() and window.preview.isVisible()


def test_the_last_type_and_pane_sizes_come_back_per_project(qtbot, make_window, project, tmp_path):
    window = make_window(project)
    activate(qtbot, window)
    click_type(qtbot, window, PAGE)
    handle = window.main_splitter.handle(1)
    initial = window.main_splitter.sizes()[0]
    start = handle.rect().center()
    qtbot.mousePress(handle, Qt.LeftButton, pos=start)
    qtbot.mouseMove(handle, start + QPoint(60, 0))
    qtbot.mouseRelease(handle, Qt.LeftButton, pos=start + QPoint(60, 0))
    moved = window.main_splitter.sizes()[0]
    assert abs(moved - initial - 60) <= 2  # the user dragged the splitter
    other = write_package(tmp_path, "Acme.Media", {"Acme.Media:Content.Video": "Video"})
    window.open_project(other, background=False)
    assert window.selected == "Acme.Media:Content.Video"
    window.open_project(project, background=False)
    assert window.selected == PAGE and window.tree.currentIndex().data(Qt.UserRole + 1) == PAGE
    assert abs(window.main_splitter.sizes()[0] - moved) <= 2


def test_long_names_lose_their_leading_parts_not_their_own_name(qtbot, make_window, project):
    from PySide6.QtWidgets import QStyleOptionViewItem

    window = make_window(project)
    window.select_type(TEASER)
    window.main_splitter.setSizes([190, 900])
    qtbot.wait(20)
    index = window.tree.currentIndex()
    option = QStyleOptionViewItem()
    option.initFrom(window.tree)
    option.rect = window.tree.visualRect(index)
    window.tree.itemDelegateForColumn(0).initStyleOption(option, index)
    shown = option.text.replace("\u2225", "").strip()
    assert shown.startswith("\u2026") and shown.endswith("Teaser")
    assert shown in ("\u2026Studio:Content.Teaser", "\u2026Content.Teaser", "\u2026Teaser")  # whole parts only
    window.main_splitter.setSizes([900, 190])
    qtbot.wait(20)
    option.rect = window.tree.visualRect(index)
    window.tree.itemDelegateForColumn(0).initStyleOption(option, index)
    assert option.text.startswith(TEASER)  # room enough: the whole name


def test_a_project_opened_from_the_welcome_page_gets_its_panes_in_proportion(qtbot, make_window, project):
    """The panes are hidden behind the welcome page when the window first shows: they are sized when they
    come into view, not from the size a hidden splitter reports."""
    window = make_window(None)
    window.resize(1366, 768)
    qtbot.wait(20)
    assert window.central.showing_welcome()
    window.open_project(project, background=False)
    qtbot.waitUntil(lambda: window.main_splitter.isVisible())
    qtbot.wait(20)
    tree, right = window.main_splitter.sizes()
    assert abs(tree - (tree + right) * 25 // 100) <= 20, (tree, right)
    definition, preview = window.top_splitter.sizes()
    assert abs(definition - (definition + preview) * 57 // 100) <= 20, (definition, preview)


def test_an_undo_that_no_longer_fits_the_text_is_refused_with_a_message(qtbot, window):
    # a step whose text changed under it (a file half of a linked change reloaded, say) cannot be undone:
    # the window says so, nothing is half-applied, and the step leaves the history
    from nodetype_studio.editing import Edit

    activate(qtbot, window)
    click_type(qtbot, window, TEASER)
    window.definition.setCurrentIndex(0)
    label = window.definition.label_field.editor
    label.setFocus()
    label.selectAll()
    qtbot.keyClicks(label, "Box")
    window.flush()
    icon = window.definition.icon_field.editor
    qtbot.mouseClick(icon, Qt.LeftButton)
    assert window.undo_stack.count() == 1
    path = window.session.project.node_type(TEASER).files[0].file
    before = window.session.text_of(path)
    window.session.editor.apply(Edit(Path(path), "elsewhere", 0, "", "# changed elsewhere\n", 1, 1, 0))
    qtbot.keyClick(icon, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert window.session.text_of(path) == "# changed elsewhere\n" + before  # nothing half-undone
    assert window.session.project.node_type(TEASER).label == "Box"
    assert window.message.text().startswith("Not done") and "cannot be applied" in window.message.text()
    assert window.undo_stack.count() == 0 and not window.undo_stack.canRedo()


def test_a_file_grown_larger_than_the_studio_reads_is_not_offered_for_overwriting(qtbot, window, project, answers):
    from nodetype_studio.boundedio import MAX_FILE_BYTES
    from nodetype_studio.ui.studio.dialogs import ChoiceDialog, ReviewDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    label = type_teaser_label(qtbot, window, "Mine")
    window.flush()
    answers.expect(ChoiceDialog, lambda d: d.button["keep"].click())
    with open(teaser, "a", encoding="utf-8") as stream:  # another program appends megabytes of comments
        stream.write(("# " + "x" * 1022 + "\n") * (MAX_FILE_BYTES // 1024 + 2))
    size = teaser.stat().st_size
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=10000)
    assert "was changed by another program" in answers.seen[0][1]  # not "was deleted": it is there, too large
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    activate(qtbot, window)  # back from the dialog
    qtbot.keyClick(label, Qt.Key_S, Qt.ControlModifier)
    assert [name for name, _text in answers.seen] == ["ChoiceDialog", "ReviewDialog"]  # no "overwrite?" compare
    assert "the file is larger than 8 MB, the most the studio reads" in window.message.text()
    assert "Nothing was written" in window.message.text()
    assert teaser.stat().st_size == size and window.session.dirty


def test_the_compare_view_says_why_a_disk_file_grown_past_the_bound_is_not_shown(qtbot, window, project, answers):
    from nodetype_studio.boundedio import MAX_FILE_BYTES
    from nodetype_studio.ui.studio.dialogs import ChoiceDialog, CompareDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    type_teaser_label(qtbot, window, "Mine")
    window.flush()
    mine = window.session.text_of(teaser)
    shown = {}

    def look(dialog) -> None:
        dialog.show()
        shown["dialog"] = dialog.grab().toImage()
        shown["detail"] = dialog.detail.toPlainText()
        dialog.button["keep"].click()

    answers.expect(ChoiceDialog, lambda d: d.button["compare"].click())
    answers.expect(CompareDialog, look)
    with open(teaser, "a", encoding="utf-8") as stream:  # another program appends megabytes of comments
        stream.write(("# " + "x" * 1022 + "\n") * (MAX_FILE_BYTES // 1024 + 2))
    size = teaser.stat().st_size
    qtbot.waitUntil(lambda: len(answers.seen) == 2, timeout=10000)
    text = answers.seen[1][1]
    assert (f"The file on disk is not shown: it is {size / 1024 / 1024:.1f} MB ({size:,} bytes), more than the "
            f"8 MB ({MAX_FILE_BYTES:,} bytes) the studio reads.") in text, text
    assert shown["detail"] == mine  # the user's version, whole and as it is, not a diff against nothing
    assert "+    label: 'Mine'" not in text
    assert window.session.text_of(teaser) == mine and window.session.dirty  # kept
    assert "Kept your edits to NodeTypes/Content/Teaser.yaml" in window.message.text()


def test_reload_is_not_offered_for_a_disk_file_grown_past_the_bound(qtbot, window, project, answers, tmp_path):
    """Reloading drops the user's edits and reads the file back, which the studio cannot do past its bound:
    neither the first question nor the compare view offers it, and both say why."""
    from nodetype_studio.boundedio import MAX_FILE_BYTES
    from nodetype_studio.ui.studio.dialogs import ChoiceDialog, CompareDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    type_teaser_label(qtbot, window, "Mine")
    window.flush()
    mine = window.session.text_of(teaser)
    offered = {}

    def first(dialog) -> None:
        offered["first"] = sorted(dialog.button)
        dialog.show()
        dialog.grab().save(str(tmp_path / "first.png"))
        dialog.button["compare"].click()

    def compare(dialog) -> None:
        offered["compare"] = sorted(dialog.button)
        dialog.show()
        dialog.grab().save(str(tmp_path / "compare.png"))
        dialog.button["keep"].click()

    answers.expect(ChoiceDialog, first)
    answers.expect(CompareDialog, compare)
    with open(teaser, "a", encoding="utf-8") as stream:
        stream.write(("# " + "x" * 1022 + "\n") * (MAX_FILE_BYTES // 1024 + 2))
    qtbot.waitUntil(lambda: len(answers.seen) == 2, timeout=10000)
    assert offered == {"first": ["compare", "keep"], "compare": ["keep"]}
    why = ("Reload is not offered: it would drop your edits and the studio cannot read the file back (it is larger "
           "than the 8 MB the studio reads).")
    assert why in answers.seen[0][1] and why in answers.seen[1][1], answers.seen
    assert window.session.text_of(teaser) == mine and window.session.dirty  # kept


def test_reload_is_still_offered_for_a_file_deleted_on_disk(qtbot, window, project, answers):
    from nodetype_studio.ui.studio.dialogs import ChoiceDialog

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    type_teaser_label(qtbot, window, "Mine")
    window.flush()
    offered = []

    def first(dialog) -> None:
        offered.extend(sorted(dialog.button))
        dialog.button["keep"].click()

    answers.expect(ChoiceDialog, first)
    teaser.unlink()
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=10000)
    assert offered == ["compare", "keep", "reload"]
    assert "not offered" not in answers.seen[0][1]
