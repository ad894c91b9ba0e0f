"""Checks on a property's `validation` map: validator identifiers, their options, rules and patterns."""

from __future__ import annotations

from nodetype_studio.catalogue import VALIDATORS, ValidatorSpec, suggest
from nodetype_studio.checks.base import (
    Context,
    PropertyView,
    closest_name,
    fmt_number,
    is_bare_name,
    number,
    property_rule,
)
from nodetype_studio.checks.neos9 import cms_version
from nodetype_studio.checks.optionwalk import OptionWalker, describe_value
from nodetype_studio.checks.regex_js import regex_problems
from nodetype_studio.diagnostics import Severity
from nodetype_studio.js import values as jsvalue
from nodetype_studio.validation import get_validator
from nodetype_studio.validation.builtin import RangeValidator
from nodetype_studio.validation.messages import label_outcome

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
        if ctx.platform.normalize_validator(identifier).short is not None or is_bare_name(identifier):
            by_short = {v.short_name: v.identifier(ctx.platform) for v in VALIDATORS.values()}
            hint = closest_name(identifier.rsplit("/", 1)[-1], list(by_short), "Validator")
            fix = (f"; did you mean `{by_short[hint]}`?" if hint else
                   "; the built-in validators are " + ", ".join(n.removesuffix("Validator") for n in VALIDATORS))
            # the browser skips a validator it does not know: nothing fails and no value is lost, the
            # validation the author wrote just does not happen
            yield ctx.at(prop.nt, path, Severity.WARNING, "validator-unknown",
                         f"unknown validator `{identifier}`: the browser logs \"Validator not found\" and lets every "
                         f"value pass{fix}", prop.name)
        else:  # a vendor's validator: only other registered custom validators are plausible
            hint = suggest(identifier, list(ctx.validators))
            yield ctx.at(prop.nt, path, Severity.WARNING, "validator-unregistered",
                         f"validator `{identifier}` is neither built in nor registered by a plugin"
                         + (f"; did you mean `{hint}`?" if hint else "") + "; the studio cannot run it", prop.name)


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
        if spec.custom_identifier is None and spec.runs_in_browser and "validationErrorMessage" in options:
            finding = _error_message_not_text(ctx, prop, spec, options["validationErrorMessage"], path)
            if finding is not None:
                yield finding
                options = {k: v for k, v in options.items() if k != "validationErrorMessage"}
        walker = OptionWalker(ctx, prop.nt, prop.name, path, "validator-option", f"`{spec.short_name}`",
                              _OTHER_VALIDATOR_OPTIONS, spec.short_name)
        yield from walker.written(spec.options, options)
        yield from walker.required(spec.options, options)
        yield from _validator_rules(ctx, prop, spec, options, path, identifier)


def _error_message_not_text(ctx: Context, prop: PropertyView, spec: ValidatorSpec, label, path: tuple):
    """A `validationErrorMessage` that is neither text nor null: what the CMS's translator makes of it."""
    if label is None or isinstance(label, str):
        return None
    shown, error = label_outcome(label)
    start = f"`validationErrorMessage` of `{spec.short_name}` is {describe_value(label)}, not text"
    if error is not None:
        return ctx.at(prop.nt, path + ("validationErrorMessage",), Severity.ERROR, "validator-message-not-text",
                      f"{start}: when the validator reports its main error, the CMS's translator throws ({error}) and the "
                      "property shows that TypeError in place of its label and editor; write the message in quotes",
                      prop.name)
    what = "an empty message" if shown == "" else f"the message `{shown}`"
    return ctx.at(prop.nt, path + ("validationErrorMessage",), Severity.WARNING, "validator-message-not-text",
                  f"{start}: the CMS shows {what} for the validator's main error; write the message in quotes", prop.name)


def _ui_bounds(ctx: Context, identifier: str, spec: ValidatorSpec, options: dict) -> tuple[float, float] | None:
    """`minimum` and `maximum` of a built-in range validator as the CMS reads them (NaN: no bound)."""
    if spec.custom_identifier is not None:
        return None

    def read() -> tuple[float, float] | None:
        validator = get_validator(identifier, ctx.platform)
        return validator.bounds(jsvalue.from_python(options)) if isinstance(validator, RangeValidator) else None

    # (the options of an inherited validator are one object in every type that inherits it)
    return ctx.remembered(("ui-bounds", identifier, id(options)), (options,), read)


