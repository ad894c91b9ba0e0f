"""Does PHP's date parser accept a DateTime `defaultValue`? (`now`, `+1 day`, `tomorrow 09:00`, `2024-01-31`...)

The server turns the default into a date with PHP's free-form parser (neos-facts §8). This is a
recognizer for the forms that parser documents: absolute dates and times, keywords, relative
offsets, `next`/`last` units and weekdays, `first`/`last day of`, ordinal weekdays — combined freely.
"""

from __future__ import annotations

import re

_UNIT = r"(?:msec|millisecond|µsec|microsecond|usec|sec|second|min|minute|hour|day|week|fortnight|forthnight|month|year|weekday)s?"
_WEEKDAY = (r"(?:monday|mon|tuesday|tue|wednesday|wed|thursday|thu|friday|fri|saturday|sat|sunday|sun)")
_MONTH = (r"(?:january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep"
          r"|october|oct|november|nov|december|dec)")
_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|next|last|previous|this)"
_TIME = r"(?:t?\d{1,2}(?::\d{2}(?::\d{2}(?:\.\d+)?)?)?\s*(?:a\.?m\.?|p\.?m\.?)|t?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)"
_ZONE = r"(?:z|utc|gmt|[+-]\d{2}:?\d{2}|[a-z]+/[a-z_]+)"

_TOKENS = [re.compile(p) for p in (
    r"(?:now|today|midnight|noon|tomorrow|yesterday)",
    rf"(?:back|front) of \d{{1,2}}(?:\s*(?:am|pm))?",
    rf"{_ORDINAL}\s+day\s+of(?:\s+(?:next|last|previous|this)\s+(?:month|year))?",
    rf"{_ORDINAL}\s+{_WEEKDAY}(?:day)?\s+of",
    rf"(?:next|last|previous|this)\s+(?:{_UNIT}|{_WEEKDAY}(?:day)?)",
    rf"[+-]?\s*\d+\s*{_UNIT}(?:\s+ago)?",
    rf"{_ORDINAL}\s+{_UNIT}(?:\s+ago)?",
    rf"{_WEEKDAY}(?:day)?",
    r"\d{4}-\d{1,2}-\d{1,2}(?:t\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?",
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}",
    r"\d{4}/\d{1,2}/\d{1,2}",
    rf"\d{{1,2}}(?:st|nd|rd|th)?[ -.]*{_MONTH}[ -.,]*(?:\d{{4}})?",
    rf"{_MONTH}[ -.]*\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s*\d{{4}})?",
    rf"{_MONTH}(?:\s+\d{{4}})?",
    _TIME,
    r"@-?\d+(?:\.\d+)?",
    _ZONE,
    r"\d{4}",
)]
_SEPARATORS = re.compile(r"[\s,]+")


def is_php_date(text: str) -> bool:
    """True when PHP's `new DateTime(text)` would accept ``text``."""
    if not isinstance(text, str):
        return False
    rest = text.strip().lower()
    if not rest:
        return False
    while rest:
        for token in _TOKENS:
            m = token.match(rest)
            if m and m.end() > 0 and (m.end() == len(rest) or not rest[m.end()].isalnum() or rest[m.end() - 1].isdigit() != rest[m.end()].isdigit()):
                rest = rest[m.end():]
                break
        else:
            return False
        rest = _SEPARATORS.sub(" ", rest).lstrip()
    return True
