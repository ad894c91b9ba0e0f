"""8.3's plugin views: ``options.pluginViews`` of a type that inherits ``Neos.Neos:Plugin``.

Neos 8.3 runs the PluginNodeTypePostprocessor on such types (``model/postprocessors.plugin_views``):
it reads the plugin views through the PluginService, which fails on a value it cannot iterate or a
view that is not a map, and gives a type with views the ``views`` property and the ``pluginViews``
group, replacing what the type wrote under those names. 9.x has none of it (``neos9-plugin-views``).
"""

from __future__ import annotations

from nodetype_studio.checks.base import Context, get, node_rule
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.checks.optionwalk import describe_value
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model.postprocessors import (
    PLUGIN,
    PLUGIN_VIEWS_EDITOR,
    plugin_views,
    plugin_views_fail,
    plugin_views_of,
)


def _runs_plugin_postprocessor(ctx: Context, nt) -> bool:
    return cms_version(ctx.project) == "8.3" and PLUGIN in (nt.postprocessors or ())


@node_rule
def plugin_views_invalid(ctx: Context, nt):
    if not _runs_plugin_postprocessor(ctx, nt):
        return
    views = plugin_views_of(nt.merged)
    if not plugin_views_fail(views):
        return
    if not isinstance(views, (dict, list)):
        yield ctx.at(nt, ("options", "pluginViews"), Severity.ERROR, "plugin-views-invalid",
                     f"`options.pluginViews` is {describe_value(views)}, not a map of views: Neos 8.3's plugin post-processor "
                     "cannot read it and the CMS fails to load the node types. Write `ViewName: {label: ..., "
                     "controllerActions: ...}` entries")
        return
    entries = views.items() if isinstance(views, dict) else enumerate(views)
    for key, entry in entries:
        if not isinstance(entry, (dict, list)):
            yield ctx.at(nt, ("options", "pluginViews", key), Severity.ERROR, "plugin-views-invalid",
                         f"plugin view `{key}` is {describe_value(entry)}, not a map: Neos 8.3 makes a PluginViewDefinition of "
                         "each view, which takes a map, and the CMS fails to load the node types. Write "
                         "`{label: ..., controllerActions: ...}`")


@node_rule
def plugin_views_replace(ctx: Context, nt):
    if not _runs_plugin_postprocessor(ctx, nt) or plugin_views(nt.merged) is nt.merged:
        return
    for path, what in ((("properties", "views"), "property `views`"),
                       (("ui", "inspector", "groups", "pluginViews"), "inspector group `pluginViews`")):
        if get(nt.merged, *path) is None:
            continue
        if path[0] == "properties" and get(nt.effective, *path, "ui", "inspector", "editor") != PLUGIN_VIEWS_EDITOR:
            # a `views` property with a preset: the preset post-processor, which 8.3 runs after the plugin one,
            # writes it back with its preset (it reads the properties as written)
            continue
        yield ctx.at(nt, path, Severity.WARNING, "plugin-views-replaced",
                     f"the {what} is replaced as a whole by Neos 8.3's plugin post-processor, because this plugin "
                     "has `options.pluginViews`: what is written here never reaches the inspector. Use another name",
                     "views" if path[0] == "properties" else None)

