"""The JavaScript sandbox: results that cannot be carried back, state that must not travel between nodes."""

from __future__ import annotations

import pytest
from hostile_helpers import PAGE, run_cli, write

from nodetype_studio.clienteval.engine import ClientEvalEngine
from nodetype_studio.clienteval.expressions import MAX_EXPRESSION_CHARS


@pytest.fixture(scope="module")
def engine():
    with ClientEvalEngine() as engine:  # the worker process, as the studio runs it
        yield engine


def test_a_deeply_nested_result_is_a_problem_not_a_crash(engine):
    outcomes = engine.evaluate_batch(
        ["(() => { let a = []; for (let i = 0; i < 3000; i++) a = [a]; return a; })()", "[[1]]"], {"properties": {}})
    assert outcomes[0].kind == "unsupported" and "nested deeper than 100 levels" in outcomes[0].message
    assert outcomes[1].ok and outcomes[1].value == [[1]]


def test_a_huge_bigint_is_a_problem_not_a_crash(engine):
    outcomes = engine.evaluate_batch(["10n ** 5000n", "2n ** 64n"], {"properties": {}})
    assert outcomes[0].kind == "unsupported" and "BigInt of 5,001 digits" in outcomes[0].message
    assert outcomes[1].value == 2 ** 64


def test_render_survives_such_results(tmp_path, capsys):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE.replace(
        "        label: Title\n",
        "        label: 'ClientEval:10n ** 5000n'\n        hidden: 'ClientEval:(() => { let a = []; "
        "for (let i = 0; i < 3000; i++) a = [a]; return a; })()'\n")})
    code, _, err = run_cli(capsys, "render", package, "Acme.Site:Page", "--out", tmp_path / "x.png")
    assert code == 0, err
    assert (tmp_path / "x.png").stat().st_size > 0


@pytest.mark.parametrize("prototype", [
    "Object.getPrototypeOf([].values().map((x) => x))",
    "Object.getPrototypeOf(Iterator.from({next() { return {done: true}; }}))",
    "Object.getPrototypeOf(new Intl.Segmenter().segment('a'))",
    "Object.getPrototypeOf(new Intl.Segmenter().segment('a')[Symbol.iterator]())",
], ids=["iterator-helper", "iterator-from-wrapper", "segments", "segment-iterator"])
def test_prototypes_only_instances_reach_are_frozen(engine, prototype):
    first = engine.evaluate_batch([f"({prototype}.leak = 'from node A', Object.isFrozen({prototype}))"],
                                  {"properties": {"title": "A"}})
    second = engine.evaluate_batch([f"{prototype}.leak"], {"properties": {"title": "B"}})
    assert first[0].value is True
    assert second[0].ok and second[0].value is None


def test_regexp_statics_do_not_carry_text_to_the_next_evaluation(engine):
    engine.evaluate_batch(["/(s\\w+)/.test(node.properties.title) && 1"], {"properties": {"title": "my secret"}})
    outcome = engine.evaluate_batch(["[RegExp.$1, RegExp.lastMatch, RegExp.input, RegExp.leftContext]"],
                                    {"properties": {"title": "B"}})[0]
    assert outcome.value == ["", "", "", ""]
    within = engine.evaluate_batch(["/(s\\w+)/.test('a secret') && RegExp.$1"], {"properties": {}})[0]
    assert within.value == "secret"  # within one expression the statics work as in the browser


def test_an_oversized_expression_is_not_run(engine):
    expression = "1+" * (MAX_EXPRESSION_CHARS // 2) + "1"
    outcomes = engine.evaluate_batch([expression, "2"], {"properties": {}})
    assert outcomes[0].kind == "unsupported" and "characters are not evaluated" in outcomes[0].message
    assert outcomes[1].value == 2


def test_check_reports_an_oversized_expression_with_a_finding(tmp_path, capsys):
    expression = "1+" * 3_000_000 + "1"  # 6 MB
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE.replace(
        "        label: Title\n", f"        label: 'ClientEval:{expression}'\n")})
    code, out, _ = run_cli(capsys, "check", package, "--select", "clienteval")
    assert code == 1
    assert "clienteval-too-long" in out and "6,000,001 characters long" in out
    assert len(out) < 2000  # the expression itself is not printed


@pytest.mark.parametrize("spinner", [
    "(Promise.resolve().then(function f() { return Promise.resolve().then(f); }), 1)",
    "((async () => { await 0; while (true) {} })(), 1)",
], ids=["endless-microtasks", "async-loop"])
def test_endless_promise_jobs_are_blamed_on_the_expression_that_queued_them(engine, spinner):
    outcomes = engine.evaluate_batch(["'before'", spinner, "'after'"], {"properties": {}})
    assert outcomes[0].value == "before" and outcomes[2].value == "after"
    assert outcomes[1].kind == "timeout" and "left work behind" in outcomes[1].message
    assert engine.evaluate_batch(["'innocent'"], {"properties": {}})[0].value == "innocent"


def test_an_update_has_one_time_budget_and_reports_the_rest(engine):
    looping = ["(() => { while (true) {} })()"] * 40
    outcomes = engine.evaluate_batch(looping + ["'last'"], {"properties": {}}, budget_ms=300)
    kinds = [o.kind for o in outcomes]
    assert kinds.count("timeout") < 10  # each stopped after 100 ms: the budget holds a few of them
    assert kinds[-1] == "skipped" and kinds.count("skipped") > 30
    assert "time budget of 300 ms was spent" in outcomes[-1].message


def test_the_live_preview_update_uses_the_budget(engine):
    from nodetype_studio.clienteval.live import UPDATE_BUDGET_MS, LiveEvaluation

    config = {"properties": {f"p{i}": {"ui": {"label": "ClientEval:(() => { while (true) {} })()"}}
                             for i in range(40)}}
    live = LiveEvaluation(engine, config, {"properties": {}})
    skipped = [p for p in live.problems if p.kind == "skipped"]
    assert skipped and f"time budget of {UPDATE_BUDGET_MS} ms" in skipped[0].message
