"""The preview node: the property values an inspector preview edits, initialised from ``defaultValue``.

Values are typed as the property type stores them (``integer`` -> int, ``boolean`` -> bool, ``array`` ->
list, ``DateTime`` -> ISO 8601 string). Qt-free; the inspector widget owns one and writes edits into it.

Relative dates. A DateTime property's ``defaultValue`` is any string PHP's ``new DateTime()`` accepts, evaluated when the
node is created. The preview resolves the forms found in real node types: keywords (``now``, ``today``,
``midnight``, ``noon``, ``tomorrow``, ``yesterday``), signed amounts of units (``+1 week``, ``-2 days``,
``3 hours ago``), ``next``/``last``/``this`` with a unit or a weekday, weekday names, ``first``/``last day
of`` a month, clock times (``09:00``, ``9pm``), absolute dates (``2024-01-31``, ``31.01.2024``,
``January 31 2024``) and ``@<timestamp>``. Semantics follow PHP: day keywords and weekdays reset the time
to midnight unless a time is given, amounts keep the time of day, month overflow rolls into the next month.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from collections.abc import Mapping
from typing import Any, Callable

from dateutil import parser as dateutil_parser

_UNITS = {
    "sec": "seconds", "secs": "seconds", "second": "seconds", "seconds": "seconds",
    "min": "minutes", "mins": "minutes", "minute": "minutes", "minutes": "minutes",
    "hour": "hours", "hours": "hours",
    "day": "days", "days": "days",
    "week": "weeks", "weeks": "weeks",
    "fortnight": "fortnights", "fortnights": "fortnights", "forthnight": "fortnights",
    "month": "months", "months": "months",
    "year": "years", "years": "years",
    "weekday": "weekdays", "weekdays": "weekdays",
}
_WEEKDAYS = {
    name: index
    for index, names in enumerate(
        [("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"), ("thursday", "thu", "thur", "thurs"),
         ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun")]
    )
    for name in names
}
_RELATIVE_WORDS = {"next": 1, "last": -1, "previous": -1, "this": 0}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
    "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}
_UNIT_RE = "|".join(sorted(_UNITS, key=len, reverse=True))
_WEEKDAY_RE = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_NUMBER_WORDS = "|".join(sorted([*_RELATIVE_WORDS, *_ORDINALS], key=len, reverse=True))

_TOKENS = [
    ("timestamp", re.compile(r"@(-?\d+)")),
    ("first_last_of", re.compile(r"(first|last) day of")),
    ("iso_date", re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:t(?=\d))?")),
    ("dotted_date", re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")),
    ("slashed_date", re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")),
    ("clock", re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?(?![\w:])")),
    ("clock_ampm", re.compile(r"(\d{1,2})\s*([ap])\.?m\.?(?!\w)")),
    ("zone", re.compile(r"(z|utc|gmt|[+-]\d{2}:?\d{2})(?!\w)")),
    ("amount", re.compile(rf"([+-]?)\s*(\d+)\s*({_UNIT_RE})(?!\w)")),
    ("word_amount", re.compile(rf"({_NUMBER_WORDS})\s+({_UNIT_RE}|{_WEEKDAY_RE})(?!\w)")),
    ("keyword", re.compile(r"(now|today|midnight|noon|tomorrow|yesterday)(?!\w)")),
    ("weekday", re.compile(rf"({_WEEKDAY_RE})(?!\w)")),
    ("ago", re.compile(r"ago(?!\w)")),
]


class UnparsableDate(ValueError):
    """The string is not a date/time form the preview understands."""


class _NoMatch(UnparsableDate):
    """Text the relative-date grammar does not cover (absolute forms are tried next)."""


@dataclass
class _Parts:
    date: tuple[int, int, int] | None = None
    clock: tuple[int, int, int] | None = None
    reset_time: bool = False
    relative: dict[str, int] = field(default_factory=dict)
    weekday: tuple[int, int] | None = None  # (weekday index, direction: 0 this-or-next, 1 next, -1 last)
    first_last: str | None = None
    zone: timezone | None = None
    timestamp: int | None = None

    def add(self, unit: str, amount: int) -> None:
        self.relative[unit] = self.relative.get(unit, 0) + amount


def _apply_token(kind: str, m: re.Match, parts: _Parts) -> None:
    if kind == "timestamp":
        parts.timestamp = int(m.group(1))
    elif kind == "first_last_of":
        parts.first_last = m.group(1)
    elif kind == "iso_date":
        parts.date = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    elif kind == "dotted_date":
        parts.date = (int(m.group(3)), int(m.group(2)), int(m.group(1)))
    elif kind == "slashed_date":  # PHP reads n/j/Y (American order)
        parts.date = (int(m.group(3)), int(m.group(1)), int(m.group(2)))
    elif kind == "clock":
        hour, minute, second = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
        parts.clock = (_ampm(hour, m.group(4)), minute, second)
    elif kind == "clock_ampm":
        parts.clock = (_ampm(int(m.group(1)), m.group(2)), 0, 0)
    elif kind == "zone":
        parts.zone = _zone(m.group(1))
    elif kind == "amount":
        sign = -1 if m.group(1) == "-" else 1
        parts.add(_UNITS[m.group(3)], sign * int(m.group(2)))
    elif kind == "word_amount":
        word, target = m.group(1), m.group(2)
        amount = _RELATIVE_WORDS.get(word, _ORDINALS.get(word))
        if target in _WEEKDAYS:
            direction = 0 if word == "this" else (1 if amount > 0 else -1)
            parts.weekday = (_WEEKDAYS[target], direction)
            parts.reset_time = True
        else:
            parts.add(_UNITS[target], amount)
    elif kind == "keyword":
        word = m.group(1)
        if word == "noon":
            parts.clock = (12, 0, 0)
        elif word != "now":
            parts.reset_time = True
            parts.add("days", {"tomorrow": 1, "yesterday": -1}.get(word, 0))
    elif kind == "weekday":
        parts.weekday = (_WEEKDAYS[m.group(1)], 0)
        parts.reset_time = True
    elif kind == "ago":  # inverts every amount found so far, as PHP does
        parts.relative = {unit: -amount for unit, amount in parts.relative.items()}


def _ampm(hour: int, marker: str | None) -> int:
    if not marker:
        if hour > 23:
            raise UnparsableDate(f"hour {hour} out of range")
        return hour
    if not 1 <= hour <= 12:
        raise UnparsableDate(f"hour {hour} out of range for am/pm")
    pm = marker.startswith("p")
    return (hour % 12) + (12 if pm else 0)


def _zone(text: str) -> timezone:
    if text in ("z", "utc", "gmt"):
        return timezone.utc
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    return timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))


def _tokenize(text: str) -> _Parts:
    parts = _Parts()
    pos = 0
    while pos < len(text):
        if text[pos] in " \t,":
            pos += 1
            continue
        for kind, pattern in _TOKENS:
            m = pattern.match(text, pos)
            if m:
                _apply_token(kind, m, parts)
                pos = m.end()
                break
        else:
            raise _NoMatch(f"cannot read {text[pos:]!r}")
    return parts


def _add_months(value: datetime, months: int, day_override: str | None) -> datetime:
    total = value.year * 12 + (value.month - 1) + months
    year, month = divmod(total, 12)
    month += 1
    if day_override == "first":
        day = 1
    elif day_override == "last":
        day = calendar.monthrange(year, month)[1]
    else:
        day = value.day
    # PHP rolls an overflowing day into the following month (Jan 31 + 1 month = Mar 2/3).
    base = value.replace(year=year, month=month, day=1)
    return base + timedelta(days=day - 1)


def _add_weekdays(value: datetime, count: int) -> datetime:
    step = 1 if count >= 0 else -1
    remaining = abs(count)
    while remaining:
        value += timedelta(days=step)
        if value.weekday() < 5:
            remaining -= 1
    return value


def _resolve(parts: _Parts, now: datetime) -> datetime:
    if parts.timestamp is not None:
        result = datetime.fromtimestamp(parts.timestamp, tz=timezone.utc)
        return result.astimezone(now.tzinfo) if now.tzinfo else result
    result = now.astimezone(parts.zone) if (parts.zone and now.tzinfo) else now
    if parts.zone and not now.tzinfo:
        result = now.replace(tzinfo=parts.zone)
    if parts.date:
        year, month, day = parts.date
        result = result.replace(year=year, month=month, day=day)  # ValueError on impossible dates
        parts.reset_time = parts.reset_time or parts.clock is None
    if parts.reset_time:
        result = result.replace(hour=0, minute=0, second=0, microsecond=0)
    if parts.clock:
        hour, minute, second = parts.clock
        result = result.replace(hour=hour, minute=minute, second=second, microsecond=0)
    if parts.weekday:
        target, direction = parts.weekday
        delta = (target - result.weekday()) % 7
        if direction > 0 and delta == 0:
            delta = 7
        elif direction < 0:
            delta = delta - 7 if delta else -7
        result += timedelta(days=delta)
    rel = parts.relative
    result = _add_months(result, rel.get("years", 0) * 12 + rel.get("months", 0), parts.first_last)
    result += timedelta(
        weeks=rel.get("weeks", 0) + 2 * rel.get("fortnights", 0),
        days=rel.get("days", 0),
        hours=rel.get("hours", 0),
        minutes=rel.get("minutes", 0),
        seconds=rel.get("seconds", 0),
    )
    if rel.get("weekdays"):
        result = _add_weekdays(result, rel["weekdays"])
    return result


def resolve_date(text: str, now: datetime) -> datetime:
    """The moment ``text`` names, relative to ``now``; raises UnparsableDate for unknown forms."""
    if not isinstance(text, str) or not text.strip():
        raise UnparsableDate("empty date string")
    cleaned = text.strip().lower()
    try:
        return _resolve(_tokenize(cleaned), now)
    except _NoMatch:
        pass
    except UnparsableDate:
        raise
    except (ValueError, OverflowError) as exc:
        raise UnparsableDate(str(exc)) from None
    # Absolute forms with month names and the like ("January 31 2024", "31 Jan 2024 10:00").
    try:
        default = now.replace(hour=0, minute=0, second=0, microsecond=0)
        result = dateutil_parser.parse(text, default=default)
    except (ValueError, OverflowError) as exc:
        raise UnparsableDate(f"not a date/time string: {text!r}") from exc
    if result.tzinfo is None and now.tzinfo is not None:
        result = result.replace(tzinfo=now.tzinfo)
    return result


def iso8601(value: datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SS+HH:MM``, the form the inspector stores DateTime values in."""
    if value.tzinfo is None:
        value = value.astimezone()
    return value.replace(microsecond=0).isoformat()


