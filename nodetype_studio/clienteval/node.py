"""The ``node`` / ``parentNode`` objects a ClientEval expression sees in the preview (facts §6).

The CMS hands expressions its client-side node: ``properties`` (every property of the node type,
overlaid with the values typed into the inspector but not yet applied) plus ``contextPath``,
``identifier``, ``name``, ``nodeType``, ``label``, ``parent`` (the parent's context path),
``isAutoCreated``, ``depth`` and ``policy``. The preview has no content tree, so these fields get
plausible values in the CMS's context-path format: by default a content node inside the ``main``
collection of the site's home page, or a page below the site node for document types.

Properties whose name starts with ``__`` are "fully private": the CMS leaves them out of the node's
``properties`` (neos-ui ``NodePropertyConverterService::getPropertiesArray``, 8.3 and 9.x alike), so an
expression sees them only as an unapplied inspector value, once edited.
"""

from __future__ import annotations

import hashlib
from collections.abc import Container, Mapping

SITE_PATH = "/sites/preview"
WORKSPACE_SUFFIX = "@user-admin;language=en_US"
#: Allowed everywhere in the preview: the studio shows what an editor with full rights sees.
FULL_POLICY = {"canRemove": True, "canEdit": True, "disallowedNodeTypes": [], "disallowedProperties": []}


def _identifier(seed: str) -> str:
    digest = hashlib.sha1(seed.encode("utf-8")).hexdigest()
    return f"{digest[:8]}-{digest[8:12]}-4{digest[13:16]}-8{digest[17:20]}-{digest[20:32]}"


def _is_document(node_type) -> bool:
    check = getattr(node_type, "is_of_type", None)
    if check is not None:
        return any(check(name) for name in ("Neos.Neos:Document", "Cms.Cms:Document"))
    # without the type hierarchy: documents are the aggregates (facts §5.5)
    config = getattr(node_type, "config", None)
    return isinstance(config, Mapping) and config.get("aggregate") is True


class ConfiguredType:
    """A node type known only by name and effective configuration (e.g. in the inspector preview)."""

    def __init__(self, name: str, config: Mapping):
        self.name = name
        self.config = config
        props = config.get("properties") if isinstance(config, Mapping) else None
        self.properties = props if isinstance(props, Mapping) else {}
        ui = config.get("ui") if isinstance(config, Mapping) else None
        label = ui.get("label") if isinstance(ui, Mapping) else None
        self.label = label if isinstance(label, str) else None


PRIVATE_PREFIX = "__"


def is_private(name: object) -> bool:
    """Whether the CMS leaves property ``name`` out of a node's ``properties`` (``__`` prefix)."""
    return isinstance(name, str) and name.startswith(PRIVATE_PREFIX)


def client_values(values: Mapping, edited: Container = ()) -> dict:
    """The inspector values an expression's ``node.properties`` shows: every value but a fully private
    property's, unless it was edited (an unapplied value overlays the node whatever its name)."""
    return {name: value for name, value in values.items() if not is_private(name) or name in edited}


def context_path(path: str) -> str:
    return path + WORKSPACE_SUFFIX


def make_node(
    node_type,
    values: Mapping | None = None,
    *,
    parent_path: str | None = None,
    name: str | None = None,
    label: str | None = None,
    is_auto_created: bool = False,
    policy: Mapping | None = None,
    with_private: bool = False,
) -> dict:
    """A client-side node for ``node_type`` (a model ``NodeType``, a ``ConfiguredType`` or a name).

    ``properties`` holds every declared property with its ``defaultValue`` (or None) but the fully
    private ones (``__`` prefix; ``with_private``: those too), then ``values`` on top, as the inspector
    overlays unapplied values. ``parent_path`` is the parent's node path without workspace suffix.
    """
    type_name = node_type if isinstance(node_type, str) else node_type.name
    declared = {} if isinstance(node_type, str) else (getattr(node_type, "properties", None) or {})
    document = not isinstance(node_type, str) and _is_document(node_type)
    if parent_path is None:
        parent_path = SITE_PATH if document else f"{SITE_PATH}/main"
    if name is None:
        name = "preview-page" if document else "node-preview"
    path = f"{parent_path.rstrip('/')}/{name}"

    properties: dict = {}
    for prop_name, config in declared.items():
        if not with_private and is_private(str(prop_name)):
            continue
        default = config.get("defaultValue") if isinstance(config, Mapping) else None
        properties[prop_name] = default
    properties["_nodeType"] = type_name
    if values:
        properties.update(values)
    if label is None:
        title = properties.get("title")
        label = title if isinstance(title, str) and title else (getattr(node_type, "label", None) or type_name)
    return {
        "contextPath": context_path(path),
        "identifier": _identifier(path),
        "name": name,
        "nodeType": type_name,
        "label": label,
        "parent": context_path(parent_path),
        "isAutoCreated": bool(is_auto_created),
        "depth": path.count("/") - 1,
        "policy": dict(policy) if policy is not None else dict(FULL_POLICY),
        "properties": properties,
    }


def make_transient_node(node_type, parent: Mapping | None, values: Mapping | None = None) -> dict:
    """The node the creation dialog hands its expressions: the node does not exist yet, so it has only
    ``nodeType``, ``parent`` (the context path of the node created into) and ``properties`` (``_nodeType``,
    then every element's ``defaultValue`` or None, then ``values``); facts §6."""
    full = make_node(node_type, values, with_private=True)  # the dialog's values are all transient
    properties = full["properties"]
    type_name = properties.pop("_nodeType")
    return {
        "nodeType": type_name,
        "parent": parent.get("contextPath") if isinstance(parent, Mapping) else None,
        "properties": {"_nodeType": type_name, **properties},
    }


def make_parent_node(node_type, values: Mapping | None = None, *, child_is_document: bool = False) -> dict:
    """A plausible parent for the preview node: the home page (for content) or the site node."""
    if child_is_document:
        return make_node(node_type, values, parent_path="/sites", name="preview")
    return make_node(node_type, values, parent_path=SITE_PATH, name="main", is_auto_created=True)


def with_values(node: Mapping, values: Mapping) -> dict:
    """``node`` with ``values`` overlaid on its properties (a new dict; ``node`` is unchanged)."""
    merged = dict(node)
    merged["properties"] = {**node.get("properties", {}), **values}
    return merged
