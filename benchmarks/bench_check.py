"""Time of `check` (every rule over a loaded project) against the time to open that project, same run.

    NODETYPE_STUDIO_CORPUS=/work/shared/corpus python3 benchmarks/bench_check.py [--repeat 5] [--sizes 1000]

Projects: the largest corpus package (most NodeTypes YAML) plus generated projects of the given
sizes (node types). For each: open = `load_project` with empty caches (the floor), check =
`run_checks` on a freshly opened project (so lazily built provenance is paid by the check), best
of ``--repeat``. Target (issue 4): check <= 1.5x open. The one-time cost of the first check in a
process (plugin discovery, starting V8 for regular expressions) is measured and printed apart.

Checks after one keystroke (issue 21): in the generated project of the first size, the label of one node
type is typed again and again (each keystroke re-resolved by ``model.incremental.reresolve``, as the
studio does); per keystroke, on the same project, same garbage-collector state (collected before each,
enabled): the incremental checks (``checks.incremental.recheck`` + ``findings``) against every check
(``collect_findings``), and the check worker's whole answer (``studio.rechecks.Rechecks``: re-resolve +
recheck + configuration) against its answer before (``project_findings``: load + every check). Median
of ``--keystrokes``; the results are compared equal on every keystroke.
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

from nodetype_studio.checks import collect_findings, run_checks  # noqa: E402
from nodetype_studio.checks.incremental import check_state, recheck  # noqa: E402
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


def keystrokes(root: Path, count: int) -> list[tuple[str, float, float]]:
    """(what, incremental ms, full ms) per step, medians over ``count`` keystrokes (see the docstring)."""
    import statistics

    from nodetype_studio.model.incremental import reresolve
    from nodetype_studio.studio.rechecks import Rechecks, project_findings

    edited = sorted((root / "DistributionPackages").rglob("Elements0.yaml"))[0]
    original = edited.read_text(encoding="utf-8")
    project = load_project(root, overrides={})
    state = check_state(project)
    worker = Rechecks()
    worker.findings(root, {}, 1)
    basis: dict = {}
    rows: dict[str, list[tuple[float, float]]] = {"checks": [], "worker": []}
    for i in range(count + 1):
        after = {edited: original.replace("label: 'Element 0'", f"label: 'Element 0 {'x' * (i + 1)}'", 1)}
        edited_project = reresolve(project, basis, after, check_disk=False)
        assert edited_project is not None and edited_project is not project
        gc.collect()
        start = time.perf_counter()
        state = recheck(state, edited_project)
        incremental = state.findings()
        inc = time.perf_counter() - start
        gc.collect()
        start = time.perf_counter()
        full = collect_findings(edited_project)
        whole = time.perf_counter() - start
        assert incremental == full and len(state.rechecked) < len(edited_project.node_types)
        gc.collect()
        start = time.perf_counter()
        answer = worker.findings(root, after, 1)
        w_inc = time.perf_counter() - start
        assert worker.incremental
        gc.collect()
        start = time.perf_counter()
        before = project_findings(root, after)
        w_full = time.perf_counter() - start
        assert answer == before
        if i:  # the first keystroke builds the provenance of the edited file's types for both
            rows["checks"].append((inc * 1000, whole * 1000))
            rows["worker"].append((w_inc * 1000, w_full * 1000))
        project, basis = edited_project, after
    labels = {"checks": "checks after one keystroke", "worker": "check worker's answer (resolve + check)"}
    return [(labels[k], statistics.median(r[0] for r in v), statistics.median(r[1] for r in v)) for k, v in rows.items()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.environ.get("NODETYPE_STUDIO_CORPUS"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", default="1000", help="generated project sizes (node types), comma-separated; '' for none")
    parser.add_argument("--keystrokes", type=int, default=15, help="keystrokes for the incremental checks (0: none)")
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
        generated = [(label, root) for label, root in projects if label.startswith("generated")]
        typed = keystrokes(generated[0][1], args.keystrokes) if generated and args.keystrokes else []

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
    if typed:
        print(f"\nOne keystroke in a label ({generated[0][0]}; median of {args.keystrokes} keystrokes, ms)")
        print(f"| {'':44} | {'incremental':>11} | {'full':>9} | {'x faster':>8} |")
        print(f"|{'-' * 46}|{'-' * 13}|{'-' * 11}|{'-' * 10}|")
        for label, inc, full in typed:
            print(f"| {label:44} | {inc:11.1f} | {full:9.1f} | {full / inc:8.1f} |")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
