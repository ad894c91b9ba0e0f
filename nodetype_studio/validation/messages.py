"""English texts of the CMS validator messages (our own wording) and how they are rendered.

The CMS shows translation ids from its `Main` catalogue with placeholders in braces; the ids are
kept verbatim so findings can be matched to the CMS, the texts are the studio's.
"""

from __future__ import annotations

import re

from nodetype_studio.js import values as jsvalue
from nodetype_studio.validation.types import Issue

PREFIX = "content.inspector.validators."
CATALOGUE_PACKAGE = "Neos.Neos:Main:"

# id (without PREFIX) -> English text. Placeholders: {minimum} {maximum} {pattern} {earliestDate} {latestDate}
TEXTS = {
    "alphanumericValidator": "Only letters (including accented letters and umlauts) and digits are allowed.",
    "countValidator.notCountable": "This value cannot be counted: a list or a map is expected.",
    "countValidator.countBetween": "The number of items must be between {minimum} and {maximum}.",
    "dateTimeRangeValidator.invalidDate": "This is not a valid date.",
    "dateTimeRangeValidator.mustBeBetween": "The date must lie between {earliestDate} and {latestDate}.",
    "dateTimeRangeValidator.mustBeAfter": "The date must lie after {earliestDate}.",
    "dateTimeRangeValidator.mustBeBefore": "The date must lie before {latestDate}.",
    "emailAddressValidator.invalidEmail": "Please enter a valid e-mail address.",
    "floatValidator.validFloatExpected": "A decimal number with a decimal point is expected.",
    "integerValidator.aValidIntegerNumberIsExpected": "A whole number is expected.",
    "labelValidator.invalidLabel": (
        "Only letters, digits, spaces, currency symbols and the characters , . : ; ? ! % § & \" ' / + - _ = ( ) # are allowed."
    ),
    "notEmptyValidator.isEmpty": "This field is required.",
    "numberRangeValidator.validNumberExpected": "A number is expected.",
    "numberRangeValidator.numberShouldBeInRange": "Please enter a number from {minimum} to {maximum}.",
    "regularExpressionValidator.patternDoesNotMatch": "The value does not match the pattern {pattern}.",
    "stringLength.outOfBounds": "The text must be between {minimum} and {maximum} characters long.",
    "stringLength.smallerThanMinimum": "The text must be at least {minimum} characters long.",
    "stringLength.greaterThanMaximum": "The text must not be longer than {maximum} characters.",
    "stringValidator.stringIsExpected": "A text value is expected.",
    "textValidator.validTextWithoutAnyXMLtagsIsExpected": "Plain text without HTML or XML tags is expected.",
    "uuidValidator.invalidUuid": "A UUID is expected.",
}

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def text_for(message_id: str) -> str | None:
    """The English text of a CMS translation id (with or without the `Neos.Neos:Main:` package prefix)."""
    for prefix in (CATALOGUE_PACKAGE, "Cms.Cms:Main:", "TYPO3.Neos:Main:"):
        if message_id.startswith(prefix):
            message_id = message_id[len(prefix):]
            break
    if message_id.startswith(PREFIX):
        return TEXTS.get(message_id[len(PREFIX):])
    return None


def _placeholder_value(value) -> str:
    if jsvalue.is_number(value):
        return jsvalue.format_number(value)
    return str(value)


def fill(template: str, arguments: dict) -> str:
    """Substitute `{name}` placeholders; unknown placeholders stay as written (as the CMS does)."""
    return _PLACEHOLDER.sub(
        lambda m: _placeholder_value(arguments[m.group(1)]) if m.group(1) in arguments else m.group(0), template
    )


class MessageThrows(jsvalue.JsError):
    """The CMS's translator throws on a `validationErrorMessage` that is not text, when it shows the error."""


def label_outcome(label) -> tuple[str | None, str | None]:
    """What the CMS's translator makes of a `validationErrorMessage` that is not null: (text shown, None),
    or (None, the TypeError it throws while the error is rendered).

    `translate(id)` starts with `id && id.indexOf(':') !== -1` and then runs `s.replace(/\\./g, '_')` on
    each part of the address; a falsy id (false, 0, NaN) is given back as it is, and React renders
    `false` as nothing and a number as written."""
    if isinstance(label, str):
        return label, None
    if label is False:
        return "", None
    if jsvalue.is_number(label) and not jsvalue.truthy(label):
        return jsvalue.format_number(label), None
    if isinstance(label, list):
        if any(item == ":" for item in label):
            return None, "TypeError: id.split is not a function"
        return None, "TypeError: s.replace is not a function"
    return None, "TypeError: id.indexOf is not a function"


def issue(short_id: str, arguments: dict | None = None, custom=None) -> Issue:
    """The CMS message `content.inspector.validators.<short_id>`, or the configured
    `validationErrorMessage` in its place when ``custom`` is given (not None/undefined).

    Raises MessageThrows where the CMS's translator throws on ``custom`` (see label_outcome)."""
    arguments = dict(arguments or {})
    message_id = PREFIX + short_id
    if custom is None or custom is jsvalue.UNDEFINED:
        return Issue(message_id, fill(TEXTS[short_id], arguments), arguments)
    label, error = label_outcome(custom)
    if label is None:
        raise MessageThrows(error or "TypeError")
    if not isinstance(custom, str):
        arguments["validationErrorMessage"] = custom
        return Issue(message_id, label, arguments)
    # The CMS renders `translate(label, undefined, params)`: a translation it finds gets the placeholders
    # filled; any other label (literal text, or an id without a translation) is shown exactly as written,
    # braces included. We know the CMS's own ids; other ids stay as written (as without a translation).
    text = text_for(label)
    shown = fill(text, arguments) if text is not None else label
    arguments["validationErrorMessage"] = label
    return Issue(message_id, shown, arguments)


def literal(text: str, **arguments) -> Issue:
    """One of the CMS's untranslated integrator messages (e.g. 'The maximum is less than the minimum.')."""
    return Issue(None, text, dict(arguments))


def custom_message(options):
    """`validatorOptions?.validationErrorMessage` (None/undefined when absent)."""
    if options is None or options is jsvalue.UNDEFINED:
        return None
    value = jsvalue.get_property(options, "validationErrorMessage")
    return None if value is jsvalue.UNDEFINED else value
