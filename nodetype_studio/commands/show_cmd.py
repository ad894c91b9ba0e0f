"""`nodetype-studio show PATH NODETYPE [--path KEYS] [--level N] [--json] [--provenance]`: the effective configuration.

Like the CMS's ``./flow nodetypes:show`` (8.3: ``Neos.ContentRepository``, 9.x: ``Neos.ContentRepositoryRegistry``
``Classes/Command/NodeTypesCommandController.php``): ``--path`` prints only the value at a dotted configuration path
(``NodeType::getConfiguration()``, i.e. ``ObjectAccess::getPropertyPath()``; a missing or null value is "not there"),
``--level`` (8.3) replaces everything from that depth on with ``'...'``. The YAML is written as the command writes
it, with Symfony's ``Yaml::dump($configuration, 99)`` (``php/yamldump.py``), below the studio's ``#`` lines.
"""

from __future__ import annotations

import sys

from nodetype_studio.commands.common import add_cms_version, add_context, display_path, open_node_type, to_json
from nodetype_studio.php import yamldump


def register(sub) -> None:
    parser = sub.add_parser("show", help="show a node type's effective configuration (like the CMS's nodetypes:show)")
    parser.add_argument("path")
    parser.add_argument("node_type", metavar="NODETYPE")
    parser.add_argument("--path", dest="config_path", metavar="KEYS", default="",
                        help="print only this dotted path of the configuration, e.g. properties.title "
                             "(a key that itself holds dots, like a validator name, may be written as is)")
    parser.add_argument("--level", type=int, default=0, metavar="N",
                        help="show the configuration only N levels deep, deeper values as '...' (0: all)")
    parser.add_argument("--json", action="store_true",
                        help="print JSON (.nan/.inf/-.inf values, which JSON cannot spell, as those strings)")
    parser.add_argument("--provenance", action="store_true", help="say for every value where it came from")
    add_cms_version(parser)
    add_context(parser)
    parser.set_defaults(func=run)


def _leaves(value, path=()):
    if isinstance(value, dict) and value:
        for key, child in value.items():
            yield from _leaves(child, path + (key,))
    elif isinstance(value, list) and value:
        for index, child in enumerate(value):
            yield from _leaves(child, path + (index,))
    else:
        yield path, value


_MISSING = object()


def _child(value, segment: str):
    """``value[segment]`` as PHP would look a string key up in an array (``'0'`` is key 0), else _MISSING."""
    if isinstance(value, dict):
        if segment in value:
            return segment, value[segment]
        if segment.lstrip("-").isdigit() and int(segment) in value:
            return int(segment), value[int(segment)]
    elif isinstance(value, list) and segment.isdigit() and int(segment) < len(value):
        return int(segment), value[int(segment)]
    return None, _MISSING


def lookup(config, dotted: str) -> tuple[tuple, object]:
    """The key path and the value at ``dotted`` in ``config``, or ``((), _MISSING)``.

    The CMS splits the path at every dot; where that finds nothing, a key that contains dots
    (``Neos.Neos/Validation/StringLengthValidator``) is tried with the following segments joined to it.
    """
    segments = dotted.split(".")

    def walk(value, start: int, keys: tuple):
        if start == len(segments):
            return keys, value
        for end in range(start + 1, len(segments) + 1):
            key, child = _child(value, ".".join(segments[start:end]))
            if child is not _MISSING:
                found = walk(child, end, keys + (key,))
                if found[1] is not _MISSING:
                    return found
        return (), _MISSING

    return walk(config, 0, ())


def truncate(value, level: int, depth: int = 1):
    """The CMS's ``truncateArrayAtLevel()`` (8.3): from depth ``level`` on every value is ``'...'``; 0 keeps all."""
    if level <= 0 or not isinstance(value, (dict, list)):
        return value
    items = value.items() if isinstance(value, dict) else enumerate(value)
    kept = {key: "..." if depth >= level else truncate(child, level, depth + 1) for key, child in items}
    return kept if isinstance(value, dict) else list(kept.values())


