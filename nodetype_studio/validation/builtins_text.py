"""Text validators: NotEmpty, String, Text, Alphanumeric, Label, Uuid, StringLength, RegularExpression."""

from __future__ import annotations

import re
import unicodedata

from nodetype_studio.validation import jsvalue, messages
from nodetype_studio.validation.builtin import (
    BOUND_TYPE, BuiltinValidator, empty_by_length, empty_string, is_nullish,
)
from nodetype_studio.validation.jsregex import JsRegex, JsRegexSyntaxError, split_option
from nodetype_studio.validation.types import OptionInfo

_TAG_PATTERN = r"<\/?([a-z][a-z0-9]*)\b[^>]*>"
_UUID = re.compile(r"[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}")
_LABEL_PUNCTUATION = frozenset(" ,.:;?!%§&\"'/+-_=()#0123456789")


class NotEmptyValidator(BuiltinValidator):
    short_name = "NotEmptyValidator"
    description = "The value must not be empty."
    value_handling = "Fails for null, '' and anything with length 0 (empty list); {} , false and 0 pass."

    def validate(self, value, options):
        if empty_string(value) or jsvalue.strict_equals(jsvalue.length(value), 0):
            return [messages.issue("notEmptyValidator.isEmpty", custom=messages.custom_message(options))]
        return []


class StringValidator(BuiltinValidator):
    short_name = "StringValidator"
    description = "The value must be a string."
    value_handling = "null passes; numbers, booleans, lists and maps fail."

    def validate(self, value, options):
        if not is_nullish(value) and not isinstance(value, str):
            return [messages.issue("stringValidator.stringIsExpected", custom=messages.custom_message(options))]
        return []


class TextValidator(BuiltinValidator):
    short_name = "TextValidator"
    description = "The value must not contain XML/HTML tags."
    value_handling = "null passes; any other non-string makes the browser's validator throw (value.replace)."

    def validate(self, value, options):
        if is_nullish(value):
            return []
        text = jsvalue.require_string_method(value, "replace")
        if JsRegex.compile(_TAG_PATTERN, "gi").finds_match(text):
            return [messages.issue("textValidator.validTextWithoutAnyXMLtagsIsExpected", custom=messages.custom_message(options))]
        return []


def _is_alphanumeric(text: str) -> bool:
    return all(unicodedata.category(c).startswith("L") or unicodedata.category(c) == "Nd" for c in text)


def _is_label(text: str) -> bool:
    return all(c in _LABEL_PUNCTUATION or unicodedata.category(c)[0] == "L" or unicodedata.category(c) == "Sc" for c in text)


class _CharacterSetValidator(BuiltinValidator):
    """Every character must belong to a set; empty values pass; non-strings throw (value.match)."""

    value_handling = "null and anything with length 0 pass; other non-strings make the browser's validator throw (value.match)."
    message = ""

    def accepts(self, text: str) -> bool:
        return True

    def validate(self, value, options):
        if empty_by_length(value):
            return []
        if not self.accepts(jsvalue.require_string_method(value, "match")):
            return [messages.issue(self.message, custom=messages.custom_message(options))]
        return []


class AlphanumericValidator(_CharacterSetValidator):
    short_name = "AlphanumericValidator"
    description = "Only Unicode letters (L*) and decimal digits (Nd); no spaces or underscores."
    message = "alphanumericValidator"

    def accepts(self, text):
        return _is_alphanumeric(text)


class LabelValidator(_CharacterSetValidator):
    short_name = "LabelValidator"
    description = "Letters, currency symbols, ASCII digits, spaces and , . : ; ? ! % § & \" ' / + - _ = ( ) #."
    message = "labelValidator.invalidLabel"

    def accepts(self, text):
        return _is_label(text)


class UuidValidator(_CharacterSetValidator):
    short_name = "UuidValidator"
    description = "The value must contain a lower-case UUID (not anchored: surrounding text is allowed)."
    message = "uuidValidator.invalidUuid"

    def accepts(self, text):
        return _UUID.search(text) is not None


def html_text_content(markup: str):
    """`new DOMParser().parseFromString(markup, 'text/html').body.textContent` (None: no body)."""
    from selectolax.lexbor import LexborHTMLParser

    body = LexborHTMLParser(markup).body
    if body is None:
        return None
    return body.text(deep=True)


class StringLengthValidator(BuiltinValidator):
    short_name = "StringLengthValidator"
    description = "The length of the value (UTF-16 code units) must lie between minimum and maximum."
    value_handling = (
        "null and '' pass; other values are measured as value.toString() (numbers as written by JavaScript, "
        "lists joined with ',', maps as '[object Object]')."
    )
    extra_options = {
        "minimum": OptionInfo(BOUND_TYPE, False, None, "Fewest characters; missing = no lower bound."),
        "maximum": OptionInfo(BOUND_TYPE, False, None, "Most characters; missing = no upper bound."),
        "ignoreHtml": OptionInfo("boolean", False, False, "Measure the text content of the value read as HTML."),
    }

    def validate(self, value, options):
        if empty_string(value):
            return []
        minimum = jsvalue.option_number(options, "minimum")
        maximum = jsvalue.option_number(options, "maximum")
        if maximum < minimum:
            return [messages.literal("The maximum is less than the minimum.")]
        if minimum < 0:
            return [messages.literal("The minimum StringLength can not be less than zero")]
        # `value.toString ? value.toString() : ''`: every value inherits toString unless a map shadows it
        shadowed = isinstance(value, dict) and "toString" in value and not jsvalue.truthy(value["toString"])
        text = "" if shadowed else jsvalue.call_to_string(value)
        if jsvalue.truthy(jsvalue.get_property(options, "ignoreHtml")):
            content = html_text_content(text)
            if content is None:
                raise jsvalue.JsError("TypeError: Cannot read properties of null (reading 'textContent')")
            text = content or text
        size = jsvalue.utf16_length(text)
        if not (size < minimum or size > maximum):
            return []
        bounds = {"minimum": minimum, "maximum": maximum}
        if minimum > 0 and maximum < 10000:
            return [messages.issue("stringLength.outOfBounds", bounds, messages.custom_message(options))]
        if minimum > 0:
            return [messages.issue("stringLength.smallerThanMinimum", {"minimum": minimum})]
        return [messages.issue("stringLength.greaterThanMaximum", {"maximum": maximum})]


class RegularExpressionValidator(BuiltinValidator):
    short_name = "RegularExpressionValidator"
    description = "The value must contain a match of the JavaScript regular expression `/body/flags` (flags g, i, m, y)."
    value_handling = "null and anything with length 0 pass; other non-strings make the browser's validator throw (value.match)."
    extra_options = {
        "regularExpression": OptionInfo("string", True, None, "A JavaScript regex literal like /^[a-z]+$/i (or a bare pattern)."),
    }

    def validate(self, value, options):
        option = jsvalue.get_property(options, "regularExpression")
        if not jsvalue.truthy(option):
            return [messages.literal('The validator option "regularExpression" was not given.')]
        parts = split_option(jsvalue.require_string_method(option, "match"))
        if parts is None:
            return [messages.literal(f"The Regex {option} could not be parsed.")]
        body, flags = parts
        try:
            pattern = JsRegex.compile(body, flags or "")
        except JsRegexSyntaxError as exc:
            raise jsvalue.JsError(f"SyntaxError: {exc}") from None
        if empty_by_length(value):
            return []
        if pattern.finds_match(jsvalue.require_string_method(value, "match")):
            return []
        return [messages.issue(
            "regularExpressionValidator.patternDoesNotMatch", {"pattern": pattern.literal}, messages.custom_message(options)
        )]
