"""`nodetype-studio check PATH`: loader and configuration findings with file:line.

Formats: text (`file:line:col: severity code: message`), json, sarif (SARIF 2.1.0), github (GitHub Actions
workflow commands: annotations on the lines of a pull request).
`--select`/`--ignore` take comma-separated code prefixes (`compat`, `option-unknown`); without
them the project's `.nodetype-studio.yaml` or `[tool.nodetype-studio]` in pyproject.toml is used.
Exit 0 clean (no finding at or above `--fail-on`, errors by default), 1 such findings, 2 could not run (no
such path, no NodeTypes file found, an unknown code in --select/--ignore or the configuration, report not
writable).
"""

from __future__ import annotations

import sys
from pathlib import Path

from nodetype_studio.checks import code_selected, collect_findings, finding_order
from nodetype_studio.checks.codes import unknown_codes
from nodetype_studio.checks.config import load_config, split_codes
from nodetype_studio.checks.report import FORMATS, to_github, to_json, to_sarif, to_text
from nodetype_studio.commands.common import (
    add_cms_version,
    add_context,
    display_path,
    has_nodetypes_files,
    open_project,
)
from nodetype_studio.diagnostics import Severity

#: --fail-on: the severities that make the exit status 1
FAIL_ON = {"error": {Severity.ERROR}, "warning": {Severity.ERROR, Severity.WARNING},
           "info": {Severity.ERROR, Severity.WARNING, Severity.INFO}, "never": set()}


def register(sub) -> None:
    parser = sub.add_parser("check", help="report misconfiguration with file:line",
                            description=__doc__.splitlines()[0])
    parser.add_argument("path", help="a package, a distribution, a folder of packages or one NodeTypes file")
    parser.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    parser.add_argument("--select", metavar="CODES", action="append",
                        help="report only codes starting with one of these (comma-separated; repeatable)")
    parser.add_argument("--ignore", metavar="CODES", action="append",
                        help="do not report codes starting with one of these (comma-separated; repeatable)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of stdout")
    parser.add_argument("--fail-on", choices=tuple(FAIL_ON), default="error",
                        help="exit 1 when a finding of this severity or a graver one is reported: error (default), "
                             "warning, info, or never")
    add_cms_version(parser)
    add_context(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    project = open_project(args.path, args.cms_version, args.context)
    if project is None:
        return 2
    if not has_nodetypes_files(project, args.path):  # a CI job pointed at the wrong folder must not pass
        return 2
    config = load_config(project.root)
    select = split_codes(args.select) if args.select else config.select
    ignore = split_codes(args.ignore) if args.ignore else config.ignore
    unknown = unknown_codes(select + ignore)
    if unknown:
        print(f"nodetype-studio: unknown check code{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
              f"in {'--select/--ignore' if args.select or args.ignore else config.source}; "
              "see docs/checks.md for the catalogue", file=sys.stderr)
        return 2
    findings = collect_findings(project, select, ignore)
    findings = sorted(set(findings) | {p for p in config.problems if code_selected(p.code, select, ignore)},
                      key=finding_order)
    if args.format == "json":
        report = to_json(findings, project.root, display_path, project.cms_version)
    elif args.format == "sarif":
        report = to_sarif(findings, project.root, project.cms_version)
    elif args.format == "github":
        report = to_github(findings, display_path, project.cms_version)
    else:
        report = to_text(findings, display_path, project.cms_version)
    if args.output:
        try:
            Path(args.output).write_text(report + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"nodetype-studio: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    else:
        print(report)
    failing = FAIL_ON[args.fail_on]
    return 1 if any(d.severity in failing for d in findings) else 0
