"""Letting Qt finish what a benchmark run started, so that each run pays for all of its own work.

One ``processEvents()`` is not enough. Laying out a new page posts paint requests, and a later pass
handles them. Deleting the replaced widgets (``deleteLater``) makes their parent lay out and paint
once more. Work a run leaves undone is done in the next run's clock, whoever that run belongs to: the
floor's repaint would be charged to the inspector, and the other way round.

``settle`` therefore repeats processing events and deferred deletions. On the machines measured,
three passes left nothing to do and the fourth costs a few microseconds; ``leftover`` measures one
more pass, so a benchmark can print how much work settling missed.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QEvent

PASSES = 4


def settle(app, passes: int = PASSES) -> None:
    """Lay out, paint and really delete until Qt has nothing left to do."""
    for _ in range(passes):
        app.processEvents()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def leftover(app) -> float:
    """GUI-thread CPU seconds of one more pass after ``settle`` (near zero when settling was complete)."""
    start = time.thread_time()
    app.processEvents()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return time.thread_time() - start


def quiet_size_hint_warnings() -> None:
    """The offscreen platform warns on every size-hint change of a top-level window; the benchmarks'
    windows change size hints by design, so that one warning is dropped (others still print)."""
    from PySide6.QtCore import qInstallMessageHandler

    previous = None

    def handler(mode, context, message):
        if "propagateSizeHints" in message:
            return
        if previous is not None:
            previous(mode, context, message)
        else:
            print(message, file=sys.stderr)

    previous = qInstallMessageHandler(handler)
