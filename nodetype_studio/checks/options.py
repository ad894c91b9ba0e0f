"""Checks on `ui.inspector.editorOptions` (and inline rich-text options) against the catalogue."""

from __future__ import annotations

import math
from dataclasses import replace

from nodetype_studio.catalogue import EDITORS, Rule, suggest
from nodetype_studio.catalogue.vocab import (
    CMS_CODE_MODES,
    CODE_MODES,
    FORMAT_LETTER,
    code_mode,
    format_problems,
    parse_file_size,
)
from nodetype_studio.checks.base import (
    Context,
    PropertyView,
    fmt_number,
    get,
    number,
    property_rule,
)
from nodetype_studio.checks.optionwalk import OptionWalker
from nodetype_studio.diagnostics import Severity
from nodetype_studio.js.values import is_client_eval, truthy

_OTHER_EDITOR_OPTIONS = {name: spec.options for name, spec in EDITORS.items()}


def _spec_for(ctx: Context, prop: PropertyView):
    if not prop.has_inspector or is_client_eval(prop.written_editor):
        return None
    spec = ctx.editor(prop.editor_id)
    return spec if spec is not None and spec.options_declared else None


@property_rule
def editor_options(ctx: Context, prop: PropertyView):
    spec = _spec_for(ctx, prop)
    if spec is None:
        return
    written = get(prop.written, "ui", "inspector", "editorOptions")
    if written is not None and not isinstance(written, dict):
        yield ctx.at(prop.nt, prop.options_path, Severity.ERROR, "option-type",
                     "`editorOptions` must be a map of option names to values", prop.name)
        return
    owner = f"`{spec.short_name}`"
    walker = OptionWalker(ctx, prop.nt, prop.name, prop.options_path, "option", owner, _OTHER_EDITOR_OPTIONS,
                          spec.short_name, spec.option_hints)
    yield from walker.written(spec.options, prop.written_options, open_map=spec.open_options)
    for rule in spec.rules:
        if rule.kind not in COMBINED_KINDS and not _documented_only(spec, rule) and not _switched_off(prop, rule):
            yield from RULE_KINDS[rule.kind](ctx, prop, rule)


def _switched_off(prop: PropertyView, rule: Rule) -> bool:
    """The option ``rule.unless_off`` names is set and falsy, and nothing (``rule.on_with``) puts what
    it governs to use anyway: what the rule is about is not in use."""
    if rule.unless_off is None:
        return False
    return _written_off(prop, rule.unless_off) and not _used_anyway(prop, rule)


def _written_off(prop: PropertyView, dotted: str) -> bool:
    switch = get(prop.effective_options, *_path(dotted), default=_ABSENT)
    return switch is not _ABSENT and not truthy(switch)


def _used_anyway(prop: PropertyView, rule: Rule) -> bool:
    return rule.on_with is not None and truthy(get(prop.effective_options, *_path(rule.on_with)))


def _documented_only(spec, rule: Rule) -> bool:
    """A rule about an option the CMS handles otherwise than its documentation (``spec_vs_cms``): the
    rule states the documentation's behaviour, which the CMS does not have, so `check` does not report
    it; the `compat` rules say what the CMS does instead."""
    option = spec.option(rule.paths[0])
    return option is not None and bool(option.spec_vs_cms)


@property_rule(combined=True)
def editor_option_sets(ctx: Context, prop: PropertyView):
    """The rules about which options are written together: a subtype may complete a supertype's options."""
    spec = _spec_for(ctx, prop)
    for rule in spec.rules if spec is not None else ():
        if rule.kind in COMBINED_KINDS and not _switched_off(prop, rule):
            yield from RULE_KINDS[rule.kind](ctx, prop, rule)


@property_rule(combined=True)
def required_editor_options(ctx: Context, prop: PropertyView):
    spec = _spec_for(ctx, prop)
    if spec is None or not isinstance(get(prop.effective, "ui", "inspector", "editorOptions", default={}), dict):
        return
    postprocessors = ctx.custom_postprocessors(prop.nt)
    walker = OptionWalker(ctx, prop.nt, prop.name, prop.options_path, "option", f"`{spec.short_name}`")
    for finding in walker.required(spec.options, prop.effective_options):
        if finding is not None and postprocessors:
            # a project postprocessor may fill the option when the CMS loads the node type
            finding = replace(finding, severity=Severity.INFO,
                              message=f"{finding.message}, unless postprocessor `{postprocessors[0]}` adds it")
        yield finding


