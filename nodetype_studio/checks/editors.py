"""Checks on the choice of editor: property type, editor identifier, and whether they fit."""

from __future__ import annotations

from pathlib import Path

from nodetype_studio.catalogue import EDITORS, suggest
from nodetype_studio.catalogue.types import (
    canonical_type,
    data_type,
    is_known_type,
    known_type_names,
    looks_like_class,
)
from nodetype_studio.checks.base import (
    Context,
    PropertyView,
    _position_in,
    closest_name,
    get,
    is_bare_name,
    node_rule,
    property_rule,
)
from nodetype_studio.checks.optionwalk import describe_value
from nodetype_studio.diagnostics import Severity
from nodetype_studio.js.values import is_client_eval


def _type_path(prop: PropertyView) -> tuple:
    return prop.path + ("type",)


def _editor_path(prop: PropertyView) -> tuple:
    return prop.path + ("ui", "inspector", "editor")


@property_rule(combined=True)
def property_type(ctx: Context, prop: PropertyView):
    type_name = prop.type
    if type_name is None:
        if prop.has_inspector and prop.written_editor is None:
            yield ctx.at(prop.nt, prop.path + ("ui", "inspector"), Severity.WARNING, "property-type-missing",
                         f"property `{prop.name}` has an inspector block but no `type` and no `editor`; the CMS "
                         "shows \"Missing editor definition\". Add `type: string` (or the type it holds)", prop.name, nearest=True)
        return
    if not isinstance(type_name, str):
        return  # (`property_type_not_text` reports it where it is written, on a mixin too)
    # (a combined rule: every property of every final type asks, about a few type names)
    unknown, has_default_editor = ctx.remembered(("property type", type_name), (),
                                                 lambda: _type_facts(ctx, type_name))
    if unknown is not None:
        yield ctx.at(prop.nt, _type_path(prop), Severity.WARNING, "property-type-unknown",
                     f"unknown property type `{type_name}`{unknown}", prop.name)
        return
    if prop.has_inspector and prop.written_editor is None and not has_default_editor:
        renamed = ctx.platform.normalize_type(type_name)
        fix = (f"Write `{renamed.value}` (`{renamed.legacy}` was renamed in Neos 3)"
               if renamed.legacy and _has_default_editor(ctx, renamed.value) else "Set `ui.inspector.editor`")
        yield ctx.at(prop.nt, _type_path(prop), Severity.ERROR, "property-no-default-editor",
                     f"type `{type_name}` has no default editor, and `ui.inspector.editor` is not set; the CMS fails "
                     f"with \"Could not find editor\". {fix}", prop.name)


@property_rule
def property_type_not_text(ctx: Context, prop: PropertyView):
    """A `type` that is not text (a list, a map, a number or a boolean), wherever it is written (it is wrong whatever the subtypes add). A later
    file's list over an earlier `type: string` is the usual way to get one: Flow's merge
    (`Arrays::arrayMergeRecursiveOverrule`, 8.3 and 9.x) replaces a scalar by an array, so the type the CMS
    reads is the list. DefaultPropertyEditorPostprocessor looks the type up as a key of `dataTypes`
    (`$dataTypes[$type] ?? []`: under PHP 8 a TypeError, "Illegal offset type"), so the node types do not
    load; 9.x's `NodeType::getPropertyType()` is declared to return a string. A number or boolean is a valid key
    that names no data type: with an inspector block and no editor the post-processor throws "Could not find
    editor" (1436809123)."""
    type_name = prop.type
    if type_name is None or isinstance(type_name, str):
        return
    message = f"property type must be a string, not {describe_value(type_name)}"
    replaced = _replaced_scalar_type(ctx, prop)
    if replaced is not None:
        value, where = replaced
        kind = "map" if isinstance(type_name, dict) else "list"
        message += (f": it replaces `type: {value}` of {where} (Flow's merge replaces a scalar by a list or map, it "
                    f"does not combine them), so the CMS reads the {kind}")
    scalar = not isinstance(type_name, (dict, list))
    shown = get(prop.written, "ui", "inspector") is not None
    if shown and not scalar:
        message += ("; the CMS's editor post-processor looks the type up as a key of its `dataTypes` and fails "
                    "(\"Illegal offset type\", a TypeError), so no node type loads")
    elif shown and prop.written_editor is None:
        # (a number or boolean is a valid array key: the look-up finds no data type, so no editor)
        message += ("; the CMS finds no data type of that name, so its editor post-processor fails (\"Could not "
                    "find editor\", exception 1436809123) and no node type loads")
    else:
        message += ("; the CMS expects a type name there (9.x's `NodeType::getPropertyType()` returns text: a "
                    "TypeError where the property's type is read)")
    items = [] if scalar else list(type_name.values()) if isinstance(type_name, dict) else list(type_name)
    if len(items) == 1 and isinstance(items[0], str):
        message += f"; write `type: {items[0]}`"
    else:
        message += "; write the type as text, e.g. `type: string`"
    yield ctx.at(prop.nt, _type_path(prop), Severity.ERROR, "property-type-unknown", message, prop.name)


