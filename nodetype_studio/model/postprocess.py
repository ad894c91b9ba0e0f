"""What the CMS does to a node type's configuration: ``i18n`` labels on each type's own
configuration before inheritance (§5.13), then presets (facts §5.11) and the default property
editor (§1.3) after it."""

from __future__ import annotations

from typing import Any

from nodetype_studio.diagnostics import Location, error, info, warning
from nodetype_studio.model.merge import MISSING, get_path, merge
from nodetype_studio.model.nodetype import Layer
from nodetype_studio.model.yamlload import YMap
from nodetype_studio.php.values import to_bool as php_truthy

_SETTINGS_EDITORS = ("userInterface", "inspector", "editors")
_SETTINGS_DATATYPES = ("userInterface", "inspector", "dataTypes")


def _settings_subtrees(project, path: tuple) -> list[tuple[Any, Any]]:
    """(settings file, subtree) for every settings file that defines ``<Prefix>.<Prefix>.<path>``.

    Remembered per project (``project._memo``; its settings files do not change): the provenance layers
    of every property ask again for the same few editors and data types."""
    memo: dict[tuple, list[tuple[Any, Any]]] = project._memo.setdefault("settings_subtrees", {})
    found = memo.get(path)
    if found is None:
        prefix = project.platform.prefix
        full = (prefix, prefix) + path
        found = memo[path] = []
        for source in project.settings_files:
            value = get_path(source.data, full) if isinstance(source.data, dict) else MISSING
            if value is not MISSING:
                found.append((source, value))
    return found


def apply_presets(nt, presets: dict, project, facts=None) -> dict[str, list[Layer]]:
    """Merge ``options.preset`` presets under properties and child nodes; return provenance layers.
    ``facts`` (``postprocessors.Settings.entry_facts``) tells which maps name no preset at all."""
    layers: dict[str, list[Layer]] = {}
    for section, kind in (("properties", "properties"), ("childNodes", "childNodes")):
        entries = nt.merged.get(section)
        if not isinstance(entries, dict) or (facts is not None and not facts(entries).presets):
            continue
        table = presets.get(kind) if isinstance(presets, dict) else None
        changed = None
        for name, config in entries.items():
            if not isinstance(config, dict):
                continue
            options = config.get("options")
            preset_path = options.get("preset") if isinstance(options, dict) else None
            if not php_truthy(preset_path):  # the CMS asks `if ($preset = ...)`
                continue
            keys = preset_keys(preset_path)
            property_name = name if section == "properties" else None
            if keys is None:
                project.diagnostics.append(error(
                    "preset-invalid",
                    f"{nt.name}: {section}.{name}: `options.preset` must be a preset path such as 'text.short' "
                    f"(or a list of its keys), not {type(preset_path).__name__} {preset_path!r}: the CMS cannot "
                    "load the node types (Arrays::getValueByPath() expects $path to be string or array)",
                    _own_location(nt, (section, name, "options", "preset")), node_type=nt.name,
                    property_name=property_name))
                continue
            shown = preset_path if isinstance(preset_path, str) else ".".join(str(k) for k in keys)
            setting = f"{project.platform.package}.nodeTypes.presets.{kind}"
            if not isinstance(table, (dict, list)):
                # The CMS ships no presets: its NodeTypePresetPostprocessor then hands a null table to Flow's
                # Arrays::getValueByPath(array &$array, ...), a TypeError (8.3 and 9.x)
                project.diagnostics.append(error(
                    "preset-table-missing",
                    f"{nt.name}: {section}.{name}: preset {shown!r} needs the setting {setting}, which is not set "
                    f"(the CMS ships none): the CMS cannot load the node types (NodeTypePresetPostprocessor passes "
                    f"the missing table to Arrays::getValueByPath(), a TypeError). Define the preset in "
                    f"Settings.yaml or remove `options.preset`",
                    _own_location(nt, (section, name, "options", "preset")), node_type=nt.name,
                    property_name=property_name))
                continue
            preset = _preset_at(table, keys)
            if not php_truthy(preset):  # `if ($presetConfiguration)`: nothing found, or a falsy value
                project.diagnostics.append(warning(
                    "preset-unknown",
                    f"{nt.name}: {section}.{name}: preset {shown!r} is not defined under "
                    f"{setting} (the CMS silently ignores it)",
                    _own_location(nt, (section, name, "options", "preset")), node_type=nt.name,
                    property_name=property_name))
                continue
            if not isinstance(preset, (dict, list)):
                project.diagnostics.append(error(
                    "preset-not-map",
                    f"{nt.name}: {section}.{name}: preset {shown!r} is {shown_value(preset)}, not a map: the CMS cannot "
                    f"load the node types (Arrays::arrayMergeRecursiveOverrule() takes arrays, a TypeError)",
                    _own_location(nt, (section, name, "options", "preset")), node_type=nt.name,
                    property_name=property_name))
                continue
            changed = changed if changed is not None else dict(entries)
            changed[name] = merge(preset, config)
            if section == "properties":
                sub = ("nodeTypes", "presets", kind) + keys
                layers[name] = [Layer(f"preset {shown}", source, data, (section, name))
                                for source, data in _settings_subtrees(project, sub)]
        if changed is not None:
            nt.merged[section] = changed
    return layers


