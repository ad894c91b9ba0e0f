"""Scalar resolution as Symfony YAML reads it, and rendering of scalars back to YAML text.

Resolution decides what a plain (unquoted) scalar means: Symfony keeps ``yes/no/on/off`` as strings,
reads ``true/false`` and ``null``/``~`` case-insensitively, and knows integers, floats, hex/octal and
timestamps. Rendering writes the shortest form that reads back as the same value: plain when the plain
text re-resolves to the value, otherwise the requested quote style with correct escaping.
"""

from __future__ import annotations

import datetime as _dt
import math
import re

_PHP_INT_MAX = 2**63 - 1
_INT = re.compile(r"[-+]?[0-9][0-9_]*\Z")
_OCTAL_0O = re.compile(r"[-+]?0o([0-7_]+)\Z")
_HEX = re.compile(r"0x[0-9a-fA-F_]+\Z")
_PHP_NUMERIC = re.compile(r"[ \t\n\r\v\f]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\r\v\f]*\Z")
_UNDERSCORE_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*(?:\.[0-9_]+)?\Z")
_TIMESTAMP = re.compile(
    r"(?P<year>[0-9]{4})-(?P<month>[0-9]{1,2})-(?P<day>[0-9]{1,2})"
    r"(?:(?:[Tt]|[ \t]+)(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
    r"(?:\.(?P<fraction>[0-9]*))?(?:[ \t]*(?P<tz>Z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?\Z"
)


def resolve_plain(text: str):
    """The value of a plain scalar under Symfony YAML's rules."""
    scalar = text.strip()
    lower = scalar.lower()
    if scalar in ("", "~") or lower == "null":
        return None
    if lower == "true":
        return True
    if lower == "false":
        return False
    match = _OCTAL_0O.match(scalar)
    if match:
        number = int(match.group(1).replace("_", ""), 8)
        return -number if scalar[0] == "-" else number
    if scalar[0] in "+-." or scalar[0].isdigit():
        return _resolve_numeric(scalar, lower)
    return scalar


def _resolve_numeric(scalar: str, lower: str):
    if _INT.match(scalar):
        scalar = scalar.replace("_", "")
    digits = scalar[1:] if scalar[0] == "-" else scalar
    if digits.isascii() and digits.isdigit():
        if scalar[0] == "0" and len(scalar) > 1:
            return int(scalar, 8) if all(c in "01234567" for c in scalar) else int(scalar)
        number = int(scalar)
        return number if abs(number) <= _PHP_INT_MAX else scalar
    if _PHP_NUMERIC.match(scalar):
        return float(scalar)
    if _HEX.match(scalar):
        return int(scalar.replace("_", ""), 16)
    if lower == ".inf":
        return math.inf
    if lower == "-.inf":
        return -math.inf
    if lower == ".nan":
        return math.nan
    if _UNDERSCORE_FLOAT.match(scalar):
        return float(scalar.replace("_", ""))
    stamp = _TIMESTAMP.match(scalar)
    if stamp:
        return _timestamp(stamp) or scalar
    return scalar


def _timestamp(match: re.Match):
    """Symfony returns an integer Unix timestamp for dates (UTC unless a zone is given)."""
    parts = match.groupdict()
    try:
        moment = _dt.datetime(
            int(parts["year"]), int(parts["month"]), int(parts["day"]),
            int(parts["hour"] or 0), int(parts["minute"] or 0), int(parts["second"] or 0),
            tzinfo=_dt.timezone.utc,
        )
    except ValueError:
        return None
    zone = parts["tz"]
    if zone and zone != "Z":
        sign = -1 if zone[0] == "-" else 1
        hours, _, minutes = zone[1:].partition(":")
        if not minutes and len(hours) > 2:
            hours, minutes = hours[:-2], hours[-2:]
        moment -= sign * _dt.timedelta(hours=int(hours), minutes=int(minutes or 0))
    value = moment.timestamp()
    if parts["fraction"]:
        return value + float("0." + parts["fraction"])
    return int(value)


def php_key(value) -> str:
    """A resolved mapping key as the string key the project model uses (PHP array key rules)."""
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else ""
    if isinstance(value, float) and math.isfinite(value):
        return str(int(value))
    return str(value)


# ---------------------------------------------------------------------------------------------------------
# Rendering

_PLAIN_FIRST_FORBIDDEN = set("-?:,[]{}#&*!|>'\"%@`~ \t")
_FLOW_FORBIDDEN = set(",[]{}")
_DOUBLE_ESCAPES = {
    "\\": "\\\\", '"': '\\"', "\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n",
    "\v": "\\v", "\f": "\\f", "\r": "\\r", "\x1b": "\\e", "\x85": "\\N", "\xa0": "\\_",
    "\u2028": "\\L", "\u2029": "\\P",
}


def can_be_plain(text: str, flow: bool = False, key: bool = False) -> bool:
    """True when ``text`` written without quotes reads back as exactly this string."""
    if not text or text[0] in _PLAIN_FIRST_FORBIDDEN or text[-1] in " \t:":
        return False
    if not text.isprintable() or "\t" in text:
        return False
    if ": " in text or " #" in text:
        return False
    if flow and (_FLOW_FORBIDDEN.intersection(text) or ":" in text):
        return False
    if key and text.startswith("<<"):
        return False
    value = resolve_plain(text)
    if key:
        return php_key(value) == text and isinstance(value, (str, int)) and not isinstance(value, bool)
    return isinstance(value, str) and value == text


def single_quoted(text: str) -> str | None:
    """``'text'`` with quotes doubled, or None when single quotes cannot hold the text on one line."""
    if any(not ch.isprintable() and ch != "\t" for ch in text):
        return None
    return "'" + text.replace("'", "''") + "'"


def double_quoted(text: str) -> str:
    out = []
    for ch in text:
        escaped = _DOUBLE_ESCAPES.get(ch)
        if escaped is not None:
            out.append(escaped)
        elif not ch.isprintable():
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def quoted(text: str, quote: str) -> str:
    if quote == "'":
        single = single_quoted(text)
        if single is not None:
            return single
    return double_quoted(text)


def render_number(value) -> str:
    if isinstance(value, bool):
        raise TypeError("booleans are not numbers here")
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    if "e" in text or "E" in text:
        mantissa, _, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        text = f"{mantissa}e{exponent}"
    elif "." not in text:
        text += ".0"
    return text


def is_scalar(value) -> bool:
    return value is None or isinstance(value, (str, bool, int, float))
