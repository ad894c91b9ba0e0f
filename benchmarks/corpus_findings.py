"""Run `check` over every project of the corpus and print finding counts per code.

    NODETYPE_STUDIO_CORPUS=/work/shared/corpus python3 benchmarks/corpus_findings.py [--errors PATTERN]

Each top-level folder of the corpus is one project (opened with load_project). Prints a table of
counts per (severity, code), the projects that crashed (there should be none), and with
``--errors PATTERN`` every error finding of the projects whose folder name contains PATTERN
(used to review the platform's own packages: ``--errors neos__neos-development-collection``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nodetype_studio.checks import run_checks  # noqa: E402
from nodetype_studio.diagnostics import Severity  # noqa: E402
from nodetype_studio.model import load_project  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.environ.get("NODETYPE_STUDIO_CORPUS"))
    parser.add_argument("--errors", metavar="PATTERN", help="list the errors of projects whose name contains PATTERN")
    parser.add_argument("--code", help="list every finding whose code starts with this")
    args = parser.parse_args(argv)
    if not args.corpus:
        print("set NODETYPE_STUDIO_CORPUS or pass --corpus", file=sys.stderr)
        return 2
    projects = sorted(p for p in Path(args.corpus).iterdir() if p.is_dir())
    counts: Counter = Counter()
    per_project: Counter = Counter()
    crashed, listed = [], []
    started = time.perf_counter()
    for project_dir in projects:
        try:
            project = load_project(project_dir, use_cache=False)
            findings = run_checks(project)
        except Exception:  # the point of the run is to find crashes: report and go on
            crashed.append((project_dir.name, traceback.format_exc()))
            continue
        for d in findings:
            counts[(d.severity.value, d.code)] += 1
            per_project[(project_dir.name, d.severity.value)] += 1
            if (args.errors and args.errors in project_dir.name and d.severity == Severity.ERROR) or (
                    args.code and d.code.startswith(args.code)):
                listed.append(d.format_text())
    elapsed = time.perf_counter() - started
    print(f"{len(projects)} projects, {sum(counts.values())} findings, {len(crashed)} crashed, {elapsed:.1f}s\n")
    print(f"| {'severity':8} | {'code':40} | {'count':>5} |")
    print(f"|{'-' * 10}|{'-' * 42}|{'-' * 7}|")
    order = {s.value: s.rank for s in Severity}
    for (severity, code), n in sorted(counts.items(), key=lambda kv: (order[kv[0][0]], -kv[1], kv[0][1])):
        print(f"| {severity:8} | {code:40} | {n:5} |")
    for line in listed:
        print(line)
    for name, tb in crashed:
        print(f"\nCRASH {name}:\n{tb}")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
