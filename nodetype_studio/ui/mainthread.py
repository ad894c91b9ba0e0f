"""Worker threads and the GUI thread: answers handed over safely, and garbage collected on the GUI thread.


A worker thread must not emit a signal of an inspector's object itself: the GUI thread may delete that
object (the inspector was closed, another node type shown) while the emission runs, and the worker then
reads freed memory. Instead the answer goes through one relay object that lives as long as the
application: ``deliver(receiver, slot, *args)`` queues ``slot(*args)`` for the GUI thread, which calls it
only if ``receiver`` still exists by then.

For the same reason Python's cyclic garbage collector runs on the GUI thread only
(``collect_on_gui_thread``, see ``nodetype_studio/gcpolicy.py``): a collection in a worker thread would
delete the Qt objects of the garbage it frees there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal

from nodetype_studio import gcpolicy


class _Relay(QObject):
    queued = Signal(object, object, object)  # (receiver, slot, args)

    def __init__(self) -> None:
        super().__init__()
        self.queued.connect(self._call, Qt.ConnectionType.QueuedConnection)

    def _call(self, receiver: QObject, slot: Callable[..., Any], args: tuple) -> None:
        if shiboken6.isValid(receiver):
            slot(*args)


_relay: _Relay | None = None
_lock = threading.Lock()


def _the_relay() -> _Relay:
    global _relay
    with _lock:
        if _relay is None:
            relay = _Relay()
            app = QCoreApplication.instance()
            if app is not None and relay.thread() is not app.thread():
                relay.moveToThread(app.thread())  # made on a worker thread: it must answer on the GUI's
            _relay = relay
        return _relay


def deliver(receiver: QObject, slot: Callable[..., Any], *args: Any) -> None:
    """Call ``slot(*args)`` in the GUI thread, unless ``receiver`` has been deleted by then. Safe from any
    thread, and whatever happens to ``receiver`` meanwhile."""
    _the_relay().queued.emit(receiver, slot, args)


#: how often the GUI thread looks whether a collection is due (Python looks at every allocation; a look
#: is a few counters, a young collection well under a millisecond)
COLLECT_EVERY_MS = 200
_collector: list[QTimer] = []


def collect_on_gui_thread(app: QCoreApplication) -> None:
    """Switch Python's automatic garbage collector off and collect on ``app``'s (the GUI) thread instead,
    by Python's own thresholds, whenever the event loop runs. Once per process; call it on the GUI thread."""
    if _collector:
        return
    timer = QTimer(app)
    timer.setInterval(COLLECT_EVERY_MS)
    timer.timeout.connect(gcpolicy.collect_due)
    timer.start()
    _collector.append(timer)
    gcpolicy.hand_over()
