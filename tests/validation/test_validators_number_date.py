"""Table-driven tests of the number, count, date and e-mail validators (neos-facts §3.2)."""

import datetime as dt
import itertools

import pytest
from vhelpers import THROWS, outcome, run

from nodetype_studio.validation.builtins_date import _DATE_TIME, _js_date_valid

INT = "integerValidator.aValidIntegerNumberIsExpected"
FLOAT = "floatValidator.validFloatExpected"
RANGE = "numberRangeValidator.numberShouldBeInRange"
NAN = "numberRangeValidator.validNumberExpected"
COUNT = "countValidator.countBetween"
UNCOUNTABLE = "countValidator.notCountable"
DATE = "dateTimeRangeValidator.invalidDate"
EMAIL = "emailAddressValidator.invalidEmail"
MAXMIN = "The maximum is less than the minimum."
R = {"minimum": 1, "maximum": 10}

ROWS = [
    # --- IntegerValidator: parseInt safe integer AND only digits and '-'
    ("IntegerValidator", None, None, []),
    ("IntegerValidator", "", None, []),
    ("IntegerValidator", [], None, []),
    ("IntegerValidator", "123", None, []),
    ("IntegerValidator", "-5", None, []),
    ("IntegerValidator", "1-2", None, []),  # the CMS accepts it
    ("IntegerValidator", "5-", None, []),
    ("IntegerValidator", "9007199254740991", None, []),
    ("IntegerValidator", "9007199254740992", None, [INT]),
    ("IntegerValidator", " 1", None, [INT]),
    ("IntegerValidator", "1.5", None, [INT]),
    ("IntegerValidator", "1e3", None, [INT]),
    ("IntegerValidator", "abc", None, [INT]),
    ("IntegerValidator", "-", None, [INT]),
    ("IntegerValidator", "٣", None, [INT]),
    ("IntegerValidator", 42, None, []),
    ("IntegerValidator", -0.0, None, []),  # String(-0) is "0"
    ("IntegerValidator", 1.5, None, [INT]),
    ("IntegerValidator", 1e21, None, [INT]),  # "1e+21"
    ("IntegerValidator", True, None, [INT]),
    ("IntegerValidator", [5], None, []),  # "5"
    ("IntegerValidator", [1, 2], None, [INT]),
    ("IntegerValidator", {}, None, [INT]),
    # --- FloatValidator: a decimal point with a digit after it is required
    ("FloatValidator", None, None, []),
    ("FloatValidator", "", None, []),
    ("FloatValidator", [], None, []),
    ("FloatValidator", "1.2", None, []),
    ("FloatValidator", ".1", None, []),
    ("FloatValidator", "-0.5", None, []),
    ("FloatValidator", "+1.5e3", None, []),
    ("FloatValidator", "1.5E-3", None, []),
    ("FloatValidator", "1", None, [FLOAT]),
    ("FloatValidator", "1.", None, [FLOAT]),
    ("FloatValidator", "1a", None, [FLOAT]),
    ("FloatValidator", "1,5", None, [FLOAT]),
    ("FloatValidator", " 1.5", None, [FLOAT]),
    ("FloatValidator", 1, None, [FLOAT]),
    ("FloatValidator", 1.0, None, [FLOAT]),  # JavaScript writes 1
    ("FloatValidator", 1.5, None, []),
    ("FloatValidator", 1e21, None, [FLOAT]),
    ("FloatValidator", 1.5e21, None, []),  # "1.5e+21"
    ("FloatValidator", float("nan"), None, [FLOAT]),
    ("FloatValidator", True, None, [FLOAT]),
    ("FloatValidator", [1.5], None, []),
    ("FloatValidator", {}, None, [FLOAT]),
    # --- NumberRangeValidator
    ("NumberRangeValidator", None, R, []),
    ("NumberRangeValidator", "", R, []),
    ("NumberRangeValidator", 1, R, []),
    ("NumberRangeValidator", 10, R, []),
    ("NumberRangeValidator", 0, R, [RANGE]),
    ("NumberRangeValidator", 11, R, [RANGE]),
    ("NumberRangeValidator", "5", R, []),
    ("NumberRangeValidator", "12abc", {"maximum": 20}, []),
    ("NumberRangeValidator", "1.9", {"minimum": 1, "maximum": 1}, []),
    ("NumberRangeValidator", "abc", R, [NAN]),
    ("NumberRangeValidator", "9007199254740993", R, [NAN]),
    ("NumberRangeValidator", 1.5, {"minimum": 1, "maximum": 2}, []),
    ("NumberRangeValidator", 2.5, {"minimum": 1, "maximum": 2}, [RANGE]),
    ("NumberRangeValidator", True, R, []),  # NaN compares false
    ("NumberRangeValidator", {}, R, []),
    ("NumberRangeValidator", [], R, []),
    ("NumberRangeValidator", ["5"], R, []),
    ("NumberRangeValidator", ["50"], R, [RANGE]),
    ("NumberRangeValidator", 5, {}, []),
    ("NumberRangeValidator", -99, {"maximum": 0}, []),
    ("NumberRangeValidator", 101, {"minimum": "1", "maximum": "100"}, [RANGE]),
    ("NumberRangeValidator", 5, {"minimum": 10, "maximum": 1}, [MAXMIN]),
    ("NumberRangeValidator", "", {"minimum": 10, "maximum": 1}, []),
    # --- CountValidator
    ("CountValidator", [], {"minimum": 2, "maximum": 3}, []),  # empty passes even with minimum > 0
    ("CountValidator", {}, {"minimum": 2, "maximum": 3}, []),
    ("CountValidator", [1], {"minimum": 2, "maximum": 3}, [COUNT]),
    ("CountValidator", [1, 2], {"minimum": 2, "maximum": 3}, []),
    ("CountValidator", [1, 2, 3], {"minimum": 2, "maximum": 3}, []),
    ("CountValidator", [1, 2, 3, 4], {"minimum": 2, "maximum": 3}, [COUNT]),
    ("CountValidator", {"a": 1}, {"minimum": 2, "maximum": 3}, [COUNT]),
    ("CountValidator", {"a": 1, "b": 2}, {"minimum": "2", "maximum": "3"}, []),
    ("CountValidator", [1, 2, 3, 4], {"maximum": 3}, [COUNT]),
    ("CountValidator", [1], {"minimum": -5, "maximum": 3}, []),
    ("CountValidator", [1] * 50, {}, []),
    ("CountValidator", "abc", {}, [UNCOUNTABLE]),
    ("CountValidator", None, {}, [UNCOUNTABLE]),  # typeof null is "object", but the UI checks null first
    ("CountValidator", 5, {}, [UNCOUNTABLE]),
    ("CountValidator", True, {}, [UNCOUNTABLE]),
    ("CountValidator", [1], {"minimum": 3, "maximum": 2}, [MAXMIN]),
    ("CountValidator", "abc", {"minimum": 3, "maximum": 2}, [MAXMIN]),  # options are checked first
    # --- DateTimeValidator: ^YYYY-MM-DDTHH:MM:SS[+-]HH:MM$ and a valid Date
    ("DateTimeValidator", None, None, []),
    ("DateTimeValidator", "", None, []),
    ("DateTimeValidator", "2024-01-31T10:00:00+01:00", None, []),
    ("DateTimeValidator", "2024-01-31T10:00:00-05:30", None, []),
    ("DateTimeValidator", "2024-02-30T10:00:00+01:00", None, []),  # V8 rolls over to March 1
    ("DateTimeValidator", "2024-01-01T24:00:00+00:00", None, []),
    ("DateTimeValidator", "2024-01-31T10:00:00Z", None, [DATE]),
    ("DateTimeValidator", "2024-01-31T10:00:00.000+01:00", None, [DATE]),
    ("DateTimeValidator", "2024-01-31", None, [DATE]),
    ("DateTimeValidator", "2024-13-01T10:00:00+00:00", None, [DATE]),
    ("DateTimeValidator", "2024-01-32T10:00:00+00:00", None, [DATE]),
    ("DateTimeValidator", "2024-01-01T24:00:01+00:00", None, [DATE]),
    ("DateTimeValidator", "2024-01-01T10:00:00+24:00", None, [DATE]),
    ("DateTimeValidator", "tomorrow", None, [DATE]),
    ("DateTimeValidator", 5, None, []),  # numbers have no length: the browser does not check them
    ("DateTimeValidator", [], None, []),
    ("DateTimeValidator", ["2024-01-31T10:00:00+01:00"], None, []),
    ("DateTimeValidator", ["x"], None, [DATE]),
    # --- EmailAddressValidator (isemail semantics)
    ("EmailAddressValidator", None, None, []),
    ("EmailAddressValidator", "", None, []),
    ("EmailAddressValidator", "admin@mailserver1", None, []),
    ("EmailAddressValidator", '"john..doe"@example.org', None, []),
    ("EmailAddressValidator", "test@[192.168.230.1]", None, []),
    ("EmailAddressValidator", "test@[IPv6:2001:db8::1]", None, []),
    ("EmailAddressValidator", "hellö@neos.io", None, []),
    ("EmailAddressValidator", "user@münchen.de", None, []),
    ("EmailAddressValidator", "user@localhost", None, []),
    ("EmailAddressValidator", "user@printer.local", None, []),
    ("EmailAddressValidator", '""@example.org', None, []),
    ("EmailAddressValidator", "a+tag@example.com", None, []),
    ("EmailAddressValidator", "a@1.2.3.4", None, []),
    ("EmailAddressValidator", "Abc.example.com", None, [EMAIL]),
    ("EmailAddressValidator", "A@b@c@example.com", None, [EMAIL]),
    ("EmailAddressValidator", "@example.com", None, [EMAIL]),
    ("EmailAddressValidator", "a@", None, [EMAIL]),
    ("EmailAddressValidator", "a b@example.com", None, [EMAIL]),
    ("EmailAddressValidator", "a@b..com", None, [EMAIL]),
    ("EmailAddressValidator", ".a@b.com", None, [EMAIL]),
    ("EmailAddressValidator", "a..b@c.com", None, [EMAIL]),
    ("EmailAddressValidator", "a(comment)@b.com", None, [EMAIL]),
    ("EmailAddressValidator", "Name <a@b.com>", None, [EMAIL]),
    ("EmailAddressValidator", "a@-b.com", None, [EMAIL]),
    ("EmailAddressValidator", "x" * 65 + "@b.com", None, [EMAIL]),
    ("EmailAddressValidator", "a@" + "b" * 64 + ".com", None, [EMAIL]),
    ("EmailAddressValidator", 5, None, [THROWS]),
    ("EmailAddressValidator", [], None, [THROWS]),
]


