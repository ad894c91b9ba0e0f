"""`nodetype-studio validate PATH NODETYPE PROPERTY VALUE [--typed] [--json]`: run a property's validators.

The CMS's validators see two kinds of values: the stored value right after a node is loaded, and
whatever the editor hands over while the user edits – for a text field the typed string, even for
an integer property. By default VALUE is a stored value, read as YAML (`42` is a number, `[a, b]` a
list, `''` the empty string, `~` null; a bare date such as `2024-01-31T10:00:00+01:00` stays a
string: that is how the DateTime editor stores it, while the CMS's YAML reader would turn it into a
Unix timestamp). With `--typed` VALUE is the text typed into the property's field and is validated
unchanged, as the inspector preview does while you type.
Exit codes: 0 the value passes, 1 the CMS would reject it or the input is wrong (unknown NODETYPE or
PROPERTY, VALUE not YAML: the rule of every command), 2 the check could not run (no such PATH).
"""

from __future__ import annotations

import difflib
import re
import sys

from nodetype_studio.commands.common import add_cms_version, add_context, open_node_type, to_json
from nodetype_studio.model.yamlload import load_yaml_text
from nodetype_studio.validation import validate_property


def register(sub) -> None:
    parser = sub.add_parser(
        "validate",
        help="run a property's validators on a value, as the CMS does in the browser",
        description="Run the validators configured for NODETYPE's PROPERTY on VALUE (read as YAML) and print the errors. "
        "Exit 0 when the value passes, 1 when the CMS would reject it or NODETYPE/PROPERTY/VALUE is wrong, "
        "2 when the check could not run.",
    )
    parser.add_argument("path", metavar="PATH", help="project folder, package or NodeTypes file")
    parser.add_argument("node_type", metavar="NODETYPE")
    parser.add_argument("property", metavar="PROPERTY")
    parser.add_argument("value", metavar="VALUE", help="the value as YAML, e.g. 'hello', 42, '[a, b]', \"''\"")
    parser.add_argument("--typed", action="store_true",
                        help="VALUE is the text typed into the property's text field: validated as that string, "
                        "unconverted, as the CMS does while the user types (default: a stored value, read as YAML)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    add_cms_version(parser)
    add_context(parser)
    parser.set_defaults(func=run)


_DATE_LIKE = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ][0-9:.]+(?:Z|[+-][0-9:]+)?)?")


def _fail(message: str, code: int = 1) -> int:
    print(f"nodetype-studio: {message}", file=sys.stderr)
    return code


def _plain(value):
    """The model's position-carrying mappings/lists as plain JSON-able values."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def run(args) -> int:
    project, nt = open_node_type(args.path, args.node_type, args.cms_version, args.context)
    if project is None or nt is None:
        return 2 if project is None else 1
    properties = nt.preview.get("properties") or {}
    if args.property not in properties:
        close = difflib.get_close_matches(args.property, [str(p) for p in properties], n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        return _fail(f"node type {nt.name} has no property {args.property!r}{hint}")
    if args.typed:
        value = args.value
    else:
        loaded = load_yaml_text(args.value, "VALUE")
        if not loaded.ok:
            problem = "; ".join(d.message for d in loaded.diagnostics) or "not valid YAML"
            return _fail(f"VALUE could not be read as YAML: {problem}")
        value = args.value.strip() if _DATE_LIKE.fullmatch(args.value.strip()) else _plain(loaded.data)
    findings = validate_property(nt, args.property, value, project.platform,
                                 cms_version=project.cms_version.version.value)
    config = properties[args.property]
    validation = config.get("validation") if isinstance(config, dict) else None
    validators = list(validation) if isinstance(validation, dict) else []  # another shape: one warning finding
    invalid = any(f.is_error for f in findings)
    if args.json:
        print(to_json({
            "node_type": nt.name, "property": args.property, "value": value,
            "value_as": "typed" if args.typed else "stored", "validators": validators,
            "valid": not invalid, "findings": [f.to_json() for f in findings],
        }, ensure_ascii=False))
        return 1 if invalid else 0
    if not validators and not findings:
        print(f"{nt.name}.{args.property} has no validators: any value passes.")
        return 0
    for f in findings:
        print(f"{f.severity}: {f.message}  [{f.validator}]")
        if f.compat:
            print(f"  note: {f.compat}")
    print(f"{'invalid' if invalid else 'valid'}: {to_json(value, indent=None, ensure_ascii=False)} "
          f"({len(validators)} validator{'s' if len(validators) != 1 else ''} run)")
    return 1 if invalid else 0
