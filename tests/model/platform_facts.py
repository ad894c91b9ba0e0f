"""The platform node types as the CMS resolves them: a hand-written table from
``shared/reference/platform-nodetypes.md`` (cited as "facts §N"; neos-facts.md as "neos-facts §N").

``EXPECTED[version][name]`` holds ``abstract``, ``supertypes`` (the resolved inheritance order,
facts §3 "Resolved inheritance order", without the type itself) and ``configuration``: the type's
configuration after merging and inheritance (facts §3 per-type tables and §4.1 property sets; merge
rule neos-facts §5.2-§5.4), *before* the steps the CMS runs when it builds and postprocesses a type:
the icon mapping (facts §6.6), the default editor and the data-type block under ``ui.inspector``
(neos-facts §1.3), the promoted creation dialog (facts §4.2), 9.x's ``references`` section (facts §6.4)
and the removal of ``abstract: true`` from the configuration (facts §3.1). Those steps' results are
listed separately in ``POSTPROCESSED`` as the facts state them.

``ENGLISH`` maps every translation id used below to its English text (facts §3, §5.2, §5.3).
"""

from __future__ import annotations

import copy

ENGLISH: dict[str, str] = {}
E = "Neos.Neos/Inspector/Editors/"
V = "Neos.Neos/Validation/"
VERSIONS = ("8.3", "9")


def t(translation_id: str, english: str | None) -> str:
    """A label id with its English text (None: the CMS has no text for it, facts §8)."""
    ENGLISH[translation_id] = english
    return translation_id


def over(base: dict, *layers: dict) -> dict:
    """Flow's merge (neos-facts §5.2), used to write a resolved block as "base + what this type adds"."""
    result = copy.deepcopy(base)
    for layer in layers:
        for key, value in layer.items():
            if isinstance(value, dict) and value and isinstance(result.get(key), dict):
                result[key] = over(result[key], value)
            else:
                result[key] = copy.deepcopy(value)
    return result


def sup(*names: str) -> dict:
    return {name: True for name in names}


NODE = "Neos.Neos:Node"
HIDABLE = "Neos.Neos:Hidable"
TIMABLE = {"8.3": "Neos.Neos:Timable", "9": "Neos.TimeableNodeVisibility:Timeable"}
CONTENT = "Neos.Neos:Content"
DOCUMENT = "Neos.Neos:Document"
BM = "Neos.NodeTypes.BaseMixins"

# --- facts §3.2 Neos.Neos:Node -------------------------------------------------------------------
NODE_LABEL = "${Neos.Node.labelForNode(node).properties('title', 'text')}"
NODE_PP = {
    "NodeTypePresetPostprocessor": {"postprocessor": "Neos\\Neos\\NodeTypePostprocessor\\NodeTypePresetPostprocessor",
                                    "position": "before IconNameMappingPostprocessor"},
    "IconNameMappingPostprocessor": {"postprocessor": "Neos\\Neos\\NodeTypePostprocessor\\IconNameMappingPostprocessor",
                                     "position": "before DefaultPropertyEditorPostprocessor"},
    "DefaultPropertyEditorPostprocessor": {
        "postprocessor": "Neos\\Neos\\NodeTypePostprocessor\\DefaultPropertyEditorPostprocessor", "position": "end"},
}
NODE_INSPECTOR = {
    "tabs": {
        "default": {"label": t("Neos.Neos:NodeTypes.Node:tabs.default", "General"), "position": 10, "icon": "icon-pencil"},
        "meta": {"label": t("Neos.Neos:NodeTypes.Node:tabs.meta", "Metadata"), "position": 20, "icon": "icon-cog"},
    },
    "groups": {
        "default": {"label": t("Neos.Neos:NodeTypes.Node:groups.default", "General"), "position": 10, "icon": "icon-pencil"},
        "type": {"label": t("Neos.Neos:NodeTypes.Node:groups.type", "Change type"), "position": 990, "tab": "meta",
                 "icon": "icon-exchange"},
        "nodeInfo": {"label": t("Neos.Neos:NodeTypes.Node:groups.nodeInfo", "Additional info"), "position": 1000,
                     "tab": "meta", "icon": "icon-info", "collapsed": True},
    },
    "views": {"nodeInfo": {"label": t("Neos.Neos:NodeTypes.Node:views.nodeInfo", "Metadata"), "group": "nodeInfo",
                           "view": "Neos.Neos/Inspector/Views/NodeInfoView"}},
}
RECORD_FIELDS_83 = {"_removed": {"type": "boolean"}, "_creationDateTime": {"type": "DateTime"},
                    "_lastModificationDateTime": {"type": "DateTime"}, "_lastPublicationDateTime": {"type": "DateTime"},
                    "_path": {"type": "string"}, "_name": {"type": "string"}}


def node_type_property(base: str) -> dict:
    return {"type": "string", "ui": {
        "label": t("Neos.Neos:NodeTypes.Node:properties._nodeType", "Type"), "reloadIfChanged": True,
        "inspector": {"group": "type", "position": 100, "editor": E + "NodeTypeEditor",
                      "editorOptions": {"placeholder": "Loading ...", "baseNodeType": base}}}}


def node_properties(version: str, base: str) -> dict:
    return {**(RECORD_FIELDS_83 if version == "8.3" else {}), "_nodeType": node_type_property(base)}


def node_config(version: str, base: str = "") -> dict:
    return {"label": NODE_LABEL, "options": {"fusion": {"prototypeGenerator": None}}, "postprocessors": NODE_PP,
            "ui": {"inspector": NODE_INSPECTOR}, "properties": node_properties(version, base)}


