"""How the browser sees a value: JavaScript coercions re-expressed in Python (the one place).

Truthiness, ``String()``, ``Number#toString``, object key order and ``ClientEval:`` detection are
defined here and nowhere else; ``tests/js/test_values_v8.py`` compares every rule with V8.

The CMS validators are JavaScript functions that poke at the value (`value.length`,
`String(value)`, `parseInt(value, 10)`, `value.match(...)`). Values reach the studio as Python
objects (str, int, float, bool, None, list, dict); this module answers those operations the way
a JavaScript engine would, including the cases where the browser throws (``JsError``).
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

MAX_SAFE_INTEGER = 2**53 - 1
NAN = float("nan")


class _Undefined:
    """JavaScript `undefined` (a missing property), distinct from `null` (None)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "undefined"

    def __bool__(self) -> bool:
        return False


UNDEFINED = _Undefined()


class JsError(Exception):
    """The browser's validator would throw here; the message reads like the browser's
    (e.g. `TypeError: value.match is not a function`)."""


# StrWhiteSpaceChar: what parseInt/parseFloat/Number() skip (WhiteSpace and LineTerminator).
JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
LINE_TERMINATORS = "\n\r\u2028\u2029"


def from_python(value):
    """Normalise an editor value to the plain JSON-like shapes the browser receives."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat()  # the DateTime editor stores ISO 8601 strings
    if isinstance(value, dict):
        return {str(k): from_python(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [from_python(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if value is UNDEFINED:
        return value
    return str(value)


def typeof(value) -> str:
    if value is UNDEFINED:
        return "undefined"
    if value is None or isinstance(value, (list, dict)):
        return "object"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "object"


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def to_float(value) -> float:
    """A Python int/float as the double JavaScript holds."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def utf16_length(text: str) -> int:
    """`text.length` in JavaScript: UTF-16 code units, so an emoji counts 2."""
    if text.isascii() or max(text) <= "\uffff":
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def get_property(value, name: str):
    """`value[name]` for the few properties validators read (`length`, option names)."""
    if value is None or value is UNDEFINED:
        raise JsError(f"TypeError: Cannot read properties of {'null' if value is None else 'undefined'} (reading '{name}')")
    if isinstance(value, dict):
        return value.get(name, UNDEFINED)
    if name == "length":
        if isinstance(value, str):
            return utf16_length(value)
        if isinstance(value, list):
            return len(value)
    return UNDEFINED


def length(value):
    """`value.length`; `UNDEFINED` where the value has none (numbers, booleans, plain objects)."""
    return get_property(value, "length")


