"""Evaluation semantics (facts §6) and the engine API."""

import datetime
import math

import pytest

from nodetype_studio.clienteval import ClientEvalEngine, js_truthy, replace_paths
from nodetype_studio.clienteval.engine import (
    EXCEPTION,
    OK,
    SYNTAX,
    UNAVAILABLE,
    UNSUPPORTED,
)

NODE = {"nodeType": "Acme:Box", "contextPath": "/sites/s/main/node-a@user-admin", "properties": {"mode": "custom", "n": 3}}
PARENT = {"name": "main", "properties": {"layout": "wide"}}


def values(outcomes):
    return [o.value if o.ok else (o.kind, o.message) for o in outcomes]


def test_expressions_see_node_and_parent(engine):
    out = engine.evaluate_batch(
        ["node.properties.mode", "node.properties.n * 2", "parentNode.properties.layout", "node.nodeType",
         "parentNode === null", "typeof node"],
        NODE, PARENT)
    assert values(out) == ["custom", 6, "wide", "Acme:Box", False, "object"]
    assert engine.evaluate_batch(["parentNode === null"], NODE, None)[0].value is True


def test_values_keep_their_javascript_types(engine):
    out = engine.evaluate_batch(
        ["[1, 'a', null, {b: true}]", "undefined", "NaN", "1/0", "10n ** 20n", "''", "0.5", "new Date(0)"], NODE)
    got = [o.value for o in out]
    assert got[0] == [1, "a", None, {"b": True}]
    assert got[1] is None and math.isnan(got[2]) and got[3] == math.inf
    assert got[4] == 10**20 and got[5] == "" and got[6] == 0.5
    assert got[7] == "1970-01-01T00:00:00.000Z"
    assert all(o.kind == OK for o in out)


def test_the_expression_is_the_body_of_a_return_statement(engine):
    # `return` + newline returns undefined in the browser too (automatic semicolon insertion)
    assert engine.evaluate_batch(["\nnode.properties.mode"], NODE)[0].value is None
    # a leading space after the prefix is allowed
    assert engine.evaluate_value("ClientEval: node.properties.n + 1", NODE) == (4, None)
    # trailing statements after a `;` are unreachable but legal
    assert engine.evaluate_batch(["1; throw new Error('never')"], NODE)[0].value == 1


def test_exceptions_and_syntax_errors_keep_the_original_string(engine):
    value, problem = engine.evaluate_value("ClientEval:node.properties.missing.deeper", NODE)
    assert value == "ClientEval:node.properties.missing.deeper"
    assert problem.kind == EXCEPTION
    assert "TypeError" in problem.message and "undefined" in problem.message
    assert "original string is kept" in problem.text

    value, problem = engine.evaluate_value("ClientEval:node.properties.mode ==", NODE)
    assert value == "ClientEval:node.properties.mode ==" and problem.kind == SYNTAX
    assert problem.message == "syntax error in the expression: SyntaxError: Unexpected end of the expression"

    value, problem = engine.evaluate_value("ClientEval:AssetUri(node.properties.image)", NODE)
    assert problem.message == "the expression failed: ReferenceError: AssetUri is not defined"

    _value, problem = engine.evaluate_value("ClientEval:(() => { throw 'plain' })()", NODE)
    assert problem.message == "the expression failed: threw plain"


def test_results_that_are_not_values_are_reported(engine):
    out = engine.evaluate_batch(["() => 1", "Symbol('x')", "(() => { const a = {}; a.self = a; return a })()"], NODE)
    assert [o.kind for o in out] == [UNSUPPORTED] * 3
    assert "function" in out[0].message and "symbol" in out[1].message and "cannot be converted" in out[2].message


def test_non_clienteval_values_pass_through(engine):
    assert engine.evaluate_value("plain", NODE) == ("plain", None)
    assert engine.evaluate_value(" ClientEval:1", NODE) == (" ClientEval:1", None)  # must start with the prefix
    assert engine.evaluate_value(5, NODE) == (5, None)
    assert engine.evaluate_batch([], NODE) == []


def test_python_values_reach_javascript_as_json(engine):
    node = {"properties": {"when": datetime.date(2024, 5, 1), "tags": ("a", "b"), "n": None}}
    out = engine.evaluate_batch(["node.properties.when", "node.properties.tags.length", "node.properties.n"], node)
    assert values(out) == ["2024-05-01", 2, None]


