"""Icons the CMS's icon name post-processor cannot read (``icon-not-text``).

``IconNameMappingPostprocessor`` (8.3 and 9.x, on the types below ``Neos.Neos:Node``) hands ``ui.icon`` and the
``icon`` of every ``ui.inspector.<tabs|groups|views>.<id>`` that is set (``isset``) to
``IconNameMappingService::convert(string $iconName)``. A list or a map is a TypeError in any PHP mode; 9.x's
post-processor declares strict types, so a number or a boolean is one too (8.3 casts them to text). The
post-processor runs while the node types load, so none of them loads.
"""

from __future__ import annotations

from nodetype_studio.checks.base import Context, as_map, node_rule
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import postprocessors

_KINDS = {"tabs": "tab", "groups": "group", "views": "view"}


@node_rule
def icon_not_text(ctx: Context, nt):
    if postprocessors.ICON_NAMES not in getattr(nt, "postprocessors", ()):
        return
    is_83 = cms_version(ctx.project) == "8.3"
    ui = as_map(nt.merged.get("ui"))
    sites: list[tuple[tuple, str, object]] = [(("ui", "icon"), "`ui.icon`", ui.get("icon"))]
    for kind, items in as_map(ui.get("inspector")).items():
        for item_id, item in as_map(items).items():
            if isinstance(item, dict):
                what = f"the icon of {_KINDS.get(kind, 'inspector element')} `{item_id}`"
                sites.append((("ui", "inspector", kind, item_id, "icon"), what, item.get("icon")))
    for path, what, icon in sites:
        if icon is None or isinstance(icon, str) or (is_83 and not isinstance(icon, (list, dict))):
            continue
        shown = ("a list" if isinstance(icon, list) else "a map" if isinstance(icon, dict)
                 else ("true" if icon else "false") if isinstance(icon, bool) else f"the number {icon}")
        why = ("a TypeError" if isinstance(icon, (list, dict)) else "a TypeError under strict types")
        cms = "Neos 8.3" if is_83 else "Neos 9"
        yield ctx.at(nt, path, Severity.ERROR, "icon-not-text",
                     f"{what} is {shown}, not text: {cms} fails to load the node types (its "
                     f"IconNameMappingPostprocessor passes the icon to `IconNameMappingService::convert()`, which "
                     f"takes a text: {why}). Write the icon's name, e.g. `icon: 'icon-star'`")


@node_rule
def thumbnail_not_text(ctx: Context, nt):
    """A node type's own ``ui.help.thumbnail`` that is not text. The label enrichment resolves the thumbnail of
    every type whose ``ui.help`` is set, looking for ``resource://`` with ``strpos()``: 9.x's
    ``NodeTypeEnrichmentService`` (strict types) when the value is not ``empty()`` (a number, ``true``, a list or
    a map is a TypeError), 8.3's ``NodeTypeConfigurationEnrichmentAspect`` (no strict types: a number or boolean is
    cast; a list or map is a TypeError in any mode). It runs on each type's own configuration, so a mixin's fails
    too, before any node type loads."""
    help_block = as_map(nt.local.get("ui")).get("help")
    if not isinstance(help_block, dict):
        return
    thumbnail = help_block.get("thumbnail")
    if thumbnail is None or isinstance(thumbnail, str) or not thumbnail:  # (PHP's empty(): skipped)
        return
    is_83 = cms_version(ctx.project) == "8.3"
    if is_83 and not isinstance(thumbnail, (list, dict)):
        return
    shown = ("a list" if isinstance(thumbnail, list) else "a map" if isinstance(thumbnail, dict)
             else "true" if thumbnail is True else f"the number {thumbnail}")
    if is_83:
        why = "its NodeTypeConfigurationEnrichmentAspect looks for `resource://` in it with strpos(), which takes a text: a TypeError"
    else:
        strict = " under strict types" if not isinstance(thumbnail, (list, dict)) else ""
        why = ("its NodeTypeEnrichmentService looks for `resource://` in it with strpos(), which takes a text: a "
               f"TypeError{strict}")
    yield ctx.at(nt, ("ui", "help", "thumbnail"), Severity.ERROR, "thumbnail-not-text",
                 f"`ui.help.thumbnail` is {shown}, not text: {'Neos 8.3' if is_83 else 'Neos 9'} fails to load the "
                 f"node types ({why}). Write the thumbnail's path or URL, e.g. `thumbnail: "
                 f"'resource://Vendor.Site/Public/NodeTypes/Thumbnails/Teaser.png'`")
