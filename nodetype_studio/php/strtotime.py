"""PHP's date strings (`new DateTime(text)`, `new DateInterval(text)`), read the way the server reads them.

One parser for the whole studio (Qt-free): the DateTimeRangeValidator bounds, the checker's DateTime
`defaultValue` rule, and the inspector preview, which shows the concrete date a relative default
stands for::

    parse(text, now=None) -> datetime    # aware; raises PhpTimeError naming the part it cannot read
    is_valid(text) -> bool               # parse() succeeds (a blank string does not count)
    parse_duration(text) -> Duration; shift(moment, duration, sign); parse_reference(text, now)

Read, combined freely as PHP does: absolute dates (`2024-01-31`, `2024-01-31T10:00:00+02:00`,
`31.01.2024`, `31.01.24`, `31-01-2024`, `01/31/2024`, `12/25`, `2024/01/31`, `2024-12`,
`31 January 2024`, `1 jan`, `January 31, 2024`, `Jan 5`, `January 2025`, `january`, `20240131`), ISO weeks
(`2024-W05`, `2024W05`, `2024-W05-3`, `2024W053`), the year's day number (`2024.031`, `2024-031`, `2024031`),
times (`10:00`, `9:30pm`, `10am`, `t0930`, `0930`, `back of 7pm`, `front of 7`; with dots as with colons:
`10.30`, `10.30.15`, `9.5`, `2024-01-31 10.30`, while `10.01.24` is 10:01:24, not a date), `@<timestamp>`,
time zones
(`Z`, `UTC`, `+02:00`, `+1`, `+130`, `Europe/Berlin`; "now" is taken in a named zone, while under an offset,
`Z` or `GMT` the clock time of ``now``'s zone is kept and read in the offset, as PHP does), `now`, `today`, `midnight`, `noon`, `tomorrow`, `yesterday`, offsets (`+1 day`,
`-2 weeks`, `3 days ago`, `+1 week 2 days`, `+2 weekdays`, `+500 ms`), `next`/`last`/`previous`/`this`
and `first`…`twelfth` with a unit or weekday (`next month`, `third week`, `second monday`), weekdays
(`monday`, `next friday`, `monday next week`; `next week` alone is that week's Monday at the same time,
`next weekday` is midnight, `third week` is refused as PHP refuses it), `first/last day of [<month phrase>]` and
`<ordinal> <weekday> of [<month phrase>]`. A date without a time means midnight; `tomorrow` and its
kin reset the time where they stand (`tomorrow 09:00` differs from `09:00 tomorrow`, as in PHP);
month arithmetic overflows like PHP's (January 31 + 1 month = March 2 or 3). Dots separate parts as
spaces do: `+1.5 hours` is the offset `+1` and `5 hours`, as PHP reads it (and `1.5 hours` the time 01:05 and
then `hours`, which PHP cannot read).

Not read (PHP reads them differently or rarely, so they are reported rather than guessed):
unit words with trailing letters (`+1 dayz`: PHP reads the letters as a time zone), `<ordinal> day of`
other than first/last (PHP reads `third day` as +3 days and then fails on `of`),
`this <weekday> of`, two-digit years with dashes (`31-12-24`: PHP reads year-month-day), mixed date
separators (`31.12/2024`), a weekday name glued to `day` (`monday` + `day`), time zone abbreviations
other than UTC/GMT/Z, and a bare 4-digit number that is not a valid `HHMM` time.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class PhpTimeError(ValueError):
    """The text is not a date/time (or duration) PHP can read; the message names the unreadable part."""


MONTHS = {name: i for i, names in enumerate(
    [(), ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
     ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
     ("december", "dec")]) for name in names}
WEEKDAYS = {name: i for i, names in enumerate(
    [("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"), ("thursday", "thu", "thur", "thurs"),
     ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun")]) for name in names}
#: Unit word -> (relative field, multiplier). "wd" counts weekdays (Monday to Friday).
UNITS = {
    **dict.fromkeys(("ms", "msec", "msecs", "millisecond", "milliseconds"), ("us", 1000)),
    **dict.fromkeys(("µs", "µsec", "µsecs", "usec", "usecs", "microsecond", "microseconds"), ("us", 1)),
    **dict.fromkeys(("sec", "secs", "second", "seconds"), ("s", 1)),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), ("i", 1)),
    **dict.fromkeys(("hour", "hours"), ("h", 1)),
    **dict.fromkeys(("day", "days"), ("d", 1)),
    **dict.fromkeys(("week", "weeks"), ("d", 7)),
    **dict.fromkeys(("fortnight", "fortnights", "forthnight", "forthnights"), ("d", 14)),
    **dict.fromkeys(("month", "months"), ("m", 1)),
    **dict.fromkeys(("year", "years"), ("y", 1)),
    **dict.fromkeys(("weekday", "weekdays"), ("wd", 1)),
}
#: Relative words: amount, and whether a weekday counts today ("this monday" on a Monday is today).
RELATIVE_WORDS = {"this": 0, "next": 1, "last": -1, "previous": -1}
ORDINALS = {word: i for i, word in enumerate(
    ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
     "twelfth"), start=1)} | {"eight": 8}


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_MONTH = _alternatives(MONTHS)
_WEEKDAY = _alternatives(WEEKDAYS)
_UNIT = _alternatives(UNITS)
_RELTEXT = _alternatives(list(RELATIVE_WORDS) + list(ORDINALS))
_NTH = _alternatives(["next", "last", "previous"] + list(ORDINALS))  # "this monday of" is not read
# offsets: "+01:00", "+0100"; the short "+1", "+01", "+130" (1:30) not right after a number: PHP reads
# "2024-13" or "2024-031" as one (refused or day-of-year) date, not as a time and an offset
# "2024-01-31 +1 month", "+0100 days": a number with a unit is an offset in time, not a zone
# (after a time's minutes or seconds, as in `10.30.15+01`, the offset starts a new part)
_TZ = (r"(?P<tz>z|utc|gmt|(?:[+-]\d{2}:?\d{2}|(?:(?<!\d)|(?<=[:.]\d)|(?<=[:.]\d\d))[+-]\d{1,2}(?::?\d{2})?)"
       rf"(?![ \t]*(?:{_UNIT})(?![a-z\d]))|[a-z]+/[a-z_]+(?:/[a-z_]+)?)")
_END = r"(?![a-z\d])"
_MERIDIAN = r"(?P<ap>[ap]\.?m\.?)"
# PHP's hour24, hour12, minute and second (timelib `parse_date.re`); a time's parts are separated by `:` or `.`
_HOUR24, _HOUR12, _MINUTE, _SECOND = r"(?:2[0-4]|[01]?\d)", r"(?:1[0-2]|0?[1-9])", r"[0-5]?\d", r"(?:60|[0-5]?\d)"


Match = re.Match[str]

@dataclass
class _State:
    date: tuple[int | None, int | None, int | None] | None = None  # (year, month, day), None: not given
    day_of_year: bool = False  # the day is the year's day number (January 1-366), running on past the 31st
    time: tuple[int, int, int, int] | None = None  # (hour, minute, second, microsecond)
    # timelib's have_time: how many times were written since the last word that resets the time (`today`,
    # a weekday); a second one is refused ("Double time specification"), a 4-digit number after one is a year
    have_time: int = 0
    have_date: bool = False  # timelib's have_date: a second date is refused ("Double date specification")
    tz: dt.tzinfo | None = None
    # PHP takes "now" in a zone the text names (`UTC`, `Europe/Berlin`), but keeps the wall-clock time of
    # the default zone under an offset or abbreviation (`+01:00`, `Z`, `GMT`) and reads it in that offset
    tz_takes_now: bool = False
    rel: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("y", "m", "d", "h", "i", "s", "us", "wd"), 0))
    weekday: tuple[int, int] | None = None  # (weekday, amount: 0 this/bare, n > 0 the nth coming one, -1 last)
    week_relative: bool = False  # "next week" & co.: a weekday is taken within that ISO week
    weekdays_given: bool = False  # a weekday count was written, even "+0 weekdays" (it leaves a weekend)
    day_of: str | None = None  # "first" | "last"
    nth_weekday: tuple[int, int] | None = None  # (ordinal, weekday); ordinal -1 = last


def _set_tz(st: _State, text: str) -> None:
    st.tz = _tz(text)
    st.tz_takes_now = text == "utc" or "/" in text


def _tz(text: str) -> dt.tzinfo:
    if text in ("z", "utc", "gmt"):
        return dt.timezone.utc
    # "+1", "+01", "+130" (1:30), "+0130", "+1:30": PHP reads up to two hour digits, then the minutes
    m = re.fullmatch(r"([+-])(\d{1,2}):?(\d{2})?", text)
    if m:
        if int(m.group(2)) > 24 or int(m.group(3) or 0) > 59:
            raise PhpTimeError(f"time zone offset {text!r} out of range")
        delta = dt.timedelta(hours=int(m.group(2)), minutes=int(m.group(3) or 0))
        return dt.timezone(delta if m.group(1) == "+" else -delta)
    try:
        return ZoneInfo("/".join(part.title() for part in text.split("/")))
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise PhpTimeError(f"unknown time zone {text!r}") from None


Handler = Callable[[_State, Match], None]


def _time(h: str, i: str | None = "0", s: str | None = "0", frac: str | None = "",
          ampm: str | None = None) -> tuple[int, int, int, int]:
    hour, minute, second = int(h), int(i or 0), int(s or 0)
    if ampm:
        if not 1 <= hour <= 12:
            raise PhpTimeError(f"hour {hour} out of range for am/pm")
        hour = hour % 12 + (12 if ampm.startswith("p") else 0)
    if hour > 24 or minute > 59 or second > 60:
        raise PhpTimeError(f"time {h}:{i or '00'} out of range")
    micro = int((frac or "0")[:6].ljust(6, "0"))
    return hour, minute, second, micro


def _year(text: str) -> int:
    """Short years as PHP reads them: 0-69 are 20xx, 70-99 19xx (written with fewer than four digits)."""
    year = int(text)
    if len(text) < 4 and year < 100:
        year += 2000 if year < 70 else 1900
    return year


def _have_time(st: _State) -> None:
    """timelib's TIMELIB_HAVE_TIME: a time, unless one was written since the last reset."""
    if st.have_time:
        raise PhpTimeError("two times in one text (PHP: double time specification)")
    st.have_time = 1


