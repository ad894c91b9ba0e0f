"""Validator options written `~` (null): which validators of which CMS version read them.

8.3's NotEmpty, String, Text, Uuid and EmailAddress read `validatorOptions.validationErrorMessage`
without a null check (NotEmpty/String/Text/Uuid once the value fails, EmailAddress before it checks
the address); 9.0 reads `validatorOptions?.validationErrorMessage` and shows the default message.
StringLength, NumberRange, Count and RegularExpression read their options unguarded in both.
"""

import pytest

from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import NULL_OPTIONS_ERROR
from tests.validation.vhelpers import THROWS, outcome


def run_null(short, value, cms_version):
    return validate_value(value, {f"Neos.Neos/Validation/{short}": None}, cms_version=cms_version)


FAILING = [
    ("NotEmptyValidator", "", "notEmptyValidator.isEmpty"),
    ("StringValidator", 5, "stringValidator.stringIsExpected"),
    ("TextValidator", "<b>x</b>", "textValidator.validTextWithoutAnyXMLtagsIsExpected"),
    ("UuidValidator", "no uuid", "uuidValidator.invalidUuid"),
    ("EmailAddressValidator", "not an address", "emailAddressValidator.invalidEmail"),
]


@pytest.mark.parametrize("short, value, message_id", FAILING)
def test_neos_9_shows_the_default_message(short, value, message_id):
    assert outcome(run_null(short, value, "9")) == [message_id]
    assert outcome(run_null(short, value, None)) == [message_id]


@pytest.mark.parametrize("short, value, message_id", FAILING)
def test_neos_83_throws_where_it_would_show_the_message(short, value, message_id):
    [finding] = run_null(short, value, "8.3")
    assert outcome([finding]) == [THROWS]
    assert finding.arguments == {"error": NULL_OPTIONS_ERROR}
    assert finding.is_error
    assert f"Neos 8.3's {short}" in finding.message and "`{}` instead of `~`" in finding.message


@pytest.mark.parametrize("short, value", [
    ("NotEmptyValidator", "x"), ("StringValidator", "x"), ("TextValidator", "plain"),
    ("UuidValidator", "0f0e0d0c-0b0a-0908-0706-050403020100"), ("EmailAddressValidator", None),
    ("EmailAddressValidator", ""),
])
def test_neos_83_passes_values_that_never_reach_the_message(short, value):
    assert run_null(short, value, "8.3") == []


def test_neos_83_email_reads_the_message_before_checking_the_address():
    # a valid address throws too, and a number meets the null options before isemail refuses it
    for value in ("admin@example.org", 42):
        [finding] = run_null("EmailAddressValidator", value, "8.3")
        assert finding.arguments == {"error": NULL_OPTIONS_ERROR}


def test_neos_83_non_strings_meet_value_replace_first():
    [finding] = run_null("TextValidator", 5, "8.3")
    assert outcome([finding]) == [THROWS] and finding.arguments["error"] != NULL_OPTIONS_ERROR


@pytest.mark.parametrize("short", ["AlphanumericValidator", "IntegerValidator", "FloatValidator", "LabelValidator"])
def test_validators_reading_the_message_safely_show_it_in_both_versions(short):
    for version in ("8.3", "9"):
        assert outcome(run_null(short, "?!", version)) != [THROWS]


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_empty_options_are_fine_in_both_versions(version):
    findings = validate_value("", {"Neos.Neos/Validation/NotEmptyValidator": {}}, cms_version=version)
    assert outcome(findings) == ["notEmptyValidator.isEmpty"]
