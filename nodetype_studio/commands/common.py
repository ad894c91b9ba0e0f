"""Helpers shared by the sub-commands: opening a project with a clear message, printing paths."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from nodetype_studio.model import Project, load_project


def open_project(path: str) -> Project | None:
    """Load a project; on a path problem print a message and return None (exit code 2)."""
    try:
        return load_project(path)
    except FileNotFoundError:
        print(f"nodetype-studio: {path}: no such file or folder", file=sys.stderr)
    except PermissionError as exc:
        print(f"nodetype-studio: {path}: permission denied ({exc.filename})", file=sys.stderr)
    except OSError as exc:
        print(f"nodetype-studio: {path}: {exc.strerror or exc}", file=sys.stderr)
    return None


def display_path(path: str | os.PathLike) -> str:
    """A path relative to the working directory when it lies below it, else as given."""
    if not path:
        return ""
    try:
        rel = Path(path).resolve().relative_to(Path.cwd().resolve())
        return str(rel)
    except (ValueError, OSError):
        return str(path)


def open_node_type(path: str, name: str) -> tuple[Project | None, Any]:
    """The project at ``path`` and its node type ``name``; None for either that could not be had,
    after a message on stderr (commands exit 2 for an unreadable path)."""
    project = open_project(path)
    if project is None:
        return None, None
    nt = project.node_type(name)
    if nt is None:
        import difflib

        close = difflib.get_close_matches(name, list(project.node_types), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        print(f"nodetype-studio: node type {name!r} is not defined in {project.root}{hint}", file=sys.stderr)
    return project, nt
