"""Time to open a project (discover, parse, resolve every node type), cold and warm, against the
floor of PyYAML's C loader composing the same files in the same run.

    python benchmarks/bench_open.py [--sizes 10,100,1000,5000] [--repeat 3]

Targets (issue 2): cold <= 2x floor at 1,000 and 5,000 node types; warm <= 0.5x floor;
cold cost per node type flat within 1.5x from 100 to 5,000.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import write_project, yaml_files  # noqa: E402

from nodetype_studio.model import load_project  # noqa: E402
from nodetype_studio.model import project as project_module  # noqa: E402


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def floor(files):
    for f in files:
        with open(f, "rb") as fh:
            yaml.compose(fh.read(), Loader=yaml.CSafeLoader)


def cold(root):
    project_module._parse_cache.clear()
    project_module._project_cache.clear()
    project = load_project(root)
    assert len(project.node_types) > 0


def warm(root):
    load_project(root)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10,100,1000,5000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            root = write_project(Path(tmp) / f"p{n}", n)
            files = yaml_files(root)
            floor(files)  # warm the OS page cache for both sides alike
            repeat = args.repeat * (5 if n <= 100 else 1)  # small sizes are noisy: more samples
            f = best(lambda: floor(files), repeat)
            c = best(lambda: cold(root), repeat)
            load_project(root)
            w = best(lambda: warm(root), repeat)
            rows.append((n, len(files), f, c, w))
    print(f"{'node types':>10} {'files':>6} {'floor ms':>9} {'cold ms':>9} {'warm ms':>9} {'cold/floor':>10} {'warm/floor':>10} {'cold us/type':>12}")
    for n, nf, f, c, w in rows:
        print(f"{n:>10} {nf:>6} {f * 1e3:>9.1f} {c * 1e3:>9.1f} {w * 1e3:>9.2f} {c / f:>10.2f} {w / f:>10.3f} {c / n * 1e6:>12.1f}")
    per_type = {n: c / n for n, _, _, c, _ in rows if n >= 100}
    if len(per_type) >= 2:
        print(f"cost per node type, max/min over {min(per_type)}..{max(per_type)}: {max(per_type.values()) / min(per_type.values()):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
