"""`compat` findings: where the spec and the reference CMS behave differently (neos-facts §2.15, §3).

Informational only: the studio's preview follows the spec; these say what the CMS will do instead,
at the line of the option (or validator) that makes the difference visible.
"""

from __future__ import annotations

from typing import Any, Callable

from nodetype_studio.catalogue import EDITORS, VALIDATORS
from nodetype_studio.catalogue.vocab import FORMATTING_KEYS, HEADING_KEYS, format_problems
from nodetype_studio.checks.base import (
    Context,
    PropertyView,
    get,
    iter_properties,
    node_rule,
    property_configs,
    property_rule,
)
from nodetype_studio.content.startpoint import is_8_3
from nodetype_studio.content.types import TypeIndex
from nodetype_studio.diagnostics import Severity
from nodetype_studio.js.values import is_client_eval, truthy

_ANY: Callable[[Any], bool] = lambda value: True  # noqa: E731
_TRUTHY: Callable[[Any], bool] = lambda value: bool(value)  # noqa: E731
_NOT_NULL: Callable[[Any], bool] = lambda value: value is not None  # noqa: E731

#: Options whose mere use differs in the CMS: option path -> (code, when the value makes a difference).
#: The explanation is the option's ``spec_vs_cms`` text in the catalogue.
COMPAT_WRITTEN: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "rows": ("compat-rows", _ANY),
    "buttonLabel": ("compat-button-label", _ANY),
    "crop.aspectRatio.enableOriginal": ("compat-enable-original", _TRUTHY),
    "maximumFileSize": ("compat-maximum-file-size", _NOT_NULL),
    "formatting.u": ("compat-formatting-u", _TRUTHY),
    "formatting.del": ("compat-formatting-del", _TRUTHY),
    **{name: ("compat-html-attribute", _ANY)
       for name in ("form", "selectionDirection", "spellcheck", "required", "title", "autocapitalize", "autocorrect")},
}
_COMPAT_ROOTS = frozenset(path.split(".", 1)[0] for path in COMPAT_WRITTEN)


def _written_paths(data: Any, prefix: tuple = ()):
    if isinstance(data, dict):
        for key, value in data.items():
            path = prefix + (str(key),)
            yield path, value
            yield from _written_paths(value, path)


def _editor(ctx: Context, prop: PropertyView):
    if not prop.has_inspector or is_client_eval(prop.written_editor):
        return None
    spec = ctx.editor(prop.editor_id)
    return spec if spec is not None and spec.status != "custom" else None


@property_rule
def written_options(ctx: Context, prop: PropertyView):
    spec = _editor(ctx, prop)
    sources = []
    if spec is not None:
        sources.append((spec, prop.written_options, prop.options_path))
    inline = get(prop.written, "ui", "inline", "editorOptions")
    if isinstance(inline, dict):
        sources.append((EDITORS["RichTextEditor"], inline, prop.path + ("ui", "inline", "editorOptions")))
    for editor, written, base in sources:
        if not _COMPAT_ROOTS.intersection(written):
            continue
        for path, value in _written_paths(written):
            entry = COMPAT_WRITTEN.get(".".join(path))
            option = editor.option(path)
            if entry is None or option is None or not option.spec_vs_cms or is_client_eval(value) or not entry[1](value):
                continue
            yield ctx.at(prop.nt, base + path, Severity.INFO, entry[0], option.spec_vs_cms, prop.name)


_NEED_HEADING = tuple(key.name for key in FORMATTING_KEYS if key.needs_heading)


@property_rule
def formatting_needs_heading(ctx: Context, prop: PropertyView):
    """The style list's entries run the heading plugin's command, which the CMS loads only for h1-h6: without
    one, choosing `pre` (or `blockquote`) does nothing (and the spec names no such condition)."""
    spec = _editor(ctx, prop)
    sources = []
    if spec is not None and spec.short_name == "RichTextEditor":
        sources.append((prop.written_options, prop.options_path))
    inline = get(prop.written, "ui", "inline", "editorOptions")
    if isinstance(inline, dict):
        sources.append((inline, prop.path + ("ui", "inline", "editorOptions")))
    for written, base in sources:
        formatting = written.get("formatting")
        if not isinstance(formatting, dict) or any(truthy(formatting.get(h)) for h in HEADING_KEYS):
            continue
        for key in _NEED_HEADING:
            if truthy(formatting.get(key)) and not is_client_eval(formatting.get(key)):
                yield ctx.at(prop.nt, base + ("formatting", key), Severity.INFO, "compat-formatting-needs-heading",
                             f"`formatting.{key}` works in the CMS only with a heading (`h1`-`h6`) enabled too: its entry "
                             "of the style list runs the heading plugin's command, loaded only for headings, so without "
                             "one choosing it does nothing", prop.name)


