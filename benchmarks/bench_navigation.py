"""Quick open and usages on a large project: the time per keystroke and per lookup, against floors
measured in the same run.

    NODETYPE_STUDIO_CORPUS=/work/shared/corpus python3 benchmarks/bench_navigation.py [--repeat 5]

Project: the whole corpus opened as one folder of packages (every node type of ~90 packages), or a
generated project of ``--size`` node types without the corpus. Quick open ranks every name for each
prefix of a few typical queries (what typing them costs); its floor is a plain case-insensitive
substring filter over the same names, the cheapest filter a list can have; "narrowing" is what the
popup does, ranking only the previous key's matches again. Usages of a type (every
own definition scanned) are measured against loading the project. Best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from synthetic import write_project  # noqa: E402

from nodetype_studio.model import load_project  # noqa: E402
from nodetype_studio.studio.fuzzy import Narrowing, rank  # noqa: E402
from nodetype_studio.studio.usages import subtypes, usages  # noqa: E402

QUERIES = ("cteas", "content.text", "nndoc", "mixin", "xqz")


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def keystrokes(names: list[str], match) -> None:
    for query in QUERIES:
        for end in range(1, len(query) + 1):
            match(query[:end], names)


def substring(query: str, names: list[str]) -> list[str]:
    needle = query.lower()
    return [n for n in names if needle in n.lower()]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--size", type=int, default=2000, help="node types of the generated project (no corpus)")
    args = parser.parse_args()
    corpus = os.environ.get("NODETYPE_STUDIO_CORPUS")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(corpus) if corpus else write_project(Path(tmp) / "Generated", args.size)
        opened = best(lambda: load_project(root, use_cache=False), max(1, args.repeat // 2))
        project = load_project(root)
    names = sorted(project.node_types)
    strokes = sum(len(q) for q in QUERIES)
    floor = best(lambda: keystrokes(names, substring), args.repeat) / strokes
    fuzzy = best(lambda: keystrokes(names, lambda q, n: rank(q, n, limit=300)), args.repeat) / strokes

    def typed() -> None:  # as the popup does: each key narrows the previous key's matches
        for query in QUERIES:
            narrowing = Narrowing(names)
            for end in range(1, len(query) + 1):
                narrowing.rank(query[:end])[:300]

    narrowed = best(typed, args.repeat) / strokes
    target = "Neos.Neos:Content" if project.node_type("Neos.Neos:Content") else names[0]
    lookup = best(lambda: (usages(project, target), subtypes(project, target, transitive=True)), args.repeat)
    print(f"project: {root} ({len(names)} node types)")
    print(f"quick open: {fuzzy * 1000:.2f} ms per keystroke; substring floor {floor * 1000:.2f} ms; "
          f"ratio {fuzzy / floor:.1f}x; typed key by key (narrowing) {narrowed * 1000:.2f} ms, "
          f"ratio {narrowed / floor:.1f}x")
    print(f"usages and subtypes of {target}: {lookup * 1000:.1f} ms; opening the project {opened * 1000:.0f} ms; "
          f"ratio {lookup / opened:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