def strict_equals(a, b) -> bool:
    """`a === b` for primitives (objects are only equal to themselves)."""
    if is_number(a) and is_number(b):
        return to_float(a) == to_float(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    if a is None or b is None:
        return a is b
    if a is UNDEFINED or b is UNDEFINED:
        return a is b
    return a is b


def truthy(value) -> bool:
    """``Boolean(value)``: ``{}`` and ``[]`` are true; ``0``, ``NaN``, ``''``, null, undefined false."""
    kind = type(value)
    if kind is str:  # the common case first
        return value != ""
    if kind is bool:
        return value
    if value is None or value is UNDEFINED:
        return False
    if is_number(value):
        f = to_float(value)
        return not (f == 0 or math.isnan(f))
    if isinstance(value, str):
        return value != ""
    return True


_EXACT_INT = 2**53  # integers up to this are exact doubles


def number_to_string(x: float) -> str:
    """Number::toString(10): the shortest round-trip digits, JavaScript's exponent rules."""
    if type(x) is int and -_EXACT_INT <= x <= _EXACT_INT:
        return str(x)  # exactly a double, and below 1e21: JavaScript writes its digits (no Decimal needed)
    if type(x) is float and x.is_integer() and -_EXACT_INT <= x <= _EXACT_INT:
        # every whole number up to 2**53 is a double of its own, so its shortest digits are its own
        # (a slider's bounds, 0.0 and 100.0, are asked for with every range editor built); -0 gives "0"
        return str(int(x))
    return _shortest_digits(x)


def _shortest_digits(x: float) -> str:
    """``number_to_string`` worked out from the shortest round-trip digits (any number)."""
    x = to_float(x)
    if math.isnan(x):
        return "NaN"
    if x == 0:
        return "0"
    if x < 0:
        return "-" + _shortest_digits(-x)
    if math.isinf(x):
        return "Infinity"
    sign, digits, exponent = Decimal(repr(x)).normalize().as_tuple()
    s = "".join(map(str, digits))
    k = len(s)
    assert isinstance(exponent, int)  # a finite number
    n = exponent + k
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + s
    e = n - 1
    mantissa = s if k == 1 else s[0] + "." + s[1:]
    return f"{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


def to_string(value) -> str:
    """`String(value)`; objects with an own non-callable `toString` make the browser throw."""
    if value is UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_number(value):
        return number_to_string(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        # Array.prototype.join: null/undefined items become empty strings
        return ",".join("" if v is None or v is UNDEFINED else to_string(v) for v in value)
    if isinstance(value, dict):
        if "toString" in value or "valueOf" in value:
            raise JsError("TypeError: Cannot convert object to primitive value")
        return "[object Object]"
    return str(value)


def call_to_string(value) -> str:
    """`value.toString()` (throws on null/undefined or a non-function `toString` property)."""
    if value is None or value is UNDEFINED:
        raise JsError(f"TypeError: Cannot read properties of {'null' if value is None else 'undefined'} (reading 'toString')")
    if isinstance(value, dict) and "toString" in value:
        raise JsError("TypeError: value.toString is not a function")
    return to_string(value)


def require_string_method(value, method: str) -> str:
    """The string behind `value.<method>(...)`: only strings have String.prototype methods."""
    if isinstance(value, str):
        return value
    if value is None or value is UNDEFINED:
        raise JsError(f"TypeError: Cannot read properties of {'null' if value is None else 'undefined'} (reading '{method}')")
    raise JsError(f"TypeError: value.{method} is not a function")


def _trim_start(text: str) -> str:
    return text.lstrip(JS_WHITESPACE)


_INT_PREFIX = re.compile(r"([+-]?)([0-9]+)")
_FLOAT_PREFIX = re.compile(r"[+-]?(?:Infinity|[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)")


def _digits_to_float(digits: str) -> float:
    digits = digits.lstrip("0") or "0"
    if len(digits) > 400:  # far beyond the largest double; also avoids int()'s digit limit
        return math.inf
    return to_float(int(digits))


def parse_int(value) -> float:
    """`parseInt(value, 10)`: leading whitespace, sign, ASCII digits; NaN when there are none."""
    text = _trim_start(to_string(value))
    m = _INT_PREFIX.match(text)
    if not m:
        return NAN
    number = _digits_to_float(m.group(2))
    return -number if m.group(1) == "-" else number


def parse_float(value) -> float:
    text = _trim_start(to_string(value))
    m = _FLOAT_PREFIX.match(text)
    if not m:
        return NAN
    literal = m.group(0)
    if literal.lstrip("+-") == "Infinity":
        return -math.inf if literal.startswith("-") else math.inf
    return float(literal)


def is_safe_integer(x) -> bool:
    if not is_number(x):
        return False
    f = to_float(x)
    return math.isfinite(f) and f == int(f) and abs(f) <= MAX_SAFE_INTEGER


_NUMERIC_LITERAL = re.compile(r"[+-]?(?:Infinity|[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)")
# only the digits of the literal's base: Python's int() would also take a second prefix ("0b0b0" is NaN)
_RADIX_LITERAL = re.compile(r"0(?:([xX])([0-9a-fA-F]+)|([oO])([0-7]+)|([bB])([01]+))")


def to_number(value) -> float:
    """`Number(value)` / the coercion behind `<` and `>`."""
    if value is UNDEFINED:
        return NAN
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if is_number(value):
        return to_float(value)
    if isinstance(value, (list, dict)):
        return to_number(to_string(value))
    text = value.strip(JS_WHITESPACE)
    if text == "":
        return 0.0
    if _NUMERIC_LITERAL.fullmatch(text):
        if text.lstrip("+-") == "Infinity":
            return -math.inf if text.startswith("-") else math.inf
        return float(text)
    m = _RADIX_LITERAL.fullmatch(text)
    if m:
        letter, digits = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
        return to_float(int(digits, {"x": 16, "o": 8, "b": 2}[letter.lower()]))
    return NAN


def less_than(a, b) -> bool:
    """`a < b` for the number-ish operands the validators compare (NaN compares false)."""
    return to_number(a) < to_number(b)


def option_number(options, name: str) -> float:
    """`typeof o[name] === 'number' ? o[name] : parseInt(o[name], 10)` – how bounds are read."""
    raw = get_property(options, name)
    if is_number(raw):
        return to_float(raw)
    return parse_int(raw)


def format_number(x: float) -> str:
    """A number as a message placeholder shows it."""
    return number_to_string(x)


# -- object key order -------------------------------------------------------------------------------

_MAX_INDEX = 2**32 - 1  # array indices are 0 .. 2**32 - 2


def array_index(key: str) -> int | None:
    """The integer a key stands for when JavaScript treats it as an array index, else None."""
    if not key.isdigit() or not key.isascii() or (len(key) > 1 and key[0] == "0"):
        return None
    number = int(key)
    return number if number < _MAX_INDEX else None


def js_keys(mapping: Mapping) -> list[str]:
    """Keys in the order ``for...in`` / ``Object.entries`` visit them: integer-like keys first,
    in numeric order, then the other keys in insertion order."""
    keys = [str(k) for k in mapping]
    indices = sorted((k for k in keys if array_index(k) is not None), key=lambda k: array_index(k) or 0)
    return indices + [k for k in keys if array_index(k) is None]


def js_entries(value: Mapping | list) -> Iterator[tuple[str, Any]]:
    """``Object.entries(value)``: ``(key, item)`` with string keys, in JavaScript order."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield str(index), item
        return
    items = list(value.items())
    if all(type(k) is str and not k[:1].isdigit() for k, _ in items):
        yield from items  # no key is an array index (those are all digits): insertion order
        return
    by_key = {str(k): v for k, v in items}
    for key in js_keys(value):
        yield key, by_key[key]


def json_kind(value: Any) -> str:
    """How a JSON value is named in messages ("a string", "a list", "null")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


# -- ClientEval ----------------------------------------------------------------------------------

CLIENT_EVAL_PREFIX = "ClientEval:"


_HEX = frozenset("0123456789abcdefABCDEF")


def unescape(text: str) -> str:
    """The global ``unescape()`` (ECMAScript B.2.1.2): ``%uXXXX`` and ``%XX`` become the UTF-16 code unit
    they name; any other ``%`` stays. Decoded surrogate pairs join into one character."""
    if "%" not in text:
        return text
    units: list[str] = []
    k, end = 0, len(text)
    while k < end:
        char = text[k]
        if char == "%":
            if k + 6 <= end and text[k + 1] == "u" and all(c in _HEX for c in text[k + 2:k + 6]):
                units.append(chr(int(text[k + 2:k + 6], 16)))
                k += 6
                continue
            if k + 3 <= end and all(c in _HEX for c in text[k + 1:k + 3]):
                units.append(chr(int(text[k + 1:k + 3], 16)))
                k += 3
                continue
        units.append(char)
        k += 1
    return "".join(units).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def is_client_eval(value: Any) -> bool:
    """A string value the UI evaluates: it starts with exactly ``ClientEval:`` (no leading space)."""
    return isinstance(value, str) and value.startswith(CLIENT_EVAL_PREFIX)


def client_eval_expression(value: str) -> str:
    """The JavaScript source of a ClientEval string (everything after the prefix)."""
    return value[len(CLIENT_EVAL_PREFIX):]
