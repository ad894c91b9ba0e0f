"""Project configuration of `check`: `.nodetype-studio.yaml`, or `[tool.nodetype-studio]` in pyproject.toml.

    # .nodetype-studio.yaml
    select: [editor, option, validator]
    ignore: [compat, position-duplicate]

Both keys take a list or a comma-separated string of code prefixes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nodetype_studio.diagnostics import Diagnostic, Location, error, warning
from nodetype_studio.model.yamlload import load_yaml_file, plain_data

CONFIG_FILE = ".nodetype-studio.yaml"
KEYS = ("select", "ignore")
#: read by the model (``nodetype_studio.model.projectconfig``), accepted here
OTHER_KEYS = ("cmsVersion", "cms-version")


@dataclass
class CheckConfig:
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    source: Path | None = None
    problems: list[Diagnostic] = field(default_factory=list)


def split_codes(value: Any) -> list[str]:
    """`a,b` / `[a, b]` / None -> ["a", "b"]; blanks dropped."""
    if value is None:
        return []
    items = value if isinstance(value, (list, tuple)) else [value]
    return [part.strip() for item in items for part in str(item).split(",") if part.strip()]


def config_dir(root: Path) -> Path:
    return root if root.is_dir() else root.parent


def load_config(root: Path | str) -> CheckConfig:
    """The check settings of the project at ``root``; a broken file becomes a diagnostic, never an exception."""
    folder = config_dir(Path(root))
    own = folder / CONFIG_FILE
    if own.is_file():
        return _from_yaml(own)
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        return _from_pyproject(pyproject)
    return CheckConfig()


def _from_yaml(path: Path) -> CheckConfig:
    """Read with the NodeTypes loader: the same bounds on size, nesting and alias expansion."""
    loaded = load_yaml_file(path)
    if not loaded.ok:
        first = next((d for d in loaded.diagnostics if d.severity.value == "error"), None)
        message = first.message if first is not None else "not valid YAML"
        where = Location(str(path), first.line, first.column) if first is not None else Location(str(path))
        return CheckConfig(problems=[error("config-invalid", f"cannot read {CONFIG_FILE}: {message}", where)])
    return _from_mapping(plain_data(loaded.data), path, CONFIG_FILE)


def _from_pyproject(path: Path) -> CheckConfig:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except RecursionError:
        return CheckConfig(problems=[error("config-invalid", "cannot read pyproject.toml: it is nested too deeply",
                                           Location(str(path)))])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return CheckConfig(problems=[error("config-invalid", f"cannot read pyproject.toml: {exc}", Location(str(path)))])
    table = data.get("tool", {}).get("nodetype-studio") if isinstance(data.get("tool"), dict) else None
    if table is None:
        return CheckConfig()
    return _from_mapping(table, path, "[tool.nodetype-studio]")


def _from_mapping(data: Any, path: Path, what: str) -> CheckConfig:
    config = CheckConfig(source=path)
    if data is None:
        return config
    if not isinstance(data, dict):
        config.problems.append(error("config-invalid", f"{what} must be a mapping with `select`/`ignore`", Location(str(path))))
        return config
    for key, value in data.items():
        if key in OTHER_KEYS:
            continue
        if key not in KEYS:
            config.problems.append(warning("config-unknown-key", f"unknown key `{key}` in {what}; use "
                                           + " or ".join(f"`{k}`" for k in KEYS), Location(str(path))))
            continue
        if value is not None and not isinstance(value, (str, list)):
            config.problems.append(error("config-invalid", f"`{key}` in {what} must be a list or a comma-separated "
                                         "string of codes", Location(str(path))))
            continue
        setattr(config, key, split_codes(value))
    return config
