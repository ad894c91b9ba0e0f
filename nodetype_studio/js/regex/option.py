"""The RegularExpressionValidator option as the CMS reads it: split into body and flags, then compiled
with `new RegExp(body, flags)` – the one place the studio does both (validators and checker alike)."""

from __future__ import annotations

import re

from nodetype_studio.js import engine as jsengine
from nodetype_studio.js.regex import browser
from nodetype_studio.js.regex.parse import (
    LINE_TERMINATORS,
    JsRegexSyntaxError,
    Untranslatable,
    parse,
)

FLAG_ORDER = "dgimsuvy"

# The CMS splits the option `/body/flags` with this JavaScript regex: `^/?(.*?)(?:/([gimy]*))?$`.
# `.` in JavaScript stops at the four line terminators, hence the explicit class.
_OPTION_SPLIT = re.compile(r"/?([^\n\r\u2028\u2029]*?)(?:/([gimy]*))?")
_TERMINATOR_ESCAPES = {"\n": "n", "\r": "r", "\u2028": "u2028", "\u2029": "u2029"}


def split_option(option: str) -> tuple[str, str | None] | None:
    """`'/^[a-z]+$/i'` -> ('^[a-z]+$', 'i'); flags None when there are none (as JavaScript's `m[2]`);
    None when the CMS's split fails (a line break in the option: "The Regex … could not be parsed")."""
    m = _OPTION_SPLIT.fullmatch(option)
    if not m:
        return None
    return m.group(1), m.group(2)


def check_flags(flags: str) -> None:
    if len(set(flags)) != len(flags) or any(f not in "gimy" for f in flags):
        raise JsRegexSyntaxError(f"Invalid flags supplied to RegExp constructor '{flags}'")


def regex_literal(body: str, flags: str) -> str:
    """`new RegExp(body, flags).toString()`: `/` and line breaks escaped, flags in canonical order."""
    if body == "":
        source = "(?:)"
    else:
        out, in_class, i = [], False, 0
        while i < len(body):
            c = body[i]
            if c == "\\" and i + 1 < len(body):
                nxt = body[i + 1]
                out.append(c + _TERMINATOR_ESCAPES.get(nxt, nxt))
                i += 2
                continue
            if c == "/" and not in_class:
                out.append("\\/")
            elif c in LINE_TERMINATORS:
                out.append("\\" + _TERMINATOR_ESCAPES[c])
            else:
                if c == "[":
                    in_class = True
                elif c == "]":
                    in_class = False
                out.append(c)
            i += 1
        source = "".join(out)
    return "/" + source + "/" + "".join(f for f in FLAG_ORDER if f in flags)


def compile_error(body: str, flags: str) -> str | None:
    """The message `new RegExp(body, flags)` throws, or None when it compiles.

    V8 answers when it runs here; otherwise this package's parser does (the same verdicts – the
    tests hold it to V8 – in its own words)."""
    try:
        check_flags(flags)
    except JsRegexSyntaxError as exc:
        return str(exc)
    if jsengine.available():
        try:
            return browser.syntax_error(body, flags)
        except jsengine.JsEngineError:
            pass  # an engine failure must not hide the answer: the parser gives it
    try:
        parse(body)
    except JsRegexSyntaxError as exc:
        return f"Invalid regular expression: {regex_literal(body, flags)}: {exc}"
    except Untranslatable:
        pass
    return None
