"""One locked-down V8 context (via mini-racer) that evaluates ClientEval batches in this process.

V8 without an embedder has no file, network, module or process API; ``runtime_js`` additionally
freezes every built-in and the global object. Time is limited per call by mini-racer (V8
``TerminateExecution``) and heap size by the isolate's hard memory limit. Both leave the
context usable, which the tests check. The evaluation engine normally runs this class inside a
worker process (``worker.py``) because a few V8 failures cannot be stopped in-process: some
built-ins ignore termination and a fatal V8 out-of-memory aborts the whole process.
"""

from __future__ import annotations

import atexit
import json
import secrets
import weakref
from typing import Self

from py_mini_racer import JSEvalException, JSOOMException, JSTimeoutException, MiniRacer

from nodetype_studio.clienteval.runtime_js import RUNTIME_JS

#: Status of one ``run_window`` call.
DONE, TIMEOUT, MEMORY = "done", "timeout", "memory"


class JsSandbox:
    """A V8 context with the ClientEval runtime installed; not thread-safe."""

    def __init__(self, memory_limit_bytes: int = 64 * 1024 * 1024):
        self._secret = secrets.token_hex(16)
        self._key = json.dumps(self._secret)
        self._racer: MiniRacer | None = MiniRacer()
        self._engine.eval(f"({RUNTIME_JS})({self._key})")
        self._racer.set_hard_memory_limit(memory_limit_bytes)
        # mini-racer can hang at interpreter exit if a context is left open after some failures
        atexit.register(_close_if_alive, weakref.ref(self))

    @property
    def _engine(self) -> MiniRacer:
        if self._racer is None:
            raise RuntimeError("the JavaScript sandbox is closed")
        return self._racer

    @property
    def v8_version(self) -> str:
        return self._engine.v8_version

    def run_window(self, payload_text: str, start: int, end: int, time_limit_s: float) -> tuple[str, str]:
        """Evaluate ``exprs[start:end]`` of the JSON payload; returns (status, JSON list of results).

        On ``timeout`` or ``memory`` the list holds the results finished before the expression
        that was stopped (its index is ``start + len(results)``).
        """
        code = f"__nts.run({self._key},{json.dumps(payload_text)},{int(start)},{int(end)})"
        try:
            return DONE, str(self._engine.eval(code, timeout_sec=time_limit_s))
        except JSTimeoutException:
            return TIMEOUT, self._progress()
        except JSOOMException:
            self._engine.low_memory_notification()
            return MEMORY, self._progress()

    def _progress(self) -> str:
        return str(self._engine.eval(f"__nts.progress({self._key})", timeout_sec=1.0))

    def check_syntax(self, expressions: list[str]) -> list[str | None]:
        """Compile each expression as the CMS does without running it: None or the error message."""
        if not expressions:
            return []
        code = f"__nts.check({self._key},{json.dumps(json.dumps(expressions))})"
        return json.loads(str(self._engine.eval(code, timeout_sec=30.0)))

    def eval_raw(self, code: str, time_limit_s: float = 1.0):
        """Run trusted JavaScript in this context (used by tests and the benchmark floor)."""
        try:
            return self._engine.eval(code, timeout_sec=time_limit_s)
        except JSEvalException as exc:
            raise RuntimeError(str(exc)) from exc

    def close(self) -> None:
        # An explicit close avoids a mini-racer hang at interpreter exit after some failures.
        racer, self._racer = self._racer, None
        if racer is not None:
            racer.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _close_if_alive(ref) -> None:
    sandbox = ref()
    if sandbox is not None:
        sandbox.close()
