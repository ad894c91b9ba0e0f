"""Checks on tethered child nodes (``childNodes.<name>``): the node type each one is created as."""

from __future__ import annotations

from nodetype_studio.catalogue import suggest
from nodetype_studio.checks.base import Context, as_map, node_rule
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
        package = written.split(":")[0]
        package_opened = project.kind != "file" and package in project.package_names
        known_namespace = package_opened or ctx.platform.normalize_name(written).value.startswith(ctx.platform.package + ":")
        hint = "" if known_namespace else " (is the package that defines it part of the opened folder?)"
        closest = suggest(written, list(project.node_types))
        hint += f" (did you mean `{closest}`?)" if closest else ""
        if cms_version(project) == "8.3":
            effect = "Neos 8.3 creates the child node as `Neos.Neos:FallbackNode` (\u201cInvalid node\u201d)"
        else:
            effect = "Neos 9 fails to create any node that has this child node (NodeTypeNotFound)"
        yield ctx.at(nt, ("childNodes", name, "type"), Severity.ERROR if known_namespace else Severity.WARNING,
                     "childnode-type-unknown",
                     f"child node `{name}` is of type `{written}`, which is not defined{hint}: {effect}")
