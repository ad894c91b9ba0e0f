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
#: the ids the editors translate (neos-ui 8.3 ``Editors/MasterPlugin``, ``PluginView``, ``PluginViews``)
SELECT_PLUGIN = "Neos.Neos:Main:content.inspector.editors.masterPluginEditor.selectPlugin"
NO_PLUGIN = "Neos.Neos:Main:content.inspector.editors.masterPluginEditor.noPluginConfigured"
ON_CURRENT_PAGE = "content.inspector.editors.pluginViewsEditor.displayedOnCurrentPage"
#: their English texts in 8.3's Neos.Neos ``Main.xlf`` (9.0 dropped them with the editors); the
#: platform's translation files are not part of a project, so they are carried here
ENGLISH_83 = {
    SELECT_PLUGIN: "Select a Plugin",
    NO_PLUGIN: "No plugin configured",
    "Neos.Neos:Main:content.inspector.editors.pluginViewsEditor.displayedOnPage": "view is displayed on page",
    "Neos.Neos:Main:" + ON_CURRENT_PAGE: "view is displayed on current page",
}


def ui_text(translation_id: str, lookup: Callable[[str], str | None]) -> str:
    """What the 8.3 UI shows for one of these ids: its translation (an id without a package and source
    is one of Neos.Neos's ``Main``, as for the UI's translator), else the id as written."""
    full = translation_id if ":" in translation_id else f"Neos.Neos:Main:{translation_id}"
    return lookup(full) or ENGLISH_83.get(full) or translation_id


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
