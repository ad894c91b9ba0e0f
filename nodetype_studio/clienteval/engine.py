"""Evaluating ClientEval expressions as the CMS's browser client does, with limits and messages.

``ClientEvalEngine`` owns one sandboxed V8 context (by default in a child process, see
``worker.py``) and evaluates many expressions per call: values travel as JSON, one round trip
per batch. Each expression gets its own time budget: when one is stopped, the expressions
before it keep their results and the batch resumes after it. A failed expression keeps its
original ``ClientEval:`` string, as the CMS does, and yields an ``EvalProblem``.
"""

from __future__ import annotations

import datetime
import decimal
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from nodetype_studio.clienteval.expressions import (
    PREFIX,
    Path,
    client_eval_expression,
    evaluated_strings,
    path_text,
)
from nodetype_studio.clienteval.sandbox import DONE, MEMORY, TIMEOUT, JsSandbox
from nodetype_studio.clienteval.worker import WorkerClient, WorkerLost

OK, SYNTAX, EXCEPTION, UNSUPPORTED, CRASH, UNAVAILABLE = "ok", "syntax", "exception", "unsupported", "crash", "unavailable"


@dataclass(frozen=True)
class Outcome:
    """The result of one expression: ``kind`` is ``ok`` or why it failed; ``value`` if ok."""

    kind: str
    value: object = None
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.kind == OK


@dataclass(frozen=True)
class EvalProblem:
    """An expression that could not be evaluated; the configuration keeps its original string."""

    path: Path
    expression: str
    kind: str
    message: str

    @property
    def text(self) -> str:
        where = path_text(self.path) or "value"
        return f"{where}: {self.message}; the original string is kept"

    def __str__(self) -> str:
        return self.text


def _json_default(value):
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def _decode(fragment: dict) -> Outcome:
    kind = fragment.get("k")
    if kind == OK:
        if "u" in fragment:
            return Outcome(OK, None)
        if "n" in fragment:
            return Outcome(OK, float(fragment["n"]))
        if "i" in fragment:
            return Outcome(OK, int(fragment["i"]))
        return Outcome(OK, fragment.get("v"))
    message = fragment.get("m", "")
    if kind == SYNTAX:
        return Outcome(SYNTAX, None, f"syntax error in the expression: {message}")
    if kind == EXCEPTION:
        return Outcome(EXCEPTION, None, f"the expression failed: {message}")
    return Outcome(UNSUPPORTED, None, message)


