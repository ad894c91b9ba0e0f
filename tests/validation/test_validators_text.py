"""Table-driven tests of the text validators, one row per case of neos-facts §3.2."""

import pytest
from vhelpers import THROWS, outcome, run

ALNUM = "alphanumericValidator"
LABEL = "labelValidator.invalidLabel"
UUID = "uuidValidator.invalidUuid"
EMPTY = "notEmptyValidator.isEmpty"
STRING = "stringValidator.stringIsExpected"
TEXT = "textValidator.validTextWithoutAnyXMLtagsIsExpected"
NOMATCH = "regularExpressionValidator.patternDoesNotMatch"
OUT = "stringLength.outOfBounds"
SHORT = "stringLength.smallerThanMinimum"
LONG = "stringLength.greaterThanMaximum"
GOOD_UUID = "123e4567-e89b-12d3-a456-426614174000"

ROWS = [
    # --- AlphanumericValidator: empty = undefined/null/length 0; \p{L} and \p{Nd}; non-strings throw
    ("AlphanumericValidator", None, None, []),
    ("AlphanumericValidator", "", None, []),
    ("AlphanumericValidator", [], None, []),
    ("AlphanumericValidator", {"length": 0}, None, []),
    ("AlphanumericValidator", "abc123", None, []),
    ("AlphanumericValidator", "ÄöüßÉ", None, []),
    ("AlphanumericValidator", "١٢٣", None, []),  # Arabic-Indic digits are Nd
    ("AlphanumericValidator", "𝒜", None, []),  # astral letter
    ("AlphanumericValidator", "abc def", None, [ALNUM]),
    ("AlphanumericValidator", "a_b", None, [ALNUM]),
    ("AlphanumericValidator", "Ⅻ", None, [ALNUM]),  # Nl, not Nd
    ("AlphanumericValidator", "½", None, [ALNUM]),
    ("AlphanumericValidator", "abc\n", None, [ALNUM]),
    ("AlphanumericValidator", "😀", None, [ALNUM]),
    ("AlphanumericValidator", 5, None, [THROWS]),
    ("AlphanumericValidator", True, None, [THROWS]),
    ("AlphanumericValidator", ["a"], None, [THROWS]),
    ("AlphanumericValidator", {}, None, [THROWS]),
    # --- LabelValidator: \p{L}, \p{Sc}, ASCII digits, space and , . : ; ? ! % § & " ' / + - _ = ( ) #
    ("LabelValidator", None, None, []),
    ("LabelValidator", "", None, []),
    ("LabelValidator", [], None, []),
    ("LabelValidator", "Hello, World! 50 % off (now) #1 & more: 'yes' \"no\" / + - _ = ? ; §", None, []),
    ("LabelValidator", "Preis: 5 € / $5 / ¥5", None, []),
    ("LabelValidator", "Grüße", None, []),
    ("LabelValidator", "a*b", None, [LABEL]),
    ("LabelValidator", "a@b", None, [LABEL]),
    ("LabelValidator", "<b>", None, [LABEL]),
    ("LabelValidator", "a\tb", None, [LABEL]),
    ("LabelValidator", "١", None, [LABEL]),  # only ASCII digits
    ("LabelValidator", 12, None, [THROWS]),
    # --- UuidValidator: contains a lower-case UUID, not anchored
    ("UuidValidator", None, None, []),
    ("UuidValidator", "", None, []),
    ("UuidValidator", [], None, []),
    ("UuidValidator", GOOD_UUID, None, []),
    ("UuidValidator", f"id: {GOOD_UUID}!", None, []),
    ("UuidValidator", GOOD_UUID.upper(), None, [UUID]),
    ("UuidValidator", "not-a-uuid", None, [UUID]),
    ("UuidValidator", GOOD_UUID[:-1], None, [UUID]),
    ("UuidValidator", 5, None, [THROWS]),
    # --- NotEmptyValidator: nothing empty passes; {} false 0 pass
    ("NotEmptyValidator", None, None, [EMPTY]),
    ("NotEmptyValidator", "", None, [EMPTY]),
    ("NotEmptyValidator", [], None, [EMPTY]),
    ("NotEmptyValidator", {"length": 0}, None, [EMPTY]),
    ("NotEmptyValidator", {}, None, []),
    ("NotEmptyValidator", False, None, []),
    ("NotEmptyValidator", 0, None, []),
    ("NotEmptyValidator", " ", None, []),
    ("NotEmptyValidator", "a", None, []),
    ("NotEmptyValidator", ["a"], None, []),
    # --- StringValidator: typeof value === 'string'; null passes
    ("StringValidator", None, None, []),
    ("StringValidator", "", None, []),
    ("StringValidator", "a", None, []),
    ("StringValidator", 5, None, [STRING]),
    ("StringValidator", 1.5, None, [STRING]),
    ("StringValidator", True, None, [STRING]),
    ("StringValidator", [], None, [STRING]),
    ("StringValidator", {}, None, [STRING]),
    # --- TextValidator: no tag matching <\/?([a-z][a-z0-9]*)\b[^>]*> (case-insensitive)
    ("TextValidator", None, None, []),
    ("TextValidator", "", None, []),
    ("TextValidator", "plain text", None, []),
    ("TextValidator", "a < b > c", None, []),
    ("TextValidator", "<1>", None, []),
    ("TextValidator", "<b>bold</b>", None, [TEXT]),
    ("TextValidator", "x<br/>", None, [TEXT]),
    ("TextValidator", "</p>", None, [TEXT]),
    ("TextValidator", "<P CLASS=x>", None, [TEXT]),
    ("TextValidator", "<a\nhref='x'>", None, [TEXT]),
    ("TextValidator", "<h1>", None, [TEXT]),
    ("TextValidator", 5, None, [THROWS]),
    ("TextValidator", [], None, [THROWS]),
    # --- StringLengthValidator
    ("StringLengthValidator", None, {"minimum": 1, "maximum": 5}, []),
    ("StringLengthValidator", "", {"minimum": 1, "maximum": 5}, []),
    ("StringLengthValidator", "a", {"minimum": 1, "maximum": 5}, []),
    ("StringLengthValidator", "abcde", {"minimum": 1, "maximum": 5}, []),
    ("StringLengthValidator", "abcdef", {"minimum": 1, "maximum": 5}, [OUT]),
    ("StringLengthValidator", "ab", {"minimum": 3}, [SHORT]),
    ("StringLengthValidator", "abc", {"minimum": 3}, []),
    ("StringLengthValidator", "abcd", {"maximum": 3}, [LONG]),
    ("StringLengthValidator", "abcd", {"minimum": 0, "maximum": 3}, [LONG]),
    ("StringLengthValidator", "abcd", {}, []),
    ("StringLengthValidator", "a" * 10001, {"minimum": 1, "maximum": 10000}, [SHORT]),  # the CMS's own quirk
    ("StringLengthValidator", "abcd", {"minimum": "1", "maximum": "3"}, [OUT]),
    ("StringLengthValidator", "abcd", {"minimum": "1x", "maximum": "3.9"}, [OUT]),
    ("StringLengthValidator", "😀", {"maximum": 1}, [LONG]),  # two UTF-16 code units
    ("StringLengthValidator", "e\u0301", {"maximum": 1}, [LONG]),
    ("StringLengthValidator", "é", {"maximum": 1}, []),
    ("StringLengthValidator", "<b>abc</b>", {"maximum": 3}, [LONG]),
    ("StringLengthValidator", "<b>abc</b>", {"maximum": 3, "ignoreHtml": True}, []),
    ("StringLengthValidator", "<b>abcd</b>", {"maximum": 3, "ignoreHtml": True}, [LONG]),
    ("StringLengthValidator", "<p></p>", {"maximum": 6, "ignoreHtml": True}, [LONG]),  # no text: raw length
    ("StringLengthValidator", "a &amp; b", {"maximum": 5, "ignoreHtml": True}, []),
    ("StringLengthValidator", "  abc", {"maximum": 3, "ignoreHtml": True}, []),
    ("StringLengthValidator", "<b>abc</b>", {"maximum": 3, "ignoreHtml": "false"}, []),  # any non-empty string is true
    ("StringLengthValidator", "<b>abc</b>", {"maximum": 3, "ignoreHtml": 0}, [LONG]),
    ("StringLengthValidator", "<frameset></frameset>", {"maximum": 3, "ignoreHtml": True}, [LONG]),  # frameset body: raw
    ("StringLengthValidator", "abc", {"minimum": 5, "maximum": 3}, ["The maximum is less than the minimum."]),
    ("StringLengthValidator", "abc", {"minimum": -1}, ["The minimum StringLength can not be less than zero"]),
    ("StringLengthValidator", "", {"minimum": 5, "maximum": 3}, []),  # empty values pass before the option checks
    ("StringLengthValidator", 12345, {"maximum": 3}, [LONG]),
    ("StringLengthValidator", True, {"maximum": 3}, [LONG]),
    ("StringLengthValidator", [1, 2], {"maximum": 3}, []),
    ("StringLengthValidator", [1, 2, 3], {"maximum": 3}, [LONG]),
    ("StringLengthValidator", {}, {"maximum": 14}, [LONG]),  # '[object Object]'
    ("StringLengthValidator", {"toString": 0}, {"maximum": 3}, []),  # falsy toString: measured as ''
    ("StringLengthValidator", {"toString": "x"}, {"maximum": 3}, [THROWS]),
    ("StringLengthValidator", "abc", None, []),
    # --- RegularExpressionValidator
    ("RegularExpressionValidator", "abc", {}, ['The validator option "regularExpression" was not given.']),
    ("RegularExpressionValidator", None, {}, ['The validator option "regularExpression" was not given.']),
    ("RegularExpressionValidator", "abc", {"regularExpression": ""}, ['The validator option "regularExpression" was not given.']),
    ("RegularExpressionValidator", "abc", {"regularExpression": 5}, [THROWS]),
    ("RegularExpressionValidator", "abc", {"regularExpression": "/a\nb/"}, ["The Regex /a\nb/ could not be parsed."]),
    ("RegularExpressionValidator", "abc", {"regularExpression": "/(/"}, [THROWS]),
    ("RegularExpressionValidator", "abc", {"regularExpression": "/a/gg"}, [THROWS]),
    ("RegularExpressionValidator", None, {"regularExpression": "/^a$/"}, []),
    ("RegularExpressionValidator", "", {"regularExpression": "/^a$/"}, []),
    ("RegularExpressionValidator", [], {"regularExpression": "/^a$/"}, []),
    ("RegularExpressionValidator", "abc-1", {"regularExpression": "/^[a-z0-9\\-]+$/i"}, []),
    ("RegularExpressionValidator", "ABC", {"regularExpression": "/^[a-z0-9\\-]+$/i"}, []),
    ("RegularExpressionValidator", "ABC", {"regularExpression": "/^[a-z0-9\\-]+$/"}, [NOMATCH]),
    ("RegularExpressionValidator", "a b", {"regularExpression": "/^[a-z0-9\\-]+$/i"}, [NOMATCH]),
    ("RegularExpressionValidator", "xbx", {"regularExpression": "/b/"}, []),  # not anchored
    ("RegularExpressionValidator", "xbx", {"regularExpression": "b"}, []),  # bare pattern
    ("RegularExpressionValidator", "abc", {"regularExpression": "/abc/u"}, [NOMATCH]),  # /u stays in the body
    ("RegularExpressionValidator", "abc/u", {"regularExpression": "/abc/u"}, []),
    ("RegularExpressionValidator", "abc", {"regularExpression": "/^ABC$/gimy"}, []),
    ("RegularExpressionValidator", 5, {"regularExpression": "/5/"}, [THROWS]),
    ("RegularExpressionValidator", ["a"], {"regularExpression": "/a/"}, [THROWS]),
]


