"""PHP's date strings (DateTime / DateInterval): one parser for DateTimeRangeValidator, the checker's
DateTime `defaultValue` rule and the preview's resolution of relative defaults."""

import datetime as dt

import pytest

from nodetype_studio.php.strtotime import (
    PhpTimeError,
    is_valid,
    parse,
    parse_duration,
    parse_reference,
)

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


@pytest.mark.parametrize("text", ["garbage", "next blursday", "2024-13-01", "25:00", "13pm", "Mars/Olympus", "third week"])
def test_unreadable_dates_raise(text):
    with pytest.raises(PhpTimeError):
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
    with pytest.raises(PhpTimeError):
        parse_reference(text, NOW)


def test_durations():
    d = parse_duration("P1Y2M3W4DT5H6M7S")
    assert (d.years, d.months, d.days, d.hours, d.minutes, d.seconds) == (1, 2, 25, 5, 6, 7)


# -- forms the checker's former recognizer accepted: every one is now read to a concrete date --------

@pytest.mark.parametrize("text", [
    "now", "today", "tomorrow", "midnight", "today midnight", "tomorrow 09:00", "+1 day", "-2 weeks", "+1 week 2 days",
    "next monday", "last friday", "first day of next month", "last day of this month", "2024-01-31", "2024-01-31 10:00",
    "2024-01-31T10:00:00+02:00", "31.12.2024", "1 January 2025", "Jan 5, 2024", "3 days ago", "noon tomorrow",
    "10am", "tomorrow 9:30pm", "@1700000000", "first monday of january 2025", "NOW", "  today ",
])
def test_relative_dates_php_accepts(text):
    assert is_valid(text)
    assert isinstance(parse(text, NOW), dt.datetime)


@pytest.mark.parametrize("text", ["", "   ", "tomorow", "in two days", "1 dy", "next banana", "d-m-Y", "soon", "nowx", 5, None])
def test_strings_php_rejects(text):
    assert not is_valid(text)


@pytest.mark.parametrize("text, expected", [
    # one example of each token the recognizer knew that the old parser did not read
    ("back of 7pm", "2024-01-31 19:15:00+01:00"),
    ("front of 7", "2024-01-31 06:45:00+01:00"),
    ("+2 weekdays", "2024-02-02 15:30:12+01:00"),
    ("next weekday", "2024-02-01 00:00:00+01:00"),  # PHP: a relative word with weekday resets the time
    ("next week", "2024-02-05 15:30:12+01:00"),  # PHP: Monday of that week, same time
    ("+500 ms", "2024-01-31 15:30:12.500000+01:00"),
    ("-3 usec", "2024-01-31 15:30:11.999997+01:00"),
    ("1 forthnight ago", "2024-01-17 15:30:12+01:00"),
    ("second monday", "2024-02-12 00:00:00+01:00"),
    ("monday next week", "2024-02-05 00:00:00+01:00"),
    ("second friday of next month", "2024-02-09 00:00:00+01:00"),
    ("31.12.24", "2024-12-31 00:00:00+01:00"),
    ("12/31/99", "1999-12-31 00:00:00+01:00"),
    ("1 jan", "2024-01-01 00:00:00+01:00"),
    ("5th-march", "2024-03-05 00:00:00+01:00"),
    ("jan 5", "2024-01-05 00:00:00+01:00"),
    ("January 2025", "2025-01-01 00:00:00+01:00"),
    ("march", "2024-03-31 00:00:00+01:00"),  # PHP keeps today's day number
    ("last day of february", "2024-02-29 00:00:00+01:00"),
    ("first day of", "2024-01-01 15:30:12+01:00"),
    ("t0930", "2024-01-31 09:30:00+01:00"),
    ("2024", "2024-01-31 20:24:00+01:00"),  # PHP reads a bare 4-digit number as HHMM
    ("t10:00:00.5", "2024-01-31 10:00:00.500000+01:00"),
    ("@1700000000.25", "2023-11-14 22:13:20.250000+00:00"),
    ("tomorrow Europe/Berlin", "2024-02-01 00:00:00+01:00"),
    ("sat", "2024-02-03 00:00:00+01:00"),
])
def test_every_recognized_form_gives_a_date(text, expected):
    assert str(parse(text, NOW)) == expected
    assert is_valid(text)


@pytest.mark.parametrize("text", ["third day of next month", "31.12/2024", "mondayday"])
def test_forms_php_refuses_are_rejected(text):
    assert not is_valid(text)
    with pytest.raises(PhpTimeError):
        parse(text, NOW)


@pytest.mark.parametrize("text, expected", [
    # forms PHP reads otherwise than one might think, read as PHP reads them (tests/php compares with PHP)
    ("this monday of next month", "2024-03-04 00:00:00+01:00"),  # the last Monday before next month's end
    ("31-12-24", "2031-12-24 00:00:00+01:00"),  # year-month-day with a two-digit year
    ("cet", "2024-01-31 15:30:12+01:00"),  # a time zone abbreviation: this clock time in CET
    ("1960", "1960-01-31 15:30:12+01:00"),  # a year alone (not a time: 60 is no minute)
    ("+1 dy", "2024-01-31 15:30:12+01:00"),  # the offset +01:00, and a second zone, which PHP ignores
])
def test_forms_php_reads_its_own_way(text, expected):
    assert str(parse(text, NOW)) == expected


def test_weekdays_skip_the_weekend():
    saturday = dt.datetime(2024, 2, 3, 8, 0, tzinfo=PLUS1)
    assert parse("+1 weekday", saturday).date() == dt.date(2024, 2, 5)
    assert parse("-1 weekday", saturday).date() == dt.date(2024, 2, 2)
    assert parse("+6 weekdays", NOW).date() == dt.date(2024, 2, 8)


@pytest.mark.parametrize("text", ["+99999999 years", "@99999999999999", "-9999999999 days", "P99999999Y/now"])
def test_out_of_calendar_is_a_clear_error(text):
    with pytest.raises(PhpTimeError):
        parse_reference(text, NOW)


def test_error_names_the_unreadable_part():
    with pytest.raises(PhpTimeError, match="cannot read 'blursd'"):
        parse("tomorrow blursday", NOW)
    with pytest.raises(PhpTimeError, match="not a string"):
        parse(5, NOW)


def test_now_defaults_to_the_local_clock():
    before = dt.datetime.now().astimezone()
    moment = parse("now")
    assert moment.tzinfo is not None and before <= moment <= dt.datetime.now().astimezone()
    naive = dt.datetime(2024, 1, 31, 15, 30)
    assert parse("+1 day", naive).replace(tzinfo=None) == dt.datetime(2024, 2, 1, 15, 30)
