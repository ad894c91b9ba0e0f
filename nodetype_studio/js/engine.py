"""The app's one JavaScript engine: V8 (the browser's engine) through mini-racer, Qt-free.

Starting V8 costs a noticeable fraction of a second and tens of MB, so the whole app shares one
context, started on first use and guarded by one lock (a context is not thread-safe). Every call
is bounded by a timeout and a memory cap, so a runaway script cannot hang the inspector.

    available() -> bool                      # V8 can run here (starts it on first call)
    unavailable_reason() -> str | None       # why not (missing native library, frozen build without it)
    install(name, source)                    # run setup JavaScript once per context; later calls with
                                             # the same name do nothing (re-run after reset())
    call(function, *args, timeout=2.0)       # call a global function; args and result are JSON-like values
    evaluate(expression, timeout=2.0)        # evaluate an expression (tests use it as the browser oracle)
    reset()                                  # close the context; the next use starts a fresh one
                                             # (also run at interpreter exit)

``call`` and ``evaluate`` raise ``EngineUnavailable`` (no V8), ``EngineTimeout`` (did not finish in
time) or ``EngineError`` (a JavaScript exception, out of memory, an engine failure), all subclasses
of ``JsEngineError``. Features install their helper functions under a prefix of their own
(``__jsregex…``, ``__clientEval…``) so that they cannot collide.
"""

from __future__ import annotations

import atexit
import threading

MAX_MEMORY = 64 * 1024 * 1024
DEFAULT_TIMEOUT = 2.0

_lock = threading.RLock()
_state: dict = {}


class JsEngineError(Exception):
    """V8 could not answer."""


class EngineUnavailable(JsEngineError):
    """mini-racer cannot start V8 on this machine."""


class EngineTimeout(JsEngineError):
    """The script did not finish within its timeout."""


class EngineError(JsEngineError):
    """A JavaScript exception, out of memory, or an engine failure."""


def _context():
    """The shared context, created on first use; None when mini-racer cannot start here."""
    if "ctx" not in _state:
        try:
            from py_mini_racer import MiniRacer

            _state["ctx"] = MiniRacer()
            _state["installed"] = set()
        except Exception as exc:  # missing native library, frozen build without it, ...
            _state["ctx"] = None
            _state["problem"] = str(exc) or type(exc).__name__
    return _state["ctx"]


def available() -> bool:
    with _lock:
        return _context() is not None


def unavailable_reason() -> str | None:
    with _lock:
        _context()
        return _state.get("problem")


def _run(action, timeout: float):
    from py_mini_racer import JSTimeoutException

    try:
        return action(timeout)
    except JSTimeoutException:
        raise EngineTimeout(f"no answer within {timeout:g} s") from None
    except Exception as exc:
        raise EngineError(str(exc) or type(exc).__name__) from None


def _ready():
    ctx = _context()
    if ctx is None:
        raise EngineUnavailable(_state.get("problem") or "V8 (mini-racer) is not available")
    return ctx


def install(name: str, source: str) -> None:
    """Evaluate ``source`` (function definitions) once in the shared context."""
    with _lock:
        ctx = _ready()
        if name not in _state["installed"]:
            _run(lambda t: ctx.eval(source, timeout_sec=t, max_memory=MAX_MEMORY), DEFAULT_TIMEOUT)
            _state["installed"].add(name)


def call(function: str, *args, timeout: float = DEFAULT_TIMEOUT):
    """``function(*args)`` in the shared context."""
    with _lock:
        ctx = _ready()
        return _run(lambda t: ctx.call(function, *args, timeout_sec=t, max_memory=MAX_MEMORY), timeout)


def evaluate(expression: str, timeout: float = DEFAULT_TIMEOUT):
    """The value of a JavaScript expression in the shared context."""
    with _lock:
        ctx = _ready()
        return _run(lambda t: ctx.eval(expression, timeout_sec=t, max_memory=MAX_MEMORY), timeout)


def reset() -> None:
    """Close the context (and forget what was installed in it); the next use starts a fresh one."""
    with _lock:
        ctx = _state.get("ctx")
        _state.clear()
        if ctx is not None:
            ctx.close()


# Left to the garbage collector at interpreter shutdown, the context's destructor can wait forever
# for V8's worker thread (the process hangs after its work is done): it is closed at exit instead.
atexit.register(reset)