# --- typing values as the property type stores them -------------------------------------------------

_TRUE_STRINGS = {"true", "on", "1"}


def _as_bool(value: Any) -> Any:
    if isinstance(value, str):
        # The CMS's checkbox reads these strings as checked; any other string as unchecked.
        return value.strip().lower() in _TRUE_STRINGS
    return bool(value)


def _as_int(value: Any) -> Any:
    if isinstance(value, bool):
        return value  # a boolean where an integer belongs is a configuration error: keep it visible
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return int(value)
    return value


def _as_float(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def _as_list(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):  # YAML `{}` and PHP-style maps: the values, in order
        return list(value.values())
    return [value]


def _as_string(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


class DateProblem(ValueError):
    """A DateTime default that cannot be resolved."""


_ABSOLUTE_ISO = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})")


def _absolute_iso(text: str) -> str | None:
    """The stored form of an ISO 8601 date-time with an explicit offset (None for anything else).

    Such a value names one moment whatever ``now`` is, so it needs no relative-date parsing: the
    common case of DateTime defaults, typed again for every preview.
    """
    text = text.strip()
    if not _ABSOLUTE_ISO.fullmatch(text):
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:  # e.g. a month 13: the full parser says why
        return None
    return iso8601(parsed) if parsed.tzinfo is not None else None


