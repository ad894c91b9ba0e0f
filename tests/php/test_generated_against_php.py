"""nodetype_studio.php.strtotime compared with PHP on generated date strings.

The pieces are PHP's formats (https://www.php.net/manual/en/datetime.formats.php: relative, time, date,
zone and compound formats), joined one to three at a time with a space, nothing, a comma, a `T`, a dot
and the like, in lower, upper, title and mixed case. A seeded sample of some thousands goes to the `php`
command in one process; each must give PHP's moment or be refused as PHP refuses it. The one allowed
difference: a moment PHP places outside the years 1-9999 (`Cet @1700000000` is the year 0), or within a
day of their ends, where a zone's offset can carry the local date out of them; the studio reports it instead.
"""

import datetime as dt
import math
import random
from zoneinfo import ZoneInfo

import pytest

from nodetype_studio.php import strtotime
from tests.php.conftest import run_php_script

RELATIVE = [
    "now", "today", "midnight", "noon", "tomorrow", "yesterday", "+1 day", "-2 weeks", "3 days ago", "+1 week 2 days",
    "next month", "last year", "this week", "next week", "last friday", "next monday", "monday", "fri", "third friday",
    "first day of next month", "last day of this month", "first day of", "first monday of next month",
    "last sunday of march", "+2 weekdays", "-1 weekday", "back of 7pm", "front of 9", "+30 min", "-3 hours",
    "+1 fortnight", "12 sec", "+500 ms", "second week", "next weekday", "@1700000000", "-1 month", "1 year ago",
    "+1day", "+2hours", "ago", "+ 1 day", "--1 day", "+-2 days", "eighth day", "this weekday", "previous year",
    "+1 monday", "last week", "this sunday", "sunday this week", "weekday", "weekdays", "+3 µs", "+1 usec",
    "6 months", "next sat", "tue", "wednesday next week", "+0 weekdays", "this month", "twelfth month",
    "first sat of july 2024", "last wed of", "next year", "+1 year +2 months", "-1.5 hours", "@-1", "back of 11am",
    "front of 12", "back of 0",
]
TIME = [
    "10:00", "9:30pm", "10am", "10 am", "12pm", "t0930", "0930", "10:30:15", "10:30:15.5", "10.30", "10.30.15",
    "23:59:59", "00:00", "9:30 p.m.", "9.30am", "7pm", "24:00", "10:30:15.123456", "T10:00", "t10:30:15", "103015",
    "9:5", "12:00:00am", "T9", "t23", "12a.m.", "1:2:3", "10:30:60", "10:60", "12:30:45:123am", "12:30:45.5 pm",
    "2400", "T103015", "0000", "12.5.7pm", "11 PM", "5P.M.",
]
DATE = [
    "2024-01-31", "2024-1-5", "31.01.2024", "31.01.24", "01/31/2024", "1/5/24", "12/25", "2024/01/31", "2024/1/5",
    "31 January 2024", "5 jan", "Jan 5", "jan 5, 2024", "January 2025", "january", "5-jan-2024", "jan-05-2024",
    "2024-jan-05", "20240131", "2024-W05", "2024-W05-3", "2024W053", "2024.031", "2024-031", "2024-12", "dec 2024",
    "2024 dec", "5th january", "May 1st", "31-01-2024", "1 I 2024", "III", "sept 9", "24-01-31", "jan 10.30",
    "jan 10.30.15", "10 IV 99", "2024/12/31/", "0024-01-31", "-2024-01-31", "+12024-01-31", "2024.12", "2024-02-30",
    "31.12.2024", "1.1.24", "12/25/99", "feb 29 2023", "february 29", "2024-00-00", "99-12-31", "Dec 25th, 2024",
    "25 december", "apr", "July 4th 1776", "VI", "XII 2024", "1999",
]
ZONE = [
    "Z", "z", "UTC", "GMT", "+02:00", "+0200", "+2", "-05:00", "-0530", "Europe/Berlin", "America/New_York", "A", "B",
    "N", "Y", "J", "M", "K", "CET", "EST", "(UTC)", "GMT+1", "GMT-05:00", "utc", "X", "CEST", "PST", "pdt", "(CET)",
    "+05:30:15", "-053000", "GMT+0530", "Asia/Kolkata", "Europe/London", "europe/berlin", "Etc/GMT+5", "Zulu",
    "+14:00", "-12", "+1:30", "HST", "msd", "tmt",
]
COMPOUND = [
    "2024-01-31T10:00:00", "2024-01-31T10:00:00Z", "2024-01-31T10:00:00+02:00", "2024-01-31T10:00:00.5Z",
    "20240131T103000", "20240131T10:30:00", "2024-01-31 10:00:00", "2024-01-31T10:00", "2024-01-31 10:00 +1 day",
    "2024:01:31 10:00:00", "31/Jan/2024:10:00:00 +0100", "2024-01-31T10:00:00-05:00", "@1700000000.500000",
    "2024-01-31T10:00:00.123456+01:00", "2024-1-5T10:00:00", "20240131t103000", "2024-01-31T10:00Z",
    "2024-01-01T10:00Z+1week", "10am+1day", "10:00 Z", "Jan 5 10:30", "jan 5 10:30pm", "jan 5 10:30:15 +01:00",
    "Sat, 03 Feb 2024 10:00:00 +0000", "Saturday, 03-Feb-24 10:00:00 UTC", "2024-01-31 10:00:00.5 Europe/Berlin",
    "2024-W05-3T10:00", "tomorrow noon", "noon tomorrow", "next monday 9am", "10:00 A",
]
JOINERS = [" ", " ", " ", "", "", ",", "T", "  ", "\t", ", ", ".", "-", "/", "+"]


