"""What a ClientEval expression reads from ``node`` and ``parentNode``, found by scanning its tokens.

A small JavaScript tokenizer (strings, template literals, regular expression literals, comments)
is enough to find member chains such as ``node.properties.title``, ``node?.properties['title']``
or ``parentNode.properties.x``. A use that could read any property (``node.properties[key]``,
``Object.values(node.properties)``, ``f(node)``) marks the expression as reading all of them, so
dependency tracking errs on the side of re-evaluating.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import regex

from nodetype_studio.clienteval.expressions import MAX_EXPRESSION_CHARS

_IDENT = regex.compile(r"[\p{L}\p{Nl}$_\\][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$_\u200c\u200d\\]*")
_NUMBER = regex.compile(r"(?:0[xXoObB][0-9a-fA-F_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?n?)")
_PUNCTUATORS = sorted(
    ["{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "<=", ">=", "==", "!=", "===", "!==", "+", "-", "*", "/", "%", "**", "++", "--", "<<", ">>", ">>>", "&", "|", "^", "!", "~", "&&", "||", "??", "?", "?.", ":", "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "=>", "...", ".", "#", "@"],
    key=len, reverse=True,
)
# After these tokens a `/` starts a regular expression literal, not a division.
_REGEX_AFTER_WORDS = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"}
_VALUE_END = {")", "]", "}"}


@dataclass(frozen=True)
class Token:
    kind: str  # ident | string | number | template | regex | punct
    text: str
    start: int
    value: str = ""  # decoded value of plain strings


class TokenizeError(ValueError):
    pass


def _read_quoted(src: str, i: int) -> tuple[int, str]:
    quote, i = src[i], i + 1
    out: list[str] = []
    escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
    while i < len(src):
        ch = src[i]
        if ch == quote:
            return i + 1, "".join(out)
        if ch == "\\" and i + 1 < len(src):
            nxt = src[i + 1]
            if nxt == "u" and src[i + 2 : i + 3] == "{":
                end = src.find("}", i)
                out.append(chr(int(src[i + 3 : end], 16)) if end > 0 else "")
                i = end + 1 if end > 0 else len(src)
                continue
            if nxt == "u":
                out.append(chr(int(src[i + 2 : i + 6], 16)))
                i += 6
                continue
            if nxt == "x":
                out.append(chr(int(src[i + 2 : i + 4], 16)))
                i += 4
                continue
            out.append(escapes.get(nxt, "" if nxt == "\n" else nxt))
            i += 2
            continue
        if ch == "\n":
            break
        out.append(ch)
        i += 1
    raise TokenizeError("unterminated string")


def _read_regex(src: str, i: int) -> int:
    i += 1
    in_class = False
    while i < len(src):
        ch = src[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            in_class = True
        elif ch == "]":
            in_class = False
        elif ch == "/" and not in_class:
            i += 1
            while i < len(src) and (src[i].isalnum() or src[i] == "_"):
                i += 1
            return i
        elif ch == "\n":
            break
        i += 1
    raise TokenizeError("unterminated regular expression")


def tokenize(src: str) -> list[Token]:
    """Tokens of a JavaScript expression; template literals are split into their substitutions."""
    tokens: list[Token] = []
    braces: list[str] = []  # "{" for a block/object brace, "${" for a template substitution
    i = 0
    while i < len(src):
        ch = src[i]
        if ch.isspace():
            i += 1
            continue
        if src.startswith("//", i):
            end = src.find("\n", i)
            i = len(src) if end < 0 else end
            continue
        if src.startswith("/*", i):
            end = src.find("*/", i + 2)
            if end < 0:
                raise TokenizeError("unterminated comment")
            i = end + 2
            continue
        if ch in "'\"":
            end, value = _read_quoted(src, i)
            tokens.append(Token("string", src[i:end], i, value))
            i = end
            continue
        if ch == "`" or (ch == "}" and braces and braces[-1] == "${"):
            if ch == "}":
                braces.pop()
            i = _read_template_part(src, i + 1, tokens, braces, i)
            continue
        if ch == "/":
            prev = tokens[-1] if tokens else None
            if prev is None or (prev.kind == "punct" and prev.text not in _VALUE_END) or (
                prev.kind == "ident" and prev.text in _REGEX_AFTER_WORDS
            ):
                end = _read_regex(src, i)
                tokens.append(Token("regex", src[i:end], i))
                i = end
                continue
        if ch.isdigit() or (ch == "." and src[i + 1 : i + 2].isdigit()):
            m = _NUMBER.match(src, i)
            tokens.append(Token("number", m.group(0), i))
            i = m.end()
            continue
        m = _IDENT.match(src, i)
        if m:
            tokens.append(Token("ident", m.group(0), i))
            i = m.end()
            continue
        for p in _PUNCTUATORS:
            if src.startswith(p, i):
                # `?.5` is a conditional followed by a number, not optional chaining
                if p == "?." and src[i + 2 : i + 3].isdigit():
                    p = "?"
                if p == "{":
                    braces.append("{")
                elif p == "}" and braces:
                    braces.pop()
                tokens.append(Token("punct", p, i))
                i += len(p)
                break
        else:
            raise TokenizeError(f"unexpected character {ch!r}")
    return tokens


def _read_template_part(src: str, i: int, tokens: list[Token], braces: list[str], start: int) -> int:
    while i < len(src):
        ch = src[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "`":
            tokens.append(Token("template", src[start : i + 1], start))
            return i + 1
        if src.startswith("${", i):
            tokens.append(Token("template", src[start : i + 2], start))
            braces.append("${")
            return i + 2
        i += 1
    raise TokenizeError("unterminated template literal")


@dataclass(frozen=True)
class PropertyRef:
    name: str
    offset: int  # position of the name (or string) in the expression


@dataclass(frozen=True)
class Reads:
    """Which inputs an expression depends on."""

    properties: frozenset[str] = frozenset()
    all_properties: bool = False  # reads node.properties as a whole or with a computed key
    node_fields: frozenset[str] = frozenset()  # other fields of node (label, parent, ...)
    parent_properties: frozenset[str] = frozenset()
    parent_all: bool = False
    refs: tuple[PropertyRef, ...] = field(default=(), compare=False)  # node.properties.X uses, in order

    def depends_on(self, changed: set[str] | frozenset[str]) -> bool:
        return bool(changed) and (self.all_properties or not self.properties.isdisjoint(changed))


def _member(tokens: list[Token], i: int) -> tuple[str | None, int, int, bool]:
    """The static member accessed at ``tokens[i]``: (name, offset, next index, dynamic)."""
    if i >= len(tokens):
        return None, 0, i, False
    tok = tokens[i]
    if tok.kind == "punct" and tok.text in (".", "?.") and i + 1 < len(tokens):
        nxt = tokens[i + 1]
        if nxt.kind == "ident":
            return nxt.text, nxt.start, i + 2, False
        if tok.text == "?." and nxt.kind == "punct" and nxt.text == "[":
            i += 1
            tok = nxt
        else:
            return None, 0, i, False
    if tok.kind == "punct" and tok.text == "[":
        if i + 2 < len(tokens) and tokens[i + 1].kind == "string" and tokens[i + 2].text == "]":
            return tokens[i + 1].value, tokens[i + 1].start + 1, i + 3, False
        return None, 0, i, True
    return None, 0, i, False


#: Names through which an expression reads ``node`` and ``parentNode`` without naming them (the CMS
#: evaluates ``new Function('node,parentNode', ...)``, whose ``arguments`` holds both).
_UNSEEN_READERS = frozenset({"arguments", "eval"})


def property_reads(expression: str) -> Reads:
    """What ``expression`` reads; unparseable (or absurdly long) input counts as reading everything."""
    if len(expression) > MAX_EXPRESSION_CHARS:
        return Reads(all_properties=True, parent_all=True)
    try:
        tokens = tokenize(expression)
    except (TokenizeError, ValueError):
        return Reads(all_properties=True, parent_all=True)
    props: set[str] = set()
    fields: set[str] = set()
    parent_props: set[str] = set()
    refs: list[PropertyRef] = []
    all_props = parent_all = False
    for i, tok in enumerate(tokens):
        if tok.kind != "ident":
            continue
        prev = tokens[i - 1] if i else None
        if tok.text in _UNSEEN_READERS and not (prev is not None and prev.kind == "punct" and prev.text in (".", "?.")):
            # `arguments[0]` is the node and a direct `eval` sees both names: reads that no token shows
            all_props = parent_all = True
            continue
        if tok.text not in ("node", "parentNode"):
            continue
        if prev is not None and prev.kind == "punct" and prev.text in (".", "?."):
            continue  # someObject.node
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if nxt is not None and nxt.text == ":" and prev is not None and prev.text in ("{", ","):
            continue  # an object key named node
        is_node = tok.text == "node"
        name, _off, j, _dynamic = _member(tokens, i + 1)
        if name is None:
            # the whole object escapes (passed on, compared, spread) or a computed member
            if nxt is None or nxt.text not in ("=", "=>"):
                if is_node:
                    all_props = True
                else:
                    parent_all = True
            continue
        if name != "properties":
            if is_node:
                fields.add(name)
            continue
        prop, offset, _k, _dynamic = _member(tokens, j)
        if prop is None:
            if is_node:
                all_props = True
            else:
                parent_all = True
        elif is_node:
            props.add(prop)
            refs.append(PropertyRef(prop, offset))
        else:
            parent_props.add(prop)
    return Reads(frozenset(props), all_props, frozenset(fields), frozenset(parent_props), parent_all, tuple(refs))
