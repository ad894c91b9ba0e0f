"""Acceptance: the studio is killed with unsaved edits; the next start offers them back and restores them."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from .conftest import TEASER

ROOT = Path(__file__).resolve().parents[3]
STEPS = [
    {"select": TEASER},
    {"set": [TEASER, "ui.label", "Teaser (recovered)"]},
    {"add_property": [TEASER, "color"]},
    {"set": [TEASER, "properties.color.ui.inspector.editor", "Neos.Neos/Inspector/Editors/SelectBoxEditor"]},
]


class Answers:
    """Prompts that record the question and say yes to restoring."""

    def __init__(self, restore: bool = True):
        self.restore = restore
        self.asked: list = []

    def restore_journal(self, files, when):
        self.asked.append(files)
        return self.restore

    def unsaved_changes(self, files):
        return "discard"


def run_studio_until_killed(project: Path, tmp_path: Path, data_dir: Path) -> dict:
    script = tmp_path / "edits.json"
    script.write_text(json.dumps(STEPS), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", NODETYPE_STUDIO_DATA_DIR=str(data_dir),
               XDG_CONFIG_HOME=str(tmp_path / "config"), PYTHONPATH=str(ROOT))
    code = "import sys; from nodetype_studio.ui.app import run_app; sys.exit(run_app(sys.argv[1:]))"
    process = subprocess.Popen([sys.executable, "-c", code, str(project), "--script", str(script)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(tmp_path))
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    try:
        line = ""
        deadline = time.monotonic() + 90
        while not line.startswith("SCRIPT-DONE") and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                if process.poll() is not None:
                    break
        if not line.startswith("SCRIPT-DONE"):
            process.kill()
            pytest.fail(f"the studio did not finish the script: {process.communicate(timeout=10)[1][-3000:]}")
        report = json.loads(line.split(" ", 1)[1])
        assert process.poll() is None  # still running: it is the kill that ends it
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
        assert process.returncode == -signal.SIGKILL
        return report
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)


@pytest.fixture
def crashed(project, tmp_path, data_dir):
    before = (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8")
    report = run_studio_until_killed(project, tmp_path, data_dir)
    assert report["problems"] == []
    journal = Path(report["journal"])
    assert journal.is_file() and journal.parent.parent == data_dir
    # the file itself was never written
    assert (project / "NodeTypes/Content/Teaser.yaml").read_text(encoding="utf-8") == before
    return before, journal


def test_restart_offers_the_edits_back_and_accepting_restores_them(make_window, project, crashed, answers):
    before, journal = crashed

    def accept(box: QMessageBox) -> None:  # the real question, as the user sees it
        assert box.detailedText() == "NodeTypes/Content/Teaser.yaml"
        box.button(QMessageBox.Yes).click()

    answers.expect(QMessageBox, accept)
    window = make_window(project)
    assert len(answers.seen) == 1
    assert "unsaved edits to 1 file" in answers.seen[0][1] and "Restore unsaved edits?" in answers.seen[0][1]
    window.flush()
    text = window.session.text_of(project / "NodeTypes/Content/Teaser.yaml")
    assert "label: 'Teaser (recovered)'" in text
    assert "    color:\n" in text and "editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'" in text
    assert window.session.dirty
    nt = window.session.project.node_type(TEASER)
    assert nt.label == "Teaser (recovered)" and "color" in nt.properties
    assert type(window.preview.current().editor("color")).__name__ == "SelectBoxEditor"
    # restoring is one undo step; the journal follows the state
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    window.flush()
    assert window.session.text_of(project / "NodeTypes/Content/Teaser.yaml") == before
    window.write_journal()
    assert not journal.exists()


def test_declining_keeps_a_copy_and_opens_the_files_as_saved(make_window, project, crashed):
    before, journal = crashed
    prompts = Answers(restore=False)
    window = make_window(project, prompts=prompts)
    assert prompts.asked and not window.session.dirty
    assert window.session.text_of(project / "NodeTypes/Content/Teaser.yaml") == before
    assert not journal.exists() and journal.with_suffix(".discarded.json").is_file()
