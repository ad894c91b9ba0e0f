"""Inspector editor widgets, one module per editor, and the list the registry starts from.

Built-ins register through the same ``EditorRegistry.register`` call as plugin editors. Editors not
listed here (link, reference, media, rich text until they are built) get the registry's placeholder.
"""

from nodetype_studio.ui.editors.boolean import BooleanEditor
from nodetype_studio.ui.editors.code import CodeEditor
from nodetype_studio.ui.editors.datetime import DateTimeEditor
from nodetype_studio.ui.editors.range import RangeEditor
from nodetype_studio.ui.editors.registry import EditorPlugin
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
]

__all__ = ["BUILTIN_EDITORS"]