@property_rule
def inline_options(ctx: Context, prop: PropertyView):
    """Inline editing uses the rich-text options under `ui.inline.editorOptions`."""
    written = get(prop.written, "ui", "inline", "editorOptions")
    if not isinstance(written, dict):
        return
    rte = EDITORS["RichTextEditor"]
    walker = OptionWalker(ctx, prop.nt, prop.name, prop.path + ("ui", "inline", "editorOptions"), "option",
                          "inline rich-text editing", hints=rte.option_hints)
    # inline options also carry arbitrary CKEditor configuration: only likely typos are reported
    yield from walker.written(rte.options, written, open_map=True)


# -- spec rules between options ---------------------------------------------------------------


def _path(dotted: str) -> tuple:
    return tuple(dotted.split("."))


def _is_written(prop: PropertyView, dotted: str) -> bool:
    return get(prop.written_options, *_path(dotted), default=_ABSENT) is not _ABSENT


_ABSENT = object()


def rule_le(ctx: Context, prop: PropertyView, rule: Rule):
    a_path, b_path = rule.paths
    a = number(get(prop.effective_options, *_path(a_path)))
    b = number(get(prop.effective_options, *_path(b_path)))
    if a is None or b is None or a <= b or not (_is_written(prop, a_path) or _is_written(prop, b_path)):
        return
    where = a_path if _is_written(prop, a_path) else b_path
    yield ctx.at(prop.nt, prop.options_path + _path(where), Severity(rule.severity), rule.code,
                 rule.message.format(a=fmt_number(a), b=fmt_number(b)), prop.name)


def rule_requires(ctx: Context, prop: PropertyView, rule: Rule):
    option, needed = rule.paths
    value = get(prop.written_options, *_path(option))
    if value in (None, "") or is_client_eval(value):
        return
    values = get(prop.effective_options, "values")
    if get(prop.effective_options, *_path(needed)) or (isinstance(values, (dict, list)) and "" in values):
        return  # a `''` choice makes the select box allow empty by itself (`values` of another kind has none)
    yield ctx.at(prop.nt, prop.options_path + _path(option), Severity(rule.severity), rule.code, rule.message, prop.name)


def rule_needs_on(ctx: Context, prop: PropertyView, rule: Rule):
    group, switch = rule.paths
    if not get(prop.written_options, *_path(group)) or not _written_off(prop, switch):
        return
    if _used_anyway(prop, rule):
        return  # (a `used_while_off` rule says what happens instead)
    yield ctx.at(prop.nt, prop.options_path + _path(group), Severity(rule.severity), rule.code, rule.message, prop.name)


def rule_used_while_off(ctx: Context, prop: PropertyView, rule: Rule):
    option, switch = rule.paths
    if not _is_written(prop, option) or not truthy(get(prop.effective_options, *_path(option))):
        return
    if not _written_off(prop, switch):
        return
    yield ctx.at(prop.nt, prop.options_path + _path(option), Severity(rule.severity), rule.code, rule.message, prop.name)


def rule_inert_with(ctx: Context, prop: PropertyView, rule: Rule):
    lock, *inert = rule.paths
    locked = get(prop.effective_options, *_path(lock))
    width, height = number(get(locked, "width")), number(get(locked, "height"))
    if not (width and height and width > 0 and height > 0):
        return  # the lock is active only when both sides are positive
    for dotted in inert:
        if _is_written(prop, dotted):
            yield ctx.at(prop.nt, prop.options_path + _path(dotted), Severity(rule.severity), rule.code,
                         rule.message.format(b=dotted), prop.name)


def rule_null_removes(ctx: Context, prop: PropertyView, rule: Rule):
    (presets,) = rule.paths
    written = get(prop.written_options, *_path(presets))
    if not isinstance(written, dict):
        return
    for key, value in written.items():
        if value is not None:
            continue
        path = prop.options_path + _path(presets) + (key,)
        if not any(v is not None for v, _loc, _layer in prop.nt.provenance(path).overridden):
            yield ctx.at(prop.nt, path, Severity(rule.severity), rule.code, rule.message.format(a=key), prop.name)


