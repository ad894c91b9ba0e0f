"""Rendering new values as YAML text in a file's own style (never wrapping long lines)."""

from __future__ import annotations

from nodetype_studio.editing.errors import EditError
from nodetype_studio.editing.scalars import (
    can_be_plain,
    double_quoted,
    is_scalar,
    quoted,
    render_number,
    single_quoted,
)
from nodetype_studio.editing.style import Style, is_name_like


def check_value(value, path=()) -> None:
    """Refuse values that YAML text cannot carry as the CMS reads it (with the offending path)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise EditError(f"mapping keys must be strings, got {key!r} at {_where(path)}")
            check_value(item, path + (key,))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            check_value(item, path + (index,))
    elif not is_scalar(value):
        raise EditError(f"cannot write a {type(value).__name__} value at {_where(path)}")


def _where(path) -> str:
    return ".".join(str(p) for p in path) or "the top level"


class Renderer:
    """Turns Python values into YAML fragments; ``old_style`` keeps an edited scalar's quoting."""

    def __init__(self, style: Style):
        self.style = style
        # set while rendering text that ends a file without a final newline: a "|" block there would
        # lose its last line break, so such strings are written double-quoted
        self.at_end_without_newline = False

    # -- scalars ---------------------------------------------------------------------------------------
    def scalar(self, value, flow: bool = False, old_style: str | None = None, key=None) -> str:
        """A one-line scalar (multi-line strings come out double-quoted); ``key`` is the mapping key the
        value belongs to, whose usual quoting in this file is followed for new values."""
        if value is None:
            return self.style.null_text
        if value is True:
            return self.style.true_text
        if value is False:
            return self.style.false_text
        if isinstance(value, (int, float)):
            return render_number(value)
        if old_style == "'":
            single = single_quoted(value)
            if single is not None:
                return single
        if old_style == '"':
            return double_quoted(value)
        if old_style is None:
            quote_it = self.style.quoted_keys.get(key, self.style.quote_mostly) if key is not None \
                else self.style.quote_mostly
            if quote_it:
                return quoted(value, self.style.quote)
        if can_be_plain(value, flow=flow, yaml11=self.style.yaml11):
            return value
        return quoted(value, self.style.quote)

    def key(self, key, flow: bool = False) -> str:
        text = str(key)
        if can_be_plain(text, flow=flow, key=True, yaml11=self.style.yaml11) and not (is_name_like(text) and self.style.key_quote):
            return text
        return quoted(text, self.style.key_quote or self.style.quote)

    def block_string(self, value: str, column: int, folded: bool = False) -> list[str] | None:
        """``|``/``>`` lines for a multi-line string whose content sits at ``column``; None if unsuitable."""
        body = value[:-1] if value.endswith("\n") else value
        if value.endswith("\n") and self.at_end_without_newline:
            return None
        if not body or body.endswith("\n") or body[0] in " \t" or "\r" in value:
            return None
        if any(not ch.isprintable() and ch not in "\n\t" for ch in value):
            return None
        lines = body.split("\n")
        if any(line[:1] in (" ", "\t") or not line for line in lines):
            folded = False  # more-indented or empty lines would need folding rules we do not write
        if folded and len(lines) > 1:
            folded_lines = []
            for index, line in enumerate(lines):
                if index:
                    folded_lines.append("")
                folded_lines.append(line)
            lines = folded_lines
        if any(line != line.rstrip(" \t") and folded for line in lines):
            return None
        indicator = (">" if folded else "|") + ("" if value.endswith("\n") else "-")
        pad = " " * column
        return [indicator] + [pad + line if line else "" for line in lines]

    # -- collections -----------------------------------------------------------------------------------
    def flow(self, value, key=None) -> str:
        if isinstance(value, dict):
            if not value:
                return "{}"
            inner = ", ".join(f"{self.key(k, flow=True)}: {self.flow(v, k)}" for k, v in value.items())
            return "{ " + inner + " }" if self.style.flow_padding else "{" + inner + "}"
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(self.flow(v) for v in value) + "]" if value else "[]"
        return self.scalar(value, flow=True, key=key)

    def value_after_key(self, value, key_column: int, old_style: str | None = None, key=None) -> list[str]:
        """Lines following ``key:``: the first is appended to the key line (may be empty), the rest are full."""
        if isinstance(value, dict) and value:
            return [""] + self.mapping_lines(value, key_column + self.style.indent)
        if isinstance(value, (list, tuple)) and value:
            return [""] + self.sequence_lines(value, key_column + self.style.seq_offset)
        if isinstance(value, str) and ("\n" in value or old_style in ("|", ">")):
            block = self.block_string(value, key_column + self.style.indent, folded=old_style == ">")
            if block is not None:
                return [" " + block[0]] + block[1:]
        if isinstance(value, (dict, list, tuple)):
            return [" " + self.flow(value)]
        return [" " + self.scalar(value, old_style=old_style, key=key)]

    def pair_lines(self, key, value, column: int) -> list[str]:
        lines = self.value_after_key(value, column, key=key)
        return [" " * column + self.key(key) + ":" + lines[0]] + lines[1:]

    def mapping_lines(self, mapping: dict, column: int) -> list[str]:
        """A new block mapping, laid out by ruamel.yaml in the file's style (``emit``)."""
        if not mapping:
            return []
        from nodetype_studio.editing.emit import block_lines

        return block_lines(mapping, column, self)

    def item_lines(self, value, column: int, old_style: str | None = None) -> list[str]:
        """A block sequence item ``- ...`` with its dash at ``column`` (maps and lists written compactly);
        ``old_style`` is the quoting of the neighbouring items, which a new string item follows."""
        pad = " " * column
        inner = column + 2
        if isinstance(value, dict) and value:
            nested = self.mapping_lines(value, inner)
            return [pad + "- " + nested[0][inner:]] + nested[1:]
        if isinstance(value, (list, tuple)) and value:
            nested = self.sequence_lines(value, inner)
            return [pad + "- " + nested[0][inner:]] + nested[1:]
        if isinstance(value, str) and "\n" in value:
            block = self.block_string(value, inner)
            if block is not None:
                return [pad + "- " + block[0]] + block[1:]
        if isinstance(value, (dict, list, tuple)):
            return [pad + "- " + self.flow(value)]
        return [pad + "- " + self.scalar(value, old_style=old_style)]

    def sequence_lines(self, items, column: int) -> list[str]:
        """A new block list, laid out by ruamel.yaml in the file's style (``emit``)."""
        if not items:
            return []
        from nodetype_studio.editing.emit import block_lines

        return block_lines(list(items), column, self)

    def inline_value(self, value, column: int, old_style: str | None = None) -> list[str]:
        """A value written where a node starts (after ``- `` or in place of an old value) at ``column``:
        the first line carries no indentation, following lines do."""
        if isinstance(value, dict) and value:
            nested = self.mapping_lines(value, column)
            return [nested[0][column:]] + nested[1:]
        if isinstance(value, (list, tuple)) and value:
            nested = self.sequence_lines(value, column)
            return [nested[0][column:]] + nested[1:]
        if isinstance(value, str) and ("\n" in value or old_style in ("|", ">")):
            block = self.block_string(value, column, folded=old_style == ">")
            if block is not None:
                return block
        if isinstance(value, (dict, list, tuple)):
            return [self.flow(value)]
        return [self.scalar(value, old_style=old_style)]
