"""Reading NodeTypes YAML the way the CMS reads it.

libyaml (through PyYAML's C parser) does the tokenising and composing; this module turns the
node graph into plain values with **Symfony YAML** scalar rules (what the CMS's parser does),
not YAML 1.1: ``yes``/``no``/``on``/``off`` stay strings, ``TRUE``/``True`` are booleans, ``~``
and ``null`` are null, mapping keys are strings. Positions of every key and list item are kept
(``YMap.key_pos`` / ``YList.item_pos``, 1-based line and column) for provenance and findings.

Problems become diagnostics, never exceptions: syntax errors, tabs, duplicate keys (the first
occurrence wins, as older CMS versions did), bytes that are not UTF-8, tags (never constructed),
alias bombs (bounded expansion) and nesting too deep for the parser.
"""

from __future__ import annotations

import base64
import calendar
import math
import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml._yaml import CParser
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from nodetype_studio import boundedio
from nodetype_studio.diagnostics import Diagnostic, Location, Severity, error, warning
from nodetype_studio.model.yamlguard import nesting_problem

# A file may expand aliases to at most this many values (plus its own size): beyond, it is an alias bomb.
ALIAS_EXPANSION_LIMIT = 200_000
MAX_NESTING = 200

#: the array type code of positions: unsigned ints (32 bits wherever Python runs; a file's size is
#: bounded far below that)
POSITION_TYPE = "I"

_IMPLICIT = "?"  # tag given by our resolver to every untagged node: resolution happens in construction


class _Loader(CParser):
    """libyaml composition with a resolver that does nothing, so explicit tags stay recognisable."""

    def resolve(self, kind, value, implicit):  # noqa: D401 - PyYAML hook
        return _IMPLICIT

    def descend_resolver(self, parent, index):
        pass

    def ascend_resolver(self):
        pass


class _Positioned:
    """The position of a parsed container itself: the first two numbers of its flat positions (see
    ``YMap``), unless it was given one (``pos = ...``). (A property, not ``__getattr__``: a slot not set
    yet then costs one exception, not a Python call and two.)"""

    __slots__ = ()
    _pos: tuple[int, int]
    _flat: array

    @property
    def pos(self) -> tuple[int, int]:
        """(line, column) of the container itself; (0, 0) when nobody gave it one."""
        try:
            return self._pos
        except AttributeError:
            pass
        try:
            flat = self._flat
        except AttributeError:
            return (0, 0)
        return (flat[0], flat[1])

    @pos.setter
    def pos(self, value: tuple[int, int]) -> None:
        self._pos = value  # type: ignore[misc]  # the slot is the subclasses' (a dict's or list's layout)


class YMap(_Positioned, dict):
    """A mapping with the position of each key: ``key_pos[key] = (line, column)``, 1-based.

    No ``__init__`` of its own: ``YMap(pairs)`` is the dict constructor alone (the parse cache's JSON
    decoder makes every mapping that way); a map nobody gave positions has none.

    The parser and the parse cache give a map its positions as one flat array of integers (``_flat``:
    the map's own line and column, then each key's line and column in key order); ``key_pos`` makes the
    dict from it when it is first asked for. Most maps are never asked (positions serve findings and
    provenance). An array of integers is one object where the dict, its pairs (or a list) are many,
    and it holds no references: the cyclic garbage collector does not track it at all, so the
    positions add nothing to its passes over a loaded project."""

    __slots__ = ("_key_pos", "_flat", "_pos")
    _key_pos: dict[str, tuple[int, int]]

    @property
    def key_pos(self) -> dict[str, tuple[int, int]]:
        try:
            return self._key_pos
        except AttributeError:
            pass
        try:
            flat = self._flat
        except AttributeError:
            key_pos: dict[str, tuple[int, int]] = {}
        else:
            key_pos = dict(zip(self, zip(flat[2::2], flat[3::2])))
        self._key_pos = key_pos  # from now on the dict is the positions (it may be changed)
        return key_pos

    @key_pos.setter
    def key_pos(self, value: dict[str, tuple[int, int]]) -> None:
        self._key_pos = value



class YList(_Positioned, list):
    """A sequence with the position of each item: ``item_pos[i] = (line, column)``, 1-based (no
    ``__init__`` of its own, and positions kept flat until asked for, as ``YMap``)."""

    __slots__ = ("_item_pos", "_flat", "_pos")
    _item_pos: list[tuple[int, int]]

    @property
    def item_pos(self) -> list[tuple[int, int]]:
        try:
            return self._item_pos
        except AttributeError:
            pass
        try:
            flat = self._flat
        except AttributeError:
            item_pos: list[tuple[int, int]] = []
        else:
            item_pos = list(zip(flat[2::2], flat[3::2]))
        self._item_pos = item_pos
        return item_pos

    @item_pos.setter
    def item_pos(self, value: list[tuple[int, int]]) -> None:
        self._item_pos = value



def flat_positions(value: YMap | YList) -> Sequence[int]:
    """The positions of a map's keys or a list's items as one flat sequence (line, column, ...) in order,
    a key without a position at (0, 0); a slice of the flat array while nobody asked for the dict."""
    if isinstance(value, YMap):
        known = getattr(value, "_key_pos", None)
        if known is None:
            flat = getattr(value, "_flat", None)
            if flat is not None and len(flat) == 2 * len(value) + 2:
                return flat[2:]
            known = value.key_pos
        return [number for key in value for number in known.get(key, (0, 0))]
    pairs = getattr(value, "_item_pos", None)
    if pairs is None:
        flat = getattr(value, "_flat", None)
        if flat is not None:
            return flat[2:]
        pairs = value.item_pos
    return [number for pair in pairs for number in pair]


