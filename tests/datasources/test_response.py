"""Reading data-source answers: the list and map forms, dropped entries, wrong shapes, JSON errors."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nodetype_studio.datasources.options import (
    cms_order,
    group_order_note,
    grouped,
    parse_options,
)
from nodetype_studio.datasources.result import (
    Source,
    excerpt,
    from_body,
    from_data,
    http_failure,
)
from nodetype_studio.js.values import js_keys
from nodetype_studio.js.values import number_to_string as js_number
from nodetype_studio.js.values import to_string as js_string

SOURCE = Source("uri", "http://127.0.0.1/options", url="http://127.0.0.1/options?node=n")


def rows(result):
    return [(o.value, o.label, o.group, o.icon) for o in result.options()]


def test_list_form_value_label_group_icon():
    result = from_data([{"value": "a", "label": "A", "group": "G", "icon": "fas fa-star"}, {"label": "No value"}], SOURCE)
    assert result.ok and result.notes == ()
    assert rows(result) == [("a", "A", "G", "fas fa-star"), ("1", "No value", None, None)]


def test_map_form_key_is_the_value_unless_the_entry_has_one():
    result = from_data({"x": {"label": "X"}, "y": {"label": "Y", "value": "why"}, "3": {"label": "Three"}}, SOURCE)
    assert rows(result) == [("3", "Three", None, None), ("x", "X", None, None), ("why", "Y", None, None)]


def test_values_are_stored_as_javascript_strings():
    result = from_data([{"value": 1, "label": "one"}, {"value": True, "label": "yes"}, {"value": 2.0, "label": 2}], SOURCE)
    assert [(o.value, o.label) for o in result.options()] == [("1", "one"), ("true", "yes"), ("2", "2")]


def test_entries_without_label_are_dropped_with_a_note():
    result = from_data([{"value": "a", "label": "A"}, {"value": "b"}, {"value": "c", "label": ""}, "text", None], SOURCE)
    assert [o.value for o in result.options()] == ["a"]
    [note] = result.notes
    assert note.startswith("4 entries without a label left out: item 1 has no label; item 2 has an empty label; "
                           "item 3 is a string, not an object; item 4 is null, not an object")


def test_a_data_view_answer_gets_a_hint():
    result = from_data({"data": [{"value": "a", "label": "A"}]}, SOURCE)
    assert result.ok and result.options() == []
    assert any("data view" in note for note in result.notes)


@pytest.mark.parametrize("data, kind", [("text", "a string"), (5, "a number"), (None, "null"), (True, "a boolean")])
def test_wrong_shape_is_an_error(data, kind):
    result = from_data(data, SOURCE)
    assert not result.ok and result.error == "Unexpected answer"
    assert result.detail.endswith(f"got {kind}")
    assert result.options() == []


def test_error_answer_is_reported():
    result = from_data({"error": {"message": "Unknown data source"}}, SOURCE)
    assert result.message() == "The data source reported an error: Unknown data source"


def test_invalid_json_body():
    result = from_body(b"<html><body><h1>Oops</h1> not json</body></html>", SOURCE)
    assert result.error == "The answer is not JSON"
    assert "line 1, column 1" in result.detail and "Oops not json" in result.detail
    assert from_body(b"", SOURCE).detail == "the body is empty"
    assert "not UTF-8" in from_body(b"\xff\xfe[]", SOURCE).detail
    assert "NaN" in from_body(b'[{"value": NaN, "label": "x"}]', SOURCE).detail
    assert from_body(b'\xef\xbb\xbf[{"value": "a", "label": "A"}]', SOURCE).ok  # a BOM is tolerated


def test_http_failure_keeps_status_text_and_a_body_excerpt():
    result = http_failure(500, "Internal Server Error", b"<h1>Exception</h1><p>#1414088186: no data source</p>", SOURCE)
    assert result.message() == "HTTP 500 Internal Server Error: Exception #1414088186: no data source"
    assert len(excerpt("x" * 1000)) == 300


def test_groups_are_sorted_by_group_first_and_the_cms_order_noted():
    data = [{"value": v, "label": v.upper(), "group": g} for v, g in [("a", "Warm"), ("b", "Cold"), ("c", "Warm")]]
    result = from_data(data + [{"value": "z", "label": "Z"}], SOURCE)
    options = result.options()
    assert [(g, [o.value for o in opts]) for g, opts in grouped(options)] == [
        ("Cold", ["b"]), ("Warm", ["a", "c"]), ("Without group", ["z"])]
    assert [(g, [o.value for o in opts]) for g, opts in cms_order(options)] == [
        ("Warm", ["a", "c"]), ("Cold", ["b"]), ("Without group", ["z"])]
    assert any(n.startswith("compat:") and "Warm, Cold, Without group" in n for n in result.notes)


def test_sorted_answers_get_no_compat_note():
    data = [{"value": "b", "label": "B", "group": "Cold"}, {"value": "a", "label": "A", "group": "Warm"}]
    assert group_order_note(parse_options(data)) == ""
    assert group_order_note(parse_options([{"value": "a", "label": "A"}])) == ""


def test_integer_like_group_names_come_first_in_the_cms():
    options = parse_options([{"label": "x", "group": "b"}, {"label": "y", "group": "10"}, {"label": "z", "group": "2"}])
    assert [g for g, _ in cms_order(options)] == ["2", "10", "b"]


def test_javascript_number_and_key_rules():
    assert [js_number(x) for x in (0.1, 100.0, 1e21, 1.5e-7, 123456789.125, -0.0, float("inf"), float("nan"))] == [
        "0.1", "100", "1e+21", "1.5e-7", "123456789.125", "0", "Infinity", "NaN"]
    assert js_number(1e-6) == "0.000001" and js_number(2**60 * 1.0) == "1152921504606847000"
    assert js_string(2**60) == "1152921504606847000" and js_string(None) == "null" and js_string([1, None, "a"]) == "1,,a"
    assert js_keys({"b": 0, "2": 0, "1": 0, "01": 0, "a": 0}) == ["1", "2", "b", "01", "a"]


def test_results_round_trip_through_json():
    data = json.loads(json.dumps([{"value": "é", "label": "É"}]))
    assert rows(from_data(data, SOURCE)) == [("é", "É", None, None)]


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(_json)
def test_any_json_answer_is_a_result_never_an_exception(data):
    result = from_body(json.dumps(data).encode(), SOURCE)
    error_answer = isinstance(data, dict) and set(data) == {"error"}
    assert result.ok == (isinstance(data, (dict, list)) and not error_answer)
    for option in result.options():
        assert isinstance(option.value, str) and option.label


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=64))
def test_any_bytes_are_a_result_never_an_exception(body):
    result = from_body(body, SOURCE)
    assert result.ok or result.error
