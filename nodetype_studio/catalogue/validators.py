"""Every client-side validator of the spec with its options (names from neos-facts §3)."""

from __future__ import annotations

from types import MappingProxyType

from nodetype_studio.catalogue.build import merged, opt, options
from nodetype_studio.catalogue.specs import Rule, ValidatorSpec

#: Accepted by every validator since UI 8.0: replaces the main error message.
COMMON_OPTIONS = options(
    opt("validationErrorMessage", "string", description="Replaces the main error message (text or translation id)"),
)

_SERVER_ONLY = "Read by the server framework's validator only; the browser ignores it."

_MIN_MAX_RULE = Rule("le", ("minimum", "maximum"), "validator-min-max",
                     "`minimum` ({a}) is greater than `maximum` ({b}); no value can pass", "error")


def _validator(short: str, *opts, rules=(), **kw) -> ValidatorSpec:
    return ValidatorSpec(short_name=short, options=merged(COMMON_OPTIONS, options(*opts)), rules=rules, **kw)


_VALIDATOR_LIST = (
    _validator("AlphanumericValidator", description="Only letters and digits"),
    _validator("CountValidator",
               opt("minimum", "numeric", 0, description="Fewest items"),
               opt("maximum", "numeric", description="Most items"),
               rules=(_MIN_MAX_RULE,), description="Number of items of a list or map"),
    _validator("DateTimeRangeValidator",
               opt("earliestDate", "string|null", None, description="Earliest date (date, start/duration or duration/end)"),
               opt("latestDate", "string|null", None, description="Latest date"),
               runs_in_browser=False, description="Date between bounds",
               compat_notes=("DateTimeRangeValidator is not registered in the CMS's browser UI: it never runs "
                             "(the UI logs \"Validator not found\" and lets every value pass).",)),
    _validator("DateTimeValidator",
               opt("locale", "string|null", description=_SERVER_ONLY, source="facts"),
               opt("strictMode", "boolean", True, description=_SERVER_ONLY, source="facts"),
               opt("formatLength", "string", "default", allowed=("default", "full", "long", "medium", "short"),
                   description=_SERVER_ONLY, source="facts"),
               opt("formatType", "string", "date", allowed=("date", "time", "datetime"),
                   description=_SERVER_ONLY, source="facts"),
               description="A date-time string with numeric offset"),
    _validator("EmailAddressValidator",
               opt("strict", "boolean", False, description=_SERVER_ONLY, source="facts"),
               opt("checkDns", "boolean", False, description=_SERVER_ONLY, source="facts"),
               description="An e-mail address"),
    _validator("FloatValidator", description="A decimal number with a decimal point"),
    _validator("IntegerValidator", description="An integer"),
    _validator("LabelValidator", description="Letters, digits, spaces and some punctuation"),
    _validator("NotEmptyValidator", description="A value is required"),
    _validator("NumberRangeValidator",
               opt("minimum", "numeric", 0, description="Lowest number"),
               opt("maximum", "numeric", description="Greatest number"),
               rules=(_MIN_MAX_RULE,), description="A number within bounds"),
    _validator("RegularExpressionValidator",
               opt("regularExpression", "string", required=True, description="JavaScript regular expression literal"),
               description="Value must contain a match"),
    _validator("StringLengthValidator",
               opt("minimum", "integer", 0, description="Fewest characters"),
               opt("maximum", "integer", description="Most characters"),
               opt("ignoreHtml", "boolean", False, description="Count the text without markup", source="facts"),
               rules=(_MIN_MAX_RULE,), description="Length within bounds"),
    _validator("StringValidator", description="A string"),
    _validator("TextValidator", description="Text without markup tags"),
    _validator("UuidValidator", description="Contains a UUID"),
)

#: Built-in validators by short name.
VALIDATORS = MappingProxyType({v.short_name: v for v in _VALIDATOR_LIST})
