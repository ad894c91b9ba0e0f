"""Every built-in inspector editor: identifiers, fitting property types, options, defaults and rules.

Sources: the spec (property-editors.md) first; options the reference CMS reads but the spec
omits come from neos-facts §2 (``source="facts"``) so the checker does not call them unknown.
Where spec and CMS disagree, ``spec_vs_cms`` holds the explanation the checker reports as `compat`.
"""

from __future__ import annotations

from types import MappingProxyType

from nodetype_studio.catalogue.build import merged, opt, options
from nodetype_studio.catalogue.specs import ANY_KEY, EditorSpec, Rule
from nodetype_studio.catalogue.types import IMAGE_INTERFACE, MEDIA
from nodetype_studio.catalogue.vocab import CODE_MODES, FORMATTING_ALIASES, FORMATTING_KEYS, LINKING_KEYS

DISABLED = opt("disabled", "boolean", False, description="true disables the editor")
DOCUMENT = "Cms.Cms:Document"

_MEDIA_ASSETS = tuple(MEDIA + c for c in ("Asset", "Audio", "Document", "Video"))
_MEDIA_IMAGES = (IMAGE_INTERFACE, MEDIA + "Image", MEDIA + "ImageVariant")

_HTML_EXTRA = "Passed on as an HTML attribute according to the CMS's documentation; its React text field does not pass it on (ignored)."

TEXT_FIELD_OPTIONS = options(
    opt("placeholder", "string", description="Shown when the field is empty"),
    DISABLED,
    opt("maxlength", "integer", description="Maximum number of characters that can be entered"),
    opt("readonly", "boolean", False, description="true makes the field non-writable"),
    opt("form", "any", description="HTML form attribute", spec_vs_cms=_HTML_EXTRA),
    opt("selectionDirection", "string", allowed=("forward", "backward", "none"),
        description="HTML selectionDirection attribute", spec_vs_cms=_HTML_EXTRA),
    opt("spellcheck", "any", description="HTML spellcheck attribute", spec_vs_cms=_HTML_EXTRA),
    opt("required", "boolean", description="true makes input required", spec_vs_cms=_HTML_EXTRA),
    # the spec types `title` as boolean although an HTML title is text; both are accepted
    opt("title", "boolean|string", description="HTML title attribute", spec_vs_cms=_HTML_EXTRA),
    opt("autocapitalize", "boolean", description="Custom HTML attribute", spec_vs_cms=_HTML_EXTRA),
    opt("autocorrect", "boolean", description="Custom HTML attribute", spec_vs_cms=_HTML_EXTRA),
    opt("autoFocus", "boolean", False, description="Focus the field when shown", source="facts"),
)

TEXT_AREA_OPTIONS = merged(
    TEXT_FIELD_OPTIONS,
    rows=opt("rows", "integer", 5, description="Number of lines of the text area",
             spec_vs_cms="The CMS's React text area has no `rows`; it grows between `minRows` (2), "
                         "`expandedRows` (6, once focused) and `maxRows` (24)."),
    minRows=opt("minRows", "integer", 2, description="Rows shown while not focused", source="facts"),
    expandedRows=opt("expandedRows", "integer", 6, description="Minimum rows once focused", source="facts"),
    maxRows=opt("maxRows", "integer", 24, description="Upper bound of the auto-growing area", source="facts"),
)

_NODE_SEARCH = (
    opt("nodeTypes", "list|string", [DOCUMENT], description="Node types that can be linked"),
    opt("startingPoint", "string", description="Node path the search starts from", source="facts"),
    opt("assets", "boolean", True, description="false disables links to assets"),
    opt("nodes", "boolean", True, description="false disables node search", source="facts"),
    opt("constraints", "map", None,
        opt("mediaTypes", "list", description="Media types the asset search offers", source="facts"),
        opt("assetSources", "list", description="Asset sources the asset search uses", source="facts"),
        description="Passed to the asset search", source="facts"),
)

