"""PluginViewsEditor (Neos 8.3; the ``views`` property the plugin post-processor gives a plugin with
``options.pluginViews``): the plugin's views, read-only.

As neos-ui's ``Editors/PluginViews``: a list with each view's label in bold and where it is shown. A view
is shown on another page when a PluginView node there names this plugin and view; the preview's sample
content has none, so each view says what the CMS says then ("view is displayed on current page", the
English text of ``content.inspector.editors.pluginViewsEditor.displayedOnCurrentPage``, written right
after the label as the UI writes it). The editor draws its own label (none); it stores nothing.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import workspace_of
from nodetype_studio.preview.plugins import ON_CURRENT_PAGE, ui_text, view_definitions
from nodetype_studio.ui.editors.base import EditorWidget


class PluginViewsEditor(EditorWidget):
    has_own_label = True

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        workspace = workspace_of(ctx)
        project = getattr(workspace, "project", None)
        name = ctx.node_value("_nodeType") if ctx.node_value is not None else None
        node_type = project.node_types.get(name) if project is not None and isinstance(name, str) else None
        translate = self.translated
        self.views = view_definitions(node_type, translate) if node_type is not None else []
        where = ui_text(ON_CURRENT_PAGE, ctx.translator.lookup)
        self.list = QLabel(self)
        self.list.setObjectName("pluginViews")
        self.list.setTextFormat(Qt.TextFormat.RichText)
        self.list.setWordWrap(True)
        # a label or an untranslated id longer than the inspector is wide must not widen it (it wraps or is cut)
        self.list.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.list.setText("<ul style='margin: 0'>" + "".join(
            f"<li><b>{escape(label)}</b>{escape(where)}</li>" for _name, label in self.views) + "</ul>"
            if self.views else "")
        self.add_field(self.list)

