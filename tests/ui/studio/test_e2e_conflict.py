"""Acceptance: files changed on disk while the studio has unsaved edits to them, and live reload."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt

from nodetype_studio.ui.studio.dialogs import ChoiceDialog, CompareDialog, ReviewDialog

from .conftest import TEASER

EXTERNAL = ("        label: 'Subtitle'", "        label: 'Sub heading'")


def edit_label(qtbot, window, text: str) -> None:
    window.select_type(TEASER)
    window.definition.setCurrentIndex(0)
    field = window.definition.label_field
    field.editor.selectAll()
    qtbot.keyClicks(field.editor, text)
    window.flush()


def change_externally(path, old: str, new: str, *, by_rename: bool = False) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new)
    if by_rename:  # as editors that save to a temporary file and rename it over the original
        temp = path.with_name(path.name + ".tmp~")
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    else:
        path.write_text(text, encoding="utf-8")
    return text


def click(name: str):
    def answer(dialog):
        dialog.button[name].click()
    return answer


def accept_review(dialog: ReviewDialog) -> None:
    dialog.buttons.button(dialog.buttons.StandardButton.Save).click()


def test_keep_mine_then_save_keeps_the_external_edit_and_writes_the_users(qtbot, window, project, answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    edit_label(qtbot, window, "Teaser box")
    assert window.session.dirty
    answers.expect(ChoiceDialog, click("keep"))
    change_externally(teaser, *EXTERNAL)
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=5000)
    name, text = answers.seen[0]
    assert name == "ChoiceDialog" and "NodeTypes/Content/Teaser.yaml was changed by another program" in text
    assert window.session.text_of(teaser).count("Teaser box") == 1  # still mine

    answers.expect(ReviewDialog, accept_review)
    assert window.save_all()  # different lines: merged, nothing to ask
    review = answers.seen[1][1]
    assert "-    label: 'Teaser'" in review and "+    label: 'Teaser box'" in review
    assert "Subtitle" not in review  # the other program's line is not reverted
    saved = teaser.read_text(encoding="utf-8")
    assert "label: 'Teaser box'" in saved and "label: 'Sub heading'" in saved
    assert not window.session.dirty


def keep_mine_after_comparing(qtbot, window, project, answers):
    """Edit the teaser's label, change its file outside, answer "compare" then "keep mine"; returns the file."""
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    edit_label(qtbot, window, "Teaser box")
    answers.expect(ChoiceDialog, click("compare"))
    answers.expect(CompareDialog, click("keep"))
    change_externally(teaser, *EXTERNAL)
    qtbot.waitUntil(lambda: len(answers.seen) == 2, timeout=5000)
    return teaser


def test_compare_then_keep_mine_saves_without_asking_again(qtbot, window, project, answers):
    teaser = keep_mine_after_comparing(qtbot, window, project, answers)
    assert "-        label: 'Sub heading'" in answers.seen[1][1]
    answers.expect(ReviewDialog, accept_review)
    assert window.save_all()
    assert [name for name, _text in answers.seen] == ["ChoiceDialog", "CompareDialog", "ReviewDialog"]
    assert "label: 'Teaser box'" in teaser.read_text(encoding="utf-8")


def test_a_second_change_after_keep_mine_is_asked_about_again(qtbot, window, project, answers):
    teaser = keep_mine_after_comparing(qtbot, window, project, answers)
    answers.expect(ChoiceDialog, click("keep"))
    change_externally(teaser, "    label: 'Teaser'", "    label: 'Teaser card'")  # the line the user edited
    qtbot.waitUntil(lambda: len(answers.seen) == 3, timeout=5000)
    answers.expect(ReviewDialog, accept_review)
    answers.expect(CompareDialog, click("cancel"))
    assert not window.save_all()  # the newest disk version was not compared: the user said cancel
    assert "Teaser card" in teaser.read_text(encoding="utf-8") and window.session.dirty


