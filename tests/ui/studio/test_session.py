"""The Qt-free session: model from files plus buffers, dirty state, safe saving, crash journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


def test_journal_reads_nothing_from_a_missing_file_and_refuses_broken_or_foreign_ones(tmp_path, project):
    from nodetype_studio.ui.studio.journal import UnreadableJournal

    journal = Journal(tmp_path, project)
    assert journal.read() is None
    journal.path.parent.mkdir(parents=True)
    journal.path.write_text("{broken", encoding="utf-8")
    with pytest.raises(UnreadableJournal, match="not valid JSON"):
        journal.read()
    journal.path.write_text(json.dumps({"version": 1, "root": "/elsewhere", "entries": []}), encoding="utf-8")
    with pytest.raises(UnreadableJournal, match="the journal of another folder"):
        journal.read()
    journal.write([])
    assert not journal.path.exists()


def test_unified_diff_marks_a_missing_final_newline():
    assert unified_diff("a\n", "a\nb", "f").endswith("+b\n\\ No newline at end of file\n")


OVERRIDE_FILE = "NodeTypes/Content/Teaser.Help.yaml"


def _renamed_in_two_files(project):
    """A session where `subtitle` of the teaser, declared in two files, was renamed to `kicker` by one command."""
    (project / OVERRIDE_FILE).write_text(
        "'Acme.Studio:Content.Teaser':\n  properties:\n    subtitle:\n      ui:\n        help:\n          message: 'Below the title'\n",
        encoding="utf-8")
    session = Session(project)
    edits = session.editor.rename_key(TEASER, ("properties", "subtitle"), "kicker")
    assert len({e.file for e in edits}) == 2
    session.record(edits)
    session.link(edits)  # what the window's undo command does with one command's edits
    before = {name: (project / name).read_bytes() for name in (TEASER_FILE, OVERRIDE_FILE)}
    return session, before


def test_a_rename_across_files_is_not_saved_at_all_when_one_file_is_read_only(project):
    session, before = _renamed_in_two_files(project)
    (project / OVERRIDE_FILE).chmod(0o444)
    result = session.save([project / TEASER_FILE])  # saving one of them saves both, or neither
    assert not result.saved
    assert {name: (project / name).read_bytes() for name in before} == before
    assert len(result.errors) == 1 and "none of them was written" in result.errors[0]
    assert "read-only" in result.errors[0] and "Teaser.Help.yaml" in result.errors[0]
    assert sorted(p.name for p in session.dirty_files()) == ["Teaser.Help.yaml", "Teaser.yaml"]
    (project / OVERRIDE_FILE).chmod(0o644)
    result = session.save([project / TEASER_FILE])
    assert sorted(p.name for p in result.saved) == ["Teaser.Help.yaml", "Teaser.yaml"] and not result.errors
    assert "kicker:" in (project / OVERRIDE_FILE).read_text(encoding="utf-8")
    assert "kicker:" in (project / TEASER_FILE).read_text(encoding="utf-8") and not session.dirty


def test_a_rename_across_files_kept_out_by_a_conflict_on_disk_writes_none_of_them(project):
    session, before = _renamed_in_two_files(project)
    theirs = before[OVERRIDE_FILE].replace(b"    subtitle:", b"    subline:")
    (project / OVERRIDE_FILE).write_bytes(theirs)
    asked = []
    result = session.save(confirm_overwrite=lambda path, disk, mine: asked.append(Path(path).name) or False)
    assert asked == ["Teaser.Help.yaml"] and not result.saved
    assert (project / TEASER_FILE).read_bytes() == before[TEASER_FILE]
    assert (project / OVERRIDE_FILE).read_bytes() == theirs
    assert sorted(p.name for p in result.skipped) == ["Teaser.Help.yaml", "Teaser.yaml"]
    assert "none of them was written" in result.errors[0]


def test_a_rename_across_files_whose_second_write_fails_puts_the_first_back(project, monkeypatch):
    from nodetype_studio.editing import SaveError, diskio

    session, before = _renamed_in_two_files(project)
    real_commit = diskio.PreparedWrite.commit
    committed = []

    def failing_commit(write):
        if committed and write.path.name != committed[0]:  # the first file is replaced (and put back), the second fails
            write.discard()
            raise SaveError("cannot save: disk full; the file was not changed", write.path)
        committed.append(write.path.name)
        return real_commit(write)

    monkeypatch.setattr(diskio.PreparedWrite, "commit", failing_commit)
    result = session.save()
    assert committed and not result.saved and "disk full" in result.errors[0]  # one file was replaced, then put back
    assert {name: (project / name).read_bytes() for name in before} == before
    assert len(session.dirty_files()) == 2


def test_undoing_a_rename_across_files_takes_it_back_in_all_of_them_or_in_none(project):
    import pytest

    from nodetype_studio.editing import EditError

    session, _before = _renamed_in_two_files(project)
    edits = [e for e in session.log.values() for e in e]
    renamed = {Path(e.file): session.text_of(Path(e.file)) for e in edits}
    first = edits[0]
    # the first file's buffer no longer holds the rename where the edit put it: its undo cannot apply
    doc = session.editor.document(first.file)
    doc.apply(type(first)(first.file, "elsewhere", first.offset, first.new_text, "headline", 1, 1, 1))
    renamed[Path(first.file)] = doc.text
    with pytest.raises(EditError):
        session.apply(edits, undo=True)
    assert {path: session.text_of(path) for path in renamed} == renamed
