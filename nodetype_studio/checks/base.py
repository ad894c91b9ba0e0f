"""What every check rule works with: the rule registry, a per-run context and a view of one property.

A rule is a small function registered for one scope:

* ``@property_rule`` — called with ``(ctx, prop)`` for every property of every node type;
* ``@node_rule`` — called with ``(ctx, nt)`` for every node type.

Rules yield ``Diagnostic`` values made with ``ctx.at(...)``, which places the finding on the file
and line where the offending value is written (a supertype's file when it is inherited).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from nodetype_studio.catalogue import (
    EditorSpec,
    ValidatorSpec,
    custom_editors,
    editor_spec,
    suggest,
    validator_spec,
)
from nodetype_studio.catalogue.neos9 import REMOVED_TYPES
from nodetype_studio.diagnostics import Diagnostic, Location, Severity
from nodetype_studio.js.values import is_client_eval  # noqa: F401 (the checks read it from here)
from nodetype_studio.js.values import truthy as js_truthy
from nodetype_studio.model.prefix import Platform
from nodetype_studio.validation import registered_validators

PropertyRule = Callable[["Context", "PropertyView"], Iterable[Diagnostic]]
NodeRule = Callable[["Context", Any], Iterable[Diagnostic]]

PROPERTY_RULES: list[PropertyRule] = []
NODE_RULES: list[NodeRule] = []
#: Rules about how inherited pieces combine (groups, tabs, required options, positions, fit of editor
#: and type). They run on concrete node types only: an abstract mixin is completed by its users.
COMBINED: set = set()

_PLATFORM_CLASSES = ("Neos\\Neos\\", "TYPO3\\Neos\\", "Cms\\Cms\\")


def _rule_decorator(registry: list):
    def decorator(func=None, *, combined: bool = False):
        def register(rule):
            registry.append(rule)
            if combined:
                COMBINED.add(rule)
            return rule
        return register(func) if func is not None else register
    return decorator


#: ``@property_rule`` / ``@property_rule(combined=True)``: register a rule run for every property.
property_rule = _rule_decorator(PROPERTY_RULES)
#: ``@node_rule`` / ``@node_rule(combined=True)``: register a rule run for every node type.
node_rule = _rule_decorator(NODE_RULES)


def is_bare_name(identifier: str) -> bool:
    """`SelectBoxEditor` / `regularExpression`: no vendor namespace, so not a custom identifier either."""
    return not any(c in identifier for c in "/.:\\")


def closest_name(name: str, names: list[str], suffix: str) -> str | None:
    """The closest of ``names`` comparing stems (`Phone` vs `Count`): a shared suffix makes all look alike."""
    stems = {n.removesuffix(suffix): n for n in names}
    stem = suggest(name.removesuffix(suffix), list(stems))
    return stems[stem] if stem else None


def undefined_type(project: Any, name: str) -> tuple[bool, str]:
    """About a node type name the project does not define: whether the opened folder should define it (its
    package is opened, or it is the platform's), and a hint to add to the finding ("did you mean", or that
    its package may be outside the folder)."""
    platform = getattr(project, "platform", None) or Platform()
    removed = _removed_in_9(project, platform, name)
    if removed is not None:  # an 8.3 platform type: no "did you mean" for it (platform facts §7.1)
        return True, f" (9.x removed it: {removed})"
    opened = project.kind != "file" and name.split(":")[0] in project.package_names
    known = opened or platform.normalize_name(name).value.startswith(platform.package + ":")
    closest = suggest(name, list(project.node_types))
    hints = [f"did you mean `{closest}`?"] if closest else []
    if not known:
        hints.append("is the package that defines it part of the opened folder?")
    return known, f" ({' '.join(hints)})" if hints else ""


def _removed_in_9(project: Any, platform: Platform, name: str) -> str | None:
    """What became of ``name`` when it is a platform type that 9.x removed and the project is checked under 9.x."""
    version = getattr(getattr(project, "cms_version", None), "version", None)
    if getattr(version, "value", version) != "9":
        return None
    normalized = platform.normalize_name(name).value
    return next((why for removed, why in REMOVED_TYPES.items() if platform.normalize_name(removed).value == normalized),
                None)


def get(data: Any, *path: Any, default: Any = None) -> Any:
    """``data[p0][p1]...`` through dicts, or ``default`` when any step is missing."""
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return default
        data = data[key]
    return data


def number(value: Any) -> float | None:
    """A number, or a numeric string read as one (as the browser does); None otherwise."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def always_hidden(inspector: Any) -> bool:
    """True when a ``ui.inspector`` block hides its item whatever the node's values: the UI hides an item
    whose ``hidden`` is truthy in JavaScript (``1``, ``'false'``, any non-empty string), and a
    ``ClientEval:`` value is decided by the values at run time (facts §5.7 step 4, §5.9)."""
    hidden = inspector.get("hidden") if isinstance(inspector, dict) else None
    return js_truthy(hidden) and not is_client_eval(hidden)


