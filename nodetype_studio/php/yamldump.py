"""The YAML text Symfony's ``Yaml::dump($value, 99)`` writes: what the CMS's ``./flow nodetypes:show`` prints.

The configuration is read as PHP holds it: a map whose keys are the integers 0, 1, 2... in that order
is a PHP list and prints as a sequence; a key written as a decimal integer is an integer key (PHP's
array key rule). Block style to a depth of 99, four spaces per level, an empty map or list as
``{  }``; each scalar spelled as Symfony's ``Inline::dump`` spells it: strings that would read back
as something else are quoted, control characters are escaped in double quotes, floats are PHP's
``(string)`` cast (14 significant digits) with ``.0`` kept on whole numbers, and ``null``/``true``/
``false`` as such. ``tests/php/test_yamldump_against_symfony.py`` compares this with Symfony YAML itself.
"""

from __future__ import annotations

import base64
import math
import re
import unicodedata
from typing import Any

INDENT = 4
INLINE = 99  # (the `inline` argument of the CMS's command)
_INT64 = (-(2**63), 2**63 - 1)

_INT_KEY = re.compile(r"(?:0|-?[1-9][0-9]*)\Z")
# PHP 8's is_numeric() for strings: optional leading and trailing whitespace, a sign, a decimal number
_NUMERIC = re.compile(r"[ \t\n\r\v\f]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\r\v\f]*\Z")
_DOUBLE_QUOTED = re.compile("[\x00-\x1f\x7f\x85\xa0\u2028\u2029]")
_BINARY = re.compile("[\x01-\x06\x0e-\x1a\x1c-\x1f]")
_DIGITS = re.compile(r"[0-9]+[_0-9]*\Z")
_HEX = re.compile(r"0x[0-9a-f_]+\Z", re.IGNORECASE)
_TIMESTAMP = re.compile(r"""
    [0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?
    (?:(?:[Tt]|[ \t]+) [0-9][0-9]? :[0-9][0-9] :[0-9][0-9] (?:\.[0-9]*)?
       (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)?
    \Z""", re.VERBOSE)
_SINGLE_WORDS = frozenset({"null", "~", "true", "false", "y", "n", "yes", "no", "on", "off"})
_SINGLE_ANYWHERE = frozenset(" '\":{}[],&*#?")
_SINGLE_FIRST = frozenset(" -?|<>=!%@`")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\x00": "\\0", "\x07": "\\a", "\x08": "\\b", "\t": "\\t", "\n": "\\n",
            "\x0b": "\\v", "\x0c": "\\f", "\r": "\\r", "\x1b": "\\e", "\x85": "\\N", "\xa0": "\\_",
            "\u2028": "\\L", "\u2029": "\\P"}


def _is_space(ch: str) -> bool:
    """PCRE's ``\\s`` with PHP's ``/u`` (Unicode properties on), for the characters that get this far (the line
    and paragraph separators are double-quoted before): the ASCII white space, the space separators and
    U+180E (PCRE's horizontal space still counts it)."""
    return ch in "\t\n\x0b\x0c\r \u180e" or unicodedata.category(ch) == "Zs"


def php_key(key: Any) -> int | str:
    """``key`` as a PHP array key: a decimal integer string (no leading zero, within 64 bits) is an
    integer, as are booleans; null is the empty string."""
    if isinstance(key, bool):
        return int(key)
    if key is None:
        return ""
    if isinstance(key, float):
        return int(key) if math.isfinite(key) else 0
    if isinstance(key, str) and _INT_KEY.match(key):
        number = int(key)
        if _INT64[0] <= number <= _INT64[1]:
            return number
    return key if isinstance(key, (int, str)) else str(key)


def _entries(value: dict[Any, Any] | list[Any]) -> list[tuple[Any, Any]]:
    if isinstance(value, list):
        return list(enumerate(value))
    entries: dict[int | str, Any] = {}
    for key, child in value.items():
        entries[php_key(key)] = child  # (keys PHP reads as the same one: the later value, the first place)
    return list(entries.items())


