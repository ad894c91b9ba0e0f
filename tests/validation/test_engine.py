"""The engine: configuration order, unknown and legacy identifiers, the real project model."""

from pathlib import Path

import pytest
from vhelpers import outcome

from nodetype_studio.model import load_project
from nodetype_studio.model.prefix import Platform
from nodetype_studio.validation import (
    get_validator,
    registered_validators,
    validate_property,
    validate_value,
)
from nodetype_studio.validation.engine import UNKNOWN_ID
from nodetype_studio.validation.registry import BUILTIN_CLASSES

FIXTURE = Path(__file__).parents[1] / "fixtures" / "validation" / "Acme.Demo"
SPEC_VALIDATORS = (
    "AlphanumericValidator CountValidator DateTimeRangeValidator DateTimeValidator EmailAddressValidator "
    "FloatValidator IntegerValidator LabelValidator NotEmptyValidator NumberRangeValidator "
    "RegularExpressionValidator StringLengthValidator StringValidator TextValidator UuidValidator"
).split()


@pytest.fixture(scope="module")
def form():
    project = load_project(FIXTURE)
    return project.node_type("Acme.Demo:Content.Form")


def test_all_fifteen_validators_of_the_spec_are_registered():
    assert sorted(cls.short_name for cls in BUILTIN_CLASSES) == SPEC_VALIDATORS
    for platform in (Platform("Neos"), Platform("Cms")):
        table = registered_validators(platform)
        assert {platform.validator(name) for name in SPEC_VALIDATORS} <= set(table)


@pytest.mark.parametrize("identifier", [
    "Neos.Neos/Validation/StringLengthValidator", "Cms.Cms/Validation/StringLengthValidator",
    "TYPO3.Neos/Validation/StringLengthValidator",
])
def test_every_spelling_finds_the_validator(identifier):
    for platform in (Platform("Neos"), Platform("Cms")):
        validator = get_validator(identifier, platform)
        assert validator.identifier == platform.validator("StringLengthValidator")
        assert validator.short_name == "StringLengthValidator"
        assert set(validator.options) == {"minimum", "maximum", "ignoreHtml", "validationErrorMessage"}
        assert validator.options["minimum"].required is False


def test_validator_metadata():
    regex = get_validator("Neos.Neos/Validation/RegularExpressionValidator")
    assert regex.options["regularExpression"].required is True
    assert regex.runs_in_browser is True
    assert get_validator("Neos.Neos/Validation/DateTimeRangeValidator").runs_in_browser is False
    assert get_validator("Neos.Neos/Validation/NoSuchValidator") is None
    assert get_validator(42) is None


def test_all_validators_run_in_configuration_order():
    config = {
        "Neos.Neos/Validation/StringLengthValidator": {"minimum": 5, "maximum": 10},
        "Neos.Neos/Validation/AlphanumericValidator": {},
        "Neos.Neos/Validation/RegularExpressionValidator": {"regularExpression": "/^x/"},
    }
    assert outcome(validate_value("a b", config)) == [
        "stringLength.outOfBounds", "alphanumericValidator", "regularExpressionValidator.patternDoesNotMatch",
    ]
    reversed_config = dict(reversed(list(config.items())))
    assert outcome(validate_value("a b", reversed_config)) == list(reversed(outcome(validate_value("a b", config))))


def test_unknown_validator_is_reported_and_skipped():
    findings = validate_value("", {"Acme/Validation/Nope": {}, "Neos.Neos/Validation/NotEmptyValidator": {}})
    assert [f.message_id for f in findings] == [UNKNOWN_ID, "content.inspector.validators.notEmptyValidator.isEmpty"]
    assert findings[0].severity == "warning" and "Acme/Validation/Nope" in findings[0].message
    assert findings[1].severity == "error"


def test_legacy_spelling_runs_with_a_compat_note():
    [finding] = validate_value("a b", {"TYPO3.Neos/Validation/AlphanumericValidator": []})
    assert finding.validator == "TYPO3.Neos/Validation/AlphanumericValidator"
    assert "TYPO3.Neos" in finding.compat


@pytest.mark.parametrize("config", [None, {}, []])
def test_no_configuration_means_no_findings(config):
    assert validate_value("anything", config) == []


def test_a_non_map_configuration_is_a_warning():
    [finding] = validate_value("x", ["Neos.Neos/Validation/NotEmptyValidator"])
    assert finding.severity == "warning"


def test_editor_values_are_taken_as_the_browser_gets_them():
    import datetime as dt

    config = {"Neos.Neos/Validation/DateTimeValidator": {}}
    assert validate_value(dt.datetime(2024, 1, 31, 10, tzinfo=dt.timezone(dt.timedelta(hours=1))), config) == []
    assert validate_value(("a", "b"), {"Neos.Neos/Validation/CountValidator": {"maximum": 1}})  # tuple = list


def test_validate_property_reads_the_effective_configuration(form):
    assert outcome(validate_property(form, "slug", "a b")) == ["regularExpressionValidator.patternDoesNotMatch"]
    assert outcome(validate_property(form, "slug", "")) == ["notEmptyValidator.isEmpty"]
    assert validate_property(form, "slug", "ok-slug") == []
    assert outcome(validate_property(form, "maxEntries", "150")) == ["numberRangeValidator.numberShouldBeInRange"]
    assert validate_property(form, "maxEntries", 100) == []
    assert outcome(validate_property(form, "recipient", "not an address")) == ["emailAddressValidator.invalidEmail"]
    assert outcome(validate_property(form, "tags", ["a"])) == ["countValidator.countBetween"]
    assert validate_property(form, "free", "anything") == []


def test_validate_property_on_legacy_and_unknown_ids(form):
    findings = validate_property(form, "legacyCode", "a b")
    assert [f.message_id for f in findings] == ["content.inspector.validators.alphanumericValidator", UNKNOWN_ID]
    assert findings[0].compat and findings[1].severity == "warning"


def test_validate_property_unknown_property_is_a_key_error(form):
    with pytest.raises(KeyError, match="nope"):
        validate_property(form, "nope", "x")


def test_findings_serialise_to_json():
    import json

    [finding] = validate_value("", {"Neos.Neos/Validation/NotEmptyValidator": {}})
    data = json.loads(json.dumps(finding.to_json()))
    assert data["message_id"] == "content.inspector.validators.notEmptyValidator.isEmpty"
    assert data["severity"] == "error" and data["compat"] is None


def test_built_in_declarations_come_from_the_catalogue():
    from nodetype_studio.catalogue import VALIDATORS

    for platform in (Platform("Neos"), Platform("Cms")):
        for short, spec in VALIDATORS.items():
            validator = get_validator(platform.validator(short), platform)
            assert validator.spec is spec and validator.options is spec.options
            assert validator.runs_in_browser is spec.runs_in_browser and validator.description == spec.description
    assert get_validator("Neos.Neos/Validation/NumberRangeValidator").options["minimum"].has_default is False
