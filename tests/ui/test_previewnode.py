from datetime import datetime, timedelta, timezone

import pytest

from nodetype_studio.preview.node import (
    PreviewNode,
    UnparsableDate,
    coerce_value,
    iso8601,
    resolve_date,
)

TZ = timezone(timedelta(hours=2))
NOW = datetime(2024, 1, 31, 14, 37, 12, tzinfo=TZ)  # a Wednesday


@pytest.mark.parametrize(
    "text, expected",
    [
        ("now", "2024-01-31T14:37:12+02:00"),
        ("today", "2024-01-31T00:00:00+02:00"),
        ("midnight", "2024-01-31T00:00:00+02:00"),
        ("today midnight", "2024-01-31T00:00:00+02:00"),
        ("noon", "2024-01-31T12:00:00+02:00"),
        ("tomorrow", "2024-02-01T00:00:00+02:00"),
        ("tomorrow 09:00", "2024-02-01T09:00:00+02:00"),
        ("yesterday 23:59:59", "2024-01-30T23:59:59+02:00"),
        ("+1 week", "2024-02-07T14:37:12+02:00"),
        ("-2 days", "2024-01-29T14:37:12+02:00"),
        ("3 hours ago", "2024-01-31T11:37:12+02:00"),
        ("+1 month", "2024-03-02T14:37:12+02:00"),  # PHP rolls Feb 31 over into March
        ("first day of next month", "2024-02-01T14:37:12+02:00"),
        ("last day of next month", "2024-02-29T14:37:12+02:00"),
        ("next monday", "2024-02-05T00:00:00+02:00"),
        ("last friday", "2024-01-26T00:00:00+02:00"),
        ("wednesday", "2024-01-31T00:00:00+02:00"),
        ("next wednesday", "2024-02-07T00:00:00+02:00"),
        ("+2 weekdays", "2024-02-02T14:37:12+02:00"),
        ("9pm", "2024-01-31T21:00:00+02:00"),
        ("2024-05-06", "2024-05-06T00:00:00+02:00"),
        ("2024-05-06 10:30", "2024-05-06T10:30:00+02:00"),
        ("31.12.2024", "2024-12-31T00:00:00+02:00"),
        ("2024-05-06T10:30:00+00:00", "2024-05-06T10:30:00+00:00"),
        ("January 5 2025", "2025-01-05T00:00:00+02:00"),
        ("@0", "1970-01-01T00:00:00+00:00"),  # PHP gives a timestamp the UTC zone
        ("2024-02-30", "2024-03-01T00:00:00+02:00"),  # PHP rolls the day over (with a warning only)
        ("tomorrow 09:00", "2024-02-01T09:00:00+02:00"),
        ("09:00 tomorrow", "2024-02-01T00:00:00+02:00"),  # PHP: "tomorrow" resets the time where it stands
    ],
)
def test_relative_dates_resolve_like_php(text, expected):
    assert iso8601(resolve_date(text, NOW)) == expected


@pytest.mark.parametrize("text", ["", "   ", "someday", "2024-13-01", "25:00", "13pm"])
def test_unreadable_dates_raise_a_clear_error(text):
    with pytest.raises(UnparsableDate):
        resolve_date(text, NOW)


def test_values_are_typed_as_the_property_type_stores_them():
    node = PreviewNode(
        {
            "count": {"type": "integer", "defaultValue": "5"},
            "on": {"type": "boolean", "defaultValue": "on"},
            "off": {"type": "boolean", "defaultValue": "no"},
            "list": {"type": "array", "defaultValue": {}},
            "strings": {"type": "array<string>", "defaultValue": "x"},
            "refs": {"type": "references", "defaultValue": ["a"]},
            "norefs": {"type": "references"},
            "ref": {"type": "reference"},
            "title": {"type": "string", "defaultValue": 12},
            "nothing": {"type": "string"},
            "when": {"type": "DateTime", "defaultValue": "tomorrow 09:00"},
            "untyped": {"defaultValue": "x"},
        },
        now=NOW,
    )
    assert node.values == {
        "count": 5,
        "on": True,
        "off": False,
        "list": [],
        "strings": ["x"],
        "refs": ["a"],
        "norefs": [],
        "ref": None,
        "title": "12",
        "nothing": None,
        "when": "2024-02-01T09:00:00+02:00",
        "untyped": "x",
    }
    assert node.problems == {}


