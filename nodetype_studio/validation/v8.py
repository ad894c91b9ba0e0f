"""The browser's own JavaScript engine (V8 through mini-racer), for the few questions the
translator cannot answer exactly: is a pattern valid JavaScript, and does an untranslatable
pattern match. Every call is bounded by a timeout and a memory cap; one context, one lock.
"""

from __future__ import annotations

import threading

MAX_MEMORY = 64 * 1024 * 1024

_SETUP = """
var __ntsSyntax = function (body, flags) {
  try { new RegExp(body, flags); return null; } catch (e) { return String(e.message); }
};
var __ntsMatch = function (body, flags, subject) {
  return subject.match(new RegExp(body, flags)) !== null;
};
"""

_lock = threading.Lock()
_state: dict = {}


class V8Timeout(Exception):
    pass


class V8Error(Exception):
    """V8 could not answer (out of memory, engine failure)."""


def _context():
    """The shared context, created on first use; None when mini-racer cannot start here."""
    if "ctx" not in _state:
        try:
            from py_mini_racer import MiniRacer

            ctx = MiniRacer()
            ctx.eval(_SETUP)
            _state["ctx"] = ctx
        except Exception as exc:  # missing native library, frozen build without it, ...
            _state["ctx"] = None
            _state["problem"] = str(exc)
    return _state["ctx"]


def available() -> bool:
    with _lock:
        return _context() is not None


def unavailable_reason() -> str | None:
    with _lock:
        _context()
        return _state.get("problem")


def _call(name: str, *args, timeout: float):
    from py_mini_racer import JSTimeoutException

    with _lock:
        ctx = _context()
        try:
            return ctx.call(name, *args, timeout_sec=timeout, max_memory=MAX_MEMORY)
        except JSTimeoutException:
            raise V8Timeout(f"no answer within {timeout:g} s") from None
        except Exception as exc:
            raise V8Error(str(exc)) from None


def regexp_syntax_error(body: str, flags: str) -> str | None:
    """V8's SyntaxError message for `new RegExp(body, flags)`, or None when it compiles."""
    return _call("__ntsSyntax", body, flags, timeout=2.0)


def regexp_finds_match(body: str, flags: str, subject: str, timeout: float) -> bool:
    return bool(_call("__ntsMatch", body, flags, subject, timeout=timeout))


def evaluate(expression: str, timeout: float = 2.0):
    """Evaluate a JavaScript expression (tests use it as the oracle for browser behaviour)."""
    with _lock:
        ctx = _context()
        if ctx is None:
            raise RuntimeError(_state.get("problem", "V8 is not available"))
        return ctx.eval(expression, timeout_sec=timeout, max_memory=MAX_MEMORY)
