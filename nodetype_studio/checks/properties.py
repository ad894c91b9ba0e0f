"""Checks on a property's own values: `defaultValue` against `type`, hidden but required; property and child
node entries that are no map, post-processor entries that name no class."""

from __future__ import annotations

from typing import Any, Callable

from nodetype_studio.catalogue.types import canonical_type
from nodetype_studio.checks.base import (
    Context,
    PropertyView,
    always_hidden,
    as_map,
    fmt_number,
    get,
    node_rule,
    number,
    property_rule,
)
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.checks.optionwalk import describe_value
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model.postprocessors import PRESETS
from nodetype_studio.php import strtotime as phptime


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


#: What a default value of each type must look like: (test, what to write).
DEFAULT_VALUE_SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "boolean": (lambda v: isinstance(v, bool), "`true` or `false`"),
    "string": (lambda v: isinstance(v, str), "a string"),
    "integer": (_is_int, "an integer"),
    "float": (lambda v: _is_int(v) or isinstance(v, float), "a number"),
    "array": (lambda v: isinstance(v, (list, dict)), "a list or map"),
    "array<string>": (lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v), "a list of strings"),
    "array<integer>": (lambda v: isinstance(v, list) and all(_is_int(i) for i in v), "a list of integers"),
    "reference": (lambda v: isinstance(v, str), "a node identifier string"),
    "references": (lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v), "a list of node identifiers"),
    "DateTime": (phptime.is_valid,
                 "a date/time string such as `now`, `+1 day`, `tomorrow 09:00` or `2024-01-31`"),
}


def _is_8_3(ctx: Context) -> bool:
    info = getattr(ctx.project, "cms_version", None)
    return info is not None and info.version.value == "8.3"


def _blank_datetime_default(ctx: Context, prop: PropertyView, value: Any) -> bool:
    """A DateTime `defaultValue` that is a blank string: 8.3 reads it as `new \\DateTime('')`, the moment of
    creation; 9.x hands it to Symfony's DateTimeNormalizer, which refuses a blank string."""
    return isinstance(value, str) and not value.strip() and isinstance(prop.type, str) \
        and canonical_type(prop.type, ctx.platform) == "DateTime"


@property_rule
def default_value_type(ctx: Context, prop: PropertyView):
    if "defaultValue" not in prop.written or not isinstance(prop.type, str):
        return
    value = prop.written["defaultValue"]
    shape = DEFAULT_VALUE_SHAPES.get(canonical_type(prop.type, ctx.platform))
    if value is None or shape is None:
        return
    if _blank_datetime_default(ctx, prop, value):
        if _is_8_3(ctx):
            yield ctx.at(prop.nt, prop.path + ("defaultValue",), Severity.WARNING, "default-value-type",
                         f"`defaultValue` {describe_value(value)} is not an empty date: Neos 8.3 creates the node with "
                         "`new \\DateTime('')`, the moment of creation. Write `now` if that is meant, else remove "
                         "`defaultValue` (Neos 9 cannot create a node with it)", prop.name)
        else:
            yield ctx.at(prop.nt, prop.path + ("defaultValue",), Severity.ERROR, "default-value-type",
                         f"`defaultValue` {describe_value(value)} is no date for Neos 9: creating a node fails, as "
                         "the DateTime normalizer refuses an empty string. Write `now` for the moment of creation, "
                         "or remove `defaultValue`", prop.name)
        return
    test, wanted = shape
    if test(value):
        return
    severity = Severity.ERROR if prop.type == "DateTime" or not isinstance(value, (str, int, float)) else Severity.WARNING
    yield ctx.at(prop.nt, prop.path + ("defaultValue",), severity, "default-value-type",
                 f"`defaultValue` must be {wanted} for type `{prop.type}`, not {describe_value(value)}", prop.name)


@property_rule
def datetime_editor_default(ctx: Context, prop: PropertyView):
    """The spec lists `defaultValue` among the DateTimeEditor options, with the same relative syntax."""
    value = prop.written_options.get("defaultValue")
    spec = ctx.editor(prop.editor_id) if prop.has_inspector else None
    if value is None or spec is None or spec.short_name != "DateTimeEditor" or phptime.is_valid(value):
        return
    yield ctx.at(prop.nt, prop.options_path + ("defaultValue",), Severity.ERROR, "default-value-type",
                 f"`defaultValue` {describe_value(value)} is not a date/time string the server understands; use e.g. "
                 "`now`, `+1 day`, `tomorrow 09:00` or `2024-01-31`", prop.name)


def _has_not_empty(ctx: Context, prop: PropertyView) -> bool:
    validation = prop.validation
    if not isinstance(validation, dict):
        return False
    return any(getattr(ctx.validator(str(k)), "short_name", None) == "NotEmptyValidator" for k in validation)


@property_rule(combined=True)
def hidden_but_required(ctx: Context, prop: PropertyView):
    if not always_hidden(get(prop.effective, "ui", "inspector")) or not _has_not_empty(ctx, prop):
        return
    default = prop.written.get("defaultValue")
    if default not in (None, "", [], {}) or (_is_8_3(ctx) and _blank_datetime_default(ctx, prop, default)):
        return  # created nodes get a value the user never has to enter (8.3: '' is `now` for a DateTime)
    yield ctx.at(prop.nt, prop.path + ("ui", "inspector", "hidden"), Severity.ERROR, "property-hidden-required",
                 f"property `{prop.name}` is hidden but required (NotEmptyValidator) and has no `defaultValue`: the "
                 "inspector validates it anyway and nobody can fill it in, so changes can never be applied. Give "
                 "it a `defaultValue`, show it, or drop the NotEmptyValidator", prop.name)


