"""Time of `check` (every rule over a loaded project) against the time to open that project, same run.

    NODETYPE_STUDIO_CORPUS=/work/shared/corpus python3 benchmarks/bench_check.py [--repeat 5] [--sizes 1000]

Projects: the largest corpus package (most NodeTypes YAML) plus generated projects of the given
sizes (node types). For each: open = `load_project` with empty caches (the floor), check =
`run_checks` on a freshly opened project (so lazily built provenance is paid by the check), best
of ``--repeat``. Target (issue 4): check <= 1.5x open. The one-time cost of the first check in a
process (plugin discovery, starting V8 for regular expressions) is measured and printed apart.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from synthetic import write_project  # noqa: E402

from nodetype_studio.checks import run_checks  # noqa: E402
from nodetype_studio.model import load_project  # noqa: E402
from nodetype_studio.model import project as project_module  # noqa: E402

TARGET = 1.5


def largest_package(corpus: Path) -> Path:
    def size(folder: Path) -> int:
        return sum(p.stat().st_size for p in folder.rglob("*.yaml") if "NodeTypes" in str(p.relative_to(folder)))
    return max((p for p in corpus.iterdir() if p.is_dir()), key=size)


def open_cold(root: Path):
    project_module._parse_cache.clear()
    project_module._project_cache.clear()
    return load_project(root, use_cache=False)


def measure(root: Path, repeat: int) -> tuple[float, float, int, int]:
    opens, checks = [], []
    findings = types = 0
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        project = open_cold(root)
        opens.append(time.perf_counter() - start)
        gc.collect()
        start = time.perf_counter()
        findings = len(run_checks(project))
        checks.append(time.perf_counter() - start)
        types = len(project.node_types)
    return min(opens), min(checks), types, findings


def one_time_cost(root: Path) -> float:
    """First check in the process minus a later one: plugin discovery and the V8 start-up."""
    from nodetype_studio.js import engine as jsengine
    from nodetype_studio.plugins import reload_plugins

    reload_plugins()
    jsengine.reset()
    project = open_cold(root)
    start = time.perf_counter()
    run_checks(project)
    first = time.perf_counter() - start
    project = open_cold(root)
    start = time.perf_counter()
    run_checks(project)
    return first - (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.environ.get("NODETYPE_STUDIO_CORPUS"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", default="1000", help="generated project sizes (node types), comma-separated; '' for none")
    args = parser.parse_args()

    projects: list[tuple[str, Path]] = []
    if args.corpus:
        biggest = largest_package(Path(args.corpus))
        projects.append((f"corpus {biggest.name}", biggest))
    else:
        print("(NODETYPE_STUDIO_CORPUS not set: generated projects only)")
    with tempfile.TemporaryDirectory() as tmp:
        for size in [int(s) for s in args.sizes.split(",") if s.strip()]:
            projects.append((f"generated {size} node types", write_project(Path(tmp) / f"p{size}", size)))
        if not projects:
            print("nothing to measure", file=sys.stderr)
            return 2
        warmup = one_time_cost(projects[0][1])
        rows = [(label, *measure(root, args.repeat)) for label, root in projects]

    print(f"\n| {'project':52} | {'types':>5} | {'findings':>8} | {'open s':>7} | {'check s':>7} | {'ratio':>5} | target |")
    print(f"|{'-' * 54}|{'-' * 7}|{'-' * 10}|{'-' * 9}|{'-' * 9}|{'-' * 7}|--------|")
    worst = 0.0
    for label, opened, checked, types, findings in rows:
        ratio = checked / opened
        worst = max(worst, ratio)
        ok = "ok" if ratio <= TARGET else "MISSED"
        print(f"| {label:52} | {types:5} | {findings:8} | {opened:7.3f} | {checked:7.3f} | {ratio:5.2f} | {ok:6} |")
    print(f"\nbest of {args.repeat}; target check <= {TARGET}x open. One-time cost of the first check in a process "
          f"(plugin discovery, V8 start): {warmup:.3f} s")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