_FORMATTING = opt(
    "formatting", "map", None,
    *(opt(key.name, "boolean", False, description=key.effect, spec_vs_cms=key.spec_vs_cms,
          source="spec" if key.in_spec else "facts") for key in FORMATTING_KEYS),
    open=True, description="Formatting switches of the rich-text toolbar",
)
_LINKING = opt(
    "linking", "map", None,
    *(opt(key.name, key.type, key.default, description=key.effect,
          source="spec" if key.in_spec else "facts") for key in LINKING_KEYS),
    open=True, description="Link editor panel switches (custom link plugins read further keys)",
)

#: Inspector and inline rich text: `formatting` keys the CMS names otherwise, and a length limit it does not have
#: (neither its CKEditor configuration nor its rich-text editors read `maxlength`; neos-facts §2.5).
_NO_MAXLENGTH = ("the CMS's rich-text editing has no length limit; limit the text with a StringLengthValidator "
                 "(`maximum`, and `ignoreHtml: true` to count the text without its markup) under `validation`")
RICH_TEXT_HINTS = MappingProxyType({
    **{f"formatting.{alias}": f"the CMS's switch is `formatting.{name}`" for alias, name in FORMATTING_ALIASES.items()},
    "maxlength": _NO_MAXLENGTH,
    "maxLength": _NO_MAXLENGTH,
})

RICH_TEXT_OPTIONS = options(
    opt("placeholder", "string", description="Placeholder, may hold markup"),
    opt("autoparagraph", "boolean", description="Wrap text in paragraphs"),
    _LINKING,
    _FORMATTING,
    DISABLED,
)

CODE_OPTIONS = options(
    opt("buttonLabel", "string", "Edit code", description="Label of the button that opens the editor",
        spec_vs_cms="The CMS's React code editor ignores `buttonLabel`; its button shows the property label."),
    opt("highlightingMode", "string", "text/html", suggested=CODE_MODES,
        description="Highlighting mode (MIME type or mode name)",
        spec_vs_cms="The CMS defaults to `htmlmixed` (CodeMirror's name for the same HTML highlighting), also "
                    "when the option is empty, and has CodeMirror's markdown, yaml and handlebars modes too."),
    DISABLED,
)

_SELECT_VALUE = opt(
    ANY_KEY, "map", None,
    opt("label", "string", required=True, description="Label of the choice"),
    opt("group", "string", description="Group of the choice"),
    opt("icon", "string", description="CSS icon class"),
    opt("disabled", "boolean", False, description="Choice cannot be selected", source="facts"),
    opt("preview", "string", description="Thumbnail URI", source="facts"),
    opt("value", "any", description="Stored value instead of the key", source="facts"),
    nullable=True, description="One choice (null removes an inherited choice)",
)

SELECT_BOX_OPTIONS = options(
    opt("values", "map", None, _SELECT_VALUE, required=True,
        required_unless=("dataSourceUri", "dataSourceIdentifier"), description="Choices; key = stored value"),
    opt("allowEmpty", "boolean", False, description="true allows choosing an empty value"),
    opt("placeholder", "string", "Choose", settings_default=True,
        description="Shown when nothing is selected (needs allowEmpty)",
        spec_vs_cms="The CMS shows the placeholder whenever nothing is selected, with or without `allowEmpty`."),
    opt("multiple", "boolean", False, description="Multi-selection; true automatically for type array"),
    opt("minimumResultsForSearch", "integer", 5,
        description="Items needed before a search box shows; -1 never shows it",
        spec_vs_cms="The CMS's documentation gives no default; the CMS shows the search box from 5 items on."),
    opt("dataSourceUri", "string", description="URI called to load the options"),
    opt("dataSourceIdentifier", "string", description="Server-side data source supplying the options"),
    opt("dataSourceAdditionalData", "map", open=True, description="Sent with every data-source request"),
    opt("dataSourceDisableCaching", "boolean", False, description="Reload options on every use", source="facts"),
    opt("threshold", "integer", 0, description="Characters to type before the search filters", source="facts"),
    DISABLED,
)

