"""Whether a node type may be created below another: ``constraints.nodeTypes`` as the content
repository reads it (8.3 ``NodeType::allowsChildNodeType``, 9.x ``ConstraintCheck``; both decide alike).

Order of the decision: no constraints at all allow every type; the type's own name set to true or false
decides; then the named supertypes (of those set to true or false, the nearest wins, a tie refuses);
then ``*`` (cast to a boolean as PHP casts it); else the type is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nodetype_studio.php.values import to_bool as php_truthy


def as_read(value: Any) -> dict:
    """A written ``constraints.nodeTypes`` as the content repository reads it (``getConfiguration(...) ?: []``):
    a map as it is; a non-empty list as the PHP array it becomes, keyed by position, so that no key names a
    node type or ``*`` and nothing is allowed; no constraints for a value PHP casts to false (``~``,
    ``false``, ``''``...) and for other scalars (the CMS fails on those with a TypeError: ``check`` reports
    them)."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, list) and value:
        return dict(enumerate(value))
    return {}


def _spelled(project: Any, constraints: Mapping) -> Mapping:
    """``constraints`` with their names in the project's platform spelling (``Cms.Cms:Content`` is
    ``Neos.Neos:Content`` in a project that writes ``Neos``, as everywhere in the studio). A legacy
    ``TYPO3.Neos:`` name stays as written: for the CMS it is a type of its own."""
    platform = getattr(project, "platform", None)
    if platform is None:
        return constraints
    spelled: dict = {}
    for key, value in constraints.items():
        if isinstance(key, str) and ":" in key and key != "*":
            normalized = platform.normalize_name(key)
            if not normalized.legacy:
                key = normalized.value
        spelled[key] = value
    return spelled


def allows(project: Any, constraints: Mapping, type_name: str) -> bool:
    """Whether ``constraints`` (a ``constraints.nodeTypes`` map) allow node type ``type_name``."""
    if not constraints:
        return True
    constraints = _spelled(project, constraints)
    own = constraints.get(type_name)
    if own is True or own is False:
        return own
    nt = project.node_types.get(type_name)
    nearest: dict[bool, int] = {}
    if nt is not None:
        for super_name, allowed in constraints.items():
            if (allowed is True or allowed is False) and isinstance(super_name, str) and nt.is_of_type(super_name):
                distance = _distance(project, type_name, super_name, 0, set())
                if distance is not None and (allowed not in nearest or distance < nearest[allowed]):
                    nearest[allowed] = distance
    if True in nearest and False in nearest:
        return nearest[True] < nearest[False]
    if nearest:
        return next(iter(nearest))
    return php_truthy(constraints.get("*"))


def _distance(project: Any, name: str, wanted: str, distance: int, seen: set) -> int | None:
    """Steps from ``name`` to ``wanted`` along the first path through the declared supertypes (depth
    first, as the CMS walks them: not necessarily the shortest)."""
    if name == wanted:
        return distance
    nt = project.node_types.get(name)
    if nt is None or name in seen:
        return None
    seen.add(name)
    for parent in nt.declared_supertypes:
        if parent in nt.disabled_supertypes:
            continue
        found = _distance(project, parent, wanted, distance + 1, seen)
        if found is not None:
            return found
    return None
