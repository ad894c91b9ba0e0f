"""The 9.x `references:` section in the window: add, edit, undo and save a reference through the
definition editor's References page; the preview shows it with the Reference (maxItems: 1) or
References editor and its editor options."""

from __future__ import annotations

import difflib

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from nodetype_studio.ui.studio.dialogs import ReviewDialog

from .conftest import TEASER
from .test_e2e_edit_save import select_in_tree


def _diff(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def _references_page(window):
    """Turn the definition editor to its References page."""
    definition = window.definition
    definition.setCurrentIndex(definition.indexOf(definition.references_page))
    return definition.references_page


def test_add_edit_undo_and_save_a_reference(qtbot, window, project, answers):
    teaser_file = project / "NodeTypes" / "Content" / "Teaser.yaml"
    before = teaser_file.read_text(encoding="utf-8")
    select_in_tree(qtbot, window, "teaser", TEASER)
    page = _references_page(window)
    definition = window.definition
    assert definition.tabText(definition.currentIndex()) == "References"
    assert page.reference_list.count() == 0 and page.empty.isVisible()

    # add one, then rename it by typing
    qtbot.mouseClick(page.add_button, Qt.LeftButton)
    window.flush()
    assert page.current_reference() == "reference1"
    page.name_edit.selectAll()
    qtbot.keyClicks(page.name_edit, "related")
    qtbot.keyClick(page.name_edit, Qt.Key_Return)
    window.flush()
    assert page.current_reference() == "related"

    # the preview shows a several-nodes editor with the default placeholder
    inspector = window.preview.current()
    editor = inspector.editor("related")
    assert type(editor).__name__ == "ReferencesEditor"
    assert editor.search.line.placeholderText() == "Type to search"
    labels = [w.text() for w in inspector.findChildren(QLabel) if w.objectName() == "label:related"]
    assert labels == ["Reference1"]  # renaming keeps the label it was added with

    # label typed key by key (one undo step), editor options, then maxItems: 1
    label = page.field("ui", "label")
    label.editor.selectAll()
    count = window.undo_stack.count()
    qtbot.keyClicks(label.editor, "Related pages")
    window.flush()
    assert window.undo_stack.count() == count + 1
    placeholder = page.field("ui", "inspector", "editorOptions", "placeholder")
    qtbot.keyClicks(placeholder.editor, "Find a page")
    window.flush()
    assert window.preview.current().editor("related").search.line.placeholderText() == "Find a page"
    maximum = page.field("constraints", "maxItems")
    qtbot.keyClicks(maximum.editor, "1")
    window.flush()
    single = window.preview.current().editor("related")
    assert type(single).__name__ == "ReferenceEditor" and not single.multiple
    assert page.options_box.title().endswith("ReferenceEditor")
    assert [w.text() for w in window.preview.current().findChildren(QLabel)
            if w.objectName() == "label:related"] == ["Related pages"]

    # undo maxItems: the several-nodes editor is back
    assert window.undo_stack.text(window.undo_stack.count() - 1) == "set related.constraints.maxItems"
    window.actions_by_name["undo"].trigger()
    window.flush()
    assert type(window.preview.current().editor("related")).__name__ == "ReferencesEditor"
    window.actions_by_name["redo"].trigger()
    window.flush()
    assert type(window.preview.current().editor("related")).__name__ == "ReferenceEditor"

    # save through the review dialog: only new lines, appended to the node type
    def accept(dialog: ReviewDialog) -> None:
        dialog.buttons.button(dialog.buttons.StandardButton.Save).click()

    answers.expect(ReviewDialog, accept)
    window.actions_by_name["save"].trigger()
    after = teaser_file.read_text(encoding="utf-8")
    assert all(line.startswith("+") for line in _diff(before, after))
    assert "  references:\n    related:\n" in after
    assert "        label: 'Related pages'\n" in after and "placeholder: 'Find a page'" in after
    assert "      constraints:\n        maxItems: 1\n" in after
    assert not window.session.dirty


def test_remove_the_last_reference_removes_the_section(qtbot, window, project):
    teaser_file = project / "NodeTypes" / "Content" / "Teaser.yaml"
    select_in_tree(qtbot, window, "teaser", TEASER)
    page = _references_page(window)
    qtbot.mouseClick(page.add_button, Qt.LeftButton)
    window.flush()
    assert "references:" in window.session.editor.document(teaser_file).text
    qtbot.mouseClick(page.remove_button, Qt.LeftButton)
    window.flush()
    assert page.reference_list.count() == 0
    # an empty `references: {}` would replace the inherited ones: the section is gone
    assert "references" not in window.session.editor.document(teaser_file).text
    assert window.preview.current().editor("reference1") is None


def test_a_name_that_is_taken_is_refused_with_a_message(qtbot, window):
    select_in_tree(qtbot, window, "teaser", TEASER)
    page = _references_page(window)
    qtbot.mouseClick(page.add_button, Qt.LeftButton)
    window.flush()
    taken = next(iter(window.node_type().properties))
    page.name_edit.selectAll()
    qtbot.keyClicks(page.name_edit, taken)
    qtbot.keyClick(page.name_edit, Qt.Key_Return)
    window.flush()
    assert page.current_reference() == "reference1"
    assert "already exists" in page.name_note.text()


def test_migrate_to_neos_9_shows_the_diff_and_applies_one_undo_step_per_file(qtbot, make_window, tmp_path, answers):
    import shutil

    from nodetype_studio.bundled import resource
    from nodetype_studio.ui.studio.migratedialog import MigrateDialog

    folder = tmp_path / "Acme.Legacy"
    shutil.copytree(resource("example-83", "Acme.Legacy"), folder)
    window = make_window(folder)
    quote = folder / "NodeTypes" / "Content" / "Quote.yaml"
    on_disk = quote.read_text()
    shown = {}

    def apply(dialog: MigrateDialog) -> None:
        shown["files"] = [name for name, _diff in dialog.diffs]
        shown["diff"] = dict(dialog.diffs)
        shown["findings"] = dialog.findings_view.toPlainText()
        dialog.buttons.button(dialog.buttons.StandardButton.Apply).click()

    # an unsaved edit first: the migration works on what the window shows, not on the file
    from nodetype_studio.ui.studio import commands

    window.push("set label", commands.set_value("Acme.Legacy:Content.Quote", ("properties", "author", "ui", "label"),
                                                "Writer"))
    window.flush()
    answers.expect(MigrateDialog, apply)
    count = window.undo_stack.count()
    window.actions_by_name["migrate9"].trigger()
    assert len(shown["files"]) == 6
    assert "+  references:" in shown["diff"]["NodeTypes/Content/Quote.yaml"]
    # the moved lines are those of the unsaved buffer, not of the file on disk
    assert "label: 'Writer'" in shown["diff"]["NodeTypes/Content/Quote.yaml"]
    assert "Author page" not in shown["diff"]["NodeTypes/Content/Quote.yaml"]
    assert "neos9-creation-handler" in shown["findings"]
    assert window.undo_stack.count() == count + 6  # one undo step per file
    assert window.undo_stack.text(count).startswith("migrate NodeTypes/")
    assert quote.read_text() == on_disk  # nothing written before saving
    doc = window.session.editor.document(quote)
    assert "  references:\n    author:\n" in doc.text and "'Writer'" in doc.text

    # one undo takes back the last file's step only; the other files stay migrated
    plugin_view = folder / "NodeTypes" / "Override" / "PluginView.yaml"
    assert window.undo_stack.text(count + 5) == "migrate NodeTypes/Override/PluginView.yaml to Neos 9"
    assert window.session.editor.document(plugin_view).text == ""
    window.actions_by_name["undo"].trigger()
    window.flush()
    assert window.session.editor.document(plugin_view).text == plugin_view.read_text()
    assert "  references:\n    author:\n" in doc.text

    # a second migration has nothing left to change (after redoing everything)
    window.undo_stack.setIndex(count + 6)
    window.flush()
    answers.expect(MigrateDialog, lambda dialog: (shown.__setitem__("again", dialog.diffs), dialog.reject()))
    window.actions_by_name["migrate9"].trigger()
    assert shown["again"] == []


def test_an_8_3_project_is_told_that_references_are_ignored(qtbot, make_window, tmp_path):
    import shutil

    from nodetype_studio.bundled import resource

    folder = tmp_path / "Acme.Legacy"
    shutil.copytree(resource("example-83", "Acme.Legacy"), folder)  # composer.json requires neos/neos ^8.3
    window = make_window(folder)
    window.select_type("Acme.Legacy:Content.Quote")
    window.flush()
    page = _references_page(window)
    assert page.version_note.isVisible() and "Neos 8.3 ignores" in page.version_note.text()
    assert page.reference_list.count() == 0
    # the legacy reference property is an ordinary property with its editor under 8.3
    assert type(window.preview.current().editor("author")).__name__ == "ReferenceEditor"


def test_the_editor_choices_are_spelled_as_the_project_spells_the_platform(qtbot, make_window, tmp_path):
    """A project in the spec's Cms spelling gets `Cms.Cms/Inspector/Editors/…` written when an editor is
    chosen, as its other platform identifiers are spelled."""
    folder = tmp_path / "Acme.Cms"
    (folder / "NodeTypes").mkdir(parents=True)
    (folder / "composer.json").write_text('{"name": "acme/cms", "require": {"neos/neos": "^9.0"}}')
    types = folder / "NodeTypes" / "Card.yaml"
    types.write_text("'Acme.Cms:Card':\n  superTypes:\n    'Cms.Cms:Content': true\n  references:\n"
                     "    related:\n      ui:\n        label: 'Related'\n", encoding="utf-8")
    window = make_window(folder)
    window.select_type("Acme.Cms:Card")
    window.flush()
    page = _references_page(window)
    combo = page.field("ui", "inspector", "editor").combo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert "ReferenceEditor" in texts
    assert page.isEnabled() and page.current_reference() == "related"
    combo.setFocus()
    for _ in range(len(texts)):  # down the list to the single-reference editor
        if combo.currentText() == "ReferenceEditor":
            break
        qtbot.keyClick(combo, Qt.Key_Down)
    window.flush()
    assert combo.currentText() == "ReferenceEditor"
    written = window.session.project.node_type("Acme.Cms:Card").local["references"]["related"]["ui"]["inspector"]
    assert written["editor"] == "Cms.Cms/Inspector/Editors/ReferenceEditor"


def test_ctrl_z_in_the_reference_name_undoes_the_typing_before_enter(qtbot, window):
    # docs/studio.md: "a property name before Enter" keeps its own undo; a reference's name is renamed on
    # Enter as well
    select_in_tree(qtbot, window, "teaser", TEASER)
    page = _references_page(window)
    qtbot.mouseClick(page.add_button, Qt.LeftButton)
    window.flush()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.mouseClick(page.name_edit, Qt.LeftButton)
    page.name_edit.selectAll()
    qtbot.keyClicks(page.name_edit, "related")
    qtbot.keyClick(page.name_edit, Qt.Key_Z, Qt.ControlModifier)
    window.flush()
    assert page.name_edit.text() == "reference1"  # the typing is taken back, in the field
    assert page.current_reference() == "reference1"  # the reference just added is still there
    assert "reference1" in (window.session.project.node_type(TEASER).merged.get("references") or {})
