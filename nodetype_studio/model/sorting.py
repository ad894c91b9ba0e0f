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

_PHP_START = re.compile(r"^start(?: ([0-9]+))?$")
_PHP_END = re.compile(r"^end(?: ([0-9]+))?$")
_PHP_BEFORE = re.compile(r"^before (\S+)(?: ([0-9]+))?$")
_PHP_AFTER = re.compile(r"^after (\S+)(?: ([0-9]+))?$")
_PHP_INT_KEY = re.compile(r"^(?:0|-?[1-9][0-9]*)$")
_PHP_INT_MAX = 2**63 - 1
_NUMERIC = re.compile(r"^\s*[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\s*$")

T = TypeVar("T")


@dataclass(frozen=True)
class SortProblem:
    key: Hashable
    position: object
    message: str


def _emit(key, before, after, out, seen, ascending_before: bool):
    if key in seen:
        return
    seen.add(key)
    for weight in sorted(before.get(key, {}), reverse=not ascending_before):
        for k in before[key][weight]:
            _emit(k, before, after, out, seen, ascending_before)
    out.append(key)
    for weight in sorted(after.get(key, {}), reverse=True):
        for k in after[key][weight]:
            _emit(k, before, after, out, seen, ascending_before)


def php_sort(items: Sequence[tuple[Hashable, object]], *, strict: bool = True) -> tuple[list, list[SortProblem]]:
    """Order ``(key, position)`` pairs like Flow's PositionalArraySorter.

    Returns the ordered keys and the problems found. With ``strict`` (the CMS's behaviour) any
    problem means the CMS throws; the keys are still returned in a best-effort order so that a
    caller can keep going.
    """
    problems: list[SortProblem] = []
    start: dict[int, list] = {}
    middle: dict[float, list] = {}
    end: dict[int, list] = {}
    before: dict[Hashable, dict[int, list]] = {}
    after: dict[Hashable, dict[int, list]] = {}
    keys = [k for k, _ in items]
    known = set(keys)
    for key, position in items:
        if position is None:
            # PHP turns a decimal-integer string key ("10") into an integer key: its position is the key
            position = int(key) if isinstance(key, int) or (isinstance(key, str) and _PHP_INT_KEY.match(key)) else 0
        if isinstance(position, bool):
            # is_numeric(true) is false and "1"/"" match no keyword: Flow rejects it
            problems.append(SortProblem(key, position, f"position {str(position).lower()} of {key!r} is not supported "
                                                       f"(use a number, 'start', 'end', 'before KEY' or 'after KEY')"))
            middle.setdefault(0, []).append(key)
            continue
        if isinstance(position, (int, float)):
            # PHP's (int) cast: NaN and infinity become 0
            middle.setdefault(int(position) if math.isfinite(position) else 0, []).append(key)
            continue
        text = str(position)
        if _NUMERIC.match(text):
            # a numeric string past the integer range saturates ("1e999" -> PHP_INT_MAX)
            number = float(text)
            middle.setdefault(int(number) if math.isfinite(number) else int(math.copysign(_PHP_INT_MAX, number)),
                              []).append(key)
            continue
        if m := _PHP_START.match(text):
            start.setdefault(int(m.group(1) or 0), []).append(key)
        elif m := _PHP_END.match(text):
            end.setdefault(int(m.group(1) or 0), []).append(key)
        elif (m := _PHP_BEFORE.match(text)) or (m := _PHP_AFTER.match(text)):
            ref, weight = m.group(1), int(m.group(2) or 0)
            target = before if text.startswith("before") else after
            ref_key = _match_key(ref, known)
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
            _emit(key, before, after, out, seen, True)
    for middle_weight in sorted(middle):
        for key in middle[middle_weight]:
            _emit(key, before, after, out, seen, True)
    for weight in sorted(end):
        for key in end[weight]:
            _emit(key, before, after, out, seen, True)
    for key in keys:  # members of before/after cycles are never reached from an anchor
        if key not in seen:
            # Flow does not throw here: it silently leaves such keys out of the result
            problems.append(SortProblem(key, None, f"{key!r} is part of a before/after cycle"))
            _emit(key, before, after, out, seen, True)
    return out, problems


def _match_key(ref: str, known: set):
    if ref in known:
        return ref
    if ref.isdigit() and int(ref) in known:
        return int(ref)
    return None


_JS_WEIGHT = re.compile(r"\s+(\d+)")
_JS_REF = re.compile(r"(?:before|after)\s+(\S+)(?:\s+(\d+))?")


def _js_number(position) -> float | None:
    if isinstance(position, bool):
        return None
    if isinstance(position, (int, float)):
        return float(position)
    m = re.match(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", str(position))
    return float(m.group(1)) if m else None


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
        by_key.setdefault(key, item)
        position = position_of(item)
        if not position or position != position:  # NaN is falsy in JavaScript too
            middle.setdefault(float(index), []).append(key)
            continue
        if isinstance(position, str):
            if position.startswith("start"):
                m = _JS_WEIGHT.search(position)
                start.setdefault(float(m.group(1)) if m else 0.0, []).append(key)
                continue
            if position.startswith("end"):
                m = _JS_WEIGHT.search(position)
                end.setdefault(float(m.group(1)) if m else 0.0, []).append(key)
                continue
            if position.startswith(("before", "after")):
                m = _JS_REF.match(position)
                if m:
                    target = before if position.startswith("before") else after
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
    for ref, weights in before.items():
        if ref not in seen:
            for weight in sorted(weights, reverse=True):
                add(weights[weight], result_start)
    for ref, weights in after.items():
        if ref not in seen:
            for weight in sorted(weights, reverse=True):
                add(weights[weight], result_middle)
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
