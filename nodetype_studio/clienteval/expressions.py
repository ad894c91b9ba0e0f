"""Where ClientEval strings sit in a node type's configuration, and whether the CMS evaluates them.

The inspector evaluates the parts of its assembled view configuration (facts §5.7, §6): tab and
group entries (not ``position``, and not a group's ``tab``, which placed the group before
evaluation), view items (``label``, ``view``, ``viewOptions``, ``helpMessage``) and property and
reference items (``ui.label``, ``ui.inspector.editor``, ``editorOptions`` at any depth,
``ui.inspector.hidden``, ``ui.help.message``/``thumbnail``). The creation dialog evaluates every
key of its elements but uses the result only for their ``ui``. Everything else (validation, ``ui.inline.editorOptions``, positions,
node-level keys) is passed on as the literal string.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

from nodetype_studio.js.values import CLIENT_EVAL_PREFIX as PREFIX
from nodetype_studio.js.values import client_eval_expression, is_client_eval

__all__ = ["PREFIX", "is_client_eval", "client_eval_expression", "MAX_EXPRESSION_CHARS", "too_long"]

#: Longer expressions are neither compiled, analysed nor run (a finding or a problem says so). Real
#: ones are short: the longest of the shared corpus has under 300 characters.
MAX_EXPRESSION_CHARS = 10_000


def too_long(expression: str) -> str | None:
    """Why ``expression`` is not handled (too long), else None."""
    if len(expression) <= MAX_EXPRESSION_CHARS:
        return None
    return (f"the expression is {len(expression):,} characters long; expressions over "
            f"{MAX_EXPRESSION_CHARS:,} characters are not evaluated")

Path = tuple  # keys and list indices into the configuration

# (container path, keys of each entry that are evaluated (None = all), keys that are never evaluated)
ELEMENT_RULES: tuple[tuple[tuple[str, ...], frozenset | None, frozenset], ...] = (
    (("ui", "inspector", "tabs"), None, frozenset({"position"})),
    (("ui", "inspector", "groups"), None, frozenset({"position", "tab"})),
    (("ui", "inspector", "views"), frozenset({"label", "view", "viewOptions", "helpMessage"}), frozenset()),
    # the dialog evaluates whole elements, but uses the result only for `ui`: it validates with the
    # unevaluated `validation` and starts from the unevaluated `defaultValue` (NodeCreationDialog)
    (("ui", "creationDialog", "elements"), frozenset({"ui"}), frozenset()),
)
#: Parts of each property (and 9.0 reference) that the inspector evaluates (all below ``ui``).
ITEM_PARTS: tuple[tuple[str, ...], ...] = (
    ("ui", "label"),
    ("ui", "inspector", "editor"),
    ("ui", "inspector", "editorOptions"),
    ("ui", "inspector", "hidden"),
    ("ui", "help", "message"),
    ("ui", "help", "thumbnail"),
)
ITEM_CONTAINERS = ("properties", "references")

# Why a ClientEval string elsewhere stays literal: the first matching path prefix wins. "warning"
# where the CMS certainly uses the literal text; "info" where a UI plugin might read the value.
_POSITION = "positions are sorted before evaluation, so it has no effect on the order"
_OPTIONS = "options are not evaluated by the CMS; only a UI plugin reading them could evaluate it"
NOT_EVALUATED_REASONS: tuple[tuple[tuple, str, str], ...] = (
    (("properties", "*", "validation"), "warning", "validator options are not evaluated; the validator receives the literal string"),
    (("references", "*", "validation"), "warning", "validator options are not evaluated; the validator receives the literal string"),
    (("properties", "*", "ui", "inline"), "warning", "inline editor options are not evaluated"),
    (("properties", "*", "ui", "inspector", "position"), "warning", _POSITION),
    (("properties", "*", "ui", "inspector", "group"), "warning", "properties are placed in groups before evaluation"),
    (("ui", "inspector", "tabs", "*", "position"), "warning", _POSITION),
    (("ui", "inspector", "groups", "*", "position"), "warning", _POSITION),
    (("ui", "inspector", "groups", "*", "tab"), "warning", "groups are placed in tabs before evaluation"),
    (("ui", "inspector", "views", "*", "group"), "warning", "views are placed in groups before evaluation"),
    (("ui", "inspector", "views", "*", "position"), "warning", _POSITION),
    (("properties", "*", "defaultValue"), "warning", "default values are applied on the server, which never evaluates ClientEval"),
    (("ui", "creationDialog", "elements", "*", "validation"), "warning",
     "the creation dialog validates with the unevaluated options; the validator receives the literal string"),
    (("ui", "creationDialog", "elements", "*", "defaultValue"), "warning",
     "the creation dialog starts from the unevaluated default value, the literal string"),
    (("ui", "creationDialog", "elements", "*"), "warning",
     "the creation dialog uses only the evaluated `ui` of an element (label, editor, options, help, hidden)"),
    (("properties", "*", "options"), "info", _OPTIONS),
    (("options",), "info", _OPTIONS),
    (("properties", "*"), "warning", "only the inspector parts of a property (label, editor, editorOptions, hidden, help) are evaluated"),
    (("references", "*"), "warning", "only the inspector parts of a reference (label, editor, editorOptions, hidden, help) are evaluated"),
    ((), "warning", "only the inspector and creation dialog configuration is evaluated in the browser"),
)




def walk_strings(value, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """Every ClientEval string below ``value`` (maps and lists at any depth)."""
    found: list[tuple[Path, str]] = []
    if _may_hold_client_eval(value):
        _collect(value, path, found)
    return iter(found)


def _may_hold_client_eval(value) -> bool:
    """False only when no string below ``value`` can hold ``ClientEval:``: its JSON text (made by the C
    encoder, which goes through the whole value at once; most node types have no expression at all)
    does not contain the prefix, which JSON writes as it is. Anything JSON cannot write (another kind
    of object, a cycle, too deep) says True: the value is then walked as before."""
    try:
        return PREFIX in json.dumps(value, ensure_ascii=False, check_circular=False)
    except (TypeError, ValueError, RecursionError):
        return True


def _collect(value, path: Path, found: list) -> None:
    # Called for every value of every inspector part of every node type shown: strings and dicts
    # (what the model gives) are tested first, the abstract Mapping check only for anything else.
    if isinstance(value, str):
        if value.startswith(PREFIX):
            found.append((path, value))
    elif isinstance(value, dict) or isinstance(value, Mapping):
        for key, child in value.items():
            _collect(child, path + (key,), found)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            _collect(child, path + (index,), found)


def _get(config, path: tuple):
    current = config
    for key in path:
        if current is None or not (isinstance(current, dict) or isinstance(current, Mapping)):
            return None
        current = current.get(key)
    return current


def find_expressions(config: Mapping) -> list[tuple[Path, str]]:
    """(path, expression) of every ClientEval string the CMS evaluates in a node type's config.

    ``config`` is a node type's effective configuration; paths index into it, as ``nt.locate``.
    """
    found: list[tuple[Path, str]] = []
    for path, value in evaluated_strings(config):
        found.append((path, client_eval_expression(value)))
    return found


def evaluated_strings(config: Mapping) -> Iterator[tuple[Path, str]]:
    """(path, full ClientEval string) for every place the CMS evaluates."""
    if not isinstance(config, Mapping) or not _may_hold_client_eval(config):
        return
    yield from _evaluated(config)


def _evaluated(config: Mapping) -> list[tuple[Path, str]]:
    """``evaluated_strings`` without the test for the prefix (its caller made it)."""
    found: list[tuple[Path, str]] = []
    for container, only, never in ELEMENT_RULES:
        entries = _get(config, container)
        if not _is_mapping(entries):
            continue
        for entry_id, entry in entries.items():
            if not _is_mapping(entry):
                continue
            for key, value in entry.items():
                if key in never or (only is not None and key not in only):
                    continue
                _collect(value, container + (entry_id, key), found)
    for item_container in ITEM_CONTAINERS:
        items = config.get(item_container)
        if items is None or not _is_mapping(items):
            continue
        for name, item in items.items():
            ui = item.get("ui") if _is_mapping(item) else None
            if ui is None or not _is_mapping(ui):  # every item part is below `ui`
                continue
            for part in ITEM_PARTS:
                value = _get(ui, part[1:])
                if value is not None:
                    _collect(value, (item_container, name) + part, found)
    return found


def _is_mapping(value) -> bool:
    return isinstance(value, dict) or isinstance(value, Mapping)


def _matches(pattern: tuple, path: tuple) -> bool:
    return len(path) >= len(pattern) and all(p == "*" or p == k for p, k in zip(pattern, path))


def not_evaluated_reason(path: Path) -> tuple[str, str]:
    """(severity, reason) for a ClientEval string at ``path`` that the CMS does not evaluate."""
    for pattern, severity, reason in NOT_EVALUATED_REASONS:
        if _matches(pattern, path):
            return severity, reason
    return NOT_EVALUATED_REASONS[-1][1:]


Classified = list[tuple[Path, str, tuple[str, str] | None]]


class ClassifyMemo:
    """What ``classify_all`` remembers over one check run: each part of a configuration it classified, by
    ``id`` (the path it was at, its strings), and the parts themselves, kept alive in one list so that no
    other object takes their id meanwhile (the entries hold no object the garbage collector would have to
    go through)."""

    __slots__ = ("parts", "held")

    def __init__(self) -> None:
        self.parts: dict[int, tuple[Path, tuple]] = {}
        self.held: list = []


def classify_all(config: Mapping, memo: ClassifyMemo | None = None) -> Classified:
    """Every ClientEval string in ``config``: (path, full string, None if evaluated else
    (severity, why not)).

    ``memo``: kept by the caller while the configurations it passes are not changed (one check run), to
    classify a part shared by several configurations once. Node types share what they inherit: a property
    or a table of groups that a type does not change is the same object in its subtypes' configurations
    (merged values are never changed in place)."""
    if memo is None or not isinstance(config, Mapping):
        return _classify(config)
    parts = memo.parts
    found: Classified = []
    unseen = []
    for path, value in _parts(config):
        known = parts.get(id(value))
        if known is not None and known[0] == path:
            found += known[1]
        elif _may_hold(value):
            unseen.append((path, value))
    # most parts hold no expression: one look at the encoder's text for all the parts not seen before
    empty = not unseen or not _may_hold_client_eval([value for _path, value in unseen])
    for path, value in unseen:
        parts[id(value)] = (path, () if empty else tuple(_classify(_nested(path, value))))
        memo.held.append(value)
    if empty:
        return found
    found = []  # in the configuration's order
    for path, value in _parts(config):
        known = parts.get(id(value))
        if known is not None and known[0] == path:
            found += known[1]
        elif _may_hold(value):  # (the same object at two paths of this configuration)
            found += _classify(_nested(path, value))
    return found


def _may_hold(value) -> bool:
    """Whether ``value`` is or may hold a ClientEval string (other scalars do not)."""
    if isinstance(value, str):
        return value.startswith(PREFIX)
    return isinstance(value, (dict, list)) or isinstance(value, Mapping)


#: where ``classify_all`` splits a configuration into parts (maps only): types share most of what is below
#: (a property, a table of groups), not these maps, which merging makes anew for every type that adds to them
_SPLIT = frozenset({("ui",), ("ui", "inspector"), *((container,) for container in ITEM_CONTAINERS)})


def _parts(config: Mapping, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """The parts of ``config`` that ``classify_all`` classifies apart, in its order: the values below the
    maps of ``_SPLIT`` (each property and reference, each table of the inspector...) and every other
    top-level value. Where a string below a part is evaluated depends only on its path and the containers
    from the part down (see ``evaluated_strings``), so classifying ``{path: part}`` gives the part's share of
    ``classify_all(config)``."""
    for key, value in config.items():
        here = path + (key,)
        if here in _SPLIT and _is_mapping(value):
            yield from _parts(value, here)
        else:
            yield here, value


def _nested(path: Path, value) -> dict:
    for key in reversed(path):
        value = {key: value}
    return value


def _classify(config) -> Classified:
    if not _may_hold_client_eval(config):  # (once for both walks)
        return []
    evaluated = {path for path, _ in _evaluated(config)} if isinstance(config, Mapping) else set()
    found: list[tuple[Path, str]] = []
    _collect(config, (), found)
    return [(path, value, None if path in evaluated else not_evaluated_reason(path)) for path, value in found]


def path_text(path: Path) -> str:
    return ".".join(str(k) for k in path)
