"""Checks on tethered child nodes (``childNodes.<name>``): the node type each one is created as."""

from __future__ import annotations

import re

from nodetype_studio.catalogue import suggest
from nodetype_studio.checks.base import Context, as_map, node_rule, undefined_type
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model.postprocess import shown_value
from nodetype_studio.php.yamldump import php_key

#: A node name as 9.x's ``NodeName`` accepts it without transliterating (``NodeName::PATTERN``).
_NODE_NAME_RE = re.compile(r"[a-z0-9\-]+\Z")


@node_rule
def child_node_type_unknown(ctx: Context, nt):
    """A tethered child of a type no package defines. 9.x fails to create a node of the parent type
    (``ConstraintChecks::requireTetheredDescendantNodeTypesToExist``: NodeTypeNotFound 1541671070); 8.3
    creates the child as the fallback node type (``NodeTypeManager::getNodeType``, setting
    ``Neos.ContentRepository.fallbackNodeType``: ``Neos.Neos:FallbackNode``, "Invalid node")."""
    project = ctx.project
    for name, entry in as_map(nt.merged.get("childNodes")).items():
        written = entry.get("type") if isinstance(entry, dict) else None
        if not isinstance(written, str) or not written or project.node_type(written) is not None:
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
        if not isinstance(entry, dict) or entry.get("type") is not None:  # (another `type`: childnode-type-invalid)
            continue
        closest = suggest(str(name), typed)
        hint = f"; did you mean `{closest}`?" if closest else ""
        yield ctx.at(nt, ("childNodes", name), Severity.WARNING, "childnode-type-missing",
                     f"child node `{name}` has no `type` (nor does any supertype give it one): the CMS creates no "
                     f"such child node, so this entry applies nowhere{hint}")


@node_rule
def child_node_type_invalid(ctx: Context, nt):
    """A ``childNodes.<name>.type`` that is set (``isset``) but is no node type name. The UI's schema builder
    reads the tethered child nodes of every concrete type when the backend loads (``NodeTypeSchemaBuilder``).
    9.x (``NodeType::getTetheredNodeTypeDefinitions``, strict types) passes the value to
    ``NodeTypeName::fromString(string)``: a TypeError for anything but text, exception 1505835958 for ``''``.
    8.3 (``NodeType::getAutoCreatedChildNodes``) looks it up with ``NodeTypeManager::getNodeType()``, whose
    ``isset($cachedNodeTypes[$name])`` fails on a list or map ("Illegal offset type"); a number, boolean or
    ``''`` names no type, so the child is created as the fallback node type. Abstract types are not in the schema:
    their entries are judged on the concrete types that inherit them."""
    if nt.abstract:
        return
    is_83 = cms_version(ctx.project) == "8.3"
    for name, entry in as_map(nt.merged.get("childNodes")).items():
        written = entry.get("type") if isinstance(entry, dict) else None
        if written is None or (isinstance(written, str) and written):
            continue
        shown = ("the empty text" if written == "" else "a list" if isinstance(written, list)
                 else "a map" if isinstance(written, dict) else shown_value(written))
        fix = "Write the node type's name (`type: 'Neos.Neos:ContentCollection'`)"
        if not is_83:
            why = ("`NodeTypeName` refuses an empty name, exception 1505835958" if written == "" else
                   "`NodeTypeName::fromString()` takes a text, a TypeError under strict types")
            yield ctx.at(nt, ("childNodes", name, "type"), Severity.ERROR, "childnode-type-invalid",
                         f"child node `{name}` has {shown} as its `type`: Neos 9 fails where it reads the type's "
                         f"tethered child nodes ({why}), first when the backend builds the node type schema "
                         f"for the UI, so the UI does not load. {fix}")
        elif isinstance(written, (list, dict)):
            yield ctx.at(nt, ("childNodes", name, "type"), Severity.ERROR, "childnode-type-invalid",
                         f"child node `{name}` has {shown} as its `type`: Neos 8.3 fails where it reads the "
                         f"type's child nodes (`NodeTypeManager::getNodeType()` looks the value up as an array "
                         f"key: \u201cIllegal offset type\u201d, a TypeError), first when the backend builds the "
                         f"node type schema for the UI, so the UI does not load. {fix}")
        else:
            yield ctx.at(nt, ("childNodes", name, "type"), Severity.WARNING, "childnode-type-invalid",
                         f"child node `{name}` has {shown} as its `type`, which names no node type: Neos 8.3 "
                         f"creates the child node as `Neos.Neos:FallbackNode` (\u201cInvalid node\u201d) and Neos 9 "
                         f"fails to load. {fix}")


@node_rule
def child_node_name_invalid(ctx: Context, nt):
    """9.x: child node names its tethered node definitions cannot take (``getTetheredNodeTypeDefinitions``, strict
    types): a name PHP keys as an integer goes to ``NodeName::transliterateFromString(string)``, a TypeError; two
    names that lower-case to the same node name are the same tethered node, exception 1713549527
    (``TetheredNodeTypeDefinitions::fromArray``). Only entries with a ``type`` count (``isset``). Names that must
    be transliterated are not compared (the studio does not transliterate as the CMS does). 8.3 takes both."""
    if nt.abstract or cms_version(ctx.project) == "8.3":
        return
    seen: dict[str, object] = {}
    for name, entry in as_map(nt.merged.get("childNodes")).items():
        if not isinstance(entry, dict) or entry.get("type") is None:
            continue
        if isinstance(php_key(name), int):
            yield ctx.at(nt, ("childNodes", name), Severity.ERROR, "childnode-name-invalid",
                         f"child node `{name}` is named by a number (PHP keys it as an integer): Neos 9 fails "
                         f"where it reads the type's tethered child nodes (`NodeName::transliterateFromString()` "
                         f"takes a text, a TypeError under strict types), first when the backend builds the node "
                         f"type schema for the UI, so the UI does not load. Give it a name that starts with a "
                         f"letter (`column{name}`)")
            continue
        node_name = str(name).lower()
        if not _NODE_NAME_RE.match(node_name):
            continue
        if node_name in seen:
            first = seen[node_name]
            yield ctx.at(nt, ("childNodes", name), Severity.ERROR, "childnode-name-invalid",
                         f"child nodes `{name}` and `{first}` are both the node name `{node_name}` (node names are "
                         f"lower case): Neos 9 fails where it reads the type's tethered child nodes (\u201cTethered "
                         f"node type definition with name ... is already registered\u201d, exception 1713549527), "
                         f"first when the backend builds the node type schema for the UI. Keep one of them")
            continue
        seen[node_name] = name
