"""Start-up of the frozen app against the pip-installed app, in the same run; artifact sizes.

    python benchmarks/bench_startup_frozen.py [--runs 5] [--frozen dist/nodetype-studio/nodetype-studio]

Needs the Linux build (packaging/build-linux.sh). The pip-installed app is this Python's
``nodetype-studio`` console script (``python -m nodetype_studio`` when there is none). Each figure is
the median wall time of fresh processes; the floor is a bare ``python -c pass`` in the same run.
Commands: ``--version`` (interpreter + argument parsing), ``check`` on the example project (model,
checks), ``render`` of one inspector to PNG (Qt start, widgets, first paint offscreen).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _median_ms(cmd: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        times.append((time.perf_counter() - t0) * 1000)
        if proc.returncode not in (0, 1):  # check exits 1 on the example's deliberate errors
            raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
    return statistics.median(times)


def _pip_command() -> list[str]:
    script = Path(sys.executable).with_name("nodetype-studio")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "nodetype_studio"]


def _size_mb(path: Path) -> float:
    if path.is_file():
        return path.stat().st_size / 1e6
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frozen", type=Path, default=ROOT / "dist" / "nodetype-studio" / "nodetype-studio")
    args = parser.parse_args()
    if not args.frozen.is_file():
        print(f"{args.frozen} not found: run packaging/build-linux.sh first", file=sys.stderr)
        return 2
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    example = str(ROOT / "nodetype_studio" / "resources" / "example")
    out = Path(tempfile.mkdtemp(prefix="nts-bench-"))
    pip, frozen = _pip_command(), [str(args.frozen)]
    floor = _median_ms([sys.executable, "-c", "pass"], args.runs, env)
    cases = [
        ("--version", ["--version"]),
        ("check example", ["check", example]),
        ("render inspector", ["render", example, "Acme.Site:Document.Event", "--out", str(out / "r.png")]),
    ]
    print(f"start-up, median of {args.runs} fresh processes; floor `python -c pass` = {floor:.0f} ms")
    print(f"pip: {' '.join(pip)}\nfrozen: {args.frozen}\n")
    print(f"{'command':<18}{'pip ms':>9}{'frozen ms':>11}{'frozen/pip':>12}{'pip/floor':>11}{'frozen/floor':>14}")
    for label, argv in cases:
        p = _median_ms(pip + argv, args.runs, env)
        f = _median_ms(frozen + argv, args.runs, env)
        print(f"{label:<18}{p:>9.0f}{f:>11.0f}{f / p:>12.2f}{p / floor:>11.1f}{f / floor:>14.1f}")
    shutil.rmtree(out, ignore_errors=True)
    print("\nsizes")
    bundle = args.frozen.parent
    print(f"  bundle unpacked   {_size_mb(bundle):7.1f} MB  (target <= 150)")
    for pattern, target in [("nodetype-studio_*.deb", " (target <= 50)"), ("nodetype-studio-*.tar.xz", "")]:
        for path in sorted(bundle.parent.glob(pattern)):
            print(f"  {path.name:<40}{_size_mb(path):7.1f} MB{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