def test_a_bad_date_default_is_a_problem_not_an_exception():
    node = PreviewNode({"when": {"type": "DateTime", "defaultValue": "whenever"}, "x": None}, now=NOW)
    assert node.get("when") == "whenever"
    assert "whenever" in node.problems["when"]


def test_set_types_values_and_reset_restores_defaults():
    node = PreviewNode({"count": {"type": "integer", "defaultValue": 1}}, now=NOW)
    assert node.set("count", "7") == 7
    assert node.set("count", "seven") == "seven"  # kept as typed: the validators report it
    assert not node.is_default("count")
    node.reset()
    assert node.get("count") == 1 and node.is_default("count")


def test_coerce_keeps_none_and_unknown_types():
    assert coerce_value("integer", None) is None
    assert coerce_value("Neos\\Media\\Domain\\Model\\ImageInterface", {"__identity": "x"}) == {"__identity": "x"}
    assert coerce_value("integer", True) is True
    assert coerce_value("float", "1.5") == 1.5


@pytest.mark.parametrize(
    "text",
    ["2024-01-01T10:00:00+00:00", "2024-01-01T10:00:00.123456-05:30", "2024-01-01T10:00:00Z",
     " 2024-06-30T23:59:59+14:00 ", "2024-01-01T10:00+01:00"],
)
def test_absolute_date_defaults_with_an_offset_store_what_the_full_parser_gives(text):
    # These take a shortcut past the relative-date parser; the stored value must not change.
    assert coerce_value("DateTime", text, NOW) == iso8601(resolve_date(text, NOW))
    assert PreviewNode({"d": {"type": "DateTime", "defaultValue": text}}).defaults["d"] == iso8601(resolve_date(text, NOW))


def test_an_impossible_absolute_date_default_is_still_a_problem():
    node = PreviewNode({"d": {"type": "DateTime", "defaultValue": "2024-13-01T10:00:00+00:00"}})
    assert "is not a date" in node.problems["d"] and "2024-13-01" in node.problems["d"]


def test_relative_date_defaults_of_one_node_share_one_moment():
    node = PreviewNode({"a": {"type": "DateTime", "defaultValue": "now"},
                        "b": {"type": "DateTime", "defaultValue": "now"},
                        "n": {"type": "integer", "defaultValue": 3}})
    assert node.defaults["a"] == node.defaults["b"] and node.defaults["n"] == 3


def test_loaded_nulls_fall_back_to_the_default_but_references_stay_empty():
    node = PreviewNode(
        {
            "title": {"type": "string", "defaultValue": "Hi"},
            "when": {"type": "DateTime", "defaultValue": "tomorrow 09:00"},
            "plain": {"type": "string"},
            "ref": {"type": "reference", "defaultValue": "abc"},
        },
        now=NOW,
    )
    node.update({"title": None, "when": None, "plain": None, "ref": None})
    assert node.values == {"title": "Hi", "when": "2024-02-01T09:00:00+02:00", "plain": None, "ref": None}


def test_the_datetime_editor_option_default_serves_a_property_without_its_own():
    # the spec's DateTimeEditor option `defaultValue` (the CMS's editor does not read it; check notes that)
    def prop(**extra):
        options = {"format": "d-m-Y H:i", "defaultValue": "tomorrow 09:00"}
        return {"type": "DateTime", "ui": {"inspector": {"editorOptions": options, **extra}}}

    node = PreviewNode(
        {
            "plain": prop(),
            "explicit": prop(editor="Neos.Neos/Inspector/Editors/DateTimeEditor"),
            "own": {**prop(), "defaultValue": "2024-05-06"},
            "custom": prop(editor="Acme.Site/Inspector/Editors/Calendar"),
        },
        now=NOW,
    )
    assert node.values == {"plain": "2024-02-01T09:00:00+02:00", "explicit": "2024-02-01T09:00:00+02:00",
                           "own": "2024-05-06T00:00:00+02:00", "custom": None}