def _replaced_scalar_type(ctx: Context, prop: PropertyView) -> tuple[str, str] | None:
    """(the text, `file:line`) of the scalar `type` that the written list or map replaces in the merge: the
    writer just before the last one, in merge order (the supertypes' entries, then the type's own)."""
    nodes = getattr(ctx.project, "node_types", {})
    chain = [nodes[a] for a in getattr(prop.nt, "ancestors", ()) if a in nodes] + [prop.nt]
    path = _type_path(prop)
    writers = []
    for owner in chain:
        for fragment in getattr(owner, "fragments", ()):
            value = get(fragment.config, *path, default=_MISSING)
            if value is not _MISSING:
                writers.append((fragment, value))
    if len(writers) < 2 or not isinstance(writers[-2][1], (str, int, float)) or isinstance(writers[-2][1], bool):
        return None  # (a null or a list before it: the message names no replaced text)
    fragment, value = writers[-2]
    position = _position_in(fragment.config, path)
    where = _shown_path(ctx, str(fragment.file.path))
    return str(value), f"{where}:{position[0]}" if position else where


_MISSING = object()


def _shown_path(ctx: Context, path: str) -> str:
    """``path`` relative to the opened folder where it lies in it."""
    root = getattr(ctx.project, "root", None)
    try:
        return Path(path).resolve().relative_to(Path(root).resolve()).as_posix() if root is not None else path
    except ValueError:
        return path


def _type_facts(ctx: Context, type_name: str) -> tuple[str | None, bool]:
    """(None for a known type, else how the unknown type's finding ends; whether the type has a default
    editor): what ``property_type`` says of any property of type ``type_name``."""
    if not is_known_type(type_name, ctx.platform) and not looks_like_class(type_name):
        hint = suggest(type_name, _type_suggestions(ctx))
        return (f"; did you mean `{hint}`?" if hint else "; use one of boolean, string, integer, float, array, "
                "DateTime, reference, references or a class name"), False
    return None, _has_default_editor(ctx, type_name)


@property_rule
def inspector_shape(ctx: Context, prop: PropertyView):
    """`ui.inspector` must be a map: DefaultPropertyEditorPostprocessor merges the editor defaults into it."""
    inspector = get(prop.written, "ui", "inspector")
    if inspector is None or isinstance(inspector, dict) or inspector == []:
        return
    path = prop.path + ("ui", "inspector")
    fix = "write it as a map, e.g. `inspector: {group: default}`"
    if isinstance(inspector, list):
        yield ctx.at(prop.nt, path, Severity.WARNING, "inspector-not-map",
                     f"`ui.inspector` of property `{prop.name}` is a list, not a map: the CMS reads no `group` from "
                     f"it, so the property is not shown in the inspector; {fix}", prop.name)
    elif prop.type is not None:
        yield ctx.at(prop.nt, path, Severity.ERROR, "inspector-not-map",
                     f"`ui.inspector` of property `{prop.name}` is {describe_value(inspector)}, not a map: the CMS "
                     f"fails with a TypeError while merging the editor defaults into it; {fix}", prop.name)
    else:
        yield ctx.at(prop.nt, path, Severity.WARNING, "inspector-not-map",
                     f"`ui.inspector` of property `{prop.name}` is {describe_value(inspector)}, not a map: the "
                     f"inspector ignores it and does not show the property; {fix}", prop.name)


@node_rule
def reference_inspector_shape(ctx: Context, nt):
    """9.x runs the same editor post-processor on `references:` entries."""
    references = get(nt.merged, "references")
    if _version(ctx) == "8.3" or not isinstance(references, dict):
        return
    for name, ref in references.items():
        inspector = get(ref, "ui", "inspector")
        if inspector is None or isinstance(inspector, dict) or inspector == []:
            continue
        if isinstance(inspector, list):
            yield ctx.at(nt, ("references", name, "ui", "inspector"), Severity.WARNING, "inspector-not-map",
                         f"`ui.inspector` of reference `{name}` is a list, not a map: the CMS reads no `group` from "
                         "it, so the reference is not shown in the inspector; write it as a map, e.g. "
                         "`inspector: {group: default}`", str(name))
            continue
        yield ctx.at(nt, ("references", name, "ui", "inspector"), Severity.ERROR, "inspector-not-map",
                     f"`ui.inspector` of reference `{name}` is {describe_value(inspector)}, not a map: the CMS fails "
                     "with a TypeError while merging the editor defaults into it; write it as a map, e.g. "
                     "`inspector: {group: default}`", str(name))


