"""Checks on a property's `validation` map: validator identifiers, their options, rules and patterns."""

from __future__ import annotations

from nodetype_studio.catalogue import VALIDATORS, ValidatorSpec, suggest
from nodetype_studio.checks.base import Context, PropertyView, fmt_number, number, property_rule
from nodetype_studio.checks.optionwalk import OptionWalker, describe_value
from nodetype_studio.checks.regex_js import regex_problems
from nodetype_studio.diagnostics import Severity

_OTHER_VALIDATOR_OPTIONS = {name: spec.options for name, spec in VALIDATORS.items()}


def iter_validators(ctx: Context, prop: PropertyView):
    """(identifier, options, spec or None) for every configured validator."""
    validation = prop.validation
    if not isinstance(validation, dict):
        return
    for identifier, options in validation.items():
        yield str(identifier), options, ctx.validator(str(identifier))


@property_rule
def validation_shape(ctx: Context, prop: PropertyView):
    validation = prop.validation
    if validation is None or isinstance(validation, dict) or validation == []:
        return
    yield ctx.at(prop.nt, prop.path + ("validation",), Severity.ERROR, "validator-shape",
                 f"`validation` must map validator identifiers to options, not {describe_value(validation)}", prop.name)


@property_rule
def validator_identifiers(ctx: Context, prop: PropertyView):
    for identifier, _options, spec in iter_validators(ctx, prop):
        if spec is not None:
            continue
        path = prop.path + ("validation", identifier)
        normalized = ctx.platform.normalize_validator(identifier)
        candidates = [v.identifier(ctx.platform) for v in VALIDATORS.values()] + list(ctx.validators)
        hint = suggest(normalized.value if "/" in identifier else ctx.platform.validator(identifier), candidates)
        fix = f"; did you mean `{hint}`?" if hint else ""
        if normalized.short is not None or "/" not in identifier:
            yield ctx.at(prop.nt, path, Severity.ERROR, "validator-unknown",
                         f"unknown validator `{identifier}`: the browser logs \"Validator not found\" and lets every "
                         f"value pass{fix}", prop.name)
        else:
            yield ctx.at(prop.nt, path, Severity.WARNING, "validator-unregistered",
                         f"validator `{identifier}` is neither built in nor registered by a plugin{fix or ''}; "
                         "the studio cannot run it", prop.name)


@property_rule
def validator_options(ctx: Context, prop: PropertyView):
    for identifier, options, spec in iter_validators(ctx, prop):
        if spec is None or not spec.options_declared:
            continue
        path = prop.path + ("validation", identifier)
        if options is not None and not isinstance(options, dict) and options != []:
            yield ctx.at(prop.nt, path, Severity.ERROR, "validator-option-type",
                         f"options of `{spec.short_name}` must be a map, not {describe_value(options)}", prop.name)
            continue
        options = options if isinstance(options, dict) else {}
        others = {k: v for k, v in _OTHER_VALIDATOR_OPTIONS.items() if k != spec.short_name}
        walker = OptionWalker(ctx, prop.nt, prop.name, path, "validator-option", f"`{spec.short_name}`", others)
        yield from walker.written(spec.options, options)
        yield from walker.required(spec.options, options)
        yield from _validator_rules(ctx, prop, spec, options, path)


def _validator_rules(ctx: Context, prop: PropertyView, spec: ValidatorSpec, options: dict, path: tuple):
    for rule in spec.rules:
        if rule.kind != "le":
            continue
        a_name, b_name = rule.paths
        a, b = number(options.get(a_name)), number(options.get(b_name))
        if a is not None and b is not None and a > b:
            yield ctx.at(prop.nt, path + (a_name,), Severity(rule.severity), rule.code,
                         rule.message.format(a=fmt_number(a), b=fmt_number(b)), prop.name)


@property_rule
def regular_expression(ctx: Context, prop: PropertyView):
    for identifier, options, spec in iter_validators(ctx, prop):
        if spec is None or spec.short_name != "RegularExpressionValidator" or spec.custom_identifier is not None:
            continue
        pattern = options.get("regularExpression") if isinstance(options, dict) else None
        if not isinstance(pattern, str):
            continue
        path = prop.path + ("validation", identifier, "regularExpression")
        for problem in regex_problems(pattern):
            code = {"flags": "regex-flags", "pcre": "regex-pcre", "invalid": "regex-invalid"}[problem.kind]
            message = (f"`{pattern}` does not compile in the browser: {problem.message}" if problem.kind == "invalid"
                       else f"`{pattern}`: {problem.message}")
            yield ctx.at(prop.nt, path, Severity.ERROR, code, message, prop.name)
