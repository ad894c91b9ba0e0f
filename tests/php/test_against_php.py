"""nodetype_studio.php compared with real PHP: relative date phrases and date() formats.

PHP reads every phrase with ``strtotime(text, now)`` in UTC at fixed moments (a Wednesday at noon, a
month's last day, a Sunday just before midnight, a leap day). A phrase the studio reads must give
PHP's moment; a phrase PHP refuses must be refused.
"""

import datetime as dt
import itertools

import pytest

from nodetype_studio.php import dateformat, strtotime
from tests.php.conftest import run_php

NOWS = [
    dt.datetime(2024, 1, 31, 12, 0, 0, tzinfo=dt.timezone.utc),   # Wednesday, a month's last day
    dt.datetime(2024, 2, 29, 23, 59, 30, tzinfo=dt.timezone.utc),  # Thursday, a leap day
    dt.datetime(2023, 12, 31, 0, 0, 0, tzinfo=dt.timezone.utc),   # Sunday, the year's last day
    dt.datetime(2025, 6, 2, 8, 15, 0, tzinfo=dt.timezone.utc),    # Monday morning
    dt.datetime(2024, 2, 3, 12, 0, 0, tzinfo=dt.timezone.utc),    # Saturday
    dt.datetime(2024, 2, 4, 12, 0, 0, tzinfo=dt.timezone.utc),    # Sunday
]

UNITS = ["day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours", "minute", "min",
         "second", "sec", "weekday", "weekdays", "fortnight"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "fri", "sun"]
RELATIVE_WORDS = ["next", "last", "previous", "this"]
ORDINALS = ["first", "second", "third", "fourth", "twelfth"]


def phrases() -> list[str]:
    found: list[str] = []
    found += ["now", "today", "midnight", "noon", "tomorrow", "yesterday", "today noon", "tomorrow 09:00",
              "09:00 tomorrow", "yesterday noon", "midnight tomorrow"]
    found += [f"{sign}{n} {unit}" for sign, n, unit in itertools.product(["+", "-", ""], [1, 2, 13], UNITS)]
    found += [f"{n} {unit} ago" for n, unit in itertools.product([1, 3], ["day", "weeks", "month", "years", "hours"])]
    found += [f"{word} {unit}" for word, unit in itertools.product(RELATIVE_WORDS, ["day", "week", "month", "year"])]
    found += [f"{word} {day}" for word, day in itertools.product(RELATIVE_WORDS, WEEKDAYS[:7])]
    found += [f"{o} {unit}" for o, unit in itertools.product(ORDINALS, ["day", "week", "month"])]
    found += [f"{o} {day}" for o, day in itertools.product(ORDINALS[:3], ["monday", "friday"])]
    found += WEEKDAYS
    found += [f"{day} next week" for day in ("monday", "friday", "sunday")]
    found += ["first day of next month", "last day of next month", "first day of this month", "last day of last month",
              "first day of january 2025", "last day of february", "first monday of next month",
              "last friday of this month", "second tuesday of march 2024", "first day of", "last day of"]
    found += ["2024-01-31", "2024-02-30", "2024-13-01", "2024-01-31 10:00", "2024-01-31T10:00:00+02:00",
              "2024-01-31T10:00:00Z", "31.01.2024", "31.01.24", "31-01-2024", "01/31/2024", "2024/01/31",
              "31 January 2024", "1 jan", "January 31, 2024", "Jan 5", "January 2025", "january", "@86400",
              "@-1", "10:00", "9:30pm", "10am", "12am", "12pm", "t0930", "back of 7pm", "front of 7",
              "2024-01-31 UTC", "2024-01-31 Europe/Berlin", "+1 week 2 days", "+1 month -1 day", "+500 ms",
              "next month +2 days", "tomorrow +1 hour", "noon +30 min", "+2 weekdays", "-3 weekdays",
              "saturday +1 weekday", "+0 day", "+1 day +1 day"]
    # month/day of this year and year-month (PHP's "americanshort" and "gnudateshorter")
    found += ["12/25", "1/2", "09/9", "2/30", "12/25 noon", "1/2 3pm", "tomorrow 12/25", "12/25 +1 day", "13/25",
              "12/32", "12/25/", "2024-12", "2024-1", "2024-12 10:00", "2024-02 +1 month", "2024-13"]
    # a weekday resets a time written before it (and keeps one written after it)
    found += ["9:00 monday", "9:00 next monday", "noon next friday", "10:00 next weekday", "9am this friday",
              "9:00 first monday of next month", "9:00 monday next week", "9:00 second monday", "monday 9:00",
              "next monday 9:00", "first monday of next month 10:00"]
    # "first/last day of" drops day and week offsets
    found += ["first day of next week", "first day of +1 day", "last day of +2 weeks", "first day of tomorrow",
              "last day of yesterday", "first day of next month +1 day", "+1 day first day of next month",
              "first day of +1 month +3 days", "last day of +1 year -2 days", "first day of 3 days ago",
              "first monday of next month +1 day"]
    found += ["next weekday", "last weekday", "this weekday", "previous weekdays", "second weekday", "+0 weekday",
              "next weekday 10:00", "tomorrow yesterday", "tomorrow +1 day", "+1 day tomorrow", "today tomorrow",
              "next week monday", "next week sunday", "next week +1 day", "+1 week next week", "next week 10:00",
              "next weeks", "this weeks", "2 weeks ago", "next fortnight"]
    found += ["foo", "next", "+1", "1 day", "+1 dayz", "32.01.2024", "2024-01-31 25:00", "tomorrow tomorrow",
              "monday day", "third day of next month", "this monday of next month", "31-12-24"]
    return found