@pytest.mark.parametrize("short, value, options, expected", ROWS)
def test_table(short, value, options, expected):
    assert outcome(run(short, value, options)) == expected


@pytest.mark.parametrize("short, value, options", [
    ("AlphanumericValidator", "a b", {}),
    ("LabelValidator", "a*b", {}),
    ("UuidValidator", "x", {}),
    ("NotEmptyValidator", "", {}),
    ("StringValidator", 5, {}),
    ("TextValidator", "<b>", {}),
    ("StringLengthValidator", "abcdef", {"minimum": 1, "maximum": 5}),
    ("RegularExpressionValidator", "a b", {"regularExpression": "/^\\w+$/"}),
])
def test_validation_error_message_replaces_the_main_message(short, value, options):
    # A literal text has no translation: the CMS shows it as written, braces included (its i18n
    # registry fills placeholders only into a translation it finds).
    findings = run(short, value, {**options, "validationErrorMessage": "Custom text {minimum}"})
    assert [f.message for f in findings] == ["Custom text {minimum}"]
    assert findings[0].arguments["validationErrorMessage"] == "Custom text {minimum}"
    assert findings[0].message_id.startswith("content.inspector.validators.")


def test_validation_error_message_can_be_a_cms_translation_id():
    findings = run("NotEmptyValidator", "", {"validationErrorMessage": "Neos.Neos:Main:content.inspector.validators.stringValidator.stringIsExpected"})
    assert findings[0].message == "A text value is expected."