def plain_data(value: Any) -> Any:
    """Loaded data as plain dicts (string keys) and lists, e.g. for a YAML or JSON dumper that does not
    know ``YMap``/``YList``."""
    if isinstance(value, dict):
        return {str(k): plain_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_data(v) for v in value]
    return value


@dataclass
class LoadedYaml:
    data: object  # None for an empty document or a file that could not be read
    diagnostics: list[Diagnostic] = field(default_factory=list)
    ok: bool = True  # False when the file could not be parsed at all


_PHP_INT_MIN, _PHP_INT_MAX = -(2**63), 2**63 - 1
_OCTAL_RE = re.compile(r"^([-+]?)0o([0-7_]+)$")
_INT_UNDERSCORE_RE = re.compile(r"^[-+]?[0-9][0-9_]*$")
_HEX_RE = re.compile(r"^0[xX][0-9a-fA-F_]+$")
_UNDERSCORE_NUM_RE = re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]+)?$")
_FLOAT_RE = re.compile(r"^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$")
_TIMESTAMP_RE = re.compile(
    r"^(?P<y>[0-9]{4})-(?P<m>[0-9]{1,2})-(?P<d>[0-9]{1,2})"
    r"(?:(?:[Tt]|[ \t]+)(?P<H>[0-9]{1,2}):(?P<M>[0-9]{2}):(?P<S>[0-9]{2})(?:\.[0-9]*)?"
    r"(?:[ \t]*(?P<tz>Z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?$"
)


def resolve_plain(text: str):
    """The value of an unquoted scalar under Symfony YAML's rules."""
    if not text:
        return None
    lower = text.lower()
    if lower == "null" or text == "~":
        return None
    if lower == "true":
        return True
    if lower == "false":
        return False
    first = text[0]
    if first in "0123456789-+.":
        return _number(text)
    return text


def _number(text: str):
    """A plain scalar starting with a digit, a sign or a dot, read as Symfony YAML 6 reads it."""
    m = _OCTAL_RE.match(text)
    if m:
        value = int(m.group(2).replace("_", ""), 8)
        return _php_integer(-value if m.group(1) == "-" else value)
    if _INT_UNDERSCORE_RE.match(text):
        text = text.replace("_", "")  # Symfony takes the underscores out of an integer first
    digits = text[1:] if text[0] == "-" else text
    if digits.isascii() and digits.isdigit():
        # (int) saturates: an integer that does not read back the same (`012`, `-0`, past the 64-bit
        # range) stays a string. (Symfony 5.x read a leading zero as octal.)
        value = int(text)
        return value if _PHP_INT_MIN <= value <= _PHP_INT_MAX and str(value) == text else text
    if _FLOAT_RE.match(text):  # is_numeric: a float, also `+12`
        return float(text)
    if _HEX_RE.match(text):
        # only a lowercase `0x` is read as hexadecimal (underscores left out); `0X1A` is cast to a
        # float, and that is 0
        return _php_integer(int(text[2:].replace("_", "") or "0", 16)) if text[1] == "x" else 0.0
    lower = text.lower()
    if lower in (".inf", ".nan"):
        return math.inf  # Symfony reads `.nan` as infinity too
    if lower == "-.inf":
        return -math.inf
    if "_" in text and _UNDERSCORE_NUM_RE.match(text):
        return float(text.replace("_", ""))
    m = _TIMESTAMP_RE.match(text)
    if m:
        return _timestamp(m)
    return text


def _php_integer(value: int) -> int | float:
    """PHP's octdec()/hexdec(): a float past the 64-bit range."""
    return value if value <= _PHP_INT_MAX else float(value)


def _timestamp(m: re.Match) -> int | str:
    """Symfony (without PARSE_DATETIME) turns a date-like scalar into a Unix timestamp."""
    try:
        parts = [int(m.group(g) or 0) for g in ("y", "m", "d", "H", "M", "S")]
        seconds = calendar.timegm((*parts, 0, 0, 0))
    except (ValueError, OverflowError):
        return m.group(0)
    tz = m.group("tz")
    if tz and tz not in ("Z",):
        sign = -1 if tz[0] == "-" else 1
        digits = tz[1:].replace(":", "")
        hours, minutes = int(digits[:2]), int(digits[2:] or 0)
        seconds -= sign * (hours * 3600 + minutes * 60)
    return seconds


# Plain scalars and keys repeat a great deal (`ui`, `label`, `true`, `string`, group names): their
# Symfony reading is remembered (immutable values only; bounded, emptied when full).
_PLAIN_MEMO_LIMIT = 20_000
_plain_memo: dict[str, Any] = {}
_key_memo: dict[str, str | None] = {}  # block key text -> the key, or None when the CMS refuses it


def _plain(text: str):
    try:
        return _plain_memo[text]
    except KeyError:
        pass
    value = resolve_plain(text)
    if len(_plain_memo) >= _PLAIN_MEMO_LIMIT:
        _plain_memo.clear()
    _plain_memo[text] = value
    return value


