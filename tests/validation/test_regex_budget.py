"""Regular expressions get the verdict the browser reaches: a generous budget by default, a short one
only where a caller asks (the inspector's keystroke), and V8 contexts of their own for worker threads."""

import threading

import pytest

from nodetype_studio.js import engine as jsengine
from nodetype_studio.js.regex import BROWSER_BUDGET, INTERACTIVE_BUDGET, budget, current_budget
from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import TIMEOUT_ID

REGEX = "Neos.Neos/Validation/RegularExpressionValidator"
NO_MATCH = "content.inspector.validators.regularExpressionValidator.patternDoesNotMatch"
# V8 backtracks through about 2^24 paths here before it answers "no match" (a few tenths of a second)
HEAVY = ({REGEX: {"regularExpression": "/(a+)+$/"}}, "a" * 24 + "!")


@pytest.fixture
def v8():
    if not jsengine.available():
        pytest.skip(f"V8 (mini-racer) is not available: {jsengine.unavailable_reason()}")


def test_a_pattern_the_browser_finishes_gets_the_browsers_verdict(v8):
    config, value = HEAVY
    findings = validate_value(value, config)
    assert [(f.message_id, f.severity) for f in findings] == [(NO_MATCH, "error")]
    assert jsengine.evaluate("/(a+)+$/.test(%r)" % value, timeout=30) is False  # the browser's answer


def test_a_short_budget_reports_the_value_as_too_slow_not_as_invalid(v8):
    config, value = HEAVY
    findings = validate_value(value, config, budget=INTERACTIVE_BUDGET)
    assert [(f.message_id, f.severity) for f in findings] == [(TIMEOUT_ID, "warning")]
    assert f"{INTERACTIVE_BUDGET:g} s" in findings[0].message


def test_a_pattern_that_never_finishes_is_a_warning_within_the_budget(v8):
    findings = validate_value("a" * 60 + "!", {REGEX: {"regularExpression": "/(a+)+$/"}}, budget=0.3)
    assert [(f.message_id, f.severity) for f in findings] == [(TIMEOUT_ID, "warning")]
    assert "freeze" in findings[0].message


def test_the_budget_is_per_thread():
    seen = []
    with budget(0.1):
        assert current_budget() == 0.1
        worker = threading.Thread(target=lambda: seen.append(current_budget()))
        worker.start()
        worker.join()
    assert seen == [BROWSER_BUDGET] and current_budget() == BROWSER_BUDGET


def test_a_private_context_leaves_the_shared_one_free(v8):
    """A worker's long evaluation runs in its own V8 context: the shared context's lock stays free."""
    started = threading.Event()
    outcome = []

    def work():
        with jsengine.private_context():
            jsengine.install("test-private", "var __testPrivate = 7;")
            started.set()
            try:
                jsengine.evaluate("while (true) {}", timeout=0.5)
            except jsengine.EngineTimeout:
                outcome.append("stopped")
            outcome.append(jsengine.evaluate("__testPrivate"))
        jsengine.close_private()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait(10)
    free = []
    while worker.is_alive():
        got = jsengine._lock.acquire(blocking=False)
        free.append(got)
        if got:
            jsengine._lock.release()
        worker.join(0.02)
    assert free and all(free)
    assert outcome == ["stopped", 7]
    assert jsengine.evaluate("typeof __testPrivate") == "undefined"  # the shared context never saw it
