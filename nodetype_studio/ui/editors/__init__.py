"""Inspector editor widgets, one module per editor, and the list the registry starts from.

Built-ins register through the same ``EditorRegistry.register`` call as plugin editors. Editors not
listed here get the registry's placeholder.
"""

from importlib import import_module

from nodetype_studio.ui.editors.boolean import BooleanEditor
from nodetype_studio.ui.editors.datetime import DateTimeEditor
from nodetype_studio.ui.editors.plugin import EditorPlugin
from nodetype_studio.ui.editors.range import RangeEditor
from nodetype_studio.ui.editors.selectbox import SelectBoxEditor
from nodetype_studio.ui.editors.textarea import TextAreaEditor
from nodetype_studio.ui.editors.textfield import TextFieldEditor
from nodetype_studio.ui.editors.uripathsegment import UriPathSegmentEditor


def _on_first_use(module: str, name: str):
    """A factory that imports its editor's module when the first such editor is made: the media, link,
    reference, rich-text and code editors pull in the media library, the content tree, pygments..., which
    the window's start and most inspectors do not need."""
    widget = None  # the class, once imported (an import_module call per editor built is not free)

    def make(ctx, parent=None):
        nonlocal widget
        if widget is None:
            widget = getattr(import_module(f"nodetype_studio.ui.editors.{module}"), name)
        return widget(ctx) if parent is None else widget(ctx, parent)

    make.__qualname__ = make.__name__ = name
    return make


CodeEditor = _on_first_use("code", "CodeEditor")
RichTextEditor = _on_first_use("richtext", "RichTextEditor")
AssetEditor = _on_first_use("asset", "AssetEditor")
ImageEditor = _on_first_use("image", "ImageEditor")
LinkEditor = _on_first_use("link", "LinkEditor")
ReferenceEditor = _on_first_use("reference", "ReferenceEditor")
ReferencesEditor = _on_first_use("references", "ReferencesEditor")
NodeTypeEditor = _on_first_use("nodetype", "NodeTypeEditor")
MasterPluginEditor = _on_first_use("masterplugin", "MasterPluginEditor")
PluginViewEditor = _on_first_use("pluginview", "PluginViewEditor")
PluginViewsEditor = _on_first_use("pluginviews", "PluginViewsEditor")

# Identifiers in the spec's spelling; every platform spelling (`Neos.Neos/...`, legacy) finds them.
BUILTIN_EDITORS = [
    EditorPlugin("Cms.Cms/Inspector/Editors/BooleanEditor", BooleanEditor, "Checkbox"),
    EditorPlugin("Cms.Cms/Inspector/Editors/TextFieldEditor", TextFieldEditor, "Single-line text"),
    EditorPlugin("Cms.Cms/Inspector/Editors/TextAreaEditor", TextAreaEditor, "Multi-line text"),
    EditorPlugin("Cms.Cms/Inspector/Editors/CodeEditor", CodeEditor, "Full-screen code editor"),
    EditorPlugin("Cms.Cms/Inspector/Editors/SelectBoxEditor", SelectBoxEditor, "Select box"),
    EditorPlugin("Cms.Cms/Inspector/Editors/RangeEditor", RangeEditor, "Slider"),
    EditorPlugin("Cms.Cms/Inspector/Editors/DateTimeEditor", DateTimeEditor, "Date/time picker"),
    EditorPlugin("Cms.Cms/Inspector/Editors/UriPathSegmentEditor", UriPathSegmentEditor, "URL path segment"),
    EditorPlugin("Cms.Cms/Inspector/Editors/RichTextEditor", RichTextEditor, "Full-screen rich text, stored as clean HTML"),
    EditorPlugin("Cms.Cms/Inspector/Editors/AssetEditor", AssetEditor, "One or several assets of the media library"),
    EditorPlugin("Cms.Cms/Inspector/Editors/ImageEditor", ImageEditor, "Image with media browser, upload, crop and resize"),
    EditorPlugin("Cms.Cms/Inspector/Editors/LinkEditor", LinkEditor, "Link to a page, asset, URL or e-mail address"),
    EditorPlugin("Cms.Cms/Inspector/Editors/ReferenceEditor", ReferenceEditor, "One node of the sample content"),
    EditorPlugin("Cms.Cms/Inspector/Editors/ReferencesEditor", ReferencesEditor, "Ordered nodes of the sample content"),
    EditorPlugin("Cms.Cms/Inspector/Editors/NodeTypeEditor", NodeTypeEditor, "Node types that may take the node's place"),
    EditorPlugin("Cms.Cms/Inspector/Editors/MasterPluginEditor", MasterPluginEditor, "8.3: the plugin a plugin view shows"),
    EditorPlugin("Cms.Cms/Inspector/Editors/PluginViewEditor", PluginViewEditor, "8.3: the view of that plugin"),
    EditorPlugin("Cms.Cms/Inspector/Editors/PluginViewsEditor", PluginViewsEditor, "8.3: a plugin's views (read-only)"),
]

__all__ = ["BUILTIN_EDITORS"]
