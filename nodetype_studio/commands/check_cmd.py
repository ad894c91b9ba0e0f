"""`nodetype-studio check PATH [--format text|json]`: findings with file:line; exit 0 clean, 1 errors, 2 could not run."""

from __future__ import annotations

import json

from nodetype_studio.commands.common import display_path, open_project
from nodetype_studio.diagnostics import Severity, sort_key


def register(sub) -> None:
    parser = sub.add_parser("check", help="report misconfiguration with file:line")
    parser.add_argument("path")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.set_defaults(func=run)


def collect(project):
    return sorted(set(project.diagnostics), key=sort_key)


def run(args) -> int:
    project = open_project(args.path)
    if project is None:
        return 2
    findings = collect(project)
    if args.format == "json":
        rows = []
        for d in findings:
            row = d.to_json()
            row["file"] = display_path(d.file)
            rows.append(row)
        print(json.dumps({"root": str(project.root), "findings": rows}, indent=2))
    else:
        for d in findings:
            where = f"{display_path(d.file)}:{d.line}:{d.column or 1}" if d.file else "<project>"
            print(f"{where}: {d.severity.value} {d.code}: {d.message}")
        counts = {s: sum(1 for d in findings if d.severity == s) for s in Severity}
        print(f"{counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings, {counts[Severity.INFO]} notes")
    return 1 if any(d.severity == Severity.ERROR for d in findings) else 0