@pytest.mark.parametrize("short, value, options, expected", ROWS)
def test_table(short, value, options, expected):
    assert outcome(run(short, value, options)) == expected


@pytest.mark.parametrize("short, value, options", [
    ("IntegerValidator", "x", {}),
    ("FloatValidator", "1", {}),
    ("NumberRangeValidator", 0, R),
    ("CountValidator", [1], {"minimum": 2, "maximum": 3}),
    ("DateTimeValidator", "x", {}),
    ("EmailAddressValidator", "x", {}),
])
def test_validation_error_message_replaces_the_main_message(short, value, options):
    # a literal text is shown as written: the CMS fills placeholders only into a translation it finds
    findings = run(short, value, {**options, "validationErrorMessage": "Bitte prüfen ({maximum})"})
    assert [f.message for f in findings] == ["Bitte prüfen ({maximum})"]


@pytest.mark.parametrize("short, value, options", [
    ("NumberRangeValidator", "abc", R),
    ("CountValidator", "abc", {}),
])
def test_secondary_number_messages_are_not_replaceable(short, value, options):
    findings = run(short, value, {**options, "validationErrorMessage": "custom"})
    assert findings and findings[0].message != "custom"


def test_range_messages_show_numbers_as_javascript_writes_them():
    assert [f.message for f in run("NumberRangeValidator", 0, {"minimum": 1.5, "maximum": "20"})] == [
        "Please enter a number from 1.5 to 20."
    ]
    assert [f.message for f in run("CountValidator", [1, 2], {"minimum": 0, "maximum": 1})] == [
        "The number of items must be between 0 and 1."
    ]
    assert [f.message for f in run("CountValidator", [1, 2], {"maximum": 1})] == [
        "The number of items must be between NaN and 1."  # Math.max(NaN, 0) is NaN in the browser too
    ]
    assert [f.message for f in run("CountValidator", [1, 2], {"minimum": 3})] == [
        "The number of items must be between 3 and NaN."
    ]


