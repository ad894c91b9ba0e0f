"""Rendering scalars as YAML text that reads back as the same value.

Values are read as the CMS reads them (Symfony YAML rules, implemented by the project model's
``resolve_plain``): ``yes/no/on/off`` stay strings, ``true/false/null/~`` are case-insensitive. A string is
written plain only when the plain text re-resolves to exactly that string; otherwise it is quoted in
the requested style with correct escaping.
"""

from __future__ import annotations

import math

from nodetype_studio.model.yamlload import resolve_plain as _model_resolve_plain

_NULL_KEYS = ("~", "null", "Null", "NULL")
_UNREADABLE = object()


def resolve_plain(text: str):
    """The model's reading of a plain scalar; ``UNREADABLE`` when the reader fails on it (such text is
    never written plain)."""
    try:
        return _model_resolve_plain(text)
    except (ValueError, OverflowError):
        return _UNREADABLE


UNREADABLE = _UNREADABLE


# ---------------------------------------------------------------------------------------------------------
# Rendering

_PLAIN_FIRST_FORBIDDEN = set("-?:,[]{}#&*!|>'\"%@`~ \t")
_FLOW_FORBIDDEN = set(",[]{}")
_DOUBLE_ESCAPES = {
    "\\": "\\\\", '"': '\\"', "\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n",
    "\v": "\\v", "\f": "\\f", "\r": "\\r", "\x1b": "\\e", "\x85": "\\N", "\xa0": "\\_",
    "\u2028": "\\L", "\u2029": "\\P",
}


def can_be_plain(text: str, flow: bool = False, key: bool = False, yaml11: bool = False) -> bool:
    """True when ``text`` written without quotes reads back as exactly this string (``yaml11``: also for
    a YAML 1.1 reader, in a file that declares ``%YAML 1.1``)."""
    if not text or text[0] in _PLAIN_FIRST_FORBIDDEN or text[-1] in " \t:":
        return False
    if not text.isprintable() or "\t" in text:
        return False
    if ": " in text or " #" in text:
        return False
    if flow and (_FLOW_FORBIDDEN.intersection(text) or ":" in text):
        return False
    if key and text.startswith("<<"):
        return False
    if key:
        # keys are read as their text, but the CMS refuses keys that resolve to anything but a string
        # or an integer (quote evaluable keys), and null-like keys become ""
        value = resolve_plain(text)
        if value == text and not _string_everywhere(text, yaml11):
            return False
        return text not in _NULL_KEYS and (value == text or (type(value) is int and str(value) == text))
    value = resolve_plain(text)
    return isinstance(value, str) and value == text and _string_everywhere(text, yaml11)


def _string_everywhere(text: str, yaml11: bool = False) -> bool:
    """False for text the CMS reads as a string but other readers do not: YAML 1.2 (ruamel.yaml, editors'
    tools) reads ``012``, ``0b1``, ``+.inf`` as numbers and ``=``/``<<`` as special tags, and Symfony YAML 5
    (which Neos 8.3 may run on) reads ``012`` as octal. Such strings are quoted, which every reader agrees on.
    In a file that declares ``%YAML 1.1``, so are the strings YAML 1.1 reads otherwise (``yes``, ``on``, ``12:30``)."""
    if text[0] not in _NUMBER_OR_TAG_FIRST and not yaml11:
        return True
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    versions = ((1, 2), (1, 1)) if yaml11 else ((1, 2),)
    return all(VersionedResolver(version=version).resolve(ScalarNode, text, (True, False)) == "tag:yaml.org,2002:str"
               for version in versions)


_NUMBER_OR_TAG_FIRST = set("0123456789+-.=<")


def single_quoted(text: str) -> str | None:
    """``'text'`` with quotes doubled, or None when single quotes cannot hold the text on one line."""
    if not text.isprintable():
        return None  # line breaks, tabs and control characters read better as double-quoted escapes
    return "'" + text.replace("'", "''") + "'"


def double_quoted(text: str) -> str:
    out = []
    for ch in text:
        escaped = _DOUBLE_ESCAPES.get(ch)
        if escaped is not None:
            out.append(escaped)
        elif not ch.isprintable():
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def quoted(text: str, quote: str) -> str:
    if quote == "'":
        single = single_quoted(text)
        if single is not None:
            return single
    return double_quoted(text)


def render_number(value) -> str:
    if isinstance(value, bool):
        raise TypeError("booleans are not numbers here")
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    if "e" in text or "E" in text:
        mantissa, _, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        text = f"{mantissa}e{exponent}"
    elif "." not in text:
        text += ".0"
    return text


def is_scalar(value) -> bool:
    return value is None or isinstance(value, (str, bool, int, float))