def _preset_at(table, keys: tuple):
    """Flow's ``Arrays::getValueByPath(table, keys)``: each key looked up with ``isset`` (a null value is
    not found), a list's items by their index; None when the path leads nowhere."""
    current = table
    for key in keys:
        if isinstance(current, list):
            from nodetype_studio.php.yamldump import php_key  # (a list preset: rare)

            index = php_key(key)
            current = current[index] if isinstance(index, int) and 0 <= index < len(current) else None
        elif isinstance(current, dict):
            current = current.get(str(key))
        else:
            return None
        if current is None:
            return None
    return current


def shown_value(value) -> str:
    """A scalar as a finding names it: true/false, "the number 3", "the text 'x'"; else its type's name."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value[:60]!r}"
    return type(value).__name__


def preset_keys(path: Any) -> tuple | None:
    """The keys of an ``options.preset`` path as Flow's ``Arrays::getValueByPath`` follows them: a string
    is split at dots, a list (or map) gives its values in order; None for any other value, on which the
    CMS throws."""
    if isinstance(path, str):
        return tuple(path.split("."))
    if isinstance(path, (list, dict)):
        keys = tuple(path.values() if isinstance(path, dict) else path)
        # PHP cannot use a list or map as an array key either
        return keys if all(isinstance(key, (str, int, float)) for key in keys) else None
    return None


def _own_location(nt, path):
    return nt.location_of_key(path) or nt.location_of_definition()


def _lookup(table, key):
    return table.get(key) if isinstance(table, dict) else None


def _datatype(project, type_name):
    memo = project._memo.setdefault("datatype", {})
    if type_name not in memo:
        memo[type_name] = _datatype_uncached(project, type_name)
    return memo[type_name]


def _datatype_uncached(project, type_name):
    table = project.platform_setting(*_SETTINGS_DATATYPES, default={})
    normalized = project.platform.normalize_type(type_name).value
    block = _lookup(table, normalized)
    if block is None:
        block = _lookup(table, type_name)
    return block if isinstance(block, dict) else None, normalized


def _key_pos(config, path: tuple):
    """Position of the last key of ``path`` inside one parsed mapping, or None."""
    current, pos = config, None
    for key in path:
        if not isinstance(current, YMap) or key not in current:
            return None
        pos, current = current.key_pos.get(key), current[key]
    return pos


def legacy_spelling_findings(nt, project) -> list:
    """`compat` notes for legacy editor, validator and type spellings in the type's own files
    (each written occurrence once; inherited ones are reported where they are written)."""
    platform = project.platform
    found = []
    for fragment in nt.fragments:
        properties = fragment.config.get("properties") if isinstance(fragment.config, dict) else None
        if fragment.file.baseline or not isinstance(properties, dict):
            continue
        for name, prop in properties.items():
            if not isinstance(prop, dict):
                continue
            legacy: list[tuple[str, Any, Any, tuple]] = []  # (what, as written, normalized, path)
            editor = get_path(prop, ("ui", "inspector", "editor"), None)
            if isinstance(editor, str):
                normalized = platform.normalize_editor(editor)
                if normalized.legacy:
                    legacy.append(("editor", editor, normalized, ("ui", "inspector", "editor")))
            type_name = prop.get("type")
            if isinstance(type_name, str):
                normalized = platform.normalize_type(type_name)
                if normalized.legacy:
                    legacy.append(("type", type_name, normalized, ("type",)))
            validation = prop.get("validation")
            for validator in validation if isinstance(validation, dict) else ():
                normalized = platform.normalize_validator(validator)
                if normalized.legacy:
                    legacy.append(("validator", validator, normalized, ("validation", validator)))
            for what, written, normalized, path in legacy:
                pos = _key_pos(prop, path) or fragment.key_pos
                found.append(info(f"compat-legacy-{what}",
                                  f"{nt.name}: properties.{name}: {what} {written!r} uses the legacy {normalized.legacy} spelling; "
                                  f"it resolves to {normalized.value!r}",
                                  Location(str(fragment.file.path), *pos), node_type=nt.name, property_name=name))
    return found


def _property_defaults(project, name, editor: str, type_name) -> list[Layer]:
    """The editor and data-type default layers of property ``name`` (editor ``editor``, type ``type_name``)."""
    root = ("properties", name, "ui", "inspector")
    # the whole blocks are merged (typeConverter and the rest), as DefaultPropertyEditorPostprocessor does
    layers = [Layer("editor default", source, block, root)
              for source, block in _settings_subtrees(project, _SETTINGS_EDITORS + (editor,)) if isinstance(block, dict)]
    _, normalized_type = _datatype(project, type_name if isinstance(type_name, str) else "string")
    # (a type written as a list or map is no settings key: the `property-type-unknown` check reports it)
    for key in dict.fromkeys((normalized_type, type_name if isinstance(type_name, str) else None)):
        if not isinstance(key, str):
            continue
        layers += [Layer("data-type default", source, block, root)
                   for source, block in _settings_subtrees(project, _SETTINGS_DATATYPES + (key,)) if isinstance(block, dict)]
    return layers


def default_layers(nt, project) -> dict[str, list[Layer]]:
    """Provenance layers for values that come from editor and data-type defaults (of the preview's
    configuration: for a mixin the CMS does not post-process, the defaults its users get)."""
    result: dict[str, list[Layer]] = {}
    memo = project._memo.setdefault("default_layers", {})
    for name, prop in (nt.preview.get("properties") or {}).items():
        if not isinstance(prop, dict):
            continue
        inspector = get_path(prop, ("ui", "inspector"))
        editor = inspector.get("editor") if isinstance(inspector, dict) else None
        if not isinstance(editor, str) or "type" not in prop:
            continue
        # the layers depend on the Settings only: every type with the property asks for the same ones
        key = (name, editor, prop["type"]) if isinstance(prop["type"], str) else None
        layers = memo.get(key) if key is not None else None
        if layers is None:
            layers = _property_defaults(project, name, editor, prop["type"])
            if key is not None:
                memo[key] = layers
        if layers:
            result[name] = layers
    # 9.x references moved from properties get the editor defaults only (probed at their property path)
    for name in getattr(nt, "_moved_references", {}):
        editor = get_path(nt.effective, ("references", name, "ui", "inspector", "editor"), None)
        if isinstance(editor, str):
            root = ("properties", name, "ui", "inspector")
            layers = [Layer("editor default", source, block, root)
                      for source, block in _settings_subtrees(project, _SETTINGS_EDITORS + (editor,)) if isinstance(block, dict)]
            if layers:
                result[name] = layers
    return result


# --- i18n ------------------------------------------------------------------------------------------

def _i18n_prefix(type_name: str, platform_package: str) -> str:
    """``<Package>:NodeTypes.<Name>:``; a name without a colon belongs to the platform package (the CMS
    writes `Neos.Neos` there)."""
    package, colon, rest = type_name.partition(":")
    if not colon:
        package, rest = platform_package, type_name
    return f"{package}:NodeTypes.{rest}:"


_EDITOR_I18N = {
    "SelectBoxEditor": ("selectBoxEditor", ("placeholder",)),
    "CodeEditor": ("codeEditor", ("buttonLabel",)),
    "TextFieldEditor": ("textFieldEditor", ("placeholder",)),
    "TextAreaEditor": ("textAreaEditor", ("placeholder",)),
}


_PHP_TRIMMED = " \t\n\r\0\x0b"  # what PHP's trim() takes off


def is_i18n(value) -> bool:
    """``trim($value) === 'i18n'``: a text the CMS's label enrichment replaces by a generated translation id."""
    return isinstance(value, str) and value.strip(_PHP_TRIMMED) == "i18n"


