"""PHP's date strings (`new DateTime(text)`, `new DateInterval(text)`), read the way the server reads them.

One parser for the whole studio (Qt-free): the DateTimeRangeValidator bounds, the checker's DateTime
`defaultValue` rule, and the inspector preview, which shows the concrete date a relative default
stands for::

    parse(text, now=None) -> datetime    # aware; raises PhpTimeError naming the part it cannot read
    is_valid(text) -> bool               # parse() succeeds (a blank string does not count)
    parse_duration(text) -> Duration; shift(moment, duration, sign); parse_reference(text, now)

`parse` restates PHP 8.2's timelib: its scanner rules (`parse_date.re`: every date, time, zone and relative
format of https://www.php.net/manual/en/datetime.formats.php, with or without spaces between them, in any
case where PHP ignores case), taken as its scanner takes them (at each place the longest match, the first of
equally long ones; spaces, tabs, dots and commas between the parts are skipped; anything else is an error),
each rule acting on the fields as timelib's action does (a second time or date is refused, a second zone is
ignored, a third refused; a weekday resets the time; `tomorrow` sets the day offset). Then the holes are
filled from "now" and the relative parts applied as `timelib_fill_holes` and `timelib_update_ts` do:
weekdays first, then the offsets, `first/last day of`, `<ordinal> <weekday> of`, `+N weekdays`, months
overflowing (January 31 + 1 month = March 2 or 3). A text naming a zone identifier (`Europe/Berlin`) takes
"now" in that zone, as `new DateTime` does; under an offset or abbreviation (`+01:00`, `Z`, `CET`, the
military letters `A`..`Z`) the clock time of ``now``'s zone is kept and read in that offset.

tests/php compare it with the `php` command: named forms, and a seeded sample of generated strings.
Where PHP reads a date outside the years 1-9999 (`@-99999999999`, `Cet @1700000000`, which PHP reads
as the year 0), the studio reports it instead.
"""

from __future__ import annotations

import datetime as dt
import re
import string
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable
from zoneinfo import ZoneInfo


class PhpTimeError(ValueError):
    """The text is not a date/time (or duration) PHP can read; the message names the unreadable part."""


_MONTHS = {name: i for i, names in enumerate(
    [(), ("january", "jan", "i"), ("february", "feb", "ii"), ("march", "mar", "iii"), ("april", "apr", "iv"),
     ("may", "v"), ("june", "jun", "vi"), ("july", "jul", "vii"), ("august", "aug", "viii"),
     ("september", "sep", "sept", "ix"), ("october", "oct", "x"), ("november", "nov", "xi"),
     ("december", "dec", "xii")]) for name in names}
# timelib's relative units: word -> (field, multiplier); weekdays (0 Sunday .. 6 Saturday) and "weekday(s)"
_US, _S, _I, _H, _D, _M, _Y, _WEEKDAY, _SPECIAL = "us", "s", "i", "h", "d", "m", "y", "weekday", "special"
_RELUNITS: dict[str, tuple[str, int]] = {
    **dict.fromkeys(("ms", "msec", "msecs", "millisecond", "milliseconds"), (_US, 1000)),
    **dict.fromkeys(("µs", "usec", "usecs", "µsec", "µsecs", "microsecond", "microseconds"), (_US, 1)),
    **dict.fromkeys(("sec", "secs", "second", "seconds"), (_S, 1)),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), (_I, 1)),
    **dict.fromkeys(("hour", "hours"), (_H, 1)),
    **dict.fromkeys(("day", "days"), (_D, 1)),
    **dict.fromkeys(("week", "weeks"), (_D, 7)),
    **dict.fromkeys(("fortnight", "fortnights", "forthnight", "forthnights"), (_D, 14)),
    **dict.fromkeys(("month", "months"), (_M, 1)),
    **dict.fromkeys(("year", "years"), (_Y, 1)),
    **{name: (_WEEKDAY, i % 7) for i, names in enumerate(
        [("monday", "mon"), ("tuesday", "tue"), ("wednesday", "wed"), ("thursday", "thu"), ("friday", "fri"),
         ("saturday", "sat"), ("sunday", "sun")], start=1) for name in names},
    **dict.fromkeys(("weekday", "weekdays"), (_SPECIAL, 1)),
}
# relative words: value and behaviour ("this" counts today)
_RELTEXT = {"first": 1, "next": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
            "eight": 8, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1,
            "previous": -1, "this": 0}

# special relatives
_WEEKDAY_COUNT, _NTH_WEEKDAY_OF, _LAST_WEEKDAY_OF = 1, 2, 3
_ZONE_OFFSET, _ZONE_ABBR, _ZONE_ID = 1, 2, 3


@dataclass
class _Time:
    """timelib's timelib_time while a text is read: None stands for TIMELIB_UNSET."""

    y: int | None = None
    m: int | None = None
    d: int | None = None
    h: int | None = None
    i: int | None = None
    s: int | None = None
    us: int | None = None
    have_time: int = 0
    have_date: bool = False
    have_zone: int = 0
    have_relative: bool = False
    zone_type: int = 0
    z: int = 0  # the offset in seconds (offset and abbreviation zones)
    tz: dt.tzinfo | None = None  # a zone named by its identifier
    rel: dict[str, int] = field(default_factory=lambda: dict.fromkeys((_Y, _M, _D, _H, _I, _S, _US), 0))
    weekday: int = 0
    weekday_behavior: int = 0
    have_weekday_relative: bool = False
    special_type: int = 0
    special_amount: int = 0
    first_last_day_of: str = ""
    errors: list[str] = field(default_factory=list)

    def unhave_time(self) -> None:
        self.have_time, self.h, self.i, self.s, self.us = 0, 0, 0, 0, 0

    def have_a_time(self) -> bool:
        if self.have_time:
            self.errors.append("two times in one text (PHP: double time specification)")
            return False
        self.have_time, self.h, self.i, self.s, self.us = 1, 0, 0, 0, 0
        return True

    def have_a_date(self) -> bool:
        if self.have_date:
            self.errors.append("two dates in one text (PHP: double date specification)")
            return False
        self.have_date = True
        return True

    def have_a_zone(self) -> bool:
        self.have_zone += 1
        if self.have_zone > 2:
            self.errors.append("three time zones in one text (PHP: double timezone specification)")
        return self.have_zone == 1  # a second one is ignored (PHP warns)