LINK_OPTIONS = options(
    *_NODE_SEARCH,
    opt("placeholder", "string", description="Placeholder text",
        spec_vs_cms="The CMS's link editor shows `placeholder` only as a translation: it looks plain text up as a "
                    "translation id and, finding none, shows its own \"Paste a link, or search\". Put the text into "
                    "a translation file and give its id (`Vendor.Site:Main:linkPlaceholder`)."),
    DISABLED,
)

RANGE_OPTIONS = options(
    opt("min", "integer", 0, description="Lowest permitted value"),
    opt("max", "integer", 100, description="Greatest permitted value"),
    opt("step", "integer", 1, description="Granularity the value must adhere to"),
    opt("unit", "string", "", description="Shown beside the values (display only)"),
    opt("minLabel", "string", description="Shown instead of the minimum"),
    opt("maxLabel", "string", description="Shown instead of the maximum"),
    DISABLED,
)

REFERENCE_OPTIONS = options(
    opt("nodeTypes", "list|string", [DOCUMENT], description="Node types that can be selected"),
    opt("placeholder", "string", "Type to search", settings_default=True, description="Shown when nothing is selected"),
    opt("startingPoint", "string", description="Node path the search starts from (default: the current site)"),
    opt("threshold", "number", 2, description="Minimum characters that trigger a search"),
    opt("createNew", "map", None,
        opt("path", "string", required=True, description="Node under which new nodes are created"),
        opt("type", "string", required=True, description="Node type of created nodes"),
        opt("titleProperty", "string", "title", description="Property receiving the typed text", source="facts"),
        description="Allows creating selectable nodes from the editor"),
    DISABLED,
)

DATE_TIME_OPTIONS = options(
    opt("format", "string", "d-m-Y", required=True, settings_default=True, description="Date format (PHP-style letters)"),
    opt("defaultValue", "string", description="Value set when the node is created (relative date string)"),
    opt("placeholder", "string", "No date set", description="Shown when no date is selected"),
    opt("minuteStep", "integer", 5, description="Time-selection granularity in minutes"),
    opt("timeConstraints", "map", open=True, description="Passed to the time picker", source="facts"),
    DISABLED,
)

_MEDIA_CONSTRAINTS = (
    opt("assetSources", "list", [], description="Limits the media browser to these asset sources"),
)
_ACCEPT = opt("accept", "string", deprecated="constraints.mediaTypes", description="Deprecated accept string")
_UPLOAD_LABEL = opt("fileUploadLabel", "string", "Choose", description="Unused by the CMS's editors", source="facts")

IMAGE_OPTIONS = options(
    opt("maximumFileSize", "string|integer|null", None,
        description="Maximum upload size: bytes, `b` or `kb` suffix",
        spec_vs_cms="The CMS's React image editor ignores `maximumFileSize`; only the old UI enforced it."),
    _ACCEPT,
    opt("constraints", "map", None,
        opt("mediaTypes", "list", ["image/*"], description="Media types offered and uploaded"),
        *_MEDIA_CONSTRAINTS),
    opt("features", "map", None,
        opt("crop", "boolean", True, description="Enables cropping"),
        opt("upload", "boolean", True, description="Enables the Upload button"),
        opt("mediaBrowser", "boolean", True, description="Enables the Media Browser button"),
        opt("resize", "boolean", False, description="Enables resizing")),
    opt("crop", "map", None,
        opt("aspectRatio", "map", None,
            opt("forceCrop", "boolean", description="Shows the crop dialog on upload"),
            opt("locked", "map", None,
                opt("width", "integer", 0, description="Width of the enforced ratio"),
                opt("height", "integer", 0, description="Height of the enforced ratio"),
                nullable=True),
            opt("options", "map", None,
                opt(ANY_KEY, "map", None,
                    opt("width", "integer", required=True, description="Preset width"),
                    opt("height", "integer", required=True, description="Preset height"),
                    opt("label", "string", description="Preset name"),
                    nullable=True, description="A ratio preset (null removes an inherited preset)")),
            opt("enableOriginal", "boolean", True, description="Adds the original ratio",
                spec_vs_cms="The CMS's cropper reads `allowOriginal`, not `enableOriginal`; with `enableOriginal` "
                            "alone the original ratio is not offered there."),
            opt("allowOriginal", "boolean", description="Adds the original ratio (as the CMS reads it)",
                source="facts"),
            opt("allowCustom", "boolean", True, description="Allows a custom ratio"),
            opt("defaultOption", "string", description="Preset chosen when no crop exists yet"),
            opt("pixelSnapping", "boolean", description="Snap crop size to the ratio", source="facts"))),
    _UPLOAD_LABEL,
    DISABLED,
)

