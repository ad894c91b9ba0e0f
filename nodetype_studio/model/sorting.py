"""The two positional sorters of the CMS (reference facts §5.8).

* ``php_sort`` — Flow's PositionalArraySorter: child nodes, postprocessors, creation dialog
  elements. Strict: an unknown reference or an unsupported position string is an error.
* ``js_sort`` — the UI's positionalArraySorter: inspector tabs, groups and items, node type lists.
  Lenient: falsy positions use the list index, unknown references become orphans.

Both share the vocabulary ``start [n]``, ``end [n]``, ``before KEY [n]``, ``after KEY [n]`` and numbers.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Sequence, TypeVar

from nodetype_studio.js.values import JS_WHITESPACE, JsError, js_keys, parse_float
from nodetype_studio.js.values import to_string as js_string

_PHP_START = re.compile(r"^start(?: ([0-9]+))?$")
_PHP_END = re.compile(r"^end(?: ([0-9]+))?$")
_PHP_BEFORE = re.compile(r"^before (\S+)(?: ([0-9]+))?$")
_PHP_AFTER = re.compile(r"^after (\S+)(?: ([0-9]+))?$")
_PHP_INT_KEY = re.compile(r"^(?:0|-?[1-9][0-9]*)$")
_PHP_INT_MIN, _PHP_INT_MAX = -(2**63), 2**63 - 1
# PHP 8's numeric strings (is_numeric): only these whitespace characters, before and after
_PHP_SPACE = " \t\n\r\v\f"
_NUMERIC = re.compile(rf"^[{_PHP_SPACE}]*[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[{_PHP_SPACE}]*$")
_INTEGER = re.compile(rf"^[{_PHP_SPACE}]*[-+]?[0-9]+[{_PHP_SPACE}]*$")

T = TypeVar("T")


@dataclass(frozen=True)
class SortProblem:
    key: Hashable
    position: object
    message: str


def _php_key(key):
    """``key`` as a PHP array key: a decimal-integer string in range becomes that integer."""
    if isinstance(key, str) and _PHP_INT_KEY.match(key) and _PHP_INT_MIN <= int(key) <= _PHP_INT_MAX:
        return int(key)
    return key


def _is_numeric(value) -> bool:
    """PHP's ``is_numeric``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and _NUMERIC.match(value) is not None


def _intval(value) -> int:
    """PHP's ``intval`` of a number or a numeric string (64-bit)."""
    if isinstance(value, str):
        if _INTEGER.match(value):  # an integer string saturates past the range
            return max(_PHP_INT_MIN, min(_PHP_INT_MAX, int(value.strip(_PHP_SPACE))))
        number = float(value.strip(_PHP_SPACE))
        if not math.isfinite(number):
            return 0
        return max(_PHP_INT_MIN, min(_PHP_INT_MAX, int(number)))
    if isinstance(value, float):
        if not math.isfinite(value):
            return 0
        value = int(value)
    # a float past the range wraps around (two's complement), as PHP casts it
    return (value - _PHP_INT_MIN) % 2**64 + _PHP_INT_MIN


def _by_weight(buckets: dict, *, descending: bool) -> list:
    """The buckets' keys in ``ksort``/``krsort`` order with ``SORT_NUMERIC``: by numeric value, equal
    values in insertion order."""
    return sorted(buckets, key=lambda weight: float(weight), reverse=descending)


def _emit(key, before, after, out, seen):
    if key in seen:
        return
    seen.add(key)
    for weight in _by_weight(before.get(key, {}), descending=False):
        for k in before[key][weight]:
            _emit(k, before, after, out, seen)
    out.append(key)
    for weight in _by_weight(after.get(key, {}), descending=True):
        for k in after[key][weight]:
            _emit(k, before, after, out, seen)