@property_rule
def max_rows_in_8_3(ctx: Context, prop: PropertyView):
    """8.3's text area grows without an upper bound: only 9.x reads `maxRows` (neos-facts §2.2)."""
    if "maxRows" not in prop.written_options or not is_8_3(ctx.project):
        return
    spec = _editor(ctx, prop)
    value = prop.written_options["maxRows"]
    if spec is None or spec.short_name != "TextAreaEditor" or value is None or is_client_eval(value):
        return
    yield ctx.at(prop.nt, prop.options_path + ("maxRows",), Severity.INFO, "compat-max-rows",
                 "Neos 8.3's text area does not read `maxRows`: it grows with its text without a limit (`maxRows` "
                 "works from Neos 9.0)", prop.name)


@property_rule
def code_highlighting(ctx: Context, prop: PropertyView):
    spec = _editor(ctx, prop)
    if spec is None or spec.short_name != "CodeEditor":
        return
    # The spec's five modes are all in the CMS (its htmlmixed mode brings css along): only the default differs.
    mode = prop.written_options.get("highlightingMode")
    if truthy(mode):
        return
    written = "highlightingMode" in prop.written_options
    path = prop.options_path + ("highlightingMode",) if written else prop.path + ("ui", "inspector", "editor")
    yield ctx.at(prop.nt, path, Severity.INFO, "compat-highlighting-mode",
                 f"{'an empty' if written else 'no'} `highlightingMode`: the CMS's documentation gives `text/html` as the "
                 "default, the CMS uses `htmlmixed` (the same HTML highlighting under another name)", prop.name)


@property_rule
def link_placeholder(ctx: Context, prop: PropertyView):
    """The CMS's link input translates `placeholder` with its own text as the fallback; a value without a colon
    is a trans-unit id of the platform's `Main` source there, which has none of the project's texts."""
    spec = _editor(ctx, prop)
    placeholder = prop.written_options.get("placeholder") if spec is not None and spec.short_name == "LinkEditor" else None
    if not isinstance(placeholder, str) or not placeholder.strip() or ":" in placeholder or placeholder.strip() == "i18n":
        return  # (a ClientEval expression has a colon; `i18n` becomes a translation id)
    option = spec.option("placeholder")
    yield ctx.at(prop.nt, prop.options_path + ("placeholder",), Severity.INFO, "compat-link-placeholder",
                 option.spec_vs_cms, prop.name)


def _select_box(ctx: Context, prop: PropertyView):
    spec = _editor(ctx, prop)
    return spec is not None and spec.short_name == "SelectBoxEditor"


@property_rule
def select_box_differences(ctx: Context, prop: PropertyView):
    if not _select_box(ctx, prop):
        return
    written, effective = prop.written_options, prop.effective_options
    placeholder = written.get("placeholder")
    if placeholder not in (None, "") and not effective.get("allowEmpty") and not is_client_eval(placeholder):
        spec = EDITORS["SelectBoxEditor"].option("placeholder")
        assert spec is not None and spec.spec_vs_cms, "the catalogue explains the placeholder difference"
        yield ctx.at(prop.nt, prop.options_path + ("placeholder",), Severity.INFO, "compat-placeholder",
                     spec.spec_vs_cms, prop.name)
    values = written.get("values")
    static = isinstance(values, dict) and not (effective.get("dataSourceUri") or effective.get("dataSourceIdentifier"))
    if not static or not isinstance(values, dict):
        return
    choices = [v for v in values.values() if isinstance(v, dict)]
    if "minimumResultsForSearch" not in effective and len(choices) < 5:
        yield ctx.at(prop.nt, prop.options_path + ("values",), Severity.INFO, "compat-minimum-results-for-search",
                     f"{len(choices)} choice(s) and no `minimumResultsForSearch`: the CMS's documentation gives no default, "
                     "the CMS defaults to 5 and shows no search box here", prop.name)
    groups = [str(c["group"]) for c in choices if c.get("group") is not None]
    if groups and _interleaved(groups):
        yield ctx.at(prop.nt, prop.options_path + ("values",), Severity.INFO, "compat-group-sorting",
                     "choices of one group are not next to each other: the CMS's documentation sorts them by group, the CMS keeps "
                     "them in first-occurrence order of their groups. List them group by group", prop.name)


