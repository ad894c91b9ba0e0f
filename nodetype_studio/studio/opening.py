"""Whether a loaded folder is something the studio can show (Qt-free).

A folder without a single NodeTypes file (an empty folder, a home directory, a JavaScript project)
is not opened as a project of "0 node types": the studio says what it looked for instead.
"""

from __future__ import annotations

from pathlib import Path

LOOKED_FOR = "Configuration/NodeTypes*.yaml or NodeTypes/ of a package"


def not_a_project(project) -> str | None:
    """Why ``project`` (a loaded ``Project``) is not a Neos project, or None when it is one."""
    if any(not f.baseline for f in project.files):
        return None
    root = Path(project.root)
    name = root.name or str(root)
    if root.is_dir():
        try:
            empty = next(root.iterdir(), None) is None
        except OSError:
            empty = False
        if empty:
            return f"{name} is an empty folder: there is no Neos project to open"
        return f"{name} is not a Neos project: it holds no NodeTypes files ({LOOKED_FOR})"
    return f"{name} is not a NodeTypes file of a Neos project"
