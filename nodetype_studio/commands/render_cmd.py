"""`nodetype-studio render PATH NODETYPE --out FILE.png [--values JSON] [--tab NAME] [--width PX]`.

Renders the inspector preview of a node type offscreen to a PNG. ``--values`` is a JSON object of
property values (or ``@file.json``) laid over the defaults. Exit codes: 0 written, 1 invalid input
(unknown node type or tab, bad JSON), 2 could not run (project missing, Qt unavailable, file not
writable).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.commands.common import add_cms_version, add_context, display_path, open_node_type


def register(sub) -> None:
    parser = sub.add_parser("render", help="render a node type's inspector preview to a PNG")
    parser.add_argument("path")
    parser.add_argument("node_type", metavar="NODETYPE")
    parser.add_argument("--out", required=True, metavar="FILE.png",
                        help="image file to write: PNG, or JPEG for a .jpg/.jpeg name")
    parser.add_argument("--values", metavar="JSON", help="property values as a JSON object, or @file.json")
    parser.add_argument("--tab", metavar="NAME", help="inspector tab to show (default: the first)")
    parser.add_argument("--width", type=int, default=380, metavar="PX", help="width in pixels (default 380)")
    add_cms_version(parser)
    add_context(parser)
    parser.set_defaults(func=run)


def _error(message: str) -> None:
    print(f"nodetype-studio render: {message}", file=sys.stderr)


def parse_values(text: str | None) -> dict | None:
    """The ``--values`` argument as a dict; raises ValueError with a readable message."""
    if text is None:
        return None
    if text.startswith("@"):
        try:  # bounded as a project's files are: a values file may come with the project
            text = boundedio.read_text(Path(text[1:]), errors="strict")
        except UnicodeDecodeError:
            raise ValueError(f"cannot read {text[1:]}: it is not UTF-8 text") from None
        except OSError as exc:
            raise ValueError(f"cannot read {text[1:]}: {exc.strerror or exc}") from None
    try:
        values = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"--values is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise ValueError("--values is nested too deeply to be read") from None
    if not isinstance(values, dict):
        raise ValueError("--values must be a JSON object mapping property names to values")
    return values


def run(args) -> int:
    try:
        values = parse_values(args.values)
    except ValueError as exc:
        _error(str(exc))
        return 1
    if Path(args.out).suffix.lower() not in (".png", ".jpg", ".jpeg"):
        _error(f"--out {args.out}: write a .png, .jpg or .jpeg file (the format follows the suffix)")
        return 1
    if args.width < 120:
        _error("--width must be at least 120 pixels")
        return 1
    project, nt = open_node_type(args.path, args.node_type, args.cms_version, args.context)
    if project is None:
        return 2
    if nt is None:
        return 1
    try:
        from nodetype_studio.preview.inspector import InspectorSource
        from nodetype_studio.ui.render import render_inspector
    except ImportError as exc:
        _error(f"the preview needs Qt (PySide6): {exc}")
        return 2
    source = InspectorSource.from_model(nt, project)
    unknown = sorted(set(values or {}) - set((nt.preview.get("properties") or {})))
    if unknown:
        _error(f"warning: {nt.name} has no properties {', '.join(unknown)} (values ignored)")
    try:
        out = render_inspector(source, args.out, values=values, tab=args.tab, width=args.width)
    except KeyError:
        from nodetype_studio.preview.inspector import build_layout

        tabs = [t.id for t in build_layout(source).tabs]
        _error(f"{nt.name} has no inspector tab {args.tab!r} (tabs: {', '.join(tabs) or 'none'})")
        return 1
    except OSError as exc:
        _error(str(exc))
        return 2
    print(display_path(out))
    return 0
