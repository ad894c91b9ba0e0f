"""Where a node type is used: its subtypes, and the definitions that name it (Qt-free).

A node type is named by another one's own definition (as its files spell it) in four places:
``superTypes``, ``constraints.nodeTypes``, ``childNodes.<name>.type`` and
``childNodes.<name>.constraints.nodeTypes``, and a property's ``ui.inspector.editorOptions.nodeTypes``
(reference, references and link editors). Names are compared after the platform's spelling rules,
so ``Cms.Cms:Content`` and ``TYPO3.Neos:Content`` find ``Neos.Neos:Content`` too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nodetype_studio.diagnostics import Location
from nodetype_studio.studio.owndefinition import own_config

SUPERTYPE, CONSTRAINT, CHILD_NODE, CHILD_CONSTRAINT, EDITOR_OPTION = (
    "supertype", "constraint", "child node", "child node constraint", "editor option")

#: a node type name as written in YAML (``Vendor.Package:Part.Name``)
NAME_PATTERN = re.compile(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*:[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*")


@dataclass(frozen=True, slots=True)
class Usage:
    """``node_type`` names the type at ``path`` of its own definition (``kind`` says how)."""

    node_type: str
    kind: str
    path: tuple
    location: Location | None
    #: False: a constraint that forbids it, or a supertype switched off; None: a constraint that is neither
    #: true nor false, which the content repository does not count (``~`` takes back an inherited rule)
    allowed: bool | None = True

    def describe(self) -> str:
        where = ".".join(str(part) for part in self.path)
        if self.kind == SUPERTYPE:
            return "inherits from it" if self.allowed else "switches it off as a supertype"
        ignored = "without a rule (neither true nor false: the CMS ignores the entry)"
        if self.kind == CONSTRAINT:
            if self.allowed is None:
                return f"names it in its constraints {ignored} ({where})"
            return f"{'allows' if self.allowed else 'forbids'} it as a child ({where})"
        if self.kind == CHILD_NODE:
            return f"has an auto-created child node of this type ({where})"
        if self.kind == CHILD_CONSTRAINT:
            if self.allowed is None:
                return f"names it in the constraints of child node `{self.path[1]}` {ignored} ({where})"
            return f"{'allows' if self.allowed else 'forbids'} it in child node `{self.path[1]}` ({where})"
        return f"offers it in the editor of property `{self.path[1]}` ({where})"


def subtypes(project, name: str, *, transitive: bool = False) -> list[str]:
    """The node types that declare ``name`` a supertype (``transitive``: that inherit from it at all)."""
    target = _normal(project, name)
    found = []
    for node_type in project.node_types.values():
        if node_type.name == target:
            continue
        parents = node_type.ancestors if transitive else node_type.declared_supertypes
        if target in parents:
            found.append(node_type.name)
    return sorted(found)


def usages(project, name: str, *, include_platform: bool = False) -> list[Usage]:
    """Every place where another node type's own definition names ``name``, by using type and path."""
    target = _normal(project, name)
    found: list[Usage] = []
    for node_type in sorted(project.node_types.values(), key=lambda nt: nt.name):
        if node_type.from_baseline and not include_platform:
            continue
        for kind, path, allowed in _names_in(own_config(node_type), project, target):
            location = node_type.location_of_key(path)
            found.append(Usage(node_type.name, kind, path, location, allowed))
    return found


def _names_in(config: dict, project, target: str):
    """(kind, path, allowed) for each place of ``config`` that names ``target``."""
    supertypes = config.get("superTypes")
    if isinstance(supertypes, dict):
        for key, on in supertypes.items():
            if _named(project, key, target):
                yield SUPERTYPE, ("superTypes", key), on is not False and on is not None
    elif isinstance(supertypes, list):  # the old list form
        for index, key in enumerate(supertypes):
            if _named(project, key, target):
                yield SUPERTYPE, ("superTypes", index), True
    yield from _constraints(config.get("constraints"), ("constraints",), CONSTRAINT, project, target)
    children = config.get("childNodes")
    if isinstance(children, dict):
        for child, child_config in children.items():
            if not isinstance(child_config, dict):
                continue
            if _named(project, child_config.get("type"), target):
                yield CHILD_NODE, ("childNodes", child, "type"), True
            yield from _constraints(child_config.get("constraints"), ("childNodes", child, "constraints"),
                                    CHILD_CONSTRAINT, project, target)
    properties = config.get("properties")
    if isinstance(properties, dict):
        for prop, prop_config in properties.items():
            path = ("properties", prop, "ui", "inspector", "editorOptions", "nodeTypes")
            listed = _get(prop_config, path[2:])
            if isinstance(listed, list):
                for index, value in enumerate(listed):
                    if _named(project, value, target):
                        yield EDITOR_OPTION, path + (index,), True
            elif isinstance(listed, str) and _named(project, listed, target):
                yield EDITOR_OPTION, path, True


def _constraints(constraints: Any, path: tuple, kind: str, project, target: str):
    node_types = constraints.get("nodeTypes") if isinstance(constraints, dict) else None
    if isinstance(node_types, dict):
        for key, on in node_types.items():
            if _named(project, key, target):
                # only true and false are rules (ConstraintCheck: `=== true` / `=== false`)
                yield kind, path + ("nodeTypes", key), on if isinstance(on, bool) else None


def _get(value: Any, path: tuple) -> Any:
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _named(project, value: Any, target: str) -> bool:
    return isinstance(value, str) and _normal(project, value) == target


def _normal(project, name: str) -> str:
    return project.platform.normalize_name(name).value


def name_at(text: str, column: int) -> str | None:
    """The node type name written in ``text`` (one line) around ``column`` (0-based), if any."""
    for match in NAME_PATTERN.finditer(text):
        if match.start() <= column <= match.end():
            return match.group(0)
    return None
