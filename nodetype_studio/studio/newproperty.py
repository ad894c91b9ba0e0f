"""A new property as a Neos developer starts one (Qt-free): a name, a type, an editor, a label made from
the name, and a place in the node type's first content group (the first inspector group by position
that is not on the ``meta`` tab)."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from nodetype_studio.model.sorting import js_sort_mapping

PROPERTY_NAME = re.compile(r"^_?[A-Za-z][A-Za-z0-9_]*$")
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def label_from_name(name: str) -> str:
    """``heroImage`` -> ``Hero image``, ``seo_title`` -> ``Seo title``, ``imageURL`` -> ``Image URL``."""
    words = _WORDS.findall(name)
    if not words:
        return name
    shown = [word if word.isupper() and len(word) > 1 else word.lower() for word in words]
    return " ".join(shown)[:1].upper() + " ".join(shown)[1:]


def _groups(effective: dict) -> dict[str, Any]:
    """``ui.inspector.groups`` of an effective configuration ({} when it is not a mapping)."""
    found: Any = effective
    for key in ("ui", "inspector", "groups"):
        found = found.get(key) if isinstance(found, dict) else None
    return found if isinstance(found, dict) else {}


def first_content_group(effective: dict, platform_groups: Collection[str] = frozenset()) -> str | None:
    """The first inspector group (by position, as the inspector orders them) outside the ``meta`` tab;
    groups the project declares come before the platform's (``platform_groups``: General and the like)."""
    configs = {name: config for name, config in _groups(effective).items() if isinstance(config, dict)}
    usable = [name for name, config in js_sort_mapping(configs) if configs[name].get("tab", "default") != "meta"]
    own = [name for name in usable if name not in platform_groups]
    chosen = own or usable
    return chosen[0] if chosen else None


def platform_groups(node_type, project) -> set[str]:
    """Inspector groups that the platform's types among ``node_type``'s supertypes declare."""
    found: set[str] = set()
    for name in node_type.ancestors:
        ancestor = project.node_type(name)
        if ancestor is None or not ancestor.from_baseline:
            continue
        found.update(_groups(ancestor.effective))
    return found


def problem_with_name(name: str, existing) -> str:
    """Why ``name`` cannot be a new property of a node type with ``existing`` properties ("" if it can)."""
    if not name:
        return "Give the property a name."
    if not PROPERTY_NAME.match(name):
        return "Letters, digits and _ only, starting with a letter."
    if name in existing:
        return f"The node type has a property {name!r} already."
    return ""


def new_property(name: str, prop_type: str = "string", editor: str | None = None,
                 group: str | None = None) -> dict[str, Any]:
    """The configuration written for a new property."""
    inspector: dict[str, Any] = {}
    if group:
        inspector["group"] = group
    if editor:
        inspector["editor"] = editor
    return {"type": prop_type or "string", "ui": {"label": label_from_name(name), "inspector": inspector}}