def rule_not_null(ctx: Context, prop: PropertyView, rule: Rule):
    for dotted in rule.paths:
        if get(prop.effective_options, *_path(dotted), default=_ABSENT) is None:
            yield ctx.at(prop.nt, prop.options_path + _path(dotted), Severity(rule.severity), rule.code,
                         rule.message.format(a=dotted), prop.name)


def rule_names_key(ctx: Context, prop: PropertyView, rule: Rule):
    option, table, *lock = rule.paths
    if not _is_written(prop, option):
        return
    name = get(prop.effective_options, *_path(option))
    if name in (None, "") or is_client_eval(name) or isinstance(name, (dict, list)):
        return  # unset, or a wrong type (`option-type` says so)
    if lock:
        locked = get(prop.effective_options, *_path(lock[0]))
        width, height = number(get(locked, "width")), number(get(locked, "height"))
        if width and height and width > 0 and height > 0:
            return  # a lock decides the ratio; the name is not looked up
    entries = get(prop.effective_options, *_path(table))
    entries = entries if isinstance(entries, dict) else {}
    if isinstance(entries.get(str(name)), dict):
        return
    names = ", ".join(f"`{key}`" for key, value in entries.items() if value is not None) or "there are none"
    yield ctx.at(prop.nt, prop.options_path + _path(option), Severity(rule.severity), rule.code,
                 rule.message.format(a=name, b=names), prop.name)


def rule_all_or_none(ctx: Context, prop: PropertyView, rule: Rule):
    options = get(prop.effective, "ui", "inspector", "editorOptions")
    if not isinstance(options, dict):
        return  # no options (the editor's defaults apply), or not a map (`option-type` says so)
    for dotted in rule.paths:
        if get(options, *_path(dotted), default=_ABSENT) is _ABSENT:
            yield ctx.at(prop.nt, prop.options_path, Severity(rule.severity), rule.code,
                         rule.message.format(a=dotted), prop.name)


def _positive(value) -> float | None:
    found = number(value)
    return found if found is not None and math.isfinite(found) and found > 0 else None


def rule_pair(ctx: Context, prop: PropertyView, rule: Rule):
    table, first, second = rule.paths
    pair = get(prop.effective_options, *_path(table))
    if not isinstance(pair, dict):
        return
    sizes = {side: _positive(pair.get(side)) for side in (first, second)}
    on = [(side, size) for side, size in sizes.items() if size is not None]
    if len(on) != 1:
        return  # both: active; neither: no lock (the way to lift one)
    side, size = on[0]
    other = second if side == first else first
    yield ctx.at(prop.nt, prop.options_path + _path(table), Severity(rule.severity), rule.code,
                 rule.message.format(a=side, b=fmt_number(size), c=other), prop.name)


RULE_KINDS = {"le": rule_le, "requires": rule_requires, "needs_on": rule_needs_on, "used_while_off": rule_used_while_off,
              "inert_with": rule_inert_with,
              "null_removes": rule_null_removes, "not_null": rule_not_null,
              "names_key": rule_names_key, "all_or_none": rule_all_or_none,
              "pair": rule_pair}
#: Rule kinds about the options a node type ends up with: checked on concrete types only (``editor_option_sets``).
COMBINED_KINDS = frozenset({"all_or_none", "pair"})


# -- vocabularies -------------------------------------------------------------------------------


def _written_string(prop: PropertyView, editor: str, option: str, ctx: Context) -> str | None:
    if not prop.has_inspector:
        return None
    spec = ctx.editor(prop.editor_id)
    if spec is None or spec.short_name != editor or spec.status == "custom":
        return None
    value = prop.written_options.get(option)
    return value if isinstance(value, str) and not is_client_eval(value) else None