def _have_date(st: _State) -> None:
    """timelib's TIMELIB_HAVE_DATE: a date, unless one was written already."""
    if st.have_date:
        raise PhpTimeError("two dates in one text (PHP: double date specification)")
    st.have_date = True


def _set_rel(st: _State, unit: str, amount: int) -> None:
    key, factor = UNITS[unit]
    st.rel[key] += amount * factor


# (pattern, handler) pairs tried in order at the current position; each handler updates the state.
def _rules() -> list[tuple[str, Handler]]:
    def iso(st: _State, m: Match) -> None:
        _have_date(st)
        st.date = (int(m["y"]), int(m["mo"]), int(m["d"]))
        if m["tz"]:
            _set_tz(st, m["tz"])

    def date(y: str, mo: str, d: str) -> Handler:
        def handler(st: _State, m: Match) -> None:
            month = m[mo]
            _have_date(st)
            st.date = (_year(m[y]) if m[y] else None, int(month) if month.isdigit() else MONTHS[month],
                       int(m[d]) if m[d] else None)
        return handler

    def month_year(st: _State, m: Match) -> None:  # "January 2025" is its first day; "January" alone keeps today's day number
        year = int(m["y"]) if m["y"] else None
        _have_date(st)
        st.date = (year, MONTHS[m["mo"]], 1 if year else None)

    def year_month(st: _State, m: Match) -> None:
        _have_date(st)
        st.date = (int(m["y"]), int(m["mo"]), 1)

    def set_time(st: _State, m: Match) -> None:
        parts = m.groupdict()
        _have_time(st)
        st.time = _time(m["h"], parts.get("i"), parts.get("s"), parts.get("f"), parts.get("ap"))

    def back_front(st: _State, m: Match) -> None:
        hour = _time(m["h"], ampm=m["ap"])[0]
        st.time = (hour, 15, 0, 0) if m[1] == "back" else (hour - 1, 45, 0, 0)
        st.have_time = 1  # (the time is reset first: never a second one)
        if hour == 0 and m[1] == "front":
            raise PhpTimeError("`front of 0` has no hour before it")

    def keyword(st: _State, m: Match) -> None:
        word = m[1]
        if word in ("today", "midnight"):
            st.time, st.have_time = (0, 0, 0, 0), 0
        elif word == "noon":
            st.time, st.have_time = (12, 0, 0, 0), 1
        elif word in ("tomorrow", "yesterday"):
            # PHP sets the day offset rather than adding to it: "tomorrow tomorrow" is tomorrow,
            # "+1 day tomorrow" too, while "tomorrow +1 day" is the day after
            st.rel["d"] = 1 if word == "tomorrow" else -1
            st.time, st.have_time = (0, 0, 0, 0), 0

    def relative(st: _State, m: Match) -> None:
        _set_rel(st, m["unit"], int(m["n"].replace(" ", "").replace("\t", "")))
        st.weekdays_given = st.weekdays_given or UNITS[m["unit"]][0] == "wd"

    def relative_word(st: _State, m: Match) -> None:
        word, unit = m[1], m[2]
        amount = ORDINALS.get(word, RELATIVE_WORDS.get(word, 0))
        if unit in WEEKDAYS:
            st.weekday = (WEEKDAYS[unit], amount)
            st.time, st.have_time = (0, 0, 0, 0), 0  # a weekday resets the time, also one before it ("9:00 monday")
        elif unit == "week" and word in ORDINALS:
            raise PhpTimeError(f"PHP does not read {word + ' ' + unit!r} (write '+{amount} weeks')")
        else:
            _set_rel(st, unit, amount)
            # "next week" is Monday of that week at the same time; "next weeks" is just 7 days on
            st.week_relative = st.week_relative or (unit == "week" and word in RELATIVE_WORDS)
            if UNITS[unit][0] == "wd":  # "next weekday" also sets the time to midnight
                st.weekdays_given = True
                st.time, st.have_time = (0, 0, 0, 0), 0

    def ago(st: _State, m: Match) -> None:
        st.rel = {k: -v for k, v in st.rel.items()}

    def weekday(st: _State, m: Match) -> None:
        st.weekday = (WEEKDAYS[m[1]], 0)
        st.time, st.have_time = (0, 0, 0, 0), 0

    def day_of(st: _State, m: Match) -> None:
        st.day_of = m[1]

    def nth_weekday(st: _State, m: Match) -> None:
        st.nth_weekday = (ORDINALS.get(m[1], RELATIVE_WORDS.get(m[1], 0)), WEEKDAYS[m[2]])
        st.time, st.have_time = (0, 0, 0, 0), 0

    def stamp(st: _State, m: Match) -> None:
        try:
            moment = dt.datetime.fromtimestamp(float(m[1]), dt.timezone.utc)
        except (OverflowError, OSError, ValueError):
            raise PhpTimeError(f"timestamp {m[1]} out of range") from None
        st.date, st.have_date = (moment.year, moment.month, moment.day), False
        st.time = (moment.hour, moment.minute, moment.second, moment.microsecond)
        st.tz, st.have_time = dt.timezone.utc, 0

    def tz(st: _State, m: Match) -> None:
        _set_tz(st, m["tz"])

    def day_of_year(st: _State, m: Match) -> None:
        _have_date(st)
        st.date, st.day_of_year = (int(m["y"]), 1, int(m["doy"])), True

    def iso_week(st: _State, m: Match) -> None:
        # as PHP: January 1st plus the days to the week's day (1 Monday .. 7 Sunday, 0 the Sunday before;
        # a bare week is its Monday), *set* as the day offset, as `tomorrow` sets it
        year, week, weekday = int(m["y"]), int(m["w"]), int(m["wd"] or 1)
        jan1 = (dt.date(year, 1, 1).weekday() + 1) % 7  # 0 Sunday .. 6 Saturday
        _have_date(st)
        st.date = (year, 1, 1)
        st.rel["d"] = -(jan1 - 7 if jan1 > 4 else jan1) + (week - 1) * 7 + weekday

    def dotted_seconds_after_month_day(st: _State, m: Match) -> None:
        # timelib's dateshortwithtimelong reads `jan 5 10.30` on to the minutes and then only a `:` before
        # the seconds; what follows a dot it takes for a time zone, which it cannot find
        raise PhpTimeError(f"PHP does not read {m[0]!r}: after a month and day, write the seconds after a colon")

    def hhmm(st: _State, m: Match) -> None:
        # timelib's gnunocolon: the first time written, else (right after one) the year, else refused
        if st.have_time == 1:
            year = int(m[1] + m[2])
            st.date = (year, *st.date[1:]) if st.date else (year, None, None)
        elif st.have_time == 0:
            st.time = _time(m[1], m[2])
        else:
            raise PhpTimeError(f"a third time {m[0]!r} (PHP: double time specification)")
        st.have_time += 1

    return [
        (r"@(-?\d+(?:\.\d+)?)", stamp),
        # ISO weeks (`2024-W05`, `2024W05`, `2024-W05-3`, `2024W053`) and `20240131` (PHP's "datenocolon")
        (r"(?P<y>\d{4})-?w(?P<w>0[1-9]|[1-4]\d|5[0-3])(?:-?(?P<wd>[0-7]))?(?!\d)", iso_week),
        (r"(?P<y>\d{4})(?P<mo>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)", date("y", "mo", "d")),
        # the year's day number: `2024.031`, `2024-031`, `2024031` (PHP's "pgydotd")
        (r"(?P<y>\d{4})[.-]?(?P<doy>00[1-9]|0[1-9]\d|[12]\d\d|3[0-5]\d|36[0-6])(?!\d)", day_of_year),
        # (a time after the date is read by the time rules below: `2024-01-31T10.30`, `2024-01-31 10:30.15`)
        (rf"(?P<y>\d{{4}})-(?P<mo>\d{{1,2}})-(?P<d>\d{{1,2}})\s*{_TZ}?(?![\d:])", iso),
        (r"(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})(?!\d)", date("y", "mo", "d")),
        (r"(?P<mo>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4}|\d{2})(?!\d)", date("y", "mo", "d")),
        # PHP's "americanshort" (month/day of this year) and "gnudateshorter" (year-month, its first day)
        (r"(?P<mo>1[0-2]|0?[1-9])/(?P<d>3[01]|[0-2]?\d)(?P<y>)(?![\d/])", date("y", "mo", "d")),
        (r"(?P<y>\d{4})-(?P<mo>1[0-2]|0?[1-9])(?![\d-])", year_month),
        (r"(?P<d>\d{1,2})\.(?P<mo>\d{1,2})\.(?P<y>\d{4})(?![\d:])", date("y", "mo", "d")),
        # `10.01.24` is the time 10:01:24: PHP takes a day.month.yy that also reads as hour.minute.second as a time
        (rf"(?!{_HOUR24}\.{_MINUTE}\.{_SECOND}(?!\d))(?P<d>\d{{1,2}})\.(?P<mo>\d{{1,2}})\.(?P<y>\d{{2}})(?![\d:])",
         date("y", "mo", "d")),
        (r"(?P<d>\d{1,2})-(?P<mo>\d{1,2})-(?P<y>\d{4})(?!\d)", date("y", "mo", "d")),
        # PHP's datefull takes a year of 1-4 digits: `5 jan 24` is 2024, `5 jan 10.30` is 2010 and then `.30`
        (rf"(?P<d>\d{{1,2}})(?:st|nd|rd|th)?[ .\t-]*(?P<mo>{_MONTH})(?:\.?[ .\t-]*(?P<y>\d{{1,4}})|\.?{_END})",
         date("y", "mo", "d")),
        (rf"(?:{_MONTH})[ .\t-]*(?:3[01]|[0-2]?\d)(?:st|nd|rd|th)?[,.stndrh\t ]+{_HOUR24}[:.]{_MINUTE}\.{_SECOND}"
         rf"(?!\d)(?![ \t]*{_MERIDIAN}(?![^ \t]))", dotted_seconds_after_month_day),
        (rf"(?P<mo>{_MONTH})[ .\t-]*(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:,?[ \t]*(?P<y>\d{{4}}))?{_END}", date("y", "mo", "d")),
        (rf"(?P<mo>{_MONTH})\.?(?:[ \t]+(?P<y>\d{{4}}))?{_END}", month_year),
        (r"(first|last) day of" + _END, day_of),
        (rf"({_NTH}) ({_WEEKDAY}) of{_END}", nth_weekday),
        (r"(now)" + _END, keyword),
        (r"(today|midnight|noon|tomorrow|yesterday)" + _END, keyword),
        (rf"(back|front) of (?P<h>\d{{1,2}})(?:\s*{_MERIDIAN})?{_END}", back_front),
        (rf"(?P<n>[+-]?[ \t]*\d+)[ \t]*(?P<unit>{_UNIT}){_END}", relative),
        (rf"({_RELTEXT})[ \t]+({_UNIT}|{_WEEKDAY}){_END}", relative_word),
        (r"(ago)" + _END, ago),
        (rf"({_WEEKDAY}){_END}", weekday),
        # times as PHP reads them (timelib's timeshort12, timelong12, mssqltime, timeshort24, timelong24,
        # iso8601long): `:` or `.` between the parts (`10.30`, `9.5.7`, `10:30.15`), one-digit minutes and
        # seconds; before am/pm two-digit minutes (or seconds), the meridian then ending the word; no `t` there
        (rf"(?P<h>{_HOUR12}):(?P<i>[0-5]\d):(?P<s>60|[0-5]\d)[:.](?P<f>\d+){_MERIDIAN}(?![^ \t])", set_time),
        (rf"(?P<h>{_HOUR12})[:.](?P<i>{_MINUTE})[:.](?P<s>60|[0-5]\d)[ \t]*{_MERIDIAN}(?![^ \t])", set_time),
        (rf"(?P<h>{_HOUR12})[:.](?P<i>[0-5]\d)[ \t]*{_MERIDIAN}(?![^ \t])", set_time),
        (rf"t?(?P<h>{_HOUR24})[:.](?P<i>{_MINUTE})(?:[:.](?P<s>{_SECOND})(?:\.(?P<f>\d+))?)?", set_time),
        (rf"t?(?P<h>\d{{1,2}})\s*{_MERIDIAN}(?P<i>)(?P<s>)(?P<f>){_END}", set_time),
        (r"t?([01]\d|2[0-4])([0-5]\d)(?!\d)", hhmm),
        (_TZ + _END, tz),
    ]