def test_datetime_validity_matches_v8(js):
    """Every combination of edge fields, checked against `new Date()` in V8."""
    samples = []
    for month, day, clock, offset in itertools.product(
        ("00", "01", "02", "12", "13"), ("00", "01", "29", "31", "32"),
        ("00:00:00", "23:59:59", "24:00:00", "24:00:01", "23:60:00", "10:00:60"), ("+00:00", "+23:59", "+24:00", "-05:60"),
    ):
        samples.append(f"2023-{month}-{day}T{clock}{offset}")
    answers = js("JSON.stringify(%s.map(s => !/Invalid|NaN/.test(new Date(s).toString())))" % repr(samples).replace("'", '"'))
    import json

    for sample, browser in zip(samples, json.loads(answers)):
        assert _js_date_valid(_DATE_TIME.fullmatch(sample)) == browser, sample


class _Clock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


NOW = dt.datetime(2024, 1, 31, 15, 30, tzinfo=dt.timezone(dt.timedelta(hours=1)))


def _range(value, options):
    from nodetype_studio.validation.builtins_date import DateTimeRangeValidator

    return DateTimeRangeValidator(clock=_Clock(NOW)).validate(value, options)


@pytest.mark.parametrize("value, options, expected", [
    ("2024-02-01T10:00:00+01:00", {"earliestDate": "now"}, None),
    ("2024-01-30T10:00:00+01:00", {"earliestDate": "now"}, "dateTimeRangeValidator.mustBeAfter"),
    ("2024-01-30T10:00:00+01:00", {"latestDate": "now"}, None),
    ("2024-02-02T10:00:00+01:00", {"latestDate": "tomorrow"}, "dateTimeRangeValidator.mustBeBefore"),
    ("2024-02-01T00:00:00+01:00", {"latestDate": "tomorrow"}, None),  # boundary: equal passes
    ("2024-03-01T00:00:00+01:00", {"earliestDate": "first day of next month", "latestDate": "now/P3Y"}, None),
    ("2027-02-01T00:00:00+01:00", {"earliestDate": "first day of next month", "latestDate": "now/P3Y"}, "dateTimeRangeValidator.mustBeBetween"),
    ("2024-01-01T00:00:00+01:00", {"earliestDate": "P1M/now"}, None),  # 2023-12-31 15:30 is earlier
    ("2023-12-01T00:00:00+01:00", {"earliestDate": "P1M/now"}, "dateTimeRangeValidator.mustBeAfter"),
    ("2024-02-05T00:00:00+01:00", {"earliestDate": "next monday"}, None),
    ("2024-02-04T23:59:59+01:00", {"earliestDate": "next monday"}, "dateTimeRangeValidator.mustBeAfter"),
    ("2024-01-31T12:00:00Z", {"earliestDate": "2024-01-31 13:00"}, None),  # time zones compared
    ("yesterday", {"earliestDate": "now"}, "dateTimeRangeValidator.mustBeAfter"),
    ("not a date", {"earliestDate": "now"}, "dateTimeRangeValidator.invalidDate"),
    (5, {"earliestDate": "now"}, "dateTimeRangeValidator.invalidDate"),
    (None, {"earliestDate": "now"}, None),
    ("", {"earliestDate": "now"}, None),
    ("2024-02-01T10:00:00+01:00", {}, None),
])
def test_datetime_range_follows_the_server_semantics(value, options, expected):
    findings = _range(value, options)
    assert [f.message_id.removeprefix("content.inspector.validators.") for f in findings] == ([expected] if expected else [])
    assert all(f.severity == "warning" for f in findings)


def test_datetime_range_messages_name_the_bounds():
    [finding] = _range("2024-01-01T00:00:00+01:00", {"earliestDate": "2024-01-15", "latestDate": "2024-01-20 12:00"})
    assert finding.message == "The date must lie between 2024-01-15 00:00:00 and 2024-01-20 12:00:00."


@pytest.mark.parametrize("bound", ["garbage", "2024-01-01/2024-02-01", "P1X/now", "now/P"])
def test_datetime_range_reports_unreadable_bounds(bound):
    [finding] = _range("2024-01-01T00:00:00+01:00", {"earliestDate": bound})
    assert finding.severity == "warning" and "earliestDate" in finding.message


def test_datetime_range_is_flagged_as_not_run_by_the_browser():
    from nodetype_studio.validation import get_validator, validate_value

    assert get_validator("Neos.Neos/Validation/DateTimeRangeValidator").runs_in_browser is False
    [finding] = validate_value("2000-01-01T00:00:00+01:00", {"Neos.Neos/Validation/DateTimeRangeValidator": {"earliestDate": "now"}})
    assert finding.severity == "warning" and "browser" in finding.compat
