"""The choices of the NodeTypeEditor, the editor of the `_nodeType` property every node has ("Change type").

The CMS's editor (neos-ui ``Editors/NodeType/index.js``) offers the node types its parent allows below it
(for a tethered child node: the grandparent's rule for that child, which offers nothing to change to) and
groups them as the "create new" dialog does (``NodeTypesRegistry.getGroupedNodeTypeList``, facts §5.14):
the groups of the setting ``Neos.Neos.nodeTypes.groups`` (9.x in the setting's order as a JavaScript object
keeps it: integer-like names first; 8.3 sorted by their positions, then integer-like names first too), in each the types whose ``ui.group`` names it, sorted by ``ui.position``. Types without such a
group are not offered. With nothing to offer, the editor shows the node type's label instead.

The preview node has no parent: it is taken to be where such a node usually is. That is below the first
node type (by name) whose ``constraints.nodeTypes`` allow this very type by its name, or in the first
tethered child node whose constraints do (a slider's `items` allowing its slides; there the child's own
constraints apply too, those of ``childNodes`` winning key by key, as in the CMS); else below a document
for a document and in a content collection for content. The constraints are those the project resolves,
read as the content repository reads them (``model.constraints``). For another type with no such place
there is nothing to offer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nodetype_studio.datasources.options import SelectOption
from nodetype_studio.js.values import js_keys, truthy
from nodetype_studio.model.constraints import allows, as_read
from nodetype_studio.model.sorting import js_sort, php_sort


@dataclass
class TypeChoices:
    options: list[SelectOption] = field(default_factory=list)
    #: where the preview takes the node to be, e.g. "in a content collection (Neos.Neos:ContentCollection)"
    #: (empty: nowhere, so nothing is offered)
    where: str = ""
    #: the display text of the node type's own label (shown when there is nothing to offer)
    label: str = ""


def ui_of(nt: Any) -> dict:
    ui = nt.effective.get("ui")
    return ui if isinstance(ui, dict) else {}


def type_choices(project: Any, current: str, translate: Callable[[Any], str]) -> TypeChoices:
    """What the NodeTypeEditor of a node of type ``current`` offers; ``translate`` gives the display text
    of a label (a translation id or plain text)."""
    nt = project.node_types.get(current) if project is not None else None
    if nt is None:
        return TypeChoices()
    own_label = translate(ui_of(nt).get("label"))
    where, allowed = usual_place(project, nt)
    if allowed is None:
        return TypeChoices(label=own_label)
    options: list[SelectOption] = []
    for group in grouped_types(project, allowed, translate):
        for member in group.types:
            ui = ui_of(member)
            icon = ui.get("icon")
            options.append(SelectOption(member.name, translate(ui.get("label")) or member.name,
                                        group=group.label or None, icon=icon if isinstance(icon, str) else None))
    return TypeChoices(options, where, own_label)


@dataclass
class TypeGroup:
    name: str
    label: str  # display text ('' without a label)
    collapsed: bool
    types: list  # NodeType, in the CMS's order


def grouped_types(project: Any, types: list, translate: Callable[[Any], str]) -> list[TypeGroup]:
    """``types`` as the CMS groups them for creation (``NodeTypesRegistry.getGroupedNodeTypeList``): the groups
    of the setting ``Neos.Neos.nodeTypes.groups`` (9.x in its order, 8.3 sorted by position) that hold any,
    each with the types whose ``ui.group`` names it, sorted by ``ui.position``; types of no such group are left
    out."""
    groups = project.platform_setting("nodeTypes", "groups", default={})
    if not isinstance(groups, dict):
        groups = {}
    by_name = {str(name): config for name, config in groups.items()}  # (a key `10:` is the name "10")
    if project.cms_version.version.value == "8.3":
        # sorted on the server, but still a map in the browser's JSON: integer-like names come first there
        sorted_names, _problems = php_sort([(name, config.get("position") if isinstance(config, dict) else None)
                                            for name, config in groups.items()], strict=False)
        order = js_keys(dict.fromkeys(sorted_names))
    else:
        # the map as JSON in the browser: Object.keys() visits integer-like names first, in numeric order
        order = js_keys(groups)
    found: list[TypeGroup] = []
    for group_name in order:
        members = [t for t in types if ui_of(t).get("group") == str(group_name)
                   and isinstance(ui_of(t).get("group"), str)]
        if not members:
            continue
        config = by_name[str(group_name)]
        label = translate(config.get("label")) if isinstance(config, dict) else ""
        collapsed = isinstance(config, dict) and truthy(config.get("collapsed"))
        found.append(TypeGroup(str(group_name), label, collapsed,
                               js_sort(members, lambda t: ui_of(t).get("position"), lambda t: t.name)))
    return found


def node_type_constraints(config: Any) -> dict | None:
    """``constraints.nodeTypes`` of ``config`` as the content repository reads it (``model.constraints.as_read``);
    None when it is neither a map nor a list."""
    found = config.get("constraints") if isinstance(config, dict) else None
    constraints = found.get("nodeTypes") if isinstance(found, dict) else None
    return as_read(constraints) if isinstance(constraints, (dict, list)) else None


_ROLES = {"document": "Document", "content": "Content", "contentCollection": "ContentCollection"}


def role_type(project: Any, role: str) -> str:
    """The node type the Neos UI gives ``role`` ("document", "content" or "contentCollection"): the setting
    ``Neos.Neos.Ui.nodeTypeRoles`` (the platform's type in the project's spelling when it names none)."""
    written = project.platform_setting("Ui", "nodeTypeRoles", role)
    return written if isinstance(written, str) and written else project.platform.node_type(_ROLES[role])


def usual_place(project: Any, nt: Any) -> tuple[str, list | None]:
    """``(where, the node types allowed there)`` of the place the preview assumes (None: no place)."""
    document = role_type(project, "document")
    if nt.is_of_type(project.platform.node_type("Site")):  # (9.x) the site node: the CMS offers every document type
        # (that can be created: the UI's node type registry holds no abstract type)
        return "the site node", [t for t in project.node_types.values() if not t.abstract and t.is_of_type(document)]
    for name in sorted(project.node_types):
        other = project.node_types[name]
        if other.abstract:
            continue
        own = node_type_constraints(other.effective)
        if own is not None and own.get(nt.name) is True:
            return f"below {name}", allowed_types(project, own)
        children = other.effective.get("childNodes")
        for child, config in (children.items() if isinstance(children, dict) else ()):
            allowed = node_type_constraints(config)
            tethered = tethered_constraints(project, config)
            if allowed is not None and allowed.get(nt.name) is True and tethered is not None:
                return f"in the child node `{child}` of {name}", allowed_types(project, tethered)
    for base, kind, parent in ((document, "below a document", document),
                               (role_type(project, "content"), "in a content collection", role_type(project, "contentCollection"))):
        if nt.is_of_type(base):
            found = project.node_types.get(parent)
            constraints = node_type_constraints(found.effective) if found is not None else None
            return f"{kind} ({parent})", allowed_types(project, constraints or {})
    return "", None


def tethered_constraints(project: Any, config: Any) -> dict | None:
    """The constraints below a tethered child node of configuration ``config`` (``childNodes.<name>``): the
    child's type's own ``constraints.nodeTypes``, overridden key by key by those of ``config`` (8.3
    ``NodeType::allowsGrandchildNodeType``, 9.x ``NodeTypeManager::isNodeTypeAllowedAsChildToTetheredNode``).
    None when ``config`` makes no tethered node: it names no type, or no type the project has."""
    written = config.get("type") if isinstance(config, dict) else None
    child_type = project.node_type(written) if isinstance(written, str) else None
    if child_type is None:
        return None
    return {**(node_type_constraints(child_type.effective) or {}), **(node_type_constraints(config) or {})}


def allowed_types(project: Any, constraints: dict) -> list:
    """The node types ``constraints`` allow (the CMS hands the editor only types that can be created: not
    abstract ones)."""
    return [t for name, t in project.node_types.items() if not t.abstract and allows(project, constraints, name)]