def _has_default_editor(ctx: Context, type_name: str) -> bool:
    """Whether the platform's ``userInterface.inspector.dataTypes`` give ``type_name`` an editor: the
    project's settings (the real platform's, or the baseline's), as DefaultPropertyEditorPostprocessor
    reads them; the catalogue for a project object without settings."""
    project = ctx.project
    if not hasattr(project, "platform_setting"):
        return data_type(type_name, ctx.platform) is not None
    table = project.platform_setting("userInterface", "inspector", "dataTypes", default=None)
    if not isinstance(table, dict):
        return False
    block = table.get(type_name)
    normalized = ctx.platform.normalize_type(type_name)
    if block is None and not normalized.legacy:  # the CMS looks `TYPO3\Media\...` up as written: no entry
        block = table.get(normalized.value)
    return isinstance(block, dict) and block.get("editor") is not None


def _type_suggestions(ctx: Context) -> list[str]:
    names = []
    for name in known_type_names():
        names.append(ctx.platform.normalize_type(name).value if "\\" not in name else
                     name.replace("Media\\", f"{ctx.platform.prefix}\\Media\\", 1))
    return names


@property_rule
def editor_identifier(ctx: Context, prop: PropertyView):
    identifier = prop.written_editor
    if identifier is None or not prop.has_inspector or is_client_eval(identifier):
        return
    if not isinstance(identifier, str) or not identifier.strip():
        yield ctx.at(prop.nt, _editor_path(prop), Severity.ERROR, "editor-unknown",
                     "`editor` must be an editor identifier string", prop.name)
        return
    spec = ctx.editor(identifier)
    if spec is None:
        yield _unknown_editor(ctx, prop, identifier)
        return
    if spec.status == "removed-in-9" and _version(ctx) != "8.3":
        # under 8.3 the editor exists; the 9.x UI registers no such editor (neos-facts §1.1)
        yield ctx.at(prop.nt, _editor_path(prop), Severity.WARNING, "editor-removed-in-9",
                     f"`{spec.short_name}` exists up to version 8.3 and was removed in 9.0: the Neos 9 inspector "
                     f"has no such editor", prop.name)


def _version(ctx: Context) -> str | None:
    """The CMS version whose rules the project follows ("8.3" / "9"), None for a project object without one."""
    info = getattr(ctx.project, "cms_version", None)
    return info.version.value if info is not None else None


def _unknown_editor(ctx: Context, prop: PropertyView, identifier: str):
    normalized = ctx.platform.normalize_editor(identifier)
    in_platform = normalized.short is not None or is_bare_name(identifier)
    short = identifier.rsplit("/", 1)[-1]
    # compare the names without the shared namespace, which would make every candidate look close
    by_short = {spec.short_name: spec.identifier(ctx.platform) for spec in EDITORS.values() if spec.status == "current"}
    by_short.update({spec.short_name: ident for ident, spec in ctx.editors.items()})
    if in_platform:
        hint = closest_name(short, list(by_short), "Editor")
        fix = f"; did you mean `{by_short[hint]}`?" if hint else ""
    else:  # a vendor's editor: only other registered custom editors are plausible
        hint = suggest(identifier, list(ctx.editors))
        fix = f"; did you mean `{hint}`?" if hint else ""
    if in_platform:
        return ctx.at(prop.nt, _editor_path(prop), Severity.ERROR, "editor-unknown",
                      f"unknown editor `{identifier}`: the CMS shows \"Missing Editor\"{fix}", prop.name)
    return ctx.at(prop.nt, _editor_path(prop), Severity.WARNING, "editor-unregistered",
                  f"editor `{identifier}` is neither built in nor registered by a plugin, so its options are not "
                  f"checked{fix or ' (register it under the nodetype_studio.editors entry point)'}", prop.name)


@property_rule(combined=True)
def editor_fits_type(ctx: Context, prop: PropertyView):
    if not prop.has_inspector or not isinstance(prop.type, str) or is_client_eval(prop.written_editor):
        return
    spec = ctx.editor(prop.editor_id)
    if spec is None or not spec.fits_types or spec.fits(prop.type, ctx.platform):
        return
    canon = canonical_type(prop.type, ctx.platform)
    default = data_type(prop.type, ctx.platform)
    fix = (f"; the default editor for `{prop.type}` is `{ctx.platform.editor(default.editor)}`" if default
           else f"; `{spec.short_name}` fits {', '.join(f'`{t}`' for t in spec.fits_types)}")
    path = _editor_path(prop) if prop.written_editor is not None else _type_path(prop)
    yield ctx.at(prop.nt, path, Severity.WARNING, "editor-type-mismatch",
                 f"editor `{spec.short_name}` does not fit property type `{canon}`{fix}", prop.name)
