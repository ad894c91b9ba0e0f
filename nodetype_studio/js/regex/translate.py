"""Evaluating JavaScript regular expressions the way the browser does.

``JsRegex.compile(body, flags)`` translates the JavaScript pattern into an equivalent pattern for
the ``regex`` module (which can stop a runaway match): every JavaScript meaning is spelled out
explicitly – `.` excludes the four line terminators, `\\d`/`\\w`/`\\b` are ASCII, `\\s` is
JavaScript's whitespace set, `$` without /m is the very end, /m lines end at \\n \\r U+2028
U+2029, /i compares characters by JavaScript's non-Unicode case canonicalisation, a backreference
to a group that has not matched matches the empty string, and the subject is seen as UTF-16 code
units. Constructs whose meaning cannot be reproduced exactly (backreferences into repeated groups
or under /i, inline modifiers, duplicate group names) are evaluated by V8 instead (the app's shared
engine, ``nodetype_studio.js.engine``); without V8 they are reported, never guessed.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from nodetype_studio.js import engine as jsengine
from nodetype_studio.js.regex import browser
from nodetype_studio.js.regex.limits import (  # noqa: F401 (also this module's names, as before)
    BROWSER_BUDGET,
    DEFAULT_TIMEOUT,
    INTERACTIVE_BUDGET,
    CannotEvaluate,
    RegexTimeout,
    budget,
    current_budget,
)
from nodetype_studio.js.regex.option import compile_error, regex_literal
from nodetype_studio.js.regex.parse import (
    INFINITE,
    MAX_UNIT,
    WORD,
    Alt,
    Assertion,
    BackRef,
    CharSet,
    Group,
    JsRegexSyntaxError,
    Repeat,
    Seq,
    Untranslatable,
    code_units,
    complement,
    normalize,
    parse,
    walk,
)

# ---- case canonicalisation (/i without /u) ---------------------------------------------------

@lru_cache(maxsize=1)
def _case_table():
    """Canonicalize(ch) of ECMAScript (non-Unicode /i): ch.toUpperCase() when that is a single code
    unit and does not turn a non-ASCII character into an ASCII one; otherwise ch itself.
    Returns (sorted list of cased units, unit -> tuple of units sharing its canonical form)."""
    canon_groups: dict[int, list[int]] = {}
    for cp in range(MAX_UNIT + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        upper = chr(cp).upper()
        canon = cp
        if len(upper) == 1 and not (cp >= 128 and ord(upper) < 128):
            canon = ord(upper)
        canon_groups.setdefault(canon, []).append(cp)
    variants: dict[int, tuple[int, ...]] = {}
    for members in canon_groups.values():
        if len(members) > 1:
            for m in members:
                variants[m] = tuple(members)
    return sorted(variants), variants


def _contains(ranges, unit: int) -> bool:
    i = bisect.bisect_right(ranges, (unit, MAX_UNIT + 1)) - 1
    return i >= 0 and ranges[i][0] <= unit <= ranges[i][1]


def case_closure(ranges):
    """All code units that match one of ``ranges`` under JavaScript's non-Unicode /i."""
    cased, variants = _case_table()
    extra = [(v, v) for u in cased if _contains(ranges, u) for v in variants[u]]
    return normalize(list(ranges) + extra) if extra else ranges


# ---- emission -------------------------------------------------------------------------------

def _unit(u: int) -> str:
    c = chr(u)
    if c.isascii() and c.isalnum():
        return c
    return f"\\u{u:04x}"


def _class(ranges) -> str:
    if not ranges:
        return "(?!)"
    if ranges == ((0, MAX_UNIT),):
        return "[\\u0000-\\uffff]"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _unit(ranges[0][0])
    parts = (_unit(lo) if lo == hi else f"{_unit(lo)}-{_unit(hi)}" for lo, hi in ranges)
    return "[" + "".join(parts) + "]"


_WORD = _class(WORD)
_NOT_TERMINATOR = "[^\\n\\r\\u2028\\u2029]"
_ASSERTIONS = {
    ("^", False): r"\A",
    ("^", True): f"(?<!{_NOT_TERMINATOR})",
    ("$", False): r"\Z",
    ("$", True): f"(?!{_NOT_TERMINATOR})",
    ("b", False): f"(?:(?<={_WORD})(?!{_WORD})|(?<!{_WORD})(?={_WORD}))",
    ("B", False): f"(?:(?<={_WORD})(?={_WORD})|(?<!{_WORD})(?!{_WORD}))",
}
_GROUP_OPEN = {
    "capture": "(", "group": "(?:", "lookahead": "(?=", "neg-lookahead": "(?!",
    "lookbehind": "(?<=", "neg-lookbehind": "(?<!",
}


