"""gcpolicy: collections by Python's thresholds when the GUI thread collects, full ones at most every so often,
and none on other threads."""

import gc
import threading

import pytest

from nodetype_studio import gcpolicy


@pytest.fixture
def scheduled(monkeypatch):
    """The GUI thread's schedule, for this test only."""
    monkeypatch.setattr(gcpolicy._state, "scheduled", True)
    monkeypatch.setattr(gcpolicy._state, "last_full", 0.0)
    monkeypatch.setattr(gcpolicy._state, "held_until", 0.0)
    was = gc.isenabled()
    gc.disable()
    yield
    if was:
        gc.enable()


class _Cycle:
    def __init__(self, freed: list) -> None:
        self.me, self.freed = self, freed

    def __del__(self) -> None:
        self.freed.append(True)


def test_nothing_due_collects_nothing(scheduled):
    gc.collect()
    freed: list = []
    _Cycle(freed)
    assert gcpolicy.collect_due() == 0  # fewer new objects than the youngest generation's threshold
    assert freed == []


def test_a_due_young_generation_is_collected(scheduled):
    gc.collect()
    freed: list = []
    _Cycle(freed)
    kept = [[] for _ in range(gc.get_threshold()[0] + 10)]
    assert gcpolicy.collect_due() >= 1  # the cycle
    assert freed == [True] and kept


def test_full_collections_wait_their_turn(scheduled, monkeypatch):
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, gc.get_threshold()[2] + 1))
    generations = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: generations.append(generation) or 0)
    gcpolicy.collect_due(now=100.0)
    gcpolicy.collect_due(now=100.0 + gcpolicy.FULL_COLLECTION_EVERY_S / 2)  # too soon: nothing else is due
    gcpolicy.collect_due(now=100.0 + gcpolicy.FULL_COLLECTION_EVERY_S)
    assert generations == [2, 2]


def test_a_hold_defers_collections_until_released_or_over(scheduled):
    gc.collect()
    freed: list = []
    _Cycle(freed)
    kept = [[] for _ in range(gc.get_threshold()[0] + 10)]
    gcpolicy.hold(5.0)
    assert gcpolicy.collect_due() == 0 and freed == []  # due, but held: the start-up goes first
    assert gcpolicy.collect_due(now=gcpolicy._state.held_until + 0.01) >= 1 and freed == [True]  # the hold is over
    _Cycle(freed)
    kept += [[] for _ in range(gc.get_threshold()[0] + 10)]
    gcpolicy.hold(5.0)
    gcpolicy.release()
    assert gcpolicy.collect_due() >= 1 and freed == [True, True]


def test_only_the_main_thread_may_collect_once_the_gui_collects(scheduled):
    answers = []
    worker = threading.Thread(target=lambda: answers.append(gcpolicy.may_collect_here()))
    worker.start()
    worker.join()
    assert answers == [False] and gcpolicy.may_collect_here()


def test_any_thread_may_collect_by_default(monkeypatch):
    monkeypatch.setattr(gcpolicy._state, "scheduled", False)
    answers = []
    worker = threading.Thread(target=lambda: answers.append(gcpolicy.may_collect_here()))
    worker.start()
    worker.join()
    assert answers == [True]
