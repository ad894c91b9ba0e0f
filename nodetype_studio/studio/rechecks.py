"""The findings of the project as edited, worked out again only where an edit changed something.

The studio's check worker (``ui/studio/checkrunner.py``) keeps one ``Rechecks``: the project and the
check state of its last answer. A request names the buffers (``overrides``) and the session's load
(``Session.load_id``, which changes whenever the session loads the whole project: opened, a file
changed on disk, a change an incremental re-resolution cannot follow). With the same load as the last
answer, the worker re-resolves its own project as the session did (``model.incremental.reresolve``) and
checks again only the node types whose findings can have changed (``checks.incremental.recheck``);
otherwise it loads and checks the whole project, as ``nodetype-studio check`` does. Either way the
answer equals ``project_findings(root, overrides)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nodetype_studio.checks import code_selected, collect_findings, finding_order
from nodetype_studio.checks.config import load_config
from nodetype_studio.checks.incremental import CheckState, recheck
from nodetype_studio.diagnostics import Diagnostic
from nodetype_studio.model import load_project
from nodetype_studio.model.incremental import reresolve


def project_findings(root: Path, overrides: dict) -> list[Diagnostic]:
    """What ``nodetype-studio check ROOT`` reports, for the project with ``overrides`` applied."""
    project = load_project(root, overrides=overrides)
    config = load_config(project.root)
    return _with_config(collect_findings(project, config.select, config.ignore), config)


def _with_config(findings: list[Diagnostic], config) -> list[Diagnostic]:
    found = set(findings)
    found |= {p for p in config.problems if code_selected(p.code, config.select, config.ignore)}
    return sorted(found, key=finding_order)


class Rechecks:
    """The last answer's project and check state; ``findings`` answers the next request from them."""

    def __init__(self) -> None:
        self.key: tuple[str, Any] | None = None  # (root, load) of the last answer
        self.overrides: dict = {}
        self.project: Any = None
        self.state: CheckState | None = None
        self.incremental = False  # whether the last answer was worked out incrementally (for tests)

    def findings(self, root: Path, overrides: dict, load: Any = None) -> list[Diagnostic]:
        """The findings of the project at ``root`` with ``overrides``; ``load`` (the session's
        ``load_id``) None: a full load and check."""
        key = (str(root), load)
        project = None
        if load is not None and key == self.key and self.project is not None:
            project = reresolve(self.project, self.overrides, overrides)
        previous = self.state if project is not None else None
        if project is None:
            self.key = self.project = self.state = None  # a failure below must not leave a stale state
            project = load_project(root, overrides=overrides)
        state = recheck(previous, project)
        config = load_config(project.root)
        found = _with_config(state.findings(config.select, config.ignore), config)
        self.key, self.overrides, self.project, self.state = key, dict(overrides), project, state
        self.incremental = previous is not None
        return found
