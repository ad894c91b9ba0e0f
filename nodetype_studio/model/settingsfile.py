"""One reader for the studio's own settings files, driven by a table of fields (Qt-free).

Every ``.nodetype-studio`` file (``.nodetype-studio.yaml``, ``[tool.nodetype-studio]`` in a
``pyproject.toml``, ``.nodetype-studio/settings.yaml``, ``.nodetype-studio/media.yaml``) is described
by a :class:`SettingsSpec`: a tuple of :class:`Field` rows, each a key path (``backend.timeout``),
a parser that turns the written value into the value used or raises :class:`Invalid` saying what is
expected, a default and the attribute name the caller stores it under. :func:`read_settings` reads
a file against such a table and never raises for what a file holds:

- the file is read once, at most ``MAX_BYTES + 1`` bytes of it (a pipe or device under its name is
  reported, never waited for); YAML goes through the NodeTypes loader (``load_yaml_text``: nesting
  and alias-expansion bounds), TOML through ``tomllib`` with its recursion caught;
- a file that cannot be read, a wrong shape, an unknown key (a warning naming the known keys) and a
  bad value (an error saying what is expected) each become a :class:`Diagnostic` with file, line and
  column (``YMap.key_pos`` / ``YList.item_pos``; for TOML the line of the key in its table);
- every field that is missing or bad keeps its default.
"""

from __future__ import annotations

import copy
import difflib
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from nodetype_studio import boundedio
from nodetype_studio.diagnostics import Diagnostic, Location, Severity
from nodetype_studio.model.yamlload import decode_yaml_bytes, load_yaml_text

#: The largest settings file read (bytes): settings are a few lines, anything bigger is refused.
MAX_BYTES = 1024 * 1024
#: ``(path, key)`` → position; the position of a mapping value is that of its key.
_Pos = tuple[int, int]


class Invalid(ValueError):
    """Raised by a field parser: ``expected`` says what the value must be ("an http(s) URL")."""

    def __init__(self, expected: str):
        super().__init__(expected)
        self.expected = expected


@dataclass(frozen=True)
class Field:
    """One setting: ``path`` is the dotted key path in the file, ``attr`` the caller's name for it.

    ``message`` formats a bad value (placeholders ``{path}``, ``{key}`` as written, ``{value}`` as a
    literal, ``{raw}`` as plain text, ``{expected}``); ``aliases`` are other spellings of the last key (``cms-version``)."""

    path: str
    parse: Callable[[Any], Any]
    default: Any = None
    attr: str = ""
    aliases: tuple[str, ...] = ()
    severity: Severity = Severity.ERROR
    message: str = "{path} must be {expected}, not {value}"

    @property
    def name(self) -> str:
        return self.attr or self.path.rsplit(".", 1)[-1]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self.path.split("."))


@dataclass(frozen=True)
class SettingsSpec:
    """The table of one settings file. ``display`` names the file in messages; ``others`` are key
    paths read by another table of the same file (accepted, not reported); ``invalid_code`` and
    ``unknown_code`` are the findings' codes; ``wrap_load_errors`` turns a file that cannot be read
    into one ``invalid_code`` error ("cannot read X: ...") instead of the loader's own findings."""

    display: str
    fields: tuple[Field, ...]
    invalid_code: str = "settings-invalid"
    unknown_code: str = "settings-unknown-key"
    others: tuple[str, ...] = ()
    wrap_load_errors: bool = False
    report_unknown: bool = True


@dataclass
class SettingsRead:
    """What :func:`read_settings` found: ``values[attr]`` for every field (the default where the
    file has no usable value), ``given`` the attrs the file set, and the findings."""

    file: Path | None
    values: dict[str, Any]
    given: set[str] = field(default_factory=set)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: the findings about one field's value, by attr (also in ``diagnostics``)
    field_diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)
    loaded: bool = False  # False when the file is absent or could not be read at all


def defaults(spec: SettingsSpec) -> dict[str, Any]:
    """Every field's default; a list or map default is a copy, so a caller may change it freely."""
    return {f.name: copy.copy(f.default) for f in spec.fields}


