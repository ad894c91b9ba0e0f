"""What 8.3's plugin editors show, answered from the preview's sample content (Qt-free).

Neos 8.3 has three editors for plugins with plugin views (``options.pluginViews``; gone in 9.0):

* MasterPluginEditor (``Neos.Neos:PluginView``'s ``plugin``): a select box of the site's plugin nodes
  whose type has plugin views; the UI's backend labels each ``"<type label>" on page "<page label>"``
  (Neos.Neos.Ui ``BackendServiceController::masterPluginsAction``, with the Main.xlf text of
  ``masterPlugins.nodeTypeOnPageLabel``), keyed by the node's identifier;
* PluginViewEditor (``view``): a select box of the views of the plugin node chosen in ``plugin``
  (``pluginViewsAction``), keyed by the view's name;
* PluginViewsEditor (the ``views`` property the plugin post-processor adds): the views of the node
  itself, each with where a PluginView node shows it (the preview's content has none: "on the current
  page").

View labels are translated as ``PluginViewDefinition::getLabel`` translates them: the translation of
the id, else the label as written, '' without one. The PluginService reads the views only when it can
(``model.postprocessors.plugin_views_fail``): views it cannot read give nothing here either.
"""

from __future__ import annotations

from typing import Any, Callable

from nodetype_studio.js.values import to_string
from nodetype_studio.model.postprocessors import plugin_views_fail, plugin_views_of

#: Main.xlf ``masterPlugins.nodeTypeOnPageLabel`` (Neos.Neos, English)
ON_PAGE = '"{type}" on page "{page}"'
#: the ids the editors translate; Neos.Neos's Main.xlf has no text for them, so the UI shows the ids
SELECT_PLUGIN = "Neos.Neos:Main:content.inspector.editors.masterPluginEditor.selectPlugin"
NO_PLUGIN = "Neos.Neos:Main:content.inspector.editors.masterPluginEditor.noPluginConfigured"
ON_CURRENT_PAGE = "content.inspector.editors.pluginViewsEditor.displayedOnCurrentPage"


def view_definitions(node_type: Any, translate: Callable[[Any], str]) -> list[tuple[str, str]]:
    """(name, label) of the plugin views of ``node_type`` (a model node type), in the order written."""
    config = getattr(node_type, "effective", None)
    views = plugin_views_of(config) if isinstance(config, dict) else None
    if not views or not isinstance(views, (dict, list)) or plugin_views_fail(views):
        return []
    entries = views.items() if isinstance(views, dict) else enumerate(views)
    found = []
    for name, view in entries:
        label = view.get("label") if isinstance(view, dict) else None
        if label is None:
            text = ""
        else:
            written = label if isinstance(label, str) else to_string(label)
            text = translate(written) or written
        found.append((str(name), text))
    return found


def master_plugins(workspace: Any, translate: Callable[[Any], str]) -> list[tuple[str, str]]:
    """(node identifier, label) of the plugin nodes of the current site whose type has plugin views, in
    the content's order; nodes outside a page are left out, as the backend leaves them out."""
    project = getattr(workspace, "project", None)
    if project is None:
        return []
    tree, types = workspace.content, workspace.types
    plugin = types.platform_type("Plugin")
    found = []
    for node in tree.nodes():
        if not tree.in_site(node) or not types.is_of_type(node.node_type, plugin) or types.is_abstract(node.node_type):
            continue
        node_type = project.node_types.get(types.normalize(node.node_type))
        if node_type is None or not view_definitions(node_type, translate):
            continue
        page = tree.document_of(node)
        if page is None:
            continue
        label = get_label(node_type)
        type_label = (translate(label) or label) if isinstance(label, str) else ""
        found.append((node.identifier, ON_PAGE.format(type=type_label, page=page.title)))
    return found


def views_of_plugin(workspace: Any, identifier: Any, translate: Callable[[Any], str]) -> list[tuple[str, str]]:
    """The views of the plugin node ``identifier`` (the value of a PluginView's ``plugin``)."""
    project = getattr(workspace, "project", None)
    if project is None or not isinstance(identifier, str) or not identifier:
        return []
    node = workspace.content.by_identifier(identifier)
    if node is None:
        return []
    node_type = project.node_types.get(workspace.types.normalize(node.node_type))
    return view_definitions(node_type, translate) if node_type is not None else []


def get_label(node_type: Any) -> Any:
    ui = node_type.effective.get("ui") if isinstance(getattr(node_type, "effective", None), dict) else None
    return ui.get("label") if isinstance(ui, dict) else None
