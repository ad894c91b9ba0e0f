"""moment.js's ``format()`` for the English locale: the text the CMS's date field shows.

The CMS's DateTimeEditor turns its PHP-style ``format`` into a moment.js format and shows the value
with ``moment(value).format(...)``. Everything the conversion leaves alone goes to moment as it is, so
a letter such as ``L``, ``Z`` or ``X`` is a moment token there, a backslash escapes the token after it
and ``[...]`` is literal text. This module renders such a format as moment 2.x does (English names,
the English locale's weeks starting on Sunday); ``tests/js/test_moment.py`` pins the rules.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

# moment's `formattingTokens`: a bracketed literal, or an optional backslash and a token (or any one
# character); a newline matches nothing and is dropped, as `String#match` drops it.
_TOKENS = re.compile(
    r"(\[[^\[]*\])|(\\)?([Hh]mm(ss)?|Mo|MM?M?M?|Do|DDDo|DD?D?D?|ddd?d?|do?|w[o|w]?|W[o|W]?|Qo?|N{1,5}"
    r"|YYYYYY|YYYYY|YYYY|YY|y{2,4}|yo?|gg(ggg?)?|GG(GGG?)?|e|E|a|A|hh?|HH?|kk?|mm?|ss?|S{1,9}|x|X|zz?|ZZ?|.)"
)
# `localFormattingTokens`, expanded before formatting by the locale's long date formats
_LOCAL_TOKENS = re.compile(r"(\[[^\[]*\])|(\\)?(LTS|LT|LL?L?L?|l{1,4})")
_LONG_FORMATS = {
    "LTS": "h:mm:ss A", "LT": "h:mm A", "L": "MM/DD/YYYY", "LL": "MMMM D, YYYY",
    "LLL": "MMMM D, YYYY h:mm A", "LLLL": "dddd, MMMM D, YYYY h:mm A",
    "l": "M/D/YYYY", "ll": "MMM D, YYYY", "lll": "MMM D, YYYY h:mm A", "llll": "ddd, MMM D, YYYY h:mm A",
}

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"]
_WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]  # moment's day() order


def _pad(number: int, width: int, force_sign: bool = False) -> str:
    """moment's ``zeroFill``."""
    sign = "-" if number < 0 else ("+" if force_sign else "")
    return sign + str(abs(number)).zfill(width)