def short(value: Any, limit: int = 60) -> str:
    """A written value for a message, never longer than ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


# -- reading -----------------------------------------------------------------------------------------


def read_settings(path: Path, spec: SettingsSpec, *, toml_table: Sequence[str] | None = None) -> SettingsRead:
    """Read ``path`` (YAML, or with ``toml_table`` the TOML table at that key path) against ``spec``.

    An absent file, or a TOML file without the table, gives the defaults and no findings."""
    result = SettingsRead(None, defaults(spec))
    if not path.exists() or path.is_dir():  # (a pipe or device under the name is there, and reported)
        return result
    raw, problem = _read(path)
    if raw is None:
        _file_problem(result, spec, path, problem, Location(str(path)))
        return result
    if toml_table is None:
        data, positions, ok = _read_yaml(path, raw, spec, result)
    else:
        data, positions, ok = _read_toml(path, raw, spec, result, tuple(toml_table))
    if not ok:
        return result
    result.file = path
    result.loaded = True
    if data is None:
        return result
    _apply(data, positions, spec, path, result)
    return result


def _read(path: Path) -> tuple[bytes | None, str]:
    """(the file's bytes, "") or (None, why it is not read): at most ``MAX_BYTES + 1`` bytes are read, and
    a pipe or device is refused without waiting for it."""
    try:
        return boundedio.read_bytes(path, MAX_BYTES), ""
    except boundedio.FileTooLarge:
        return None, f"the file is larger than {MAX_BYTES // 1024} KB"
    except OSError as exc:
        return None, f"the file cannot be read: {exc.strerror or exc}"


def _file_problem(result: SettingsRead, spec: SettingsSpec, path: Path, message: str, where: Location) -> None:
    result.diagnostics.append(Diagnostic.at(where, Severity.ERROR, spec.invalid_code,
                                            f"cannot read {spec.display}: {message}"))


def _read_yaml(path: Path, raw: bytes, spec: SettingsSpec,
               result: SettingsRead) -> tuple[Any, Callable[..., _Pos], bool]:
    text, problems = decode_yaml_bytes(raw, str(path))
    loaded = load_yaml_text(text, str(path))
    loaded.diagnostics[:0] = problems
    if not loaded.ok and spec.wrap_load_errors:
        first = next((d for d in loaded.diagnostics if d.severity == Severity.ERROR), None)
        message = first.message if first is not None else "not valid YAML"
        where = first.location if first is not None else Location(str(path))
        _file_problem(result, spec, path, message, where)
    else:
        result.diagnostics.extend(loaded.diagnostics)

    def position(container: Any, key: Any) -> _Pos:
        own: _Pos = getattr(container, "pos", (0, 0))
        if isinstance(key, int):
            items: list[_Pos] = getattr(container, "item_pos", [])
            return items[key] if 0 <= key < len(items) else own
        keys: dict[Any, _Pos] = getattr(container, "key_pos", {})
        return keys.get(key, own)

    return loaded.data, position, loaded.ok


_TOML_KEY = re.compile(r"""^[ \t]*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)[ \t]*=""")
_TOML_HEADER = re.compile(r"^[ \t]*\[+[ \t]*([^\]]*?)[ \t]*\]+")


def _toml_positions(text: str, table: tuple[str, ...]) -> dict[tuple[str, ...], _Pos]:
    """Where ``[a.b]`` and the simple keys of it and of its sub-tables are written (TOML has no
    positions of its own): ``(sub-table path, key)`` and ``sub-table path`` → (line, column)."""
    found: dict[tuple[str, ...], _Pos] = {}
    inside: tuple[str, ...] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        m = _TOML_HEADER.match(line)
        if m:
            name = tuple(part.strip().strip("\"'") for part in m.group(1).split("."))
            inside = name[len(table):] if name[: len(table)] == table else None
            if inside is not None:
                found.setdefault(("[", *inside), (number, 1))
            continue
        k = _TOML_KEY.match(line) if inside is not None else None
        if k and inside is not None:
            found.setdefault((*inside, k.group(1).strip("\"'")), (number, line.index(k.group(1)) + 1))
    return found


def _table_paths(data: Any, prefix: tuple[str, ...], into: dict[int, tuple[str, ...]], depth: int = 0) -> None:
    if isinstance(data, dict) and depth < 20:
        into[id(data)] = prefix
        for key, value in data.items():
            _table_paths(value, (*prefix, str(key)), into, depth + 1)


def _read_toml(path: Path, raw: bytes, spec: SettingsSpec, result: SettingsRead,
               table: tuple[str, ...]) -> tuple[Any, Callable[..., _Pos], bool]:
    def nowhere(container: Any, key: Any) -> _Pos:
        return (0, 0)

    try:
        text = raw.decode("utf-8")
        data: Any = tomllib.loads(text)
    except RecursionError:
        _file_problem(result, spec, path, "it is nested too deeply", Location(str(path)))
        return None, nowhere, False
    except tomllib.TOMLDecodeError as exc:
        where = Location(str(path), getattr(exc, "lineno", 0) or 0, getattr(exc, "colno", 0) or 0)
        _file_problem(result, spec, path, str(exc), where)
        return None, nowhere, False
    except UnicodeDecodeError as exc:
        _file_problem(result, spec, path, str(exc), Location(str(path)))
        return None, nowhere, False
    for key in table:
        data = data.get(key) if isinstance(data, dict) else None
    if data is None:
        return None, nowhere, False  # no such table: nothing configured here
    found = _toml_positions(text, table)
    paths: dict[int, tuple[str, ...]] = {}
    _table_paths(data, (), paths)

    def position(container: Any, key: Any) -> _Pos:
        sub = paths.get(id(container), ())
        for depth in range(len(sub), -1, -1):  # the key, else its table's header or key, going up
            if depth == len(sub) and (*sub, str(key)) in found:
                return found[(*sub, str(key))]
            if ("[", *sub[:depth]) in found:
                return found[("[", *sub[:depth])]
            if depth and sub[:depth] in found:
                return found[sub[:depth]]
        return (0, 0)

    return data, position, True


# -- applying the table ------------------------------------------------------------------------------


def _apply(data: Any, position: Callable[..., _Pos], spec: SettingsSpec, path: Path, result: SettingsRead) -> None:
    file = str(path)

    def report(severity: Severity, code: str, message: str, pos: _Pos, attr: str | None = None) -> None:
        diagnostic = Diagnostic.at(Location(file, *pos), severity, code, message)
        result.diagnostics.append(diagnostic)
        if attr is not None:
            result.field_diagnostics.setdefault(attr, []).append(diagnostic)

    tree = _key_tree([f.keys for f in spec.fields] + [tuple(o.split(".")) for o in spec.others])
    broken: set[tuple[str, ...]] = set()  # maps that are not maps: their fields are not looked at again
    _check_maps(data, (), tree, position, spec, report, broken, (None, None))
    for f in spec.fields:
        container, key, written = _lookup(data, f, broken)
        if container is None or key is None or written is None:
            continue
        try:
            value = f.parse(written)
        except Invalid as bad:
            message = f.message.format(path=f.path, key=key, value=short(written), raw=short(written).strip("'\""),
                                       expected=bad.expected)
            report(f.severity, spec.invalid_code, message, position(container, key), f.name)
            continue
        result.values[f.name] = value
        result.given.add(f.name)
    result.diagnostics.sort(key=lambda d: (d.file != file, d.line, d.column))  # in the order of the file


def _key_tree(paths: list[tuple[str, ...]]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for keys in paths:
        node = tree
        for key in keys:
            node = node.setdefault(key, {})
    return tree


def _check_maps(data: Any, prefix: tuple[str, ...], tree: dict[str, Any], position: Callable[..., _Pos],
                spec: SettingsSpec, report: Callable[..., None], broken: set[tuple[str, ...]],
                at: tuple[Any, Any]) -> None:
    """Report a map that is not a map and the keys no field knows, level by level."""
    known = ", ".join(f"`{k}`" for k in tree)
    if not isinstance(data, Mapping):
        what = f"`{'.'.join(prefix)}`" if prefix else spec.display
        pos = position(*at) if prefix else (1, 1)
        report(Severity.ERROR, spec.invalid_code, f"{what} must be a map with the keys {known}, not {short(data)}", pos)
        broken.add(prefix)
        return
    aliases = {alias: f.keys[-1] for f in spec.fields if len(f.keys) == len(prefix) + 1
               and f.keys[:-1] == prefix for alias in f.aliases}
    for key, value in data.items():
        name = aliases.get(key, key)
        if name not in tree:
            if spec.report_unknown:
                whose = f" of `{'.'.join(prefix)}`" if prefix else ""
                close = difflib.get_close_matches(str(key), list(tree), n=1)
                hint = f"did you mean `{close[0]}`? " if close else ""
                report(Severity.WARNING, spec.unknown_code,
                       f"unknown key `{'.'.join((*prefix, str(key)))}` in {spec.display}; {hint}"
                       f"the known keys{whose} are {known}", position(data, key))
            continue
        if tree[name] and value is not None:  # a map of settings, not a leaf
            _check_maps(value, (*prefix, name), tree[name], position, spec, report, broken, (data, key))


def _lookup(data: Any, f: Field, broken: set[tuple[str, ...]]) -> tuple[Any, str | None, Any]:
    """(the map holding the field, the key as written, the written value); None where absent."""
    container = data
    keys = f.keys
    for depth, key in enumerate(keys[:-1]):
        if keys[: depth + 1] in broken or not isinstance(container, Mapping):
            return None, None, None
        container = container.get(key)
    if not isinstance(container, Mapping) or keys[:-1] in broken:
        return None, None, None
    for key in (keys[-1], *f.aliases):
        if container.get(key) is not None:
            return container, key, container[key]
    return None, None, None


def problem_lines(diagnostics: Sequence[Diagnostic]) -> tuple[str, ...]:
    """``file:line: message`` texts (``file: message`` without a line) for a place that shows strings."""
    return tuple(f"{d.file}:{d.line}: {d.message}" if d.file and d.line else
                 (f"{d.file}: {d.message}" if d.file else d.message) for d in diagnostics)


# -- field kinds -------------------------------------------------------------------------------------


def text(value: Any) -> str:
    """A non-empty string, stripped."""
    if isinstance(value, str) and value.strip():
        return value.strip()
    raise Invalid("a non-empty string")


def http_url(value: Any) -> str:
    """An absolute http or https URL."""
    if isinstance(value, str) and value.strip():
        try:
            parts = urlsplit(value.strip())
        except ValueError:
            parts = None
        if parts is not None and parts.scheme in ("http", "https") and parts.netloc:
            return value.strip()
    raise Invalid("an http(s) URL")


def number(above: float, at_most: float, unit: str = "") -> Callable[[Any], float]:
    """A number in (above, at_most]; booleans, infinities and NaN are refused."""
    expected = f"a number{' of ' + unit if unit else ''} above {above:g} and at most {at_most:g}"

    def parse(value: Any) -> float:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and above < value <= at_most:
            return float(value)
        raise Invalid(expected)
    return parse


_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?i?b?)\s*$", re.IGNORECASE)
_SIZE_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1024**2, "mb": 1024**2, "mib": 1024**2,
               "g": 1024**3, "gb": 1024**3, "gib": 1024**3}


def parse_size(value: Any) -> int | None:
    """Bytes from ``1000``, ``'512 KB'``, ``'2MB'``, ``'1.5k'``; None for anything else or not above 0."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str):
        m = _SIZE_RE.match(value)
        if m and m.group(2).lower() in _SIZE_UNITS:
            size = int(float(m.group(1)) * _SIZE_UNITS[m.group(2).lower()])
            return size if size > 0 else None
    return None