# --- facts §3.2 Hidable, Timable / Timeable ---------------------------------------------------------
VISIBILITY_GROUP = {"visibility": {"label": t("Neos.Neos:Inspector:groups.visibility", "Visibility"), "icon": "icon-eye",
                                   "position": 100, "tab": "meta"}}
HIDDEN = {"_hidden": {"type": "boolean", "ui": {"label": t("Neos.Neos:NodeTypes.Hidable:properties._hidden", "Hide"),
                                                "inspector": {"group": "visibility", "position": 30}}}}


def date_property(label: str, position: int) -> dict:
    return {"type": "DateTime", "ui": {"label": label, "inspector": {
        "group": "visibility", "position": position, "editorOptions": {"format": "d-m-Y H:i"}}},
        "validation": {V + "DateTimeValidator": []}}


TIMED = {
    "8.3": {"_hiddenBeforeDateTime": date_property(t("Neos.Neos:NodeTypes.Timable:properties._hiddenBeforeDateTime", "Hide before"), 10),
            "_hiddenAfterDateTime": date_property(t("Neos.Neos:NodeTypes.Timable:properties._hiddenAfterDateTime", "Hide after"), 20)},
    "9": {"enableAfterDateTime": date_property(
              t("Neos.TimeableNodeVisibility:NodeTypes.Timeable:properties.enableAfterDateTime", "Show after"), 10),
          "disableAfterDateTime": date_property(
              t("Neos.TimeableNodeVisibility:NodeTypes.Timeable:properties.disableAfterDateTime", "Hide after"), 20)},
}
VISIBILITY_UI = {"inspector": {"groups": VISIBILITY_GROUP}}

# --- facts §3.2 Content and Document, §6.3 creation handlers -----------------------------------------
CDP = "Neos\\Neos\\Ui\\NodeCreationHandler\\CreationDialogPropertiesCreationHandler"
PROMOTED = "Neos\\Neos\\Ui\\Infrastructure\\ContentRepository\\CreationDialog\\PromotedElementsCreationHandlerFactory"
CREATION_PP = {
    "8.3": {"CreationDialogPostprocessor": {"postprocessor": "Neos\\Neos\\NodeTypePostprocessor\\CreationDialogPostprocessor",
                                            "position": "after NodeTypePresetPostprocessor"}},
    "9": {"CreationDialogPostprocessor": {
        "postprocessor": "Neos\\Neos\\Ui\\Infrastructure\\ContentRepository\\CreationDialog\\CreationDialogNodeTypePostprocessor",
        "position": "after NodeTypePresetPostprocessor"}},
}
HANDLERS = {
    ("8.3", CONTENT): {"creationDialogProperties": {"nodeCreationHandler": CDP},
                       "documentTitle": {"nodeCreationHandler": "Neos\\Neos\\Ui\\NodeCreationHandler\\ContentTitleNodeCreationHandler"}},
    ("9", CONTENT): {"promotedElements": {"factoryClassName": PROMOTED}},
    ("8.3", DOCUMENT): {"documentTitle": {"nodeCreationHandler": "Neos\\Neos\\Ui\\NodeCreationHandler\\DocumentTitleNodeCreationHandler"},
                        "creationDialogProperties": {"nodeCreationHandler": CDP}},
    ("9", DOCUMENT): {"uriPathSegment": {"factoryClassName": "Neos\\Neos\\Ui\\Infrastructure\\Neos\\UriPathSegmentNodeCreationHandlerFactory"},
                      "promotedElements": {"factoryClassName": PROMOTED}},
}


def content(version: str) -> dict:
    return over(node_config(version, CONTENT), {
        "superTypes": sup(NODE, HIDABLE, TIMABLE[version]),
        "ui": {"label": t("Neos.Neos:NodeTypes.Content:ui.label", "Content"), "icon": "icon-square-o", "group": "general",
               "search": {"searchCategory": "Content"},
               "inspector": {"groups": {"type": {"label": t("Neos.Neos:NodeTypes.Content:groups.type", "Change type"),
                                                 "position": 100, "tab": "meta"},
                                        **VISIBILITY_GROUP}}},
        "properties": {**HIDDEN, **TIMED[version]},
        "constraints": {"nodeTypes": {"*": False}},
        "options": {"nodeCreationHandlers": HANDLERS[(version, CONTENT)]},
        "postprocessors": CREATION_PP[version],
    })


STRING_LENGTH = {"minimum": 1, "maximum": 255}


