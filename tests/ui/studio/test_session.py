"""The Qt-free session: model from files plus buffers, dirty state, safe saving, crash journal."""

from __future__ import annotations

import json

from nodetype_studio.studio.session import Session
from nodetype_studio.studio.textdiff import unified_diff
from nodetype_studio.ui.studio.journal import Journal

from .conftest import TEASER

TEASER_FILE = "NodeTypes/Content/Teaser.yaml"


def test_edits_resolve_from_the_buffers_without_touching_disk(project):
    session = Session(project)
    before = (project / TEASER_FILE).read_text(encoding="utf-8")
    session.record(session.editor.set(TEASER, ("ui", "label"), "Teaser box"))
    assert session.project.node_type(TEASER).label == "Teaser"  # not resolved yet
    project_model = session.resolve()
    assert project_model.node_type(TEASER).label == "Teaser box"
    assert (project / TEASER_FILE).read_text(encoding="utf-8") == before
    assert session.dirty and [p.name for p in session.dirty_files()] == ["Teaser.yaml"]


def test_dirty_node_types_are_the_ones_whose_entry_changed(project):
    session = Session(project)
    session.editor.set("Acme.Studio:Mixin.Titled", ("properties", "title", "ui", "label"), "Headline")
    session.resolve()
    assert session.dirty_node_types() == {"Acme.Studio:Mixin.Titled"}
    assert session.dirty_node_types() == {"Acme.Studio:Mixin.Titled"}  # cached original parse