def _case(text: str, rnd: random.Random) -> str:
    r = rnd.random()
    if r < 0.6:
        return text
    if r < 0.75:
        return text.upper()
    if r < 0.9:
        return text.title()
    return "".join(c.upper() if rnd.random() < 0.5 else c for c in text)


def generated(count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    groups = [RELATIVE, TIME, DATE, ZONE, COMPOUND]
    found: list[str] = []
    while len(found) < count:
        parts = [_case(rnd.choice(rnd.choice(groups)), rnd) for _ in range(rnd.choice([1, 1, 2, 2, 2, 3]))]
        text = parts[0]
        for part in parts[1:]:
            text += rnd.choice(JOINERS) + part
        found.append(text)
    return list(dict.fromkeys(found))


# `new DateTime(text)` at a given moment: `strtotime(text, now)` in the default zone, or in the zone the text
# names by its identifier (which `new DateTime` takes "now" in); refused where either has an error
_PHP = r"""
$req = json_decode(stream_get_contents(STDIN), true);
$out = [];
foreach ($req['texts'] as $text) {
    $parsed = date_parse($text);
    date_default_timezone_set(($parsed['zone_type'] ?? 0) === 3 ? $parsed['tz_id'] : $req['zone']);
    $stamp = $parsed['error_count'] ? false : strtotime($text, $req['now']);
    $out[] = $stamp === false ? null : $stamp;
}
echo json_encode($out);
"""

_FIRST, _LAST = -62135596800 + 86400, 253402300800 - 86400  # 0001-01-02 and 9999-12-31, UTC


def _ours(text: str, now: dt.datetime) -> int | None:
    try:
        return math.floor(strtotime.parse(text, now).timestamp())
    except strtotime.PhpTimeError:
        return None


def _shown(stamp: int | None) -> str:
    if stamp is None:
        return "refuses it"
    if not _FIRST <= stamp < _LAST:
        return f"@{stamp}"  # (beyond what datetime can show)
    return f"{dt.datetime.fromtimestamp(stamp, dt.timezone.utc):%Y-%m-%d %H:%M:%S}Z"


@pytest.mark.parametrize("zone, now, seed", [
    ("UTC", dt.datetime(2024, 1, 31, 12, 0, tzinfo=dt.timezone.utc), 1),  # a Wednesday, a month's last day
    ("Europe/Berlin", dt.datetime(2024, 3, 31, 0, 30, tzinfo=dt.timezone.utc), 2),  # the night clocks go forward
    ("America/New_York", dt.datetime(2023, 12, 31, 23, 59, 59, tzinfo=dt.timezone.utc), 3),  # a Sunday, year's end
    ("Europe/London", dt.datetime(2024, 10, 27, 1, 30, tzinfo=dt.timezone.utc), 4),  # the hour the clocks repeat
])
def test_generated_date_strings_read_as_php_reads_them(zone, now, seed):
    texts = generated(3000, seed)
    answers = run_php_script(_PHP, {"texts": texts, "now": int(now.timestamp()), "zone": zone})
    local_now = now.astimezone(ZoneInfo(zone))
    wrong = []
    for text, php in zip(texts, answers):
        ours = _ours(text, local_now)
        if ours == php or (ours is None and not _FIRST <= php < _LAST):
            continue
        wrong.append(f"{text!r}: studio {_shown(ours)}, PHP {_shown(php)}")
    assert wrong == []


def test_the_sample_covers_every_piece_and_reads_mostly():
    texts = generated(3000, 1)
    assert len(texts) > 2200
    for piece in RELATIVE + TIME + DATE + ZONE + COMPOUND:
        assert any(piece.lower() in text.lower() for text in texts), piece
    now = dt.datetime(2024, 1, 31, 12, 0, tzinfo=dt.timezone.utc)
    read = sum(_ours(text, now) is not None for text in texts)
    assert read > len(texts) / 3  # the sample is not mostly nonsense that both refuse


def test_zone_identifiers_are_found_in_any_case_as_php_finds_them():
    texts = ["10:00 Europe/berlin", "10:00 America/new_york", "10:00 America/New_York", "10:00 Japan", "10:00 japan",
             "10:00 JAPAN", "10:00 Right/Europe/Berlin", "10:00 Posix/Europe/Berlin", "10:00 Posixrules",
             "10:00 Europe/Atlantis", "10:00 Etc/Gmt+5", "10:00 America/Argentina/buenos_aires", "tomorrow Prc",
             "10:00 Zulu", "10:00 Iran", "10:00 Turkey", "10:00 Zone.tab", "10:00 Localtime", "10:00 Tzdata"]
    now = dt.datetime(2025, 6, 1, 23, 30, tzinfo=dt.timezone.utc)
    answers = run_php_script(_PHP, {"texts": texts, "now": int(now.timestamp()), "zone": "UTC"})
    wrong = [f"{text!r}: studio {_shown(_ours(text, now))}, PHP {_shown(php)}"
             for text, php in zip(texts, answers) if _ours(text, now) != php]
    assert wrong == []