def _ordinal(number: int) -> str:
    if number % 100 // 10 == 1:
        return f"{number}th"
    return f"{number}" + {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def _day(d: datetime) -> int:
    """moment's ``day()``: 0 for Sunday."""
    return (d.weekday() + 1) % 7


def _first_week_offset(year: int) -> int:
    # the English locale: weeks start on Sunday (dow 0) and the week holding 1 January is the first (doy 6)
    first_week_day = 7 + 0 - 6
    weekday = (date(year, 1, first_week_day).weekday() + 1) % 7
    return -((7 + weekday - 0) % 7) + first_week_day - 1


def _weeks_in_year(year: int) -> int:
    days = 366 if calendar.isleap(year) else 365
    return (days - _first_week_offset(year) + _first_week_offset(year + 1)) // 7


def _locale_week(d: datetime) -> tuple[int, int]:
    """(week, week year) in the English locale's weeks."""
    week = (d.timetuple().tm_yday - _first_week_offset(d.year) - 1) // 7 + 1
    if week < 1:
        return week + _weeks_in_year(d.year - 1), d.year - 1
    if week > _weeks_in_year(d.year):
        return week - _weeks_in_year(d.year), d.year + 1
    return week, d.year


def _offset(d: datetime, separator: str) -> str:
    minutes = int((d.utcoffset() or timedelta(0)).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    hours, mins = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{separator}{mins:02d}"


def _milliseconds(d: datetime) -> int:
    return d.microsecond // 1000


def _hour12(d: datetime) -> int:
    return d.hour % 12 or 12


def _year(d: datetime) -> str:
    return _pad(d.year, 4) if d.year <= 9999 else f"+{d.year}"


def _fraction(width: int) -> Callable[[datetime], str]:
    if width <= 3:
        return lambda d: _pad(_milliseconds(d) // 10 ** (3 - width), width)
    return lambda d: _pad(_milliseconds(d) * 10 ** (width - 3), width)


_RENDER: dict[str, Callable[[datetime], str]] = {
    "M": lambda d: str(d.month), "Mo": lambda d: _ordinal(d.month), "MM": lambda d: _pad(d.month, 2),
    "MMM": lambda d: _MONTHS[d.month - 1][:3], "MMMM": lambda d: _MONTHS[d.month - 1],
    "Q": lambda d: str((d.month - 1) // 3 + 1), "Qo": lambda d: _ordinal((d.month - 1) // 3 + 1),
    "D": lambda d: str(d.day), "Do": lambda d: _ordinal(d.day), "DD": lambda d: _pad(d.day, 2),
    "DDD": lambda d: str(d.timetuple().tm_yday), "DDDo": lambda d: _ordinal(d.timetuple().tm_yday),
    "DDDD": lambda d: _pad(d.timetuple().tm_yday, 3),
    "d": lambda d: str(_day(d)), "do": lambda d: _ordinal(_day(d)), "dd": lambda d: _WEEKDAYS[_day(d)][:2],
    "ddd": lambda d: _WEEKDAYS[_day(d)][:3], "dddd": lambda d: _WEEKDAYS[_day(d)],
    "e": lambda d: str(_day(d)), "E": lambda d: str(d.isoweekday()),
    "w": lambda d: str(_locale_week(d)[0]), "wo": lambda d: _ordinal(_locale_week(d)[0]),
    "ww": lambda d: _pad(_locale_week(d)[0], 2),
    "W": lambda d: str(d.isocalendar()[1]), "Wo": lambda d: _ordinal(d.isocalendar()[1]),
    "WW": lambda d: _pad(d.isocalendar()[1], 2),
    "gg": lambda d: _pad(_locale_week(d)[1] % 100, 2), "gggg": lambda d: _pad(_locale_week(d)[1], 4),
    "ggggg": lambda d: _pad(_locale_week(d)[1], 5),
    "GG": lambda d: _pad(d.isocalendar()[0] % 100, 2), "GGGG": lambda d: _pad(d.isocalendar()[0], 4),
    "GGGGG": lambda d: _pad(d.isocalendar()[0], 5),
    "Y": _year, "YY": lambda d: _pad(d.year % 100, 2), "YYYY": lambda d: _pad(d.year, 4),
    "YYYYY": lambda d: _pad(d.year, 5), "YYYYYY": lambda d: _pad(d.year, 6, force_sign=True),
    # eras (Anno Domini for every date a DateTime property holds)
    "N": lambda d: "AD", "NN": lambda d: "AD", "NNN": lambda d: "AD", "NNNN": lambda d: "Anno Domini",
    "NNNNN": lambda d: "AD",
    "y": lambda d: str(d.year), "yo": lambda d: _ordinal(d.year), "yy": lambda d: _pad(d.year, 2),
    "yyy": lambda d: _pad(d.year, 3), "yyyy": lambda d: _pad(d.year, 4),
    "a": lambda d: "pm" if d.hour > 11 else "am", "A": lambda d: "PM" if d.hour > 11 else "AM",
    "H": lambda d: str(d.hour), "HH": lambda d: _pad(d.hour, 2),
    "h": lambda d: str(_hour12(d)), "hh": lambda d: _pad(_hour12(d), 2),
    "k": lambda d: str(d.hour or 24), "kk": lambda d: _pad(d.hour or 24, 2),
    "hmm": lambda d: f"{_hour12(d)}{d.minute:02d}", "hmmss": lambda d: f"{_hour12(d)}{d.minute:02d}{d.second:02d}",
    "Hmm": lambda d: f"{d.hour}{d.minute:02d}", "Hmmss": lambda d: f"{d.hour}{d.minute:02d}{d.second:02d}",
    "m": lambda d: str(d.minute), "mm": lambda d: _pad(d.minute, 2),
    "s": lambda d: str(d.second), "ss": lambda d: _pad(d.second, 2),
    # a moment made from a local date has no zone name without moment-timezone
    "z": lambda d: "", "zz": lambda d: "",
    "Z": lambda d: _offset(d, ":"), "ZZ": lambda d: _offset(d, ""),
    "X": lambda d: str(int(d.timestamp() // 1)), "x": lambda d: str(int(d.timestamp() * 1000 // 1)),
}
_RENDER.update({"S" * width: _fraction(width) for width in range(1, 10)})


def _expand(fmt: str) -> str:
    """moment's ``expandFormat``: the locale's long date tokens replaced (at most five rounds)."""
    for _ in range(5):
        if not _LOCAL_TOKENS.search(fmt):
            break
        fmt = _LOCAL_TOKENS.sub(lambda m: _LONG_FORMATS.get(m.group(0), m.group(0)), fmt)
    return fmt


def _literal(token: str) -> str:
    """moment's ``removeFormattingTokens``: a bracketed text without its brackets, else without backslashes."""
    if re.match(r"\[[\s\S]", token):
        return re.sub(r"^\[|\]$", "", token)
    return token.replace("\\", "")


def format_moment(value: datetime, fmt: str) -> str:
    """``moment(value).format(fmt)`` in the English locale (``value`` in the zone it is shown in)."""
    out = []
    for match in _TOKENS.finditer(_expand(fmt)):
        token = match.group(0)
        render = _RENDER.get(token)
        out.append(render(value) if render is not None else _literal(token))
    return "".join(out)