def test_one_expression_cannot_change_what_the_next_one_sees(engine):
    out = engine.evaluate_batch([
        "(node.properties.mode = 'hacked', node.properties.mode)",
        "(delete node.properties.n, node.properties.n)",
        "(Object.prototype.polluted = 1, ({}).polluted)",
        "(JSON.stringify = () => 'x', Array.prototype.map = null, 1)",
        "(globalThis.shared = 42, typeof shared)",
        "node.properties.mode",
        "({}).polluted",
        "[1, 2].map(x => x * 2)",
        "JSON.stringify({a: 1})",
        "typeof shared",
    ], NODE)
    got = values(out)
    assert got[:2] == ["custom", 3]  # the node is frozen, as the browser's immer-frozen node
    assert got[2] is None
    assert got[4] == "undefined"
    assert got[5:] == ["custom", None, [2, 4], '{"a":1}', "undefined"]
    # and across batches
    assert values(engine.evaluate_batch(["({}).polluted", "[3].map(x => x + 1)"], NODE)) == [None, [4]]


def test_expressions_cannot_reach_the_runner(engine):
    out = engine.evaluate_batch(["__nts.run('guess', '{}', 0, 1)", "Object.keys(globalThis).includes('__nts')"], NODE)
    assert out[0].kind == EXCEPTION and "not allowed" in out[0].message
    assert out[1].value is False
    # the batch still completes normally afterwards
    assert engine.evaluate_batch(["node.properties.n"], NODE)[0].value == 3


def test_no_file_network_or_process_access(engine):
    probes = {
        "require('fs').readFileSync('/etc/passwd', 'utf8')": "require is not defined",
        "process.env.HOME": "process is not defined",
        "fetch('http://example.com')": "fetch is not defined",
        "new XMLHttpRequest()": "XMLHttpRequest is not defined",
        "Deno.readTextFileSync('/etc/passwd')": "Deno is not defined",
        "os.system('id')": "os is not defined",
        "load('/etc/passwd')": "load is not defined",
        "read('/etc/passwd')": "read is not defined",
        "new WebSocket('ws://example.com')": "WebSocket is not defined",
    }
    out = engine.evaluate_batch(list(probes), NODE)
    for (expression, expected), outcome in zip(probes.items(), out):
        assert outcome.kind == EXCEPTION, expression
        assert expected in outcome.message, expression
    # dynamic import yields a promise that can never resolve to a module: no module loader exists
    imported = engine.evaluate_batch(["import('fs')"], NODE)[0]
    assert imported.kind == OK and imported.value == {}
    assert engine.evaluate_batch(["typeof import.meta"], NODE)[0].kind == SYNTAX  # not a module


def test_dynamic_import_is_rejected_inside_v8():
    from nodetype_studio.clienteval.sandbox import JsSandbox

    with JsSandbox() as sandbox:
        promise = sandbox.eval_raw("import('fs').then(() => 'loaded', e => 'rejected: ' + e)")
        assert promise.get(timeout=5).startswith("rejected")


def test_check_syntax_compiles_without_running(engine):
    assert engine.check_syntax(["(() => { for (;;); })()", "node.properties.a +", "a b"]) == [
        None, "SyntaxError: Unexpected end of the expression", "SyntaxError: Unexpected identifier 'b'"]


def test_js_truthy_follows_javascript():
    assert [js_truthy(v) for v in (None, False, 0, 0.0, "", float("nan"))] == [False] * 6
    assert [js_truthy(v) for v in ({}, [], "false", "0", 1, -1.5, True)] == [True] * 7


def test_replace_paths_copies_only_the_changed_branches():
    tree = {"a": {"b": [1, {"c": "x"}], "d": {"e": 1}}, "f": 2}
    out = replace_paths(tree, {("a", "b", 1, "c"): "y"})
    assert out == {"a": {"b": [1, {"c": "y"}], "d": {"e": 1}}, "f": 2}
    assert tree["a"]["b"][1]["c"] == "x"  # input unchanged
    assert out["a"]["d"] is tree["a"]["d"]  # untouched branch shared
    assert replace_paths(tree, {}) is tree


def test_a_closed_engine_reports_instead_of_raising():
    eng = ClientEvalEngine(isolated=False)
    eng.close()
    outcome = eng.evaluate_batch(["1"], NODE)[0]
    assert outcome.kind == UNAVAILABLE and "not available" in outcome.message
    value, problem = eng.evaluate_value("ClientEval:1", NODE)
    assert value == "ClientEval:1" and problem.kind == UNAVAILABLE


@pytest.mark.parametrize("isolated", [False, True])
def test_in_process_and_isolated_engines_agree(isolated):
    with ClientEvalEngine(isolated=isolated) as eng:
        out = eng.evaluate_batch(["node.properties.n + 1", "x", "(", "[node.properties.mode]"], NODE)
    assert [o.kind for o in out] == [OK, EXCEPTION, SYNTAX, OK]
    assert out[0].value == 4 and out[3].value == ["custom"]


def test_values_that_cannot_become_json_are_reported(engine):
    node = {"properties": {}}
    node["properties"]["self"] = node
    out = engine.evaluate_batch(["1", "2"], node)
    assert [o.kind for o in out] == [UNSUPPORTED, UNSUPPORTED]
    assert "cannot be passed to JavaScript" in out[0].message
