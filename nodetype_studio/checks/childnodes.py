"""Checks on tethered child nodes (``childNodes.<name>``): the node type each one is created as."""

from __future__ import annotations

from nodetype_studio.checks.base import Context, as_map, node_rule, undefined_type
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.diagnostics import Severity


@node_rule
def child_node_type_unknown(ctx: Context, nt):
    """A tethered child of a type no package defines. 9.x fails to create a node of the parent type
    (``ConstraintChecks::requireTetheredDescendantNodeTypesToExist``: NodeTypeNotFound 1541671070); 8.3
    creates the child as the fallback node type (``NodeTypeManager::getNodeType``, setting
    ``Neos.ContentRepository.fallbackNodeType``: ``Neos.Neos:FallbackNode``, "Invalid node")."""
    project = ctx.project
    for name, entry in as_map(nt.merged.get("childNodes")).items():
        written = entry.get("type") if isinstance(entry, dict) else None
        if not isinstance(written, str) or project.node_type(written) is not None:
            continue
        known_namespace, hint = undefined_type(project, written)
        if cms_version(project) == "8.3":
            effect = "Neos 8.3 creates the child node as `Neos.Neos:FallbackNode` (\u201cInvalid node\u201d)"
        else:
            effect = "Neos 9 fails to create any node that has this child node (NodeTypeNotFound)"
        yield ctx.at(nt, ("childNodes", name, "type"), Severity.ERROR if known_namespace else Severity.WARNING,
                     "childnode-type-unknown",
                     f"child node `{name}` is of type `{written}`, which is not defined{hint}: {effect}")