def php_sort(items: Sequence[tuple[Hashable, object]], *, strict: bool = True) -> tuple[list, list[SortProblem]]:
    """Order ``(key, position)`` pairs like Flow's PositionalArraySorter.

    Returns the ordered keys and the problems found. A problem with a position is one the CMS throws
    for (with ``strict``, its behaviour): the keys are still returned in a best-effort order so that a
    caller can keep going. A problem without a position is a key in a before/after cycle: the CMS
    leaves such keys out silently, and so does the returned order.
    """
    problems: list[SortProblem] = []
    start: dict[int, list] = {}
    middle: dict[int, list] = {}
    end: dict[int, list] = {}
    # before/after weights are array keys as written ("5" is the integer 5, "05" stays a string)
    before: dict[Hashable, dict[int | str, list]] = {}
    after: dict[Hashable, dict[int | str, list]] = {}
    keys = [k for k, _ in items]
    known = {_php_key(k): k for k in keys}
    for key, position in items:
        if position is None:  # no position: a numeric key is its own position
            position = key if _is_numeric(key) else 0
        if isinstance(position, bool):
            # is_numeric(true) is false and "1"/"" match no keyword: Flow rejects it
            problems.append(SortProblem(key, position, f"position {str(position).lower()} of {key!r} is not supported "
                                                       f"(use a number, 'start', 'end', 'before KEY' or 'after KEY')"))
            middle.setdefault(0, []).append(key)
            continue
        if _is_numeric(position):
            middle.setdefault(_intval(position), []).append(key)
            continue
        text = str(position)
        if m := _PHP_START.match(text):
            start.setdefault(_intval(m.group(1) or "0"), []).append(key)
        elif m := _PHP_END.match(text):
            end.setdefault(_intval(m.group(1) or "0"), []).append(key)
        elif (m := _PHP_BEFORE.match(text)) or (m := _PHP_AFTER.match(text)):
            ref, weight = m.group(1), _php_key(m.group(2) or "0")
            target = before if text.startswith("before") else after
            ref_key = known.get(_php_key(ref))
            if ref_key is None:
                problems.append(SortProblem(key, position, f"position {text!r} of {key!r} references a non-existing key {ref!r}"))
                middle.setdefault(0, []).append(key)
            else:
                target.setdefault(ref_key, {}).setdefault(weight, []).append(key)
        else:
            problems.append(SortProblem(key, position, f"position {text!r} of {key!r} is not supported (use a number, "
                                                       f"'start', 'end', 'before KEY' or 'after KEY', each with an optional weight)"))
            middle.setdefault(0, []).append(key)
    out: list = []
    seen: set = set()
    # before-items: a higher weight ends up closer to the referenced key, i.e. emitted later.
    for weight in sorted(start, reverse=True):
        for key in start[weight]:
            _emit(key, before, after, out, seen)
    for middle_weight in sorted(middle):
        for key in middle[middle_weight]:
            _emit(key, before, after, out, seen)
    for weight in sorted(end):
        for key in end[weight]:
            _emit(key, before, after, out, seen)
    for key in keys:  # members of before/after cycles are never reached from an anchor: Flow leaves them out
        if key not in seen:
            problems.append(SortProblem(key, None, f"{key!r} is part of a before/after cycle"))
    return out, problems


# searched anywhere in the position, as the UI's `String.match` does (only the prefix test is anchored);
# JavaScript's `\s` and `\d` (its whitespace, ASCII digits), not Python's
_SPACE, _NON_SPACE = f"[{JS_WHITESPACE}]", f"[^{JS_WHITESPACE}]"
_JS_WEIGHT = {word: re.compile(rf"{word}{_SPACE}+([0-9]+)") for word in ("start", "end")}
_JS_REF = {word: re.compile(rf"{word}{_SPACE}+({_NON_SPACE}+)(?:{_SPACE}+([0-9]+))?") for word in ("before", "after")}


def _js_text(position) -> str | None:
    """``String(position)`` for a position that is neither a number nor a boolean (a YAML list is joined
    with commas: ``[start]`` reads as ``start``); None where JavaScript throws (the index is used then)."""
    if isinstance(position, str):
        return position
    try:
        return js_string(position)
    except JsError:
        return None


