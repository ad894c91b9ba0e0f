"""`nodetype-studio show PATH NODETYPE [--json] [--provenance]`: the effective configuration."""

from __future__ import annotations

import yaml

from nodetype_studio.commands.common import add_cms_version, display_path, open_node_type, to_json
from nodetype_studio.model.yamlload import YList, YMap


class _Dumper(yaml.SafeDumper):
    """Dumps the model's position-carrying mappings and lists as plain YAML."""


_Dumper.add_representer(YMap, yaml.representer.SafeRepresenter.represent_dict)
_Dumper.add_representer(YList, yaml.representer.SafeRepresenter.represent_list)


def register(sub) -> None:
    parser = sub.add_parser("show", help="show a node type's effective configuration (like the CMS's nodetypes:show)")
    parser.add_argument("path")
    parser.add_argument("node_type", metavar="NODETYPE")
    parser.add_argument("--json", action="store_true",
                        help="print JSON (.nan/.inf/-.inf values, which JSON cannot spell, as those strings)")
    parser.add_argument("--provenance", action="store_true", help="say for every value where it came from")
    add_cms_version(parser)
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


def _origin(nt, path) -> dict:
    prov = nt.provenance(path)
    where = f"{display_path(prov.location.file)}:{prov.location.line}:{prov.location.column}" if prov.location else None
    overridden = [
        {"value": v, "at": f"{display_path(loc.file)}:{loc.line}" if loc else None, "layer": layer}
        for v, loc, layer in prov.overridden
    ]
    return {"at": where, "layer": prov.layer, "overridden": overridden}


def _scalar_text(value) -> str:
    return yaml.dump(value, Dumper=_Dumper, default_flow_style=True, allow_unicode=True, width=10**6).strip().removesuffix("...").strip()


def _print_annotated(nt, value, path=(), indent=0) -> None:
    pad = "  " * indent
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, child in items:
        label = f"{pad}- " if isinstance(value, list) else f"{pad}{_scalar_text(key)}:"
        if isinstance(child, (dict, list)) and child:
            print(label if isinstance(value, dict) else f"{pad}-")
            _print_annotated(nt, child, path + (key,), indent + 1)
            continue
        origin = _origin(nt, path + (key,))
        note = origin["layer"] or "?"
        if origin["at"]:
            note += f" @ {origin['at']}"
        for old in origin["overridden"]:
            note += f"; overrides {_scalar_text(old['value'])} ({old['layer']}{' @ ' + old['at'] if old['at'] else ''})"
        sep = " " if isinstance(value, dict) else ""
        print(f"{label}{sep}{_scalar_text(child)}  # {note}")


def show_json(project, nt, provenance: bool = False) -> str:
    """What `show --json` prints for ``nt``: the CMS's configuration and the version whose rules made it."""
    data = {"name": nt.name, "cmsVersion": project.cms_version.to_json(), "abstract": nt.abstract,
            "final": nt.final, "package": nt.package, "supertypes": nt.ancestors, "configuration": nt.effective}
    if provenance:
        data["provenance"] = {".".join(map(str, p)): _origin(nt, p) for p, _ in _leaves(nt.effective)}
    return to_json(data)  # strict JSON: .nan/.inf as those strings


def run(args) -> int:
    project, nt = open_node_type(args.path, args.node_type, args.cms_version)
    if nt is None or project is None:
        return 2 if project is None else 1
    if args.json:
        print(show_json(project, nt, args.provenance))
        return 0
    print(f"# {nt.name}" + (" (abstract)" if nt.abstract else "") + (" (final)" if nt.final else ""))
    print(f"# inherits (merge order): {', '.join(nt.ancestors) or '-'}")
    print(f"# defined in: {', '.join(display_path(loc.file) + ':' + str(loc.line) for loc in nt.files)}")
    print(f"# rules of {project.cms_version.version.label} ({project.cms_version.detail})")
    if args.provenance:
        _print_annotated(nt, nt.effective)
    else:
        print(yaml.dump({nt.name: nt.effective}, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120), end="")
    return 0
