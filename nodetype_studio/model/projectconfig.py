"""The project's configuration file: ``.nodetype-studio.yaml``, else ``[tool.nodetype-studio]`` in a
``pyproject.toml`` (read by :mod:`nodetype_studio.model.settingsfile`).

    # .nodetype-studio.yaml
    cmsVersion: '8.3'      # or 9 / '9.x'; leave out to detect it from composer files
    select: [editor, option, validator]   # read by ``check`` (nodetype_studio.checks.config)
    ignore: [compat, position-duplicate]
    context: Production/Live   # the Flow context to load (model/flowcontext.py); else FLOW_CONTEXT, else Development

The model reads ``cmsVersion`` and ``context`` here; the checks' configuration reads the same table and
reports the file's own problems (unreadable, unknown keys, bad ``select``/``ignore``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nodetype_studio.diagnostics import Diagnostic, Severity, error
from nodetype_studio.model.flowcontext import (
    DEFAULT_CONTEXT,
    EXPECTED,
    InvalidContext,
    ResolvedContext,
    check_context,
    context_problem,
    environment_context,
)
from nodetype_studio.model.settingsfile import Field, Invalid, SettingsRead, SettingsSpec, codes, read_settings
from nodetype_studio.model.version import parse_version

CONFIG_FILE = ".nodetype-studio.yaml"
PYPROJECT = "pyproject.toml"
TOML_TABLE = ("tool", "nodetype-studio")
KEY = "cmsVersion"


def flow_context_text(value: Any) -> str:
    if context_problem(value) is not None:
        raise Invalid(f"a Flow context: {EXPECTED}")
    return str(value)


def cms_version_text(value: Any) -> str:
    if parse_version(value) is None:
        raise Invalid("'8.3' or '9'")
    return str(value)


#: Every key of the project configuration file.
FIELDS = (
    Field("select", codes, (), "select"),
    Field("ignore", codes, (), "ignore"),
    Field(KEY, cms_version_text, None, "cms_version", aliases=("cms-version",), severity=Severity.WARNING,
          message="`{key}: {raw}` names no CMS version the studio knows; use {expected} "
                  "(the version is detected instead)"),
    Field("context", flow_context_text, None, "context"),
)


def spec_for(display: str) -> SettingsSpec:
    return SettingsSpec(display, FIELDS, invalid_code="config-invalid", unknown_code="config-unknown-key",
                        wrap_load_errors=True)


def config_dir(root: Path) -> Path:
    return root if root.is_dir() else root.parent


def read_project_config(root: Path | str) -> SettingsRead:
    """The project configuration at ``root``: ``.nodetype-studio.yaml`` when it exists, else the
    ``pyproject.toml`` table (``file`` is None when neither configures anything)."""
    folder = config_dir(Path(root))
    own = folder / CONFIG_FILE
    if own.exists() and not own.is_dir():  # a pipe there too: read_settings reports it
        return read_settings(own, spec_for(CONFIG_FILE))
    return read_settings(folder / PYPROJECT, spec_for("pyproject.toml"), toml_table=TOML_TABLE)


def configured_cms_version(root: str | Path) -> tuple[str | None, list[Diagnostic]]:
    """(the configured version as written, problems) for the project at ``root``; (None, []) when
    nothing is configured. A value that names no version we know is a warning and is ignored; the
    file's other problems are the checks' configuration's to report."""
    read = read_project_config(root)
    return read.values["cms_version"], list(read.field_diagnostics.get("cms_version", []))


def configured_context(root: str | Path) -> tuple[str | None, list[Diagnostic]]:
    """(the Flow context the file names, its problems) for the project at ``root``; (None, []) when
    nothing is configured, (None, [error]) for a name Flow refuses."""
    read = read_project_config(root)
    return read.values["context"], list(read.field_diagnostics.get("context", []))


def resolve_context(root, explicit: str | None = None, *, strict: bool = False,
                    environ: Mapping[str, str] | None = None) -> ResolvedContext:
    """The context to load the project at ``root`` in (first match: ``explicit``, the project's
    configuration file, the environment, Development). An invalid ``explicit`` raises
    :class:`InvalidContext`; so does an invalid file or environment value with ``strict`` (the command
    line), else it is an error finding and the next source decides."""
    if explicit is not None:
        return ResolvedContext(check_context(explicit), "option")
    configured, problems = configured_context(root)
    if problems and strict:
        raise InvalidContext(f"{problems[0].file}: {problems[0].message}")
    if configured is not None:
        return ResolvedContext(configured, "file", problems)
    found = environment_context(environ)
    if found is not None:
        value, variable = found
        problem = context_problem(value)
        if problem is None:
            return ResolvedContext(value, "environment", problems)
        if strict:
            raise InvalidContext(f"{variable}: {problem}")
        problems = problems + [error("flow-context", f"{variable}: {problem}; the studio loads {DEFAULT_CONTEXT}")]
    return ResolvedContext(DEFAULT_CONTEXT, "default", problems)