def enrich_i18n(nt, project) -> None:
    """Replace values that are exactly ``i18n`` in ``nt.local`` by generated translation ids (facts §5.13).

    As the CMS does, this runs on each type's own configuration before inheritance, so an inherited
    ``i18n`` label gets the id of the type that declares it (the mixin's translation file), and an
    editor-specific option is only translated when the editor is written explicitly, on the property
    or on a supertype's declaration of it (the data-type default editor is not known yet).
    """
    config = nt.local
    prefix = _i18n_prefix(nt.name, project.platform.package)
    ui = config.get("ui")
    if isinstance(ui, dict):
        ui = config["ui"] = dict(ui)
        if is_i18n(ui.get("label")):
            ui["label"] = prefix + "ui.label"
        help_ = ui.get("help")
        if isinstance(help_, dict) and is_i18n(help_.get("message")):
            ui["help"] = {**help_, "message": prefix + "ui.help.message"}
        inspector = ui.get("inspector")
        if isinstance(inspector, dict):
            inspector = ui["inspector"] = dict(inspector)
            for kind, entries in list(inspector.items()):  # every kind, not only tabs, groups and views
                if isinstance(entries, dict):
                    inspector[kind] = {
                        key: ({**entry, "label": f"{prefix}{kind}.{key}"} if isinstance(entry, dict) and is_i18n(entry.get("label")) else entry)
                        for key, entry in entries.items()
                    }
        creation = ui.get("creationDialog")
        if isinstance(creation, dict) and isinstance(creation.get("elements"), dict):
            ui["creationDialog"] = {**creation, "elements": {
                key: _creation_element_ids(project, entry, f"{prefix}creationDialog.{key}")
                for key, entry in creation["elements"].items()
            }}
    enrich_reference_i18n(nt, project, prefix)
    properties = config.get("properties")
    if not isinstance(properties, dict):
        return
    properties = config["properties"] = dict(properties)  # the nested maps are shared with the parsed files
    for name, prop in list(properties.items()):
        if not isinstance(prop, dict) or not isinstance(prop.get("ui"), dict):
            continue
        pui = dict(prop["ui"])
        if is_i18n(pui.get("label")):
            pui["label"] = f"{prefix}properties.{name}"
        if isinstance(pui.get("help"), dict) and is_i18n(pui["help"].get("message")):
            pui["help"] = {**pui["help"], "message": f"{prefix}properties.{name}.ui.help.message"}
        inline = pui.get("inline")
        inline_options = inline.get("editorOptions") if isinstance(inline, dict) else None
        if isinstance(inline, dict) and isinstance(inline_options, dict) and is_i18n(inline_options.get("placeholder")):
            pui["inline"] = {**inline, "editorOptions": {**inline_options,
                                                         "placeholder": f"{prefix}properties.{name}.ui.inline.editorOptions.placeholder"}}
        inspector = pui.get("inspector")
        options = inspector.get("editorOptions") if isinstance(inspector, dict) else None
        if isinstance(options, dict):
            new_options = _editor_option_ids(project, _declared_editor(project, nt, name), options,
                                             f"{prefix}properties.{name}")
            if new_options is not options and isinstance(inspector, dict):
                pui["inspector"] = {**inspector, "editorOptions": new_options}
        if pui != prop["ui"]:
            properties[name] = {**prop, "ui": pui}