def _ours(text: str, now: dt.datetime):
    try:
        return int(strtotime.parse(text, now).timestamp())
    except strtotime.PhpTimeError:
        return None


def test_relative_dates_agree_with_php():
    texts = phrases()
    assert len(texts) >= 300
    wrong, refused = [], []
    for now in NOWS:
        answers = run_php({"relative": texts, "now": int(now.timestamp()), "formats": []})["relative"]
        for text, php in zip(texts, answers):
            ours = _ours(text, now)
            if ours == php:
                continue
            if ours is None:
                refused.append(text)
            else:
                wrong.append(f"{text!r} at {now:%Y-%m-%d %H:%M}: studio "
                             f"{dt.datetime.fromtimestamp(ours, dt.timezone.utc):%Y-%m-%d %H:%M:%S}, PHP "
                             + ("refuses it" if php is None else
                                f"{dt.datetime.fromtimestamp(php, dt.timezone.utc):%Y-%m-%d %H:%M:%S}"))
    assert wrong == []
    assert refused == []  # every phrase PHP reads is read


FORMAT_LETTERS = list("dDjlNSwzWFmMntLoXxYyaABgGhHisuveIOPpTZcrU")


def test_date_formats_agree_with_php():
    moments = [0, 951782400, 1704067199, 1709251199, 1719878400, 1735689600 - 1, 2000000000, 1230768000]
    zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"]
    formats = FORMAT_LETTERS + ["d-m-Y H:i", "D, d M Y H:i:s O", "l jS \\o\\f F Y h:i:s A", "\\Y\\-m", "Y-m-d\\TH:i:sP",
                                "N W o", "g:i a", "G.i", "U", "y z t L"]
    cases = [[f, t, z] for f in formats for t in moments for z in zones]
    answers = run_php({"relative": [], "now": 0, "formats": cases})["formats"]
    wrong = []
    for (fmt, timestamp, zone), php in zip(cases, answers):
        moment = dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).astimezone(_zone(zone))
        ours = dateformat.format_php_date(moment, fmt)
        if ours != php:
            wrong.append(f"{fmt!r} at {timestamp} {zone}: studio {ours!r}, PHP {php!r}")
    assert wrong == []


def _zone(name: str):
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


