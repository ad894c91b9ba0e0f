"""The ``node`` / ``parentNode`` objects a ClientEval expression sees in the preview (facts §6).

The CMS hands expressions its client-side node: ``properties`` (every property of the node type,
overlaid with the values typed into the inspector but not yet applied) plus ``contextPath``,
``identifier``, ``name``, ``nodeType``, ``label``, ``parent`` (the parent's context path),
``isAutoCreated``, ``depth`` and ``policy``. The preview has no content tree, so these fields get
plausible values: by default a content node inside the ``main`` collection of the site's home page,
or a page below the site node for document types. They follow the UI's ``NodeInfoHelper`` of the
project's CMS version:

* 8.3: ``contextPath`` / ``parent`` are context paths (``/sites/x/node@user-admin;language=en_US``);
  ``depth`` is the node path's depth (``/sites`` is 1); the node fields a type declares as ``_``
  properties (``_name``, ``_path``, ``_identifier``, ``_hidden``, ``_hiddenInIndex``, ``_removed``) hold
  the node's own values.
* 9.x: ``contextPath`` / ``parent`` are JSON node addresses (``NodeAddress::toJson()``); ``depth`` counts
  the ancestors up to the root node (one less than 8.3's); a node created in the UI has no name
  (``''``), only tethered nodes and sites have one; every node's properties get ``_hidden``,
  ``_hiddenByAncestors`` and ``_hasTimeableNodeVisibility`` (false in the preview).

Properties whose name starts with ``__`` are "fully private": the CMS leaves them out of the node's
``properties`` (neos-ui ``NodePropertyConverterService::getPropertiesArray``, 8.3 and 9.x alike), so an
expression sees them only as an unapplied inspector value, once edited.
"""

from __future__ import annotations

from collections.abc import Container, Mapping

# the preview node's place, shared with the `node` parameter of data-source requests
from nodetype_studio.model import previewnode
from nodetype_studio.model.previewnode import (
    CONTENT_NAME,
    DOCUMENT_NAME,
    SITE_PATH,
    context_path,
    is_neos9,
    node_address,
)

_identifier = previewnode.identifier

#: Allowed everywhere in the preview: the studio shows what an editor with full rights sees.
FULL_POLICY = {"canRemove": True, "canEdit": True, "disallowedNodeTypes": [], "disallowedProperties": []}


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


def client_values(values: Mapping, edited: Container = (), node: Mapping | None = None) -> dict:
    """The inspector values an expression's ``node.properties`` shows: every value but a fully private
    property's, unless it was edited (an unapplied value overlays the node whatever its name). A null
    that was not edited leaves the value of a node field of ``node`` (``_hidden``...: never null in the CMS)."""
    fields = node.get("properties", {}) if isinstance(node, Mapping) else {}
    return {name: value for name, value in values.items()
            if name in edited or not (is_private(name) or value is None and fields.get(name) is not None
                                      and isinstance(name, str) and name.startswith("_"))}


#: 8.3: `_` properties the UI reads from the node object (ObjectAccess), when the type declares them.
_NODE_FIELDS_83 = ("_name", "_path", "_identifier", "_hidden", "_hiddenInIndex", "_removed")
#: 9.x: added to every node's properties (NodeInfoHelper::renderNodeWithPropertiesAndChildrenInformation).
_NODE_FIELDS_9 = ("_hidden", "_hiddenByAncestors", "_hasTimeableNodeVisibility")


