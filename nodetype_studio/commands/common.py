"""Helpers shared by the sub-commands: opening a project with a clear message, printing paths."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import Any

from nodetype_studio.model import Project, load_project
from nodetype_studio.model.flowcontext import InvalidContext
from nodetype_studio.model.projectconfig import config_dir, resolve_context
from nodetype_studio.model.version import parse_version


def _cms_version(text: str) -> str:
    version = parse_version(text)
    if version is None:
        raise argparse.ArgumentTypeError(f"{text!r} names no CMS version the studio knows (8.3 or 9)")
    return version.value


def add_cms_version(parser: argparse.ArgumentParser) -> None:
    """``--cms-version 8.3|9``: the rules of that version, whatever the project's files say (a package that
    supports both is checked under each in turn)."""
    parser.add_argument("--cms-version", metavar="VERSION", type=_cms_version, default=None,
                        help="apply the rules of this CMS version (8.3 or 9) instead of the detected one")


def add_context(parser: argparse.ArgumentParser) -> None:
    """``--context Production/Live``: the Flow context to load (model/flowcontext.py)."""
    parser.add_argument("--context", metavar="CONTEXT", default=None,
                        help="the Flow context to load, such as Production or Production/Live (default: the "
                             "project's .nodetype-studio.yaml, else FLOW_CONTEXT, else Development)")


def open_project(path: str, cms_version: str | None = None, context: str | None = None, *,
                 use_cache: bool = True) -> Project | None:
    """Load a project (under the rules of ``cms_version`` when given) in the Flow context ``context``, else
    the one its configuration file or FLOW_CONTEXT names; on a path problem or a context Flow refuses
    print a message and return None (exit code 2)."""
    try:
        if os.path.exists(path):
            context = resolve_context(config_dir(Path(path).resolve()), context, strict=True).name
        return load_project(path, cms_version=cms_version, context=context, use_cache=use_cache)
    except InvalidContext as exc:
        print(f"nodetype-studio: {exc}", file=sys.stderr)
    except FileNotFoundError:
        print(f"nodetype-studio: {path}: no such file or folder", file=sys.stderr)
    except PermissionError as exc:
        print(f"nodetype-studio: {path}: permission denied ({exc.filename})", file=sys.stderr)
    except OSError as exc:
        print(f"nodetype-studio: {path}: {exc.strerror or exc}", file=sys.stderr)
    return None


def has_nodetypes_files(project: Project, path: str) -> bool:
    """Whether PATH gave the project a NodeTypes file of its own; if not, say so on stderr (exit code 2:
    a command pointed at the wrong folder must not pass with an empty answer)."""
    if any(not f.baseline for f in project.files):
        return True
    print(f"nodetype-studio: no NodeTypes file found in {path} (a package has Configuration/NodeTypes*.yaml "
          "or NodeTypes/**/*.yaml)", file=sys.stderr)
    return False


def display_path(path: str | os.PathLike) -> str:
    """A path relative to the working directory when it lies below it, else as given."""
    if not path:
        return ""
    try:
        rel = Path(path).resolve().relative_to(Path.cwd().resolve())
        return str(rel)
    except (ValueError, OSError):
        return str(path)


#: Loader findings after which a file contributed nothing to the project.
LOAD_FAILURES = ("yaml-syntax", "yaml-too-deep", "yaml-alias-bomb", "yaml-key-type", "file-unreadable",
                 "nodetypes-not-mapping")


def load_failures(project: Project) -> list:
    """The error findings of files that could not be loaded (their node types are missing)."""
    return [d for d in project.diagnostics if d.code in LOAD_FAILURES]


def print_load_failures(project: Project, limit: int = 10) -> None:
    failures = load_failures(project)
    for d in failures[:limit]:
        where = display_path(d.file) + (f":{d.line}:{d.column}" if d.line else "")
        print(f"{where}: {d.severity.value} {d.code}: {d.message}", file=sys.stderr)
    if len(failures) > limit:
        print(f"... and {len(failures) - limit} more files that could not be loaded", file=sys.stderr)


def open_node_type(path: str, name: str, cms_version: str | None = None,
                   context: str | None = None) -> tuple[Project | None, Any]:
    """The project at ``path`` and its node type ``name``; None for either that could not be had,
    after a message on stderr (commands exit 2 for an unreadable path)."""
    project = open_project(path, cms_version, context)
    if project is None:
        return None, None
    nt = project.node_type(name)
    if nt is None:
        report_unknown_node_type(project, name)
    return project, nt


def report_unknown_node_type(project: Project, name: str) -> None:
    """Say on stderr that ``name`` is no node type of ``project`` (with close names; commands exit 1)."""
    import difflib

    close = difflib.get_close_matches(name, list(project.node_types), n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    print(f"nodetype-studio: node type {name!r} is not defined in {project.root}{hint}", file=sys.stderr)
    if load_failures(project):
        print("nodetype-studio: some files could not be loaded (the node type may be defined there):", file=sys.stderr)
        print_load_failures(project)


def json_safe(value: Any) -> Any:
    """``value`` with the floats JSON cannot spell (YAML's ``.nan``, ``.inf``, ``-.inf``) as those YAML
    strings, and anything else JSON does not know as its ``str()``."""
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def to_json(value: Any, indent: int | None = 2, ensure_ascii: bool = True) -> str:
    """Strict JSON (RFC 8259: no ``NaN``/``Infinity``) of command output; see :func:`json_safe`."""
    return json.dumps(json_safe(value), indent=indent, ensure_ascii=ensure_ascii, allow_nan=False)
