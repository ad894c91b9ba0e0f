"""Locating the bundled resources in a source checkout, a wheel install and a frozen app."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def resources_dir() -> Path:
    here = Path(__file__).resolve().parent
    candidates = [here / "resources"]  # package data: source checkout, wheel and frozen bundle
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.insert(0, Path(frozen_root) / "nodetype_studio" / "resources")
    for candidate in candidates:
        if (candidate / "baseline").is_dir():
            return candidate
    raise FileNotFoundError("Node Type Studio resources not found; the installation is incomplete")


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def example_project() -> Path:
    return resource("example")