@property_rule
def default_value_in_range(ctx: Context, prop: PropertyView):
    """A RangeEditor clamps values into [min, max]; a default outside it is changed on first edit."""
    value = number(prop.written.get("defaultValue"))
    spec = ctx.editor(prop.editor_id) if prop.has_inspector else None
    if value is None or spec is None or spec.short_name != "RangeEditor" or spec.status == "custom":
        return
    options = prop.effective_options
    low, high = number(options.get("min", spec.default("min"))), number(options.get("max", spec.default("max")))
    outside = [f"below `min` ({fmt_number(low)})" for _ in [0] if low is not None and value < low]
    outside += [f"above `max` ({fmt_number(high)})" for _ in [0] if high is not None and value > high]
    if outside:
        yield ctx.at(prop.nt, prop.path + ("defaultValue",), Severity.WARNING, "default-value-range",
                     f"`defaultValue` {fmt_number(value)} is {' and '.join(outside)} of the RangeEditor; the slider "
                     "cannot show it", prop.name)


@node_rule
def entry_not_map(ctx: Context, nt):
    """A property or child node written as a scalar (`title: string` for `title: {type: string}`). The first
    post-processor of every type that declares it (all below `Neos.Neos:Node`), NodeTypePresetPostprocessor,
    hands each entry of `properties` and of `childNodes` to Flow's `Arrays::getValueByPath(array &$array, ...)`
    to look for `options.preset`: anything but an array is a TypeError, so the CMS cannot load the node types
    (8.3 and 9.x; null entries are dropped before, lists are arrays)."""
    if PRESETS not in (nt.postprocessors or ()):
        return
    for section, code, what in (("properties", "property-not-map", "property"),
                                ("childNodes", "childnode-not-map", "child node")):
        for name, entry in as_map(get(nt.merged, section)).items():
            if entry is None or isinstance(entry, (dict, list)):
                continue
            example = "{type: string}" if section == "properties" and isinstance(entry, str) else "{type: ...}"
            yield ctx.at(nt, (section, name), Severity.ERROR, code,
                         f"{what} `{name}` is {describe_value(entry)}, not a map: the CMS cannot load the node types "
                         f"(NodeTypePresetPostprocessor hands every {what} to `Arrays::getValueByPath()`, which takes "
                         f"an array: a TypeError); write `{name}: {example}`",
                         prop=str(name) if section == "properties" else None)


@node_rule
def postprocessor_class_missing(ctx: Context, nt):
    """An entry of the resolved `postprocessors` that names no class. NodeType::applyPostprocessing() (8.3 and
    9.x) sorts the map with Flow's PositionalArraySorter (which takes an array, and drops null entries) and
    creates each post-processor with `new $entry['postprocessor']()`: a missing, null or non-string class
    name is an Error, an empty one a class-not-found Error, so the CMS cannot load the node types."""
    table = get(nt.merged, "postprocessors")
    if table is None:
        return
    if not isinstance(table, (dict, list)):
        yield ctx.at(nt, ("postprocessors",), Severity.ERROR, "postprocessor-class-missing",
                     f"`postprocessors` is {describe_value(table)}, not a map: the CMS cannot load the node types "
                     f"(its positional sorter takes an array: a TypeError)")
        return
    for key, entry in (table.items() if isinstance(table, dict) else enumerate(table)):
        if entry is None:
            continue
        cls = entry.get("postprocessor") if isinstance(entry, dict) else None
        if isinstance(cls, str) and cls:
            continue
        if not isinstance(entry, dict):
            what = f"is {describe_value(entry)}, not a map with a `postprocessor` class"
        elif "postprocessor" not in entry:
            what = "has no `postprocessor` class"
        else:
            what = f"has `postprocessor` {describe_value(cls)}, not a class name"
        yield ctx.at(nt, ("postprocessors", key), Severity.ERROR, "postprocessor-class-missing",
                     f"post-processor `{key}` {what}: the CMS cannot load the node types (it creates every "
                     f"post-processor with `new`, and a missing class name is an Error); name the class, or "
                     f"switch the entry off with `{key}: ~`")


@node_rule
def references_not_map(ctx: Context, nt):
    """9.x: a ``references:`` section that is set but is no array (a text, number or boolean) in a type's own
    configuration, as the files give it (the last file that writes the key decides). 9.x's
    ``NodeTypeEnrichmentService`` (strict types) runs over every type's own configuration before the node types
    are built and hands an ``isset`` section to ``setLabels(..., array &$configuration, ...)``: a TypeError, so no
    node type loads (the UI's ``NodeTypeSchemaBuilder`` would fail on it too, ``array_merge()``). 8.3 ignores
    ``references:`` (``neos83-references-ignored``)."""
    if cms_version(ctx.project) == "8.3":
        return
    references = get(nt.local, "references")
    if references is None or isinstance(references, (dict, list)):
        return
    yield ctx.at(nt, ("references",), Severity.ERROR, "neos9-references-not-map",
                 f"`references` is {describe_value(references)}, not a map: Neos 9 fails to load the node types "
                 f"(its NodeTypeEnrichmentService hands the section to a method that takes an array: a TypeError). "
                 f"Write the references as a map (`references: {{}}` for none), or remove the line")
