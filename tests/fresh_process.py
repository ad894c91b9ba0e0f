"""Running a piece of Python in a fresh interpreter, as a start of the studio is: what a test asks about
imports and start-up order must not see the test process's own modules."""

from __future__ import annotations

import os
import subprocess
import sys


def last_line(code: str, *, offscreen: bool = True, timeout: int = 120) -> str:
    """The last line ``code`` prints, run with ``python -c`` (Qt offscreen); the run must succeed."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"} if offscreen else None
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr
    return lines[-1]
