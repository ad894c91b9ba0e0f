"""JavaScript's view of configuration values: ``String(v)``, truthiness and object key order (Qt-free).

The CMS's browser code builds data-source requests and reads responses with these rules, so the
studio applies them too: ``String(1.0)`` is ``"1"``, ``String(1e21)`` is ``"1e+21"``, and iterating
an object visits integer-like keys first, in numeric order, then the other keys in insertion order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Iterator

_MAX_SAFE = 2**53
_MAX_INDEX = 2**32 - 1  # array indices are 0 .. 2**32 - 2


def js_number(value: float) -> str:
    """ECMAScript ``Number::toString`` (shortest round-trip digits, JS exponent rules)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    digits_tuple = Decimal(repr(abs(value))).as_tuple()
    digits = "".join(str(d) for d in digits_tuple.digits).rstrip("0") or "0"
    stripped = len("".join(str(d) for d in digits_tuple.digits)) - len(digits)
    k = len(digits)
    n = digits_tuple.exponent + stripped + k  # the decimal point sits after n digits
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        text = "0." + "0" * (-n) + digits
    else:
        exponent = n - 1
        mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
        text = f"{mantissa}e{'+' if exponent >= 0 else '-'}{abs(exponent)}"
    return sign + text


def js_string(value: Any) -> str:
    """``String(value)`` for values that come from YAML or JSON."""
    if type(value) is str:  # the common case first (a str subclass still goes through str())
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < _MAX_SAFE else js_number(float(value))
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    if isinstance(value, Mapping):
        return "[object Object]"
    return str(value)


def js_truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value != ""
    if isinstance(value, (Mapping, list)):
        return True
    if isinstance(value, float) and math.isnan(value):
        return False
    return bool(value)


def array_index(key: str) -> int | None:
    """The integer a key stands for when JavaScript treats it as an array index, else None."""
    if not key.isdigit() or not key.isascii() or (len(key) > 1 and key[0] == "0"):
        return None
    number = int(key)
    return number if number < _MAX_INDEX else None


def js_keys(mapping: Mapping) -> list[str]:
    """Keys in the order ``for...in`` / ``Object.entries`` visit them."""
    keys = [str(k) for k in mapping]
    indices = sorted((k for k in keys if array_index(k) is not None), key=lambda k: array_index(k))
    return indices + [k for k in keys if array_index(k) is None]


def js_entries(value: Mapping | list) -> Iterator[tuple[str, Any]]:
    """``Object.entries(value)``: ``(key, item)`` with string keys, in JavaScript order."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield str(index), item
        return
    by_key = {str(k): v for k, v in value.items()}
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