def _origin(nt, path) -> dict:
    prov = nt.provenance(path)
    where = f"{display_path(prov.location.file)}:{prov.location.line}:{prov.location.column}" if prov.location else None
    overridden = [
        {"value": v, "at": f"{display_path(loc.file)}:{loc.line}" if loc else None, "layer": layer}
        for v, loc, layer in prov.overridden
    ]
    return {"at": where, "layer": prov.layer, "overridden": overridden}


def _scalar_text(value) -> str:
    return yamldump.inline(value)


def _note(nt, path) -> str:
    origin = _origin(nt, path)
    note = origin["layer"] or "?"
    if origin["at"]:
        note += f" @ {origin['at']}"
    for old in origin["overridden"]:
        note += f"; overrides {_scalar_text(old['value'])} ({old['layer']}{' @ ' + old['at'] if old['at'] else ''})"
    return note


def _print_annotated(nt, value, path=(), indent=0, level=0) -> None:
    """The configuration laid out as ``yamldump`` lays it out, each value followed by where it came from."""
    pad = " " * (yamldump.INDENT * indent)
    items = value.items() if isinstance(value, dict) else enumerate(value)
    as_list = isinstance(value, list) or yamldump.is_list(value)
    for key, child in items:
        label = f"{pad}-" if as_list else f"{pad}{_scalar_text(yamldump.php_key(key))}:"
        if 0 < level <= indent + 1:
            print(f"{label} ...")
            continue
        if isinstance(child, (dict, list)) and child:
            print(label)
            _print_annotated(nt, child, path + (key,), indent + 1, level)
            continue
        print(f"{label} {_scalar_text(child)}  # {_note(nt, path + (key,))}")


def show_json(project, nt, provenance: bool = False, keys: tuple = (), value=_MISSING, level: int = 0) -> str:
    """What `show --json` prints for ``nt``: the CMS's configuration (or its part at ``keys``, ``value``)
    and the version whose rules made it."""
    value = nt.effective if value is _MISSING else value
    data = {"name": nt.name, "cmsVersion": project.cms_version.to_json(), "abstract": nt.abstract,
            "final": nt.final, "package": nt.package, "supertypes": nt.ancestors}
    if keys:
        data["path"] = ".".join(map(str, keys))
    data["configuration"] = truncate(value, level)
    if provenance:
        data["provenance"] = {".".join(map(str, p)): _origin(nt, p) for p, _ in _leaves(value, keys)}
    return to_json(data)  # strict JSON: .nan/.inf as those strings


def run(args) -> int:
    project, nt = open_node_type(args.path, args.node_type, args.cms_version, args.context)
    if nt is None or project is None:
        return 2 if project is None else 1
    keys: tuple = ()
    value = nt.effective
    if args.config_path:
        keys, value = lookup(nt.effective, args.config_path)
        if value is _MISSING or value is None:  # the CMS's hasConfiguration(): not null
            why = " (it is null)" if value is None else ""
            print(f"nodetype-studio: node type {nt.name!r} does not have configuration {args.config_path!r}{why}",
                  file=sys.stderr)
            return 1
    if args.json:
        print(show_json(project, nt, args.provenance, keys, value, args.level))
        return 0
    print(f"# {nt.name}" + (" (abstract)" if nt.abstract else "") + (" (final)" if nt.final else ""))
    print(f"# inherits (merge order): {', '.join(nt.ancestors) or '-'}")
    print(f"# defined in: {', '.join(display_path(loc.file) + ':' + str(loc.line) for loc in nt.files)}")
    print(f"# rules of {project.cms_version.version.label} ({project.cms_version.detail})")
    if keys:
        print(f"# configuration {nt.name}.{'.'.join(map(str, keys))}")
    if not isinstance(value, (dict, list)) or not value:  # a single value (or an empty map or list)
        note = f"  # {_note(nt, keys)}" if args.provenance else ""
        print(f"{_scalar_text(truncate(value, args.level))}{note}")
    elif args.provenance:
        _print_annotated(nt, value, keys, level=args.level)
    else:
        shown = truncate(value, args.level)
        print(yamldump.dump(shown if keys else {nt.name: shown}), end="")
    return 0
