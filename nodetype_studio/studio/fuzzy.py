"""Fuzzy matching as IDEs do it for quick open and the command palette.

The query's characters must appear in the candidate in order (case-insensitive, spaces in the query
ignored). Among all ways to place them, the best scoring one is found (dynamic programming): a match
at the start of a part of the name (after ``.``, ``:``, ``/``, ``-``, ``_``, a space or at a capital
letter of a camelCase word) scores more, runs of consecutive characters score more, gaps cost.
So ``cteas`` finds ``Acme.Site:Content.Teaser`` before ``Acme.Site:Content.TextWithImage``, and
``ctt`` finds ``Content.Text`` via the capitals and the dot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

T = TypeVar("T")

SCORE_MATCH = 16
BONUS_BOUNDARY = 10  # first character of a part
BONUS_CAMEL = 8  # a capital after a lower-case letter
BONUS_CONSECUTIVE = 6
BONUS_FIRST = 6  # the very first character of the candidate
PENALTY_GAP_START = 3
PENALTY_GAP_EXTENSION = 1
SEPARATORS = frozenset(".:/\\-_ \u203a")
MAX_CANDIDATE = 300  # longer candidates are matched on their first characters only
_NEG = float("-inf")


@dataclass(frozen=True, slots=True)
class Match:
    score: float
    positions: tuple[int, ...]  # indexes of the matched characters in the candidate


def _bonuses(text: str) -> list[int]:
    bonuses = []
    previous = ""
    for index, char in enumerate(text):
        if index == 0:
            bonus = BONUS_BOUNDARY + BONUS_FIRST
        elif previous in SEPARATORS:
            bonus = BONUS_BOUNDARY
        elif char.isupper() and previous.islower():
            bonus = BONUS_CAMEL
        elif char.isdigit() and not previous.isdigit():
            bonus = BONUS_CAMEL
        else:
            bonus = 0
        bonuses.append(bonus)
        previous = char
    return bonuses


@lru_cache(maxsize=16384)
def _prepared(text: str) -> tuple[list[int], dict[str, list[int]]]:
    """The bonuses of ``text`` and where each (lower-case) character occurs; kept, as a list is
    ranked again on every key typed. Read only."""
    occurrences: dict[str, list[int]] = {}
    for j, char in enumerate(text.lower()):
        occurrences.setdefault(char, []).append(j)
    return _bonuses(text), occurrences


def _is_subsequence(query: str, text: str) -> bool:
    position = 0
    for char in query:
        position = text.find(char, position)
        if position < 0:
            return False
        position += 1
    return True


def fuzzy_match(query: str, candidate: str) -> Match | None:
    """The best placement of ``query`` in ``candidate``, or None when it does not match at all."""
    needle = "".join(query.split()).lower()
    if not needle:
        return Match(0.0, ())
    text = candidate[:MAX_CANDIDATE]
    lower = text.lower()
    if len(needle) > len(lower) or not _is_subsequence(needle, lower):
        return None
    bonuses, occurrences = _prepared(text)
    # Only the places where each query character occurs are visited (rows are sparse): for needle[i]
    # at j, the best predecessor is either needle[i-1] at j-1 (a run) or the best needle[i-1] at some
    # k <= j-2 less the gap cost GAP_START + (j-k-2) * GAP_EXTENSION, i.e. the best of
    # score(k) + k * GAP_EXTENSION, kept as a running maximum while j moves right.
    rows: list[dict[int, tuple[float, int]]] = []  # per query char: position -> (score, predecessor)
    first: dict[int, tuple[float, int]] = {}
    for j in occurrences.get(needle[0], ()):
        first[j] = (SCORE_MATCH + bonuses[j] - min(j, 15) * 0.25, -1)  # earlier is a little better
    rows.append(first)
    for i in range(1, len(needle)):
        previous = rows[-1]
        if not previous:
            return None
        keys = sorted(previous)
        row: dict[int, tuple[float, int]] = {}
        pointer, run, run_at = 0, _NEG, -1
        for j in occurrences.get(needle[i], ()):
            while pointer < len(keys) and keys[pointer] <= j - 2:
                k = keys[pointer]
                value = previous[k][0] + k * PENALTY_GAP_EXTENSION
                if value >= run:
                    run, run_at = value, k
                pointer += 1
            best, link = _NEG, -1
            if j - 1 in previous:
                best, link = previous[j - 1][0] + SCORE_MATCH + max(bonuses[j], BONUS_CONSECUTIVE), j - 1
            if run != _NEG:
                gap = run - PENALTY_GAP_START - (j - 2) * PENALTY_GAP_EXTENSION + SCORE_MATCH + bonuses[j]
                if gap > best:
                    best, link = gap, run_at
            if link >= 0:
                row[j] = (best, link)
        rows.append(row)
    last = rows[-1]
    if not last:
        return None
    end = max(last, key=lambda j: (last[j][0], -j))
    positions = [end]
    for i in range(len(needle) - 1, 0, -1):
        positions.append(rows[i][positions[-1]][1])
    positions.reverse()
    return Match(last[end][0], tuple(positions))


def rank(query: str, items: Iterable[T], key: Callable[[T], str] = str, limit: int | None = None
         ) -> list[tuple[T, Match]]:
    """``items`` that match ``query``, best first (then shorter, then alphabetical); all of them in their
    own order for an empty query."""
    if not "".join(query.split()):
        rows = [(item, Match(0.0, ())) for item in items]
        return rows[:limit] if limit is not None else rows
    found: list[tuple[float, int, str, int, T, Match]] = []
    for item in items:
        text = key(item)
        match = fuzzy_match(query, text)
        if match is not None:
            found.append((-match.score, len(text), text, len(found), item, match))
    found.sort(key=lambda row: row[:4])
    rows = [(row[4], row[5]) for row in found]
    return rows[:limit] if limit is not None else rows


class Narrowing(Generic[T]):
    """Ranks ``items`` for a query typed one key at a time: when the query grows, only the items that
    matched the shorter one are ranked again (a longer query never matches more)."""

    def __init__(self, items: Iterable[T], key: Callable[[T], str] = str):
        self.items = list(items)
        self.key = key
        self._query: str | None = None
        self._matched: list[T] = self.items

    def rank(self, query: str) -> list[tuple[T, Match]]:
        needle = "".join(query.split()).lower()
        previous = self._query
        pool = self._matched if previous is not None and needle.startswith(previous) else self.items
        rows = rank(query, pool, self.key)
        self._query = needle
        self._matched = [item for item, _match in rows]
        return rows