def document(version: str) -> dict:
    hidden_in_menu = "_hiddenInIndex" if version == "8.3" else "hiddenInMenu"
    dialog = ({"title": {"type": "string", "ui": {
                  "label": t("Neos.Neos:NodeTypes.Document:creationDialog.title", "Title"), "editor": E + "TextFieldEditor"},
                  "validation": {V + "NotEmptyValidator": []}}}
              if version == "8.3" else {"title": {"position": "start"}})
    return over(node_config(version, DOCUMENT), {
        "superTypes": sup(NODE, HIDABLE, TIMABLE[version]),
        "aggregate": True,
        "ui": {"label": "Document", "group": "general", "search": {"searchCategory": "Documents"},
               "creationDialog": {"elements": dialog},
               "inspector": {"groups": {**VISIBILITY_GROUP, "document": {
                   "label": t("Neos.Neos:NodeTypes.Document:groups.document", "Document"), "position": 10, "icon": "icon-file"}}}},
        "properties": {
            **over(HIDDEN, {"_hidden": {"ui": {"reloadPageIfChanged": True}}}), **TIMED[version],
            "title": {"type": "string", "ui": {
                "label": t("Neos.Neos:NodeTypes.Document:properties.title", "Title"), "reloadPageIfChanged": True,
                "showInCreationDialog": True, "inspector": {"group": "document"}},
                "validation": {V + "NotEmptyValidator": [], V + "StringLengthValidator": STRING_LENGTH}},
            "uriPathSegment": {"type": "string", "ui": {
                "label": t("Neos.Neos:NodeTypes.Document:properties.uriPathSegment", "URL path segment"),
                "reloadPageIfChanged": True,
                "inspector": {"group": "document", "editor": E + "UriPathSegmentEditor",
                              "editorOptions": {"title": "ClientEval:node.properties.title"}}},
                "validation": {V + "NotEmptyValidator": [], V + "StringLengthValidator": STRING_LENGTH,
                               V + "RegularExpressionValidator": {"regularExpression": "/^[a-z0-9\\-]+$/i"}}},
            hidden_in_menu: {"type": "boolean", "ui": {
                "label": t(f"Neos.Neos:NodeTypes.Document:properties.{hidden_in_menu}", "Hide in menus"),
                "reloadPageIfChanged": True, "inspector": {"group": "visibility", "position": 40}}},
        },
        "constraints": {"nodeTypes": {"*": False, **({"Neos.Neos:Site": False} if version == "9" else {}), DOCUMENT: True}},
        "options": {"nodeCreationHandlers": HANDLERS[(version, DOCUMENT)]},
        "postprocessors": CREATION_PP[version],
    })


def plugin(version: str) -> dict:
    return over(content(version), {
        "superTypes": sup(CONTENT),
        "ui": {"label": t("Neos.Neos:NodeTypes.Plugin:ui.label", "Plugin"), "icon": "icon-puzzle-piece", "group": "plugins",
               "inspector": {"groups": {"pluginSettings": {
                   "label": t("Neos.Neos:NodeTypes.Plugin:groups.pluginSettings", None), "icon": "icon-sliders"}}}},
        **({"postprocessors": {"PluginPostprocessor": {
            "postprocessor": "Neos\\Neos\\NodeTypePostprocessor\\PluginNodeTypePostprocessor"}}} if version == "8.3" else {}),
    })


def selectbox_values(values: dict) -> dict:
    return {"values": {value: {"label": label} for value, label in values.items()}}


def shortcut(version: str) -> dict:
    handler = "Neos.Neos/Inspector/Handlers/ShortcutHandler"
    prefix = "Neos.Neos:NodeTypes.Shortcut:properties"
    values = {v: t(f"{prefix}.targetMode.selectBoxEditor.values.{v}", en) for v, en in
              (("firstChildNode", "First child node"), ("parentNode", "Parent node"), ("selectedTarget", "Selected target"))}
    return over(document(version), {
        "superTypes": sup(DOCUMENT),
        "ui": {"label": t("Neos.Neos:NodeTypes.Shortcut:ui.label", "Shortcut"), "icon": "icon-share", "position": 200,
               "inspector": {"groups": {"document": {"label": t("Neos.Neos:NodeTypes.Shortcut:groups.document", "Shortcut options")}}}},
        "properties": {
            "targetMode": {"type": "string", "defaultValue": "parentNode", "ui": {
                "label": t(f"{prefix}.targetMode", "Target mode"), "reloadPageIfChanged": True,
                "inspector": {"group": "document", "editor": E + "SelectBoxEditor", "editorOptions": selectbox_values(values),
                              "editorListeners": {"removeTargetIfNotUsed": {"property": "target", "handler": handler}}}}},
            "target": {"type": "string", "ui": {
                "label": t(f"{prefix}.target", "Target"), "reloadPageIfChanged": True,
                "inspector": {"group": "document", "editor": E + "LinkEditor",
                              "hidden": 'ClientEval:node.properties.targetMode === "selectedTarget" ? false : true',
                              "editorListeners": {"setTargetModeIfNotEmpty": {"property": "targetMode", "handler": handler}}}}},
        },
    })


def plugin_view() -> dict:
    prefix = "Neos.Neos:NodeTypes.PluginView"
    return over(content("8.3"), {
        "superTypes": sup(CONTENT),
        "ui": {"label": t(f"{prefix}:ui.label", "Plugin View"), "icon": "icon-puzzle-piece", "group": "plugins", "position": 100,
               "inspector": {"groups": {"pluginViews": {"label": t(f"{prefix}:groups.pluginViews", "Plugin Views"),
                                                        "icon": "icon-puzzle-piece", "position": 100}}}},
        "properties": {
            "plugin": {"type": "string", "ui": {"label": t(f"{prefix}:properties.plugin", "Master View"), "reloadIfChanged": True,
                                                "inspector": {"group": "pluginViews", "position": 10, "editor": E + "MasterPluginEditor"}}},
            "view": {"type": "string", "ui": {"label": t(f"{prefix}:properties.view", "Plugin View"), "reloadIfChanged": True,
                                              "inspector": {"group": "pluginViews", "position": 20, "editor": E + "PluginViewEditor"}}},
        },
    })


# --- facts §3.4 Neos.NodeTypes.BaseMixins ------------------------------------------------------------
def bm(mixin: str, rest: str, english: str | None) -> str:
    return t(f"{BM}:NodeTypes.{mixin}:{rest}", english)


TITLE_MIXIN = {"properties": {"title": {"type": "string", "defaultValue": "<h1>Enter headline here</h1>", "ui": {
    "inlineEditable": True, "inline": {"editorOptions": {"formatting": {
        "p": False, "h1": True, "h2": True, "h3": True, "removeFormat": True, "a": True}}}}}}}
