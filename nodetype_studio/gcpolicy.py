"""Who runs Python's cyclic garbage collector: any thread (Python's default), or the GUI thread only.

Python runs a collection in whichever thread happens to allocate when a generation is due. In the studio
that may be a worker thread (a ClientEval update, a data-source answer, a slow validation, the parse
cache's writer), and a collection frees whatever garbage cycles exist, including closed inspectors whose
Qt objects Python owns: Qt would then delete widgets outside the GUI thread, while the GUI thread may be
painting them. The studio therefore switches the automatic collector off and collects on the GUI thread
(``ui/mainthread.collect_on_gui_thread``), by the same rule Python uses (``collect_due``).

The model needs to know whether cycles are collected at all (automatically, or by the GUI's schedule):
a load promotes what it built to the oldest generation when they are (``model/project.py``); and it runs
a collection of its own only where one may run (``may_collect_here``).
"""

from __future__ import annotations

import gc
import threading
import time

#: the least time between two full collections by ``collect_due``: Python skips a due full collection
#: while few objects have reached the oldest generation since the last one (a count it does not publish);
#: a full pass over a large project costs tens of milliseconds on the GUI thread
FULL_COLLECTION_EVERY_S = 10.0


#: the longest ``hold`` keeps ``collect_due`` from collecting (the studio's start releases it sooner)
HOLD_AT_MOST_S = 5.0


class _State:
    scheduled = False  # the GUI thread collects
    last_full = 0.0  # when collect_due last ran a full collection (time.monotonic)
    held_until = 0.0  # collect_due collects nothing before this time (time.monotonic), see hold()


_state = _State()


def hand_over() -> None:
    """From now on the caller collects (``collect_due``) instead of Python's automatic collector."""
    gc.disable()
    _state.scheduled = True


def scheduled() -> bool:
    """Whether the GUI thread collects instead of the automatic collector."""
    return _state.scheduled


def may_collect_here() -> bool:
    """Whether this thread may run a collection: any thread, unless the GUI thread collects (then only the
    process's main thread, which is the GUI thread)."""
    return not _state.scheduled or threading.current_thread() is threading.main_thread()


def hold(seconds: float = HOLD_AT_MOST_S) -> None:
    """``collect_due`` collects nothing for ``seconds`` or until ``release``: the studio's start-up, whose
    imports and first project leave the youngest generation full of objects that all live on, so that its
    collections walk them at idle once the window is ready, not in the middle of the first preview."""
    _state.held_until = time.monotonic() + seconds


def release() -> None:
    """End a ``hold``."""
    _state.held_until = 0.0


def collect_due(now: float | None = None) -> int:
    """Collect the oldest generation that is due by Python's own thresholds (objects allocated since the
    youngest's last collection, collections of the next younger one for the others), a full collection
    at most every ``FULL_COLLECTION_EVERY_S``; the number of objects freed."""
    now = time.monotonic() if now is None else now
    if now < _state.held_until:
        return 0
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1, 0):
        if not thresholds[generation] or counts[generation] <= thresholds[generation]:
            continue
        if generation == 2:
            if now - _state.last_full < FULL_COLLECTION_EVERY_S:
                continue
            _state.last_full = now
        return gc.collect(generation)
    return 0
