"""What the CMS does to a node type after inheritance: presets (facts §5.11), ``i18n`` labels
(§5.13) and the default property editor (§1.3)."""

from __future__ import annotations

from nodetype_studio.diagnostics import warning
from nodetype_studio.model.merge import MISSING, get_path, merge
from nodetype_studio.model.nodetype import Layer
from nodetype_studio.model.yamlload import YMap

_SETTINGS_EDITORS = ("userInterface", "inspector", "editors")
_SETTINGS_DATATYPES = ("userInterface", "inspector", "dataTypes")


def _settings_subtrees(project, path: tuple):
    """(settings file, subtree) for every settings file that defines ``<Prefix>.<Prefix>.<path>``."""
    prefix = project.platform.prefix
    full = (prefix, prefix) + path
    for source in project.settings_files:
        value = get_path(source.data, full) if isinstance(source.data, dict) else MISSING
        if value is not MISSING:
            yield source, value


def apply_presets(nt, presets: dict, project) -> dict[str, list[Layer]]:
    """Merge ``options.preset`` presets under properties and child nodes; return provenance layers."""
    layers: dict[str, list[Layer]] = {}
    for section, kind in (("properties", "properties"), ("childNodes", "childNodes")):
        entries = nt.merged.get(section)
        if not isinstance(entries, dict):
            continue
        table = presets.get(kind) if isinstance(presets, dict) else None
        changed = None
        for name, config in entries.items():
            if not isinstance(config, dict):
                continue
            options = config.get("options")
            preset_path = options.get("preset") if isinstance(options, dict) else None
            if not isinstance(preset_path, str) or not preset_path:
                continue
            keys = tuple(preset_path.split("."))
            preset = get_path(table, keys) if isinstance(table, dict) else MISSING
            if not isinstance(preset, dict):
                project.diagnostics.append(warning(
                    "preset-unknown",
                    f"{nt.name}: {section}.{name}: preset {preset_path!r} is not defined under "
                    f"{project.platform.package}.nodeTypes.presets.{kind} (the CMS silently ignores it)",
                    _own_location(nt, (section, name, "options", "preset")), node_type=nt.name,
                    property_name=name if section == "properties" else None))
                continue
            changed = changed if changed is not None else dict(entries)
            changed[name] = merge(preset, config)
            if section == "properties":
                sub = ("nodeTypes", "presets", kind) + keys
                layers[name] = [Layer(f"preset {preset_path}", source, data, (section, name))
                                for source, data in _settings_subtrees(project, sub)]
        if changed is not None:
            nt.merged[section] = changed
    return layers


def _own_location(nt, path):
    from nodetype_studio.model.project import _key_location

    return _key_location(nt, path) or nt.location_of_definition()


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


def _editor_defaults(project, editor_id):
    table = project.platform_setting(*_SETTINGS_EDITORS, default={})
    block = _lookup(table, editor_id)
    return block if isinstance(block, dict) else None


def resolved_editor(project, prop: dict) -> str | None:
    """The editor id the CMS uses for a property (explicit, else the type's default), normalized."""
    inspector = (prop.get("ui") or {}).get("inspector") if isinstance(prop.get("ui"), dict) else None
    explicit = inspector.get("editor") if isinstance(inspector, dict) else None
    if isinstance(explicit, str) and explicit:
        memo = project._memo.setdefault("editor", {})
        if explicit not in memo:
            memo[explicit] = project.platform.normalize_editor(explicit).value
        return memo[explicit]
    type_name = prop.get("type", "string")
    block, _ = _datatype(project, type_name if isinstance(type_name, str) else "string")
    editor = block.get("editor") if block else None
    return project.platform.normalize_editor(editor).value if isinstance(editor, str) else None


def _pick(block: dict | None) -> dict:
    """The editor-related part of a settings block (positions kept for provenance)."""
    picked = YMap()
    if not block:
        return picked
    for key in ("editor", "editorOptions"):
        if key in block:
            picked[key] = block[key]
            if isinstance(block, YMap) and key in block.key_pos:
                picked.key_pos[key] = block.key_pos[key]
    return picked


def postprocess(nt, project, i18n: bool = True) -> dict:
    effective = dict(nt.merged)
    properties = effective.get("properties")
    if isinstance(properties, dict):
        new_props = {}
        for name, prop in properties.items():
            new_props[name] = _postprocess_property(prop, project) if isinstance(prop, dict) else prop
        effective["properties"] = new_props
    if i18n:
        _apply_i18n(nt, effective, project)
    return effective


def _postprocess_property(prop: dict, project) -> dict:
    ui = prop.get("ui")
    if "type" not in prop or not isinstance(ui, dict) or ui.get("inspector") is None:
        return prop
    inspector = ui["inspector"]
    if not isinstance(inspector, dict):
        return prop
    editor = resolved_editor(project, prop)
    if editor is None:
        return prop
    data_block, _ = _datatype(project, prop["type"] if isinstance(prop["type"], str) else "string")
    combined = merge(merge(_pick(_editor_defaults(project, editor)), _pick(data_block)), inspector)
    combined = dict(combined)
    combined["editor"] = editor
    return {**prop, "ui": {**ui, "inspector": combined}}