TEXT_MIXIN = {"properties": {"text": {"type": "string", "defaultValue": "", "ui": {
    "inlineEditable": True, "inline": {"editorOptions": {
        "autoparagraph": True,
        "placeholder": bm("TextMixin", "properties.text.ui.inline.editorOptions.placeholder", "<p>Enter text here</p>"),
        "formatting": {**{k: True for k in ("strong", "em", "p", "h1", "h2", "h3", "pre", "removeFormat", "table", "a", "ol",
                                            "ul", "blockquote")},
                       **{k: False for k in ("sub", "sup", "underline", "strikethrough")}}}}}}}}


def image_property(name: str, type_: str, english: str, position: int) -> dict:
    return {"type": type_, "ui": {"label": bm("ImageMixin", f"properties.{name}", english), "reloadIfChanged": True,
                                  "inspector": {"group": "image", "position": position}}}


IMAGE_MIXIN = {
    "ui": {"inspector": {"groups": {"image": {"label": bm("ImageMixin", "groups.image", "Image"), "icon": "icon-image",
                                              "position": 5}}}},
    "properties": {"image": image_property("image", "Neos\\Media\\Domain\\Model\\ImageInterface", "Image", 50),
                   "alternativeText": image_property("alternativeText", "string", "Alternative text", 100),
                   "title": image_property("title", "string", "Title", 150)},
}
LINK_MIXIN = {"properties": {"link": {"type": "string", "ui": {
    "label": bm("LinkMixin", "properties.link", "Link"), "reloadIfChanged": True,
    "inspector": {"position": 300, "editor": E + "LinkEditor"}}}}}
CAPTION_MIXIN = {"properties": {
    "hasCaption": {"type": "boolean", "ui": {"label": bm("ImageCaptionMixin", "properties.hasCaption", "Enable caption"),
                                             "reloadIfChanged": True, "inspector": {"group": "image", "position": 200}}},
    "caption": {"type": "string", "defaultValue": "", "ui": {"inlineEditable": True, "inline": {"editorOptions": {
        "autoparagraph": True,
        "placeholder": bm("ImageCaptionMixin", "properties.caption.ui.inline.editorOptions.placeholder",
                          "<p>Enter caption here</p>")}}}}}}
_ALIGN = "properties.alignment.selectBoxEditor"
ALIGNMENT_MIXIN = {"properties": {"alignment": {"type": "string", "defaultValue": "", "ui": {
    "label": bm("ImageAlignmentMixin", "properties.alignment", "Alignment"), "reloadIfChanged": True,
    "inspector": {"group": "image", "position": 400, "editor": E + "SelectBoxEditor", "editorOptions": {
        "placeholder": bm("ImageAlignmentMixin", f"{_ALIGN}.placeholder", "Default"),
        **selectbox_values({"": "", **{v: bm("ImageAlignmentMixin", f"{_ALIGN}.values.{v}", v.capitalize())
                                       for v in ("center", "left", "right")}})}}}}}}
CONTENT_IMAGE_ORDER = (IMAGE_MIXIN, LINK_MIXIN, CAPTION_MIXIN, ALIGNMENT_MIXIN)
CONTENT_IMAGE_MIXIN = over({"superTypes": sup(*(f"{BM}:{n}" for n in ("ImageMixin", "LinkMixin", "ImageCaptionMixin",
                                                                       "ImageAlignmentMixin")))},
                           *CONTENT_IMAGE_ORDER, {"properties": {"link": {"ui": {"inspector": {"group": "image"}}}}})
BASE_MIXINS = {"TitleMixin": TITLE_MIXIN, "TextMixin": TEXT_MIXIN, "ImageMixin": IMAGE_MIXIN, "ImageCaptionMixin": CAPTION_MIXIN,
               "ImageAlignmentMixin": ALIGNMENT_MIXIN, "LinkMixin": LINK_MIXIN, "ContentImageMixin": CONTENT_IMAGE_MIXIN}
BASE_MIXIN_ANCESTORS = {"ContentImageMixin": [f"{BM}:{n}" for n in ("ImageMixin", "LinkMixin", "ImageCaptionMixin",
                                                                      "ImageAlignmentMixin")]}


# --- facts §3.6, §3.7 content types and Page ------------------------------------------------------------
def ntl(package: str, name: str, rest: str, english: str | None) -> str:
    return t(f"{package}:NodeTypes.{name}:{rest}", english)


def content_type(version, declared_supers, label, icon, position, *mixins, group=None, extra=None) -> dict:
    ui = {"label": label, **({"position": position} if position is not None else {}), **({"icon": icon} if icon else {}),
          **({"group": group} if group else {})}
    return over(content(version), *mixins, {"superTypes": sup(*declared_supers), "ui": ui}, extra or {})


def page(version: str) -> dict:
    n = "Neos.NodeTypes"

    def layout(name: str, english: str, position: int, reload: bool) -> dict:
        return {"type": "string", "ui": {
            "label": ntl(n, "Page", f"properties.{name}", english), **({"reloadIfChanged": True} if reload else {}),
            "inspector": {"group": None, "position": position, "editor": E + "SelectBoxEditor", "editorOptions": {
                "placeholder": ntl(n, "Page", f"properties.{name}.selectBoxEditor.placeholder", "Inherit from parent"),
                **selectbox_values({"": ""})}}}}

    return over(document(version), {
        "superTypes": sup(DOCUMENT),
        "ui": {"label": ntl(n, "Page", "ui.label", "Page"), "icon": "icon-file", "position": 100,
               "inspector": {"groups": {"document": {"label": ntl(n, "Page", "groups.document", "Title")},
                                        "layout": {"label": ntl(n, "Page", "groups.layout", "Layout"),
                                                   "icon": "icon-paint-brush", "position": 150}}}},
        "childNodes": {"main": {"type": "Neos.Neos:ContentCollection"}},
        "properties": {"layout": layout("layout", "Layout for this page only", 100, True),
                       "subpageLayout": layout("subpageLayout", "Layout for subpages of this page", 110, False)},
    })


