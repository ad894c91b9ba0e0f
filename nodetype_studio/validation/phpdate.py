"""Date strings the way the server framework reads them (PHP `new DateTime(...)`,
`new DateInterval(...)`), for DateTimeRangeValidator's `earliestDate` / `latestDate`.

Covers absolute dates and times (ISO 8601, `2024-01-31 10:00`, `31.01.2024`, `01/31/2024`,
`31 January 2024`, `January 31, 2024`, `@<timestamp>`, time zone suffixes), the keywords `now`,
`today`, `midnight`, `noon`, `tomorrow`, `yesterday`, relative offsets (`+1 day`, `-2 weeks`,
`3 months ago`, `next month`, `last year`), weekdays (`monday`, `next friday`, `last sunday`),
`first/last day of <month phrase>` and `first monday of next month`. Month arithmetic overflows
like PHP's (January 31 + 1 month = March 2 or 3). Anything else raises ``DateParseError``.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, field

try:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
except ImportError:  # pragma: no cover - Python < 3.9
    ZoneInfo = None


class DateParseError(ValueError):
    pass


MONTHS = {name: i for i, names in enumerate(
    [(), ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
     ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
     ("december", "dec")]) for name in names}
WEEKDAYS = {name: i for i, names in enumerate(
    [("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"), ("thursday", "thu", "thur", "thurs"),
     ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun")]) for name in names}
UNITS = {
    "sec": "s", "secs": "s", "second": "s", "seconds": "s", "min": "i", "mins": "i", "minute": "i", "minutes": "i",
    "hour": "h", "hours": "h", "day": "d", "days": "d", "week": "w", "weeks": "w", "fortnight": "f",
    "fortnights": "f", "month": "m", "months": "m", "year": "y", "years": "y",
}
RELATIVE_WORDS = {"next": 1, "last": -1, "previous": -1, "this": 0}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_UNIT = "|".join(sorted(UNITS, key=len, reverse=True))
_TZ = r"(?P<tz>z|utc|gmt|[+-]\d{2}:?\d{2}|[a-z]+/[a-z_]+(?:/[a-z_]+)?)"


@dataclass
class _State:
    date: tuple | None = None
    time: tuple | None = None
    tz: dt.tzinfo | None = None
    timestamp: int | None = None
    rel: dict = field(default_factory=lambda: dict.fromkeys("ymdhis", 0))
    weekday: tuple | None = None  # (weekday, direction: 0 this/bare, 1 next, -1 last)
    day_of: str | None = None  # "first" | "last"
    nth_weekday: tuple | None = None  # (ordinal, weekday)


def _tz(text: str) -> dt.tzinfo:
    if text in ("z", "utc", "gmt"):
        return dt.timezone.utc
    m = re.fullmatch(r"([+-])(\d{2}):?(\d{2})", text)
    if m:
        delta = dt.timedelta(hours=int(m.group(2)), minutes=int(m.group(3)))
        return dt.timezone(delta if m.group(1) == "+" else -delta)
    if ZoneInfo is not None:
        try:
            return ZoneInfo(text.title())
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
    raise DateParseError(f"unknown time zone {text!r}")


def _time(h, i="0", s="0", frac="", ampm=None) -> tuple:
    hour, minute, second = int(h), int(i or 0), int(s or 0)
    if ampm:
        if not 1 <= hour <= 12:
            raise DateParseError("hour out of range for am/pm")
        hour = hour % 12 + (12 if ampm.startswith("p") else 0)
    if hour > 24 or minute > 59 or second > 60:
        raise DateParseError("time out of range")
    micro = int((frac or "0")[:6].ljust(6, "0"))
    return hour, minute, second, micro


def _set_rel(st: _State, unit: str, amount: int) -> None:
    key = UNITS[unit]
    if key == "w":
        st.rel["d"] += 7 * amount
    elif key == "f":
        st.rel["d"] += 14 * amount
    else:
        st.rel[key] += amount


def _month_phrase(st: _State, phrase: str) -> None:
    phrase = phrase.strip()
    m = re.fullmatch(rf"(next|last|previous|this) (month|year)", phrase)
    if m:
        st.rel["m" if m.group(2) == "month" else "y"] += RELATIVE_WORDS[m.group(1)]
        return
    m = re.fullmatch(rf"({_MONTH})(?: (\d{{4}}))?", phrase)
    if m:
        year = int(m.group(2)) if m.group(2) else None
        st.date = (year, MONTHS[m.group(1)], 1)
        return
    if phrase:
        raise DateParseError(f"cannot read {phrase!r}")


# (pattern, handler) pairs tried in order at the current position; each handler updates the state.
def _rules():
    def iso(st, m):
        st.date = (int(m["y"]), int(m["mo"]), int(m["d"]))
        if m["h"] is not None:
            st.time = _time(m["h"], m["i"], m["s"], m["f"])
        if m["tz"]:
            st.tz = _tz(m["tz"])

    def date_only(st, y, mo, d):
        st.date = (int(y), int(mo) if str(mo).isdigit() else MONTHS[mo], int(d))

    def set_time(st, m):
        st.time = _time(m["h"], m["i"], m["s"], m["f"], m["ap"])

    def keyword(st, m):
        word = m.group(1)
        if word in ("today", "midnight"):
            st.time = (0, 0, 0, 0)
        elif word == "noon":
            st.time = (12, 0, 0, 0)
        elif word in ("tomorrow", "yesterday"):
            st.rel["d"] += 1 if word == "tomorrow" else -1
            st.time = (0, 0, 0, 0)

    def relative(st, m):
        _set_rel(st, m["unit"], int(m["n"].replace(" ", "")))

    def relative_word(st, m):
        word, unit = m.group(1), m.group(2)
        if unit in WEEKDAYS:
            st.weekday = (WEEKDAYS[unit], RELATIVE_WORDS[word])
            st.time = st.time or (0, 0, 0, 0)
        else:
            _set_rel(st, unit, RELATIVE_WORDS[word])

    def ago(st, m):
        st.rel = {k: -v for k, v in st.rel.items()}

    def weekday(st, m):
        st.weekday = (WEEKDAYS[m.group(1)], 0)
        st.time = st.time or (0, 0, 0, 0)

    def day_of(st, m):
        st.day_of = m.group(1)
        _month_phrase(st, m.group(2) or "")

    def nth_weekday(st, m):
        st.nth_weekday = (ORDINALS[m.group(1)], WEEKDAYS[m.group(2)])
        st.time = st.time or (0, 0, 0, 0)
        _month_phrase(st, m.group(3))

    def stamp(st, m):
        st.timestamp = int(m.group(1))

    def tz(st, m):
        st.tz = _tz(m["tz"])

    time_re = r"(?P<h>\d{1,2})(?::(?P<i>\d{2})(?::(?P<s>\d{2})(?:[.,](?P<f>\d+))?)?)?\s*(?P<ap>[ap]\.?m\.?)?"
    return [
        (r"@(-?\d+)", stamp),
        (rf"(?P<y>\d{{4}})-(?P<mo>\d{{1,2}})-(?P<d>\d{{1,2}})(?:[t ](?P<h>\d{{1,2}}):(?P<i>\d{{2}})(?::(?P<s>\d{{2}})(?:[.,](?P<f>\d+))?)?)?\s*{_TZ}?(?![\d:])", iso),
        (r"(\d{4})/(\d{1,2})/(\d{1,2})", lambda st, m: date_only(st, m[1], m[2], m[3])),
        (r"(\d{1,2})/(\d{1,2})/(\d{4})", lambda st, m: date_only(st, m[3], m[1], m[2])),
        (r"(\d{1,2})[.-](\d{1,2})[.-](\d{4})", lambda st, m: date_only(st, m[3], m[2], m[1])),
        (rf"(\d{{1,2}})(?:st|nd|rd|th)?[ -]({_MONTH})\.?[ -](\d{{4}})", lambda st, m: date_only(st, m[3], m[2], m[1])),
        (rf"({_MONTH})\.? (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})", lambda st, m: date_only(st, m[3], m[1], m[2])),
        (r"(first|last) day of(?: ((?:next|last|previous|this) (?:month|year)|[a-z]+(?: \d{4})?))?", day_of),
        (rf"(first|second|third|fourth|fifth|last) ({_WEEKDAY}) of ((?:next|last|previous|this) month|(?:{_MONTH})(?: \d{{4}})?)", nth_weekday),
        (r"(now)\b", keyword),
        (r"(today|midnight|noon|tomorrow|yesterday)\b", keyword),
        (rf"(?P<n>[+-]?\s*\d+)\s*(?P<unit>{_UNIT})\b", relative),
        (rf"(next|last|previous|this) ({_UNIT}|{_WEEKDAY})\b", relative_word),
        (r"(ago)\b", ago),
        (rf"({_WEEKDAY})\b", weekday),
        (r"(?P<h>\d{1,2}):(?P<i>\d{2})(?::(?P<s>\d{2})(?:[.,](?P<f>\d+))?)?\s*(?P<ap>[ap]\.?m\.?)?(?!\d)", set_time),
        (r"(?P<h>\d{1,2})\s*(?P<ap>[ap]\.?m\.?)(?P<i>)(?P<s>)(?P<f>)", set_time),
        (_TZ + r"\b", tz),
    ]


_RULES = [(re.compile(p), handler) for p, handler in _rules()]


def _add_months(y: int, m: int, months: int) -> tuple[int, int]:
    total = y * 12 + (m - 1) + months
    return total // 12, total % 12 + 1


def _normalize(y: int, m: int, d: int) -> dt.date:
    """PHP-style overflow: day 31 of a 30-day month is the 1st of the next one; day 0 the last of the previous."""
    y, m = _add_months(y, m, 0)
    if not 1 <= y <= 9999:
        raise DateParseError("year out of range")
    return dt.date(y, m, 1) + dt.timedelta(days=d - 1)


def _parse_state(text: str) -> _State:
    st, pos, text = _State(), 0, text.strip().lower()
    if not text:
        return st
    while pos < len(text):
        if text[pos] in " ,\t":
            pos += 1
            continue
        for pattern, handler in _RULES:
            m = pattern.match(text, pos)
            if m and m.end() > pos:
                handler(st, m)
                pos = m.end()
                break
        else:
            raise DateParseError(f"cannot read {text[pos:]!r}")
    return st


def parse(text: str, now: dt.datetime) -> dt.datetime:
    """`new DateTime(text)` relative to ``now`` (an aware datetime). Raises DateParseError."""
    st = _parse_state(text)
    if st.timestamp is not None:
        base = dt.datetime.fromtimestamp(st.timestamp, dt.timezone.utc)
        return base.astimezone(st.tz) if st.tz else base
    tz = st.tz or now.tzinfo
    base = now.astimezone(tz)
    y, mo, d = base.year, base.month, base.day
    h, i, s, us = base.hour, base.minute, base.second, base.microsecond
    if st.date:
        y = st.date[0] if st.date[0] is not None else y
        mo, d = st.date[1], st.date[2]
        if st.date[0] is not None and st.date[2] > 31 or not 1 <= mo <= 12:
            raise DateParseError("date out of range")
        h, i, s, us = 0, 0, 0, 0
    if st.time:
        h, i, s, us = st.time
    day = _normalize(y, mo, d)
    if st.weekday:  # weekdays count from the date before relative offsets are added (as PHP does)
        target, direction = st.weekday
        diff = (target - day.weekday()) % 7
        if direction == 1 and diff == 0:
            diff = 7
        elif direction == -1:
            diff = -((day.weekday() - target) % 7 or 7)
        day += dt.timedelta(days=diff)
    ry, rm = _add_months(day.year, day.month, st.rel["y"] * 12 + st.rel["m"])
    if st.day_of == "first":
        day = dt.date(ry, rm, 1) if 1 <= ry <= 9999 else _normalize(ry, rm, 1)
    elif st.day_of == "last":
        day = _normalize(ry, rm, calendar.monthrange(ry, rm)[1] if 1 <= ry <= 9999 else 1)
    elif st.nth_weekday:
        ordinal, target = st.nth_weekday
        if ordinal > 0:
            first = _normalize(ry, rm, 1)
            day = first + dt.timedelta(days=(target - first.weekday()) % 7 + 7 * (ordinal - 1))
        else:
            last = _normalize(ry, rm, calendar.monthrange(ry, rm)[1])
            day = last - dt.timedelta(days=(last.weekday() - target) % 7)
    else:
        day = _normalize(ry, rm, day.day)
    day += dt.timedelta(days=st.rel["d"])
    hour_overflow = dt.timedelta(hours=h) if h == 24 else dt.timedelta(0)
    result = dt.datetime(day.year, day.month, day.day, h % 24, i, min(s, 59), us, tzinfo=tz) + hour_overflow
    return result + dt.timedelta(hours=st.rel["h"], minutes=st.rel["i"], seconds=st.rel["s"])


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
        raise DateParseError(f"{text!r} is not an ISO 8601 duration like P1D or PT2H")
    n = {k: int(v or 0) for k, v in m.groupdict().items()}
    return Duration(n["y"], n["m"], n["d"] + 7 * n["w"], n["h"], n["i"], n["s"])


def shift(moment: dt.datetime, duration: Duration, sign: int) -> dt.datetime:
    """`DateTime::add` (sign 1) or `::sub` (sign -1), months overflowing like PHP."""
    y, m = _add_months(moment.year, moment.month, sign * (duration.years * 12 + duration.months))
    day = _normalize(y, m, moment.day) + dt.timedelta(days=sign * duration.days)
    moved = moment.replace(year=day.year, month=day.month, day=day.day)
    return moved + sign * dt.timedelta(hours=duration.hours, minutes=duration.minutes, seconds=duration.seconds)


def parse_reference(text: str, now: dt.datetime) -> dt.datetime:
    """A DateTimeRangeValidator bound: `<time>`, `<start>/<duration>` or `<duration>/<end>`."""
    parts = text.split("/", 1)
    if len(parts) == 1:
        return parse(parts[0], now)
    first, second = parts
    if "P" in first:
        return shift(parse(second, now), parse_duration(first), -1)
    if "P" in second:
        return shift(parse(first, now), parse_duration(second), 1)
    raise DateParseError(f'There is no valid interval declaration in "{text}". Exactly one part must begin with "P".')
