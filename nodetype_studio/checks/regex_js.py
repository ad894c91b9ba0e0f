"""Is a RegularExpressionValidator pattern one the browser understands?

The option is split and compiled exactly as the CMS does by ``nodetype_studio.js.regex`` (neos-facts
§3.2). Patterns are often written for PCRE (the server framework's dialect); constructs only PCRE
knows either fail to compile in JavaScript or, worse, compile to something else (``\\A`` is a
literal `A` there): those are found by a scan of the pattern, which is this module's own part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nodetype_studio.js.regex import compile_error, split_option

_DELIMITED = re.compile(r"^/(.*)/([A-Za-z]*)$", re.DOTALL)

#: Escapes PCRE understands and JavaScript (without the `u` flag) reads as a literal letter.
_PCRE_ESCAPES = {
    "A": "`\\A` (start of subject) is PCRE-only; JavaScript reads a literal `A`. Use `^`",
    "Z": "`\\Z` (end of subject) is PCRE-only; JavaScript reads a literal `Z`. Use `$`",
    "z": "`\\z` (end of subject) is PCRE-only; JavaScript reads a literal `z`. Use `$`",
    "h": "`\\h` (horizontal space) is PCRE-only; JavaScript reads a literal `h`. Use `[ \\t]`",
    "H": "`\\H` is PCRE-only; JavaScript reads a literal `H`. Use `[^ \\t]`",
    "R": "`\\R` (any line break) is PCRE-only; JavaScript reads a literal `R`. Use `(?:\\r\\n|\\n|\\r)`",
    "K": "`\\K` (reset match start) is PCRE-only; JavaScript reads a literal `K`",
    "G": "`\\G` is PCRE-only; JavaScript reads a literal `G`",
    "Q": "`\\Q...\\E` quoting is PCRE-only; escape each character instead",
    "E": "`\\E` is PCRE-only; JavaScript reads a literal `E`",
    "X": "`\\X` (grapheme cluster) is PCRE-only; JavaScript reads a literal `X`",
    "p": "`\\p{...}` needs the `u` flag, which the CMS cannot pass; JavaScript reads `p{...}` literally",
    "P": "`\\P{...}` needs the `u` flag, which the CMS cannot pass; JavaScript reads `P{...}` literally",
    "e": "`\\e` (escape character) is PCRE-only; use `\\x1b`",
    "a": "`\\a` (bell) is PCRE-only; use `\\x07`",
}
_PCRE_GROUPS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"\(\?>"), "atomic groups `(?>...)` are PCRE-only; JavaScript rejects them"),
    (re.compile(r"\(\?[a-zA-Z^-]*[imsxXUJn][a-zA-Z-]*\)"), "inline flags like `(?i)` are PCRE-only; use the `/i` flag after the pattern"),
    (re.compile(r"\(\?P[<=>]"), "Python/PCRE named groups `(?P<name>...)` are not JavaScript; use `(?<name>...)`"),
    (re.compile(r"\(\?#"), "comments `(?#...)` are PCRE-only"),
    (re.compile(r"\(\?(?:R|[+-]?\d+|&\w+)\)"), "recursion `(?R)` / subroutine calls are PCRE-only"),
    (re.compile(r"\(\?\("), "conditional groups `(?(...)...)` are PCRE-only"),
    (re.compile(r"\(\*[A-Z_]+"), "backtracking verbs `(*...)` are PCRE-only"),
)
_POSSESSIVE = re.compile(r"(?:[*+?]|\{\d+(?:,\d*)?\})\+")
_POSIX_CLASS = re.compile(r"\[:\^?[a-z]+:\]")


@dataclass(frozen=True, slots=True)
class RegexProblem:
    kind: str  # "flags" | "pcre" | "invalid"
    message: str


@lru_cache(maxsize=4096)
def regex_problems(option: str) -> tuple[RegexProblem, ...]:
    """Why the browser will not use ``option`` as intended; empty when it is fine (cached: patterns repeat)."""
    problems: list[RegexProblem] = []
    delimited = _DELIMITED.match(option)
    if delimited:
        bad = sorted(set(delimited.group(2)) - set("gimy"))
        if bad:
            flags = "".join(bad)
            problems.append(RegexProblem(
                "flags", f"flag{'s' if len(bad) > 1 else ''} `{flags}` after the pattern {'are' if len(bad) > 1 else 'is'} "
                         "PCRE-only: the browser keeps `/" + delimited.group(2) + "` as part of the pattern, so "
                         "nothing matches; only g, i, m and y work"))
    parts = split_option(option)
    if parts is None:
        return (*problems, RegexProblem("invalid", "a line break in the option: the CMS cannot split it into "
                                                   "pattern and flags (\"The Regex … could not be parsed\")"))
    body, option_flags = parts
    problems.extend(RegexProblem("pcre", m) for m in _pcre_constructs(body))
    if not problems:
        error = compile_error(body, option_flags or "")
        if error:  # the browser's reason, without its "Invalid regular expression: /…/: " preamble
            problems.append(RegexProblem("invalid", error.rpartition(": ")[2]))
    return tuple(problems)


def _pcre_constructs(body: str) -> list[str]:
    found: list[str] = []
    in_class = False
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            letter = body[i + 1]
            if letter in _PCRE_ESCAPES and not (in_class and letter in "AZzGKRQEX"):
                found.append(_PCRE_ESCAPES[letter])
            i += 2
            continue
        if in_class:
            if char == "[" and _POSIX_CLASS.match(body, i):
                found.append("POSIX classes like `[:alpha:]` are PCRE-only; JavaScript reads the characters "
                             "literally. Use e.g. `a-zA-Z`")
            elif char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            if body.startswith("^", i + 1):
                i += 1
            if body.startswith("]", i + 1):
                i += 1  # a leading `]` is a literal in PCRE
        elif char == "(":
            for pattern, message in _PCRE_GROUPS:
                if pattern.match(body, i):
                    found.append(message)
                    break
        elif (possessive := _POSSESSIVE.match(body, i)) and (i == 0 or body[i - 1] != "\\"):
            found.append(f"possessive quantifier `{possessive.group(0)}` is PCRE-only; "
                         "JavaScript rejects it")
        i += 1
    return list(dict.fromkeys(found))
