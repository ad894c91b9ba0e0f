"""No validator raises or fails internally, whatever the value and options; coercions match V8."""

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.js import values as jsvalue
from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import FAILED_ID
from nodetype_studio.validation.registry import BUILTIN_CLASSES

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.sampled_from(["", "0", "-1", "1.5", "<b>x</b>", "2024-01-31T10:00:00+01:00", "now", "/x/i",
                                           "/(/", "a@b.c", "toString", "length", "P1D/now"]),
)
YAML_VALUES = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(["a", "length", "toString", "minimum", "0"]), children, max_size=4),
    ),
    max_leaves=10,
)
OPTION_NAMES = st.sampled_from([
    "minimum", "maximum", "ignoreHtml", "regularExpression", "validationErrorMessage", "earliestDate", "latestDate", "x",
])
OPTIONS = st.one_of(st.none(), st.lists(SCALARS, max_size=2), st.dictionaries(OPTION_NAMES, YAML_VALUES, max_size=4), SCALARS)


@pytest.mark.parametrize("cls", BUILTIN_CLASSES, ids=[c.short_name for c in BUILTIN_CLASSES])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(value=YAML_VALUES, options=OPTIONS)
def test_no_validator_raises(cls, value, options):
    findings = validate_value(value, {f"Neos.Neos/Validation/{cls.short_name}": options})
    for finding in findings:
        assert finding.message_id != FAILED_ID, finding.message
        assert isinstance(finding.message, str) and finding.severity in ("error", "warning")


VALUES = [0, -0.0, 1, -1, 1.5, 0.1, 1e21, 1.5e-7, 123456789012345680000, 2**53, 2**64, float("inf"), float("-inf"),
          float("nan"), True, False, None, "", " 42px", "\u00a012", "-0x1A", "1e3", "abc", "Infinity", "+.5e2",
          [], [1, 2], [None, "a", [3, 4]], {}, {"a": 1}, "\ufeff7", "0b101", " ", "12.5.6"]


@pytest.mark.parametrize("value", VALUES, ids=[repr(v) for v in VALUES])
def test_coercions_match_v8(js, value):
    literal = "NaN" if isinstance(value, float) and math.isnan(value) else (
        ("Infinity" if value > 0 else "-Infinity") if isinstance(value, float) and math.isinf(value) else json.dumps(value))
    if value == 0 and isinstance(value, float):
        literal = "-0"
    browser = json.loads(js(
        "(function (v) { return JSON.stringify([String(v), String(parseInt(v, 10)), String(parseFloat(v)), "
        "String(Number(v)), Number.isSafeInteger(parseInt(v, 10))]); })(%s)" % literal
    ))
    ours = [
        jsvalue.to_string(value), jsvalue.number_to_string(jsvalue.parse_int(value)),
        jsvalue.number_to_string(jsvalue.parse_float(value)), jsvalue.number_to_string(jsvalue.to_number(value)),
        jsvalue.is_safe_integer(jsvalue.parse_int(value)),
    ]
    assert ours == browser


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False) | st.integers(min_value=-(2**70), max_value=2**70))
def test_number_formatting_matches_v8(js, number):
    assert jsvalue.number_to_string(number) == js("String(%s)" % repr(float(number)))


@given(st.text())
def test_utf16_length(text):
    assert jsvalue.utf16_length(text) == len(text.encode("utf-16-le", "surrogatepass")) // 2