def test_diff_and_save_write_only_the_edit(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Teaser box")
    diff = session.diff(project / TEASER_FILE)
    assert "-    label: 'Teaser'\n+    label: 'Teaser box'\n" in diff and diff.startswith("--- a/NodeTypes/Content/Teaser.yaml")
    result = session.save()
    assert [p.name for p in result.saved] == ["Teaser.yaml"] and not result.skipped
    assert "label: 'Teaser box'" in (project / TEASER_FILE).read_text(encoding="utf-8")
    assert not session.dirty and session.log == {}


def test_saving_over_a_changed_file_merges_changes_to_other_lines_without_asking(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    path = project / TEASER_FILE
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace("'Subtitle'", "'Theirs'"), encoding="utf-8")
    review = session.diff(path)
    assert "-    label: 'Teaser'\n+    label: 'Mine'\n" in review and "Theirs" not in review.replace(" 'Theirs'", "")
    assert "-        label: 'Theirs'" not in review  # the other program's line is not about to be reverted
    asked = []
    merged = []
    result = session.save(confirm_overwrite=lambda p, disk, mine: asked.append(p) or False,
                          merged=lambda p, before, after: merged.append((before, after)))
    assert result.saved and not asked
    assert path.read_text(encoding="utf-8") == original.replace("'Subtitle'", "'Theirs'").replace(
        "label: 'Teaser'", "label: 'Mine'")
    assert merged and "'Subtitle'" in merged[0][0] and "'Theirs'" in merged[0][1]
    assert not session.dirty


def test_a_file_with_lone_cr_line_breaks_changed_on_disk_is_merged_and_keeps_them(project):
    path = project / TEASER_FILE
    original = path.read_text(encoding="utf-8")
    path.write_bytes(original.replace("\n", "\r").encode("utf-8"))
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    theirs = original.replace("'Subtitle'", "'Theirs'")
    path.write_bytes(theirs.replace("\n", "\r").encode("utf-8"))
    assert "+    label: 'Mine'" in session.diff(path) and "Subtitle" not in session.diff(path)
    asked = []
    result = session.save(confirm_overwrite=lambda p, disk, mine: asked.append(p) or False)
    assert result.saved and not asked
    expected = theirs.replace("label: 'Teaser'", "label: 'Mine'")
    assert path.read_bytes() == expected.replace("\n", "\r").encode("utf-8")


def test_a_file_rewritten_in_another_encoding_is_not_merged_without_asking(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    path = project / TEASER_FILE
    latin1 = path.read_text(encoding="utf-8").replace("'Subtitle'", "'Sous-titre abrégé'").encode("latin-1")
    path.write_bytes(latin1)  # an editor saved it as Latin-1: "é" is no UTF-8
    asked = []
    result = session.save(confirm_overwrite=lambda p, disk, mine: asked.append(disk) or False)
    assert result.skipped and not result.saved and len(asked) == 1
    assert path.read_bytes() == latin1


def test_saving_over_a_change_to_the_same_line_needs_a_confirmation(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    path = project / TEASER_FILE
    original = path.read_text(encoding="utf-8")
    theirs = original.replace("label: 'Teaser'", "label: 'Theirs'").replace("'Subtitle'", "'Sub'")
    path.write_text(theirs, encoding="utf-8")
    [conflict] = session.plan(path).conflicts
    assert conflict.mine == "    label: 'Mine'\n" and conflict.theirs == "    label: 'Theirs'\n"
    asked = []
    result = session.save(confirm_overwrite=lambda p, disk, mine: asked.append((disk, mine)) or False)
    assert result.skipped and not result.saved
    assert asked[0][0] == theirs and "label: 'Mine'" in asked[0][1] and "'Sub'" in asked[0][1]
    assert path.read_text(encoding="utf-8") == theirs
    result = session.save(confirm_overwrite=lambda p, disk, mine: True)
    assert result.saved
    assert path.read_text(encoding="utf-8") == theirs.replace("label: 'Theirs'", "label: 'Mine'")


def test_keep_mine_after_a_compare_saves_that_disk_version_only(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    path = project / TEASER_FILE
    path.write_text(path.read_text(encoding="utf-8").replace("label: 'Teaser'", "label: 'Theirs'"), encoding="utf-8")
    [change] = session.check_disk()
    assert change.reason == "modified" and change.dirty
    session.keep_mine(path, path.read_bytes())
    assert session.save(confirm_overwrite=lambda *a: False).saved  # compared already: no question
    assert "label: 'Mine'" in path.read_text(encoding="utf-8")
    session.editor.set(TEASER, ("ui", "label"), "Mine again")
    path.write_text(path.read_text(encoding="utf-8").replace("label: 'Mine'", "label: 'Theirs again'"),
                    encoding="utf-8")
    assert session.save(confirm_overwrite=lambda *a: False).skipped  # a newer version was not compared


def test_a_change_saved_on_disk_while_the_user_is_asked_is_not_overwritten(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    path = project / TEASER_FILE
    theirs = path.read_text(encoding="utf-8").replace("label: 'Teaser'", "label: 'Theirs'")
    path.write_text(theirs, encoding="utf-8")
    newer = theirs.replace("'Subtitle'", "'Newer'")

    def overwrite_after_another_save(_path, disk, _mine):
        assert disk == theirs
        path.write_text(newer, encoding="utf-8")  # the other program saves again while the compare is open
        return True

    result = session.save(confirm_overwrite=overwrite_after_another_save)
    assert not result.saved and [p.name for p in result.skipped] == ["Teaser.yaml"] and not result.errors
    assert path.read_text(encoding="utf-8") == newer and session.dirty
    asked = []
    result = session.save(confirm_overwrite=lambda _p, disk, _mine: asked.append(disk) or True)
    assert result.saved and asked == [newer]
    assert path.read_text(encoding="utf-8") == newer.replace("label: 'Theirs'", "label: 'Mine'")


def test_a_deleted_file_is_reported_and_can_be_written_again(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    (project / TEASER_FILE).unlink()
    [change] = session.check_disk()
    assert change.reason == "deleted"
    assert session.save(confirm_overwrite=lambda *a: True).saved
    assert (project / TEASER_FILE).exists()


def test_reload_file_drops_the_buffer(project):
    session = Session(project)
    session.editor.set(TEASER, ("ui", "label"), "Mine")
    session.reload_file(project / TEASER_FILE)
    assert not session.dirty
    assert session.resolve().node_type(TEASER).label == "Teaser"


def test_journal_entries_replay_onto_the_saved_file(project, tmp_path):
    session = Session(project)
    session.record(session.editor.set(TEASER, ("ui", "label"), "One"))
    session.record(session.editor.set(TEASER, ("ui", "icon"), "star"))
    entries = session.journal_entries()
    journal = Journal(tmp_path, project)
    journal.write(entries)
    content = journal.read()
    assert content.files == [(project / TEASER_FILE).resolve()] and content.edit_count == 2

    fresh = Session(project)
    edits, notes = fresh.restore(content.entries)
    assert notes == [] and len(edits) == 2  # replayed edit by edit
    assert fresh.text_of(project / TEASER_FILE) == session.text_of(project / TEASER_FILE)


def test_journal_restores_the_whole_text_when_the_file_changed_meanwhile(project, tmp_path):
    session = Session(project)
    session.record(session.editor.set(TEASER, ("ui", "label"), "Mine"))
    entries = session.journal_entries()
    path = project / TEASER_FILE
    path.write_text(path.read_text(encoding="utf-8") + "# theirs\n", encoding="utf-8")
    fresh = Session(project)
    edits, notes = fresh.restore(entries)
    assert len(edits) == 1 and "changed on disk since" in notes[0]
    assert fresh.text_of(path) == session.text_of(path)


def test_journal_restore_reports_unusable_entries(project, tmp_path):
    fresh = Session(project)
    edits, notes = fresh.restore([{"path": str(project / "NodeTypes/Content/Teaser.yaml"), "base_sha256": "x",
                                   "text": "not: [valid", "edits": []}])
    assert edits == [] and "cannot restore" in notes[0]
    assert not fresh.dirty


def test_journal_reads_nothing_from_missing_broken_or_foreign_files(tmp_path, project):
    journal = Journal(tmp_path, project)
    assert journal.read() is None
    journal.path.parent.mkdir(parents=True)
    journal.path.write_text("{broken", encoding="utf-8")
    assert journal.read() is None
    journal.path.write_text(json.dumps({"version": 1, "root": "/elsewhere", "entries": []}), encoding="utf-8")
    assert journal.read() is None
    journal.write([])
    assert not journal.path.exists()


def test_unified_diff_marks_a_missing_final_newline():
    assert unified_diff("a\n", "a\nb", "f").endswith("+b\n\\ No newline at end of file\n")