def _as_datetime(value: Any, now: datetime) -> Any:
    if isinstance(value, datetime):
        return iso8601(value if value.tzinfo else value.replace(tzinfo=now.tzinfo))
    if isinstance(value, date):
        return iso8601(datetime(value.year, value.month, value.day, tzinfo=now.tzinfo))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return iso8601(datetime.fromtimestamp(value, tz=now.tzinfo or timezone.utc))
    if isinstance(value, str):
        if not value.strip():
            return ""
        absolute = _absolute_iso(value)
        if absolute is not None:
            return absolute
        try:
            return iso8601(resolve_date(value, now))
        except UnparsableDate as exc:
            raise DateProblem(str(exc)) from None
    return value


_COERCERS: dict[str, Callable[[Any], Any]] = {
    "boolean": _as_bool,
    "integer": _as_int,
    "int": _as_int,
    "float": _as_float,
    "double": _as_float,
    "string": _as_string,
    "reference": _as_string,
    "references": _as_list,
    "array": _as_list,
}


def coerce_value(property_type: Any, value: Any, now: datetime | None = None) -> Any:
    """``value`` typed as a property of ``property_type`` stores it (None stays None).

    Raises DateProblem for a DateTime string that is not a date.
    """
    if value is None:
        return None
    if property_type == "DateTime":
        return _as_datetime(value, now or datetime.now().astimezone())
    if isinstance(property_type, str) and property_type.startswith("array<"):
        return _as_list(value)
    coerce = _COERCERS.get(property_type) if isinstance(property_type, str) else None
    return coerce(value) if coerce else value


