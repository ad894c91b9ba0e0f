"""Shared pieces of the built-in validators (the fifteen of the spec)."""

from __future__ import annotations

from nodetype_studio.platform import Platform
from nodetype_studio.validation import jsvalue
from nodetype_studio.validation.types import VALIDATION_ERROR_MESSAGE, OptionInfo, Validator

BOUND_TYPE = "integer|numeric string"


class BuiltinValidator(Validator):
    """A CMS validator. ``value_handling`` documents how non-string values are treated (as the browser does)."""

    value_handling: str = ""
    extra_options: dict[str, OptionInfo] = {}

    def __init__(self, platform: Platform | None = None):
        self.platform = platform or Platform()
        self.identifier = self.platform.validator(self.short_name)
        self.options = {**self.extra_options, "validationErrorMessage": VALIDATION_ERROR_MESSAGE}


def is_nullish(value) -> bool:
    return value is None or value is jsvalue.UNDEFINED


def has_zero_length(value) -> bool:
    """`value.length === 0` (call only for non-null values)."""
    return jsvalue.strict_equals(jsvalue.length(value), 0)


def empty_by_length(value) -> bool:
    """`value === undefined || value === null || value.length === 0`."""
    return is_nullish(value) or has_zero_length(value)


def empty_string(value) -> bool:
    """`value === undefined || value === null || value === ''`."""
    return is_nullish(value) or value == "" and isinstance(value, str)