@pytest.mark.parametrize("fmt", ["d-m-Y H:i", "H:i", "Y-m-d", "g:i A", "D j M Y"])
def test_picker_modes_follow_the_letters(fmt):
    mode = dateformat.format_mode(fmt)
    assert mode.has_date == any(c in fmt for c in "dDjlNSwzWFmMntLoYy")
    assert mode.has_time == any(c in fmt for c in "aABgGhHisuv")


# `new \DateTime(text)` as the CMS runs it on a DateTime defaultValue (facts section 8). PHP cannot be given
# a "now" for `new DateTime`, so the moment comes from `strtotime(text, now)` in the same default zone, which
# runs the same parser and takes "now" the same way for every text below (no zone names among them);
# `new DateTime` answers whether the text is accepted, also for the blank text that `strtotime` alone refuses.
_NEW_DATETIME = r"""
$req = json_decode(stream_get_contents(STDIN), true);
date_default_timezone_set($req['zone']);
$out = [];
foreach ($req['texts'] as $text) {
    try {
        $created = new DateTime($text);
        $ok = true;
        $offset = $created->getTimestamp() - time();
    } catch (Exception $e) {
        $ok = false;
        $offset = null;
    }
    $stamp = $text === '' ? null : strtotime($text, $req['now']);
    $out[] = ['accepted' => $ok, 'stamp' => $stamp === false ? null : $stamp, 'from_now' => $offset];
}
echo json_encode($out);
"""

DATETIME_FORMS = [
    # ISO weeks: a week alone is its Monday; day 0 is the Sunday before, 7 the Sunday; week 53 runs on
    "2024-W05", "2024W05", "2024-W05-3", "2024W053", "2024W05-3", "2024-W053", "2024-W05-0", "2024-W05-7",
    "2024-W01", "2021-W01", "2023-W01-0", "2026-W01-1", "2020-W53", "2024-W53", "2024-W05 10:00",
    "2024-W05 noon", "2024-W05-3T10:00", "2024-W05 +1 day", "+1 day 2024-W05", "2024-W05 tomorrow",
    "tomorrow 2024-W05", "2024-W05 friday", "2024-W5", "2024-W00", "2024-W54",
    # year, month and day run together
    "20240131", "19991231", "20240231", "20240131T1000", "20240131 10:00", "20240131T10:00:00",
    "20240131 +1 month", "20241301", "202401311", "2024013",
    # the year's day number
    "2024.031", "2024-123", "2024123", "2024.366", "2023.366", "2024-366 10:00", "2024031 tomorrow", "2024-000",
    "2024.367",
    # a dot separates like a space: "+1.5 hours" is the offset +01:00 and then "5 hours"
    "+1.5 hours", "-1.5 hours", "+2.5 days", "+1.5 hours ago", "noon +1.5 hours", "+1 day.5 hours",
    "tomorrow.noon", "2024-01-31.10:00", "1.5 hours", "+1.5",
    # offsets keep the default zone's clock time and read it in the offset
    "+1", "+01", "+0130", "+1:30", "-130", "now +01:00", "10:00 +01:00", "+1 day Z", "GMT", "2024-13",
    "2024-031", "2024-01-31 +1", "2024-01-31 10:00 +1",
    # ... but a signed number with a unit is an offset in time
    "2024-01-31 +1 month", "2024-02-29 +1 year", "2024-01-31 +0100 days", "2024-01-31 10:00 +1 hour",
    "2024-01-31 -1 weekday", "2024-01-31T10:00:00+02:00 +1 day",
    # timestamps, keywords, relative phrases
    "@1700000000", "@1700000000.5", "@1700000000 +1 hour", "@0", "now", "noon", "midnight +1 day",
    "tomorrow 14:00", "tomorrow noon", "first monday of next month", "last day of february",
    "last day of february 2023", "first day of next month noon", "next month",
    # blank is "now" for `new DateTime`; nonsense is refused by both
    "", "foo", "2024-W", "+1.5 parsecs",
]


