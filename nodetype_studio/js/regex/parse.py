"""A parser for JavaScript regular expressions as the browser reads `new RegExp(body, flags)`.

Flags never include `u`/`v` here (the CMS only passes g, i, m, y), so the grammar is the lenient
web-compatibility one (ECMAScript Annex B): `]`, `{` and `}` may be literals, unknown escapes
stand for the character itself, `\\1` is an octal escape when there is no group 1, and `\\k` is a
plain `k` unless the pattern has named groups. The pattern is read as UTF-16 code units, as the
browser does without `u`. The result is a small tree the translator turns into a Python pattern.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NoReturn

JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
LINE_TERMINATORS = "\n\r\u2028\u2029"
MAX_UNIT = 0xFFFF
INFINITE = -1


class JsRegexSyntaxError(Exception):
    """`new RegExp(...)` throws a SyntaxError for this pattern."""


class Untranslatable(Exception):
    """Valid JavaScript, but the translator cannot reproduce its meaning exactly."""


def code_units(text: str) -> str:
    """The string as UTF-16 code units (astral characters become surrogate pairs)."""
    if text.isascii() or max(text, default="") <= "\uffff":
        return text
    out = []
    for c in text:
        cp = ord(c)
        if cp > MAX_UNIT:
            cp -= 0x10000
            out.append(chr(0xD800 + (cp >> 10)))
            out.append(chr(0xDC00 + (cp & 0x3FF)))
        else:
            out.append(c)
    return "".join(out)


def _ranges(spec: str) -> tuple[tuple[int, int], ...]:
    """'a-z0-9_' style spec -> sorted code unit ranges."""
    out, i = [], 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            out.append((ord(spec[i]), ord(spec[i + 2])))
            i += 3
        else:
            out.append((ord(spec[i]), ord(spec[i])))
            i += 1
    return normalize(out)


def normalize(ranges) -> tuple[tuple[int, int], ...]:
    merged: list[list[int]] = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return tuple((lo, hi) for lo, hi in merged)


def complement(ranges) -> tuple[tuple[int, int], ...]:
    out, start = [], 0
    for lo, hi in normalize(ranges):
        if lo > start:
            out.append((start, lo - 1))
        start = hi + 1
    if start <= MAX_UNIT:
        out.append((start, MAX_UNIT))
    return tuple(out)


_HEX_ESCAPES = {"x": re.compile(r"[0-9a-fA-F]{2}"), "u": re.compile(r"[0-9a-fA-F]{4}")}

DIGIT = _ranges("0-9")
WORD = _ranges("0-9A-Z_a-z")
SPACE = normalize((ord(c), ord(c)) for c in JS_SPACE)
CLASS_ESCAPES = {
    "d": DIGIT, "D": complement(DIGIT),
    "w": WORD, "W": complement(WORD),
    "s": SPACE, "S": complement(SPACE),
}
CONTROL_ESCAPES = {"f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


# ---- tree -------------------------------------------------------------------------------------

@dataclass
class Node:
    pass


@dataclass
class Seq(Node):
    items: list


@dataclass
class Alt(Node):
    options: list


@dataclass
class CharSet(Node):
    """A literal code unit, `.`, an escape like `\\d`, or a bracket class (all as ranges)."""

    ranges: tuple
    negated: bool = False
    literal: bool = False  # a single literal character (case-folded under /i like a class)


@dataclass
class Assertion(Node):
    kind: str  # "^", "$", "b", "B"


@dataclass
class Group(Node):
    kind: str  # "capture", "group", "lookahead", "neg-lookahead", "lookbehind", "neg-lookbehind"
    body: Node
    index: int = 0  # capture number
    ancestors: list = field(default_factory=list)  # enclosing Group/Repeat nodes (filled while parsing)


@dataclass
class Repeat(Node):
    body: Node
    min: int
    max: int  # INFINITE for no upper bound
    lazy: bool = False


@dataclass
class BackRef(Node):
    index: int
    ancestors: list = field(default_factory=list)


_DIGITS = re.compile(r"[0-9]+")
_BRACED = re.compile(r"\{([0-9]+)(?:(,)([0-9]*))?\}")
_MODIFIERS = re.compile(r"\(\?[ims]*(?:-[ims]*)?:")
_NAME = re.compile(r"<([^>]*)>")


def _is_group_name(name: str) -> bool:
    return bool(name) and name.replace("$", "_").isidentifier()


@dataclass
class Parsed:
    tree: Node
    groups: int
    names: dict
    backrefs: list


def _exclusive(one: tuple[tuple[int, int], ...], other: tuple[tuple[int, int], ...]) -> bool:
    """Whether two places lie in different alternatives of one disjunction (so at most one of them takes
    part in a match: ECMAScript's MightBothParticipate is false)."""
    for (number, index), (other_number, other_index) in zip(one, other):
        if number != other_number:
            return False
        if index != other_index:
            return True
    return False


class _Parser:
    def __init__(self, pattern: str):
        self.src = code_units(pattern)
        self.pos = 0
        self.groups_total, self.names_total = self._prescan()
        self.group_count = 0
        self.untranslatable: str | None = None  # reported once the whole pattern is known to be valid
        self.names: dict[str, int] = {}
        self.backrefs: list[BackRef] = []
        self.newer: list[str] = []  # ECMAScript 2025 constructs met (see newer_syntax)
        # where the parser is: (disjunction number, alternative index) from the outermost inwards; and
        # where each named group was met, to tell names that may both take part in a match
        self._path: list[tuple[int, int]] = []
        self._disjunctions = 0
        self._name_paths: dict[str, list[tuple[tuple[int, int], ...]]] = {}

    # Count capturing groups (and their names) first: `\2` means "group 2" only if it exists anywhere.
    def _prescan(self) -> tuple[int, set]:
        count, names, i, src, in_class = 0, [], 0, self.src, False
        while i < len(src):
            c = src[i]
            if c == "\\":
                i += 2
                continue
            if in_class:
                if c == "]":
                    in_class = False
            elif c == "[":
                in_class = True
            elif c == "(":
                if src.startswith("(?<", i) and not src.startswith(("(?<=", "(?<!"), i):
                    count += 1
                    m = _NAME.match(src, i + 2)
                    names.append(m.group(1) if m else "")
                elif not src.startswith("(?", i):
                    count += 1
            i += 1
        return count, set(names)

    def error(self, reason: str) -> NoReturn:
        raise JsRegexSyntaxError(reason)

    def peek(self, offset: int = 0) -> str:
        i = self.pos + offset
        return self.src[i] if i < len(self.src) else ""

    def parse(self) -> Parsed:
        tree = self.disjunction()
        if self.pos < len(self.src):
            self.error("Unmatched ')'")
        if self.untranslatable:
            raise Untranslatable(self.untranslatable)
        names = dict(self.names)
        for ref in self.backrefs:
            if ref.index < 0:  # named reference, resolved now that every name is known
                ref.index = names[ref.name]  # type: ignore[attr-defined]
        return Parsed(tree, self.group_count, names, self.backrefs)

    def disjunction(self) -> Node:
        number = self._disjunctions
        self._disjunctions += 1
        self._path.append((number, 0))
        options = [self.alternative()]
        while self.peek() == "|":
            self.pos += 1
            self._path[-1] = (number, len(options))
            options.append(self.alternative())
        self._path.pop()
        return options[0] if len(options) == 1 else Alt(options)

    def alternative(self) -> Node:
        items = []
        while self.pos < len(self.src) and self.peek() not in "|)":
            items.append(self.term())
        return Seq(items)

    def _quantifier(self):
        """(min, max, length) of a quantifier at the cursor, or None."""
        c = self.peek()
        if c == "*":
            return 0, INFINITE, 1
        if c == "+":
            return 1, INFINITE, 1
        if c == "?":
            return 0, 1, 1
        if c == "{":
            m = _BRACED.match(self.src, self.pos)
            if m:
                low = int(m.group(1))
                high = low if not m.group(2) else (INFINITE if m.group(3) == "" else int(m.group(3)))
                return low, high, m.end() - self.pos
        return None

    def term(self) -> Node:
        c = self.peek()
        if c in "^$":
            self.pos += 1
            return self._no_quantifier(Assertion(c))
        if c == "\\" and self.peek(1) in ("b", "B"):
            self.pos += 2
            return self._no_quantifier(Assertion(self.src[self.pos - 1]))
        if c == "(":
            node, quantifiable = self.group()
            return self._quantified(node) if quantifiable else self._no_quantifier(node)
        if self._quantifier() is not None:
            self.error("Nothing to repeat")
        return self._quantified(self.atom())

    def _no_quantifier(self, node: Node) -> Node:
        if self._quantifier() is not None:
            self.error("Nothing to repeat")
        return node

    def _quantified(self, node: Node) -> Node:
        q = self._quantifier()
        if q is None:
            return node
        low, high, size = q
        if high != INFINITE and high < low:
            self.error("numbers out of order in {} quantifier")
        self.pos += size
        lazy = self.peek() == "?"
        if lazy:
            self.pos += 1
        repeat = Repeat(node, low, high, lazy)
        _enclose(node, repeat)
        if self._quantifier() is not None:
            self.error("Nothing to repeat")
        return repeat

    def group(self) -> tuple[Node, bool]:
        src, start = self.src, self.pos
        if src.startswith("(?:", start):
            kind, skip = "group", 3
        elif src.startswith("(?=", start):
            kind, skip = "lookahead", 3
        elif src.startswith("(?!", start):
            kind, skip = "neg-lookahead", 3
        elif src.startswith("(?<=", start):
            kind, skip = "lookbehind", 4
        elif src.startswith("(?<!", start):
            kind, skip = "neg-lookbehind", 4
        elif src.startswith("(?<", start):
            m = _NAME.match(src, start + 2)
            if not m or not _is_group_name(m.group(1)):
                self.error("Invalid capture group name")
            here = tuple(self._path)
            earlier = self._name_paths.setdefault(m.group(1), [])
            if any(not _exclusive(here, there) for there in earlier):
                self.error("Duplicate capture group name")  # both may take part in a match: every engine refuses
            if earlier:
                # Duplicate names are allowed in different alternatives by newer engines only.
                self.untranslatable = f"the group name {m.group(1)!r} is used twice"
                self.newer.append(f"duplicate-name:{m.group(1)}")
            earlier.append(here)
            kind, skip = "capture", m.end() - start
            self.names[m.group(1)] = self.group_count + 1
        elif src.startswith("(?", start):
            m = _MODIFIERS.match(src, start)
            letters = m.group(0)[2:-1].replace("-", "") if m else ""
            if not m or len(set(letters)) != len(letters) or m.group(0) == "(?-:":
                self.error("Invalid group")
            self.untranslatable = "inline modifier groups like (?i:...) are not translated"
            self.newer.append("modifiers:" + m.group(0))
            kind, skip = "group", m.end() - start
        else:
            kind, skip = "capture", 1
        self.pos += skip
        group = Group(kind, Seq([]))
        if kind == "capture":
            self.group_count += 1
            group.index = self.group_count
        group.body = self.disjunction()
        if self.peek() != ")":
            self.error("Unterminated group")
        self.pos += 1
        _enclose(group.body, group)
        # Annex B lets lookaheads (not lookbehinds) take a quantifier.
        return group, kind not in ("lookbehind", "neg-lookbehind")

    def atom(self) -> Node:
        c = self.peek()
        if c == ".":
            self.pos += 1
            return CharSet(normalize((ord(t), ord(t)) for t in LINE_TERMINATORS), negated=True)
        if c == "[":
            return self.char_class()
        if c == "\\":
            return self.atom_escape()
        if c == ")":
            self.error("Unmatched ')'")
        self.pos += 1
        return _literal(c)

    def atom_escape(self) -> Node:
        self.pos += 1
        c = self.peek()
        if c == "":
            self.error("\\ at end of pattern")
        if c in CLASS_ESCAPES:
            self.pos += 1
            return CharSet(CLASS_ESCAPES[c])
        if c in "123456789":
            m = _DIGITS.match(self.src, self.pos)
            assert m is not None  # c is a digit
            number = int(m.group(0))
            if number <= self.groups_total:
                self.pos = m.end()
                ref = BackRef(number)
                self.backrefs.append(ref)
                return ref
        if c == "k" and self.names_total:
            m = _NAME.match(self.src, self.pos + 1)
            if not m or not _is_group_name(m.group(1)):
                self.error("Invalid named reference")
            if m.group(1) not in self.names_total:
                self.error("Invalid named capture referenced")
            self.pos = m.end()
            ref = BackRef(-1)
            ref.name = m.group(1)  # type: ignore[attr-defined]
            self.backrefs.append(ref)
            return ref
        if c == "c" and not _is_ascii_letter(self.peek(1)):
            return _literal("\\")  # Annex B: a lone `\c` is a backslash followed by `c`
        return _literal(self.character_escape(in_class=False))

    def character_escape(self, in_class: bool) -> str:
        """The character of an escape at the cursor (just after the backslash); moves past it."""
        c = self.peek()
        self.pos += 1
        if c in CONTROL_ESCAPES:
            return CONTROL_ESCAPES[c]
        if c == "c":
            letter = self.peek()
            if _is_ascii_letter(letter) or (in_class and letter and letter in "0123456789_"):
                self.pos += 1
                return chr(ord(letter) % 32)
            self.pos -= 1  # only reached in classes: `\` literal, `c` read next
            return "\\"
        if c == "0" and self.peek() not in tuple("0123456789"):
            return "\0"
        if c in "01234567":
            return self._legacy_octal(c)
        if c in _HEX_ESCAPES:  # \xHH, \uHHHH; without the digits the letter itself
            m = _HEX_ESCAPES[c].match(self.src, self.pos)
            if m:
                self.pos = m.end()
                return chr(int(m.group(0), 16))
            return c
        return c  # identity escape (includes \8, \9, \/, \-, and \k without named groups)

    def _legacy_octal(self, first: str) -> str:
        digits = first
        limit = 3 if first in "0123" else 2
        while len(digits) < limit and self.peek() and self.peek() in "01234567":
            digits += self.peek()
            self.pos += 1
        return chr(int(digits, 8))

    def char_class(self) -> Node:
        self.pos += 1
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        ranges: list[tuple[int, int]] = []
        while True:
            if self.pos >= len(self.src):
                self.error("Unterminated character class")
            if self.peek() == "]":
                self.pos += 1
                break
            first = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                second = self.class_atom()
                if isinstance(first, tuple) or isinstance(second, tuple):
                    # Annex B: a class escape in a range means "both sides and a literal '-'"
                    for part in (first, "-", second):
                        ranges.extend(part if isinstance(part, tuple) else [(ord(part), ord(part))])
                    continue
                if ord(first) > ord(second):
                    self.error("Range out of order in character class")
                ranges.append((ord(first), ord(second)))
                continue
            ranges.extend(first if isinstance(first, tuple) else [(ord(first), ord(first))])
        return CharSet(normalize(ranges), negated)

    def class_atom(self):
        """One class member: a character, or a tuple of ranges for \\d \\w \\s and friends."""
        c = self.peek()
        if c == "":
            self.error("Unterminated character class")
        self.pos += 1
        if c != "\\":
            return c
        e = self.peek()
        if e == "":
            self.error("\\ at end of pattern")
        if e in CLASS_ESCAPES:
            self.pos += 1
            return CLASS_ESCAPES[e]
        if e == "b":
            self.pos += 1
            return "\b"
        if e == "-":
            self.pos += 1
            return "-"
        if e in "89":
            self.pos += 1
            return e
        return self.character_escape(in_class=True)


def _is_ascii_letter(c: str) -> bool:
    return len(c) == 1 and c.isascii() and c.isalpha()


def _literal(c: str) -> CharSet:
    return CharSet(((ord(c), ord(c)),), literal=True)


def _enclose(node: Node, ancestor: Node) -> None:
    """Record ``ancestor`` on the groups and backreferences in ``node`` (the translator asks what encloses them)."""
    for inner in walk(node):
        if isinstance(inner, (Group, BackRef)):
            inner.ancestors.append(ancestor)


def walk(node: Node):
    """``node`` and every node inside it, depth first."""
    yield node
    if isinstance(node, Seq):
        for item in node.items:
            yield from walk(item)
    elif isinstance(node, Alt):
        for option in node.options:
            yield from walk(option)
    elif isinstance(node, (Group, Repeat)):
        yield from walk(node.body)


def newer_syntax(pattern: str) -> tuple[str, ...]:
    """The ECMAScript 2025 constructs of a pattern, in order, each once: `modifiers:(?i:` for a
    modifier group, `duplicate-name:x` for a group name used in two alternatives."""
    parser = _Parser(pattern)
    try:
        parser.parse()
    except (JsRegexSyntaxError, Untranslatable):
        pass
    return tuple(dict.fromkeys(parser.newer))


def parse(pattern: str) -> Parsed:
    """Parse a JavaScript pattern body (no flags u/v). Raises JsRegexSyntaxError or Untranslatable."""
    return _Parser(pattern).parse()