CL = "Neos.NodeTypes.ColumnLayouts"
COLUMN_LABELS = {"TwoColumn": ["Left Column", "Right Column"],
                 "ThreeColumn": ["Left Column", "Middle Column", "Right Column"],
                 "FourColumn": ["Left Column", "Middle Left Column", "Middle Right Column", "Right Column"]}
COLUMN_VALUES = {"TwoColumn": ("50-50", ["50-50", "75-25", "25-75", "66-33", "33-66"], 200, "Two column content"),
                 "ThreeColumn": ("33-33-33", ["33-33-33", "50-25-25", "25-50-25", "25-25-50"], 300, "Three column content"),
                 "FourColumn": ("25-25-25-25", ["25-25-25-25"], 400, "Four column content")}


def column(version: str) -> dict:
    return content_type(version, [CONTENT], ntl(CL, "Column", "ui.label", "Column"), "icon-columns", None, group="structure",
                        extra={"ui": {"inlineEditable": True, "inspector": {"groups": {"column": {
                            "label": ntl(CL, "Column", "groups.column", "Columns"), "icon": "icon-columns", "position": 10}}}},
                            "properties": {"layout": {"type": "string", "ui": {
                                "label": ntl(CL, "Column", "properties.layout", "Layout"),
                                "inspector": {"group": "column", "editor": E + "SelectBoxEditor"}}}}})


def columns(version: str, name: str) -> dict:
    default, values, position, english = COLUMN_VALUES[name]
    children = {f"column{i}": {**({"label": label} if version == "9" else {}), "type": "Neos.Neos:ContentCollection"}
                for i, label in enumerate(COLUMN_LABELS[name])}
    return over(column(version), {
        "superTypes": sup(f"{CL}:Column"),
        "ui": {"label": ntl(CL, name, "ui.label", english), "position": position},
        "childNodes": children,
        "properties": {"layout": {"defaultValue": default, "ui": {"reloadIfChanged": True, "inspector": {
            "editorOptions": selectbox_values({v: v.replace("-", "% / ") + "%" for v in values})}}}},
    })


def group(package: str, name: str, group_id: str, english: str, icon: str, position: int) -> dict:
    return {group_id: {"label": ntl(package, name, f"groups.{group_id}", english), "icon": icon, "position": position}}


def navigation(version: str) -> dict:
    p, n = "Neos.NodeTypes.Navigation", "Navigation"
    levels = [("-4", "Four Levels Above Current Page"), ("-3", "Three Levels Above Current Page"),
              ("-2", "Two Levels Above Current Page"), ("-1", "One Level Above Current Page"),
              ("0", "Same Level As Current Page"), ("1", "First Level Of Website"), ("2", "Second Level Of Website"),
              ("3", "Third Level Of Website"), ("4", "Fourth Level Of Website"), ("5", "Fifth Level Of Website"),
              ("6", "Sixth Level Of Website")]

    def prop(name, english, type_, **inspector):
        return {"type": type_, "ui": {"label": ntl(p, n, f"properties.{name}", english), "reloadIfChanged": True,
                                      "inspector": {"group": "options", **inspector}}}

    return content_type(version, [CONTENT], ntl(p, n, "ui.label", "Menu"), "icon-sitemap", 100, group="structure", extra={
        "ui": {"inspector": {"groups": group(p, n, "options", "Options", "icon-sliders", 30)}},
        "properties": {
            "startLevel": {**prop("startLevel", "Starting Level", "string", editor=E + "SelectBoxEditor", editorOptions=selectbox_values(
                {v: ntl(p, n, f"properties.startLevel.selectBoxEditor.values.{v}", en) for v, en in levels})),
                "defaultValue": "0"},
            "selection": prop("selection", "Selection", "references"),
            "startingPoint": prop("startingPoint", "Starting Point", "reference"),
            "maximumLevels": {**prop("maximumLevels", "Maximum Levels", "string", editor=E + "SelectBoxEditor",
                                     editorOptions=selectbox_values({str(i): str(i) for i in range(1, 11)})),
                              "defaultValue": "1"},
        }})


def simple_content(version: str, package: str, name: str, english: str, icon: str, position: int, groups: dict,
                   properties: dict) -> dict:
    return content_type(version, [CONTENT], ntl(package, name, "ui.label", english), icon, position,
                        extra={"ui": {"inspector": {"groups": groups}}, "properties": properties})


