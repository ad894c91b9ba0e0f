"""Checks on ``constraints.nodeTypes`` (of a node type and of its tethered child nodes): values the content
repository reads otherwise than they look (8.3 ``NodeType::allowsChildNodeType`` / ``allowsGrandchildNodeType``,
9.x ``ConstraintCheck``, ``NodeTypeManager::isNodeTypeAllowedAsChildToTetheredNode``)."""

from __future__ import annotations

from nodetype_studio.checks.base import Context, as_map, get, node_rule, undefined_type
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.diagnostics import Severity
from nodetype_studio.php.values import to_bool as php_truthy


def _constraints_of(config):
    """(path, where, value) of every ``constraints.nodeTypes`` in ``config``: the type's own, then each child
    node's."""
    yield ("constraints", "nodeTypes"), "`constraints.nodeTypes`", get(config, "constraints", "nodeTypes")
    for name, entry in as_map(get(config, "childNodes")).items():
        if isinstance(entry, dict):
            yield (("childNodes", name, "constraints", "nodeTypes"), f"`childNodes.{name}.constraints.nodeTypes`",
                   get(entry, "constraints", "nodeTypes"))


@node_rule
def constraints_not_map(ctx: Context, nt):
    """A ``constraints.nodeTypes`` that is no map. The CMS merges a written list like a map keyed 0, 1…
    (facts §5.2) and reads the result with ``?: []``: entries under such keys name no node type, so they
    allow nothing. What PHP casts to false is no constraints; another scalar fails the ``array`` parameter
    it is handed to (a TypeError). 9.x reads a child node's constraints with ``?? []``, so there only ``~``
    is no constraints."""
    for path, where, value in _constraints_of(nt.local):
        if isinstance(value, list) and value:
            yield ctx.at(nt, path, Severity.WARNING, "constraints-not-map",
                         f"{where} is a list: the CMS reads it as a map keyed 0, 1\u2026, whose entries name no "
                         f"node type, so they allow nothing; write each type as a key, e.g. `'{_example(value)}': true`")
    is_9 = cms_version(ctx.project) != "8.3"
    for path, where, value in _constraints_of(nt.merged):
        if value is None or isinstance(value, (dict, list)):
            continue
        if php_truthy(value) or (is_9 and path[0] == "childNodes"):
            yield ctx.at(nt, path, Severity.ERROR, "constraints-not-map",
                         f"{where} is {_shown(value)}, not a map of node types to true or false: the CMS fails "
                         f"with a TypeError wherever it checks what may be created there")


@node_rule
def constraints_value(ctx: Context, nt):
    """A constraint that is neither true, false nor ``~``: a node type's entry counts only when it is exactly
    true or false (``=== true``/``=== false``), so any other value is ignored; ``*`` is cast to a boolean as
    PHP casts (``(bool)``), so ``'false'`` allows everything."""
    for path, where, value in _constraints_of(nt.local):
        for key, allowed in as_map(value).items():
            if allowed is None or isinstance(allowed, bool):
                continue
            if key == "*":
                message = (f"{where}: `*` is {_shown(allowed)}, which the CMS reads as "
                           f"{'true' if php_truthy(allowed) else 'false'} (PHP's boolean cast); write true or false")
            else:
                message = (f"{where}: `{key}` is {_shown(allowed)}, not true or false: the CMS ignores the entry "
                           f"(only true and false count), as if it were not written")
            yield ctx.at(nt, path + (key,), Severity.WARNING, "constraints-value", message)


@node_rule
def constraints_type_unknown(ctx: Context, nt):
    """A constraint on a node type the project does not define: no type is of that type (``isOfType``), so
    the entry has no effect. A type of a package outside the opened folder may exist in the real project:
    a note there."""
    project = ctx.project
    for path, where, value in _constraints_of(nt.local):
        for key in as_map(value):
            if not isinstance(key, str) or key == "*" or project.node_type(key) is not None:
                continue
            known, hint = undefined_type(project, key)
            yield ctx.at(nt, path + (key,), Severity.WARNING if known else Severity.INFO, "constraints-type-unknown",
                         f"{where}: `{key}` is not a defined node type{hint}: no node type is of it, so the entry "
                         f"has no effect")


def _shown(value) -> str:
    if isinstance(value, str):
        return f"the text {value!r}"
    return f"`{str(value).lower() if isinstance(value, bool) else value}`"


def _example(values: list) -> str:
    return next((v for v in values if isinstance(v, str) and v), "Vendor.Site:Type")
