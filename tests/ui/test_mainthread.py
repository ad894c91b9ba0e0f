"""deliver(): a worker thread's answer reaches the GUI thread, and never an object deleted meanwhile."""

import threading

import shiboken6
from PySide6.QtCore import QObject

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
