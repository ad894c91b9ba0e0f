"""The server framework's date strings (PHP DateTime / DateInterval), for DateTimeRangeValidator."""

import datetime as dt

import pytest

from nodetype_studio.validation.phpdate import DateParseError, parse, parse_duration, parse_reference

PLUS1 = dt.timezone(dt.timedelta(hours=1))
NOW = dt.datetime(2024, 1, 31, 15, 30, 12, tzinfo=PLUS1)  # a Wednesday


@pytest.mark.parametrize("text, expected", [
    ("now", "2024-01-31 15:30:12+01:00"),
    ("today", "2024-01-31 00:00:00+01:00"),
    ("midnight", "2024-01-31 00:00:00+01:00"),
    ("noon", "2024-01-31 12:00:00+01:00"),
    ("tomorrow", "2024-02-01 00:00:00+01:00"),
    ("yesterday noon", "2024-01-30 12:00:00+01:00"),
    ("tomorrow 09:00", "2024-02-01 09:00:00+01:00"),
    ("+1 day", "2024-02-01 15:30:12+01:00"),
    ("+1 month", "2024-03-02 15:30:12+01:00"),  # PHP overflows: February 31 is March 2
    ("-2 weeks", "2024-01-17 15:30:12+01:00"),
    ("3 days ago", "2024-01-28 15:30:12+01:00"),
    ("+1 week 2 days", "2024-02-09 15:30:12+01:00"),
    ("midnight +1 hour", "2024-01-31 01:00:00+01:00"),
    ("next month", "2024-03-02 15:30:12+01:00"),
    ("last year", "2023-01-31 15:30:12+01:00"),
    ("monday", "2024-02-05 00:00:00+01:00"),
    ("wednesday", "2024-01-31 00:00:00+01:00"),  # today when today is that weekday
    ("next wednesday", "2024-02-07 00:00:00+01:00"),
    ("last friday", "2024-01-26 00:00:00+01:00"),
    ("first day of next month", "2024-02-01 15:30:12+01:00"),  # keeps the time, as PHP does
    ("last day of this month", "2024-01-31 15:30:12+01:00"),
    ("first day of january 2025", "2025-01-01 00:00:00+01:00"),
    ("first monday of next month", "2024-02-05 00:00:00+01:00"),
    ("last friday of next month", "2024-02-23 00:00:00+01:00"),
    ("2024-02-10", "2024-02-10 00:00:00+01:00"),
    ("2024-02-10 10:00", "2024-02-10 10:00:00+01:00"),
    ("2024-02-10T10:00:00+02:00", "2024-02-10 10:00:00+02:00"),
    ("2024-02-10T10:00:00Z", "2024-02-10 10:00:00+00:00"),
    ("31.01.2024", "2024-01-31 00:00:00+01:00"),
    ("31 January 2024", "2024-01-31 00:00:00+01:00"),
    ("January 31, 2024", "2024-01-31 00:00:00+01:00"),
    ("2024/01/31", "2024-01-31 00:00:00+01:00"),
    ("@1700000000", "2023-11-14 22:13:20+00:00"),
    ("10pm", "2024-01-31 22:00:00+01:00"),
    ("UTC", "2024-01-31 14:30:12+00:00"),
])
def test_parse(text, expected):
    assert str(parse(text, NOW)) == expected


@pytest.mark.parametrize("text", ["garbage", "next blursday", "2024-13-01", "25:00", "13pm", "Mars/Olympus"])
def test_unreadable_dates_raise(text):
    with pytest.raises(DateParseError):
        parse(text, NOW)


@pytest.mark.parametrize("text, expected", [
    ("2024-01-31/P1M", "2024-03-02 00:00:00+01:00"),
    ("P1D/2024-03-01", "2024-02-29 00:00:00+01:00"),
    ("now/PT2H", "2024-01-31 17:30:12+01:00"),
    ("now/P3Y", "2027-01-31 15:30:12+01:00"),
    ("P1W/now", "2024-01-24 15:30:12+01:00"),
    ("2024-02-29/P1Y", "2025-03-01 00:00:00+01:00"),
    ("now", "2024-01-31 15:30:12+01:00"),
])
def test_reference_dates(text, expected):
    assert str(parse_reference(text, NOW)) == expected


@pytest.mark.parametrize("text", ["2024-01-01/2024-02-01", "P1X/now", "now/P", "now/PT", "01/31/2024"])
def test_bad_reference_dates_raise(text):
    with pytest.raises(DateParseError):
        parse_reference(text, NOW)


def test_durations():
    d = parse_duration("P1Y2M3W4DT5H6M7S")
    assert (d.years, d.months, d.days, d.hours, d.minutes, d.seconds) == (1, 2, 25, 5, 6, 7)
