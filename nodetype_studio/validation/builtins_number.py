"""Number and count validators: Integer, Float, NumberRange, Count."""

from __future__ import annotations

import math
import re

from nodetype_studio.validation import jsvalue, messages
from nodetype_studio.validation.builtin import BOUND_TYPE, BuiltinValidator, empty_string, is_nullish
from nodetype_studio.validation.types import OptionInfo

_INTEGER_CHARS = re.compile(r"[0-9-]+")
_FLOAT = re.compile(r"[-+]?[0-9]*\.[0-9]+(?:[eE][-+]?[0-9]+)?")


class IntegerValidator(BuiltinValidator):
    short_name = "IntegerValidator"
    description = "parseInt(value) must be a safe integer and the value must consist of digits and '-' only."
    value_handling = (
        "Numbers are checked as JavaScript writes them (1.5 fails, 1e21 fails); lists as their ','-joined text "
        "([5] passes); booleans and maps fail; null and length-0 values pass."
    )

    def validate(self, value, options):
        number = jsvalue.parse_int(value)
        if is_nullish(value) or jsvalue.strict_equals(jsvalue.length(value), 0):
            return []
        if not jsvalue.is_safe_integer(number) or not _INTEGER_CHARS.fullmatch(jsvalue.to_string(value)):
            return [messages.issue("integerValidator.aValidIntegerNumberIsExpected", custom=messages.custom_message(options))]
        return []


class FloatValidator(BuiltinValidator):
    short_name = "FloatValidator"
    description = "The value must be written with a decimal point and at least one digit after it (1.5, .5, -0.5e3)."
    value_handling = "Numbers are checked as JavaScript writes them, so the number 1 (and 1.0) fails; null and length-0 values pass."

    def validate(self, value, options):
        number = jsvalue.parse_float(value)
        if is_nullish(value) or jsvalue.strict_equals(jsvalue.length(value), 0):
            return []
        if math.isnan(number) or not _FLOAT.fullmatch(jsvalue.call_to_string(value)):
            return [messages.issue("floatValidator.validFloatExpected", custom=messages.custom_message(options))]
        return []


class NumberRangeValidator(BuiltinValidator):
    short_name = "NumberRangeValidator"
    description = "The number must lie between minimum and maximum (inclusive); strings are read with parseInt."
    value_handling = (
        "Numbers are compared as they are (1.5 is fine); strings via parseInt ('12abc' is 12, 'abc' fails); "
        "booleans and maps are not numbers and pass unchecked (NaN compares false), as in the browser."
    )
    extra_options = {
        "minimum": OptionInfo(BOUND_TYPE, False, None, "Smallest allowed number; missing = no lower bound."),
        "maximum": OptionInfo(BOUND_TYPE, False, None, "Largest allowed number; missing = no upper bound."),
    }

    def validate(self, value, options):
        if empty_string(value):
            return []
        minimum = jsvalue.option_number(options, "minimum")
        maximum = jsvalue.option_number(options, "maximum")
        if maximum < minimum:
            return [messages.literal("The maximum is less than the minimum.")]
        number = jsvalue.to_float(value) if jsvalue.is_number(value) else jsvalue.parse_int(value)
        if jsvalue.less_than(0, jsvalue.length(value)) and not jsvalue.is_safe_integer(number):
            return [messages.issue("numberRangeValidator.validNumberExpected")]
        if number < minimum or number > maximum:
            return [messages.issue(
                "numberRangeValidator.numberShouldBeInRange",
                {"minimum": minimum, "maximum": maximum},
                messages.custom_message(options),
            )]
        return []


class CountValidator(BuiltinValidator):
    short_name = "CountValidator"
    description = "A list or map must have between minimum and maximum entries; an empty one always passes."
    value_handling = "Lists count items, maps count keys; strings, numbers, booleans and null are not countable."
    extra_options = {
        "minimum": OptionInfo(BOUND_TYPE, False, None, "Fewest entries (an empty list still passes)."),
        "maximum": OptionInfo(BOUND_TYPE, False, None, "Most entries."),
    }

    def validate(self, value, options):
        minimum = jsvalue.option_number(options, "minimum")
        maximum = jsvalue.option_number(options, "maximum")
        minimum = minimum if math.isnan(minimum) else max(minimum, 0.0)
        maximum = maximum if math.isnan(maximum) else min(maximum, float(jsvalue.MAX_SAFE_INTEGER))
        if maximum < minimum:
            return [messages.literal("The maximum is less than the minimum.")]
        if not isinstance(value, (list, dict)):
            return [messages.issue("countValidator.notCountable")]
        count = len(value)
        if count == 0 or not (count < minimum or count > maximum):
            return []
        return [messages.issue(
            "countValidator.countBetween", {"minimum": minimum, "maximum": maximum}, messages.custom_message(options)
        )]