@property_rule
def datetime_format(ctx: Context, prop: PropertyView):
    fmt = _written_string(prop, "DateTimeEditor", "format", ctx)
    if fmt is None:
        return
    path = prop.options_path + ("format",)
    for problem in format_problems(fmt):
        where = f"at position {problem.index + 1} of `{fmt}`"
        if problem.kind == "unknown":
            yield ctx.at(prop.nt, path, Severity.ERROR, "datetime-format-letter",
                         f"`{problem.letter}` {where} is not a date format letter; use the letters "
                         "y Y F m M n t d D j l N S w a A g G h H i s", prop.name)
        elif problem.kind == "php-only":
            yield ctx.at(prop.nt, path, Severity.WARNING, "datetime-format-letter",
                         f"`{problem.letter}` {where} is a PHP date letter outside the set the CMS documents; the editor shows "
                         "it as a literal character", prop.name)
        elif problem.kind == "not-in-spec":
            letter = FORMAT_LETTER[problem.letter]
            yield ctx.at(prop.nt, path, Severity.WARNING, "datetime-format-letter",
                         f"`{problem.letter}` ({letter.meaning}) {where} is not among the format letters the CMS documents", prop.name)
        elif problem.kind == "escape":
            yield ctx.at(prop.nt, path, Severity.WARNING, "datetime-format-escape",
                         f"backslash {where}: escaping is not supported, the letter after it is still converted",
                         prop.name)


@property_rule
def maximum_file_size(ctx: Context, prop: PropertyView):
    if not prop.has_inspector:
        return
    spec = ctx.editor(prop.editor_id)
    if spec is None or spec.short_name != "ImageEditor" or spec.status == "custom":
        return
    value = prop.written_options.get("maximumFileSize")
    if value is None or is_client_eval(value):
        return
    path = prop.options_path + ("maximumFileSize",)
    # the uploader that read the option (DEV 4.3 Inspector/Editors/FileUpload.js) took a falsy value as
    # "the server's maximum" and any other as the maximum itself, so `0` and `'0'` are far apart
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value <= 0:
        if value == 0:
            yield ctx.at(prop.nt, path, Severity.INFO, "file-size-zero",
                         "`maximumFileSize: 0` sets no limit: the uploader reads 0 as \"not set\" and takes the server's "
                         "upload maximum; to switch uploads off, use `features.upload: false`", prop.name)
        else:
            yield ctx.at(prop.nt, path, Severity.WARNING, "file-size-zero",
                         f"`maximumFileSize: {value}` is negative, so the uploader refuses every file; to switch uploads "
                         "off, use `features.upload: false`", prop.name)
        return
    parsed = parse_file_size(value)
    if parsed is not None and (parsed.legacy_bytes if parsed.legacy_bytes is not None else parsed.bytes) == 0:
        yield ctx.at(prop.nt, path, Severity.WARNING, "file-size-zero",
                     f"`maximumFileSize: '{value}'` reads as 0 bytes, so the uploader refuses every file (only the number "
                     "0, or no value, means the server's maximum); to switch uploads off, use `features.upload: false`",
                     prop.name)
        return
    if parsed is None:
        yield ctx.at(prop.nt, path, Severity.ERROR, "file-size-invalid",
                     f"cannot read `maximumFileSize: {value}`; write a byte count (`204800`), or a count with "
                     "`b` or `kb` (`200kb`)", prop.name)
    elif parsed.legacy_bytes is not None:
        yield ctx.at(prop.nt, path, Severity.WARNING, "file-size-decimal",
                     f"`{value}` has a decimal point, which the upload size parser drops "
                     f"({parsed.legacy_bytes} bytes instead of {parsed.bytes}); write {parsed.bytes}", prop.name)
    elif not parsed.in_spec:
        yield ctx.at(prop.nt, path, Severity.WARNING, "file-size-unit",
                     f"`{value}` uses a unit outside the forms the CMS documents (bytes, `b`, `kb`); write `{parsed.bytes // 1024}kb`",
                     prop.name)


@property_rule
def highlighting_mode(ctx: Context, prop: PropertyView):
    mode = _written_string(prop, "CodeEditor", "highlightingMode", ctx)
    if mode is None or code_mode(mode)[1] is None:  # (an empty mode is the default)
        return
    close = suggest(mode, CMS_CODE_MODES)
    yield ctx.at(prop.nt, prop.options_path + ("highlightingMode",), Severity.WARNING, "option-highlighting-mode",
                 f"highlighting mode `{mode}` is not built in ({', '.join(CODE_MODES)}, or CodeMirror's "
                 f"{', '.join(m for m in CMS_CODE_MODES if '/' not in m)}); it works only if custom client code loads it"
                 + (f"; did you mean `{close}`?" if close else ""), prop.name)