def test_a_translated_validation_error_message_gets_the_placeholders_filled():
    outcome_id = "Neos.Neos:Main:content.inspector.validators.stringLength.outOfBounds"
    [finding] = run("StringLengthValidator", "abcdef", {"minimum": 2, "maximum": 5, "validationErrorMessage": outcome_id})
    assert finding.message == "The text must be between 2 and 5 characters long."
    # without the package prefix the id is looked up in the CMS's Main catalogue too
    [finding] = run("StringLengthValidator", "abcdef", {"minimum": 2, "maximum": 5,
                                                        "validationErrorMessage": outcome_id.removeprefix("Neos.Neos:Main:")})
    assert finding.message == "The text must be between 2 and 5 characters long."


@pytest.mark.parametrize("label", ["Vendor.Site:Main:errors.slug", "errors.slug", "", "Between {minimum} and {maximum}"])
def test_a_validation_error_message_without_translation_is_shown_as_written(label):
    [finding] = run("StringLengthValidator", "abcdef", {"minimum": 2, "maximum": 5, "validationErrorMessage": label})
    assert finding.message == label
    assert finding.message_id == "content.inspector.validators.stringLength.outOfBounds"
    assert finding.arguments == {"minimum": 2, "maximum": 5, "validationErrorMessage": label}


