"""What every check rule works with: the rule registry, a per-run context and a view of one property.

A rule is a small function registered for one scope:

* ``@property_rule`` — called with ``(ctx, prop)`` for every property of every node type;
* ``@node_rule`` — called with ``(ctx, nt)`` for every node type.

Rules yield ``Diagnostic`` values made with ``ctx.at(...)``, which places the finding on the file
and line where the offending value is written (a supertype's file when it is inherited).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Iterable, Iterator

from nodetype_studio.catalogue import EditorSpec, ValidatorSpec, custom_editors, custom_validators, editor_spec
from nodetype_studio.catalogue.types import data_type
from nodetype_studio.diagnostics import Diagnostic, Location, Severity
from nodetype_studio.platform import Platform

PropertyRule = Callable[["Context", "PropertyView"], Iterable[Diagnostic]]
NodeRule = Callable[["Context", Any], Iterable[Diagnostic]]

PROPERTY_RULES: list[PropertyRule] = []
NODE_RULES: list[NodeRule] = []

CLIENT_EVAL = "ClientEval:"


def property_rule(func: PropertyRule) -> PropertyRule:
    PROPERTY_RULES.append(func)
    return func


def node_rule(func: NodeRule) -> NodeRule:
    NODE_RULES.append(func)
    return func


def is_client_eval(value: Any) -> bool:
    return isinstance(value, str) and value.lstrip().startswith(CLIENT_EVAL)


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

    @classmethod
    def for_project(cls, project: Any) -> "Context":
        platform = getattr(project, "platform", None) or Platform()
        files = frozenset(str(f.path) for f in getattr(project, "files", ()) if not getattr(f, "baseline", False))
        return cls(project, platform, files, custom_editors(), custom_validators())

    def is_user_location(self, location: Location | None) -> bool:
        return location is not None and location.file in self.user_files

    def locate(self, nt: Any, path: tuple) -> Location | None:
        """Where the value at ``path`` is written in a project file; walks up to the nearest written parent."""
        path = tuple(path)
        while path:
            location = nt.locate(path)
            if self.is_user_location(location):
                return location
            path = path[:-1]
        return None

    def at(self, nt: Any, path: tuple, severity: Severity, code: str, message: str,
           prop: str | None = None) -> Diagnostic | None:
        """A finding at the written location of ``path``; None when nothing of it is written in the project."""
        location = self.locate(nt, path)
        if location is None:
            return None
        return Diagnostic.at(location, severity, code, message, node_type=nt.name, property_name=prop)

    def editor(self, identifier: Any) -> EditorSpec | None:
        # a bare short name ("SelectBoxEditor") is not an identifier the CMS resolves
        if not isinstance(identifier, str) or "/" not in identifier:
            return self.editors.get(identifier) if isinstance(identifier, str) else None
        return editor_spec(identifier, self.platform, plugins=False) or self.editors.get(identifier)

    def validator(self, identifier: Any) -> ValidatorSpec | None:
        from nodetype_studio.catalogue import validator_spec

        if not isinstance(identifier, str) or "/" not in identifier:
            return self.validators.get(identifier) if isinstance(identifier, str) else None
        return validator_spec(identifier, self.platform, plugins=False) or self.validators.get(identifier)


@dataclass
class PropertyView:
    """One property of one node type, as written (``merged``) and as the CMS resolves it (``effective``)."""

    nt: Any
    name: str
    written: dict  # nt.merged["properties"][name]: inheritance + presets, before editor defaults
    effective: dict  # nt.effective["properties"][name]: editor and data-type defaults merged in

    @property
    def path(self) -> tuple:
        return ("properties", self.name)

    @property
    def type(self) -> Any:
        return self.written.get("type", self.effective.get("type"))

    @property
    def has_inspector(self) -> bool:
        return isinstance(get(self.written, "ui", "inspector"), dict)

    @property
    def written_editor(self) -> Any:
        return get(self.written, "ui", "inspector", "editor")

    @cached_property
    def editor_id(self) -> Any:
        """The editor the CMS shows: the written one, else the type's default."""
        written = self.written_editor
        if written is not None:
            return written
        resolved = get(self.effective, "ui", "inspector", "editor")
        if resolved is not None:
            return resolved
        dt = data_type(self.type if isinstance(self.type, str) else "string")
        return dt.editor if dt else None

    @property
    def options_path(self) -> tuple:
        return ("properties", self.name, "ui", "inspector", "editorOptions")

    @property
    def written_options(self) -> dict:
        return as_map(get(self.written, "ui", "inspector", "editorOptions"))

    @property
    def effective_options(self) -> dict:
        return as_map(get(self.effective, "ui", "inspector", "editorOptions"))

    @property
    def validation(self) -> Any:
        return self.written.get("validation")


def iter_properties(nt: Any) -> Iterator[PropertyView]:
    written = as_map(get(nt.merged, "properties"))
    effective = as_map(get(nt.effective, "properties"))
    for name, config in written.items():
        if isinstance(config, dict):
            yield PropertyView(nt, str(name), config, as_map(effective.get(name)))
