"""New block mappings and lists written by ruamel.yaml in one file's detected style.

The Renderer decides how each scalar is spelled (the file's quoting, its spelling of true/false/null,
what the CMS reads a plain scalar as); ruamel.yaml lays the blocks out with the file's indentation and
list offset, never wrapping long lines. The result is a list of lines at a given column, ready to be
spliced into the file's text.
"""

from __future__ import annotations

import io
from functools import lru_cache

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    PlainScalarString,
    SingleQuotedScalarString,
)

_WIDTH = 1 << 30  # never wrap: a wrapped line would be a change nobody asked for


class _Spelled(str):
    """A scalar written exactly as ``self`` (a number, boolean or null in the file's spelling)."""

    tag = "tag:yaml.org,2002:str"


class _Int(_Spelled):
    tag = "tag:yaml.org,2002:int"


class _Float(_Spelled):
    tag = "tag:yaml.org,2002:float"


class _Bool(_Spelled):
    tag = "tag:yaml.org,2002:bool"


class _Null(_Spelled):
    tag = "tag:yaml.org,2002:null"


class _Representer(RoundTripRepresenter):
    pass


def _represent_spelled(representer, data: _Spelled):
    return representer.represent_scalar(data.tag, str(data), style="")


for _cls in (_Int, _Float, _Bool, _Null):
    _Representer.add_representer(_cls, _represent_spelled)


@lru_cache(maxsize=16)
def _dumper(indent: int, seq_offset: int) -> YAML:
    yaml = YAML(typ="rt", pure=True)
    yaml.Representer = _Representer
    yaml.width = _WIDTH
    yaml.default_flow_style = False
    yaml.indent(mapping=indent, sequence=seq_offset + 2, offset=seq_offset)
    return yaml


def block_lines(value, column: int, renderer) -> list[str]:
    """The lines of a non-empty mapping or list written in block style with its entries at ``column``."""
    style = renderer.style
    data = _prepared(value, renderer, None)
    stream = io.StringIO()
    _dumper(style.indent, style.seq_offset).dump(data, stream)
    text = stream.getvalue()
    if text.endswith("\n"):
        text = text[:-1]
    lines = text.split("\n")
    # ruamel.yaml indents a list's dashes by the offset at the top level too: the caller's column is the dash's
    root = len(lines[0]) - len(lines[0].lstrip(" "))
    pad = " " * column
    return [pad + line[root:] if line else line for line in lines]


def _prepared(value, renderer, key):
    """``value`` as ruamel.yaml objects that carry the spelling the Renderer chose."""
    from nodetype_studio.editing.scalars import render_number

    style = renderer.style
    if isinstance(value, dict):
        mapping = CommentedMap()
        for name, item in value.items():
            mapping[_key(renderer, name)] = _prepared(item, renderer, name)
        return mapping
    if isinstance(value, (list, tuple)):
        return CommentedSeq(_prepared(item, renderer, None) for item in value)
    if value is None:
        return _Null(style.null_text)
    if value is True:
        return _Bool(style.true_text)
    if value is False:
        return _Bool(style.false_text)
    if isinstance(value, int):
        return _Int(render_number(value))
    if isinstance(value, float):
        return _Float(render_number(value))
    if "\n" in value:
        block = renderer.block_string(value, 0)
        if block is not None:
            return LiteralScalarString(value)
        return DoubleQuotedScalarString(value)
    return _string(renderer.scalar(value, key=key), value)


def _key(renderer, name):
    return _string(renderer.key(name), str(name))


def _string(text: str, value: str):
    if text.startswith("'"):
        return SingleQuotedScalarString(value)
    if text.startswith('"'):
        return DoubleQuotedScalarString(value)
    return PlainScalarString(value)


__all__ = ["FoldedScalarString", "block_lines"]
