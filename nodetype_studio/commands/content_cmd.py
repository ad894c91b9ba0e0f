"""`nodetype-studio content PATH`: the sample content the reference and link editors search.

Prints the nodes (path, type, title, identifier, URL path); ``--write`` saves them to
``.nodetype-studio/content.yaml`` so they can be edited, ``--regenerate`` replaces that file's content
with freshly generated nodes; ``--search TEXT`` with ``--type`` and ``--from`` searches as the editors do.
Exit codes: 0 done, 1 the content file has problems (they are printed), a ``--type`` names no node type or
``--from`` no node, 2 the project cannot be opened.
"""

from __future__ import annotations

import json
import sys

from nodetype_studio.commands.common import (
    add_cms_version,
    add_context,
    display_path,
    open_project,
    report_unknown_node_type,
)


def register(sub) -> None:
    parser = sub.add_parser("content", help="show, write or search the sample content of a project")
    parser.add_argument("path", help="package, distribution, folder of packages, or one NodeTypes file")
    parser.add_argument("--write", action="store_true", help="save the content to .nodetype-studio/content.yaml")
    parser.add_argument("--regenerate", action="store_true", help="generate the content anew and save it")
    parser.add_argument("--search", metavar="TEXT", help="titles containing TEXT (case-insensitive)")
    parser.add_argument("--type", action="append", default=[], metavar="NODETYPE",
                        help="only nodes of this type or a subtype (repeatable; default: any)")
    parser.add_argument("--from", dest="start", metavar="NODEPATH", help="search below this node path (default: the current site)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_cms_version(parser)
    add_context(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from nodetype_studio.content import Workspace
    from nodetype_studio.content.tree import normalize_path

    project = open_project(args.path, args.cms_version, args.context)
    if project is None:
        return 2
    unknown = [name for name in args.type if project.node_type(name) is None]
    for name in unknown:  # a misspelt filter would find nothing and pass: an unknown node type exits 1
        report_unknown_node_type(project, name)
    if unknown:
        return 1
    workspace = Workspace(project)
    tree = workspace.regenerate_content() if args.regenerate else workspace.content
    if args.write and not args.regenerate:
        tree.changed()
    problems = [d for d in workspace.content_diagnostics]
    for problem in problems:
        print(problem.format_text(), file=sys.stderr)
    if tree.last_save_problem:
        print(f"nodetype-studio: {tree.last_save_problem}", file=sys.stderr)
    if args.start and tree.node(normalize_path(args.start)) is None:  # a misspelt start would find nothing and pass
        print(f"nodetype-studio: no node at {normalize_path(args.start)} in the sample content", file=sys.stderr)
        return 1
    nodes = tree.search(args.search or "", args.type, args.start) if (args.search or args.type or args.start) else tree.nodes()
    rows = [{"path": n.path, "type": n.node_type, "title": n.title, "identifier": n.identifier,
             "shownAs": tree.display_path(n)} for n in nodes]
    if args.json:
        print(json.dumps({"currentSite": tree.site, "file": str(workspace.content_file), "nodes": rows}, indent=2))
    else:
        file = workspace.content_file
        source = display_path(file) if file is not None and file.is_file() else "generated, not saved"
        print(f"# sample content of {project.root} ({source}); current site {tree.site}")
        for row in rows:
            print(f"{row['path']}  [{row['type']}]  {row['title']!r}  {row['identifier']}  -> {row['shownAs']}")
    return 1 if problems or tree.last_save_problem else 0