class _Builder:
    def __init__(self, file: str, aliases: bool = True, text: str | None = None):
        self.file = file
        #: the text parsed, for the few readings that need what libyaml leaves out (flow mapping keys as written)
        self.text = text
        self.diagnostics: list[Diagnostic] = []
        #: built values by node, which only a file with aliases can reach twice
        self.memo: dict[int, Any] | None = {} if aliases else None
        self.expanded = 0
        self.sizes: dict[int, int] = {}

    def loc(self, mark) -> Location:
        return Location(self.file, mark.line + 1, mark.column + 1)

    def build(self, node, depth: int = 0):
        memo = self.memo
        if memo is not None:
            known = memo.get(id(node))
            if known is not None:
                return known[0]
        if depth > MAX_NESTING:
            raise _TooDeep(node)
        kind = type(node)
        if kind is ScalarNode:
            value = self.scalar(node)
        elif kind is MappingNode:
            value = self.mapping(node, depth)
        else:
            value = self.sequence(node, depth)
        if memo is not None:
            memo[id(node)] = (value,)
        return value

    def scalar(self, node: ScalarNode):
        if node.tag != _IMPLICIT:
            return self.tagged_scalar(node)
        if not node.style:
            text = node.value
            if text and text[0] == "%":
                self.diagnostics.append(
                    error("yaml-reserved-indicator",
                          f"the CMS's YAML parser rejects a plain value starting with '%' ({text!r}); quote it",
                          self.loc(node.start_mark)))
            return _plain(text)
        return node.value

    def tagged_scalar(self, node: ScalarNode):
        """A scalar with a tag, as Symfony YAML reads it (``Inline::evaluateScalar``): `!!str` is text,
        `!!float` PHP's float cast of the text, `!!binary` base64; `!php/const` and `!php/object` are null
        (Flow parses without the constant and object flags); any other tag makes it refuse the file."""
        tag, text = node.tag, node.value
        if tag in (_STR_TAG, _FLOAT_TAG) and not text and not node.style:
            raise _Refused(error("yaml-tag", f"`{_shown_tag(tag)}` without a value: the CMS's YAML parser refuses the "
                                             f"whole file; give it a value or remove the tag", self.loc(node.start_mark)))
        if tag == _STR_TAG:
            return text
        if tag == _FLOAT_TAG:
            # PHP casts the text as written: a quoted value starts with its quote, which is no number
            return 0.0 if node.style in ("'", '"') else _php_float(text)
        if tag == _BINARY_TAG:
            return self.binary(node)
        if tag in _NULL_TAGS:
            self.diagnostics.append(warning(
                "yaml-tag", f"the CMS's YAML parser reads `{tag}` values as null (Flow enables no PHP constants or "
                            f"objects in YAML); write the value itself", self.loc(node.start_mark)))
            return None
        raise _Refused(self.tag_refusal(node))

    def tag_refusal(self, node) -> Diagnostic:
        shown = _shown_tag(node.tag)
        why = (f"the tag `{shown}` is not supported by the CMS's YAML parser" if shown.startswith("!!")
               else f"custom tags such as `{shown}` are not enabled in the CMS's YAML parser")
        return error("yaml-tag", f"{why}: it refuses the whole file; remove the tag", self.loc(node.start_mark))

    def binary(self, node: ScalarNode) -> str:
        data = re.sub(r"[ \t\n\r\v\f]", "", node.value)
        if len(data) % 4 or not _BASE64.fullmatch(data):
            problem = (f"its length without spaces ({len(data)}) is not a multiple of four" if len(data) % 4
                       else "it holds characters base64 does not use")
            raise _Refused(error("yaml-tag", f"`!!binary` needs base64 data, but {problem}: the CMS's YAML parser "
                                             f"refuses the whole file", self.loc(node.start_mark)))
        raw = base64.b64decode(data)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            self.diagnostics.append(warning("yaml-encoding", "the `!!binary` value is not UTF-8 text; invalid bytes are "
                                                             "shown as U+FFFD", self.loc(node.start_mark)))
            return raw.decode("utf-8", errors="replace")

    def mapping(self, node: MappingNode, depth: int) -> YMap:
        if node.tag != _IMPLICIT:
            raise _Refused(self.tag_refusal(node))
        result = YMap()
        mark = node.start_mark
        # positions go into one flat array (see YMap); after a merge key (rare) into the dict itself
        flat = result._flat = array(POSITION_TYPE, (mark.line + 1, mark.column + 1))
        add = flat.append
        key_pos: dict[str, tuple[int, int]] | None = None
        block = not node.flow_style
        # values of plain scalars are read here rather than through `build` (most values are scalars);
        # a file with aliases goes through `build`, whose memo keeps shared values shared
        inline = self.memo is None and depth < MAX_NESTING
        # Symfony YAML's order: a `<<` inserts the merged keys not yet present at its place; keys
        # written after it overwrite values but keep the merged key's place (PHP arrays), and may repeat
        merged_here = False
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode:
                self.diagnostics.append(error("yaml-complex-key", "a mapping key must be a plain value, not a list or mapping",
                                              self.loc(key_node.start_mark)))
                continue
            key = key_node.value
            if key is None:
                key = ""
            if not block and self.text is not None and (" " in key or not key or key_node.style or self.text[
                    key_node.start_mark.index - 1:key_node.start_mark.index] in ("?", " ", "\t", "\n", "\r")):
                key = self.flow_key_as_written(node, key_node, key)
            if not key_node.style:
                if key == "<<" and key_node.tag == _IMPLICIT:
                    key_pos = result.key_pos
                    self.apply_merge(result, key_node, value_node, depth)
                    merged_here = True
                    continue
                if block:
                    key = self.block_key(key_node, key)
                else:
                    self.flow_key(key_node, key)
            if key in result and not merged_here:  # (no merge key yet: the positions are still flat)
                at = 2 * list(result).index(key) + 2
                first = (flat[at], flat[at + 1])
                if result[key] is None:
                    # PHP's isset() is false for null: Symfony lets the later value replace it, in the first
                    # key's place
                    result[key] = self.build(value_node, depth + 1)
                    mark = key_node.start_mark
                    flat[at], flat[at + 1] = mark.line + 1, mark.column + 1
                    self.diagnostics.append(warning(
                        "yaml-duplicate-key",
                        f"duplicate key {key!r} (first defined on line {first[0]}, without a value): the CMS's YAML "
                        f"parser takes this later value; remove the empty one", self.loc(mark)))
                    continue
                self.diagnostics.append(error(
                    "yaml-duplicate-key",
                    f"duplicate key {key!r} (first defined on line {first[0]}); the CMS's YAML parser rejects the file, "
                    f"older versions kept the first occurrence (as the studio does)",
                    self.loc(key_node.start_mark)))
                continue
            if inline and type(value_node) is ScalarNode and value_node.tag == _IMPLICIT:
                text = value_node.value
                if value_node.style:
                    result[key] = text
                elif text and text[0] == "%":
                    result[key] = self.scalar(value_node)
                else:
                    try:
                        result[key] = _plain_memo[text]
                    except KeyError:
                        result[key] = _plain(text)
            else:
                result[key] = self.build(value_node, depth + 1)
            mark = key_node.start_mark
            if key_pos is None:
                add(mark.line + 1)
                add(mark.column + 1)
            else:
                key_pos[key] = (mark.line + 1, mark.column + 1)
        return result

    def block_key(self, key_node: ScalarNode, text: str) -> str:
        """A plain key of a block mapping as Symfony YAML's parser reads it (``Inline::parseScalar``):
        integers become PHP integer keys (`1_000` is 1000, `0x1A` is 26), `012` stays a string, and a
        key that reads as a boolean, null or float makes the CMS refuse the whole file."""
        try:
            key = _key_memo[text]
        except KeyError:
            value = resolve_plain(text)
            refused = isinstance(value, bool) or value is None or isinstance(value, float)
            key = None if refused else (str(value) if isinstance(value, int) else text)
            if len(_key_memo) >= _PLAIN_MEMO_LIMIT:
                _key_memo.clear()
            _key_memo[text] = key
        if key is not None:
            return key
        value = resolve_plain(text)
        kind = "numeric" if isinstance(value, float) else "non-string"
        raise _Refused(error(
            "yaml-key-type",
            f"the key {text!r} reads as {'null' if value is None else repr(value).lower()}: the CMS's YAML parser "
            f"refuses the whole file ({kind} keys are not supported); quote the key",
            self.loc(key_node.start_mark)))

    def flow_key_as_written(self, mapping: MappingNode, key_node: ScalarNode, key: str) -> str:
        """The key of a flow mapping (``{...}``) as Symfony YAML reads it (``Inline::parseMapping``): from where it
        is written up to its first space or colon, and the value after the next colon. An explicit key (`? key`)
        is the key `?` (or `?x` for `?x`), the rest up to the colon dropped; one with no colon after it makes the
        CMS refuse the file. A plain key with a space is read up to the space."""
        text = self.text
        assert text is not None
        start = key_node.start_mark.index
        before = start - 1
        while before >= 0 and text[before] in " \t\r\n":
            before -= 1
        if before >= 0 and text[before] == "?" and (before == 0 or text[before - 1] in " \t\r\n{,["):
            end = before
            while end < len(text) and text[end] not in " \t\r\n:,}]":
                end += 1
            written = text[before:end]
            if ":" not in text[key_node.end_mark.index:mapping.end_mark.index]:
                raise _Refused(error("yaml-complex-key", f"an explicit key (`? {key}`) without a value in a {{...}} "
                                                         f"mapping: the CMS's YAML parser refuses the whole file; write "
                                                         f"`{key}: value`", self.loc(key_node.start_mark)))
            self.diagnostics.append(warning(
                "yaml-complex-key", f"an explicit key (`? {key}`) in a {{...}} mapping: the CMS's YAML parser reads the "
                                    f"key as {written!r}; write `{key}: value`", self.loc(key_node.start_mark)))
            return written
        if key_node.style or " " not in key or ":" in key:  # (a colon in it: ``flow_key`` refuses the file)
            return key
        written = key.partition(" ")[0]
        self.diagnostics.append(warning(
            "yaml-key-type", f"the key {key!r} of a {{...}} mapping holds a space: the CMS's YAML parser reads only "
                             f"{written!r} (a key ends at its first space there); quote the key",
            self.loc(key_node.start_mark)))
        return written

    def flow_key(self, key_node: ScalarNode, text: str) -> None:
        """A plain key of a flow mapping (``{...}``) as Symfony YAML reads it (``Inline::parseMapping``):
        kept as written, but the CMS refuses the whole file when the key holds a colon (its key ends at
        the first colon, which must be followed by a space: ``{Neos.Neos:Content: true}``) or reads as a
        boolean, null or float."""
        if ":" in text:
            raise _Refused(error(
                "yaml-key-type",
                f"the key {text!r} of a {{...}} mapping holds a colon: the CMS's YAML parser refuses the whole "
                f"file (a colon must be followed by a space there); quote the key",
                self.loc(key_node.start_mark)))
        value = _plain(text) if text else text
        if value is None or isinstance(value, (bool, float)):
            raise _Refused(error(
                "yaml-key-type",
                f"the key {text!r} of a {{...}} mapping reads as {'null' if value is None else repr(value).lower()}: "
                f"the CMS's YAML parser refuses the whole file; quote the key",
                self.loc(key_node.start_mark)))

    def apply_merge(self, result: YMap, key_node, merge_node, depth: int) -> None:
        items = merge_node.value if isinstance(merge_node, SequenceNode) else [merge_node]
        for item in items:
            source = self.build(item, depth + 1)
            if not isinstance(source, YMap):
                # an alias node carries the anchor's position: report at the `<<` key the user wrote
                self.diagnostics.append(error("yaml-merge-key", "a merge key (<<) must refer to a mapping or a list of mappings",
                                              self.loc(key_node.start_mark)))
                continue
            # keys already present win (PHP's `+=`); among merged mappings the first one listed wins
            for key, value in source.items():
                if key not in result:
                    result[key] = value
                    result.key_pos[key] = source.key_pos.get(key, source.pos)

    def sequence(self, node: SequenceNode, depth: int) -> YList:
        if node.tag != _IMPLICIT:
            raise _Refused(self.tag_refusal(node))
        result = YList()
        flat = result._flat = array(POSITION_TYPE, (node.start_mark.line + 1, node.start_mark.column + 1))
        build, add, depth = self.build, flat.append, depth + 1
        for item in node.value:
            result.append(build(item, depth))
            mark = item.start_mark
            add(mark.line + 1)
            add(mark.column + 1)
        return result


