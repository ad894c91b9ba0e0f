"""Inspector editor widgets, one module per editor, and the list the registry starts from.

Built-ins register through the same ``EditorRegistry.register`` call as plugin editors. Editors not
listed here get the registry's placeholder.
"""

from nodetype_studio.ui.editors.asset import AssetEditor
from nodetype_studio.ui.editors.boolean import BooleanEditor
from nodetype_studio.ui.editors.code import CodeEditor
from nodetype_studio.ui.editors.datetime import DateTimeEditor
from nodetype_studio.ui.editors.image import ImageEditor
from nodetype_studio.ui.editors.link import LinkEditor
from nodetype_studio.ui.editors.plugin import EditorPlugin
from nodetype_studio.ui.editors.range import RangeEditor
from nodetype_studio.ui.editors.reference import ReferenceEditor
from nodetype_studio.ui.editors.references import ReferencesEditor
from nodetype_studio.ui.editors.richtext import RichTextEditor
from nodetype_studio.ui.editors.selectbox import SelectBoxEditor
from nodetype_studio.ui.editors.textarea import TextAreaEditor
from nodetype_studio.ui.editors.textfield import TextFieldEditor
from nodetype_studio.ui.editors.uripathsegment import UriPathSegmentEditor

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
]

__all__ = ["BUILTIN_EDITORS"]
