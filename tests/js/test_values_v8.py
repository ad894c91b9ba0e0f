"""Every rule of nodetype_studio/js/values.py, compared with V8 (the browsers' JavaScript engine).

Values are written into V8 as JavaScript literals; V8's answer comes back as JSON text, so the
comparison covers NaN, infinities, -0 and strings exactly.
"""

import json
import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nodetype_studio.js import engine
from nodetype_studio.js import values as js

pytestmark = pytest.mark.skipif(not engine.available(), reason=f"V8 is not available: {engine.unavailable_reason()}")


def literal(value) -> str:
    """``value`` as a JavaScript literal (``js.UNDEFINED`` is ``undefined``)."""
    if value is js.UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value}" if abs(value) < 2**53 else f"{float(value)!r}"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return "-0" if value == 0 and math.copysign(1, value) < 0 else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ",".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "({" + ",".join(f"{json.dumps(str(k))}:{literal(v)}" for k, v in value.items()) + "})"
    raise TypeError(value)


def v8(expression: str):
    return json.loads(engine.evaluate(f"JSON.stringify({expression})"))


def v8_number(expression: str) -> float:
    """A number from V8, NaN and infinities included."""
    text = engine.evaluate(f"String({expression})")
    return float(text) if text not in ("NaN",) else math.nan


SAMPLES = [
    None, js.UNDEFINED, True, False, 0, -0.0, 0.0, 1, -1, 2**53, 2**60, 0.1, 1e21, 1e-7, 1.5e-7, 123456789.125,
    math.nan, math.inf, -math.inf, "", " ", "0", "false", "ClientEval:1", " ClientEval:1", "clienteval:1",
    [], [None], [1, None, "a"], [[1, 2], 3], {}, {"a": 1}, {"2": "b", "10": "c", "x": "d", "1": "e"},
]


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_truthiness(value):
    assert js.truthy(value) is v8(f"Boolean({literal(value)})")


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_string_conversion(value):
    assert js.to_string(value) == v8(f"String({literal(value)})")


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_client_eval_detection(value):
    is_string_prefix = v8(f"(v => typeof v === 'string' && v.startsWith('ClientEval:'))({literal(value)})")
    assert js.is_client_eval(value) is is_string_prefix


def test_object_key_order():
    for mapping in ({"2": 0, "10": 0, "x": 0, "1": 0, "01": 0, "4294967295": 0, "4294967294": 0}, {"b": 1, "a": 2}):
        assert js.js_keys(mapping) == v8(f"Object.keys({literal(mapping)})")
        assert [[k, v] for k, v in js.js_entries(mapping)] == v8(f"Object.entries({literal(mapping)})")


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_number_to_string_for_any_double(x):
    assert js.number_to_string(x) == v8(f"String({literal(x)})")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list("0123456789+-.eExXab \t\u00a0\u2028") + ["Infinity", "0x", "0b"]), max_size=8))
@example(["0b", "0b", "0"])  # a second prefix: Python's int() took it, V8 says NaN
@example(["0x", "0b", "1"])  # hex digits that spell a prefix: 177
@example(["0", "o", "8"])  # a digit outside the base
@example(["0", "O", "1", "7"])
def test_number_parsing(parts):
    text = "".join(parts)
    for ours, theirs in ((js.parse_int, "parseInt({}, 10)"), (js.parse_float, "parseFloat({})"), (js.to_number, "Number({})")):
        got = ours(text)
        expected = v8_number(theirs.format(json.dumps(text)))
        assert (math.isnan(got) and math.isnan(expected)) or got == expected, (ours.__name__, text)


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_typeof(value):
    assert js.typeof(value) == v8(f"typeof {literal(value)}")


UNESCAPE_SAMPLES = ["", "plain", "100%25", "%41%42", "%u00e9t%E9", "%", "%2", "%zz", "%u12", "%u12G4", "%%41",
                    "50% off", "%uD83D%uDE00", "%uD83D", "%0A", "a%2", "%u%41", "caf\u00e9 %E9"]


@pytest.mark.parametrize("text", UNESCAPE_SAMPLES)
def test_unescape(text):
    assert js.unescape(text) == v8(f"unescape({literal(text)})")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="%u0123456789abcdefABCDEFgG xyz\u00e9", max_size=16))
def test_unescape_for_any_text(text):
    assert js.unescape(text) == v8(f"unescape({literal(text)})")
