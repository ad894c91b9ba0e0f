"""Text validators: NotEmpty, String, Text, Alphanumeric, Label, Uuid, StringLength, RegularExpression."""

from __future__ import annotations

import re

from nodetype_studio.js import values as jsvalue
from nodetype_studio.validation import charclasses, messages
from nodetype_studio.validation.builtin import (
    BuiltinValidator,
    RangeValidator,
    SingleCheckValidator,
    empty_by_length,
    empty_string,
    is_nullish,
)

_TAG_PATTERN = r"<\/?([a-z][a-z0-9]*)\b[^>]*>"
_UUID = re.compile(r"[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}")


class NotEmptyValidator(SingleCheckValidator):
    short_name = "NotEmptyValidator"
    value_handling = "Fails for null, '' and anything with length 0 (empty list); {} , false and 0 pass."
    message = "notEmptyValidator.isEmpty"

    def passes(self, value):
        return not (empty_string(value) or jsvalue.strict_equals(jsvalue.length(value), 0))


class StringValidator(SingleCheckValidator):
    short_name = "StringValidator"
    value_handling = "null passes; numbers, booleans, lists and maps fail."
    message = "stringValidator.stringIsExpected"

    def passes(self, value):
        return is_nullish(value) or isinstance(value, str)


class TextValidator(SingleCheckValidator):
    short_name = "TextValidator"
    value_handling = "null passes; any other non-string makes the browser's validator throw (value.replace)."
    message = "textValidator.validTextWithoutAnyXMLtagsIsExpected"

    def passes(self, value):
        if is_nullish(value):
            return True
        from nodetype_studio.js.regex import JsRegex  # the translator, with the first value checked

        return not JsRegex.compile(_TAG_PATTERN, "gi").finds_match(jsvalue.require_string_method(value, "replace"))


class _CharacterSetValidator(SingleCheckValidator):
    """Every character must belong to a set; empty values pass; non-strings throw (value.match)."""

    value_handling = "null and anything with length 0 pass; other non-strings make the browser's validator throw (value.match)."

    def accepts(self, text: str) -> bool:
        return True

    def passes(self, value):
        return empty_by_length(value) or self.accepts(jsvalue.require_string_method(value, "match"))


class AlphanumericValidator(_CharacterSetValidator):
    short_name = "AlphanumericValidator"
    message = "alphanumericValidator"

    def accepts(self, text):
        return charclasses.is_alphanumeric(text)


class LabelValidator(_CharacterSetValidator):
    short_name = "LabelValidator"
    message = "labelValidator.invalidLabel"

    def accepts(self, text):
        return charclasses.is_label(text)


class UuidValidator(_CharacterSetValidator):
    short_name = "UuidValidator"
    message = "uuidValidator.invalidUuid"

    def accepts(self, text):
        return _UUID.search(text) is not None


def html_text_content(markup: str) -> str:
    """`new DOMParser().parseFromString(markup, 'text/html').body.textContent`.

    `document.body` is the html element's first `body` *or `frameset`* child: markup that starts with
    `<frameset>` has a frameset for a body, whose text is only the white space (and `<noframes>` text)
    inside it. The parser follows the current HTML standard, `<select>` content included (see
    docs/validation.md)."""
    from selectolax.lexbor import LexborHTMLParser

    document = LexborHTMLParser(markup)
    root = document.root
    for child in root.iter() if root is not None else ():
        if child.tag in ("body", "frameset"):
            return child.text(deep=True)
    return ""  # unreachable for HTML documents (the parser always makes a body or a frameset)


class StringLengthValidator(RangeValidator):
    short_name = "StringLengthValidator"
    value_handling = (
        "null and '' pass; other values are measured as value.toString() (numbers as written by JavaScript, "
        "lists joined with ',', maps as '[object Object]')."
    )

    def check(self, value, options, minimum, maximum):
        if minimum < 0:
            return [messages.literal("The minimum StringLength can not be less than zero")]
        # `value.toString ? value.toString() : ''`: every value inherits toString unless a map shadows it
        shadowed = isinstance(value, dict) and "toString" in value and not jsvalue.truthy(value["toString"])
        text = "" if shadowed else jsvalue.call_to_string(value)
        if jsvalue.truthy(jsvalue.get_property(options, "ignoreHtml")):
            text = html_text_content(text) or text  # empty text: the raw string is measured
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
    value_handling = "null and anything with length 0 pass; other non-strings make the browser's validator throw (value.match)."

    def validate(self, value, options):
        # the JavaScript pattern grammar and translator, with the first pattern checked
        from nodetype_studio.js.regex import JsRegex, JsRegexSyntaxError, split_option

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