@lru_cache(maxsize=1)
def _compiled_rules() -> list[tuple[re.Pattern[str], Handler]]:
    """The rules, compiled on first use: importing the studio should not pay for them."""
    return [(re.compile(p), handler) for p, handler in _rules()]


def _parse_state(text: str) -> _State:
    st, pos, text = _State(), 0, text.strip().lower()
    rules = _compiled_rules()
    while pos < len(text):
        if text[pos] in " ,.\t":  # PHP skips dots between the parts too: "+1.5 hours" is "+1" "5 hours"
            pos += 1
            continue
        for pattern, handler in rules:
            m = pattern.match(text, pos)
            if m and m.end() > pos:
                handler(st, m)
                pos = m.end()
                break
        else:
            raise PhpTimeError(f"cannot read {text[pos:]!r}")
    return st


def _add_months(y: int, m: int, months: int) -> tuple[int, int]:
    total = y * 12 + (m - 1) + months
    return total // 12, total % 12 + 1


def _normalize(y: int, m: int, d: int) -> dt.date:
    """PHP-style overflow: day 31 of a 30-day month is the 1st of the next one; day 0 the last of the previous."""
    y, m = _add_months(y, m, 0)
    if not 1 <= y <= 9999:
        raise PhpTimeError("year out of range")
    return dt.date(y, m, 1) + dt.timedelta(days=d - 1)


