"""A crash journal the studio cannot use (too large, not JSON, nested past any sense, not a journal, or
from another version) is said to be so, kept aside where the next edit does not overwrite it, and the
project opens as saved; an odd date in a journal does not stop the restore question."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtCore import Qt

from nodetype_studio.ui.studio import journal as journal_module
from nodetype_studio.ui.studio.journal import Journal

from .conftest import TEASER


class Answers:
    def __init__(self, restore: bool = False):
        self.restore = restore
        self.asked: list = []

    def restore_journal(self, files, when):
        self.asked.append((files, when))
        return self.restore

    def unsaved_changes(self, files):
        return "discard"


def journal_file(data_dir, project):
    path = Journal(data_dir, project).path
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def valid_payload(project, text: str) -> dict:
    teaser = (project / "NodeTypes/Content/Teaser.yaml").resolve()
    return {"version": journal_module.VERSION, "root": str(project.resolve()), "written": 1700000000.0,
            "entries": [{"path": str(teaser), "base_sha256": "", "text": text, "edits": []}]}


def edit_label(qtbot, window, text: str) -> None:
    """Type ``text`` over the Teaser's label, as the user would; the journal is written."""
    window.select_type(TEASER)
    window.definition.setCurrentIndex(0)
    field = window.definition.label_field.editor
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    window.flush()
    assert window.session.dirty
    window.write_journal()


def opened_with_unusable_journal(make_window, project, data_dir, content: bytes | None, reason: str):
    path = journal_file(data_dir, project)
    if content is not None:
        path.write_bytes(content)
    prompts = Answers()
    window = make_window(project, prompts=prompts)
    aside = path.with_suffix(".unreadable.json")
    assert not prompts.asked  # nothing to restore was offered
    assert window.session is not None and not window.session.dirty  # the project is open, as saved
    message = window.message.text()
    assert "crash journal" in message and reason in message, message
    assert aside.name in message and "nothing was restored" in message
    assert window.last_error == message
    assert aside.exists() and not path.exists()
    return window, path, aside


def test_a_journal_that_is_not_json_is_kept_aside_with_a_message(qtbot, make_window, project, data_dir):
    content = b'{"version": 1, "entries": [{"path": "x", "text": "half a jou'
    window, path, aside = opened_with_unusable_journal(make_window, project, data_dir, content, "not valid JSON")
    assert aside.read_bytes() == content
    edit_label(qtbot, window, "Box")  # the next journal is written beside it, not over it
    assert path.is_file() and aside.read_bytes() == content


def test_a_journal_larger_than_the_bound_is_not_read(make_window, project, data_dir):
    path = journal_file(data_dir, project)
    with open(path, "wb") as stream:  # sparse: costs no disk
        stream.truncate(journal_module.MAX_JOURNAL_BYTES + 1)
    window, _path, aside = opened_with_unusable_journal(make_window, project, data_dir, None,
                                                        "larger than 64 MB")
    assert aside.stat().st_size == journal_module.MAX_JOURNAL_BYTES + 1


def test_a_journal_nested_past_any_sense_does_not_stop_the_studio(make_window, project, data_dir):
    content = b"[" * 200_000 + b"]" * 200_000
    _window, _path, aside = opened_with_unusable_journal(make_window, project, data_dir, content,
                                                         "nested too deeply")
    assert aside.read_bytes() == content


@pytest.mark.parametrize(("payload", "reason"), [
    ([1, 2, 3], "not a crash journal"),
    ({"version": 99, "root": "", "entries": []}, "another version of the studio (99)"),
])
def test_a_foreign_journal_is_kept_aside(make_window, project, data_dir, payload, reason):
    content = json.dumps(payload).encode()
    _window, _path, aside = opened_with_unusable_journal(make_window, project, data_dir, content, reason)
    assert aside.read_bytes() == content


def test_a_pipe_in_the_journals_place_does_not_wait(make_window, project, data_dir):
    path = journal_file(data_dir, project)
    os.mkfifo(path)
    _window, _path, aside = opened_with_unusable_journal(make_window, project, data_dir, None, "not a regular file")


@pytest.mark.parametrize("written", ["1e400", "-1e400", "NaN", "1e18", "\"yesterday\""])
def test_an_odd_date_in_a_journal_still_offers_the_edits(make_window, project, data_dir, written):
    path = journal_file(data_dir, project)
    text = (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8") + "# restored\n"
    payload = json.dumps(valid_payload(project, text)).replace("1700000000.0", written)
    path.write_text(payload, encoding="utf-8")
    prompts = Answers(restore=True)
    window = make_window(project, prompts=prompts)
    assert prompts.asked == [(["NodeTypes/Content/Teaser.yaml"], "earlier")]
    window.flush()
    assert window.session.text_of(project / "NodeTypes/Content/Teaser.yaml") == text


def test_entries_with_odd_edits_restore_the_text(make_window, project, data_dir):
    path = journal_file(data_dir, project)
    text = (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8") + "# restored\n"
    payload = valid_payload(project, text)
    base = (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8")
    import hashlib
    payload["entries"][0]["base_sha256"] = hashlib.sha256(base.encode("utf-8")).hexdigest()
    payload["entries"][0]["edits"] = [{"offset": 1e400, "old": "", "new": "x"}]
    payload["entries"].append({"path": "bad\u0000path", "text": "x", "edits": []})
    path.write_text(json.dumps(payload), encoding="utf-8")
    prompts = Answers(restore=True)
    window = make_window(project, prompts=prompts)
    assert prompts.asked and prompts.asked[0][0] == ["NodeTypes/Content/Teaser.yaml"]
    window.flush()
    assert window.session.text_of(project / "NodeTypes/Content/Teaser.yaml") == text


def test_a_journal_that_would_be_larger_than_the_bound_is_not_written(qtbot, make_window, project, data_dir, monkeypatch):
    window = make_window(project, prompts=Answers())
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 1000)
    edit_label(qtbot, window, "Box")
    assert not window.journal.path.exists()
    message = window.message.text()
    assert message.startswith("Cannot write the crash journal") and "larger than" in message, message
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 64 * 1024 * 1024)
    edit_label(qtbot, window, "Boxes")
    assert window.journal.read() is not None


def test_a_journal_that_cannot_be_moved_aside_is_not_written_over(qtbot, make_window, project, data_dir, monkeypatch):
    path = journal_file(data_dir, project)
    path.write_bytes(b"not json")

    def refuse(self, suffix):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Journal, "set_aside", refuse)
    window = make_window(project, prompts=Answers())
    message = window.message.text()
    assert "could not be moved aside (Permission denied)" in message and "no crash journal is written" in message
    edit_label(qtbot, window, "Box")
    assert path.read_bytes() == b"not json"