_STR_TAG, _FLOAT_TAG, _BINARY_TAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:float", "tag:yaml.org,2002:binary"
#: tags Symfony YAML reads as null when its constant and object flags are off (Flow passes no flags)
_NULL_TAGS = frozenset({"!php/const", "!php/object", "!php/enum"})
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
#: the start of a PHP numeric string: what PHP's float cast reads (the rest is ignored; none at all is 0.0)
_PHP_NUMERIC_PREFIX = re.compile(r"[ \t\n\r\v\f]*([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")
#: what may come before the `?` of an explicit key on its line: indentation and list dashes
_KEY_LINE_START = re.compile(r"[ \t]*(?:-[ \t]+)*")


def _shown_tag(tag: str) -> str:
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


def _php_float(text: str) -> float:
    """PHP's ``(float)`` of a string: its leading number, 0.0 when it has none."""
    match = _PHP_NUMERIC_PREFIX.match(text)
    return float(match.group(1)) if match else 0.0


def _may_have_explicit_key(text: str) -> bool:
    """Whether a line of ``text`` starts (after indentation and list dashes) with `?` and a space or its end.
    (A search for `?` is a scan in C, and most files have none; a regular expression anchored at every line
    start cost about 40 times more on the corpus.)"""
    at = text.find("?")
    while at >= 0:
        if text[at + 1:at + 2] in (" ", "\t", "\n", "\r", ""):
            start = text.rfind("\n", 0, at) + 1
            if _KEY_LINE_START.fullmatch(text, start, at):
                return True
        at = text.find("?", at + 1)
    return False