def others(version: str) -> dict[str, dict]:
    al, cr, fo, ht = ("Neos.NodeTypes.AssetList", "Neos.NodeTypes.ContentReferences", "Neos.NodeTypes.Form",
                      "Neos.NodeTypes.Html")
    return {
        f"{al}:AssetList": simple_content(version, al, "AssetList", "Asset list", "icon-files-o", 700,
                                          group(al, "AssetList", "resources", "Resources", "icon-files-o", 5),
                                          {"assets": {"type": "array<Neos\\Media\\Domain\\Model\\Asset>", "ui": {
                                              "label": ntl(al, "AssetList", "properties.assets", "Assets"),
                                              "reloadIfChanged": True, "inspector": {"group": "resources"}}}}),
        f"{cr}:ContentReferences": simple_content(
            version, cr, "ContentReferences", "Insert content references", "icon-copy", 800,
            group(cr, "ContentReferences", "references", "References", "icon-copy", 10),
            {"references": {"type": "references", "ui": {
                "label": ntl(cr, "ContentReferences", "properties.references", "Select"), "reloadIfChanged": True,
                "inspector": {"group": "references", "editorOptions": {"nodeTypes": ["Neos.Neos:Content"]}}}}}),
        f"{fo}:Form": simple_content(version, fo, "Form", "Form", "icon-envelope-alt", 600,
                                     group(fo, "Form", "form", "Form", "icon-envelope-alt", 30),
                                     {"formIdentifier": {"type": "string", "ui": {
                                         "label": ntl(fo, "Form", "properties.formIdentifier", "Form Identifier"),
                                         "reloadIfChanged": True, "inspector": {
                                             "group": "form", "editor": E + "SelectBoxEditor", "editorOptions": {
                                                 "placeholder": ntl(fo, "Form", "properties.formIdentifier.selectBoxEditor.placeholder",
                                                                    "Select the Form identifier"),
                                                 "dataSourceIdentifier": "neos-nodetypes-form-definitions"}}}}}),
        f"{ht}:Html": simple_content(version, ht, "Html", "HTML", "icon-code", 500, group(ht, "Html", "html", "HTML", "icon-code", 10),
                                     {"source": {"type": "string", "defaultValue": "<p>Enter HTML here</p>", "ui": {
                                         "label": ntl(ht, "Html", "properties.source", "HTML Content"), "reloadIfChanged": True,
                                         "inspector": {"group": "html", "editor": E + "CodeEditor", "editorOptions": {
                                             "buttonLabel": ntl(ht, "Html", "properties.source.codeEditor.buttonLabel",
                                                                "Edit HTML source")}}}}}),
        "Neos.NodeTypes.Navigation:Navigation": navigation(version),
    }


def _entry(abstract: bool, supertypes: list[str], configuration: dict) -> dict:
    return {"abstract": abstract, "supertypes": supertypes, "configuration": configuration}


def build(version: str) -> dict[str, dict]:
    """Every platform type of ``version`` (facts §2 inventory)."""
    timable = TIMABLE[version]
    cd = [NODE, HIDABLE, timable]  # Content's and Document's resolved inheritance (facts §3.2)
    types: dict[str, dict] = {}
    if version == "8.3":
        types["unstructured"] = _entry(False, [], {"abstract": False, "constraints": {"nodeTypes": {"*": True}}})
    else:
        types["Neos.ContentRepository:Root"] = _entry(False, [], {})
    types[NODE] = _entry(True, [], node_config(version))
    types[HIDABLE] = _entry(True, [], {"ui": VISIBILITY_UI, "properties": HIDDEN})
    types[timable] = _entry(True, [], {"ui": VISIBILITY_UI, "properties": TIMED[version]})
    types[CONTENT] = _entry(True, cd, content(version))
    types[DOCUMENT] = _entry(True, cd, document(version))
    types["Neos.Neos:Plugin"] = _entry(True, cd + [CONTENT], plugin(version))
    if version == "9":
        site = over(document(version), {"superTypes": sup(DOCUMENT), "properties": {"uriPathSegment": {
            "validation": None, "ui": {"inspector": {"hidden": True}}}}})
        types["Neos.Neos:Site"] = _entry(True, cd + [DOCUMENT], site)
        types["Neos.Neos:Sites"] = _entry(False, ["Neos.ContentRepository:Root"], {
            "superTypes": sup("Neos.ContentRepository:Root"),
            "constraints": {"nodeTypes": {"*": False, "Neos.Neos:Site": True}}})
    types["Neos.Neos:ContentCollection"] = _entry(False, [NODE], over(node_config(version), {
        "superTypes": sup(NODE),
        "ui": {"label": t("Neos.Neos:NodeTypes.ContentCollection:ui.label", "Content Collection"), "icon": "icon-folder-open-alt",
               "inlineEditable": True},
        "constraints": {"nodeTypes": {DOCUMENT: False, "*": True}}}))
    types["Neos.Neos:FallbackNode"] = _entry(False, [NODE], over(node_config(version, CONTENT), {
        "superTypes": sup(NODE),
        "ui": {"label": t("Neos.Neos:NodeTypes.FallbackNode:ui.label", "Invalid node"), "icon": "icon-remove-sign"}}))
    types["Neos.Neos:Shortcut"] = _entry(False, cd + [DOCUMENT], shortcut(version))
    if version == "8.3":
        types["Neos.Neos:PluginView"] = _entry(False, cd + [CONTENT], plugin_view())
    # facts §3.4 and §3.5: the base mixins and their legacy aliases
    for name, config in BASE_MIXINS.items():
        ancestors = BASE_MIXIN_ANCESTORS.get(name, [])
        types[f"{BM}:{name}"] = _entry(True, ancestors, config)
        types[f"Neos.NodeTypes:{name}"] = _entry(True, ancestors + [f"{BM}:{name}"],
                                                 over(config, {"superTypes": sup(f"{BM}:{name}")}))
    content_image = BASE_MIXIN_ANCESTORS["ContentImageMixin"] + [f"{BM}:ContentImageMixin", "Neos.NodeTypes:ContentImageMixin"]
    nt = "Neos.NodeTypes"
    alias = {name: over(config, {"superTypes": sup(f"{BM}:{name}")}) for name, config in BASE_MIXINS.items()}
    types[f"{nt}:Headline"] = _entry(False, cd + [CONTENT, f"{BM}:TitleMixin", f"{nt}:TitleMixin"], content_type(
        version, [CONTENT, f"{nt}:TitleMixin"], ntl(nt, "Headline", "ui.label", "Headline"), "icon-header", 100, alias["TitleMixin"]))
    types[f"{nt}:Text"] = _entry(False, cd + [CONTENT, f"{BM}:TextMixin", f"{nt}:TextMixin"], content_type(
        version, [CONTENT, f"{nt}:TextMixin"], ntl(nt, "Text", "ui.label", "Text"), "icon-file-text", 200, alias["TextMixin"]))
    types[f"{nt}:Image"] = _entry(False, cd + [CONTENT] + content_image, content_type(
        version, [CONTENT, f"{nt}:ContentImageMixin"], ntl(nt, "Image", "ui.label", "Image"), "icon-picture", 300,
        alias["ContentImageMixin"]))
    types[f"{nt}:TextWithImage"] = _entry(False, cd + [CONTENT, f"{BM}:TextMixin", f"{nt}:TextMixin"] + content_image, content_type(
        version, [CONTENT, f"{nt}:TextMixin", f"{nt}:ContentImageMixin"],
        ntl(nt, "TextWithImage", "ui.label", "Text with Image"), "icon-picture", 400, alias["TextMixin"], alias["ContentImageMixin"]))
    types[f"{nt}:Page"] = _entry(False, cd + [DOCUMENT], page(version))
    for name, config in others(version).items():
        types[name] = _entry(False, cd + [CONTENT], config)
    types[f"{CL}:Column"] = _entry(True, cd + [CONTENT], column(version))
    for name in ("TwoColumn", "ThreeColumn", "FourColumn"):
        types[f"{CL}:{name}"] = _entry(False, cd + [CONTENT, f"{CL}:Column"], columns(version, name))
    return types