class PreviewNode:
    """The values of one node being edited in the preview.

    ``properties`` is the node type's (effective) ``properties`` mapping. ``problems`` maps a property
    name to a message for defaults that could not be typed (e.g. an unreadable relative date).
    """

    def __init__(self, properties: Mapping[str, Any] | None, now: datetime | None = None):
        self._now = now
        self.types: dict[str, Any] = {}
        self.defaults: dict[str, Any] = {}
        self.problems: dict[str, str] = {}
        now = None  # one moment for every relative DateTime default, taken when the first needs it
        for name, config in (properties or {}).items():
            if not isinstance(config, Mapping):
                continue
            prop_type = config.get("type", "string")
            self.types[name] = prop_type
            try:
                default = config.get("defaultValue")
                if default is None and prop_type == "references":
                    default = []  # the CMS hands multiple references to the inspector as a list, never null
                if now is None and default is not None and prop_type == "DateTime":
                    now = self.now
                self.defaults[name] = coerce_value(prop_type, default, now)
            except DateProblem as exc:
                self.problems[name] = f"defaultValue {config.get('defaultValue')!r} is not a date: {exc}"
                self.defaults[name] = config.get("defaultValue")
        self.values: dict[str, Any] = dict(self.defaults)

    @property
    def now(self) -> datetime:
        return self._now or datetime.now().astimezone()

    def get(self, name: str) -> Any:
        return self.values.get(name)

    def set(self, name: str, value: Any) -> Any:
        """Store ``value`` (typed for the property) and return what was stored."""
        try:
            value = coerce_value(self.types.get(name), value, self.now)
        except DateProblem:
            pass  # keep the raw text: the DateTime validator reports it
        self.values[name] = value
        return value

    def update(self, values: Mapping[str, Any]) -> None:
        for name, value in values.items():
            self.set(name, value)

    def reset(self) -> None:
        """Back to the default values."""
        self.values = dict(self.defaults)

    def is_default(self, name: str) -> bool:
        return self.values.get(name) == self.defaults.get(name)