def _explicit_key(text: str, file: str) -> Diagnostic | None:
    """The first explicit key (``? key``) of a block mapping in ``text``, as a finding: Symfony YAML refuses
    the file ("complex mappings are not supported"). Only files with a line that looks like one are scanned."""
    if not _may_have_explicit_key(text):
        return None
    flow = 0
    try:
        for token in yaml.scan(text, Loader=yaml.CSafeLoader):
            kind = type(token)
            if kind in (yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken):
                flow += 1
            elif kind in (yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken):
                flow -= 1
            elif kind is yaml.KeyToken and not flow and text[token.start_mark.index:token.start_mark.index + 1] == "?":
                mark = token.start_mark
                return error("yaml-complex-key", "an explicit key (`? key`) makes a complex mapping: the CMS's YAML "
                                                 "parser refuses the whole file; write `key: value`",
                             Location(file, mark.line + 1, mark.column + 1))
    except yaml.YAMLError:
        return None  # the composer reports the syntax error
    return None


_YAML_HEADER = re.compile(r"%YAML[: ][0-9.]+[^\n]*\n")
_LEADING_COMMENTS = re.compile(r"(?:#[^\n]*\n)+")
_DOCUMENT_START = re.compile(r"---[^\n]*\n")
_DOCUMENT_END = re.compile(r"\.\.\.[ \t\n\r\v\f]*\Z")


def _symfony_line_count(text: str) -> tuple[int, int]:
    """How many lines Symfony YAML's parser takes off the start of ``text`` before it parses (a `%YAML` line,
    the comment lines at the very start, a `---` line: ``Parser::cleanup``), and how many lines it then counts."""
    normal = text.replace("\r\n", "\n").replace("\r", "\n")
    taken = 0
    header = _YAML_HEADER.match(normal)
    if header:
        normal, taken = normal[header.end():], 1
    comments = _LEADING_COMMENTS.match(normal)
    if comments:
        taken += normal.count("\n", 0, comments.end())
        normal = normal[comments.end():]
    start = _DOCUMENT_START.match(normal)
    if start:
        normal, taken = normal[start.end():], taken + 1
        end = _DOCUMENT_END.search(normal)
        if end:
            normal = normal[:end.start()]
    return taken, normal.count("\n") + 1