ASSET_OPTIONS = options(
    _ACCEPT,
    opt("constraints", "map", None,
        opt("mediaTypes", "list", [], description="Media types offered, searched and uploaded"),
        *_MEDIA_CONSTRAINTS),
    opt("features", "map", None,
        opt("upload", "boolean", True, description="Enables the Upload button"),
        opt("mediaBrowser", "boolean", True, description="Enables the Media Browser button")),
    opt("multiple", "boolean", False, description="Several assets (true for array types)", source="facts"),
    opt("threshold", "integer", 2, description="Characters before searching", source="facts"),
    _UPLOAD_LABEL,
    DISABLED,
)

NODE_TYPE_OPTIONS = options(
    DISABLED,
    opt("baseNodeType", "string", description="Set by the platform; unused by the editor", source="facts"),
    opt("placeholder", "string", description="Set by the platform; unused by the editor", source="facts"),
)

URI_PATH_SEGMENT_OPTIONS = options(
    opt("placeholder", "string", description="Shown when the field is empty", source="facts"),
    opt("autoFocus", "boolean", False, source="facts"),
    DISABLED,
    opt("maxlength", "integer", source="facts"),
    opt("readonly", "boolean", False, source="facts"),
    opt("title", "string", description="Text the slug is generated from", source="facts"),
)

PLUGIN_OPTIONS = options(DISABLED)

# the CMS renders min and max as written: the browser's range input keeps its value at `min`, and the CMS's
# clamp Math.min(max, Math.max(min, v)) stores `max` for every typed number (HTML range sanitisation)
_RANGE_RULE = Rule("le", ("min", "max"), "option-min-max",
                   "`min` ({a}) is greater than `max` ({b}): the CMS's slider cannot move from {a} and every typed "
                   "value is stored as {b}; `min` must be <= `max`", "error")
# the CMS's range editor calls `.toString()` on `step`, `min` and `max` while drawing (neos-ui
# Range/index.js): a null one throws, and the inspector shows the error's text instead of the editor
_RANGE_NULL_RULE = Rule("not_null", ("step", "min", "max"), "option-null",
                        "`{a}` is null (~): the CMS's range editor fails to draw and shows only a JavaScript error "
                        "(\"Cannot read properties of null\") in place of the field; give a number, or remove the line "
                        "to keep the default", "error")
# the CMS's range editor shows `min`/`max` from its defaults (0, 100) but clamps a new value with
# `Math.min(options.max, Math.max(options.min, value))` on the options as given (neos-facts §2.8, neos-ui
# Range/index.js): with `editorOptions` that lack one of them every change stores NaN
_RANGE_BOUNDS_RULE = Rule("all_or_none", ("min", "max"), "option-range-unbounded",
                          "`editorOptions` without `{a}`: the CMS's range editor shows its default bound but clamps each "
                          "change with the missing one, so every change stores no number (NaN) and the value is lost; "
                          "write both `min` and `max`")
_PLACEHOLDER_RULE = Rule("requires", ("placeholder", "allowEmpty"), "option-placeholder-needs-allowempty",
                         "`placeholder` only works when `allowEmpty` is true; add `allowEmpty: true`")