EXPECTED = {version: build(version) for version in VERSIONS}

# --- facts §4.1: resolved property order (9.x: references listed apart, facts §6.4) -----------------------
_NODE_ORDER = {"8.3": list(RECORD_FIELDS_83) + ["_nodeType"], "9": ["_nodeType"]}
_CONTENT_ORDER = {v: _NODE_ORDER[v] + ["_hidden"] + list(TIMED[v]) for v in VERSIONS}
_DOCUMENT_ORDER = {v: _CONTENT_ORDER[v] + ["title", "uriPathSegment", "_hiddenInIndex" if v == "8.3" else "hiddenInMenu"]
                   for v in VERSIONS}
_IMAGE = ["image", "alternativeText", "title", "link", "hasCaption", "caption", "alignment"]
PROPERTY_ORDER = {v: {
    "Neos.Neos:ContentCollection": _NODE_ORDER[v], "Neos.Neos:FallbackNode": _NODE_ORDER[v],
    "Neos.Neos:Shortcut": _DOCUMENT_ORDER[v] + ["targetMode", "target"],
    "Neos.NodeTypes.AssetList:AssetList": _CONTENT_ORDER[v] + ["assets"],
    **{f"{CL}:{n}": _CONTENT_ORDER[v] + ["layout"] for n in ("TwoColumn", "ThreeColumn", "FourColumn")},
    "Neos.NodeTypes.ContentReferences:ContentReferences": _CONTENT_ORDER[v] + (["references"] if v == "8.3" else []),
    "Neos.NodeTypes.Form:Form": _CONTENT_ORDER[v] + ["formIdentifier"],
    "Neos.NodeTypes.Html:Html": _CONTENT_ORDER[v] + ["source"],
    "Neos.NodeTypes.Navigation:Navigation": _CONTENT_ORDER[v] + (
        ["startLevel", "selection", "startingPoint", "maximumLevels"] if v == "8.3" else ["startLevel", "maximumLevels"]),
    "Neos.NodeTypes:Headline": _CONTENT_ORDER[v] + ["title"],
    "Neos.NodeTypes:Image": _CONTENT_ORDER[v] + _IMAGE,
    "Neos.NodeTypes:Text": _CONTENT_ORDER[v] + ["text"],
    "Neos.NodeTypes:TextWithImage": _CONTENT_ORDER[v] + ["text"] + _IMAGE,
    "Neos.NodeTypes:Page": _DOCUMENT_ORDER[v] + ["layout", "subpageLayout"],
    **({"Neos.Neos:PluginView": _CONTENT_ORDER[v] + ["plugin", "view"]} if v == "8.3" else {}),
} for v in VERSIONS}

# --- facts §6.6: icon names after IconNameMappingPostprocessor ------------------------------------------
ICON_MAPPING = {
    "icon-code": "fas fa-code", "icon-cog": "fas fa-cog", "icon-columns": "fas fa-columns", "icon-copy": "far fa-copy",
    "icon-envelope-alt": "far fa-envelope", "icon-exchange": "fas fa-exchange-alt", "icon-eye": "fas fa-eye",
    "icon-file": "fas fa-file", "icon-file-text": "fas fa-file-alt", "icon-files-o": "far fa-copy",
    "icon-folder-open-alt": "far fa-folder-open", "icon-header": "fas fa-heading", "icon-image": "far fa-image",
    "icon-info": "fas fa-info", "icon-paint-brush": "fas fa-paint-brush", "icon-pencil": "fas fa-pencil-alt",
    "icon-picture": "far fa-image", "icon-puzzle-piece": "fas fa-puzzle-piece", "icon-remove-sign": "fas fa-remove-sign",
    "icon-share": "fas fa-share", "icon-sitemap": "fas fa-sitemap", "icon-sliders": "fas fa-sliders-h",
    "icon-square-o": "far fa-square",
}

