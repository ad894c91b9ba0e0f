"""The writing style of one YAML file, detected from its text, so new keys look like their neighbours."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from nodetype_studio.editing.scalars import resolve_plain
from nodetype_studio.editing.yamltree import PLAIN_TAG

# Style detection looks at this many nodes at most: files are consistent enough, and large files load faster.
_SAMPLE_NODES = 3000


@dataclass
class Style:
    newline: str = "\n"
    final_newline: bool = True
    indent: int = 2                 # columns a nested mapping is indented by
    seq_offset: int = 2             # columns a block sequence's dash is indented under its key (0 = not indented)
    quote: str = "'"                # quote character for values that cannot be plain
    quote_always: bool = False      # the file quotes (nearly) every string value, so new ones are quoted too
    quote_mostly: bool = False      # more quoted than plain strings: new values of keys the file has not
                                    # written yet are quoted, so one new block does not mix both
    key_quote: str | None = "'"     # quote for names like Vendor.Site:Type or Neos.Neos/Validation/X
                                    # (keys with characters beyond letters, digits, _ and -); None: plain
    flow_padding: bool = False      # "{ a: 1 }" rather than "{a: 1}"
    # per key name: True when the file mostly quotes that key's string values (e.g. label), False when
    # it mostly writes them plain (e.g. type)
    quoted_keys: dict = field(default_factory=dict)
    true_text: str = "true"
    false_text: str = "false"
    null_text: str = "null"
    yaml11: bool = False            # the file declares %YAML 1.1: strings such as yes/on are quoted for its readers


def _mode(counter: Counter, default):
    """The most common observation; the default wins ties."""
    if not counter:
        return default
    best = max(counter.values())
    if counter.get(default, 0) == best:
        return default
    return counter.most_common(1)[0][0]


def detect_style(text: str, root: Node | None) -> Style:
    style = Style()
    crlf = text.count("\r\n")
    style.newline = "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"
    style.final_newline = not text or text.endswith(("\n", "\r"))
    style.yaml11 = _YAML11_DIRECTIVE.match(text) is not None
    if root is None:
        return style
    indents: Counter = Counter()
    seq_offsets: Counter = Counter()
    quotes: Counter = Counter()
    plain_strings = [0]
    colon_keys: Counter = Counter()
    paddings: Counter = Counter()
    per_key: dict[str, Counter] = {}
    bools = _BoolCounters()
    nulls: Counter = Counter()
    seen = 0
    stack = [root]
    visited: set[int] = set()
    while stack and seen < _SAMPLE_NODES:
        node = stack.pop()
        if id(node) in visited:
            continue
        visited.add(id(node))
        seen += 1
        if isinstance(node, ScalarNode):
            _count_scalar(node, quotes, bools, nulls, plain_strings)
            continue
        if getattr(node, "flow_style", False):
            if node.value and isinstance(node, MappingNode):
                after = text[node.start_mark.index + 1: node.start_mark.index + 2]
                paddings[after == " "] += 1
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(key, ScalarNode):
                    visited.add(id(key))  # keys do not count towards the quoting of values
                    if isinstance(value, ScalarNode) and value.value:
                        kind = _string_kind(value)
                        if kind is not None:
                            per_key.setdefault(key.value, Counter())[kind] += 1
                    if is_name_like(key.value):
                        colon_keys[key.style if key.style in ("'", '"') else None] += 1
                if not node.flow_style and not getattr(value, "flow_style", True):
                    column = key.start_mark.column
                    if isinstance(value, MappingNode) and value.start_mark.line > key.start_mark.line:
                        if value.start_mark.column > column:
                            indents[value.start_mark.column - column] += 1
                    elif isinstance(value, SequenceNode) and value.start_mark.line > key.start_mark.line:
                        seq_offsets[value.start_mark.column - column] += 1
                stack.append(value)
        else:
            stack.extend(node.value)
    style.indent = _mode(indents, 2)
    style.seq_offset = _mode(seq_offsets, style.indent)
    style.quote = _mode(quotes, "'")
    quoted_count = sum(quotes.values())
    style.quote_always = quoted_count >= 3 and quoted_count >= 2 * plain_strings[0]
    style.quote_mostly = style.quote_always or quoted_count > plain_strings[0]
    style.key_quote = _mode(colon_keys, "'")
    style.flow_padding = _mode(paddings, False)
    style.quoted_keys = {key: counts["quoted"] > counts["plain"] for key, counts in per_key.items()
                         if counts["quoted"] != counts["plain"]}
    style.true_text = _mode(bools[True], "true")
    style.false_text = _mode(bools[False], "false")
    style.null_text = _mode(nulls, "null")
    return style


# a %YAML 1.1 directive (only comment or blank lines may come before it)
_YAML11_DIRECTIVE = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*%YAML[ \t]+1\.1(?:[ \t#\r\n]|$)")

_NAME_LIKE = re.compile(r"[^A-Za-z0-9_-]")


def is_name_like(key: str) -> bool:
    """Keys such as node type or validator names, which many files write quoted."""
    return bool(_NAME_LIKE.search(key))


def _string_kind(node: ScalarNode) -> str | None:
    """"quoted"/"plain" for a string value, None for other values (numbers, booleans, blocks)."""
    if node.style in ("'", '"'):
        return "quoted"
    if not node.style and node.tag == PLAIN_TAG and isinstance(resolve_plain(node.value), str):
        return "plain"
    return None


class _BoolCounters(dict):
    def __missing__(self, key):
        value = self[key] = Counter()
        return value


def _count_scalar(node: ScalarNode, quotes: Counter, bools: dict, nulls: Counter, plain_strings: list) -> None:
    if node.style in ("'", '"'):
        quotes[node.style] += 1
        return
    if node.tag != PLAIN_TAG or not node.value:
        return
    value = resolve_plain(node.value)
    if isinstance(value, str):
        plain_strings[0] += 1
    elif value is None:
        nulls[node.value] += 1
    elif value is True or value is False:
        bools[value][node.value] += 1
