"""The CMS's node type post-processors, run as the CMS runs them (facts §1.3, §5.11, §5.12, §5.9;
platform facts §6.2, §6.6, §7.3).

A node type is post-processed only by the post-processors its full configuration declares under
``postprocessors`` (the platform declares them on ``Neos.Neos:Node``, and the creation dialog one on
``Document`` and ``Content``; a map or a list), sorted with Flow's positional sorter; a ``~`` entry switches
one off.
Mixins outside ``Neos.Neos:Node`` are therefore left as written: no default editor, no icon mapping.

Version differences (8.3 / 9.x):

* 8.3 ``CreationDialogPostprocessor`` only promotes properties; the default editor and its options
  are merged into every creation dialog element by ``DefaultPropertyEditorPostprocessor``.
  9.x ``CreationDialogNodeTypePostprocessor`` (UI package) does both; 9.x
  ``DefaultPropertyEditorPostprocessor`` leaves the elements alone and handles ``references:``.
* Icon names: 9.x finds brand icons (``fab fa-``), 8.3 does not (see ``iconnames``).

Post-processors of other classes cannot run offline; ``custom_postprocessors`` names them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from nodetype_studio.model.iconnames import map_icon_name
from nodetype_studio.model.merge import merge
from nodetype_studio.model.sorting import php_sort
from nodetype_studio.php.values import to_bool as php_truthy
from nodetype_studio.php.yamldump import php_key

PRESETS = "presets"
CREATION_DIALOG = "creationDialog"
ICON_NAMES = "iconNames"
DEFAULT_EDITORS = "defaultEditors"
PLUGIN = "plugin"  # 8.3 PluginNodeTypePostprocessor: the `views` property of a plugin with `options.pluginViews`

#: the platform's post-processor classes (without the vendor namespace, which may be Neos, Cms or TYPO3)
_CLASSES = {
    "\\NodeTypePostprocessor\\NodeTypePresetPostprocessor": PRESETS,
    "\\NodeTypePostprocessor\\CreationDialogPostprocessor": CREATION_DIALOG,
    "\\Ui\\Infrastructure\\ContentRepository\\CreationDialog\\CreationDialogNodeTypePostprocessor": CREATION_DIALOG,
    "\\NodeTypePostprocessor\\IconNameMappingPostprocessor": ICON_NAMES,
    "\\NodeTypePostprocessor\\DefaultPropertyEditorPostprocessor": DEFAULT_EDITORS,
    "\\NodeTypePostprocessor\\PluginNodeTypePostprocessor": PLUGIN,
}
_VENDORS = ("Neos\\Neos", "Cms\\Cms", "TYPO3\\Neos")

#: what the studio runs when the platform comes from an old baseline that declares no post-processors
IMPLICIT_CHAIN = (PRESETS, CREATION_DIALOG, ICON_NAMES, DEFAULT_EDITORS)

TEXT_FIELD_EDITOR = "Neos.Neos/Inspector/Editors/TextFieldEditor"


def kind_of(class_name) -> str | None:
    """The platform post-processor a class name is, or None for any other class."""
    if not isinstance(class_name, str):
        return None
    name = class_name.lstrip("\\")
    for vendor in _VENDORS:
        if name.startswith(vendor):
            return _CLASSES.get(name[len(vendor):])
    return None


def declared_chain(merged: dict, memo: dict | None = None) -> list[tuple[str | None, object]] | None:
    """(kind, class name) of the post-processors ``merged`` declares, in the CMS's run order;
    None when it declares none. ``memo`` (one resolution's) remembers it by table: most types
    inherit the same table object from the platform's ``Node``."""
    return _sorted_table(merged, memo)[0]


def position_problems(merged: dict, memo: dict | None = None) -> list:
    """What Flow's sorter finds wrong with the positions of the ``postprocessors`` ``merged`` declares
    (the CMS throws, or leaves an entry out); ``memo`` as for ``declared_chain``."""
    return _sorted_table(merged, memo)[1]


def _sorted_table(merged: dict, memo: dict | None) -> tuple[list | None, list]:
    """The declared chain and the sorter's problems, from one sort of the ``postprocessors`` table."""
    table = merged.get("postprocessors")
    if not isinstance(table, (dict, list)) or not table:
        return None, []
    if memo is not None:
        known = memo.get(id(table))
        if known is None or known[0] is not table:
            known = memo[id(table)] = (table, _sorted_table(merged, None))
        return known[1]
    # a list (written where no supertype declares the map, e.g. on a mixin) is an array with keys 0, 1, ...
    # to the CMS: its positional sorter orders it, and NodeType::applyPostprocessing() runs it, as a map
    entries = table if isinstance(table, dict) else dict(enumerate(table))
    items = [(key, entry.get("position") if isinstance(entry, dict) else None)
             for key, entry in entries.items() if entry is not None]
    order, problems = php_sort(items)
    chain = []
    for key in order:
        entry = entries[key]
        class_name = entry.get("postprocessor") if isinstance(entry, dict) else None
        chain.append((kind_of(class_name), class_name))
    return chain, problems


class EntryFacts(NamedTuple):
    """What the post-processors look for in a map of properties or child nodes."""

    references: bool  # an entry of `type: reference` / `references` (9.x moves it into `references`)
    presets: bool  # an entry naming `options.preset`
    promoted: tuple  # names of the entries flagged `ui.showInCreationDialog: true`

    @classmethod
    def of(cls, entries: dict) -> EntryFacts:
        references = presets = False
        promoted = []
        for name, entry in entries.items():
            if not isinstance(entry, dict):
                continue
            kind = entry.get("type")
            if kind == "reference" or kind == "references":
                references = True
            options = entry.get("options")
            if isinstance(options, dict) and options.get("preset"):
                presets = True
            ui = entry.get("ui")
            if isinstance(ui, dict) and ui.get("showInCreationDialog") is True:
                promoted.append(name)
        return cls(references, presets, tuple(promoted))


class Settings:
    """The two platform settings the post-processors read, for one project."""

    def __init__(self, project):
        self.project = project
        data_types = project.platform_setting("userInterface", "inspector", "dataTypes", default={})
        editors = project.platform_setting("userInterface", "inspector", "editors", default={})
        self.data_types = data_types if isinstance(data_types, dict) else {}
        self.editors = editors if isinstance(editors, dict) else {}
        self.presets = project.platform_setting("nodeTypes", "presets", default={}) or {}
        #: one resolution's memos: property (by identity) -> its ``ui.inspector`` post-processed (types
        #: inherit most properties unchanged, the same objects), and (editor, type) -> their defaults merged
        self.processed: dict[int, tuple[dict, dict | None]] = {}
        self.defaults: dict[tuple, dict] = {}
        self.chains: dict[int, tuple] = {}
        self.facts: dict[int, tuple[dict, EntryFacts]] = {}
        self.icons: dict[int, tuple] = {}

    def entry_facts(self, entries: dict) -> EntryFacts:
        """What the post-processors look for in a map of properties (or child nodes), found in one pass and
        remembered by identity: most maps are a supertype's, shared unchanged by its subtypes."""
        known = self.facts.get(id(entries))
        if known is None or known[0] is not entries:
            known = self.facts[id(entries)] = (entries, EntryFacts.of(entries))
        return known[1]

    def data_type(self, type_name) -> dict:
        """The data-type block of ``type_name`` (as written; the legacy/Cms spellings as a fallback)."""
        if not isinstance(type_name, (str, int)):
            return {}
        block = self.data_types.get(type_name)
        if block is None and isinstance(type_name, str):
            block = self.data_types.get(self.project.platform.normalize_type(type_name).value)
        return block if isinstance(block, dict) else {}

    def editor(self, editor_id) -> dict:
        if not isinstance(editor_id, (str, int)):
            return {}
        block = self.editors.get(editor_id)
        if block is None and isinstance(editor_id, str):
            block = self.editors.get(self.project.platform.normalize_editor(editor_id).value)
        return block if isinstance(block, dict) else {}


def _isset(mapping, *path) -> bool:
    """PHP ``isset($a[k1][k2]...)``: every step exists and the value is not null."""
    current = mapping
    for key in path:
        if not isinstance(current, dict) or current.get(key) is None:
            return False
        current = current[key]
    return True


def _get(mapping, *path, default=None):
    current = mapping
    for key in path:
        if not isinstance(current, dict) or key not in current:
            return default
        current = current[key]
    return default if current is None else current


# --- the post-processors ----------------------------------------------------------------------------

PLUGIN_VIEWS_EDITOR = "Neos.Neos/Inspector/Editors/PluginViewsEditor"


def plugin_views_of(config: dict):
    """``options.pluginViews`` of a full configuration as 8.3's PluginService reads it (``isset``: a null
    or missing entry is none), or None."""
    options = config.get("options")
    return options.get("pluginViews") if isinstance(options, dict) else None


def plugin_views_fail(views) -> bool:
    """True when 8.3's PluginService cannot read ``views`` (a non-null ``options.pluginViews``): a scalar
    is not iterable (PHP warns, which Flow turns into an exception), and each view must be an array
    (PluginViewDefinition's constructor takes ``array``: anything else, null included, is a TypeError)."""
    if views is None:
        return False
    if not isinstance(views, (dict, list)):
        return True
    entries = views.values() if isinstance(views, dict) else views
    return any(not isinstance(entry, (dict, list)) for entry in entries)


def plugin_views(config: dict) -> dict:
    """8.3 PluginNodeTypePostprocessor (Neos.Neos, deprecated, gone in 9.0): a type with plugin views
    (a non-empty ``options.pluginViews``) gets the inspector group ``pluginViews`` and the property
    ``views`` shown by the PluginViewsEditor; both replace whatever the type had under those names.
    The options are read from the configuration as it is at this point of the chain (``getOptions()``
    of the node type being post-processed)."""
    views = plugin_views_of(config)
    if not views or not isinstance(views, (dict, list)) or plugin_views_fail(views):
        return config
    config = dict(config)
    ui = dict(config["ui"]) if isinstance(config.get("ui"), dict) else {}
    inspector = dict(ui["inspector"]) if isinstance(ui.get("inspector"), dict) else {}
    groups = dict(inspector["groups"]) if isinstance(inspector.get("groups"), dict) else {}
    groups["pluginViews"] = {"position": "9999", "label": "Plugin Views"}
    inspector["groups"] = groups
    ui["inspector"] = inspector
    config["ui"] = ui
    properties = dict(config["properties"]) if isinstance(config.get("properties"), dict) else {}
    properties["views"] = {"type": "string", "ui": {"inspector": {
        "group": "pluginViews", "position": "20", "editor": PLUGIN_VIEWS_EDITOR}}}
    config["properties"] = properties
    return config


def icon_names(config: dict, version: str, memo: dict | None = None) -> dict:
    """``IconNameMappingPostprocessor``: ``ui.icon`` and the icon of every ``ui.inspector.<kind>.<id>``.
    ``memo`` (one resolution's) remembers each mapped table of groups, tabs or views by identity
    (types share them with their supertypes)."""
    ui = config.get("ui")
    if not isinstance(ui, dict):
        return config
    brands = version != "8.3"
    new_ui = None
    if _isset(ui, "icon"):
        mapped = map_icon_name(ui["icon"], brands)
        if mapped != ui["icon"]:
            new_ui = dict(ui)
            new_ui["icon"] = mapped
    inspector = ui.get("inspector")
    if isinstance(inspector, dict):
        new_inspector = None
        for kind, items in inspector.items():
            if not isinstance(items, dict):
                continue
            known = memo.get(id(items)) if memo is not None else None
            if known is not None and known[0] is items:
                new_items = known[1]
            else:
                new_items = _mapped_icons(items, brands)
                if memo is not None:
                    memo[id(items)] = (items, new_items)
            if new_items is not None:
                new_inspector = new_inspector if new_inspector is not None else dict(inspector)
                new_inspector[kind] = new_items
        if new_inspector is not None:
            new_ui = new_ui if new_ui is not None else dict(ui)
            new_ui["inspector"] = new_inspector
    if new_ui is None:
        return config
    return {**config, "ui": new_ui}


def _mapped_icons(items: dict, brands: bool) -> dict | None:
    """``items`` (groups, tabs or views) with their icons mapped; None when no icon changes."""
    new_items = None
    for item_id, item in items.items():
        if _isset(item, "icon"):
            mapped = map_icon_name(item["icon"], brands)
            if mapped != item["icon"]:
                new_items = new_items if new_items is not None else dict(items)
                new_items[item_id] = {**item, "icon": mapped}
    return new_items


def _promote(name, prop: dict, settings: Settings, data_type: Any = None) -> dict:
    """A property (or a 9.x reference, whose element is of ``data_type``) flagged ``showInCreationDialog:
    true`` as a creation dialog element."""
    if data_type is None:
        data_type = prop.get("type") if prop.get("type") is not None else "string"
    type_block = settings.data_type(data_type)
    element: dict = {"type": data_type, "ui": {"label": _get(prop, "ui", "label", default=name)}}
    if _isset(prop, "defaultValue"):
        element["defaultValue"] = prop["defaultValue"]
    if _isset(prop, "ui", "help"):
        element["ui"]["help"] = prop["ui"]["help"]
    if _isset(prop, "validation"):
        element["validation"] = prop["validation"]
    if _isset(prop, "ui", "inspector", "position"):
        element["position"] = prop["ui"]["inspector"]["position"]
    if _isset(prop, "ui", "inspector", "hidden"):
        element["ui"]["hidden"] = prop["ui"]["inspector"]["hidden"]
    editor = _get(prop, "ui", "inspector", "editor")
    if editor is None:
        editor = type_block.get("editor") if type_block.get("editor") is not None else TEXT_FIELD_EDITOR
    options = _get(prop, "ui", "inspector", "editorOptions", default={})
    if _isset(type_block, "editorOptions"):
        options = merge(type_block["editorOptions"], options)
    editor_block = settings.editor(editor)
    if _isset(editor_block, "editorOptions"):
        options = merge(editor_block["editorOptions"], options)
    element["ui"]["editor"] = editor
    element["ui"]["editorOptions"] = options
    return element


def creation_dialog(config: dict, settings: Settings, version: str, problems: list | None = None,
                    bad_ui: list | None = None, bad_elements: list | None = None) -> dict:
    """``CreationDialogPostprocessor`` (8.3) / ``CreationDialogNodeTypePostprocessor`` (9.x). What the
    positional sorter finds wrong with the elements' positions goes to ``problems``, the elements whose
    ``ui`` 9.x cannot merge to ``bad_ui``, what else the post-processor fails on to ``bad_elements``:
    ``("elements", promoted name or None)`` for elements that are no map, ``("explicit", name)`` for an
    element that is no map over a promoted property, ``("name", name)`` for a promoted property 9.x cannot
    name (see ``_element_failures``)."""
    properties = config.get("properties")
    if version == "8.3" and properties is None:
        return config
    elements = _get(config, "ui", "creationDialog", "elements", default={})
    written = elements
    elements = dict(elements) if isinstance(elements, dict) else {}
    explicit = dict(elements)
    promoted: tuple = ()
    if isinstance(properties, dict) and properties:
        promoted = settings.entry_facts(properties).promoted
        for name in promoted:
            prop = properties[name]
            element = _promote(name, prop, settings)
            if explicit.get(name) is not None:
                element = merge(element, explicit[name])
            elements[name] = element
    if bad_elements is not None:
        bad_elements.extend(_element_failures(written, explicit, promoted, version))
    references = config.get("references") if version != "8.3" else None
    if isinstance(references, dict) and references:
        # 9.x promotes flagged references too, as elements of type `reference` when they allow one node
        # (`constraints.maxItems: 1`), else `references` (platform facts §4.2); the UI's creation handler
        # (PromotedElementsCreationHandlerFactory) sets them on the new node
        for name in settings.entry_facts(references).promoted:
            ref = references[name]
            max_items = _get(ref, "constraints", "maxItems")
            kind = "reference" if type(max_items) is int and max_items == 1 else "references"
            element = _promote(name, ref, settings, kind)
            if explicit.get(name) is not None:
                element = merge(element, explicit[name])
            elements[name] = element
    if version != "8.3":
        elements = element_editors(elements, settings, version, bad_ui)
    if not elements:
        return config
    return _with_elements(config, _sorted_elements(elements, problems))


def _element_failures(written, explicit: dict, promoted: tuple, version: str) -> list[tuple[str, Any]]:
    """What the creation dialog post-processor fails on. 9.x's (neos-ui ``CreationDialogNodeTypePostprocessor``,
    strict types) hands ``elements ?? []`` to methods that take an array, and each promoted property's name to a
    ``string`` parameter; 8.3's (``CreationDialogPostprocessor``) writes each promoted element into ``elements``
    (an Error on a text, number or ``true``; PHP makes an array of ``false``). Both merge an element written
    over a promoted property with ``Arrays::arrayMergeRecursiveOverrule()``, which takes arrays."""
    found: list[tuple[str, Any]] = []
    if written is not None and not isinstance(written, (dict, list)):
        if version != "8.3":
            found.append(("elements", None))
        elif promoted and written is not False:
            found.append(("elements", promoted[0]))
    for name in promoted:
        element = explicit.get(name)
        if element is not None and not isinstance(element, (dict, list)):
            found.append(("explicit", name))
        if version != "8.3" and isinstance(php_key(name), int):
            found.append(("name", name))
    return found


def _sorted_elements(elements: dict, problems: list | None = None) -> dict:
    items = [(k, v.get("position") if isinstance(v, dict) else None) for k, v in elements.items() if v is not None]
    order, found = php_sort(items)
    if problems is not None:
        problems.extend(found)
    return {k: elements[k] for k in order}


def _with_elements(config: dict, elements: dict) -> dict:
    old_ui = config.get("ui")
    ui = dict(old_ui) if isinstance(old_ui, dict) else {}
    old_creation = ui.get("creationDialog")
    creation = dict(old_creation) if isinstance(old_creation, dict) else {}
    creation["elements"] = elements
    ui["creationDialog"] = creation
    return {**config, "ui": ui}


def element_editors(elements: dict, settings: Settings, version: str = "9", bad_ui: list | None = None) -> dict:
    """The default editor and its options merged into creation dialog elements that have a ``type``.
    ``bad_ui`` gets the names of the elements whose ``ui`` the CMS cannot merge (they stay as written):
    8.3's DefaultPropertyEditorPostprocessor merges ``$element['ui']`` as it is, 9.x's
    CreationDialogNodeTypePostprocessor ``$element['ui'] ?? []``; a value that is no array is a TypeError."""
    result = {}
    for name, element in elements.items():
        if not isinstance(element, dict) or not _isset(element, "type"):
            result[name] = element
            continue
        type_block = settings.data_type(element["type"])
        if _isset(element, "ui", "editor"):
            editor = element["ui"]["editor"]
        elif type_block.get("editor") is not None:
            editor = type_block["editor"]
        else:
            result[name] = element  # a partial element over a promoted property: no exception
            continue
        own_ui = element.get("ui")
        if not isinstance(own_ui, (dict, list)) and (own_ui is not None or version == "8.3"):
            if bad_ui is not None:
                bad_ui.append(name)
            result[name] = element
            continue
        ui = merge(merge(settings.editor(editor), type_block), own_ui if isinstance(own_ui, dict) else {})
        ui = dict(ui)
        ui["editor"] = editor
        result[name] = {**element, "ui": ui}
    return result


class NoEditor(Exception):
    """The CMS's "Could not find editor for <property> in node type <type>" (1436809123)."""

    def __init__(self, prop_name):
        super().__init__(prop_name)
        self.prop_name = prop_name


def property_editor(prop: dict, settings: Settings, prop_name=None) -> dict:
    """One property's ``ui.inspector`` as ``DefaultPropertyEditorPostprocessor`` builds it: editor defaults,
    then the whole data-type block (``typeConverter`` and the rest), then the property's own block.
    Raises ``NoEditor`` where the CMS throws."""
    known = settings.processed.get(id(prop))
    if known is None or known[0] is not prop:
        known = settings.processed[id(prop)] = (prop, _property_editor(prop, settings))
    if known[1] is None:
        raise NoEditor(prop_name)
    return known[1]


def _property_editor(prop: dict, settings: Settings) -> dict | None:
    """``property_editor`` without the memo; None where the CMS throws. (The ``isset`` tests are spelled
    out: this runs once for every property of a project.)"""
    type_name = prop.get("type")
    ui = prop.get("ui")
    if type_name is None or not isinstance(ui, dict):
        return prop
    inspector = ui.get("inspector")
    if inspector is None:
        return prop
    if not isinstance(inspector, (dict, list)):
        # PHP's arrayMergeRecursiveOverrule takes arrays only: the CMS fails with a TypeError here. The
        # property stays as written; the `inspector-not-map` check reports it.
        return prop
    type_block = settings.data_type(type_name)
    editor = inspector.get("editor") if isinstance(inspector, dict) else None
    if editor is None:
        editor = type_block.get("editor")
        if editor is None:
            return None
    # Legacy spellings (`TYPO3.Neos/...`, `Content/Inspector/Editors/...`) resolve to today's id: the
    # studio's one deliberate difference, reported as a `compat` note where they are written.
    editor = settings.project.platform.normalize_editor(editor).value
    # (an editor or type written as a map or list is no key: the CMS fails on it, `editor-unknown` says so)
    key = (editor, type_name) if isinstance(type_name, (str, int)) and isinstance(editor, (str, int)) else None
    defaults = settings.defaults.get(key) if key is not None else None
    if defaults is None:
        defaults = merge(settings.editor(editor), type_block)
        if key is not None:
            settings.defaults[key] = defaults
    combined = merge(defaults, inspector)  # (a new map: the inspector block is a container)
    combined["editor"] = editor
    return {**prop, "ui": {**ui, "inspector": combined}}


def default_editors(config: dict, settings: Settings, version: str, problems: list,
                    bad_ui: list | None = None) -> dict:
    """``DefaultPropertyEditorPostprocessor`` on properties (and 9.x ``references``, 8.3 creation dialog
    elements). Properties the CMS cannot give an editor are left alone and named in ``problems``, 8.3
    creation dialog elements whose ``ui`` it cannot merge in ``bad_ui``."""
    result = config
    properties = config.get("properties")
    if isinstance(properties, dict):
        new_props = None
        memo = settings.processed
        for name, prop in properties.items():
            if not isinstance(prop, dict):
                continue
            known = memo.get(id(prop))  # property_editor's memo, looked up here: this loop is hot
            if known is None or known[0] is not prop:
                known = memo[id(prop)] = (prop, _property_editor(prop, settings))
            processed = known[1]
            if processed is None:
                problems.append(name)
                continue
            if processed is not prop:
                new_props = new_props if new_props is not None else dict(properties)
                new_props[name] = processed
        if new_props is not None:
            result = {**result, "properties": new_props}
    references = config.get("references")
    if version != "8.3" and isinstance(references, dict):
        new_refs = {}
        for name, ref in references.items():
            if not isinstance(ref, dict) or not _isset(ref, "ui", "inspector"):
                new_refs[name] = ref
                continue
            inspector = ref["ui"]["inspector"]
            if not isinstance(inspector, (dict, list)):  # the CMS fails (a TypeError), as for properties
                new_refs[name] = ref
                continue
            editor = inspector.get("editor") if isinstance(inspector, dict) else None
            if not php_truthy(editor):
                max_items = _get(ref, "constraints", "maxItems")
                key = "reference" if type(max_items) is int and max_items == 1 else "references"  # PHP's === 1
                fallback = "Neos.Neos/Inspector/Editors/ReferenceEditor" if key == "reference" else \
                    "Neos.Neos/Inspector/Editors/ReferencesEditor"
                configured = settings.data_type(key).get("editor")
                editor = configured if configured is not None else fallback
            combined = dict(merge(settings.editor(editor), inspector))
            combined["editor"] = editor
            new_refs[name] = {**ref, "ui": {**ref["ui"], "inspector": combined}}
        result = {**result, "references": new_refs}
    if version == "8.3":
        elements = _get(result, "ui", "creationDialog", "elements")
        if isinstance(elements, dict) and elements:
            result = _with_elements(result, element_editors(elements, settings, version, bad_ui))
    return result
