"""Every client-side validator of the spec with its options (names from neos-facts §3).

The single source of the built-in validators' identifiers, options (names, types, defaults,
required), descriptions and ``runs_in_browser``: the checker reads it, and the validation engine's
built-in validators take their ``options`` from it. Defaults are the browser's: a missing bound
is no bound (the server framework's own defaults, e.g. Flow's `minimum: 0`, are not what the
browser applies).
"""

from __future__ import annotations

from types import MappingProxyType

from nodetype_studio.catalogue.build import merged, opt, options
from nodetype_studio.catalogue.specs import Rule, ValidatorSpec

#: Accepted by every validator since UI 8.0: replaces the main error message.
COMMON_OPTIONS = options(
    opt("validationErrorMessage", "string",
        description="Translation id or literal text that replaces the validator's main error message."),
)

_SERVER_ONLY = "Read by the server framework's validator only; the browser ignores it."

_MIN_MAX_RULE = Rule("le", ("minimum", "maximum"), "validator-min-max",
                     "`minimum` ({a}) is greater than `maximum` ({b}); no value can pass", "error")


def _validator(short: str, description: str, *opts, rules=(), **kw) -> ValidatorSpec:
    return ValidatorSpec(short_name=short, options=merged(COMMON_OPTIONS, options(*opts)), rules=rules,
                         description=description, **kw)


def _bounds(kind: str, unit: str, lower: str, upper: str) -> tuple:
    """`minimum` and `maximum`; missing means no bound (JavaScript compares with NaN)."""
    return (opt("minimum", kind, description=f"{lower} {unit}; missing = no lower bound."),
            opt("maximum", kind, description=f"{upper} {unit}; missing = no upper bound."))


_VALIDATOR_LIST = (
    _validator("AlphanumericValidator", "Only letters (L*) and decimal digits (Nd) of Unicode 12.1; no spaces or underscores."),
    _validator("CountValidator", "A list or map must have between minimum and maximum entries; an empty one always passes.",
               *_bounds("numeric", "entries", "Fewest", "Most"), rules=(_MIN_MAX_RULE,),
               null_options="always"),
    _validator("DateTimeRangeValidator",
               "The date must lie after earliestDate and/or before latestDate (server framework semantics; "
               "the browser does not run this validator).",
               opt("earliestDate", "string|null", None,
                   description="A time (`now`, `2024-01-01`, `-1 week`), `<start>/<ISO duration>` or `<ISO duration>/<end>`."),
               opt("latestDate", "string|null", None, description="Same forms as earliestDate."),
               runs_in_browser=False,
               compat_notes=("DateTimeRangeValidator is not registered in the CMS's browser UI: it never runs "
                             "(the UI logs \"Validator not found\" and lets every value pass).",)),
    _validator("DateTimeValidator",
               "An ISO 8601 date-time with a numeric offset, e.g. 2024-01-31T10:00:00+01:00 (no Z, no fractions).",
               opt("locale", "string|null", description=_SERVER_ONLY, source="facts"),
               opt("strictMode", "boolean", True, description=_SERVER_ONLY, source="facts"),
               opt("formatLength", "string", "default", allowed=("default", "full", "long", "medium", "short"),
                   description=_SERVER_ONLY, source="facts"),
               opt("formatType", "string", "date", allowed=("date", "time", "datetime"),
                   description=_SERVER_ONLY, source="facts")),
    _validator("EmailAddressValidator",
               "RFC 5321 address syntax as the CMS's isemail library checks it: quoted local parts (without spaces), "
               "IP literals, international addresses and dotless domains (admin@mailserver1) are valid; comments "
               "and folding white space are not; at most 64 octets before the @; no IDNA rules, no DNS lookup.",
               opt("strict", "boolean", False, description=_SERVER_ONLY, source="facts"),
               opt("checkDns", "boolean", False, description=_SERVER_ONLY, source="facts"),
               null_options_83="non-empty"),
    _validator("FloatValidator",
               "The value must be written with a decimal point and at least one digit after it (1.5, .5, -0.5e3)."),
    _validator("IntegerValidator",
               "parseInt(value) must be a safe integer and the value must consist of digits and '-' only."),
    _validator("LabelValidator",
               "Letters and currency symbols of Unicode 12.1, ASCII digits, spaces and , . : ; ? ! % § & \" ' / + - _ = ( ) #."),
    _validator("NotEmptyValidator", "The value must not be empty.", null_options_83="on failure"),
    _validator("NumberRangeValidator",
               "The number must lie between minimum and maximum (inclusive); strings are read with parseInt.",
               *_bounds("numeric", "allowed number", "Smallest", "Largest"), rules=(_MIN_MAX_RULE,),
               null_options="non-empty"),
    _validator("RegularExpressionValidator",
               "The value must contain a match of the JavaScript regular expression `/body/flags` (flags g, i, m, y).",
               opt("regularExpression", "string", required=True,
                   description="A JavaScript regex literal like /^[a-z]+$/i (or a bare pattern)."),
               null_options="always"),
    _validator("StringLengthValidator",
               "The length of the value (UTF-16 code units) must lie between minimum and maximum.",
               *_bounds("integer", "characters", "Fewest", "Most"),
               opt("ignoreHtml", "boolean", False, description="Measure the text content of the value read as HTML.",
                   source="facts"),
               rules=(_MIN_MAX_RULE,), null_options="non-empty"),
    _validator("StringValidator", "The value must be a string.", null_options_83="on failure"),
    _validator("TextValidator", "The value must not contain XML/HTML tags.", null_options_83="on failure"),
    _validator("UuidValidator", "The value must contain a lower-case UUID (not anchored: surrounding text is allowed).",
               null_options_83="on failure"),
)

#: Built-in validators by short name.
VALIDATORS = MappingProxyType({v.short_name: v for v in _VALIDATOR_LIST})
