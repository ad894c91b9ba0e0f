"""What an expression reads, and where ClientEval strings are evaluated."""

import pytest

from nodetype_studio.clienteval import classify_all, find_expressions, property_reads
from nodetype_studio.clienteval.jsdeps import TokenizeError, tokenize


@pytest.mark.parametrize("expression, names", [
    ("node.properties.targetMode !== 'selectedTarget'", {"targetMode"}),
    ("node?.properties?.a || node.properties['b c'] || node.properties?.[\"d\"]", {"a", "b c", "d"}),
    ("{at: '0043', ch: '0041'}[node.properties.country] || ''", {"country"}),
    ("!!(node.parent.match(/\\/node-[a-z]*@/) || node.properties.columns > 1)", {"columns"}),
    ("`${node.properties.a} and ${ {x: node.properties.b}.x }`", {"a", "b"}),
    ("'node.properties.inString' + node.properties.real", {"real"}),
    ("node.properties.x ? .5 : 1 / node.properties.y / 2", {"x", "y"}),
    ("/* node.properties.commented */ node.properties.z // node.properties.trailing", {"z"}),
    ("options.node.properties", set()),
])
def test_static_property_reads(expression, names):
    reads = property_reads(expression)
    assert set(reads.properties) == names
    assert reads.all_properties is False
    assert {r.name for r in reads.refs} == names


@pytest.mark.parametrize("expression", [
    "Object.keys(node.properties).length",
    "node.properties[key]",
    "JSON.stringify(node)",
    "node['properties'][name]",
    "'unterminated",
    "arguments[0].properties.title",
    "eval('node.properties.title')",
])
def test_dynamic_use_reads_everything(expression):
    reads = property_reads(expression)
    assert reads.all_properties is True
    assert reads.depends_on({"anything"})


def test_arguments_and_eval_read_the_parent_too():
    # `new Function('node,parentNode', ...)`: arguments[1] is parentNode, and a direct eval sees it by name
    for expression in ("arguments[1].properties.layout", "eval('parentNode.properties.layout')"):
        assert property_reads(expression).parent_all is True
    assert property_reads("options.arguments.length + x.eval").all_properties is False  # members of other objects


def test_other_inputs_are_told_apart():
    reads = property_reads("node.label + node.parent + parentNode.properties.layout + (parentNode ? 1 : 2)")
    assert reads.properties == frozenset()
    assert reads.node_fields == {"label", "parent"}
    assert reads.parent_properties == {"layout"} and reads.parent_all is True
    assert not reads.depends_on({"layout"})


def test_reference_offsets_point_at_the_name():
    source = " node.properties.first && node.properties['second']"
    refs = property_reads(source).refs
    assert [(r.name, source[r.offset:r.offset + len(r.name)]) for r in refs] == [("first", "first"), ("second", "second")]


def test_tokenizer_handles_regex_division_and_templates():
    kinds = [t.kind for t in tokenize("a / b / c")]
    assert kinds == ["ident", "punct", "ident", "punct", "ident"]
    assert [t.kind for t in tokenize("x.match(/a\\/b[/]/g)")][-2] == "regex"
    assert [t.text for t in tokenize("`a${b}c`")] == ["`a${", "b", "}c`"]
    with pytest.raises(TokenizeError):
        tokenize("`open")


def test_find_expressions_and_classification():
    config = {
        "ui": {"inspector": {
            "tabs": {"t": {"label": "ClientEval:1", "position": "ClientEval:2"}},
            "groups": {"g": {"icon": "ClientEval:3", "tab": "ClientEval:4"}},
            "views": {"v": {"viewOptions": {"x": ["ClientEval:5"]}, "group": "ClientEval:6"}},
        }, "label": "ClientEval:7"},
        "properties": {"p": {
            "ui": {"label": "ClientEval:8", "inspector": {"hidden": "ClientEval:9", "editorOptions": {"a": [{"b": "ClientEval:10"}]}}},
            "validation": {"V": {"maximum": "ClientEval:11"}},
            "options": {"plugin": "ClientEval:12"},
        }},
        "references": {"r": {"ui": {"help": {"message": "ClientEval:13"}}}},
    }
    found = dict(find_expressions(config))
    assert found == {
        ("ui", "inspector", "tabs", "t", "label"): "1",
        ("ui", "inspector", "groups", "g", "icon"): "3",
        ("ui", "inspector", "views", "v", "viewOptions", "x", 0): "5",
        ("properties", "p", "ui", "label"): "8",
        ("properties", "p", "ui", "inspector", "hidden"): "9",
        ("properties", "p", "ui", "inspector", "editorOptions", "a", 0, "b"): "10",
        ("references", "r", "ui", "help", "message"): "13",
    }
    reasons = {path: reason for path, _value, reason in classify_all(config) if reason}
    assert reasons[("ui", "inspector", "tabs", "t", "position")][0] == "warning"
    assert "placed in tabs" in reasons[("ui", "inspector", "groups", "g", "tab")][1]
    assert reasons[("ui", "label")] == ("warning", "only the inspector and creation dialog configuration is evaluated in the browser")
    assert "validator receives the literal string" in reasons[("properties", "p", "validation", "V", "maximum")][1]
    assert reasons[("properties", "p", "options", "plugin")][0] == "info"
    assert len(reasons) == 6