# --- facts §5.1-§5.3: the platform settings -----------------------------------------------------------------
ASSET_FEATURES = {"features": {"upload": True, "mediaBrowser": True}}
ASSET_CONVERTER = "Neos\\Neos\\TypeConverter\\EntityToIdentityConverter"
IMAGE_OPTIONS = {"maximumFileSize": None, "features": {"crop": True, "upload": True, "mediaBrowser": True, "resize": False},
                 "crop": {"aspectRatio": {
                     "options": {"square": {"width": 1, "height": 1, "label": "Square"}, "fourFive": {"width": 4, "height": 5},
                                 "fiveSeven": {"width": 5, "height": 7}, "twoThree": {"width": 2, "height": 3},
                                 "fourThree": {"width": 4, "height": 3}, "sixteenNine": {"width": 16, "height": 9}},
                     "enableOriginal": True, "allowCustom": True, "locked": {"width": 0, "height": 0}}}}


def data_types(version: str) -> dict:
    ref_converter = {"typeConverter": "Neos\\Neos\\Service\\Mapping\\NodeReferenceConverter"} if version == "8.3" else {}
    image_converter = ("Neos\\Neos\\Ui\\TypeConverter\\UiDependentImageSerializer" if version == "8.3"
                       else "Neos\\Media\\TypeConverter\\ImageInterfaceArrayPresenter")
    media = "Neos\\Media\\Domain\\Model\\"
    return {
        "string": {"editor": E + "TextFieldEditor", "defaultValue": ""},
        "integer": {"editor": E + "TextFieldEditor", "defaultValue": 0},
        "boolean": {"editor": E + "BooleanEditor", "defaultValue": False},
        "array": {"typeConverter": "Neos\\Flow\\Property\\TypeConverter\\ArrayConverter", "editor": E + "SelectBoxEditor",
                  "defaultValue": {}, "editorOptions": {"multiple": True, "placeholder": "Choose"}},
        media + "ImageInterface": {"typeConverter": image_converter, "editor": E + "ImageEditor", "editorOptions": IMAGE_OPTIONS},
        media + "Asset": {"typeConverter": ASSET_CONVERTER, "editor": E + "AssetEditor", "editorOptions": ASSET_FEATURES},
        media + "Audio": {"typeConverter": ASSET_CONVERTER, "editor": E + "AssetEditor",
                          "editorOptions": {**ASSET_FEATURES, "constraints": {"mediaTypes": ["audio/*"]}}},
        media + "Document": {"typeConverter": ASSET_CONVERTER, "editor": E + "AssetEditor", "editorOptions": ASSET_FEATURES},
        media + "Video": {"typeConverter": ASSET_CONVERTER, "editor": E + "AssetEditor",
                          "editorOptions": {**ASSET_FEATURES, "constraints": {"mediaTypes": ["video/*"]}}},
        f"array<{media}Asset>": {"typeConverter": "Neos\\Flow\\Property\\TypeConverter\\TypedArrayConverter",
                                 "editor": E + "AssetEditor", "editorOptions": {"multiple": True, **ASSET_FEATURES}},
        "DateTime": {"typeConverter": "Neos\\Neos\\Service\\Mapping\\DateStringConverter", "editor": E + "DateTimeEditor",
                     "editorOptions": {"format": "d-m-Y"}},
        "reference": {**ref_converter, "editor": E + "ReferenceEditor"},
        "references": {**ref_converter, "editor": E + "ReferencesEditor"},
    }


_SEARCH = {"placeholder": t("Neos.Neos:Main:typeToSearch", "Type to search"), "nodeTypes": ["Neos.Neos:Document"], "threshold": 2}
_CHOOSE = t("Neos.Neos:Main:choose", "Choose")
EDITOR_DEFAULTS = {
    E + "CodeEditor": {"editorOptions": {"buttonLabel": t("Neos.Neos:Main:content.inspector.editors.codeEditor.editCode", "Edit code")}},
    E + "DateTimeEditor": {"editorOptions": {"placeholder": t("Neos.Neos:Main:content.inspector.editors.dateTimeEditor.noDateSet",
                                                              "No date set")}},
    E + "AssetEditor": {"editorOptions": {"fileUploadLabel": _CHOOSE}},
    E + "ImageEditor": {"editorOptions": {"fileUploadLabel": _CHOOSE}},
    E + "LinkEditor": {"editorOptions": {"placeholder": t("Neos.Neos:Main:content.inspector.editors.linkEditor.search",
                                                          "Paste a link, or type to search")}},
    E + "ReferencesEditor": {"editorOptions": _SEARCH},
    E + "ReferenceEditor": {"editorOptions": _SEARCH},
    E + "SelectBoxEditor": {"editorOptions": {"placeholder": _CHOOSE}},
}
NODE_TYPE_GROUPS = {
    "general": {"position": "start", "label": t("Neos.Neos:Main:nodeTypes.groups.general", "General"), "collapsed": False},
    "structure": {"position": 100, "label": t("Neos.Neos:Main:nodeTypes.groups.structure", "Structure"), "collapsed": False},
    "plugins": {"position": 200, "label": t("Neos.Neos:Main:nodeTypes.groups.plugins", "Plugins"), "collapsed": True},
}
