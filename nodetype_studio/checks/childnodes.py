"""Checks on tethered child nodes (``childNodes.<name>``): the node type each one is created as."""

from __future__ import annotations

from nodetype_studio.catalogue import suggest
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


@node_rule(combined=True)  # (a mixin's entry may get its type from the other supertypes of its users)
def child_node_type_missing(ctx: Context, nt):
    """A ``childNodes`` entry that neither the type nor a supertype gives a ``type``: the CMS creates no such
    child node (8.3 ``NodeType::getAutoCreatedChildNodes``, 9.x's tethered node definitions: ``isset(type)``),
    so whatever the entry says (its constraints) applies nowhere. Usually a misspelt child node name.
    ``~`` and ``false`` take a child node out on purpose: no finding."""
    children = as_map(nt.merged.get("childNodes"))
    typed = [name for name, entry in children.items() if isinstance(entry, dict) and isinstance(entry.get("type"), str)]
    for name, entry in children.items():
        if not isinstance(entry, dict) or isinstance(entry.get("type"), str):
            continue
        closest = suggest(str(name), typed)
        hint = f"; did you mean `{closest}`?" if closest else ""
        yield ctx.at(nt, ("childNodes", name), Severity.WARNING, "childnode-type-missing",
                     f"child node `{name}` has no `type` (nor does any supertype give it one): the CMS creates no "
                     f"such child node, so this entry applies nowhere{hint}")