def _interleaved(groups: list[str]) -> bool:
    seen, previous = set(), None
    for group in groups:
        if group != previous and group in seen:
            return True
        seen.add(group)
        previous = group
    return False


@property_rule
def datetime_range_validator(ctx: Context, prop: PropertyView):
    validation = prop.validation
    if not isinstance(validation, dict):
        return
    note = VALIDATORS["DateTimeRangeValidator"].compat_notes[0]
    for identifier in validation:
        spec = ctx.validator(str(identifier))
        if spec is not None and not spec.runs_in_browser:
            yield ctx.at(prop.nt, prop.path + ("validation", str(identifier)), Severity.INFO,
                         "compat-datetime-range-validator", note, prop.name)


@property_rule
def datetime_editor_default(ctx: Context, prop: PropertyView):
    spec = _editor(ctx, prop)
    if spec is None or spec.short_name != "DateTimeEditor" or prop.written_options.get("defaultValue") is None:
        return
    yield ctx.at(prop.nt, prop.options_path + ("defaultValue",), Severity.INFO, "compat-editor-default-value",
                 "the CMS's documentation lists `defaultValue` as a DateTimeEditor option, but its editor does not read it; "
                 "new nodes get the property-level `defaultValue`", prop.name)


@property_rule
def datetime_format_letters(ctx: Context, prop: PropertyView):
    spec = _editor(ctx, prop)
    fmt = prop.written_options.get("format")
    if spec is None or spec.short_name != "DateTimeEditor" or not isinstance(fmt, str) or is_client_eval(fmt):
        return
    for problem in format_problems(fmt):
        if problem.kind == "not-converted":
            yield ctx.at(prop.nt, prop.options_path + ("format",), Severity.INFO, "compat-datetime-format",
                         f"`{problem.letter}` (position {problem.index + 1} of `{fmt}`) is a letter the CMS's documentation "
                         "lists, but its date picker does not convert; it shows the letter literally", prop.name)


#: The spelling Neos 3 renamed: its code migration rewrote the files, the CMS itself reads it nowhere.
_RENAMED = "TYPO3.Neos"
_RENAMED_WHY = f"(`{_RENAMED}` was renamed in Neos 3; the CMS no longer reads that spelling)"


@property_rule
def legacy_identifiers(ctx: Context, prop: PropertyView):
    """Old spellings of the platform's editors and validators. The UI rewrites `Content/Inspector/Editors`
    (neos-ui EditorEnvelope) and nothing else: a `TYPO3.Neos/...` identifier names nothing it has."""
    editor = prop.written_editor
    if isinstance(editor, str) and prop.has_inspector:
        normalized = ctx.platform.normalize_editor(editor)
        path = prop.path + ("ui", "inspector", "editor")
        if normalized.legacy == _RENAMED:
            yield ctx.at(prop.nt, path, Severity.ERROR, "editor-unknown",
                         f"unknown editor `{editor}`: the CMS shows \"Missing Editor\" {_RENAMED_WHY}; write "
                         f"`{normalized.value}`", prop.name)
        elif normalized.legacy:
            yield ctx.at(prop.nt, path, Severity.INFO, "compat-legacy-identifier",
                         f"`{editor}` uses the legacy `{normalized.legacy}` spelling; the CMS rewrites it to "
                         f"`{normalized.value}`, write that instead", prop.name)
    validation = prop.validation
    for identifier in validation if isinstance(validation, dict) else ():
        normalized = ctx.platform.normalize_validator(str(identifier))
        if normalized.legacy:
            yield ctx.at(prop.nt, prop.path + ("validation", str(identifier)), Severity.WARNING, "validator-unknown",
                         f"unknown validator `{identifier}`: the browser logs \"Validator not found\" and lets every "
                         f"value pass {_RENAMED_WHY}; write `{normalized.value}`", prop.name)