def make_node(
    node_type,
    values: Mapping | None = None,
    *,
    parent_path: str | None = None,
    name: str | None = None,
    label: str | None = None,
    is_auto_created: bool = False,
    policy: Mapping | None = None,
    cms_version: str = "9",
) -> dict:
    """A client-side node for ``node_type`` (a model ``NodeType``, a ``ConfiguredType`` or a name).

    ``properties`` holds every declared property with its ``defaultValue`` (or None) but the fully
    private ones (``__`` prefix), then ``values`` on top, as the inspector
    overlays unapplied values. ``parent_path`` is the parent's node path without workspace suffix.
    ``name``: the node's name (default: a name for the path; in 9.x the node has none, as one created
    in the UI).
    """
    nine = is_neos9(cms_version)
    type_name = node_type if isinstance(node_type, str) else node_type.name
    declared = {} if isinstance(node_type, str) else (getattr(node_type, "properties", None) or {})
    document = not isinstance(node_type, str) and _is_document(node_type)
    if parent_path is None:
        parent_path = previewnode.parent_path(document)
    shown_name = name
    if name is None:
        name = DOCUMENT_NAME if document else CONTENT_NAME
        # 9.x: the UI creates nodes without a name (AbstractCreate); tethered ones are named
        shown_name = "" if nine and not is_auto_created else name
    path = f"{parent_path.rstrip('/')}/{name}"
    identifier = _identifier(path)

    properties: dict = {}
    for prop_name, config in declared.items():
        if is_private(prop_name):
            continue
        default = config.get("defaultValue") if isinstance(config, Mapping) else None
        properties[prop_name] = default
    properties["_nodeType"] = type_name
    if nine:
        properties.update(dict.fromkeys(_NODE_FIELDS_9, False))
    else:
        fields = {"_name": shown_name, "_path": path, "_identifier": identifier,
                  "_hidden": False, "_hiddenInIndex": False, "_removed": False}
        properties.update({key: fields[key] for key in _NODE_FIELDS_83 if key in declared})
    if values:
        properties.update(values)
    if label is None:
        title = properties.get("title")
        label = title if isinstance(title, str) and title else (getattr(node_type, "label", None) or type_name)
    address = node_address if nine else context_path
    return {
        "contextPath": address(path),
        "identifier": identifier,
        "name": shown_name,
        "nodeType": type_name,
        "label": label,
        "parent": address(parent_path),
        "isAutoCreated": bool(is_auto_created),
        # 8.3 NodePaths::getPathDepth ("/sites" is 1); 9.x countAncestorNodes (the root node is 0)
        "depth": path.count("/") - 1 if nine else path.count("/"),
        "policy": dict(policy) if policy is not None else dict(FULL_POLICY),
        "properties": properties,
    }


def make_transient_node(node_type, parent: Mapping | None, values: Mapping | None = None) -> dict:
    """The node the creation dialog hands its expressions: the node does not exist yet, so it has only
    ``nodeType``, ``parent`` (the context path of the node created into) and ``properties`` (``_nodeType``,
    then every element's ``defaultValue`` or None, then ``values``); facts §6."""
    declared = {} if isinstance(node_type, str) else (getattr(node_type, "properties", None) or {})
    properties = {name: config.get("defaultValue") if isinstance(config, Mapping) else None
                  for name, config in declared.items()}  # every element: the dialog's values are all transient
    properties["_nodeType"] = node_type if isinstance(node_type, str) else node_type.name
    properties.update(values or {})
    type_name = properties.pop("_nodeType")
    return {
        "nodeType": type_name,
        "parent": parent.get("contextPath") if isinstance(parent, Mapping) else None,
        "properties": {"_nodeType": type_name, **properties},
    }


def make_parent_node(node_type, values: Mapping | None = None, *, child_is_document: bool = False,
                     cms_version: str = "9") -> dict:
    """A plausible parent for the preview node: the home page (for content) or the site node."""
    if child_is_document:
        return make_node(node_type, values, parent_path="/sites", name="preview", cms_version=cms_version)
    return make_node(node_type, values, parent_path=SITE_PATH, name="main", is_auto_created=True,
                     cms_version=cms_version)


def with_values(node: Mapping, values: Mapping) -> dict:
    """``node`` with ``values`` overlaid on its properties (a new dict; ``node`` is unchanged)."""
    merged = dict(node)
    merged["properties"] = {**node.get("properties", {}), **values}
    return merged
