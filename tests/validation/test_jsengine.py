"""The app's one V8 context (`nodetype_studio.js.engine`) and the regex questions put to it."""

import pytest

from nodetype_studio.js import engine as jsengine
from nodetype_studio.js.regex import JsRegex, compile_error


@pytest.fixture
def engine():
    if not jsengine.available():
        pytest.skip(f"V8 (mini-racer) is not available: {jsengine.unavailable_reason()}")
    return jsengine


def test_one_context_for_everyone(engine):
    compile_error("(a", "")  # the regex helpers are installed in the shared context ...
    assert engine.call("__jsregexSyntax", "(a", "").endswith("Unterminated group")
    engine.install("test-helpers", "var __testTwice = function (x) { return 2 * x; };")
    assert engine.call("__testTwice", 21) == 42  # ... next to any other feature's functions
    engine.install("test-helpers", "throw new Error('not run again');")  # the same name runs once
    assert engine.evaluate("typeof __jsregexMatch") == "function"


def test_runaway_scripts_are_stopped(engine):
    with pytest.raises(jsengine.EngineTimeout):
        engine.evaluate("while (true) {}", timeout=0.2)
    assert engine.evaluate("1 + 1") == 2  # the context survives


def test_script_errors_are_engine_errors(engine):
    with pytest.raises(jsengine.EngineError, match="boom"):
        engine.evaluate("(function () { throw new Error('boom'); })()")
    with pytest.raises(jsengine.EngineError):
        engine.call("__noSuchFunction", 1)


def test_reset_starts_a_fresh_context(engine):
    engine.install("test-reset", "var __testReset = 1;")
    engine.reset()
    assert engine.evaluate("typeof __testReset") == "undefined"
    assert compile_error("a{2,1}", "").endswith("numbers out of order in {} quantifier")  # re-installed on use


def test_without_v8_calls_say_so_and_regexes_still_compile(monkeypatch):
    monkeypatch.setattr(jsengine, "_state", {"ctx": None, "problem": "no native library"})
    assert not jsengine.available() and jsengine.unavailable_reason() == "no native library"
    with pytest.raises(jsengine.EngineUnavailable, match="no native library"):
        jsengine.call("__jsregexSyntax", "a", "")
    JsRegex.compile.cache_clear()
    try:
        assert compile_error("(abc", "") == "Invalid regular expression: /(abc/: Unterminated group"
        assert compile_error("^[a-z]+$", "i") is None
        assert compile_error("a", "gg") == "Invalid flags supplied to RegExp constructor 'gg'"
        assert JsRegex.compile("^[a-z]+$", "i").finds_match("Abc")
    finally:
        JsRegex.compile.cache_clear()


def test_the_context_is_closed_before_interpreter_shutdown(engine, tmp_path):
    """Left to shutdown, V8's context can hang the process: jsengine closes it in an exit handler."""
    import subprocess
    import sys

    script = (
        "import atexit\n"
        "def verify():\n"
        "    from nodetype_studio.js import engine as jsengine\n"
        "    print('closed' if jsengine._state == {} else 'still open')\n"
        "atexit.register(verify)  # registered first, so it runs after jsengine's handler\n"
        "from nodetype_studio.js import engine as jsengine\n"
        "assert jsengine.evaluate('1 + 1') == 2\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=str(__import__("pathlib").Path(__file__).parents[2]))
    assert done.stdout.strip() == "closed", done.stderr