def _validator_rules(ctx: Context, prop: PropertyView, spec: ValidatorSpec, options: dict, path: tuple,
                     identifier: str):
    for rule in spec.rules:
        if rule.kind != "le":
            continue
        a_name, b_name = rule.paths
        bounds = _ui_bounds(ctx, identifier, spec, options) if rule.paths == ("minimum", "maximum") else None
        # numbers as the browser reads them: parseInt for text, Count clamps to 0..MAX_SAFE_INTEGER
        a, b = bounds if bounds is not None else (number(options.get(a_name)), number(options.get(b_name)))
        if a is not None and b is not None and a > b:
            as_written = (options.get(a_name), options.get(b_name))
            read_as = "" if (number(as_written[0]), number(as_written[1])) == (a, b) else (
                f" (the browser reads {_written(as_written[0])} and {_written(as_written[1])} as {fmt_number(a)} "
                f"and {fmt_number(b)})")
            yield ctx.at(prop.nt, path + (a_name,), Severity(rule.severity), rule.code,
                         rule.message.format(a=fmt_number(a), b=fmt_number(b)) + read_as, prop.name)
    bounds = _ui_bounds(ctx, identifier, spec, options) if spec.short_name == "StringLengthValidator" else None
    if bounds is not None and bounds[0] < 0 and not bounds[1] < bounds[0]:
        yield ctx.at(prop.nt, path + ("minimum",), Severity.ERROR, "validator-option-value",
                     f"`minimum` of `StringLengthValidator` is {fmt_number(bounds[0])}: the browser answers every "
                     "value but null and '' with \"The minimum StringLength can not be less than zero\"; use 0 or "
                     "more", prop.name)


def _written(value) -> str:
    return f"`{value}`" if value is not None else "nothing"


_NULL_OPTIONS_WHEN = {
    "always": "on every value",
    "non-empty": "on every value but null and ''",
    "on failure": "whenever the value fails (instead of showing its message)",
}


@property_rule
def validator_null_options(ctx: Context, prop: PropertyView):
    """Options written `~`: the browser's validator reads an option of null, a TypeError."""
    validation = prop.validation
    if not isinstance(validation, dict) or None not in validation.values():
        return  # (the common case, decided without looking at each validator)
    version = cms_version(ctx.project)
    for identifier, options, spec in iter_validators(ctx, prop):
        if options is not None or spec is None or spec.custom_identifier is not None:
            continue
        when, which, severity = spec.null_options, "the CMS's", Severity.ERROR
        if when is None and version == "8.3":
            # (read from the 8.x line of neos-ui's validators; which 8.3 patch release, if any, reads the option
            # safely as 9.x does is not known: a warning)
            when, which, severity = spec.null_options_83, "the Neos 8.x UI's", Severity.WARNING
        if when is None:
            continue
        read = "`validationErrorMessage`" if spec.null_options is None else "its options"
        yield ctx.at(prop.nt, prop.path + ("validation", identifier), severity, "validator-null-options",
                     f"options of `{spec.short_name}` are null (`~`): {which} validator reads {read} from them and "
                     f"throws (TypeError) in the browser {_NULL_OPTIONS_WHEN[when]}; write `{{}}` instead of `~`",
                     prop.name)


@property_rule
def regular_expression(ctx: Context, prop: PropertyView):
    for identifier, options, spec in iter_validators(ctx, prop):
        if spec is None or spec.short_name != "RegularExpressionValidator" or spec.custom_identifier is not None:
            continue
        pattern = options.get("regularExpression") if isinstance(options, dict) else None
        if not isinstance(pattern, str):
            continue
        path = prop.path + ("validation", identifier, "regularExpression")
        by_kind: dict[str, list[str]] = {}
        for problem in regex_problems(pattern):
            by_kind.setdefault(problem.kind, []).append(problem.message)
        for kind, messages in by_kind.items():  # one finding per kind, however many constructs
            code = {"flags": "regex-flags", "pcre": "regex-pcre", "invalid": "regex-invalid",
                    "newer": "regex-newer-syntax"}[kind]
            text = "; ".join(messages)
            message = (f"`{pattern}` does not compile in the browser: {text}" if kind == "invalid"
                       else f"`{pattern}`: {text}")
            severity = Severity.INFO if kind == "newer" else Severity.ERROR
            yield ctx.at(prop.nt, path, severity, code, message, prop.name)
