"""Project configuration of `check`: `.nodetype-studio.yaml`, or `[tool.nodetype-studio]` in pyproject.toml.

    # .nodetype-studio.yaml
    select: [editor, option, validator]
    ignore: [compat, position-duplicate]

Both keys take a list or a comma-separated string of code prefixes. The file is read against the
table in ``nodetype_studio.model.projectconfig`` (which also holds ``cmsVersion``, reported by the model).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from nodetype_studio.diagnostics import Diagnostic
from nodetype_studio.model.projectconfig import CONFIG_FILE, config_dir, read_project_config
from nodetype_studio.model.settingsfile import split_codes

__all__ = ["CONFIG_FILE", "CheckConfig", "config_dir", "load_config", "split_codes"]


@dataclass
class CheckConfig:
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    source: Path | None = None
    problems: list[Diagnostic] = field(default_factory=list)


def load_config(root: Path | str) -> CheckConfig:
    """The check settings of the project at ``root``; a broken file becomes a diagnostic, never an exception."""
    read = read_project_config(root)
    theirs = set(read.field_diagnostics.get("cms_version", []))  # the model reports the CMS version
    return CheckConfig(select=list(read.values["select"]), ignore=list(read.values["ignore"]), source=read.file,
                       problems=[d for d in read.diagnostics if d not in theirs])
