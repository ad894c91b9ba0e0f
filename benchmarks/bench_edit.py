"""One scalar edit + save in a 10,000-line NodeTypes file, against the floor of reading and writing the
same file in the same run.

    python benchmarks/bench_edit.py [--lines 10000] [--repeat 30]

Floors: "read + write" reads the file and writes the same bytes back (open, write, close); "read +
safe write" does what a safe save has to do at the least: read, write a temporary file next to it,
fsync, rename over the file, fsync the folder. The studio's save does that plus the on-disk check
(read and compare) and the edit itself (splice, re-parse of the edited node type, verification).
Target (issue 3): edit + save <= 3x the floor.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from synthetic import node_type_yaml  # noqa: E402

from nodetype_studio.editing import YamlDocument  # noqa: E402

PACKAGE = "Bench.Site"


def write_big_file(folder: Path, lines: int) -> tuple[Path, str]:
    parts = []
    count = 0
    index = 0
    while count < lines:
        chunk = node_type_yaml(PACKAGE, index)
        parts.append(chunk)
        count += chunk.count("\n") + 1
        index += 1
    path = folder / "NodeTypes.Big.yaml"
    path.write_text("\n".join(parts), encoding="utf-8")
    middle = f"{PACKAGE}:Content.Element{index // 2}"
    return path, middle


def interleaved(cases: dict, repeat: int) -> dict[str, list[float]]:
    """Run every case once per round, round after round, so machine load hits all cases alike."""
    times: dict[str, list[float]] = {name: [] for name in cases}
    for round_ in range(repeat):
        for name, fn in cases.items():
            gc.collect()
            start = time.perf_counter()
            fn(round_)
            times[name].append(time.perf_counter() - start)
    return times


def floor_plain(path: Path):
    def run(_round):
        data = path.read_bytes()
        with open(path, "wb") as stream:
            stream.write(data)
    return run


def floor_safe(path: Path):
    def run(_round):
        data = path.read_bytes()
        temp = path.with_name(f".{path.name}.floor.tmp")
        with open(temp, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    return run


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-edit-") as folder:
        path, node_type = write_big_file(Path(folder), args.lines)
        line_count = path.read_text().count("\n") + 1
        target = (node_type, "properties", "prop5", "ui", "label")
        doc = YamlDocument.load(path)

        def edit_only(round_):
            doc.set(target, f"Edited {round_}")

        def edit_and_save(round_):
            doc.set(target, f"Saved {round_}")
            doc.save()

        def load_edit_save(round_):
            fresh = YamlDocument.load(path)
            fresh.set(target, f"Cold {round_}")
            fresh.save()

        measured = interleaved({
            "plain": floor_plain(path),
            "safe": floor_safe(path),
            "edit": edit_only,
            "edit_save": edit_and_save,
        }, args.repeat)
        doc.reload()
        reference = interleaved({"load": lambda _r: YamlDocument.load(path), "cold": load_edit_save},
                                max(3, args.repeat // 10))
        assert YamlDocument.load(path).get(target).startswith("Cold")
        size = path.stat().st_size

    plain, safe, edit, edit_save = (measured[k] for k in ("plain", "safe", "edit", "edit_save"))
    load_times, cold = reference["load"], reference["cold"]
    floor_p = statistics.median(plain)
    floor_s = statistics.median(safe)
    rows = [
        ("floor: read + write", plain),
        ("floor: read + safe write (tmp, fsync, rename)", safe),
        ("edit only (splice + re-parse + verify)", edit),
        ("edit + save", edit_save),
        ("load (for reference)", load_times),
        ("load + edit + save (for reference)", cold),
    ]
    print(f"bench_edit: {line_count} lines ({size // 1024} KiB); scalar edit of {'.'.join(target[1:])} in the "
          f"middle node type; median of {args.repeat} interleaved runs")
    print(f"{'case':48} {'median ms':>10} {'min ms':>9} {'x read+write':>13} {'x safe floor':>13}")
    for name, times in rows:
        median = statistics.median(times)
        print(f"{name:48} {median * 1000:10.3f} {min(times) * 1000:9.3f} {median / floor_p:13.2f} {median / floor_s:13.2f}")
    ratio = statistics.median(edit_save) / floor_s
    print(f"\nedit + save = {ratio:.2f}x the safe-write floor (target <= 3x: {'met' if ratio <= 3 else 'NOT met'}); "
          f"{statistics.median(edit_save) / floor_p:.2f}x the plain read+write floor (no fsync)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
