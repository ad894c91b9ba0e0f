"""`nodetype-studio list PATH [--json]`: every node type with its supertypes, package and files."""

from __future__ import annotations

import json
from typing import Any

from nodetype_studio.commands.common import display_path, open_project


def register(sub) -> None:
    parser = sub.add_parser("list", help="list the node types of a project")
    parser.add_argument("path", help="package, distribution, folder of packages, or one NodeTypes file")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--all", action="store_true", help="include the studio's platform baseline types")
    parser.set_defaults(func=run)


def run(args) -> int:
    project = open_project(args.path)
    if project is None:
        return 2
    types = sorted(project.node_types.values(), key=lambda nt: nt.name) if args.all else project.project_node_types()
    rows: list[dict[str, Any]] = [
        {
            "name": nt.name,
            "abstract": nt.abstract,
            "final": nt.final,
            "supertypes": nt.declared_supertypes,
            "package": nt.package,
            "files": [f"{display_path(loc.file)}:{loc.line}" for loc in nt.files],
        }
        for nt in types
    ]
    if args.json:
        print(json.dumps({"root": str(project.root), "prefix": project.platform.prefix,
                          "packages": project.package_names, "nodeTypes": rows}, indent=2))
        return 0
    print(f"# {project.root} ({project.kind}, prefix {project.platform.prefix}); package load order: "
          + (", ".join(project.package_names) or "-"))
    for row in rows:
        flags = " (abstract)" if row["abstract"] else ""
        flags += " (final)" if row["final"] else ""
        supers = ", ".join(row["supertypes"]) or "-"
        print(f"{row['name']}{flags}\n    supertypes: {supers}\n    package: {row['package'] or '-'}\n    files: {', '.join(row['files'])}")
    return 0
