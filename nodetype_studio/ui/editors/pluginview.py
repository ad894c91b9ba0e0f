"""PluginViewEditor (Neos 8.3; ``Neos.Neos:PluginView``'s ``view``): which view of the chosen plugin the
node shows.

As neos-ui's ``Editors/PluginView``: a plain select box (no search box, an empty choice) of the views of
the plugin node named by the node's ``plugin`` property, loaded again when ``plugin`` changes; the value
is the view's name (``preview.plugins.views_of_plugin``). Placeholders as the MasterPluginEditor's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import workspace_of
from nodetype_studio.preview.plugins import views_of_plugin
from nodetype_studio.ui.editors.masterplugin import PluginSelectBox


class PluginViewEditor(PluginSelectBox):
    watches = ("plugin",)

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self._offer_views(ctx.node_value("plugin") if ctx.node_value is not None else None)

    def watched_changed(self, name: str, value: Any) -> None:
        self._offer_views(value)

    def _offer_views(self, plugin: Any) -> None:
        self.offer(views_of_plugin(workspace_of(self.ctx), plugin, self.translated))
