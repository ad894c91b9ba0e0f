"""Shared pieces of the built-in validators (the fifteen of the spec)."""

from __future__ import annotations

import math
from abc import abstractmethod

from nodetype_studio.catalogue import VALIDATORS
from nodetype_studio.js import values as jsvalue
from nodetype_studio.model.prefix import Platform
from nodetype_studio.validation import messages
from nodetype_studio.validation.types import Issue, Validator


class BuiltinValidator(Validator):
    """A CMS validator. Its options, description and ``runs_in_browser`` come from the catalogue entry
    of its ``short_name``; ``value_handling`` documents how non-string values are treated (as the browser does)."""

    value_handling: str = ""

    def __init__(self, platform: Platform | None = None):
        self.platform = platform or Platform()
        self.identifier = self.platform.validator(self.short_name)
        self.spec = VALIDATORS[self.short_name]
        self.options = self.spec.options
        self.description = self.spec.description
        self.runs_in_browser = self.spec.runs_in_browser


class SingleCheckValidator(BuiltinValidator):
    """A validator with one check and one error: ``message`` (its translation id, which
    `validationErrorMessage` replaces) when ``passes(value)`` is false."""

    message: str = ""

    @abstractmethod
    def passes(self, value) -> bool:
        """Whether the browser's validator accepts ``value`` (raises jsvalue.JsError where it throws)."""

    def validate(self, value, options):
        if self.passes(value):
            return []
        return [messages.issue(self.message, custom=messages.custom_message(options))]


class RangeValidator(BuiltinValidator):
    """A validator with `minimum` and `maximum`, read as the CMS reads them (missing: NaN, no bound);
    maximum < minimum is the CMS's literal error before anything else is checked."""

    skips_empty = True  # null and '' pass before the bounds are read
    clamp = False  # Count: minimum at least 0, maximum at most MAX_SAFE_INTEGER

    @abstractmethod
    def check(self, value, options, minimum: float, maximum: float) -> list[Issue]:
        """The findings for ``value`` within the bounds."""

    def bounds(self, options) -> tuple[float, float]:
        """(minimum, maximum) as the CMS reads them from ``options`` (NaN: no bound; raises jsvalue.JsError
        for null options)."""
        minimum = jsvalue.option_number(options, "minimum")
        maximum = jsvalue.option_number(options, "maximum")
        if self.clamp:
            minimum = minimum if math.isnan(minimum) else max(minimum, 0.0)
            maximum = maximum if math.isnan(maximum) else min(maximum, float(jsvalue.MAX_SAFE_INTEGER))
        return minimum, maximum

    def validate(self, value, options):
        if self.skips_empty and empty_string(value):
            return []
        minimum, maximum = self.bounds(options)
        if maximum < minimum:
            return [messages.literal("The maximum is less than the minimum.")]
        return self.check(value, options, minimum, maximum)


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