def test_a_version_saved_while_the_compare_before_saving_is_open_is_not_overwritten(qtbot, window, project,
                                                                                    answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    edit_label(qtbot, window, "Teaser box")
    answers.expect(ChoiceDialog, click("keep"))
    change_externally(teaser, "    label: 'Teaser'", "    label: 'Teaser card'")  # the line the user edited
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=5000)
    newer = []

    def another_save_then_overwrite(dialog):
        newer.append(change_externally(teaser, *EXTERNAL))  # the other program saves again meanwhile
        click("overwrite")(dialog)

    answers.expect(ReviewDialog, accept_review)
    answers.expect(CompareDialog, another_save_then_overwrite)
    answers.expect(ChoiceDialog, click("keep"))  # the newer version is asked about as it arrives
    assert not window.save_all()
    assert teaser.read_text(encoding="utf-8") == newer[0] and window.session.dirty
    assert "Not saved (changed on disk): NodeTypes/Content/Teaser.yaml" in window.message.text()
    qtbot.waitUntil(lambda: len(answers.seen) == 4, timeout=5000)


def test_reload_drops_the_edits_and_shows_the_disk_version(qtbot, window, project, answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    edit_label(qtbot, window, "Teaser box")
    answers.expect(ChoiceDialog, click("reload"))
    change_externally(teaser, *EXTERNAL)
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=5000)
    window.flush()
    assert not window.session.dirty
    assert window.undo_stack.count() == 0  # the history no longer matches the file
    nt = window.session.project.node_type(TEASER)
    assert nt.properties["subtitle"]["ui"]["label"] == "Sub heading"
    assert window.definition.label_field.text() == "Teaser"


def test_a_clean_file_changed_on_disk_updates_tree_preview_and_problems_without_asking(qtbot, window, project, answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    window.select_type(TEASER)
    qtbot.waitUntil(lambda: not window.checks.busy, timeout=10000)
    change_externally(teaser, "          position: 30",
                      "          position: 30\n          editor: 'Neos.Neos/Inspector/Editors/Nope'", by_rename=True)
    qtbot.waitUntil(lambda: window.preview.current().editor("limit") is not None
                    and type(window.preview.current().editor("limit")).__name__ == "PlaceholderEditor", timeout=5000)
    qtbot.waitUntil(lambda: any(f.code.startswith("editor-unknown") for f in window.problems.model.findings),
                    timeout=10000)
    counts = window.tree_model.data(window.tree_model.indexes_of(TEASER)[0].siblingAtColumn(1))
    assert counts is not None and int(counts) >= 1
    # replaced by a rename, the file is still watched: a second change arrives too
    change_externally(teaser, "label: 'Limit'", "label: 'Maximum'", by_rename=True)
    qtbot.waitUntil(lambda: window.session.project.node_type(TEASER).properties["limit"]["ui"]["label"] == "Maximum",
                    timeout=5000)
    assert answers.seen == []


def test_a_new_file_on_disk_appears_in_the_tree(qtbot, window, project):
    (project / "NodeTypes" / "Content" / "Quote.yaml").write_text(
        "'Acme.Studio:Content.Quote':\n  superTypes: {'Neos.Neos:Content': true}\n", encoding="utf-8")
    qtbot.waitUntil(lambda: bool(window.tree_model.indexes_of("Acme.Studio:Content.Quote")), timeout=5000)


def test_a_deleted_file_with_unsaved_edits_is_asked_about(qtbot, window, project, answers):
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    edit_label(qtbot, window, "Teaser box")
    answers.expect(ChoiceDialog, click("keep"))
    teaser.unlink()
    qtbot.waitUntil(lambda: len(answers.seen) == 1, timeout=5000)
    assert "was deleted" in answers.seen[0][1]
    answers.expect(ReviewDialog, accept_review)
    answers.expect(CompareDialog, click("overwrite"))
    assert window.save_all()
    assert "Teaser box" in teaser.read_text(encoding="utf-8")


def test_f5_reload_reads_changed_files(qtbot, window, project):
    window.projects.watcher.paused = True  # as if the change came while no event was delivered
    page = project / "NodeTypes" / "Document" / "Page.yaml"
    change_externally(page, "label: 'Page'", "label: 'Web page'")
    window.select_type("Acme.Studio:Document.Page")
    qtbot.keyClick(window, Qt.Key_F5)
    assert window.session.project.node_type("Acme.Studio:Document.Page").label == "Web page"
    window.projects.watcher.paused = False
