"""A node type's own definition as its files spell it (Qt-free).

``NodeType.local`` is already processed (names normalised, ``i18n`` labels expanded to translation
ids); the forms must show and edit what the files say, so they read the merged raw fragments.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from nodetype_studio.model.merge import merge

_cache: WeakKeyDictionary = WeakKeyDictionary()


def own_config(node_type) -> dict:
    """The node type's own files merged in load order (later files win), as written."""
    found = _cache.get(node_type)
    if found is None:
        found = {}
        for fragment in node_type.fragments:
            if not fragment.file.baseline and isinstance(fragment.config, dict):
                found = merge(found, fragment.config)
        found = dict(found)
        _cache[node_type] = found
    return found


def own_properties(node_type) -> dict:
    """Properties the node type's own files define (a null entry defines nothing)."""
    props = own_config(node_type).get("properties")
    return {k: v for k, v in props.items() if v is not None} if isinstance(props, dict) else {}
