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
    with private_context(): ...              # this thread uses a context of its own (a background
                                             # worker's long evaluation must not hold the shared one)
    close_private()                          # close this thread's own context (at the worker's end)

``call`` and ``evaluate`` raise ``EngineUnavailable`` (no V8), ``EngineTimeout`` (did not finish in
time) or ``EngineError`` (a JavaScript exception, out of memory, an engine failure), all subclasses
of ``JsEngineError``. Features install their helper functions under a prefix of their own
(``__jsregex…``, ``__clientEval…``) so that they cannot collide.
"""

from __future__ import annotations

import atexit
import threading
from contextlib import contextmanager
from contextvars import ContextVar

MAX_MEMORY = 64 * 1024 * 1024
DEFAULT_TIMEOUT = 2.0

_lock = threading.RLock()
_state: dict = {}
_private = threading.local()  # a thread's own context: .state, .lock
_private_states: list[tuple[dict, threading.RLock]] = []  # every private context, closed at exit
_use_private: ContextVar[bool] = ContextVar("jsengine_private", default=False)


def _slot() -> tuple[dict, threading.RLock]:
    """The state and lock this call works on: the shared ones, or the thread's own in private_context()."""
    if not _use_private.get():
        return _state, _lock
    if not hasattr(_private, "state"):
        _private.state = {}
        _private.lock = threading.RLock()
        with _lock:
            _private_states.append((_private.state, _private.lock))
    return _private.state, _private.lock


@contextmanager
def private_context():
    """Calls in this block (in this thread) use a V8 context of the thread's own, started on first use."""
    token = _use_private.set(True)
    try:
        yield
    finally:
        _use_private.reset(token)


def close_private() -> None:
    """Close the calling thread's own context, if it has one."""
    state = getattr(_private, "state", None)
    if state is not None:
        with _private.lock:
            _close(state)


class JsEngineError(Exception):
    """V8 could not answer."""


class EngineUnavailable(JsEngineError):
    """mini-racer cannot start V8 on this machine."""


class EngineTimeout(JsEngineError):
    """The script did not finish within its timeout."""


class EngineError(JsEngineError):
    """A JavaScript exception, out of memory, or an engine failure."""


def _context(state: dict | None = None):
    """The context (shared unless ``state`` is a private one), created on first use; None when
    mini-racer cannot start here."""
    state = _state if state is None else state
    if "ctx" not in state:
        if state is not _state and _state.get("ctx", True) is None:  # V8 cannot start: no second try
            state.update(ctx=None, problem=_state.get("problem"))
            return None
        try:
            from py_mini_racer import MiniRacer

            state["ctx"] = MiniRacer()
            state["installed"] = set()
        except Exception as exc:  # missing native library, frozen build without it, ...
            state["ctx"] = None
            state["problem"] = str(exc) or type(exc).__name__
    return state["ctx"]


def available() -> bool:
    state, lock = _slot()
    with lock:
        return _context(state) is not None


def unavailable_reason() -> str | None:
    state, lock = _slot()
    with lock:
        _context(state)
        return state.get("problem")


def _run(action, timeout: float):
    from py_mini_racer import JSTimeoutException

    try:
        return action(timeout)
    except JSTimeoutException:
        raise EngineTimeout(f"no answer within {timeout:g} s") from None
    except Exception as exc:
        raise EngineError(str(exc) or type(exc).__name__) from None


def _ready(state: dict):
    ctx = _context(state)
    if ctx is None:
        raise EngineUnavailable(state.get("problem") or "V8 (mini-racer) is not available")
    return ctx


def install(name: str, source: str) -> None:
    """Evaluate ``source`` (function definitions) once in the context."""
    state, lock = _slot()
    with lock:
        ctx = _ready(state)
        if name not in state["installed"]:
            _run(lambda t: ctx.eval(source, timeout_sec=t, max_memory=MAX_MEMORY), DEFAULT_TIMEOUT)
            state["installed"].add(name)


def call(function: str, *args, timeout: float = DEFAULT_TIMEOUT):
    """``function(*args)`` in the context."""
    state, lock = _slot()
    with lock:
        ctx = _ready(state)
        return _run(lambda t: ctx.call(function, *args, timeout_sec=t, max_memory=MAX_MEMORY), timeout)


def evaluate(expression: str, timeout: float = DEFAULT_TIMEOUT):
    """The value of a JavaScript expression in the context."""
    state, lock = _slot()
    with lock:
        ctx = _ready(state)
        return _run(lambda t: ctx.eval(expression, timeout_sec=t, max_memory=MAX_MEMORY), timeout)


def _close(state: dict) -> None:
    ctx = state.get("ctx")
    state.clear()
    if ctx is not None:
        try:  # after a timeout V8 reports the stopped script later: let that arrive before closing
            ctx.eval("0", timeout_sec=1.0)
        except Exception:
            pass
        ctx.close()


def reset() -> None:
    """Close the shared context (and forget what was installed in it); the next use starts a fresh
    one. At interpreter exit the threads' own contexts are closed too."""
    with _lock:
        _close(_state)


def _close_all() -> None:
    reset()
    with _lock:
        for state, lock in _private_states:
            if lock.acquire(timeout=5):  # a worker may be finishing an evaluation (bounded by its timeout)
                try:
                    _close(state)
                finally:
                    lock.release()


# Left to the garbage collector at interpreter shutdown, the context's destructor can wait forever
# for V8's worker thread (the process hangs after its work is done): it is closed at exit instead.
atexit.register(_close_all)
