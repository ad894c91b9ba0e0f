"""Helpers for the hostile-input tests: a small valid package and the command line in-process and as a process."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nodetype_studio.cli import main

ROOT = Path(__file__).resolve().parents[2]

PAGE = """\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    title:
      type: string
      ui:
        label: Title
        inspector:
          group: document
"""


def write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture
def package(tmp_path) -> Path:
    """A package with one node type (``Acme.Site:Page``) in Configuration/NodeTypes.Page.yaml."""
    return write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_process(*argv: str, timeout: float = 120, env: dict | None = None, cwd=None, **kwargs):
    """``python -m nodetype_studio ARGV`` as a separate process (a crash there cannot take the tests down)."""
    environment = dict(os.environ if env is None else env)
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), environment.get("PYTHONPATH", "")) if p)
    return subprocess.run([sys.executable, "-m", "nodetype_studio", *map(str, argv)], capture_output=True, text=True,
                          timeout=timeout, env=environment, cwd=cwd, **kwargs)


def run_python(code: str, timeout: float = 120, **kwargs):
    """A Python snippet in a separate process, importing this tree's package."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), environment.get("PYTHONPATH", "")) if p)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                          env=environment, **kwargs)


def stat_taken_while_small(monkeypatch, path, size=100):
    """``path.stat()`` reports ``size`` bytes: the file grew after a size check would have taken it."""
    real_stat = Path.stat

    def stat(self, *args, **kwargs):
        info = real_stat(self, *args, **kwargs)
        if self != path:
            return info
        fields = list(info)
        fields[6] = size  # st_size
        return os.stat_result(fields)

    monkeypatch.setattr(Path, "stat", stat)