@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin", "America/New_York"])
def test_datetime_forms_read_as_new_datetime_reads_them(zone):
    from zoneinfo import ZoneInfo

    from tests.php.conftest import run_php_script

    for now in (dt.datetime(2024, 1, 31, 12, 0, tzinfo=dt.timezone.utc), dt.datetime(2025, 6, 1, 23, 30, tzinfo=dt.timezone.utc)):
        answers = run_php_script(_NEW_DATETIME, {"zone": zone, "now": int(now.timestamp()), "texts": DATETIME_FORMS})
        local_now = now.astimezone(ZoneInfo(zone))
        wrong = []
        for text, php in zip(DATETIME_FORMS, answers):
            ours = _ours(text, local_now)
            if not php["accepted"]:
                expected = None
            elif text == "":
                assert abs(php["from_now"]) <= 2  # PHP: new DateTime('') is this moment
                expected = int(now.timestamp())
            else:
                expected = php["stamp"]
            if ours != expected:
                wrong.append(f"{text!r} in {zone} at {now:%Y-%m-%d %H:%M}Z: studio {_stamp(ours)}, PHP {_stamp(expected)}")
        assert wrong == []


def _stamp(timestamp):
    return "refuses it" if timestamp is None else f"{dt.datetime.fromtimestamp(timestamp, dt.timezone.utc):%Y-%m-%d %H:%M:%S}Z"


def _new_datetime_disagreements(texts, zones=("UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata")):
    """How the studio's moment for each text differs from `new DateTime(text)`'s, in ``zones`` at two moments
    (texts neither blank nor naming a zone: `strtotime` then takes "now" as `new DateTime` does)."""
    from zoneinfo import ZoneInfo

    from tests.php.conftest import run_php_script

    wrong = []
    for zone in zones:
        for now in (dt.datetime(2024, 1, 31, 12, 0, tzinfo=dt.timezone.utc),
                    dt.datetime(2025, 6, 1, 23, 30, tzinfo=dt.timezone.utc)):
            answers = run_php_script(_NEW_DATETIME, {"zone": zone, "now": int(now.timestamp()), "texts": texts})
            for text, php in zip(texts, answers):
                expected = php["stamp"] if php["accepted"] else None
                ours = _ours(text, now.astimezone(ZoneInfo(zone)))
                if ours != expected:
                    wrong.append(f"{text!r} in {zone} at {now:%Y-%m-%d %H:%M}Z: studio {_stamp(ours)}, PHP {_stamp(expected)}")
    return wrong


def test_second_60_runs_on_into_the_next_minute():
    texts = ["10:30:60", "23:59:60", "2024-01-31 23:59:60", "2024-01-31T23:59:60", "24:00:60", "tomorrow 09:59:60",
             "10:30:59", "10:30:61"]
    assert _new_datetime_disagreements(texts) == []


def test_a_day_and_month_take_a_year_of_one_to_four_digits():
    # PHP's datefull: `5 jan 24` is 2024, `5 jan 100` the year 100; `5 jan 10:30` is January 5th 2010 and then
    # an unreadable `:30`
    texts = ["5 jan 24", "5 jan 9", "5 january 9", "5 jan 100", "5-jan-24", "5 jan. 24", "5th jan 24", "5 jan2024",
             "5 jan 0930", "5 jan 10 +1 day", "5 jan 10:30", "5 jan 9am", "5 jan 12345", "31 January 2024", "1 jan",
             "1 jan noon", "1 jan +1 day", "5 jan 70", "5 jan 69"]
    assert _new_datetime_disagreements(texts) == []