def is_list(value: dict[Any, Any] | list[Any]) -> bool:
    """True when PHP holds ``value`` as a list (it prints as a sequence)."""
    return isinstance(value, list) or _is_list(_entries(value))


def _is_list(entries: list[tuple[Any, Any]]) -> bool:
    """``!Inline::isHash()``: the keys are exactly 0, 1, 2... in order."""
    return all(type(key) is int and key == index for index, (key, _child) in enumerate(entries))


def php_float(value: float) -> str:
    """PHP's ``(string) $float`` (``precision`` 14)."""
    if math.isnan(value):
        return "NAN"
    if math.isinf(value):
        return "INF" if value > 0 else "-INF"
    text = format(value, ".14G")
    if "E" in text:
        mantissa, exponent = text.split("E")
        if "." not in mantissa:
            mantissa += ".0"
        sign = "-" if exponent.startswith("-") else "+"
        text = f"{mantissa}E{sign}{int(exponent.lstrip('+-'))}"
    return text


def _float(value: float) -> str:
    text = php_float(value)
    if math.isinf(value):
        return text.replace("INF", ".Inf")
    if not math.isnan(value) and math.floor(value) == value and float(text) == value and "E" not in text:
        text += ".0"  # (Symfony keeps a whole float a float)
    return text


def _escaped(ch: str) -> str:
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    return f"\\x{ord(ch):02x}" if ch < " " or ch == "\x7f" else ch


def _needs_single_quotes(text: str) -> bool:
    if text.lower() in _SINGLE_WORDS:
        return True
    if any(ch in _SINGLE_ANYWHERE or _is_space(ch) for ch in text):
        return True
    first = text[0]
    return first in _SINGLE_FIRST or unicodedata.category(first) == "Zs"


def _string(text: str) -> str:
    if _NUMERIC.match(text) and not any(ch in text for ch in "\f\n\r\t\v"):
        return f"'{text}'"
    if text == "":
        return "''"
    raw = text.encode("utf-8", "surrogatepass")
    if _BINARY.search(text) or any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        return "!!binary " + base64.b64encode(raw).decode("ascii")
    if _DOUBLE_QUOTED.search(text):
        return '"' + "".join(_escaped(ch) for ch in text) + '"'
    if _needs_single_quotes(text) or _DIGITS.match(text) or _HEX.match(text) or _TIMESTAMP.match(text):
        return "'" + text.replace("'", "''") + "'"
    return text


def inline(value: Any) -> str:
    """``Inline::dump($value)``: one value on one line."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (dict, list)):
        entries = _entries(value)
        if entries and _is_list(entries):
            return "[" + ", ".join(inline(child) for _key, child in entries) + "]"
        return "{ " + ", ".join(f"{inline(key)}: {inline(child)}" for key, child in entries) + " }"
    return "null"  # (an object Symfony cannot dump: null without the exception flag)


def dump(value: Any, level: int = INLINE, indent: int = 0) -> str:
    """``(new Dumper(4))->dump($value, $level, $indent)``: block style down to ``level`` nestings."""
    prefix = " " * indent
    if level <= 0 or not isinstance(value, (dict, list)) or not value:
        return prefix + inline(value)
    entries = _entries(value)
    as_list = _is_list(entries)
    out: list[str] = []
    for key, child in entries:
        if out and not out[-1].endswith("\n"):
            out.append("\n")
        flat = level - 1 <= 0 or not isinstance(child, (dict, list)) or not child
        head = prefix + ("-" if as_list else inline(key) + ":")
        if flat:
            out.append(f"{head} {dump(child, level - 1, 0)}\n")
        else:
            out.append(f"{head}\n{dump(child, level - 1, indent + INDENT)}")
    return "".join(out)