class _Emitter:
    def __init__(self, ignore_case: bool, multiline: bool):
        self.ignore_case = ignore_case
        self.multiline = multiline

    def emit(self, node) -> str:
        if isinstance(node, Seq):
            return "".join(self.emit(item) for item in node.items)
        if isinstance(node, Alt):
            return "(?:" + "|".join(self.emit(o) for o in node.options) + ")"
        if isinstance(node, CharSet):
            ranges = case_closure(node.ranges) if self.ignore_case else node.ranges
            return _class(complement(ranges) if node.negated else ranges)
        if isinstance(node, Assertion):
            key = (node.kind, self.multiline if node.kind in "^$" else False)
            return _ASSERTIONS[key]
        if isinstance(node, Group):
            return _GROUP_OPEN[node.kind] + self.emit(node.body) + ")"
        if isinstance(node, Repeat):
            body = self.emit(node.body)
            if not isinstance(node.body, (Group, CharSet)) or body.startswith("(?!)"):
                body = "(?:" + body + ")"
            elif isinstance(node.body, Group) and node.body.kind != "capture" and node.body.kind != "group":
                body = "(?:" + body + ")"  # a quantified lookahead (Annex B)
            if node.max == INFINITE:
                count = {0: "*", 1: "+"}.get(node.min, f"{{{node.min},}}")
            elif (node.min, node.max) == (0, 1):
                count = "?"
            elif node.min == node.max:
                count = f"{{{node.min}}}"
            else:
                count = f"{{{node.min},{node.max}}}"
            return body + count + ("?" if node.lazy else "")
        if isinstance(node, BackRef):
            # JavaScript: a group that has not taken part matches the empty string.
            return f"(?({node.index})\\{node.index}|)"
        raise TypeError(f"unexpected node {node!r}")


def _check_backrefs(parsed, ignore_case: bool) -> None:
    groups = {}
    for node in walk(parsed.tree):
        if isinstance(node, Group) and node.kind == "capture":
            groups[node.index] = node
    for ref in parsed.backrefs:
        if ignore_case:
            raise Untranslatable("a backreference under /i compares by JavaScript case rules")
        if any(isinstance(a, Group) and "behind" in a.kind for a in ref.ancestors):
            raise Untranslatable("a backreference inside a lookbehind")
        target = groups.get(ref.index)
        if target is None:
            continue
        for a in target.ancestors:
            if isinstance(a, Repeat) and a.max != 1 or isinstance(a, Group) and "look" in a.kind:
                raise Untranslatable("a backreference to a group inside a repetition or lookaround")


def _may_backtrack_badly(tree) -> bool:
    """Nested repetition (a repeated construct holding another unbounded repetition or an
    alternation): the shape behind catastrophic backtracking in the browser's engine."""
    for node in walk(tree):
        if isinstance(node, Repeat) and (node.max == INFINITE or node.max > 1):
            for inner in walk(node.body):
                if inner is not node and (
                    isinstance(inner, Repeat) and inner.max == INFINITE or isinstance(inner, Alt)
                ):
                    return True
    return False


@dataclass(frozen=True)
class JsRegex:
    body: str
    flags: str
    python: Any  # compiled `regex` pattern, or None when V8 evaluates it
    fallback_reason: str | None
    risky: bool

    @property
    def literal(self) -> str:
        return regex_literal(self.body, self.flags)

    @staticmethod
    @lru_cache(maxsize=512)
    def compile(body: str, flags: str = "") -> "JsRegex":
        """Compile (cached). Raises JsRegexSyntaxError when the browser's `new RegExp` throws."""
        import regex  # here: the checker splits and compiles patterns without ever loading the translator's engine

        problem = compile_error(body, flags)
        if problem:
            raise JsRegexSyntaxError(problem)
        try:
            parsed = parse(body)
            _check_backrefs(parsed, "i" in flags)
            python_source = _Emitter("i" in flags, "m" in flags).emit(parsed.tree)
            compiled = regex.compile(python_source, regex.VERSION0)
        except Untranslatable as exc:
            return JsRegex(body, flags, None, str(exc), True)
        except JsRegexSyntaxError as exc:
            raise JsRegexSyntaxError(f"Invalid regular expression: {regex_literal(body, flags)}: {exc}") from None
        except (regex.error, OverflowError, RecursionError) as exc:
            return JsRegex(body, flags, None, f"the translated pattern is not accepted ({exc})", True)
        return JsRegex(body, flags, compiled, None, _may_backtrack_badly(parsed.tree))

    def finds_match(self, subject: str, timeout: float | None = None) -> bool:
        """`subject.match(new RegExp(body, flags)) !== null`, within ``timeout`` seconds (default:
        ``current_budget()``).

        Raises RegexTimeout when the browser's engine would not finish either, CannotEvaluate when
        the pattern needs V8 and V8 is missing. The ``regex`` module runs without the interpreter
        lock, so an evaluation in a background thread leaves the GUI thread free."""
        timeout = current_budget() if timeout is None else timeout
        if self.python is None:
            return self._v8(subject, timeout)
        units = code_units(subject)
        try:
            if "y" in self.flags:  # sticky: the match must start at lastIndex 0
                found = self.python.match(units, timeout=timeout, concurrent=True) is not None
            else:
                found = self.python.search(units, timeout=timeout, concurrent=True) is not None
        except TimeoutError:
            found = None
        if found:
            return True
        # The browser's backtracking engine can explode where `regex` answers quickly: ask it.
        if self.risky and jsengine.available():
            return self._v8(subject, timeout)
        if found is None:
            raise RegexTimeout(f"no answer within {timeout:g} s")
        return False

    def _v8(self, subject: str, timeout: float) -> bool:
        if not jsengine.available():
            raise CannotEvaluate(f"{self.fallback_reason}; the JavaScript engine (mini-racer) is not available")
        try:
            return browser.finds_match(self.body, self.flags, subject, timeout)
        except jsengine.EngineTimeout:
            raise RegexTimeout(f"no answer within {timeout:g} s") from None
        except jsengine.JsEngineError as exc:
            raise CannotEvaluate(f"the JavaScript engine failed: {exc}") from None
