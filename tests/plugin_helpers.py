"""Installing an example plugin like pip would, for the plugin discovery tests."""

from __future__ import annotations

import importlib
import shutil
import sys
import tomllib
from pathlib import Path


def install_like_pip(example: Path, package: str, site: Path) -> None:
    """Copy the example's ``package`` into ``site`` with a .dist-info folder whose entry_points.txt is
    written from the example's own pyproject (what pip would produce)."""
    project = tomllib.loads((example / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    shutil.copytree(example / package, site / package)
    dist = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    lines = []
    for group, entries in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {target}" for name, target in entries.items()]
    (dist / "entry_points.txt").write_text("\n".join(lines) + "\n")


def forget_modules(*prefixes: str) -> None:
    """Drop imported plugin modules (and the plugin-folder ones) so the next test imports afresh."""
    for name in [m for m in sys.modules if m.startswith((*prefixes, "nodetype_studio_plugin_"))]:
        del sys.modules[name]
    importlib.invalidate_caches()