_IMAGE_RULES = (
    # the CMS's image editor opens its cropper after an upload or a newly chosen image whenever `forceCrop`
    # is truthy, without asking `features.crop` (which only hides the Crop button); the cropper then uses
    # every `crop.aspectRatio` option (neos-ui Editors/Image/index.js, UNSAFE_componentWillReceiveProps)
    Rule("needs_on", ("crop", "features.crop"), "option-crop-disabled",
         "`crop` options apply only when `features.crop` is enabled; they have no effect here",
         on_with="crop.aspectRatio.forceCrop"),
    Rule("used_while_off", ("crop.aspectRatio.forceCrop", "features.crop"), "option-force-crop-disabled",
         "`forceCrop` still opens the cropper after each upload or newly chosen image although `features.crop` "
         "is off: the CMS only hides the Crop button (a crop cannot be changed later); enable `features.crop`, "
         "or remove `forceCrop`"),
    # (the spec names options, enableOriginal and allowCustom; the CMS's cropper also skips allowOriginal and
    # defaultOption once the lock is active: neos-ui ImageCropper/model.js returns the locked ratio first)
    Rule("inert_with", ("crop.aspectRatio.locked", "crop.aspectRatio.options", "crop.aspectRatio.enableOriginal",
                        "crop.aspectRatio.allowCustom", "crop.aspectRatio.allowOriginal", "crop.aspectRatio.defaultOption"),
         "option-crop-locked", "`{b}` has no effect while `crop.aspectRatio.locked` is set"),
    # the CMS's cropper locks the ratio only when `locked.width > 0 && locked.height > 0` (neos-ui
    # ImageCropper/model.js; neos-facts §2.11), and the settings' 0 fills a side left unwritten
    Rule("pair", ("crop.aspectRatio.locked", "width", "height"), "option-crop-lock-incomplete",
         "`crop.aspectRatio.locked` has a {a} of {b} but no positive {c}: the CMS's cropper locks the ratio only when "
         "both are above 0, so nothing is locked and every other ratio is offered; give both (`width: 16`, "
         "`height: 9`), or 0 for both to lift a lock",
         unless_off="features.crop", on_with="crop.aspectRatio.forceCrop"),
    Rule("null_removes", ("crop.aspectRatio.options",), "option-preset-null-unused",
         "preset `{a}` is set to null but no supertype or default defines it; nothing is removed"),
    # the CMS's cropper takes width, height and label of `options[defaultOption]` (neos-ui ImageCropper/model.js):
    # for a name that is no preset its header shows "undefined:undefined" over a free frame
    Rule("names_key", ("crop.aspectRatio.defaultOption", "crop.aspectRatio.options", "crop.aspectRatio.locked"),
         "option-value", "`crop.aspectRatio.defaultOption` `{a}` names no preset of `crop.aspectRatio.options` ({b}); "
         "the CMS's cropper then shows \"undefined:undefined\" as its ratio and a free frame",
         unless_off="features.crop", on_with="crop.aspectRatio.forceCrop"),
    # the CMS's cropper offers "Custom" when `allowCustom` is truthy (neos-ui ImageCropper/model.js
    # `allowCustom ? new CustomAspectRatioOption() : []`), and `~` overrides the settings' `true` with null
    # (neos-facts §1.3): null is off there, not the default
    Rule("not_null", ("crop.aspectRatio.allowCustom",), "option-null-off",
         "`{a}` is null (~): the CMS's cropper reads it as false and offers no \"Custom\" aspect ratio; write "
         "`false` to mean that, or remove the line to keep the default (`true`)",
         unless_off="features.crop", on_with="crop.aspectRatio.forceCrop"),
    # the CMS's cropper reads `options.crop.aspectRatio`, `locked.width`/`height` and `Object.values(options)`
    # when it opens (neos-ui SecondaryEditors/ImageCropper/{index,model}.js): any of them null throws
    Rule("not_null", ("crop", "crop.aspectRatio", "crop.aspectRatio.locked", "crop.aspectRatio.options"), "option-null",
         "`{a}` is null (~): the CMS's image cropper fails with a JavaScript error (\"Cannot read properties of null\") "
         "as soon as it is opened; remove the line to keep the default (a lock is lifted with `width: 0` and "
         "`height: 0`)", "error", unless_off="features.crop", on_with="crop.aspectRatio.forceCrop"),
)


# The link options panel (anchor, title ...) is part of inline rich text only: the inspector's link editor
# has none (neos-facts §2.7), though a custom link editor (Sitegeist.Archaeopteryx) takes `anchor`.
_LINK_PANEL = ("the CMS's link editor in the inspector has no link options panel: that is part of links in inline rich "
               "text (`ui.inline.editorOptions.linking.{key}`)")
