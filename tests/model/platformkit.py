"""Helpers for the platform baseline tests: a project of a given CMS version, `show --json` in-process."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from nodetype_studio.cli import main

#: composer.json constraints that make version detection pick each baseline (model/version.py)
CONSTRAINTS = {"8.3": "^8.3", "9": "^9.0"}


def platform_project(root: Path, version: str) -> Path:
    """A site package with no node types of its own that requires ``neos/neos`` of ``version``."""
    package = root / "Acme.Site"
    package.mkdir(parents=True, exist_ok=True)
    composer = {"name": "acme/site", "type": "neos-site", "require": {"neos/neos": CONSTRAINTS[version]}}
    (package / "composer.json").write_text(json.dumps(composer), encoding="utf-8")
    return package


def run(*args: str) -> tuple[int, str]:
    """Run the command line in-process; (exit code, standard output)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*args])
    return code, out.getvalue()


def run_show(root: Path, name: str) -> dict:
    """``show ROOT NAME --json``, parsed."""
    code, out = run("show", str(root), name, "--json")
    assert code == 0, out
    return json.loads(out)