def _symfony_document_end(root, text: str) -> None:
    """Drop the final line break of the block scalars Symfony YAML's parser takes to end the document.

    When it took lines off the start (``_symfony_line_count``), its parser counts the document's lines without
    them and the lines of a nested block with them: a block scalar that ends its nested block (the last value of
    a mapping or list that is not the document's own) within that many lines of the end is taken for the last
    line of the document, and gets no final line break (``Parser::isCurrentLineLastLineInDocument``). Only such
    a scalar's values are changed, and only the containers reaching that far down the file are visited."""
    taken, total = _symfony_line_count(text)
    if not taken or "\x85" in text or "\u2028" in text or "\u2029" in text:  # (line breaks to libyaml, not to PHP)
        return
    stack = [root]
    seen: set[int] = set()  # (an alias makes a node reachable twice, or from itself)
    while stack:
        container = stack.pop()
        if id(container) in seen:
            continue
        seen.add(id(container))
        children = [value for _key, value in container.value] if type(container) is MappingNode else container.value
        if not children:
            continue
        last = children[-1]
        if container is not root and type(last) is ScalarNode and last.style in ("|", ">"):
            _drop_final_break(last, text, total)
        for child in reversed(children):
            if child.end_mark.line < total:
                break  # (ends before the lines that count as the end: so do the ones before it)
            if type(child) is not ScalarNode:
                stack.append(child)


def _drop_final_break(node: ScalarNode, text: str, total: int) -> None:
    """``node`` (a block scalar ending its block) without its final line break when the line that ends it is
    counted past the document's end; a comment line ends it before that, as does the end of the file."""
    end = node.end_mark  # the start of the line after its last line (or of the file's end)
    if end.line < total or end.index >= len(text) or text[end.index:].lstrip(" ").startswith("#"):
        return
    header_at = node.start_mark.index
    while header_at < end.index and text[header_at] not in "|>":
        header_at += 1  # (past a tag)
    header = text[header_at + 1:header_at + 4]
    if "-" in header[:2] or not node.value.endswith("\n"):
        return
    keep = "+" in header[:2]
    before = text.rfind("\n", 0, end.index - 1)  # the line before the end: blank, or the scalar's last line
    blank = not text[before + 1:end.index].strip(" \r\n")
    if keep or not blank:
        node.value = node.value[:-1]


def _spaces_after_dashes(root, text: str) -> str | None:
    """``text`` with the no-break spaces (U+00A0) that start a block list's item made ordinary spaces, or None when
    there are none. Symfony YAML finds a list item with ``^-(\\s+)(.+)`` in Unicode mode: no-break spaces after the
    dash are spaces to it, taken off the item, and `-` followed by one starts an item; libyaml keeps them in the
    item (one space wide each: the positions stay). Only files with a no-break space are walked."""
    spots: list[int] = []
    stack = [root]
    seen: set[int] = set()  # (an alias makes a node reachable twice, or from itself)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        kind = type(node)
        if kind is ScalarNode:
            at = node.start_mark.index
            if not node.style and text.startswith("-\u00a0", at) and not text[text.rfind("\n", 0, at) + 1:at].strip(" "):
                spots.append(at + 1)  # `-` and a no-break space at the start of a line: a list item to Symfony
            continue
        if kind is MappingNode:
            stack.extend(value for pair in node.value for value in pair)
            continue
        for item in node.value:
            at = item.start_mark.index
            if not node.flow_style and text.startswith("\u00a0", at):
                spots.append(at)
            stack.append(item)
    if not spots:
        return None
    chars = list(text)
    for at in spots:
        while at < len(chars) and chars[at] in " \u00a0":
            chars[at] = " "
            at += 1
    return "".join(chars)


def _may_have_bare_tag(text: str) -> bool:
    """Whether ``text`` may hold a bare `!` (the non-specific tag) before a value: a `!` after a space, a line
    start or a flow indicator, and before a space or a line's end. (A search for `!` is a scan in C; a label's
    `Hello!` does not count.)"""
    at = text.find("!")
    while at >= 0:
        if text[at + 1:at + 2] in (" ", "\n", "\r", "", ",", "]", "}") and (at == 0 or text[at - 1] in " \n[{,"):
            return True
        at = text.find("!", at + 1)
    return False


