"""`nodetype-studio migrate PATH --to 9 [--dry-run] [--context CONTEXT]`: rewrite a project's NodeTypes files
for Neos 9.x. The files are those of the Flow context the project is loaded in (``--context``, else the
project's configuration file, else FLOW_CONTEXT, else Development), as for ``check`` and ``show``.

Prints the unified diff of every file it changes first, then writes the files (not with ``--dry-run``),
then lists what needs a human as findings (``file:line: severity code: message``). Every change is a
minimal diff made by the editing layer; running it again changes nothing.
Exit codes: 0 done (or nothing to change), 1 a fix was refused or a file could not be written (the other
files are written), 2 the command could not run (no such PATH, no NodeTypes file in it, unknown ``--to``).
"""

from __future__ import annotations

import sys

from nodetype_studio.commands.common import add_context, display_path, has_nodetypes_files, open_project
from nodetype_studio.diagnostics import sort_key
from nodetype_studio.editing import EditError, FileChangedOnDisk, NodeTypeEditor, SaveError
from nodetype_studio.studio.migration import apply_file, plan_migration


def register(sub) -> None:
    parser = sub.add_parser("migrate", help="rewrite NodeTypes files for Neos 9.x (minimal diffs)")
    parser.add_argument("path", metavar="PATH", help="project folder, package or NodeTypes file")
    parser.add_argument("--to", dest="target", default="9", help="the CMS version to migrate to (only 9)")
    parser.add_argument("--dry-run", action="store_true", help="print the diff without writing anything")
    add_context(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    if str(args.target).strip().lower() not in ("9", "9.x", "9.0"):
        print(f"nodetype-studio: migrate --to {args.target}: only `--to 9` is supported", file=sys.stderr)
        return 2
    project = open_project(args.path, "8.3", args.context, use_cache=False)
    if project is None or not has_nodetypes_files(project, args.path):
        return 2
    plan = plan_migration(project)
    editor = NodeTypeEditor(project)
    status = 0
    results = []
    for file_plan in plan.files.values():
        try:
            result = apply_file(file_plan, editor)
        except EditError as exc:  # the file cannot be read or parsed for editing
            print(f"nodetype-studio: {display_path(file_plan.path)}: {exc.message}", file=sys.stderr)
            status = 1
            continue
        results.append(result)
        for problem in result.problems:
            print(f"nodetype-studio: {display_path(result.path)}: not fixed: {problem}", file=sys.stderr)
            status = 1
    changed = [r for r in results if r.changed]
    for result in changed:
        sys.stdout.write(result.diff(display_path(result.path)))
    if not args.dry_run:
        for result in changed:
            try:
                editor.document(result.path).save()
            except (FileChangedOnDisk, SaveError, EditError) as exc:
                print(f"nodetype-studio: {exc}", file=sys.stderr)
                status = 1
    for finding in sorted(plan.findings, key=sort_key):
        where = f"{display_path(finding.file)}:{finding.line}:{finding.column or 1}" if finding.file else "<project>"
        print(f"{where}: {finding.severity.value} {finding.code}: {finding.message}")
    fixes = sum(len(r.edits) and len(plan.files[r.path].issues) for r in changed)
    verb = "would change" if args.dry_run else "changed"
    print(f"{verb} {len(changed)} file{'s' if len(changed) != 1 else ''} ({fixes} fix{'es' if fixes != 1 else ''}); "
          f"{len(plan.findings)} finding{'s' if len(plan.findings) != 1 else ''} need{'s' if len(plan.findings) == 1 else ''} "
          "a look", file=sys.stderr)
    return status
