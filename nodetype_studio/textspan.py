"""Where two versions of a text differ: the length of their common start and common end.

An edit changes a few characters of a long file; the incremental parse, the highlighter and the source
view all work on the part in between. Comparing slices by bisection runs in C (``str`` comparison), a
few dozen comparisons for a file of any size.
"""

from __future__ import annotations

from collections.abc import Callable


def changed_span(old: str, new: str) -> tuple[int, int]:
    """(prefix, suffix): the longest common start of ``old`` and ``new``, then the longest common end of
    what is left (the two never overlap: prefix + suffix <= the shorter length)."""
    limit = min(len(old), len(new))
    prefix = _longest(lambda k: old[:k] == new[:k], limit)
    suffix = _longest(lambda k: old[len(old) - k:] == new[len(new) - k:], limit - prefix)
    return prefix, suffix


def _longest(same: Callable[[int], bool], limit: int) -> int:
    """The largest k <= limit with same(k) (same is true up to some k, then false), by bisection."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if same(middle):
            low = middle
        else:
            high = middle - 1
    return low