def _bare_tags(root, text: str, file: str) -> list[Diagnostic]:
    """Read the values after a bare `!` as Symfony YAML does (``Inline::parseScalar`` and ``parseMapping``; libyaml
    drops the tag and reads the value as if it were not there). Followed by a comment, the comment is the value
    (text); followed by nothing, the CMS refuses the file; in a flow list a plain value after it is text as written;
    in a flow mapping a value after it is an empty array, and a key after it makes the CMS refuse the file.
    Returns the findings; the first error refuses the file."""
    found: list[Diagnostic] = []
    stack: list[tuple[Any, str]] = [(root, "block")]
    seen: set[int] = set()  # (an alias makes a node reachable twice, or from itself)
    while stack:
        node, place = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        at = node.start_mark.index
        bare = text.startswith("!", at) and text[at + 1:at + 2] in (" ", "\n", "\r", "", ",", "]", "}")
        where = Location(file, node.start_mark.line + 1, node.start_mark.column + 1)
        if bare and type(node) is ScalarNode and not node.style and node.value == "":
            line_end = text.find("\n", at)
            rest = text[at + 1:line_end if line_end >= 0 else len(text)].strip(" \r")
            if place == "block" and rest.startswith("#") and text[at + 1] == " ":
                node.value, node.style = rest, "'"  # the comment, as text
                found.append(warning("yaml-tag", f"`!` followed by a comment: the CMS's YAML parser reads the comment "
                                                 f"({rest!r}) as the value; remove the `!`, or quote the text", where))
                continue
            if rest[:1] in ("", ",", "]", "}", "#"):
                return [error("yaml-tag", "`!` without a value: the CMS's YAML parser refuses the whole file; give it a "
                                          "value or remove the `!`", where)]
        if bare and place == "flow key":
            return [error("yaml-tag", "a key after `!` in a {...} mapping: the CMS's YAML parser refuses the whole file; "
                                      "remove the `!`", where)]
        if bare and place == "flow value":
            found.append(warning("yaml-tag", "a value after `!` in a {...} mapping: the CMS's YAML parser reads it as an "
                                             "empty list; remove the `!`", where))
            continue  # (the caller empties it)
        if bare and place == "flow item" and type(node) is ScalarNode and not node.style:
            node.style = "'"  # text as written, not a number or a boolean
            continue
        if type(node) is MappingNode:
            flow = bool(node.flow_style)
            for index, (key, value) in enumerate(node.value):
                stack.append((key, "flow key" if flow else "block"))
                if flow and text.startswith("! ", value.start_mark.index):
                    node.value[index] = (key, SequenceNode(_IMPLICIT, [], value.start_mark, value.end_mark, flow_style=True))
                stack.append((value, "flow value" if flow else "block"))
        elif type(node) is SequenceNode:
            stack.extend((item, "flow item" if node.flow_style else "block") for item in node.value)
    return found


class _Refused(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class _TooDeep(Exception):
    def __init__(self, node):
        self.node = node


def _expanded_size(node, sizes: dict[int, int], depth: int = 0) -> int:
    """How many values the document has once every alias is expanded (memoised per node)."""
    known = sizes.get(id(node))
    if known is not None:
        return known
    if depth > MAX_NESTING:
        return 1
    if isinstance(node, ScalarNode):
        size = 1
    elif isinstance(node, MappingNode):
        size = 1 + sum(_expanded_size(v, sizes, depth + 1) for _, v in node.value)
    else:
        size = 1 + sum(_expanded_size(v, sizes, depth + 1) for v in node.value)
    sizes[id(node)] = size
    return size


def _has_aliases(text: str) -> bool:
    return "*" in text and "&" in text


def _tab_findings(text: str, file: str) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    if "\t" not in text:
        return found
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            found.append(error("yaml-tab", "tab character in indentation: YAML indents with spaces only",
                               Location(file, number, len(line) - len(stripped) + 1)))
    return found


def decode_yaml_bytes(raw: bytes, file: str) -> tuple[str, list[Diagnostic]]:
    """Bytes -> text; a UTF-8 BOM is dropped; bytes that are not UTF-8 are replaced and reported."""
    problems: list[Diagnostic] = []
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), problems
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        problems.append(error("yaml-encoding",
                              f"byte 0x{raw[exc.start]:02x} is not valid UTF-8 (save the file as UTF-8); "
                              f"invalid bytes are shown as U+FFFD",
                              Location(file, line, column)))
        return raw.decode("utf-8", errors="replace"), problems


#: libyaml's complaint -> (the indicator, the stand-in put in its place): Symfony YAML reads a value that
#: starts with `- ` or `? ` after `key: ` on the same line as text (with the lines it folds in), libyaml refuses it
_INDICATOR_STAND_INS = {"block sequence entries are not allowed in this context": ("-", "\ue000"),
                        "mapping keys are not allowed in this context": ("?", "\ue001")}
#: the parses a file may be given to find such values: at most this many characters parsed again in all
_INDICATOR_RETRY_BUDGET = 4_000_000
_MOST_INDICATOR_RETRIES = 32


def _indicator_as_text(exc: yaml.MarkedYAMLError, attempt: str, text: str, done: int) -> str | None:
    """``attempt`` with the indicator libyaml refused replaced by a stand-in that parses as text, when it
    follows `key:` on its line (what Symfony YAML reads as text); None otherwise or when the budget is spent."""
    swap = _INDICATOR_STAND_INS.get(exc.problem or "")
    mark = exc.problem_mark
    if swap is None or mark is None or done >= _MOST_INDICATOR_RETRIES or (done + 1) * len(text) > _INDICATOR_RETRY_BUDGET:
        return None
    index = mark.index
    if not 0 <= index < len(attempt) or attempt[index] != swap[0] or swap[1] in text:
        return None
    start = attempt.rfind("\n", 0, index) + 1
    if not attempt[start:index].rstrip(" \t").endswith(":") or attempt[index - 1] not in " \t":
        return None
    return attempt[:index] + swap[1] + attempt[index + 1:]


def _restore_indicators(value):
    """``value`` with the stand-ins of ``_indicator_as_text`` turned back into their indicators."""
    if isinstance(value, str):
        return value.replace("\ue000", "-").replace("\ue001", "?") if ("\ue000" in value or "\ue001" in value) else value
    if isinstance(value, dict):
        for key, item in value.items():
            value[key] = _restore_indicators(item)
    elif isinstance(value, list):
        for at, item in enumerate(value):
            value[at] = _restore_indicators(item)
    return value


