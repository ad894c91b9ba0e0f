"""Parsing with positions (libyaml's composer: a node tree with start/end marks) and reading values.

Positions come from the composer; values always come from the project model's loader
(:func:`nodetype_studio.model.yamlload.load_yaml_text`), so an edit is verified against exactly what
the studio (and the CMS) will read. Plain scalars carry a sentinel tag so they can be told from quoted ones.
"""

from __future__ import annotations

import math

import yaml
from yaml._yaml import CParser
from yaml.nodes import Node, ScalarNode, SequenceNode

from nodetype_studio.model.yamlguard import nesting_problem
from nodetype_studio.model.yamlload import MAX_NESTING, load_yaml_text

PLAIN_TAG = "tag:nodetype-studio,2024:plain"
STR_TAG = "tag:yaml.org,2002:str"
SEQ_TAG = "tag:yaml.org,2002:seq"
MAP_TAG = "tag:yaml.org,2002:map"
MERGE_KEY = "<<"
_NULL_KEYS = ("~", "null", "Null", "NULL")

class _Loader(CParser):
    """libyaml composition; untagged plain scalars get PLAIN_TAG (resolution is left to the model's loader)."""

    def resolve(self, kind, value, implicit):  # noqa: D401 - PyYAML hook, called for untagged nodes only
        if kind is ScalarNode:
            return PLAIN_TAG if implicit[0] else STR_TAG
        return SEQ_TAG if kind is SequenceNode else MAP_TAG

    def descend_resolver(self, parent, index):
        pass

    def ascend_resolver(self):
        pass


class YamlSyntaxError(ValueError):
    """The text is not valid YAML; ``line``/``column`` are 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        super().__init__(message)
        self.line = line
        self.column = column


def compose(text: str) -> Node | None:
    """The node tree of a single-document YAML text (None for an empty document)."""
    too_deep = nesting_problem(text, MAX_NESTING)  # libyaml's composer would overflow the C stack
    if too_deep is not None:
        raise YamlSyntaxError(f"the YAML nesting is deeper than {MAX_NESTING} levels (line {too_deep[0]}, "
                              f"column {too_deep[1]})", *too_deep)
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


def key_text(node: Node) -> str | None:
    """The string key a key node stands for (as the project model reads keys), None for complex keys."""
    if not isinstance(node, ScalarNode):
        return None
    if node.tag == PLAIN_TAG and node.value in _NULL_KEYS:
        return ""
    return node.value


def is_merge_key(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == PLAIN_TAG and node.value == MERGE_KEY


def load_data(text: str, file: str = "<edit>"):
    """The data of a YAML text exactly as the project model reads it (raises YamlSyntaxError)."""
    try:
        loaded = load_yaml_text(text, file)
    except (ValueError, OverflowError, RecursionError) as exc:
        # the model's reader failed on this text (a bug there); never let it escape as a crash
        raise YamlSyntaxError(f"the project model could not read this YAML ({exc})") from None
    if not loaded.ok:
        problem = next((d for d in loaded.diagnostics if d.severity.value == "error"), None)
        if problem is None:
            raise YamlSyntaxError("the YAML could not be read")
        raise YamlSyntaxError(f"{problem.message} (line {problem.line}, column {problem.column})",
                              problem.line, problem.column)
    return loaded.data


def same(a, b) -> bool:
    """Deep equality that also compares mapping order and scalar types (1 != 1.0 != True)."""
    if isinstance(a, dict) or isinstance(b, dict):
        if not (isinstance(a, dict) and isinstance(b, dict)):
            return False
        return len(a) == len(b) and all(
            ka == kb and same(va, vb) for (ka, va), (kb, vb) in zip(a.items(), b.items())
        )
    if isinstance(a, list) or isinstance(b, list):
        if not (isinstance(a, list) and isinstance(b, list)):
            return False
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def first_difference(a, b, path=()) -> tuple | None:
    """The path of the first place where ``same`` fails (for error messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return path
        for key in a:
            found = first_difference(a[key], b[key], path + (key,))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, path + (index,))
            if found is not None:
                return found
        return None
    return None if same(a, b) else path
