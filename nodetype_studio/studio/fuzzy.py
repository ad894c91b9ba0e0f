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
from typing import TypeVar

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
    bonuses = _bonuses(text)
    size = len(lower)
    # score[i][j]: best score with needle[i] placed at text[j]; parent[i][j]: where needle[i-1] went
    score: list[list[float]] = []
    parent: list[list[int]] = []
    first = [_NEG] * size
    for j, char in enumerate(lower):
        if char == needle[0]:
            first[j] = SCORE_MATCH + bonuses[j] - min(j, 15) * 0.25  # earlier is a little better
    score.append(first)
    parent.append([-1] * size)
    for i in range(1, len(needle)):
        previous = score[-1]
        row = [_NEG] * size
        links = [-1] * size
        run, run_at = _NEG, -1  # best previous[k] less the gap cost to j, over k <= j - 2
        for j in range(i, size):
            if j >= 2 and previous[j - 2] != _NEG:
                candidate_run = previous[j - 2] - PENALTY_GAP_START
                if candidate_run >= run - PENALTY_GAP_EXTENSION:
                    run, run_at = candidate_run, j - 2
                else:
                    run -= PENALTY_GAP_EXTENSION
            elif run != _NEG:
                run -= PENALTY_GAP_EXTENSION
            if lower[j] != needle[i]:
                continue
            best, link = _NEG, -1
            if previous[j - 1] != _NEG:
                best, link = previous[j - 1] + SCORE_MATCH + max(bonuses[j], BONUS_CONSECUTIVE), j - 1
            if run != _NEG and run + SCORE_MATCH + bonuses[j] > best:
                best, link = run + SCORE_MATCH + bonuses[j], run_at
            row[j], links[j] = best, link
        score.append(row)
        parent.append(links)
    last = score[-1]
    end = max(range(size), key=lambda j: last[j])
    if last[end] == _NEG:
        return None
    positions = [end]
    for i in range(len(needle) - 1, 0, -1):
        positions.append(parent[i][positions[-1]])
    positions.reverse()
    return Match(last[end], tuple(positions))


def rank(query: str, items: Iterable[T], key: Callable[[T], str] = str, limit: int | None = None
         ) -> list[tuple[T, Match]]:
    """``items`` that match ``query``, best first (then shorter, then alphabetical); all of them in their
    own order for an empty query."""
    if not "".join(query.split()):
        rows = [(item, Match(0.0, ())) for item in items]
        return rows[:limit] if limit is not None else rows
    found = []
    for item in items:
        text = key(item)
        match = fuzzy_match(query, text)
        if match is not None:
            found.append((-match.score, len(text), text, len(found), item, match))
    found.sort(key=lambda row: row[:4])
    rows = [(row[4], row[5]) for row in found]
    return rows[:limit] if limit is not None else rows