def load_yaml_text(text: str, file: str = "<string>") -> LoadedYaml:
    """Parse one YAML document. Never raises for bad input: problems are in ``diagnostics``."""
    diagnostics = _tab_findings(text, file)
    if text.startswith("\ufeff"):
        text = text[1:]
    too_deep = nesting_problem(text, MAX_NESTING)  # before composing: libyaml's composer recurses in C
    if too_deep is not None:
        diagnostics.append(error("yaml-too-deep", f"the YAML nesting is deeper than {MAX_NESTING} levels; the file is not loaded",
                                 Location(file, *too_deep)))
        return LoadedYaml(None, diagnostics, ok=False)
    attempt = text
    as_text: list[Any] = []  # the marks of the indicators read as text
    spaces_checked = "\u00a0" not in text  # (no-break spaces after a list's dash: see _spaces_after_dashes)
    while True:
        loader = _Loader(attempt)
        try:
            node = loader.get_single_node()
            if not spaces_checked and node is not None:
                spaces_checked = True
                spaced = _spaces_after_dashes(node, attempt)
                if spaced is not None:
                    attempt = spaced
                    continue
            break
        except yaml.MarkedYAMLError as exc:
            swapped = _indicator_as_text(exc, attempt, text, len(as_text))
            if swapped is not None:
                attempt = swapped
                as_text.append(exc.problem_mark)
                continue
            mark = exc.problem_mark or exc.context_mark
            location = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file)
            problem = exc.problem or exc.context or "syntax error"
            if not any(d.code == "yaml-tab" for d in diagnostics) or "\t" not in problem:
                diagnostics.append(error("yaml-syntax", f"YAML syntax error: {problem}", location))
            return LoadedYaml(None, diagnostics, ok=False)
        except yaml.reader.ReaderError as exc:
            # libyaml reports a byte offset into the UTF-8 text and no line: turn it into line:column
            before = text.encode("utf-8")[: exc.position]
            line = before.count(b"\n") + 1
            column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
            diagnostics.append(error("yaml-syntax", f"YAML syntax error: the character U+{exc.character:04X} is not allowed "
                                                    f"in YAML ({exc.reason})", Location(file, line, column)))
            return LoadedYaml(None, diagnostics, ok=False)
        except (yaml.YAMLError, RecursionError, MemoryError) as exc:
            diagnostics.append(error("yaml-syntax", f"YAML could not be read: {exc}", Location(file)))
            return LoadedYaml(None, diagnostics, ok=False)
        finally:
            loader.dispose()
    for mark in as_text:
        list_or_key = "a list" if text[mark.index] == "-" else "an explicit key"
        diagnostics.append(warning(
            "yaml-indicator-as-text",
            f"`{text[mark.index]} ` after a key on the same line: the CMS's YAML parser reads the rest of the value as "
            f"text, not as {list_or_key} (libyaml refuses it); start the list on the next line, or quote the text",
            Location(file, mark.line + 1, mark.column + 1)))
    if node is None:
        return LoadedYaml(None, diagnostics)
    explicit = _explicit_key(attempt, file)
    if explicit is not None:
        diagnostics.append(explicit)
        return LoadedYaml(None, diagnostics, ok=False)
    if _may_have_bare_tag(attempt):
        tagged = _bare_tags(node, attempt, file)
        diagnostics.extend(tagged)
        if any(d.severity is Severity.ERROR for d in tagged):
            return LoadedYaml(None, diagnostics, ok=False)
    if text[:1] in "%#-" and ("|" in text or ">" in text):  # (a cheap look first: most files start otherwise)
        _symfony_document_end(node, attempt)
    aliases = _has_aliases(text)
    builder = _Builder(file, aliases, attempt)
    if aliases:
        try:
            total = _expanded_size(node, builder.sizes)
        except RecursionError:
            total = ALIAS_EXPANSION_LIMIT + 1
        if total > ALIAS_EXPANSION_LIMIT:
            diagnostics.append(error("yaml-alias-bomb",
                                     f"aliases expand this file to more than {ALIAS_EXPANSION_LIMIT:,} values; "
                                     f"it is not loaded (an alias bomb?)",
                                     Location(file, node.start_mark.line + 1, node.start_mark.column + 1)))
            return LoadedYaml(None, diagnostics, ok=False)
    try:
        data = builder.build(node)
    except _Refused as refused:
        diagnostics.append(refused.diagnostic)
        return LoadedYaml(None, diagnostics, ok=False)
    except (_TooDeep, RecursionError):
        diagnostics.append(error("yaml-too-deep", f"the YAML nesting is deeper than {MAX_NESTING} levels; the file is not loaded",
                                 Location(file, 1, 1)))
        return LoadedYaml(None, diagnostics, ok=False)
    if as_text:
        data = _restore_indicators(data)
    diagnostics.extend(builder.diagnostics)
    return LoadedYaml(data, diagnostics)


def load_yaml_file(path, display: str | None = None) -> LoadedYaml:
    name = display or str(path)
    try:
        raw = boundedio.read_bytes(path)
    except OSError as exc:
        return LoadedYaml(None, [error("file-unreadable", f"cannot read the file: {exc.strerror or exc}", Location(name))], ok=False)
    text, problems = decode_yaml_bytes(raw, name)
    loaded = load_yaml_text(text, name)
    loaded.diagnostics[:0] = problems
    return loaded


__all__ = ["YMap", "YList", "flat_positions", "LoadedYaml", "load_yaml_text", "load_yaml_file", "resolve_plain", "decode_yaml_bytes", "warning"]