def _add_weekdays(day: dt.date, n: int) -> dt.date:
    """``n`` working days (Monday to Friday) on; a weekend start counts from the Friday (or Monday) beside it."""
    if n == 0:
        return day
    step = 1 if n > 0 else -1
    if day.weekday() >= 5:
        day += dt.timedelta(days=(4 - day.weekday()) if step > 0 else (7 - day.weekday()))
    weeks, rest = divmod(abs(n), 5)
    day += dt.timedelta(days=step * 7 * weeks)
    for _ in range(rest):
        day += dt.timedelta(days=step)
        while day.weekday() >= 5:
            day += dt.timedelta(days=step)
    return day


def _resolve(st: _State, now: dt.datetime) -> dt.datetime:
    tz = st.tz or now.tzinfo
    base = now.astimezone(tz) if st.tz_takes_now else now
    y, mo, d = base.year, base.month, base.day
    h, i, s, us = base.hour, base.minute, base.second, base.microsecond
    if st.date:
        y = st.date[0] if st.date[0] is not None else y
        mo = st.date[1] if st.date[1] is not None else mo
        d = st.date[2] if st.date[2] is not None else d
        if (d > 31 and not st.day_of_year) or not 1 <= mo <= 12:
            raise PhpTimeError("date out of range")
        h, i, s, us = 0, 0, 0, 0
    if st.time:
        h, i, s, us = st.time
    if st.day_of or st.nth_weekday:
        d = 1  # the day is chosen within the month: "last day of february" must not overflow from the 31st
    day = _normalize(y, mo, d)
    if st.weekday or st.week_relative:  # weekdays count from the date before relative offsets (as PHP does)
        target, amount = st.weekday or (0, 0)  # "next week" alone: the Monday of that week
        if st.week_relative:  # "monday next week": that weekday of the ISO week the offset lands in
            diff = target - day.weekday()
        elif amount < 0:
            diff = -((day.weekday() - target) % 7 or 7)
        else:
            diff = (target - day.weekday()) % 7
            if amount > 0:
                diff = (diff or 7) + 7 * (amount - 1)
        day += dt.timedelta(days=diff)
    ry, rm = _add_months(day.year, day.month, st.rel["y"] * 12 + st.rel["m"])
    if not 1 <= ry <= 9999:
        raise PhpTimeError("year out of range")
    if st.day_of == "first":
        day = dt.date(ry, rm, 1)
    elif st.day_of == "last":
        day = dt.date(ry, rm, calendar.monthrange(ry, rm)[1])
    elif st.nth_weekday:
        ordinal, target = st.nth_weekday
        if ordinal > 0:
            first = dt.date(ry, rm, 1)
            day = first + dt.timedelta(days=(target - first.weekday()) % 7 + 7 * (ordinal - 1))
        else:
            last = dt.date(ry, rm, calendar.monthrange(ry, rm)[1])
            day = last - dt.timedelta(days=(last.weekday() - target) % 7)
    else:
        day = _normalize(ry, rm, day.day)
    # "first/last day of" drops day and week offsets ("first day of next week", "last day of +2 days",
    # "first day of tomorrow" stay in this month), as PHP does
    day_offset = 0 if st.day_of else st.rel["d"]
    day = _add_weekdays(day + dt.timedelta(days=day_offset), st.rel["wd"])
    if st.weekdays_given and st.rel["wd"] == 0 and day.weekday() >= 5:  # "+0 weekdays" leaves a weekend
        day += dt.timedelta(days=7 - day.weekday())
    # hour 24 and second 60 run on into the next day and minute (`24:00`, `10:30:60` is 10:31), as in PHP
    overflow = dt.timedelta(hours=24 if h == 24 else 0, seconds=60 if s == 60 else 0)
    result = dt.datetime(day.year, day.month, day.day, h % 24, i, s % 60, us, tzinfo=tz) + overflow
    return result + dt.timedelta(hours=st.rel["h"], minutes=st.rel["i"], seconds=st.rel["s"], microseconds=st.rel["us"])


