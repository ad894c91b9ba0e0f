"""PHP ``date()`` format strings: rendering a datetime, and what a format asks a picker to show.

The DateTimeEditor's ``format`` option is written in PHP date letters (``d-m-Y H:i``). This module
renders every letter of the spec's table (plus the other common PHP letters) and detects the
picker mode the way the CMS does (date part / time part / 24-hour clock by the letters present).
A backslash escapes the next character in ``format_php_date``, as in PHP; ``format_mode`` reads the
format as written, as the CMS does.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

DATE_LETTERS = frozenset("yYFmMntdDjlNSw")
TIME_LETTERS = frozenset("gGhHis")
TWENTY_FOUR_HOUR_LETTERS = frozenset("GH")

# English names, independent of the process locale (the CMS renders English by default).
MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]  # datetime.weekday() order


def _ordinal_suffix(day: int) -> str:
    if 11 <= day % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _hour12(dt: datetime) -> int:
    return dt.hour % 12 or 12


def _offset(dt: datetime, colon: bool) -> str:
    delta = dt.utcoffset() or timedelta(0)
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, mins = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{':' if colon else ''}{mins:02d}"


def _zone_identifier(d: datetime) -> str:
    """``e``: the time zone's identifier (``Europe/Berlin``), ``UTC``, or the offset of a fixed zone."""
    key = getattr(d.tzinfo, "key", None)
    if isinstance(key, str):
        return key
    offset = d.utcoffset()
    if offset is None or (not offset and d.tzname() in ("UTC", None)):
        return "UTC"
    return _offset(d, colon=True)


def _swatch_beat(d: datetime) -> int:
    """``B``: Swatch Internet time, the thousandths of a day in Biel (UTC+1), from whole seconds."""
    seconds = int(d.timestamp()) % 86400
    return ((seconds + 3600) * 10 // 864) % 1000


# One renderer per PHP letter; letters not listed are copied through unchanged (PHP does the same
# for non-format characters).
_RENDER: dict[str, Callable[[datetime], str]] = {
    # day
    "d": lambda d: f"{d.day:02d}",
    "D": lambda d: WEEKDAYS[d.weekday()][:3],
    "j": lambda d: str(d.day),
    "l": lambda d: WEEKDAYS[d.weekday()],
    "N": lambda d: str(d.isoweekday()),
    "S": lambda d: _ordinal_suffix(d.day),
    "w": lambda d: str(d.isoweekday() % 7),
    "z": lambda d: str(d.timetuple().tm_yday - 1),
    # week
    "W": lambda d: f"{d.isocalendar()[1]:02d}",
    # month
    "F": lambda d: MONTHS[d.month - 1],
    "m": lambda d: f"{d.month:02d}",
    "M": lambda d: MONTHS[d.month - 1][:3],
    "n": lambda d: str(d.month),
    "t": lambda d: str(calendar.monthrange(d.year, d.month)[1]),
    # year
    "L": lambda d: "1" if calendar.isleap(d.year) else "0",
    "o": lambda d: str(d.isocalendar()[0]),
    "Y": lambda d: f"{d.year:04d}",
    "y": lambda d: f"{d.year % 100:02d}",
    "x": lambda d: f"+{d.year:04d}" if d.year >= 10000 else f"{d.year:04d}",
    "X": lambda d: f"+{d.year:04d}",
    # time
    "a": lambda d: "am" if d.hour < 12 else "pm",
    "A": lambda d: "AM" if d.hour < 12 else "PM",
    "g": lambda d: str(_hour12(d)),
    "G": lambda d: str(d.hour),
    "h": lambda d: f"{_hour12(d):02d}",
    "H": lambda d: f"{d.hour:02d}",
    "i": lambda d: f"{d.minute:02d}",
    "s": lambda d: f"{d.second:02d}",
    "B": lambda d: f"{_swatch_beat(d):03d}",
    "u": lambda d: f"{d.microsecond:06d}",
    "v": lambda d: f"{d.microsecond // 1000:03d}",
    # time zone
    "O": lambda d: _offset(d, colon=False),
    "P": lambda d: _offset(d, colon=True),
    "Z": lambda d: str(int((d.utcoffset() or timedelta(0)).total_seconds())),
    "T": lambda d: d.tzname() or _offset(d, colon=True),
    "e": lambda d: _zone_identifier(d),
    "p": lambda d: "Z" if not (d.utcoffset() or timedelta(0)) else _offset(d, colon=True),
    "I": lambda d: "1" if (d.dst() or timedelta(0)) else "0",
    # full forms
    "c": lambda d: d.strftime("%Y-%m-%dT%H:%M:%S") + _offset(d, colon=True),
    "r": lambda d: f"{WEEKDAYS[d.weekday()][:3]}, {d.day:02d} {MONTHS[d.month - 1][:3]} {d.year:04d} "
    f"{d.hour:02d}:{d.minute:02d}:{d.second:02d} {_offset(d, colon=False)}",
    "U": lambda d: str(int(d.timestamp())),
}


def _letters(fmt: str) -> Iterator[tuple[str, bool]]:
    """Yield (char, escaped) pairs of a PHP format string."""
    escaped = False
    for ch in fmt:
        if escaped:
            yield ch, True
            escaped = False
        elif ch == "\\":
            escaped = True
        else:
            yield ch, False


def format_php_date(value: datetime, fmt: str) -> str:
    """Render ``value`` with a PHP ``date()`` format string."""
    out = []
    for ch, escaped in _letters(fmt):
        render = None if escaped else _RENDER.get(ch)
        out.append(render(value) if render else ch)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class FormatMode:
    """What a picker for this format shows."""

    has_date: bool
    has_time: bool
    twenty_four_hour: bool
    has_seconds: bool

    @property
    def kind(self) -> str:
        if self.has_date and self.has_time:
            return "datetime"
        return "time" if self.has_time else "date"


@lru_cache(maxsize=256)  # one per DateTime editor built; formats repeat and the mode is immutable
def format_mode(fmt: str) -> FormatMode:
    """Picker mode by the letters present (a format with neither part is treated as date-only). The CMS
    tests the format as written: a letter after a backslash counts too."""
    letters = set(fmt or "")
    has_time = bool(letters & TIME_LETTERS)
    has_date = bool(letters & DATE_LETTERS) or not has_time
    return FormatMode(
        has_date=has_date,
        has_time=has_time,
        twenty_four_hour=bool(letters & TWENTY_FOUR_HOUR_LETTERS),
        has_seconds="s" in letters,
    )