def _editor_option_ids(project, editor, options: dict, base: str) -> dict:
    """``options`` with the editor-specific ``i18n`` values replaced by ids under ``base`` (the same
    object when nothing changes). The CMS compares the editor as written with the platform's names, so a
    legacy spelling (``Content/Inspector/Editors/...``, ``TYPO3.Neos/...``) gets no ids."""
    normalized = project.platform.normalize_editor(editor) if isinstance(editor, str) else None
    short = normalized.short if normalized is not None and normalized.legacy is None else None
    if short not in _EDITOR_I18N:
        return options
    area, keys = _EDITOR_I18N[short]
    new_options = dict(options)
    for key in keys:
        if is_i18n(new_options.get(key)):
            new_options[key] = f"{base}.{area}.{key}"
    if short == "SelectBoxEditor" and isinstance(new_options.get("values"), dict):
        new_options["values"] = {
            v: ({**entry, "label": f"{base}.selectBoxEditor.values.{v}"}
                if isinstance(entry, dict) and is_i18n(entry.get("label")) else entry)
            for v, entry in new_options["values"].items()
        }
    return new_options if new_options != options else options


def _creation_element_ids(project, element, base: str):
    """A creation dialog element with ``i18n`` in its label and its editor's labels replaced: the label
    by ``creationDialog.<element>``, editor labels by ``creationDialog.<element>.<editor path>``."""
    if not isinstance(element, dict) or not isinstance(element.get("ui"), dict):
        return element
    eui = dict(element["ui"])
    if is_i18n(eui.get("label")):
        eui["label"] = base
    if isinstance(eui.get("editorOptions"), dict):
        eui["editorOptions"] = _editor_option_ids(project, eui.get("editor"), eui["editorOptions"], base)
    return {**element, "ui": eui} if eui != element["ui"] else element