@pytest.mark.parametrize("value, options, expected", [
    ("ab", {"minimum": 3, "validationErrorMessage": "X"}, "The text must be at least 3 characters long."),
    ("abcd", {"maximum": 3, "validationErrorMessage": "X"}, "The text must not be longer than 3 characters."),
    ("abc", {"minimum": 5, "maximum": 3, "validationErrorMessage": "X"}, "The maximum is less than the minimum."),
])
def test_secondary_string_length_messages_are_not_replaceable(value, options, expected):
    assert [f.message for f in run("StringLengthValidator", value, options)] == [expected]


def test_regular_expression_option_errors_are_not_replaceable():
    assert [f.message for f in run("RegularExpressionValidator", "a", {"validationErrorMessage": "X"})] == [
        'The validator option "regularExpression" was not given.'
    ]


def test_messages_have_their_placeholders_filled():
    assert [f.message for f in run("StringLengthValidator", "abcdef", {"minimum": 1, "maximum": 5})] == [
        "The text must be between 1 and 5 characters long."
    ]
    [finding] = run("RegularExpressionValidator", "a b", {"regularExpression": "/^[a-z/]+$/i"})
    assert finding.message == "The value does not match the pattern /^[a-z/]+$/i."
    assert finding.arguments == {"pattern": "/^[a-z/]+$/i"}


def test_null_options_make_the_browser_throw_where_options_are_read():
    assert outcome(run("StringLengthValidator", "abc", None)) == []  # {} by default in the helper
    from nodetype_studio.validation import validate_value

    findings = validate_value("abc", {"Neos.Neos/Validation/StringLengthValidator": None})
    assert outcome(findings) == [THROWS]
    assert "reading 'minimum'" in findings[0].message
    assert validate_value("", {"Neos.Neos/Validation/StringLengthValidator": None}) == []
    assert validate_value("abc", {"Neos.Neos/Validation/NotEmptyValidator": None}) == []


def test_string_length_uses_the_html_text_content(js):
    from nodetype_studio.validation.builtins_text import html_text_content

    assert html_text_content("<style>x</style>abc") == "abc"
    assert html_text_content("abc<style>x</style>") == "abcx"
    assert html_text_content("a\r\nb") == "a\nb"
    assert html_text_content("<!-- c -->") == ""
    assert html_text_content("<frameset></frameset>") == ""
