"""`nodetype-studio list PATH [--filter TEXT] [--no-include-abstract] [--json]`: every node type with its
supertypes, package and files.

``--filter`` and ``--include-abstract`` are those of the CMS's ``./flow nodetypes:list`` (8.3 and 9.x
``NodeTypesCommandController::listCommand()``): names containing the text (``str_contains``: case-sensitive),
abstract types listed unless told not to.

Files that could not be loaded are reported on stderr (and under ``loadErrors`` in JSON); the exit code
is then 1, because the list is incomplete. A PATH without NodeTypes files exits 2 (unless ``--all``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from nodetype_studio.commands.common import (
    add_cms_version,
    add_context,
    display_path,
    has_nodetypes_files,
    load_failures,
    open_project,
    print_load_failures,
)


def register(sub) -> None:
    parser = sub.add_parser("list", help="list the node types of a project")
    parser.add_argument("path", help="package, distribution, folder of packages, or one NodeTypes file")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--all", action="store_true", help="include the studio's platform baseline types")
    parser.add_argument("--filter", metavar="TEXT", default=None,
                        help="only node types whose name contains TEXT (case-sensitive, as the CMS's nodetypes:list)")
    parser.add_argument("--include-abstract", action=argparse.BooleanOptionalAction, default=True,
                        help="list abstract node types (default: yes; --no-include-abstract leaves them out)")
    add_cms_version(parser)
    add_context(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    project = open_project(args.path, args.cms_version, args.context)
    # (with --all the platform's types are the answer: a package without node types lists them)
    if project is None or (not args.all and not has_nodetypes_files(project, args.path)):
        return 2
    types = sorted(project.node_types.values(), key=lambda nt: nt.name) if args.all else project.project_node_types()
    types = [nt for nt in types if (args.include_abstract or not nt.abstract)
             and (not args.filter or args.filter in nt.name)]
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
    # a file that could not be loaded is missing from the list: say so, and exit 1 (the list is incomplete)
    failed = 1 if load_failures(project) else 0
    print_load_failures(project)
    if args.json:
        print(json.dumps({"root": str(project.root), "prefix": project.platform.prefix,
                          "cmsVersion": project.cms_version.to_json(),
                          "packages": project.package_names, "nodeTypes": rows,
                          "loadErrors": [d.to_json() for d in load_failures(project)]},
                         indent=2))
        return failed
    print(f"# {project.root} ({project.kind}, prefix {project.platform.prefix}); package load order: "
          + (", ".join(project.package_names) or "-"))
    print(f"# {project.cms_version.version.label}: {project.cms_version.detail}")
    for row in rows:
        flags = " (abstract)" if row["abstract"] else ""
        flags += " (final)" if row["final"] else ""
        supers = ", ".join(row["supertypes"]) or "-"
        print(f"{row['name']}{flags}\n    supertypes: {supers}\n    package: {row['package'] or '-'}\n    files: {', '.join(row['files'])}")
    return failed