class _Ptr:
    """A cursor over one token, as timelib's helper functions walk it (the token ends in "\\0")."""

    def __init__(self, token: str) -> None:
        self.s, self.p = token.split("\0", 1)[0] + "\0", 0

    @property
    def c(self) -> str:
        return self.s[self.p]

    def at_end(self) -> bool:
        return self.c == "\0"

    def nr(self, max_length: int) -> int | None:
        return self.nr_ex(max_length)[0]

    def nr_ex(self, max_length: int) -> tuple[int | None, int]:
        while not self.c.isdigit() or not self.c.isascii():
            if self.at_end():
                return None, 0
            self.p += 1
        begin = self.p
        while self.c in "0123456789" and self.p - begin < max_length:
            self.p += 1
        return int(self.s[begin:self.p]), self.p - begin

    def signed_nr(self, max_length: int) -> int | None:
        """timelib_get_unsigned_nr: any number of signs, each `-` turning the number round."""
        while self.c not in "0123456789+-":
            if self.at_end():
                return None
            self.p += 1
        sign = 1
        while self.c in "+-":
            sign = -sign if self.c == "-" else sign
            self.p += 1
        number = self.nr(max_length)
        return None if number is None else sign * number

    def frac(self) -> int | None:
        """timelib_get_frac_nr: the digits after a `.` or `:` as microseconds."""
        while self.c not in ".:0123456789":
            if self.at_end():
                return None
            self.p += 1
        begin = self.p
        while self.c in ".:0123456789" and not self.at_end():
            self.p += 1
        lead = re.match(r"\d*(?:\.\d*)?", self.s[begin + 1:self.p])
        number = float(lead[0]) if lead and lead[0].strip(".") else 0.0
        return int(number * 10 ** (7 - (self.p - begin)))

    def skip(self, chars: str) -> None:
        while self.c in chars and not self.at_end():
            self.p += 1

    def word(self, stop: Callable[[str], bool]) -> str:
        begin = self.p
        while not self.at_end() and not stop(self.c):
            self.p += 1
        return self.s[begin:self.p]

    def letters(self) -> str:
        return self.word(lambda c: not ("a" <= c <= "z" or "A" <= c <= "Z"))

    def month(self) -> int:
        self.skip(" \t-./")
        return _MONTHS.get(self.letters().lower(), 0)

    def relative_text(self) -> tuple[int, int]:
        """(amount, behaviour): `this` counts today (1), the others do not (0)."""
        self.skip(" \t-/")
        word = self.letters().lower()
        return _RELTEXT.get(word, 0), 1 if word == "this" else 0

    def day_suffix(self) -> None:
        if not self.c.isspace() and self.s[self.p:self.p + 2].lower() in ("nd", "rd", "st", "th"):
            self.p += 2

    def meridian(self, hour: int) -> int:
        while self.c not in "AaPp" and not self.at_end():  # (the rules that call it matched a meridian)
            self.p += 1
        shift = (-12 if hour == 12 else 0) if self.c in "Aa" else (12 if hour != 12 else 0)
        self.p += 1
        for expected in (".", "Mm", "."):
            if self.c in expected and not self.at_end():
                self.p += 1
        return shift

    def relunit(self) -> tuple[str, int] | None:
        word = self.word(lambda c: c in " ,\t;:/.-()")
        return _RELUNITS.get(word.lower())


def _set_relative(t: _Time, ptr: _Ptr, amount: int, behavior: int, keep_time: bool = False) -> None:
    """timelib_set_relative; a weekday or weekday count resets the time unless written with a number (`+1 monday`)."""
    unit = ptr.relunit()
    if unit is None:
        return
    key, factor = unit
    if key == _WEEKDAY:
        t.have_relative = t.have_weekday_relative = True
        if not keep_time:
            t.unhave_time()
        t.rel[_D] += (amount - 1 if amount > 0 else amount) * 7
        t.weekday, t.weekday_behavior = factor, behavior
    elif key == _SPECIAL:
        t.have_relative = True
        if not keep_time:
            t.unhave_time()
        t.special_type, t.special_amount = _WEEKDAY_COUNT, amount
    else:
        t.rel[key] += amount * factor


def _year(number: int | None, length: int) -> int | None:
    """TIMELIB_PROCESS_YEAR: years written with fewer than 4 digits below 100 are 19xx (70-99) or 20xx."""
    if number is None or length >= 4 or number >= 100:
        return number
    return number + (2000 if number < 70 else 1900)


@lru_cache(maxsize=1)
def _zone_ids() -> dict[str, str]:
    """The zone identifiers by their lower-case spelling (PHP finds `Europe/berlin` too): the names of the
    files under the zoneinfo folders (which is quicker than ``available_timezones``, which reads them all)."""
    import os
    import zoneinfo

    names: dict[str, str] = {}
    for folder in zoneinfo.TZPATH:
        for path, folders, files in os.walk(folder):
            folders[:] = [name for name in folders if name[:1].isupper()]  # not posix/, right/
            for file in files:
                if file[:1].isupper() and "." not in file:
                    name = os.path.relpath(os.path.join(path, file), folder).replace(os.sep, "/")
                    names.setdefault(name.lower(), name)
    return names or {name.lower(): name for name in zoneinfo.available_timezones()}