def parse(text: str, now: dt.datetime | None = None) -> dt.datetime:
    """`new DateTime(text)` at ``now`` (default: the current local time; a naive ``now`` is local time).

    Returns an aware datetime in the text's time zone, else ``now``'s. Raises PhpTimeError."""
    if not isinstance(text, str):
        raise PhpTimeError(f"{text!r} is not a string")
    now = dt.datetime.now().astimezone() if now is None else now if now.tzinfo else now.astimezone()
    st = _parse_state(text)
    try:
        return _resolve(st, now)
    except PhpTimeError:
        raise
    except (OverflowError, ValueError) as exc:  # offsets beyond the calendar (`+99999999 years`)
        raise PhpTimeError(f"{text.strip()!r} lies outside the calendar ({exc})") from None


_VALIDITY_NOW = dt.datetime(2024, 1, 31, 12, 0, tzinfo=dt.timezone.utc)


@lru_cache(maxsize=4096)
def _readable(text: str) -> bool:
    try:
        parse(text, _VALIDITY_NOW)
    except PhpTimeError:
        return False
    return True


def is_valid(text: object) -> bool:
    """True when ``parse`` reads ``text``. Blank text is not a date here: PHP would read it as `now`,
    which a written default surely did not mean (write `now`)."""
    return isinstance(text, str) and bool(text.strip()) and _readable(text)


