"""Every finding code the checker reports, with a one-line description (SARIF rules, docs, `--help`)."""

from __future__ import annotations

CHECK_CODES: dict[str, str] = {
    # Neos 9.x (checks/neos9.py; only for a 9.x project, except `neos83-*`)
    "neos9-reference-property": "A property of type reference(s): 9.x moves it to `references:` at run time",
    "neos9-reference-twice": "A name declared both as a property and as a reference (9.x throws)",
    "neos9-reference-nodetypes": "The reference editor offers node types that `constraints.nodeTypes` forbids",
    "neos9-reference-constraints-missing": "A reference editor limits node types that the constraints do not",
    "neos9-supertype-removed": "A supertype that 9.x removed (`Neos.Neos:Timable`, `Neos.Neos:PluginView`…)",
    "neos9-supertypes-list": "`superTypes` written as a list (9.x throws)",
    "neos9-removed-type-override": "An override of a node type that 9.x removed",
    "neos9-property-renamed": "A system property 9.x renamed (`_hiddenInIndex` → `hiddenInMenu`…)",
    "neos9-property-removed": "A system property 9.x no longer declares (`_removed`, `_path`…)",
    "neos9-editor-removed": "A plugin editor that the 9.x UI removed",
    "neos9-creation-handler": "A node creation handler written with the 8.3 key `nodeCreationHandler`, or "
                              "with no `factoryClassName` (9.x throws)",
    "neos9-postprocessor": "A post-processor class that 9.x removed or renamed",
    "neos9-starting-point": "An 8.3 `startingPoint` node path (`/sites/…`), which 9.x spells `/<Neos.Neos:Sites>/…`",
    "neos9-label-not-text": "A label, help message or editor placeholder that is not text, or a `ui` or editor "
                            "options that are not a map (9.x's label enrichment fails with a TypeError)",
    "neos9-label-integer-name": "An `i18n` label of a property, reference, tab, group, view or creation dialog "
                                "element whose name is a number to PHP (9.x's label enrichment throws a TypeError)",
    "neos9-references-not-map": "A `references:` section written as a text, number or boolean (9.x fails to "
                                "load the node types)",
    "neos9-plugin-views": "`options.pluginViews`, which 9.x no longer turns into a `views` property",
    "neos9-site-type": "A 9.x site whose node types include no concrete `Neos.Neos:Site` (9.x creates the site "
                       "node only of such a type)",
    "neos9-setting": "A setting 9.x no longer reads (`Neos.ContentRepository.fallbackNodeType`, "
                     "`Neos.ContentRepository.labelGenerator`, the `reference(s)` data types' `typeConverter`…)",
    "neos83-references-ignored": "A `references:` section in an 8.3 project (8.3 ignores it)",
    "neos83-label-not-text": "A `ui`, label or editor options that 8.3's label enrichment cannot take (a list or map "
                             "for a text, a scalar for a map: a TypeError)",
    "neos83-creation-handler": "A node creation handler entry that names no `nodeCreationHandler` class in an "
                               "8.3 project (`factoryClassName` only…: 8.3's UI fails to create the node)",
    # editors and property types
    "property-type-missing": "A property with an inspector block has neither `type` nor `editor`",
    "property-type-unknown": "The property type is not one the content repository knows",
    "property-not-map": "A property written as a scalar (`title: string`): the CMS cannot load the node types",
    "postprocessor-class-missing": "A `postprocessors` entry that names no class: the CMS cannot load the node types",
    "property-no-default-editor": "The property type has no default editor and no editor is set",
    "editor-unknown": "The editor identifier names no editor of the platform",
    "editor-unregistered": "A custom editor that is neither built in nor registered by a plugin",
    "editor-removed-in-9": "An editor that exists up to 8.3 and was removed in 9.0",
    "editor-type-mismatch": "The editor does not fit the property type",
    "creation-element-no-editor": "A creation dialog element the CMS gives no editor (the dialog shows \"Missing "
                                  "editor definition\")",
    "icon-not-text": "An icon (`ui.icon`, a tab's, group's or view's) that is a list or map, or in 9.x a number "
                     "or boolean: the icon name post-processor fails and no node type loads",
    "thumbnail-not-text": "A node type's `ui.help.thumbnail` that is a list or map, or in 9.x a number or `true`: "
                          "the label enrichment fails and no node type loads",
    "inspector-not-map": "A property's `ui.inspector` that is not a map (the CMS fails on a scalar)",
    # editor options
    "option-unknown": "An editor option the editor does not read",
    "option-type": "An editor option of the wrong type",
    "option-value": "An editor option value outside the allowed values",
    "option-required": "A required editor option is missing",
    "option-deprecated": "A deprecated editor option",
    "option-min-max": "RangeEditor `min` is greater than `max`",
    "option-null": "an option the editor cannot work with is null (RangeEditor `min`, `max`, `step`; "
                   "ImageEditor `crop`, `crop.aspectRatio`, its `locked` or `options`)",
    "option-range-unbounded": "RangeEditor `editorOptions` without `min` or `max` (every change stores NaN)",
    "option-crop-lock-incomplete": "ImageEditor `crop.aspectRatio.locked` with only one side above 0 (no lock)",
    "option-null-off": "A switch written `~` that the CMS reads as off, not as its default "
                       "(ImageEditor `crop.aspectRatio.allowCustom`)",
    "option-crop-disabled": "Crop options while `features.crop` is false",
    "option-force-crop-disabled": "`forceCrop` opens the cropper although `features.crop` is false",
    "option-crop-locked": "Crop options that have no effect while the aspect ratio is locked",
    "option-preset-null-unused": "A crop preset set to null that no supertype defines",
    "option-starting-point": "A reference or link editor `startingPoint` the project's CMS version cannot resolve "
                             "(its node search finds nothing)",
    "option-create-new-title": "A reference `createNew` whose typed text Neos 8.3 writes into no property",
    "option-highlighting-mode": "A CodeEditor highlighting mode that is not built in",
    "datetime-format-letter": "A DateTime format letter outside the ones the CMS documents",
    "datetime-format-escape": "A backslash in a DateTime format (escaping is not supported)",
    "file-size-invalid": "An unreadable `maximumFileSize`",
    "file-size-unit": "A `maximumFileSize` unit outside the forms the CMS documents",
    "file-size-decimal": "A `maximumFileSize` with a decimal point",
    "file-size-zero": "A `maximumFileSize` of 0 (the server's maximum) or one that refuses every file",
    # validators
    "validator-shape": "`validation` is not a map of validators to options",
    "validator-unknown": "The validator identifier names no validator of the platform",
    "validator-unregistered": "A custom validator that is neither built in nor registered by a plugin",
    "validator-option-unknown": "A validator option the validator does not read",
    "validator-option-type": "A validator option of the wrong type",
    "validator-option-required": "A required validator option is missing",
    "validator-option-value": "A validator option value outside the allowed values",
    "validator-min-max": "Validator `minimum` is greater than `maximum`",
    "validator-message-not-text": "A `validationErrorMessage` that is not text (the CMS's translator throws or "
                                  "shows no message)",
    "validator-null-options": "Validator options written `~` that the browser's validator reads (a TypeError)",
    "regex-invalid": "A regular expression the browser cannot compile",
    "regex-flags": "Regular expression flags the browser does not understand",
    "regex-pcre": "PCRE-only regular expression syntax",
    "regex-newer-syntax": "Regular expression syntax older browsers reject (ECMAScript 2025)",
    # property values and inspector layout
    "default-value-type": "`defaultValue` does not match the property type",
    "default-value-range": "`defaultValue` outside the RangeEditor's `min`..`max`",
    "property-hidden-required": "A hidden property that is required and has no default",
    "inspector-group-undefined": "A property or view in an inspector group the node type does not define",
    "inspector-tab-undefined": "An inspector group on a tab the node type does not define",
    "position-duplicate": "Two items share a position, so their order is ambiguous",
    "childnode-type-unknown": "A tethered child node (`childNodes.<name>.type`) of a node type that is not defined",
    "childnode-type-missing": "A `childNodes` entry without `type`: no such child node is created (a misspelt name?)",
    "childnode-not-map": "A `childNodes` entry written as a scalar: the CMS cannot load the node types",
    "childnode-type-invalid": "A `childNodes.<name>.type` that is no node type name (a number, list, `''`...): "
                              "the CMS fails to load the UI's node type schema",
    "childnode-name-invalid": "9.x: a child node named by a number, or two that are one node name (`Main`, `main`): "
                              "the CMS fails to load the UI's node type schema",
    "constraints-not-map": "`constraints.nodeTypes` that is not a map (a list allows nothing; other values fail)",
    "constraints-type-unknown": "`constraints.nodeTypes` names a node type that is not defined (no effect)",
    "constraints-value": "A `constraints.nodeTypes` entry that is not true, false or null (ignored; `*` is cast)",
    "plugin-views-invalid": "8.3: `options.pluginViews` the plugin post-processor cannot read",
    "plugin-views-replaced": "8.3: a `views` property or `pluginViews` group the plugin post-processor replaces",
    # data sources
    "datasource-unresolved": "A data-source select box that no plugin, fixture file or backend answers",
    "datasource-fixture-invalid": "A data-source fixture file that cannot be read or has the wrong shape",
    "datasource-fixture-entry": "A fixture entry the select box leaves out (no label)",
    "translation-not-included": "Translation ids of a source the UI is not sent (autoInclude does not list it)",
    "translation-unit-missing": "Translation ids no XLIFF file serving their source has a unit for",
    "translation-file-missing": "Translation ids of a source no XLIFF file serves",
    "datasource-identifier-spaces": "A `dataSourceIdentifier` with spaces around it (or only spaces): the CMS's request finds no data source",
    "datasource-uri-wins": "Both `dataSourceUri` and `dataSourceIdentifier`: the URI is used",
    "datasource-values-ignored": "`values` next to a data source: the data-source select box ignores them",
    # spec vs CMS
    "compat-rows": "TextArea `rows` is not read by the CMS",
    "compat-max-rows": "TextArea `maxRows`, which the 8.3 CMS does not read",
    "compat-button-label": "CodeEditor `buttonLabel` is not read by the CMS",
    "compat-highlighting-mode": "CodeEditor highlighting default/modes differ in the CMS",
    "compat-enable-original": "Image `enableOriginal` is read as `allowOriginal` by the CMS",
    "compat-maximum-file-size": "Image `maximumFileSize` is not read by the CMS",
    "compat-formatting-u": "Rich-text `formatting.u` is not read by the CMS",
    "compat-formatting-del": "Rich-text `formatting.del` is not read by the CMS",
    "compat-formatting-needs-heading": "Rich-text `pre`/`blockquote` without a heading do nothing in the CMS",
    "compat-html-attribute": "TextField HTML attribute options are not passed on by the CMS",
    "compat-placeholder": "SelectBox placeholder shows without `allowEmpty` in the CMS",
    "compat-link-placeholder": "A LinkEditor placeholder in plain text, which the CMS replaces by its own",
    "compat-minimum-results-for-search": "SelectBox search box default differs in the CMS",
    "compat-group-sorting": "SelectBox choices are not sorted by group in the CMS",
    "compat-datasource-group-order": "Data-source choices the CMS shows in first-occurrence group order",
    "compat-datasource-uri-relative": "A relative `dataSourceUri`, which the CMS cannot request",
    "compat-datetime-range-validator": "DateTimeRangeValidator does not run in the CMS's browser UI",
    "compat-datetime-format": "A DateTime format letter the CMS does not convert",
    "compat-editor-default-value": "DateTimeEditor `defaultValue` option is not read by the CMS",
    "compat-legacy-identifier": "A legacy editor or validator identifier spelling",
    "compat-create-new": "Reference editor `createNew`, which fails in the 9.x CMS",
    "config-invalid": "The project check configuration cannot be read",
    "config-unknown-key": "An unknown key in the project check configuration",
}


def describe(code: str) -> str:
    """The description of a code; loader codes (yaml-*, supertype-*...) get a generic one."""
    return CHECK_CODES.get(code, code.replace("-", " ").capitalize())


#: Families of the loader's and other checkers' codes (yaml-syntax, supertype-unknown, clienteval-syntax...).
FAMILIES = frozenset({code.split("-")[0] for code in CHECK_CODES} | {
    "yaml", "file", "nodetype", "nodetypes", "supertype", "supertypes", "settings", "composer", "config",
    "clienteval", "content", "media", "plugin", "position", "preset", "datasource", "compat", "legacy",
})


def unknown_codes(patterns) -> list[str]:
    """The ``--select``/``--ignore`` patterns that match no code a check can report."""
    def known(pattern: str) -> bool:
        return any(code.startswith(pattern) for code in CHECK_CODES) or pattern.split("-")[0] in FAMILIES
    return [p for p in patterns if p and not known(p)]