def _declared_editor(project, nt, prop_name: str, own: bool = True):
    """The editor written for a property on the type itself, else on its supertypes' own declarations:
    the type, then each supertype declared ``true`` (depth first, declaration order); first one wins.
    ``own=False``: the supertypes only (a reference, whose own editor is looked up on the entry)."""
    seen: set[str] = set()
    pending = [nt.name]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        owner = project.node_types.get(name)
        if owner is None:
            continue
        editor = get_path(owner.local, ("properties", prop_name, "ui", "inspector", "editor"), None) \
            if own or owner is not nt else None
        if editor is not None:
            return editor
        if owner is not nt and project.cms_version.version.value == "8.3":
            continue  # 8.3 looks at the declared supertypes only, not theirs (platform facts §6.1)
        pending.extend(reversed([sup for sup, on in owner._supertype_map.items() if on is True]))
    return None


def enrich_reference_i18n(nt, project, prefix: str) -> None:
    """9.x: ``references:`` entries get ids as properties do, with ``references.`` in them: label, help message,
    inline placeholder and the labels of the editor written for them (on the entry, else on a supertype's
    ``properties`` entry of that name, as the CMS looks it up); each entry's own ``properties`` get ids
    ``<entry>.properties.<name>`` (9.x NodeTypeEnrichmentService::setLabels(); platform facts §6.1; 8.3 ignores
    the section)."""
    config = nt.local
    references = config.get("references")
    version = getattr(getattr(project, "cms_version", None), "version", None)
    if not isinstance(references, dict) or getattr(version, "value", version) == "8.3":
        return
    changed = _entries_with_ids(nt, project, prefix, references, "references", own_editor=False)
    if changed is not references:
        config["references"] = changed


def _entries_with_ids(nt, project, prefix: str, entries: dict, kind: str, own_editor: bool) -> dict:
    """``entries`` (references, or an entry's ``properties``) with their ``i18n`` values replaced by ids
    ``<prefix><kind>.<name>...``; the same object when nothing changes. An entry without ``ui`` is skipped
    whole, its own ``properties`` too (the CMS's ``continue``)."""
    changed = None
    for name, entry in entries.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("ui"), dict):
            continue
        base = f"{prefix}{kind}.{name}"
        eui = dict(entry["ui"])
        if is_i18n(eui.get("label")):
            eui["label"] = base
        inspector = eui.get("inspector")
        options = inspector.get("editorOptions") if isinstance(inspector, dict) else None
        if isinstance(inspector, dict) and isinstance(options, dict):
            editor = inspector.get("editor")
            if editor is None:
                editor = _declared_editor(project, nt, name, own=own_editor)
            new_options = _editor_option_ids(project, editor, options, base)
            if new_options is not options:
                eui["inspector"] = {**inspector, "editorOptions": new_options}
        inline = eui.get("inline")
        inline_options = inline.get("editorOptions") if isinstance(inline, dict) else None
        if isinstance(inline, dict) and isinstance(inline_options, dict) and is_i18n(inline_options.get("placeholder")):
            eui["inline"] = {**inline, "editorOptions": {**inline_options,
                                                         "placeholder": f"{base}.ui.inline.editorOptions.placeholder"}}
        if isinstance(eui.get("help"), dict) and is_i18n(eui["help"].get("message")):
            eui["help"] = {**eui["help"], "message": f"{base}.ui.help.message"}
        new_entry = {**entry, "ui": eui} if eui != entry["ui"] else entry
        sub = entry.get("properties")
        if isinstance(sub, dict):
            new_sub = _entries_with_ids(nt, project, prefix, sub, f"{name}.properties", own_editor=False)
            if new_sub is not sub:
                new_entry = {**new_entry, "properties": new_sub}
        if new_entry is not entry:
            changed = changed if changed is not None else dict(entries)
            changed[name] = new_entry
    return changed if changed is not None else entries
