"""Quitting returns at once: closing the window ends the check worker (killed, not waited for), leaves no
thread that would keep the process alive, and the ``nodetype-studio`` process ends as soon as its event
loop returns. How long a quit takes is measured by ``benchmarks/bench_studio.py --only quit``."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

from PySide6.QtCore import QProcess


def test_closing_the_window_ends_the_check_worker_and_leaves_only_daemon_threads(qtbot, window):
    window.checks.schedule(window.session.root, {}, now=True)
    qtbot.waitUntil(lambda: window.checks._worker is not None
                    and window.checks._worker.process.state() == QProcess.ProcessState.Running, timeout=10000)
    process = window.checks._worker.process
    pid = process.processId()
    assert pid > 0
    if not window.checks.busy:  # (on a busy machine the answer may come before the wait above saw the worker)
        window.checks.schedule(window.session.root, {}, now=True)
    assert window.checks.busy  # a check is in flight: closing must not wait for it

    window.prompts.unsaved_changes = lambda files: "discard"
    window.close()

    assert process.state() == QProcess.ProcessState.NotRunning
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        pass  # gone and reaped: no zombie either
    else:
        raise AssertionError(f"the check worker {pid} is still there after the window closed")
    lingering = [t.name for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    assert lingering == []


def test_end_process_runs_the_exit_handlers_flushes_and_exits_with_the_code():
    code = ("import atexit, sys\n"
            "from nodetype_studio.ui.app import end_process\n"
            "atexit.register(lambda: sys.stdout.write('handler ran'))  # flushed by end_process only\n"
            "print('unflushed ', end='')\n"
            "end_process(3)\n"
            "print('not reached')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert done.stdout == "unflushed handler ran"
