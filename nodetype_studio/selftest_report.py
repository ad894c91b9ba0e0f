"""The self-test's record of steps (ok, failed, skipped): shared by the Qt-free and the Qt steps."""

from __future__ import annotations

import platform
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from nodetype_studio import __version__

OK, FAILED, SKIPPED = "ok", "failed", "skipped"


def header() -> str:
    kind = "frozen" if getattr(sys, "frozen", False) else "python"
    return (f"Node Type Studio {__version__} self-test ({kind}, {platform.system()} {platform.machine()}, "
            f"Python {platform.python_version()}, {sys.executable})")


class Skip(Exception):
    """Raised by a step whose subject is not part of this build; the message says why."""


@dataclass
class Step:
    name: str
    status: str
    detail: str
    seconds: float


@dataclass
class Report:
    steps: list[Step] = field(default_factory=list)
    context: dict[str, Any] = field(default_factory=dict)  # values later steps build on
    started: float = field(default_factory=time.perf_counter)

    def run(self, name: str, func: Callable[["Report"], str]) -> bool:
        """Run one step, record its outcome and print its line at once; True when it passed."""
        t0 = time.perf_counter()
        try:
            detail, status = func(self), OK
        except Skip as exc:
            detail, status = str(exc), SKIPPED
        except Exception as exc:  # the point of a self-test: report, never crash
            tb = traceback.extract_tb(exc.__traceback__)
            where = f" ({Path(tb[-1].filename).name}:{tb[-1].lineno})" if tb else ""
            detail, status = f"{type(exc).__name__}: {exc}{where}", FAILED
        step = Step(name, status, detail, time.perf_counter() - t0)
        self.steps.append(step)
        print(self.format_step(step), flush=True)
        return status == OK

    def require(self, key: str, step: str) -> Any:
        if key not in self.context:
            raise Skip(f"needs the '{step}' step, which did not pass")
        return self.context[key]

    @staticmethod
    def format_step(step: Step) -> str:
        return f"  {step.status:<8}{step.name:<14}{step.detail}  [{step.seconds * 1000:.0f} ms]"

    def counts(self) -> dict[str, int]:
        return {s: sum(1 for step in self.steps if step.status == s) for s in (OK, SKIPPED, FAILED)}

    def summary(self) -> str:
        c = self.counts()
        verdict = "passed" if c[FAILED] == 0 else "FAILED"
        total = time.perf_counter() - self.started
        return f"self-test {verdict}: {c[OK]} ok, {c[SKIPPED]} skipped, {c[FAILED]} failed in {total:.2f} s"

    def text(self) -> str:
        return "\n".join([header()] + [self.format_step(s) for s in self.steps] + [self.summary()]) + "\n"