def _zone_id(name: str) -> dt.tzinfo | None:
    key = _zone_ids().get(name.lower())
    try:
        return ZoneInfo(key) if key else None
    except (KeyError, ValueError, OSError):  # not found (ZoneInfoNotFoundError), or a file that is no zone
        return None


def _zone_offset(digits: str) -> int | None:
    """timelib_parse_tz_cor: `H`, `HH`, `H:M`, `H:MM`, `HH:M`, `HHMM`, `HH:MM`, `HHMMSS`, `HH:MM:SS` in seconds."""
    def lead(text: str) -> int:
        m = re.match(r"\d*", text)
        return int(m[0]) if m and m[0] else 0
    if 1 <= len(digits) <= 2:
        return lead(digits) * 3600
    if len(digits) in (3, 4):
        if digits[1] == ":":
            return lead(digits) * 3600 + lead(digits[2:]) * 60
        if digits[2] == ":":
            return lead(digits) * 3600 + lead(digits[3:]) * 60
        number = lead(digits)
        return number // 100 * 3600 + number % 100 * 60
    if len(digits) == 5 and digits[2] == ":":
        return lead(digits) * 3600 + lead(digits[3:]) * 60
    if len(digits) == 6:
        number = lead(digits)
        return number // 10000 * 3600 + number // 100 % 100 * 60 + number % 100
    if len(digits) == 8 and digits[2] == digits[5] == ":":
        return lead(digits) * 3600 + lead(digits[3:]) * 60 + lead(digits[6:])
    return None


def _parse_zone(t: _Time, ptr: _Ptr) -> None:
    """timelib_parse_zone: an offset (`+01:00`, `GMT+1`), an abbreviation (`CET`, `Z`) or an identifier."""
    from nodetype_studio.php.tzabbr import OFFSETS

    ptr.skip(" \t(")
    if ptr.s.startswith(("GMT+", "GMT-"), ptr.p):
        ptr.p += 3
    if ptr.c in "+-" and not ptr.at_end():
        sign = -1 if ptr.c == "-" else 1
        ptr.p += 1
        offset = _zone_offset(ptr.word(lambda c: not (c.isdigit() or c == ":")))
        t.zone_type, t.z, t.tz = _ZONE_OFFSET, sign * (offset or 0), None
        if offset is None:
            t.errors.append("unknown time zone offset")
    else:
        word = ptr.word(lambda c: c in ") ")
        key = word.lower()
        found = False
        if key in OFFSETS:  # (`utc` and `gmt` among them)
            t.zone_type, t.z, t.tz, found = _ZONE_ABBR, OFFSETS[key], None, True
        if not found or word == "UTC":
            zone = _zone_id(word)
            if zone is not None:
                t.zone_type, t.tz, found = _ZONE_ID, zone, True
        if not found:
            t.errors.append(f"cannot read {word!r} (PHP takes it for a time zone and knows none of that name)")
    ptr.skip(")")


Action = Callable[[_Time, _Ptr], None]


