"""Time and memory limits: runaway expressions are stopped with a message and the engine keeps working.

The elapsed-time checks are liveness bounds (the call returns instead of hanging), far above the
configured limits, not performance assertions.
"""

import time

import pytest

from nodetype_studio.clienteval import ClientEvalEngine
from nodetype_studio.clienteval.engine import CRASH, EXCEPTION, OK, TIMEOUT
from nodetype_studio.clienteval.sandbox import MEMORY

NODE = {"properties": {"n": 1}}
LOOP = "(() => { for (;;) {} })()"
MEMORY_BOMB = "(() => { const keep = []; for (;;) keep.push(new Array(100000).fill('x')); })()"
LIVENESS_S = 15


@pytest.fixture
def fresh():
    with ClientEvalEngine(time_limit_ms=100, memory_limit_mb=32) as eng:
        eng.evaluate_batch(["1"], NODE)  # start the child before timing anything
        yield eng


def timed(engine, expressions):
    start = time.monotonic()
    out = engine.evaluate_batch(expressions, NODE)
    return out, time.monotonic() - start


def test_infinite_loop_is_stopped_and_the_rest_of_the_batch_evaluates(fresh):
    out, elapsed = timed(fresh, ["node.properties.n", LOOP, "node.properties.n + 1", LOOP, "node.properties.n + 2"])
    assert [o.kind for o in out] == [OK, TIMEOUT, OK, TIMEOUT, OK]
    assert [out[0].value, out[2].value, out[4].value] == [1, 2, 3]
    assert out[1].message == "expression took longer than 100 ms and was stopped"
    assert elapsed < LIVENESS_S
    assert fresh.evaluate_batch(["node.properties.n * 10"], NODE)[0].value == 10
    assert fresh.restarts == 0  # V8 stopped it itself; the same context is reused


def test_each_expression_gets_its_own_time_budget(fresh):
    # Three expressions of ~60 ms each exceed 100 ms together but none does alone.
    slow = "(() => { const end = Date.now() + 60; while (Date.now() < end) {} return 'done'; })()"
    out, _ = timed(fresh, [slow, slow, slow])
    assert [o.value for o in out] == ["done"] * 3


def test_memory_bomb_is_stopped_and_the_engine_keeps_working():
    with ClientEvalEngine(time_limit_ms=5000, memory_limit_mb=32) as eng:
        out, elapsed = timed(eng, [MEMORY_BOMB, "node.properties.n"])
        assert out[0].kind == MEMORY
        assert out[0].message == "expression used more than 32 MB of memory and was stopped"
        assert out[1].value == 1
        assert elapsed < LIVENESS_S
        # repeatedly: memory from stopped expressions is released
        for _ in range(3):
            again = eng.evaluate_batch([MEMORY_BOMB, "'still here'"], NODE)
            assert [o.kind for o in again] == [MEMORY, OK] and again[1].value == "still here"


def test_large_buffers_outside_the_heap_fail_inside_the_expression(fresh):
    # ArrayBuffers are not on the V8 heap; the child's data limit makes the allocation fail.
    out, _elapsed = timed(fresh, ["new Uint8Array(2 ** 31).fill(1).length", "node.properties.n"])
    assert out[0].kind == EXCEPTION and "allocation failed" in out[0].message
    assert out[1].value == 1


def test_a_builtin_that_ignores_termination_is_killed_and_the_engine_restarts(fresh):
    # Array.prototype.fill on a huge sparse array does not check for termination and would end in
    # a fatal V8 out-of-memory: in-process this would take the studio down.
    out, elapsed = timed(fresh, ["'before'", "new Array(2 ** 30).fill(1).length", "'after'"])
    assert out[0].value == "before" and out[2].value == "after"
    assert out[1].kind in (TIMEOUT, CRASH)
    assert "the JavaScript engine was restarted" in out[1].message or "it was restarted" in out[1].message
    assert fresh.restarts >= 1
    assert elapsed < LIVENESS_S
    assert fresh.evaluate_batch(["node.properties.n"], NODE)[0].value == 1


def test_a_crashed_child_is_replaced(fresh):
    fresh._backend._process.kill()  # simulate the child dying between calls
    out = fresh.evaluate_batch(["node.properties.n", "2"], NODE)
    assert [o.value for o in out] == [1, 2]