def byte_size(value: Any) -> int:
    size = parse_size(value)
    if size is None:
        raise Invalid("a size such as 2MB")
    return size


def string_map(value: Any) -> tuple[tuple[str, str], ...]:
    """A map of names to strings (numbers are written as they read), as (name, text) pairs."""
    if isinstance(value, Mapping) and all(isinstance(v, (str, int)) and not isinstance(v, bool)
                                          for v in value.values()):
        return tuple((str(k), str(v)) for k, v in value.items())
    raise Invalid("a map of header names to strings")


def split_codes(value: Any) -> list[str]:
    """`a,b` / `[a, b]` / None -> ["a", "b"]; blanks dropped."""
    if value is None:
        return []
    items = value if isinstance(value, (list, tuple)) else [value]
    return [part.strip() for item in items for part in str(item).split(",") if part.strip()]


def codes(value: Any) -> list[str]:
    """A list, or a comma-separated string, of finding codes or code prefixes."""
    if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, (str, int, float)) and
                                                                  not isinstance(v, bool) for v in value)):
        return split_codes(value)
    raise Invalid("a list or a comma-separated string of codes")


@dataclass(frozen=True)
class Record:
    """One item of a :func:`records` list: its text values, its position, and ``problem`` (what the
    item lacks, "" when it is usable)."""

    values: dict[str, str]
    line: int
    column: int
    problem: str = ""
    unknown: tuple[str, ...] = ()  # keys of the item no field knows


def records(keys: Sequence[str], required: str) -> Callable[[Any], list[Record]]:
    """A list of maps with the string ``keys``, ``required`` a non-empty string. Every item becomes a
    :class:`Record`; an unusable one carries its ``problem``, so the caller reports it at the item's
    line and goes on with the others."""
    expected = "a list of maps with " + ", ".join(f"`{k}`" for k in keys)

    def parse(value: Any) -> list[Record]:
        if not isinstance(value, list):
            raise Invalid(expected)
        items: list[Record] = []
        positions = getattr(value, "item_pos", [])
        for index, item in enumerate(value):
            line, column = positions[index] if index < len(positions) else (0, 0)
            if not isinstance(item, Mapping) or not isinstance(item.get(required), str) or not item[required].strip():
                items.append(Record({}, line, column, f"an item needs a `{required}`"))
                continue
            found = {k: str(item[k]) for k in keys if item.get(k) is not None and not isinstance(item[k], (dict, list))}
            items.append(Record(found, line, column, unknown=tuple(str(k) for k in item if k not in keys)))
        return items
    return parse