def test_a_second_time_or_date_is_refused_and_four_digits_after_a_time_are_its_year():
    texts = ["10:30 10:30", "noon 10:30", "10:30 noon", "today 10:30", "10:30 today", "10:30 tomorrow 11:00",
             "9:00 monday 10:00", "back of 7 10:00", "10:00 back of 7", "jan 5 10:30 2024", "10:30 2024", "0930 2024",
             "10:30 2024 0930", "0930 1030", "2024-01-31 10:00 11:00", "first monday of next month 10:00 11:00",
             "2024-01-31 31.01.2024", "jan 5 31.01.2024", "5 jan 5 jan", "2024-W05 2024-01-31", "12/25 2024-01-31",
             "2024-01-31 january", "tomorrow 2024-01-31", "2024-01-31 10:00"]
    assert _new_datetime_disagreements(texts) == []


def _dotted_times() -> list[str]:
    """Times written with dots (`10.30`, `9.5.7`), alone and among other parts, and day.month.yy look-alikes."""
    found = [f"{h}.{m}" for h in ("0", "00", "1", "9", "09", "10", "12", "23", "24", "25")
             for m in ("0", "00", "5", "05", "30", "59", "60")]
    found += [f"{h}.{m}.{s}" for h in ("0", "9", "10", "23", "24") for m in ("5", "30")
              for s in ("0", "00", "15", "59", "60", "61")]
    for core in ("10.30", "9.05", "10.30.15", "10.5.7", "23.59.59"):
        found += [core + suffix for suffix in (".5", ".123456789", "pm", " pm", "am", " a.m.", "PM", "pm.", " tomorrow",
                                               " +1 day", " +02:00", "+0200", "Z", " GMT", " +1", "+01", " noon",
                                               " hours", " 2024-01-31", " 10:30", ",5")]
        found += [prefix + core for prefix in ("t", "T", "2024-01-31 ", "2024-01-31T", "31.01.2024 ", "tomorrow ",
                                               "jan 5 ", "january 5, ", "5 jan ", "monday ", "next monday ", "+1 day ",
                                               "20240131 ", "2024-W05 ", "2024.031 ", "noon ")]
    # day.month.yy is a time where it reads as one (`10.01.24` 10:01:24), else a date (`31.12.24`, `10.12.61`)
    found += ["10.01.24", "31.12.24", "24.12.24", "25.12.24", "1.1.24", "10.12.61", "10.12.60", "10.01.2024",
              "10.30.2024", "1.5.2024", "10.01.24.5", "10.01.24pm", "31.01.24 10.30", "10.30 31.01.2024", "12.2024",
              "2024.10.30", "10:5", "10:5:3", "10.30:15", "10:30.15", "9.5pm", "9.05pm", "9.5.07pm", "9.5.7pm",
              "13.30pm", "0.30am", "12.30am", "12.30 pm", "t10.30pm", "10.30pmx", "10.30pm,", "+10.30", "-1.30",
              "1.5 hours", "+1.5 hours", "10.30 +1 hour", "2024-01-31 10.30.15.5 +02:00", "10.30.15 +0130", "10 .30",
              "10. 30", ".30", "10.", "10.30.", "1.1", "010.30", "100.30", "10.300", "10.030", "10.30.155", "10.3020",
              "10.30.152024", "jan 5 10.30.15pm", "jan 5 10.30:15", "jan 5 10:30.15", "10:30:15,5", "10:30:15.5 pm",
              "10:30:15.5pm"]
    return list(dict.fromkeys(found))


def test_times_written_with_dots_read_as_new_datetime_reads_them():
    texts = _dotted_times()
    assert len(texts) >= 300
    # (`10.5.7 a.m.`: PHP reads `a` and `m` as military time zones, which the studio does not read)
    wrong = [line for line in _new_datetime_disagreements(texts) if " a.m.' in " not in line or "studio refuses" not in line]
    assert wrong == []


def test_military_time_zone_letters_read_as_php_reads_them():
    # `10:00 A` is 10:00 at +01:00 ... `M` +12:00, `N` -01:00 ... `Y` -12:00, `Z` UTC; there is no `J`
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    texts = [f"10:00 {letter}" for letter in letters] + [f"10:00 {letter.lower()}" for letter in letters]
    texts += [f"2024-01-31T10:00:00{letter}" for letter in "AJMNYZ"] + ["A", "z", "J", "noon N", "tomorrow Y",
                                                                      "+1 day Z", "10:00 (A)", "10:00 Z Z", "10:00 Z A B"]
    assert _new_datetime_disagreements(texts) == []


