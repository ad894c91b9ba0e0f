"""The start-up script (``--script FILE``, the automation hook the crash-recovery test drives) is read as a
project's files are: a file larger than the bound, a named pipe or JSON nested past the parser's limit is a
message on stderr, and the window goes on."""

from __future__ import annotations

import os
import threading

import pytest

from nodetype_studio.boundedio import MAX_FILE_BYTES
from nodetype_studio.ui.app import _run_script_when_loaded


@pytest.mark.parametrize("kind", ["large", "deep", "pipe"])
def test_an_unusable_script_is_a_message(window, tmp_path, capsys, kind):
    script = tmp_path / "script.json"
    if kind == "large":
        with open(script, "wb") as stream:  # sparse
            stream.truncate(MAX_FILE_BYTES + 1)
        expected = "the file is larger than 8 MB"
    elif kind == "deep":
        script.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
        expected = "it is nested too deeply"
    else:
        os.mkfifo(script)
        expected = "it is not a regular file"
    worker = threading.Thread(target=lambda: _run_script_when_loaded(window, script), daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():
        os.close(os.open(script, os.O_WRONLY | os.O_NONBLOCK))  # a writer, so that the thread ends
        worker.join(30)
        pytest.fail("reading the script waited for a writer to the pipe")
    err = capsys.readouterr().err
    assert f"nodetype-studio: cannot read the script {script}: " in err and expected in err, err
    assert window.isVisible() and window.session is not None
