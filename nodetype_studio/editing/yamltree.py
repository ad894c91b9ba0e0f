"""Parsing with positions: libyaml's composer (node tree with start/end marks) plus Symfony-style values.

The composer leaves plain scalars untyped (a sentinel tag) so that values are resolved by
:func:`scalars.resolve_plain` instead of PyYAML's YAML 1.1 rules (which would turn ``yes`` into True).
"""

from __future__ import annotations

import base64
import math
import re
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import BaseResolver

from nodetype_studio.editing.scalars import php_key, resolve_plain

PLAIN_TAG = "tag:nodetype-studio,2024:plain"
STR_TAG = "tag:yaml.org,2002:str"
FLOAT_TAG = "tag:yaml.org,2002:float"
BINARY_TAG = "tag:yaml.org,2002:binary"
MERGE_KEY = "<<"

try:
    from yaml.cyaml import CParser as _CParser
except ImportError:  # pragma: no cover - libyaml is present in every supported environment
    _CParser = None


class _PlainResolver(BaseResolver):
    """Tags every untagged plain scalar with PLAIN_TAG; quoted and block scalars stay str."""


_PlainResolver.add_implicit_resolver(PLAIN_TAG, re.compile(r"(?s).*"), [None, ""])

if _CParser is not None:

    class _Loader(_CParser, _PlainResolver):
        def __init__(self, stream):
            _CParser.__init__(self, stream)
            _PlainResolver.__init__(self)

else:  # pragma: no cover - libyaml is present in every supported environment

    class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer, _PlainResolver):
        def __init__(self, stream):
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            yaml.composer.Composer.__init__(self)
            _PlainResolver.__init__(self)


class YamlSyntaxError(ValueError):
    """The text is not valid YAML; ``line``/``column`` are 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        super().__init__(message)
        self.line = line
        self.column = column


def compose(text: str) -> Node | None:
    """The node tree of a single-document YAML text (None for an empty document)."""
    loader = _Loader(text)
    try:
        return loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or str(exc)
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise YamlSyntaxError(f"{problem} (line {line}, column {column})", line, column) from None
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(str(exc).strip()) from None
    finally:
        loader.dispose()


@dataclass(frozen=True)
class Tagged:
    """A value with an explicit tag the CMS does not interpret (kept opaque)."""

    tag: str
    value: object


def scalar_value(node: ScalarNode):
    tag = node.tag
    if tag == PLAIN_TAG:
        return resolve_plain(node.value)
    if tag == STR_TAG:
        return node.value
    if tag == FLOAT_TAG:
        try:
            return float(node.value.replace("_", ""))
        except ValueError:
            return Tagged(tag, node.value)
    if tag == BINARY_TAG:
        try:
            return base64.b64decode(node.value.encode("ascii"), validate=False)
        except (ValueError, UnicodeEncodeError):
            return Tagged(tag, node.value)
    return Tagged(tag, node.value)


def key_text(node: Node) -> str | None:
    """The string key a key node stands for, or None for complex (collection) keys."""
    if isinstance(node, ScalarNode):
        return php_key(scalar_value(node)) if node.tag in (PLAIN_TAG, STR_TAG) else str(node.value)
    return None


def is_merge_key(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == PLAIN_TAG and node.value == MERGE_KEY


def to_data(node: Node | None):
    """Plain Python data (dicts keep document order; later duplicate keys win, as in the loader)."""
    if node is None:
        return None
    if isinstance(node, ScalarNode):
        return scalar_value(node)
    if isinstance(node, SequenceNode):
        return [to_data(item) for item in node.value]
    result: dict = {}
    merged: dict = {}
    for key_node, value_node in node.value:
        if is_merge_key(key_node):
            sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
            for source in sources:
                source_data = to_data(source)
                if isinstance(source_data, dict):
                    for key, value in source_data.items():
                        merged.setdefault(key, value)
            continue
        key = key_text(key_node)
        if key is None:
            key = repr(to_data(key_node))
        result[key] = to_data(value_node)
    for key, value in merged.items():
        result.setdefault(key, value)
    return result


def same(a, b) -> bool:
    """Deep equality that also compares mapping order and scalar types (1 != 1.0 != True)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return len(a) == len(b) and all(
            ka == kb and same(va, vb) for (ka, va), (kb, vb) in zip(a.items(), b.items())
        )
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def first_difference(a, b, path=()) -> tuple | None:
    """The path of the first place where ``same`` fails (for error messages)."""
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        if list(a) != list(b):
            return path
        for key in a:
            found = first_difference(a[key], b[key], path + (key,))
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return path
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, path + (index,))
            if found is not None:
                return found
        return None
    return None if same(a, b) else path