_DURATION = re.compile(
    r"P(?:(?P<y>\d+)Y)?(?:(?P<m>\d+)M)?(?:(?P<w>\d+)W)?(?:(?P<d>\d+)D)?"
    r"(?:T(?:(?P<h>\d+)H)?(?:(?P<i>\d+)M)?(?:(?P<s>\d+)S)?)?"
)


@dataclass(frozen=True)
class Duration:
    years: int = 0
    months: int = 0
    days: int = 0
    hours: int = 0
    minutes: int = 0
    seconds: int = 0


def parse_duration(text: str) -> Duration:
    """`new DateInterval(text)`: ISO 8601 `PnYnMnWnDTnHnMnS` (at least one part)."""
    m = _DURATION.fullmatch(text)
    if not m or not any(m.groupdict().values()) or text.endswith("T"):
        raise PhpTimeError(f"{text!r} is not an ISO 8601 duration like P1D or PT2H")
    n = {k: int(v or 0) for k, v in m.groupdict().items()}
    return Duration(n["y"], n["m"], n["d"] + 7 * n["w"], n["h"], n["i"], n["s"])


def shift(moment: dt.datetime, duration: Duration, sign: int) -> dt.datetime:
    """`DateTime::add` (sign 1) or `::sub` (sign -1), months overflowing like PHP."""
    y, m = _add_months(moment.year, moment.month, sign * (duration.years * 12 + duration.months))
    try:
        day = _normalize(y, m, moment.day) + dt.timedelta(days=sign * duration.days)
        moved = moment.replace(year=day.year, month=day.month, day=day.day)
        return moved + sign * dt.timedelta(hours=duration.hours, minutes=duration.minutes, seconds=duration.seconds)
    except (OverflowError, ValueError) as exc:
        raise PhpTimeError(f"the duration leads outside the calendar ({exc})") from None


def parse_reference(text: str, now: dt.datetime | None = None) -> dt.datetime:
    """A DateTimeRangeValidator bound: `<time>`, `<start>/<duration>` or `<duration>/<end>`."""
    parts = text.split("/", 1)
    if len(parts) == 1:
        return parse(parts[0], now)
    first, second = parts
    if "P" in first:
        return shift(parse(second, now), parse_duration(first), -1)
    if "P" in second:
        return shift(parse(first, now), parse_duration(second), 1)
    raise PhpTimeError(f'There is no valid interval declaration in "{text}". Exactly one part must begin with "P".')
