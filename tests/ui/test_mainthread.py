"""deliver(): a worker thread's answer reaches the GUI thread, and never an object deleted meanwhile."""

import gc
import threading

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from nodetype_studio.ui.mainthread import deliver


def _from_a_worker(receiver, slot, *args) -> None:
    worker = threading.Thread(target=deliver, args=(receiver, slot, *args))
    worker.start()
    worker.join()


def test_the_slot_runs_in_the_gui_thread_with_the_arguments(qtbot):
    receiver = QObject()
    calls = []
    _from_a_worker(receiver, lambda *args: calls.append((threading.current_thread(), args)), 1, "two")
    assert calls == []  # queued: nothing happens on the worker
    qtbot.waitUntil(lambda: calls != [])
    assert calls == [(threading.main_thread(), (1, "two"))]


def test_a_receiver_deleted_before_the_answer_arrives_is_left_alone(qtbot):
    receiver, witness = QObject(), QObject()
    calls = []
    _from_a_worker(receiver, lambda: calls.append("deleted one"))
    _from_a_worker(witness, lambda: calls.append("witness"))
    shiboken6.delete(receiver)  # as its parent would: the Qt object is gone, its answer still queued
    qtbot.waitUntil(lambda: calls != [])
    assert calls == ["witness"]


def test_answers_keep_their_order(qtbot):
    receiver = QObject()
    calls = []

    def many() -> None:
        for i in range(200):
            deliver(receiver, calls.append, i)

    worker = threading.Thread(target=many)
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: len(calls) == 200)
    assert calls == list(range(200))


class _Cycle:
    """Garbage that only the cyclic collector frees; it notes the thread that freed it."""

    freed_on: list = []  # noqa: RUF012

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        _Cycle.freed_on.append(threading.current_thread().name)


def test_garbage_is_collected_on_the_gui_thread_not_on_a_worker(qtbot):
    from nodetype_studio import gcpolicy
    from nodetype_studio.ui.mainthread import collect_on_gui_thread

    collect_on_gui_thread(QApplication.instance())
    assert gcpolicy.scheduled() and not gc.isenabled()
    gc.collect()
    _Cycle.freed_on = []
    _Cycle()  # unreachable at once: a cycle waiting for a collection

    kept: list = []

    def allocate() -> None:  # far past the youngest generation's threshold: Python would collect here
        for _ in range(50_000):
            kept.append([])

    worker = threading.Thread(target=allocate, name="busy worker")
    worker.start()
    worker.join()
    assert _Cycle.freed_on == []  # the worker allocated, but did not collect
    qtbot.waitUntil(lambda: _Cycle.freed_on != [], timeout=5000)  # the GUI thread's next look collects it
    assert _Cycle.freed_on == ["MainThread"]