def _js_number(position) -> float | None:
    """``parseFloat(String(position))`` when finite (the sorter uses the index otherwise)."""
    if isinstance(position, bool):
        return None
    if isinstance(position, (int, float)):
        # the sorter works on String(position): an infinity does not parse back to a finite number
        return float(position) if math.isfinite(position) else None
    number = parse_float(position)
    return number if math.isfinite(number) else None


def _js_key_order(keys) -> list:
    """``keys`` in the order ``Object.keys`` gives them: array-index keys ascending, then the others in
    insertion order."""
    return js_keys(dict.fromkeys(keys))


def js_sort(items: Iterable[T], position_of: Callable[[T], Any], key_of: Callable[[T], Hashable]) -> list[T]:
    """Order ``items`` like the UI's positionalArraySorter (never raises)."""
    items = list(items)
    by_key: dict[Hashable, T] = {}
    start: dict[float, list] = {}
    middle: dict[float, list] = {}
    end: dict[float, list] = {}
    before: dict[Hashable, dict[float, list]] = {}
    after: dict[Hashable, dict[float, list]] = {}
    for index, item in enumerate(items):
        key = key_of(item)
        by_key[key] = item  # items sharing a key: the UI's sorter returns the last one, sorted once
        position = position_of(item)
        if not position or position != position:  # NaN is falsy in JavaScript too
            middle.setdefault(float(index), []).append(key)
            continue
        if not isinstance(position, (bool, int, float)):
            position = _js_text(position)
            if position is None:
                middle.setdefault(float(index), []).append(key)
                continue
        if isinstance(position, str):
            if position.startswith("start"):
                m = _JS_WEIGHT["start"].search(position)
                start.setdefault(float(m.group(1)) if m else 0.0, []).append(key)
                continue
            if position.startswith("end"):
                m = _JS_WEIGHT["end"].search(position)
                end.setdefault(float(m.group(1)) if m else 0.0, []).append(key)
                continue
            if position.startswith(("before", "after")):
                word = "before" if position.startswith("before") else "after"
                m = _JS_REF[word].search(position)
                if m:
                    target = before if word == "before" else after
                    weight = float(m.group(2)) if m.group(2) else 0.0
                    target.setdefault(m.group(1), {}).setdefault(weight, []).append(key)
                    continue
                middle.setdefault(float(index), []).append(key)
                continue
        number = _js_number(position)
        middle.setdefault(float(index) if number is None else number, []).append(key)

    seen: set = set()

    def add(keys, result):
        for key in keys:
            if key in seen:
                continue
            seen.add(key)
            if key in before:
                for weight in sorted(before[key]):
                    add(before[key][weight], result)
            result.append(key)
            if key in after:
                for weight in sorted(after[key], reverse=True):
                    add(after[key][weight], result)

    result_start: list = []
    result_middle: list = []
    result_end: list = []
    for weight in sorted(start, reverse=True):
        add(start[weight], result_start)
    for weight in sorted(middle):
        add(middle[weight], result_middle)
    for weight in sorted(end):
        add(end[weight], result_end)
    # orphans: references never emitted (unknown keys, or keys only reachable through a cycle)
    for ref in _js_key_order(before):
        if ref not in seen:
            for weight in sorted(before[ref], reverse=True):
                add(before[ref][weight], result_start)
    for ref in _js_key_order(after):
        if ref not in seen:
            for weight in sorted(after[ref], reverse=True):
                add(after[ref][weight], result_middle)
    ordered = result_start + result_middle + result_end
    for item in items:  # keys only reachable through a cycle: keep them, once
        key = key_of(item)
        if key not in seen:
            seen.add(key)
            ordered.append(key)
    return [by_key[k] for k in ordered]


def js_sort_mapping(mapping: dict, position_key: Callable[[object], object] | None = None) -> list[tuple[str, object]]:
    """Convenience: sort a ``{id: config}`` mapping by each config's ``position``."""
    getter: Callable[[Any], Any] = position_key or (lambda value: value.get("position") if isinstance(value, dict) else None)
    return js_sort(list(mapping.items()), lambda kv: getter(kv[1]), lambda kv: kv[0])