def _actions() -> dict[str, Action]:
    """timelib's rule actions (`parse_date.re`), one small function each, by name."""
    def yesterday(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        t.unhave_time()
        t.rel[_D] = -1

    def now(t: _Time, p: _Ptr) -> None:
        pass

    def noon(t: _Time, p: _Ptr) -> None:
        t.unhave_time()
        if t.have_a_time():
            t.h = 12

    def today(t: _Time, p: _Ptr) -> None:
        t.unhave_time()

    def tomorrow(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        t.unhave_time()
        t.rel[_D] = 1

    def timestamp(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        t.have_date, t.y, t.m, t.d = False, 0, 0, 0
        t.unhave_time()
        if not t.have_a_zone():
            return
        negative = p.s[1] == "-"
        seconds = p.signed_nr(24) or 0
        micro = None
        if p.c == ".":  # `@1700000000.5`: up to six digits of a second, as negative as the seconds
            digits = p.s[p.p + 1:].rstrip("\0")
            if not digits:
                t.errors.append(f"cannot read {p.s.rstrip(chr(0))!r}: no digits after the dot")
                return
            micro = -int(digits.ljust(6, "0")) if negative else int(digits.ljust(6, "0"))
        t.y, t.m, t.d, t.h, t.i, t.s, t.us = 1970, 1, 1, 0, 0, 0, 0
        t.rel[_S] += seconds
        if micro is not None:
            t.rel[_US] = micro
        t.zone_type, t.z, t.tz = _ZONE_OFFSET, 0, None

    def first_last_day_of(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        t.first_last_day_of = "last" if p.c in "lL" else "first"

    def back_front_of(t: _Time, p: _Ptr) -> None:
        t.unhave_time()
        t.have_a_time()
        back = p.c == "b"  # (timelib looks at the first letter as written: `Back of 7` is read as `front of 7`)
        hour = p.nr(2) or 0
        t.h, t.i = (hour, 15) if back else (hour - 1, 45)
        if not p.at_end():
            p.skip(" \t")
            t.h += p.meridian(t.h)

    def weekday_of(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        amount, behavior = p.relative_text()
        p.skip(" \t")
        if amount > 0:
            t.special_type = _NTH_WEEKDAY_OF
            _set_relative(t, p, amount, 1)
        else:
            t.special_type = _LAST_WEEKDAY_OF
            _set_relative(t, p, amount, behavior)

    def time12(t: _Time, p: _Ptr) -> None:
        if not t.have_a_time():
            return
        t.h = p.nr(2)
        if p.c in ":.":
            t.i = p.nr(2)
            if p.c in ":.":
                t.s = p.nr(2)
        t.h = (t.h or 0) + p.meridian(t.h or 0)

    def mssqltime(t: _Time, p: _Ptr) -> None:
        if not t.have_a_time():
            return
        t.h, t.i = p.nr(2), p.nr(2)
        if p.c in ":.":
            t.s = p.nr(2)
            if p.c in ":.":
                t.us = p.frac()
        p.skip(" \t")
        t.h = (t.h or 0) + p.meridian(t.h or 0)

    def time24(t: _Time, p: _Ptr) -> None:
        if not t.have_a_time():
            return
        t.h = p.nr(2)
        if p.c in ":.":  # (`T9` is 09:00)
            t.i = p.nr(2)
            if p.c in ":.":
                t.s = p.nr(2)
                if p.c == ".":
                    t.us = p.frac()
        if not p.at_end():
            _parse_zone(t, p)

    def gnunocolon(t: _Time, p: _Ptr) -> None:
        if t.have_time == 0:
            t.h, t.i, t.s = p.nr(2), p.nr(2), 0
        elif t.have_time == 1:
            t.y = p.nr(4)
        else:
            t.errors.append("two times in one text (PHP: double time specification)")
            return
        t.have_time += 1

    def iso8601nocolon(t: _Time, p: _Ptr) -> None:
        if not t.have_a_time():
            return
        t.h, t.i, t.s = p.nr(2), p.nr(2), p.nr(2)
        if not p.at_end():
            _parse_zone(t, p)

    def american(t: _Time, p: _Ptr) -> None:
        if not t.have_a_date():
            return
        t.m, t.d = p.nr(2), p.nr(2)
        if p.c == "/":
            t.y = _year(*p.nr_ex(4))

    def iso_date4(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.y, t.m, t.d = p.signed_nr(4), p.nr(2), p.nr(2)

    def iso_datex(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.y, t.m, t.d = p.signed_nr(19), p.nr(2), p.nr(2)

    def year_month_day(t: _Time, p: _Ptr) -> None:  # iso8601date2, gnudateshort
        if t.have_a_date():
            year = p.nr_ex(4)
            t.m, t.d = p.nr(2), p.nr(2)
            t.y = _year(*year)

    def gnudateshorter(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            year = p.nr_ex(4)
            t.m, t.d, t.y = p.nr(2), 1, _year(*year)

    def datefull(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.d = p.nr(2)
            p.day_suffix()
            t.m = p.month()
            t.y = _year(*p.nr_ex(4))

    def pointeddate4(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.d, t.m, t.y = p.nr(2), p.nr(2), p.nr(4)

    def pointeddate2(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.d, t.m = p.nr(2), p.nr(2)
            t.y = _year(*p.nr_ex(2))

    def datenoday(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.m = p.month()
            t.y, t.d = _year(*p.nr_ex(4)), 1

    def datenodayrev(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            year = p.nr_ex(4)
            t.m, t.d, t.y = p.month(), 1, _year(*year)

    def datetextual(t: _Time, p: _Ptr) -> None:  # datetextual, datenoyear, pgtextshort
        if t.have_a_date():
            t.m = p.month()
            t.d = p.nr(2)
            t.y = _year(*p.nr_ex(4))

    def datenoyearrev(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.d = p.nr(2)
            p.day_suffix()
            t.m = p.month()

    def datenocolon(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.y, t.m, t.d = p.nr(4), p.nr(2), p.nr(2)

    def xmlrpc(t: _Time, p: _Ptr) -> None:  # xmlrpc, xmlrpcnocolon, soap, wddx, exif
        if not t.have_a_time() or not t.have_a_date():
            return
        t.y, t.m, t.d, t.h, t.i, t.s = p.nr(4), p.nr(2), p.nr(2), p.nr(2), p.nr(2), p.nr(2)
        if p.c == ".":
            t.us = p.frac()
            if not p.at_end():
                _parse_zone(t, p)

    def pgydotd(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            year = p.nr_ex(4)
            t.d, t.m, t.y = p.nr(3), 1, _year(*year)

    def isoweek(t: _Time, p: _Ptr) -> None:  # isoweekday, isoweek
        if not t.have_a_date():
            return
        t.have_relative = True
        year, week = p.nr(4) or 0, p.nr(2) or 0
        day = p.nr(1)  # (none in `2024-W05`: its Monday)
        day = 1 if day is None else day
        t.y, t.m, t.d = year, 1, 1
        jan1 = (_days_from_civil(year, 1, 1) + 4) % 7  # 0 Sunday .. 6 Saturday
        t.rel[_D] = -(jan1 - 7 if jan1 > 4 else jan1) + (week - 1) * 7 + day

    def pgtextreverse(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            year = p.nr_ex(4)
            t.m, t.d, t.y = p.month(), p.nr(2), _year(*year)

    def clf(t: _Time, p: _Ptr) -> None:
        if not t.have_a_time() or not t.have_a_date():
            return
        t.d, t.m, t.y = p.nr(2), p.month(), p.nr(4)
        t.h, t.i, t.s = p.nr(2), p.nr(2), p.nr(2)
        _parse_zone(t, p)

    def year4(t: _Time, p: _Ptr) -> None:
        t.y = p.nr(4)

    def ago(t: _Time, p: _Ptr) -> None:
        for key in (_Y, _M, _D, _H, _I, _S):
            t.rel[key] = -t.rel[key]
        t.weekday = -t.weekday or -7
        if t.special_type == _WEEKDAY_COUNT:
            t.special_amount = -t.special_amount

    def daytext(t: _Time, p: _Ptr) -> None:
        t.have_relative = t.have_weekday_relative = True
        t.unhave_time()
        unit = p.relunit()
        t.weekday = unit[1] if unit else 0
        if t.weekday_behavior != 2:
            t.weekday_behavior = 1

    def relativetextweek(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        while not p.at_end():
            amount, behavior = p.relative_text()
            p.skip(" \t")
            _set_relative(t, p, amount, behavior)
            t.weekday_behavior = 2
            if not t.have_weekday_relative:
                t.have_weekday_relative, t.weekday = True, 1

    def relativetext(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        while not p.at_end():
            amount, behavior = p.relative_text()
            p.skip(" \t")
            _set_relative(t, p, amount, behavior)

    def monthtext(t: _Time, p: _Ptr) -> None:
        if t.have_a_date():
            t.m = _MONTHS.get(p.letters().lower(), 0)

    def zone(t: _Time, p: _Ptr) -> None:
        if t.have_a_zone():
            _parse_zone(t, p)

    def dateshortwithtime12(t: _Time, p: _Ptr) -> None:
        if not t.have_a_date():
            return
        t.m, t.d = p.month(), p.nr(2)
        if not t.have_a_time():
            return
        t.h, t.i = p.nr(2), p.nr(2)
        if p.c in ":.":
            t.s = p.nr(2)
            if p.c == ".":
                t.us = p.frac()
        t.h = (t.h or 0) + p.meridian(t.h or 0)

    def dateshortwithtime(t: _Time, p: _Ptr) -> None:
        if not t.have_a_date():
            return
        t.m, t.d = p.month(), p.nr(2)
        if not t.have_a_time():
            return
        t.h, t.i = p.nr(2), p.nr(2)
        if p.c == ":":
            t.s = p.nr(2)
            if p.c == ".":
                t.us = p.frac()
        if not p.at_end():
            _parse_zone(t, p)

    def relative(t: _Time, p: _Ptr) -> None:
        t.have_relative = True
        while not p.at_end():
            amount = p.signed_nr(24)
            p.skip(" \t")
            _set_relative(t, p, amount or 0, 1, keep_time=True)

    return {name: handler for name, handler in locals().items() if callable(handler)}


def _grammar() -> list[tuple[str, str, str]]:
    """timelib's scanner rules (`parse_date.re`) as (action, first characters, pattern), in its order of precedence.

    The first characters a match can begin with: `D` a digit, `L` a letter, `T` a `t`, or the characters named.

    `(?i:...)` stands for re2c's case-insensitive '...' strings; alternatives are ordered longest first, as
    the scanner takes the longest match."""
    def words(*names: str) -> str:
        return "(?i:" + "|".join(sorted(names, key=len, reverse=True)) + ")"

    space, frac = r"[ \t]+", r"\.[0-9]+"
    hour24, hour24lz, hour12 = r"(?:2[0-4]|[01][0-9]|[0-9])", r"(?:[01][0-9]|2[0-4])", r"(?:1[0-2]|0[1-9]|[1-9])"
    minute, minutelz = r"(?:[0-5][0-9]|[0-9])", r"[0-5][0-9]"
    second, secondlz = r"(?:60|[0-5][0-9]|[0-9])", r"(?:60|[0-5][0-9])"
    meridian = r"[AaPp]\.?[Mm]\.?[\0\t ]"
    tz = r"(?:[A-Z][a-z]+(?:[_/-][A-Za-z]+)+|\(?[A-Za-z]{1,6}\)?)"
    tzcorrection = (rf"(?:GMT)?[+-](?:{hour24lz}:{minutelz}:{secondlz}|{hour24lz}{minutelz}{secondlz}"
                    rf"|{hour24}(?::?{minute})?)")
    daysuf = r"(?:st|nd|rd|th)"
    month = r"(?:1[0-2]|0[0-9]|[0-9])"
    day = rf"(?:(?:3[01]|[0-2][0-9]|[0-9]){daysuf}?)"
    year, year2, year4 = r"[0-9]{1,4}", r"[0-9]{2}", r"[0-9]{4}"
    year4withsign = r"[+-]?[0-9]{4}"
    dayofyear = r"(?:36[0-6]|3[0-5][0-9]|[12][0-9][0-9]|0[1-9][0-9]|00[1-9])"
    weekofyear = r"(?:5[0-3]|[1-4][0-9]|0[1-9])"
    monthlz, daylz = r"(?:1[0-2]|0[0-9])", r"(?:3[01]|[12][0-9]|0[0-9])"
    dayfull = words("sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
    dayabbr = words("sun", "mon", "tue", "wed", "thu", "fri", "sat")
    daytext = rf"(?:{dayfull}|{words('weekdays', 'weekday')}|{dayabbr})"
    monthfull = words("january", "february", "march", "april", "may", "june", "july", "august", "september",
                      "october", "november", "december")
    monthabbr = words("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
    monthroman = r"(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)"
    monthtext = rf"(?:{monthfull}|{monthabbr}|{monthroman})"
    timetiny12 = rf"{hour12}(?:{space})?{meridian}"
    timeshort12 = rf"{hour12}[:.]{minutelz}(?:{space})?{meridian}"
    timelong12 = rf"{hour12}[:.]{minute}[:.]{secondlz}(?:{space})?{meridian}"
    timeshort24 = rf"[tT]?{hour24}[:.]{minute}"
    timelong24 = rf"[tT]?{hour24}[:.]{minute}[:.]{second}"
    iso8601long = rf"[tT]?{hour24}[:.]{minute}[:.]{second}{frac}"
    iso8601normtz = rf"[tT]?{hour24}[:.]{minute}[:.]{secondlz}(?:{space})?(?:{tzcorrection}|{tz})"
    datenoyear = rf"{monthtext}[ .\t-]*{day}(?:[,.stndrh\t ]+|\0)"
    reltextnumber = words("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eight", "eighth",
                          "ninth", "tenth", "eleventh", "twelfth")
    reltexttext = words("next", "last", "previous", "this")
    units = ["ms", "µs", "weeks"] + [word + plural for word in (
        "msec", "millisecond", "µsec", "microsecond", "usec", "sec", "second", "min", "minute", "hour", "day",
        "fortnight", "forthnight", "month", "year") for plural in ("", "s")]
    days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sun", "mon", "tue", "wed",
            "thu", "fri", "sat", "weekday", "weekdays"]
    reltextunit = words(*units, *days)
    relnumber = r"(?:[+-]*[ \t]*[0-9]+)"
    return [
        ("yesterday", "L", "(?i:yesterday)"),
        ("now", "L", "(?i:now)"),
        ("noon", "L", "(?i:noon)"),
        ("today", "L", "(?i:midnight|today)"),
        ("tomorrow", "L", "(?i:tomorrow)"),
        ("timestamp", "@", r"@-?[0-9]+"),
        ("timestamp", "@", r"@-?[0-9]+\.[0-9]{0,6}"),
        ("first_last_day_of", "L", "(?i:first day of|last day of)"),
        ("back_front_of", "L", rf"(?i:back of |front of ){hour24}(?:(?:{space})?{meridian})?"),
        ("weekday_of", "L", rf"(?:{reltextnumber}|{reltexttext}){space}(?:{dayfull}|{dayabbr}){space}(?i:of)"),
        ("time12", "D", f"(?:{timelong12}|{timeshort12}|{timetiny12})"),
        ("mssqltime", "D", rf"{hour12}:{minutelz}:{secondlz}[:.][0-9]+{meridian}"),
        ("time24", "DT", f"(?:{iso8601long}|{timelong24}|{timeshort24}|[tT]{hour24})"),
        ("gnunocolon", "DT", rf"[tT]?{hour24lz}{minutelz}"),
        ("iso8601nocolon", "DT", rf"[tT]?{hour24lz}{minutelz}{secondlz}"),
        ("american", "D", rf"{month}/{day}(?:/{year})?"),
        ("iso_date4", "D+-", rf"(?:{year4withsign}-{monthlz}-{daylz}|{year4}/{monthlz}/{daylz}/?|{year4}/{month}/{day})"),
        ("year_month_day", "D", rf"{year2}-{monthlz}-{daylz}"),
        ("iso_datex", "+-", rf"[+-][0-9]{{5,19}}-{monthlz}-{daylz}"),  # (the sign is required: `12024-01-05` is 12:02 ...)
        ("gnudateshorter", "D", rf"{year4}-{month}"),
        ("year_month_day", "D", rf"{year}-{month}-{day}"),
        ("datefull", "D", rf"{day}[ \t.-]*{monthtext}[ \t.-]*{year}"),
        ("pointeddate4", "D", rf"{day}[.\t-]{month}[.-]{year4}"),
        ("pointeddate2", "D", rf"{day}[.\t]{month}\.{year2}"),
        ("datenoday", "L", rf"{monthtext}[ .\t-]*{year4}"),
        ("datenodayrev", "D", rf"{year4}[ .\t-]*{monthtext}"),
        ("datetextual", "L", rf"(?:{monthtext}[ .\t-]*{day}[,.stndrh\t ]+{year}|{datenoyear})"),
        ("datenoyearrev", "D", rf"{day}[ .\t-]*{monthtext}"),
        ("datenocolon", "D", rf"{year4}{monthlz}{daylz}"),
        ("xmlrpc", "D", rf"(?:{year4}-{monthlz}-{daylz}T{hour24lz}:{minutelz}:{secondlz}{frac}(?:{tzcorrection})?"
                   rf"|{year4}{monthlz}{daylz}T{hour24}:{minutelz}:{secondlz}"
                   rf"|{year4}{monthlz}{daylz}[tT]{hour24}{minutelz}{secondlz}"
                   rf"|{year4}-{month}-{day}T{hour24}:{minute}:{second}"
                   rf"|{year4}:{monthlz}:{daylz} {hour24lz}:{minutelz}:{secondlz})"),
        ("pgydotd", "D", rf"{year4}[.-]?{dayofyear}"),
        ("isoweek", "D", rf"{year4}-?W{weekofyear}(?:-?[0-7])?"),
        ("datetextual", "L", rf"{monthabbr}-{daylz}-{year}"),
        ("pgtextreverse", "D", rf"{year}-{monthabbr}-{daylz}"),
        ("clf", "D", rf"{day}/{monthabbr}/{year4}:{hour24lz}:{minutelz}:{secondlz}{space}{tzcorrection}"),
        ("year4", "D", year4),
        ("ago", "L", "(?i:ago)"),
        ("daytext", "L", daytext),
        ("relativetextweek", "L", rf"{reltexttext}{space}(?i:week)"),
        ("relativetext", "L", rf"(?:{reltextnumber}|{reltexttext}){space}{reltextunit}"),
        ("monthtext", "L", f"(?:{monthfull}|{monthabbr})"),
        ("zone", "L(+-", f"(?:{tzcorrection}|{tz})"),
        ("dateshortwithtime12", "L", f"{datenoyear}(?:{timelong12}|{timeshort12})"),
        ("dateshortwithtime", "L", f"{datenoyear}(?:{iso8601normtz}|{timelong24}|{timeshort24})"),
        ("relative", "D+- \t", rf"{relnumber}(?:{space})?{words(*units, *days, 'week')}"),
    ]


_Rules = list[tuple[re.Pattern[str], Action]]


@lru_cache(maxsize=1)
def _compiled() -> tuple[dict[str, _Rules], _Rules]:
    """The rules by the character a match begins with, compiled on first use (importing the studio should not
    pay for them); and the rules for any other character (none)."""
    actions = _actions()
    classes = {"D": "0123456789", "L": string.ascii_letters, "T": "tT"}
    by_char: dict[str, _Rules] = {}
    for name, starts, pattern in _grammar():
        # (re.ASCII: PHP compares bytes, `(?i:ms|µs)` must not match the Greek capital in `+3 ΜS`)
        rule = (re.compile(pattern, re.ASCII), actions[name])
        for char in set("".join(classes.get(c, c) for c in starts)):
            by_char.setdefault(char, []).append(rule)
    return by_char, []


@lru_cache(maxsize=512)
def _scan(text: str) -> _Time:
    """timelib_strtotime's scanner: at each place the longest rule (the first of equally long ones) acts.

    (Cached: the result is not changed afterwards.)"""
    t = _Time()
    text = text.strip(" \t\n\r\v\f")  # (`new DateTime('')` and `new DateTime(' ')` are "now")
    padded, pos, (by_char, none) = text + "\0", 0, _compiled()
    while pos < len(text):
        best: re.Match[str] | None = None
        action: Action | None = None
        for pattern, handler in by_char.get(padded[pos], none):
            m = pattern.match(padded, pos)
            if m and (best is None or m.end() > best.end()):
                best, action = m, handler
        if best is not None and action is not None:
            action(t, _Ptr(best[0]))
            pos = best.end()
        elif padded[pos] in " .,\t\n\0":
            pos += 1
        else:
            t.errors.append(f"cannot read {text[pos:]!r}")
            pos += 1
    return t


def _days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 of a proleptic Gregorian date (any year)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def _civil_from_days(days: int) -> tuple[int, int, int]:
    days += 719468
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (m <= 2), m, d


@dataclass
class _Fields:
    y: int
    m: int
    d: int
    h: int
    i: int
    s: int
    us: int

    def normalize(self) -> None:
        """timelib_do_normalize: carry each field into the next, months into years, days across months."""
        self.s, self.us = self.s + self.us // 1_000_000, self.us % 1_000_000
        self.i, self.s = self.i + self.s // 60, self.s % 60
        self.h, self.i = self.h + self.i // 60, self.i % 60
        self.d, self.h = self.d + self.h // 24, self.h % 24
        self.y, self.m = self.y + (self.m - 1) // 12, (self.m - 1) % 12 + 1
        self.y, self.m, self.d = _civil_from_days(_days_from_civil(self.y, self.m, 1) + self.d - 1)

    def weekday(self) -> int:
        """0 Sunday .. 6 Saturday."""
        return (_days_from_civil(self.y, self.m, self.d) + 4) % 7


def _adjust_for_weekday(f: _Fields, t: _Time) -> None:
    current = f.weekday()
    weekday = t.weekday
    if t.weekday_behavior == 2:  # "monday next week", "this week": the weekday of that week (Monday first)
        if current == 0 and weekday != 0:
            weekday -= 7
        if weekday == 0 and current != 0:
            weekday = 7
        f.d += weekday - current
        return
    difference = weekday - current
    if (t.rel[_D] < 0 and difference < 0) or (t.rel[_D] >= 0 and difference <= -t.weekday_behavior):
        difference += 7
    if weekday >= 0:
        f.d += difference
    else:
        f.d -= 7 - (abs(weekday) - current)


def _adjust_weekday_count(f: _Fields, count: int) -> None:
    """`+N weekdays`: N working days on (Monday to Friday), counted as timelib counts them."""
    current = f.weekday()
    weeks = abs(count) // 5 * (1 if count >= 0 else -1)  # C division truncates
    rest = count - weeks * 5
    f.d += weeks * 7
    if count > 0:
        if rest == 0:
            f.d -= 2 if current == 0 else 1 if current == 6 else 0
        elif current == 6:
            f.d += 1
        elif current + rest > 5:
            f.d += 2
    else:
        if rest == 0:
            f.d += 2 if current == 6 else 1 if current == 0 else 0
        elif current == 0:
            f.d -= 1
        elif current + rest < 1:
            f.d -= 2
    f.d += rest


def _resolve(t: _Time, now: dt.datetime) -> dt.datetime:
    """timelib_fill_holes and timelib_update_ts: the moment the read fields stand for."""
    zone: dt.tzinfo | None = now.tzinfo
    if t.zone_type == _ZONE_ID and t.tz is not None:
        zone = t.tz
        now = now.astimezone(zone)  # `new DateTime` takes "now" in a zone the text names
    elif t.zone_type in (_ZONE_OFFSET, _ZONE_ABBR):  # ... and keeps the clock time under an offset
        zone = dt.timezone(dt.timedelta(seconds=t.z)) if abs(t.z) < 86400 else None
    h, i, s, us = (0, 0, 0, 0) if t.have_date and not t.have_time else (t.h, t.i, t.s, t.us)
    if us is None:
        written = any(v is not None for v in (t.y, t.m, t.d, h, i, s))
        us = 0 if written else now.microsecond
    f = _Fields(now.year if t.y is None else t.y, now.month if t.m is None else t.m,
                now.day if t.d is None else t.d, now.hour if h is None else h,
                now.minute if i is None else i, now.second if s is None else s, us)
    rel = dict(t.rel)  # (the read text is cached: it stays as it is)
    # do_adjust_special_early
    if t.special_type == _NTH_WEEKDAY_OF:
        f.d, f.m, rel[_M] = 1, f.m + rel[_M], 0
    elif t.special_type == _LAST_WEEKDAY_OF:
        f.d, f.m, rel[_M] = 1, f.m + rel[_M] + 1, 0
    if t.first_last_day_of == "first":
        f.d = 1
    elif t.first_last_day_of == "last":
        f.d, f.m = 0, f.m + 1
    f.normalize()
    # do_adjust_relative
    if t.have_weekday_relative:
        _adjust_for_weekday(f, t)
    f.normalize()
    if t.have_relative:
        f.us += rel[_US]
        f.s, f.i, f.h = f.s + rel[_S], f.i + rel[_I], f.h + rel[_H]
        f.d, f.m, f.y = f.d + rel[_D], f.m + rel[_M], f.y + rel[_Y]
    if t.first_last_day_of == "first":
        f.d = 1
    elif t.first_last_day_of == "last":
        f.d, f.m = 0, f.m + 1
    f.normalize()
    # do_adjust_special
    if t.special_type == _WEEKDAY_COUNT:
        _adjust_weekday_count(f, t.special_amount)
        f.normalize()
    if not 1 <= f.y <= 9999:
        raise PhpTimeError(f"the year {f.y} lies outside the calendar the studio can show")
    local = dt.datetime(f.y, f.m, f.d, f.h, f.i, f.s, f.us)
    if t.zone_type in (_ZONE_OFFSET, _ZONE_ABBR) and abs(t.z) >= 86400:  # `+2400`, `-31`: no tzinfo holds them
        return (local - dt.timedelta(seconds=t.z)).replace(tzinfo=dt.timezone.utc)
    if isinstance(zone, dt.timezone) or zone is None:
        return local.replace(tzinfo=zone or dt.timezone.utc)
    return _in_zone(local, zone, t.zone_type == _ZONE_ID)


_EPOCH = dt.datetime(1970, 1, 1)


def _in_zone(local: dt.datetime, zone: dt.tzinfo, named: bool) -> dt.datetime:
    """A wall-clock time in a zone with daylight saving time, placed as timelib's do_adjust_timezone places it:
    a time the clocks skip moves on by the hour skipped; a time they repeat is the second (standard) one,
    unless the text ``named`` the zone (`2024-10-27 02:30 Europe/Berlin` is the first: timelib then looks an
    hour or two back, as its flag for daylight saving time is left unset, which counts as set)."""
    def info(stamp: int) -> tuple[int, bool]:
        moment = dt.datetime.fromtimestamp(stamp, zone)
        return int(moment.utcoffset().total_seconds()), bool(moment.dst())  # type: ignore[union-attr]

    def change_before(stamp: int, offset: int) -> int | None:
        """When the period with ``offset`` that ``stamp`` lies in began, if within two days before it."""
        low, high = stamp - 2 * 86400, stamp
        if info(low)[0] == offset:
            return None
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if info(middle)[0] != offset else (low, middle)
        return high

    wall = (local.replace(microsecond=0) - _EPOCH) // dt.timedelta(seconds=1)  # the wall-clock time read as UTC
    current, current_dst = info(wall)
    actual = info(wall - current)[0]
    actual_change = change_before(wall - current, actual)
    if current == actual and named and current >= 0 and not current_dst:
        earlier = info(wall - current - 7200)[0]
        if earlier != actual and actual_change is not None and wall - earlier < actual_change:
            actual, actual_change = earlier, change_before(wall - current - 7200, earlier)
    in_transition = (actual_change is not None
                     and actual_change + (current - actual) <= wall - actual < actual_change)
    adjustment = actual if current != actual and not in_transition else current
    return dt.datetime.fromtimestamp(wall - adjustment, zone).replace(microsecond=local.microsecond)


def _add_months(y: int, m: int, months: int) -> tuple[int, int]:
    total = y * 12 + (m - 1) + months
    return total // 12, total % 12 + 1


def _normalize(y: int, m: int, d: int) -> dt.date:
    """PHP-style overflow: day 31 of a 30-day month is the 1st of the next one; day 0 the last of the previous."""
    y, m = _add_months(y, m, 0)
    if not 1 <= y <= 9999:
        raise PhpTimeError("year out of range")
    return dt.date(y, m, 1) + dt.timedelta(days=d - 1)


def parse(text: str, now: dt.datetime | None = None) -> dt.datetime:
    """`new DateTime(text)` at ``now`` (default: the current local time; a naive ``now`` is local time).

    Returns an aware datetime in the text's time zone, else ``now``'s. Raises PhpTimeError."""
    if not isinstance(text, str):
        raise PhpTimeError(f"{text!r} is not a string")
    now = dt.datetime.now().astimezone() if now is None else now if now.tzinfo else now.astimezone()
    t = _scan(text)
    if t.errors:
        raise PhpTimeError(t.errors[0])
    try:
        return _resolve(t, now)
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
    """`new DateInterval(text)`: ISO 8601 `PnYnMnWnDTnHnMnS` (at least one part; spaces around it do not count)."""
    text = text.strip(" \t\n\r\v\f")
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
    if first.startswith("P"):  # (as Flow tells the parts apart: `2024-01-31 PST/P1D` is a date and a duration)
        return shift(parse(second, now), parse_duration(first), -1)
    if second.startswith("P"):
        return shift(parse(first, now), parse_duration(second), 1)
    raise PhpTimeError(f'There is no valid interval declaration in "{text}". Exactly one part must begin with "P".')