_LINK_PANEL_HINTS = MappingProxyType({
    **{key.name: _LINK_PANEL.format(key=key.name) for key in LINKING_KEYS if key.in_spec},
    "linking": _LINK_PANEL.format(key="<option>"),
})


def _editor(short: str, fits: tuple[str, ...], opts, **kw) -> EditorSpec:
    return EditorSpec(short_name=short, fits_types=fits, options=opts, **kw)


_EDITOR_LIST = (
    _editor("TextFieldEditor", ("string", "integer", "float"), TEXT_FIELD_OPTIONS,
            description="Single-line text field",
            compat_notes=("The HTML extras (`form`, `spellcheck`, `required`, ...) are ignored by the CMS.",)),
    _editor("TextAreaEditor", ("string",), TEXT_AREA_OPTIONS, description="Multi-line text area",
            compat_notes=("The CMS has no `rows`; it uses minRows/expandedRows/maxRows.",)),
    _editor("BooleanEditor", ("boolean",), options(DISABLED), has_own_label=True, description="Checkbox"),
    # (a string property takes the ISO 8601 text the editor commits: Neos.Form.Builder relies on it)
    _editor("DateTimeEditor", ("DateTime", "string"), DATE_TIME_OPTIONS, description="Date and time picker"),
    _editor("ImageEditor", _MEDIA_IMAGES, IMAGE_OPTIONS, rules=_IMAGE_RULES, description="Image with crop and resize",
            compat_notes=("`enableOriginal` is read as `allowOriginal` by the CMS.", "`maximumFileSize` is ignored by the CMS.")),
    _editor("SelectBoxEditor", ("string", "array", "array<string>", "integer"), SELECT_BOX_OPTIONS,
            rules=(_PLACEHOLDER_RULE,), description="Select box with fixed or data-source choices",
            compat_notes=("The CMS does not sort by group; groups appear in first-occurrence order.",)),
    _editor("LinkEditor", ("string",), LINK_OPTIONS, description="Link to a node, asset, URL or e-mail",
            option_hints=_LINK_PANEL_HINTS),
    _editor("RangeEditor", ("string", "integer", "float"), RANGE_OPTIONS, rules=(_RANGE_RULE, _RANGE_NULL_RULE, _RANGE_BOUNDS_RULE),
            description="Slider with a number field"),
    _editor("ReferenceEditor", ("reference",), REFERENCE_OPTIONS, description="One node reference"),
    _editor("ReferencesEditor", ("references",), REFERENCE_OPTIONS, description="Several node references"),
    _editor("NodeTypeEditor", ("string",), NODE_TYPE_OPTIONS, description="Node type switcher (built-in `_nodeType`)"),
    _editor("CodeEditor", ("string",), CODE_OPTIONS, has_own_label=True, description="Full-screen code editor"),
    _editor("RichTextEditor", ("string",), RICH_TEXT_OPTIONS, has_own_label=True, open_options=True,
            description="Full-screen rich text; options go to CKEditor as they are", option_hints=RICH_TEXT_HINTS),
    _editor("AssetEditor", _MEDIA_ASSETS + tuple(f"array<{t}>" for t in _MEDIA_ASSETS), ASSET_OPTIONS,
            description="One or several assets"),
    _editor("UriPathSegmentEditor", ("string",), URI_PATH_SEGMENT_OPTIONS, description="URL path segment with slug sync"),
    _editor("MasterPluginEditor", ("string",), PLUGIN_OPTIONS, status="removed-in-9",
            description="Plugin selector of plugin views (removed in 9.0)"),
    _editor("PluginViewsEditor", ("string",), PLUGIN_OPTIONS, status="removed-in-9", has_own_label=True,
            description="List of a plugin's views (removed in 9.0)"),
    _editor("PluginViewEditor", ("string",), PLUGIN_OPTIONS, status="removed-in-9",
            description="Plugin view selector (removed in 9.0)"),
)

#: Built-in editors by short name.
EDITORS = MappingProxyType({e.short_name: e for e in _EDITOR_LIST})