def default_layers(nt, project) -> dict[str, list[Layer]]:
    """Provenance layers for values that come from editor and data-type defaults."""
    result: dict[str, list[Layer]] = {}
    for name, prop in (nt.effective.get("properties") or {}).items():
        if not isinstance(prop, dict):
            continue
        inspector = get_path(prop, ("ui", "inspector"))
        editor = inspector.get("editor") if isinstance(inspector, dict) else None
        if not isinstance(editor, str) or "type" not in prop:
            continue
        root = ("properties", name, "ui", "inspector")
        layers = [Layer("editor default", source, _pick(block), root)
                  for source, block in _settings_subtrees(project, _SETTINGS_EDITORS + (editor,)) if isinstance(block, dict)]
        _, normalized_type = _datatype(project, prop["type"] if isinstance(prop["type"], str) else "string")
        for key in dict.fromkeys((normalized_type, prop["type"])):
            if not isinstance(key, str):
                continue
            layers += [Layer("data-type default", source, _pick(block), root)
                       for source, block in _settings_subtrees(project, _SETTINGS_DATATYPES + (key,)) if isinstance(block, dict)]
        if layers:
            result[name] = layers
    return result


# --- i18n ------------------------------------------------------------------------------------------

def _i18n_prefix(type_name: str) -> str:
    package, _, rest = type_name.partition(":")
    return f"{package}:NodeTypes.{rest}:"


_EDITOR_I18N = {
    "SelectBoxEditor": ("selectBoxEditor", ("placeholder",)),
    "CodeEditor": ("codeEditor", ("buttonLabel",)),
    "TextFieldEditor": ("textFieldEditor", ("placeholder",)),
    "TextAreaEditor": ("textAreaEditor", ("placeholder",)),
}


def _is_i18n(value) -> bool:
    return isinstance(value, str) and value.strip() == "i18n"


def _apply_i18n(nt, effective: dict, project) -> None:
    """Replace values that are exactly ``i18n`` by generated translation ids (facts §5.13)."""
    prefix = _i18n_prefix(nt.name)
    ui = effective.get("ui")
    if isinstance(ui, dict):
        ui = effective["ui"] = dict(ui)
        if _is_i18n(ui.get("label")):
            ui["label"] = prefix + "ui.label"
        help_ = ui.get("help")
        if isinstance(help_, dict) and _is_i18n(help_.get("message")):
            ui["help"] = {**help_, "message": prefix + "ui.help.message"}
        inspector = ui.get("inspector")
        if isinstance(inspector, dict):
            inspector = ui["inspector"] = dict(inspector)
            for kind in ("tabs", "groups", "views"):
                entries = inspector.get(kind)
                if isinstance(entries, dict):
                    inspector[kind] = {
                        key: ({**entry, "label": f"{prefix}{kind}.{key}"} if isinstance(entry, dict) and _is_i18n(entry.get("label")) else entry)
                        for key, entry in entries.items()
                    }
    properties = effective.get("properties")
    if not isinstance(properties, dict):
        return
    for name, prop in list(properties.items()):
        if not isinstance(prop, dict) or not isinstance(prop.get("ui"), dict):
            continue
        pui = dict(prop["ui"])
        changed = False
        if _is_i18n(pui.get("label")):
            pui["label"] = f"{prefix}properties.{name}"
            changed = True
        if isinstance(pui.get("help"), dict) and _is_i18n(pui["help"].get("message")):
            pui["help"] = {**pui["help"], "message": f"{prefix}properties.{name}.ui.help.message"}
            changed = True
        inspector = pui.get("inspector")
        options = inspector.get("editorOptions") if isinstance(inspector, dict) else None
        editor = inspector.get("editor") if isinstance(inspector, dict) else None
        short = project.platform.normalize_editor(editor).short if isinstance(editor, str) else None
        if isinstance(options, dict) and short in _EDITOR_I18N:
            area, keys = _EDITOR_I18N[short]
            new_options = dict(options)
            for key in keys:
                if _is_i18n(new_options.get(key)):
                    new_options[key] = f"{prefix}properties.{name}.{area}.{key}"
            if short == "SelectBoxEditor" and isinstance(new_options.get("values"), dict):
                new_options["values"] = {
                    v: ({**entry, "label": f"{prefix}properties.{name}.selectBoxEditor.values.{v}"}
                        if isinstance(entry, dict) and _is_i18n(entry.get("label")) else entry)
                    for v, entry in new_options["values"].items()
                }
            if new_options != options:
                pui["inspector"] = {**inspector, "editorOptions": new_options}
                changed = True
        if changed:
            properties[name] = {**prop, "ui": pui}
