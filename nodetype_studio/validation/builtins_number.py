"""Number and count validators: Integer, Float, NumberRange, Count."""

from __future__ import annotations

import math
import re

from nodetype_studio.js import values as jsvalue
from nodetype_studio.validation import messages
from nodetype_studio.validation.builtin import (
    RangeValidator,
    SingleCheckValidator,
    empty_by_length,
)

_INTEGER_CHARS = re.compile(r"[0-9-]+")
_FLOAT = re.compile(r"[-+]?[0-9]*\.[0-9]+(?:[eE][-+]?[0-9]+)?")


class IntegerValidator(SingleCheckValidator):
    short_name = "IntegerValidator"
    value_handling = (
        "Numbers are checked as JavaScript writes them (1.5 fails, 1e21 fails); lists as their ','-joined text "
        "([5] passes); booleans and maps fail; null and length-0 values pass."
    )
    message = "integerValidator.aValidIntegerNumberIsExpected"

    def passes(self, value):
        number = jsvalue.parse_int(value)  # first, as the browser does (it may throw)
        if empty_by_length(value):
            return True
        return jsvalue.is_safe_integer(number) and bool(_INTEGER_CHARS.fullmatch(jsvalue.to_string(value)))


class FloatValidator(SingleCheckValidator):
    short_name = "FloatValidator"
    value_handling = "Numbers are checked as JavaScript writes them, so the number 1 (and 1.0) fails; null and length-0 values pass."
    message = "floatValidator.validFloatExpected"

    def passes(self, value):
        number = jsvalue.parse_float(value)
        if empty_by_length(value):
            return True
        return not math.isnan(number) and bool(_FLOAT.fullmatch(jsvalue.call_to_string(value)))


class NumberRangeValidator(RangeValidator):
    short_name = "NumberRangeValidator"
    value_handling = (
        "Numbers are compared as they are (1.5 is fine); strings via parseInt ('12abc' is 12, 'abc' fails); "
        "booleans and maps are not numbers and pass unchecked (NaN compares false), as in the browser."
    )

    def check(self, value, options, minimum, maximum):
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


class CountValidator(RangeValidator):
    short_name = "CountValidator"
    value_handling = ("Lists count items, maps count keys; null, strings, numbers and booleans are not countable "
                      "(the CMS checks `value === null` before `Object.keys`).")
    skips_empty = False
    clamp = True

    def check(self, value, options, minimum, maximum):
        # `typeof value !== 'object' || value === null` (neos-ui PR #3000, in 8.3 and 9.0)
        if value is None or not isinstance(value, (list, dict)):
            return [messages.issue("countValidator.notCountable")]
        count = len(value)
        if count == 0 or not (count < minimum or count > maximum):
            return []
        return [messages.issue(
            "countValidator.countBetween", {"minimum": minimum, "maximum": maximum}, messages.custom_message(options)
        )]