class ClientEvalEngine:
    """One sandboxed JavaScript context for ClientEval expressions.

    ``time_limit_ms`` and ``memory_limit_mb`` bound each expression; ``isolated`` runs V8 in a
    child process (default) so that even failures V8 cannot stop leave the caller running.
    Use as a context manager or call ``close()``.
    """

    def __init__(self, time_limit_ms: int = 100, memory_limit_mb: int = 64, *, isolated: bool = True,
                 process_memory_mb: int = 1024):
        self.time_limit_ms = time_limit_ms
        self.memory_limit_mb = memory_limit_mb
        self.isolated = isolated
        self._backend_error = ""
        self._backend: WorkerClient | JsSandbox | None
        try:
            if isolated:
                self._backend = WorkerClient(memory_limit_mb << 20, process_memory_mb << 20)
            else:
                self._backend = JsSandbox(memory_limit_mb << 20)
        except Exception as exc:  # noqa: BLE001 - e.g. the engine library is missing: every expression reports it
            self._backend = None
            self._backend_error = f"{type(exc).__name__}: {exc}"

    # --- lifecycle ------------------------------------------------------------------------
    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()
            self._backend = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def restarts(self) -> int:
        return getattr(self._backend, "restarts", 0)

    # --- evaluation -----------------------------------------------------------------------
    def evaluate_batch(self, expressions: Sequence[str], node: Mapping | None, parent: Mapping | None = None) -> list[Outcome]:
        """Evaluate JavaScript expressions (without the prefix) with ``node`` and ``parentNode``."""
        count = len(expressions)
        if count == 0:
            return []
        if self._backend is None:
            reason = self._backend_error or "the engine was closed"
            return [Outcome(UNAVAILABLE, None, f"the JavaScript engine is not available ({reason})")] * count
        try:
            payload = json.dumps({"node": node, "parent": parent, "exprs": list(expressions)}, default=_json_default)
        except (TypeError, ValueError, RecursionError) as exc:  # e.g. a value that contains itself
            return [Outcome(UNSUPPORTED, None, f"the node values cannot be passed to JavaScript ({exc})")] * count
        limit_s = self.time_limit_ms / 1000.0
        results: list[Outcome | None] = [None] * count
        start, solo = 0, False
        while start < count:
            end = start + 1 if solo else count
            try:
                status, text = self._backend.run_window(payload, start, end, limit_s)
            except WorkerLost as lost:
                if solo or end - start == 1:
                    results[start] = self._lost_outcome(lost)
                    start += 1
                else:
                    solo = True  # find the culprit by evaluating one expression per call
                continue
            except RuntimeError as exc:  # the engine could not start
                message = f"the JavaScript engine is not available ({exc})"
                for i in range(start, count):
                    results[i] = Outcome(UNAVAILABLE, None, message)
                break
            done = json.loads(text)
            for offset, fragment in enumerate(done):
                results[start + offset] = _decode(fragment)
            stopped = start + len(done)
            if status == DONE:
                if solo:
                    start = stopped
                    continue
                break
            if stopped == start:
                results[stopped] = self._limit_outcome(status)
                start = stopped + 1
            else:
                start = stopped  # give the stopped expression a fresh time budget of its own
        return [r if r is not None else Outcome(UNAVAILABLE, None, "not evaluated") for r in results]

    def _limit_outcome(self, status: str) -> Outcome:
        if status == TIMEOUT:
            return Outcome(TIMEOUT, None, f"expression took longer than {self.time_limit_ms} ms and was stopped")
        if status == MEMORY:
            return Outcome(MEMORY, None, f"expression used more than {self.memory_limit_mb} MB of memory and was stopped")
        return Outcome(UNSUPPORTED, None, f"unexpected engine status {status!r}")

    def _lost_outcome(self, lost: WorkerLost) -> Outcome:
        if lost.hung:
            return Outcome(TIMEOUT, None, f"expression took longer than {self.time_limit_ms} ms and did not stop; "
                                          "the JavaScript engine was restarted")
        detail = f": {lost.detail}" if lost.detail else ""
        return Outcome(CRASH, None, f"the JavaScript engine crashed while evaluating the expression{detail}; it was restarted")

    def evaluate_value(self, value, node: Mapping | None, parent: Mapping | None = None) -> tuple[object, EvalProblem | None]:
        """One configuration value: evaluated if it is a ClientEval string, else returned as is."""
        if not (isinstance(value, str) and value.startswith(PREFIX)):
            return value, None
        outcome = self.evaluate_batch([client_eval_expression(value)], node, parent)[0]
        if outcome.ok:
            return outcome.value, None
        return value, EvalProblem((), client_eval_expression(value), outcome.kind, outcome.message)

    def evaluate_config(self, config: Mapping, node: Mapping | None, parent: Mapping | None = None) -> tuple[dict, list[EvalProblem]]:
        """A node type's effective configuration with the inspector's ClientEval strings evaluated.

        Only the parts the CMS evaluates are touched (see ``expressions.py``). The input is never
        changed: the result copies the maps and lists on the way to each replaced value and
        shares everything else with ``config``.
        """
        return self._evaluate_places(config, list(evaluated_strings(config)), node, parent)

    def _evaluate_places(self, tree, places: list[tuple[Path, str]], node, parent):
        if not places:
            return tree, []
        outcomes = self.evaluate_batch([client_eval_expression(v) for _, v in places], node, parent)
        replacements: dict[Path, object] = {}
        problems: list[EvalProblem] = []
        for (path, value), outcome in zip(places, outcomes):
            if outcome.ok:
                replacements[path] = outcome.value
            else:
                problems.append(EvalProblem(path, client_eval_expression(value), outcome.kind, outcome.message))
        return replace_paths(tree, replacements), problems

    def check_syntax(self, expressions: Sequence[str]) -> list[str | None]:
        """Compile each expression as the CMS does, without running it: None or the error."""
        if self._backend is None:
            raise RuntimeError(self._backend_error or "the engine was closed")
        try:
            return self._backend.check_syntax(list(expressions))
        except WorkerLost as lost:  # only a gigantic input could make compiling take this long
            return [f"not checked: {lost}"] * len(expressions)


def replace_paths(tree, replacements: Mapping[Path, object]):
    """``tree`` with the values at the given paths replaced; copies only the maps/lists on the way."""
    if not replacements:
        return tree
    if () in replacements:
        return replacements[()]
    by_key: dict[object, dict[Path, object]] = {}
    for path, value in replacements.items():
        by_key.setdefault(path[0], {})[path[1:]] = value
    copy: Any
    if isinstance(tree, Mapping):
        copy = dict(tree)
    elif isinstance(tree, list):
        copy = list(tree)
    else:
        return tree
    for key, sub in by_key.items():
        copy[key] = replace_paths(tree[key], sub)
    return copy