def test_month_day_and_dotted_numbers_read_as_php_reads_them():
    # `jan 10.30` is January 10th of 2030 (PHP's datetextual), `jan 10.30.15` refused, `jan 10 10.30` a time
    texts = ["jan 10.30", "jan 10.30.15", "jan 10.5", "January 10.30", "jan 10.30 10:00", "jan 10 10.30",
             "jan 10 10.30.15", "jan 10, 10.30", "jan 10.1999", "jan 5.24", "10.jan.2024", "jan.10.30", "jan 10th.30",
             "sept 9.30", "jan 10.30pm", "jan 10 10.30pm", "jan 10.30 +1 day", "dec 31.99"]
    assert _new_datetime_disagreements(texts) == []


def test_parts_without_spaces_between_them_read_as_php_reads_them():
    texts = ["10am+1day", "10am +1day", "2024-01-01T10:00Z+1week", "2024-01-01T10:00+01:00+1week", "10:00+1day",
             "tomorrow+1day", "now+1day", "+1day", "+1day+2hours", "monday10:00", "monday10am", "10:00monday",
             "2024-01-31+1month", "2024-01-31T10:00:00Z+1 day", "noon+1hour", "@1700000000+1day", "+1week2days",
             "next monday9am", "1 day ago+2 hours", "2024-01-31tomorrow", "tomorrownoon", "10:00Z-1day",
             "20240131T103000+1day", "10am-1hour", "yesterday10:00", "10.30+1day", "+1 day-1 hour", "jan5+1day"]
    assert _new_datetime_disagreements(texts) == []


# Flow's DateTimeRangeValidator::parseReferenceDate: `new DateTime` for a bound without `/`, else the part that
# starts with "P" is a `new DateInterval` subtracted from or added to the other
_FLOW_REFERENCE = r"""
date_default_timezone_set('UTC');
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $text) {
    try {
        $parts = explode('/', $text, 2);
        if (count($parts) === 1) {
            $date = new DateTime($parts[0]);
        } elseif (strpos($parts[0], 'P') === 0) {
            $date = (new DateTime($parts[1]))->sub(new DateInterval($parts[0]));
        } elseif (strpos($parts[1], 'P') === 0) {
            $date = (new DateTime($parts[0]))->add(new DateInterval($parts[1]));
        } else {
            throw new Exception('no interval');
        }
        $out[] = $date->getTimestamp();
    } catch (Exception $e) {
        $out[] = null;
    }
}
echo json_encode($out);
"""


def test_range_bounds_read_as_flow_reads_them():
    from tests.php.conftest import run_php_script

    texts = ["2024-01-31/P1M", "P1D/2024-03-01", "2024-01-31 PST/P1D", "P1D/2024-01-31 PST", "2024-01-31 10:00/PT2H",
             "2024-01-31/ P1D", "2024-01-31/P1D ", "2024-01-31/P1W2D", "2024-01-31/p1d", "XP1D/2024-01-31",
             "2024-01-31/XP1D", "2024-02-29/P1Y", "2024-01-31 Europe/Berlin", "2024-01-31/P1DT", "2024-01-31/P",
             "2024-01-31T10:00:00+02:00/PT36H", "P2W/2024-01-31T10:00:00Z", "2024-01-31"]
    now = dt.datetime(2024, 1, 31, 12, 0, tzinfo=dt.timezone.utc)
    answers = run_php_script(_FLOW_REFERENCE, texts)
    wrong = []
    for text, php in zip(texts, answers):
        try:
            ours = int(strtotime.parse_reference(text, now).timestamp())
        except strtotime.PhpTimeError:
            ours = None
        if ours != php:
            wrong.append(f"{text!r}: studio {_stamp(ours)}, PHP {_stamp(php)}")
    assert wrong == []
