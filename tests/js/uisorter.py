"""The UI's own positional sorter, the npm package ``@neos-project/positional-array-sorter`` 8.3.19, run by
node (`.ci/run` installs it into NODETYPE_STUDIO_NODE_MODULES): the tests that compare with it skip where
node or the package is missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

import pytest

PACKAGE = "@neos-project/positional-array-sorter"
VERSION = "8.3.19"


def node_runner(script: str) -> Callable[[Any], Any]:
    """A function that runs ``script`` (which ``require``s the package) on a JSON value given on its stdin and
    returns the JSON it writes; skips the calling test when node or the package is not there."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the UI's sorter cannot run")
    env = {"PATH": os.environ.get("PATH", ""), "NODE_PATH": os.environ.get("NODETYPE_STUDIO_NODE_MODULES", "")}
    probe = subprocess.run([node, "-e", f"process.stdout.write(require('{PACKAGE}/package.json').version)"],
                           capture_output=True, text=True, env=env, timeout=60)
    if probe.returncode != 0:
        pytest.skip(f"the npm package {PACKAGE} is not installed (set NODETYPE_STUDIO_NODE_MODULES to a "
                    f"node_modules folder holding {PACKAGE}@{VERSION})")
    if probe.stdout != VERSION:
        pytest.skip(f"{PACKAGE} {probe.stdout} is installed; the tests are written for {VERSION}")

    def run(value: Any) -> Any:
        done = subprocess.run([node, "-e", script], input=json.dumps(value), capture_output=True, text=True,
                              env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run
