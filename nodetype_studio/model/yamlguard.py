"""Refusing absurdly nested YAML *before* libyaml composes it.

PyYAML's C composer recurses once per nesting level on the C stack: a file with flow collections
nested ~25,000 deep, or one line of ``"- " * 30000``, overflows it and the process dies (SIGSEGV)
before any Python code could react. The loader's own depth limit runs after composition, too late.

:func:`nesting_problem` therefore looks at the text first:

1. A cheap upper bound of the depth, linear in the text and allocation-free for ordinary files:
   flow nesting cannot exceed the number of ``[``/``{`` characters, and block nesting cannot exceed
   twice the longest run of indentation and block indicators (`` ``, ``-``, ``?``, ``:``) at the start
   of a line, because every nested block collection starts further right (a sequence directly under a
   mapping key may share its column: hence twice). Ordinary files end here.
2. Only when that bound is above the limit (no file of the shared corpus comes near): libyaml's
   *parser* (an explicit state machine, no recursion) walks the events and counts the real depth,
   stopping at the first level beyond the limit, which becomes the finding's position.
"""

from __future__ import annotations

import functools
import re

import yaml
from yaml._yaml import CParser
from yaml.events import CollectionEndEvent, CollectionStartEvent, StreamEndEvent

#: What libyaml takes for a line break (YAML 1.1: also NEL, LS and PS), and what may open a line.
_BREAKS = "\n\r\x85\u2028\u2029"
_PREFIX_CHARS = " \t?:-"
_BLOCK_PREFIX = re.compile(f"(?:^|(?<=[{_BREAKS}]))[{_PREFIX_CHARS}]+")


@functools.lru_cache(maxsize=16)
def _prefix_at_least(length: int) -> re.Pattern:
    # a leading character class lets the regex engine skip to line breaks (a "^" tests every position)
    return re.compile(f"[{_BREAKS}][{_PREFIX_CHARS}]{{{length}}}")


def _flow_count(text: str) -> int:
    return text.count("[") + text.count("{")


def depth_bound(text: str) -> int:
    """An upper bound of the nesting depth of ``text`` (see the module text)."""
    flow = _flow_count(text)
    longest = max((len(m) for m in _BLOCK_PREFIX.findall(text)), default=0)
    return flow + 2 * (longest + 1) + 1


def _within(text: str, limit: int) -> bool:
    """Whether :func:`depth_bound` of ``text`` is at most ``limit``, without measuring every line: only
    a line whose prefix is long enough to break the bound is looked for."""
    room = (limit - _flow_count(text) - 1) // 2 - 1  # the longest line prefix the bound allows
    if room < 0:
        return False
    head = len(text) - len(text.lstrip(_PREFIX_CHARS))  # the first line has no break before it
    return head <= room and _prefix_at_least(room + 1).search(text) is None


def nesting_problem(text: str, limit: int) -> tuple[int, int] | None:
    """The 1-based (line, column) where ``text`` nests deeper than ``limit`` collections, else None.

    Syntax errors are not reported here (the loader reports them); the walk stops at the first one,
    which is also as deep as the composer would get.
    """
    if _within(text, limit):
        return None
    parser = CParser(text)
    depth, resume = 0, (0, 0, 0)  # resume: where the text scan goes on if libyaml gives up (index, line, column)
    try:
        while True:
            event = parser.get_event()
            if event is None or isinstance(event, StreamEndEvent):
                return None
            if event.end_mark is not None:
                resume = (event.end_mark.index, event.end_mark.line, event.end_mark.column)
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > limit:
                    mark = event.start_mark
                    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        # libyaml 0.2.5 as bundled with PyYAML 6.0.4 refuses more than 1,000 levels itself, and its scanner
        # reads flow brackets ahead of the events: the walk never saw the level past ``limit``.
        if "maximum nesting depth" in str(getattr(exc, "problem", "") or exc):
            mark = getattr(exc, "problem_mark", None)
            found = _flow_level_position(text, limit, depth, *resume)
            return found or ((mark.line + 1, mark.column + 1) if mark else (1, 1))
        return None
    except (ValueError, MemoryError):
        return None
    finally:
        parser.dispose()


def _flow_level_position(text: str, limit: int, depth: int, index: int, line: int, column: int
                         ) -> tuple[int, int] | None:
    """(line, column) of the first flow bracket that opens level ``limit + 1``, scanning the text from
    ``index`` (0-based ``line``/``column``, at nesting ``depth``) with YAML's quoting and comments in
    mind; only used once libyaml itself refused the depth."""
    line, quote = line + 1, ""
    length = len(text)
    while index < length:
        char = text[index]
        column += 1
        if char in _BREAKS:
            line, column = line + 1, 0
            if char == "\r" and index + 1 < length and text[index + 1] == "\n":
                index += 1
        elif quote:
            if char == "\\" and quote == '"':
                index, column = index + 1, column + 1
            elif char == quote:
                if quote == "'" and index + 1 < length and text[index + 1] == "'":
                    index, column = index + 1, column + 1
                else:
                    quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] in " \t" + _BREAKS):
            while index + 1 < length and text[index + 1] not in _BREAKS:
                index += 1
        elif char in "[{":
            depth += 1
            if depth > limit:
                return line, column
        elif char in "]}":
            depth = max(depth - 1, 0)
        index += 1
    return None