def fmt_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def as_map(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


@dataclass
class Context:
    """One check run over a project."""

    project: Any
    platform: Platform
    user_files: frozenset[str]
    editors: dict[str, EditorSpec] = field(default_factory=dict)
    validators: dict[str, ValidatorSpec] = field(default_factory=dict)
    _editor_cache: dict = field(default_factory=dict, repr=False)
    _validator_cache: dict = field(default_factory=dict, repr=False)
    _run_memo: dict = field(default_factory=dict, repr=False)
    _run_held: list = field(default_factory=list, repr=False)
    #: node types whose findings read files other than the project's NodeTypes and Settings (data-source
    #: fixtures): the incremental checks check them again after every edit
    disk_reads: set = field(default_factory=set, repr=False)

    @classmethod
    def for_project(cls, project: Any) -> "Context":
        platform = getattr(project, "platform", None) or Platform()
        sources = list(getattr(project, "files", ())) + list(getattr(project, "settings_files", ()))
        files = frozenset(str(f.path) for f in sources if not getattr(f, "baseline", False))
        return cls(project, platform, files, custom_editors(), plugin_validators(platform))

    def is_user_location(self, location: Location | None) -> bool:
        return location is not None and location.file in self.user_files

    def locate(self, nt: Any, path: tuple, nearest: bool = False) -> Location | None:
        """Where the value at ``path`` is written in a project file; with ``nearest``, the nearest
        written parent when the value itself is not written (a missing option: its options map)."""
        path = tuple(path)
        while path:
            location = self._written_at(nt, path)
            if location is None and _from_preset(nt, path):
                location = nt.locate(path)  # preset values live in Settings files: the model's provenance
            if self.is_user_location(location):
                return location
            if not nearest:
                return None
            path = path[:-1]
        return None

    def _written_at(self, nt: Any, path: tuple) -> Location | None:
        """The last node type fragment (in merge order) that writes ``path``: the common case, found
        without building the model's provenance layers (which cost more than the whole check)."""
        nodes = getattr(self.project, "node_types", {})
        chain = [nt] + [nodes[a] for a in reversed(getattr(nt, "ancestors", ())) if a in nodes]
        for owner in chain:
            for fragment in reversed(getattr(owner, "fragments", ())):
                if str(fragment.file.path) not in self.user_files:
                    continue
                position = _position_in(fragment.config, path)
                if position is not None:
                    return Location(str(fragment.file.path), *position)
        return None

    def at(self, nt: Any, path: tuple, severity: Severity, code: str, message: str,
           prop: str | None = None, nearest: bool = False) -> Diagnostic | None:
        """A finding at the written location of ``path`` (or its nearest written parent with ``nearest``);
        None when it is not written in the project (platform defaults are not the user's to fix)."""
        location = self.locate(nt, path, nearest)
        if location is None:
            return None
        return Diagnostic.at(location, severity, code, message, node_type=nt.name, property_name=prop)

    def remembered(self, key: tuple, holds: tuple, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered for the run under ``key``, which names objects by their ``id``: for an
        answer that depends on nothing but objects node types share (the project's values are not changed
        during a run). The context keeps the objects of ``holds`` alive, so that no other takes their id
        meanwhile (in one list: no container per answer for the garbage collector to go through)."""
        try:
            return self._run_memo[key]
        except KeyError:
            value = self._run_memo[key] = compute()
            self._run_held.extend(holds)
            return value

    def custom_postprocessors(self, nt: Any) -> tuple[str, ...]:
        """Postprocessor classes of ``nt`` that are not the platform's own (they may rewrite options);
        remembered for the run (every property of ``nt`` asks)."""
        return self.remembered(("postprocessors", id(nt)), (nt,), lambda: tuple(_custom_postprocessors(nt)))

    def editor(self, identifier: Any) -> EditorSpec | None:
        try:  # the hot path: every property asks, most for the same few identifiers
            return self._editor_cache[identifier]
        except (KeyError, TypeError):
            return self._find(identifier, self._editor_cache, _builtin_editor, self.editors)

    def validator(self, identifier: Any) -> ValidatorSpec | None:
        try:
            return self._validator_cache[identifier]
        except (KeyError, TypeError):
            return self._find(identifier, self._validator_cache, validator_spec, self.validators)

    def _find(self, identifier: Any, cache: dict, builtin: Callable, registered: dict):
        """A built-in (any spelling) or plugin entry, remembered for the run."""
        if not isinstance(identifier, str):
            return None
        # a bare short name ("SelectBoxEditor") is not an identifier the CMS resolves
        found = builtin(identifier, self.platform) if "/" in identifier else None
        cache[identifier] = found = found or registered.get(identifier)
        return found


def _custom_postprocessors(nt: Any) -> Iterator[str]:
    table = get(nt.effective, "postprocessors")
    for entry in table if isinstance(table, list) else as_map(table).values():  # (a list runs as a map does)
        cls = get(entry, "postprocessor")
        if isinstance(cls, str) and not cls.lstrip("\\").startswith(_PLATFORM_CLASSES):
            yield cls


def _builtin_editor(identifier: str, platform: Platform) -> EditorSpec | None:
    return editor_spec(identifier, platform, plugins=False)


def plugin_validators(platform: Platform) -> dict[str, ValidatorSpec]:
    """Validators registered by plugins, by identifier: the validation registry is the one source."""
    return {v.identifier: v.spec for v in registered_validators(platform).values() if v.origin != "built-in"}


def _from_preset(nt: Any, path: tuple) -> bool:
    """Only presets (`options.preset`, merged from Settings) write property values outside NodeTypes files."""
    return len(path) >= 2 and path[0] == "properties" and get(nt.merged, "properties", path[1], "options", "preset") is not None


def _position_in(data: Any, path: tuple) -> tuple[int, int] | None:
    """Line and column of the key (or list item) at ``path`` inside one parsed fragment."""
    if not path:
        return None
    parent = None
    for key in path:
        parent = data
        if isinstance(data, dict) and key in data:
            data = data[key]
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    # only the last container's positions are asked for: a parsed map makes its table of positions when
    # first asked (``YMap.key_pos``), and most maps on the way (a fragment's ``properties``) are never needed
    key = path[-1]
    if isinstance(parent, dict):
        return getattr(parent, "key_pos", {}).get(key)
    items = getattr(parent, "item_pos", [])
    return items[key] if key < len(items) else None


class PropertyView:
    """One property of one node type, as written (``merged``) and as the CMS resolves it (``effective``).

    ``written`` is ``nt.merged["properties"][name]`` (inheritance + presets, before editor defaults),
    ``effective`` is ``nt.preview["properties"][name]``: the CMS's configuration (editor and data-type
    defaults merged in), with the default editors the studio adds where the CMS runs no editor
    post-processor (a mixin outside ``Neos.Neos:Node``), so a mixin's options are checked against its editor.
    The derived values are computed once here: every rule reads them.
    """

    __slots__ = ("nt", "name", "written", "effective", "path", "type", "has_inspector", "written_editor",
                 "editor_id", "options_path", "written_options", "effective_options", "validation")

    def __init__(self, nt: Any, name: str, written: dict, effective: dict):
        self.nt, self.name, self.written, self.effective = nt, name, written, effective
        self.path = ("properties", name)
        self.options_path = ("properties", name, "ui", "inspector", "editorOptions")
        self.type = written.get("type", effective.get("type"))
        inspector = get(written, "ui", "inspector")
        self.has_inspector = isinstance(inspector, dict)
        self.written_editor = inspector.get("editor") if self.has_inspector else None
        resolved = get(effective, "ui", "inspector")
        resolved = resolved if isinstance(resolved, dict) else {}
        # the editor the CMS shows: the written one, else the type's default as the model resolved it
        # (catalogue or project dataTypes); None: no editor at all
        self.editor_id = self.written_editor if self.written_editor is not None else resolved.get("editor")
        self.written_options = as_map(inspector.get("editorOptions")) if self.has_inspector else {}
        self.effective_options = as_map(resolved.get("editorOptions"))
        self.validation = written.get("validation")


def iter_properties(nt: Any, only: set | None = None) -> Iterator[PropertyView]:
    """The properties of ``nt`` (with ``only``: just those names)."""
    for name, written, effective in property_configs(nt):
        if only is None or name in only:
            yield PropertyView(nt, str(name), written, effective)


def property_configs(nt: Any) -> Iterator[tuple[Any, dict, dict]]:
    """(name as written, ``written``, ``effective``) of each property ``iter_properties`` views: for a rule
    that reads no more than that (``PropertyView`` works out everything the property rules read)."""
    written = as_map(get(nt.merged, "properties"))
    effective = as_map(get(getattr(nt, "preview", nt.effective), "properties"))
    for name, config in written.items():
        if isinstance(config, dict):
            yield name, config, as_map(effective.get(name))


def own_property_names(nt: Any) -> set[str] | None:
    """Names of the properties the project's files write for ``nt`` itself (None: unknown, a fake)."""
    fragments = getattr(nt, "fragments", None)
    if fragments is None:
        return None
    names: set[str] = set()
    for fragment in fragments:
        props = fragment.config.get("properties") if isinstance(fragment.config, dict) else None
        if isinstance(props, dict) and not getattr(fragment.file, "baseline", False):
            names.update(str(n) for n in props)
    return names