_CREATE_NEW_EDITORS = {"reference": "ReferenceEditor", "references": "ReferencesEditor"}
_CREATE_NEW = ("ui", "inspector", "editorOptions", "createNew")
_CREATE_NEW_IN_9 = (
    "`createNew`: the 9.x CMS offers to create the node, but creating it fails with a server error: its "
    "reference editor still names the parent in 8.3's context-path form (`<path>@<workspace>`), which the 9.x "
    "server cannot read (neos/neos-ui#3732). The preview creates the node as the CMS's documentation describes")


def _creates(options: Any) -> bool:
    """The CMS's editor offers \u201ccreate new\u201d: `createNew.type && createNew.path` (JavaScript truthiness)."""
    create = options.get("createNew") if isinstance(options, dict) else None
    return isinstance(create, dict) and truthy(create.get("type")) and truthy(create.get("path")) \
        and not any(is_client_eval(create.get(k)) for k in ("type", "path"))


def _written_options(written: Any) -> Any:
    """A written property's ``ui.inspector.editorOptions`` (None when there is none)."""
    ui = written.get("ui")
    inspector = ui.get("inspector") if isinstance(ui, dict) else None
    return inspector.get("editorOptions") if isinstance(inspector, dict) else None


def _creating_properties(ctx: Context, nt):
    """The properties of ``nt`` whose reference editor offers “create new” (its written `createNew`)."""
    wanted = {name for name, written, _effective in property_configs(nt) if _creates(_written_options(written))}
    for prop in iter_properties(nt, wanted) if wanted else ():
        default = _CREATE_NEW_EDITORS.get(prop.type) if isinstance(prop.type, str) else None
        editor = ctx.editor(prop.editor_id) if isinstance(prop.editor_id, str) else None
        name = editor.short_name if editor is not None else (default if prop.editor_id is None else None)
        if prop.has_inspector and name in _CREATE_NEW_EDITORS.values():
            yield prop


@node_rule
def create_new_in_9(ctx: Context, nt):
    """Reference editors' `createNew` in a 9.x project (neos-ui Reference/createNew.js; neos/neos-ui#3732)."""
    if is_8_3(ctx.project):
        return
    for prop in _creating_properties(ctx, nt):
        yield ctx.at(nt, prop.path + _CREATE_NEW, Severity.INFO, "compat-create-new", _CREATE_NEW_IN_9, prop.name)
    references = get(nt.merged, "references")
    for name, ref in references.items() if isinstance(references, dict) else ():
        inspector = get(ref, "ui", "inspector")
        if not isinstance(inspector, dict) or not _creates(inspector.get("editorOptions")):
            continue
        identifier = inspector.get("editor")
        editor = ctx.editor(identifier) if isinstance(identifier, str) else None
        if identifier is None or (editor is not None and editor.short_name in _CREATE_NEW_EDITORS.values()):
            yield ctx.at(nt, ("references", name) + _CREATE_NEW, Severity.INFO, "compat-create-new", _CREATE_NEW_IN_9,
                         str(name))


@node_rule
def create_new_title_in_8_3(ctx: Context, nt):
    """8.3 writes the text typed for `createNew` only where the new node's creation handlers write creation
    data (``TypeIndex.creation_keeps``; neos-ui Classes/NodeCreationHandler, neos/neos-ui#3730)."""
    if not is_8_3(ctx.project):
        return
    for prop in _creating_properties(ctx, nt):
        create = prop.written_options.get("createNew")
        if not isinstance(create, dict):
            continue
        node_type, title_property = create["type"], create.get("titleProperty")
        title_property = title_property if isinstance(title_property, str) and title_property else "title"
        types = ctx.remembered(("create-new-types", id(ctx.project)), (ctx.project,), lambda: TypeIndex(ctx.project))
        if not isinstance(node_type, str) or not types.known(node_type) or types.creation_keeps(node_type, title_property):
            continue
        where = ("titleProperty",) if "titleProperty" in create else ("type",)
        yield ctx.at(nt, prop.path + _CREATE_NEW + where, Severity.WARNING, "option-create-new-title",
                     f"Neos 8.3 creates the {node_type} without the typed text: the editor sends it as `{title_property}`, "
                     "and a new node's creation handlers write only `title` (of documents and content) and the "
                     f"properties shown in the creation dialog; show `{title_property}` there "
                     "(`ui.showInCreationDialog: true`) or leave `titleProperty` at `title`", prop.name)
