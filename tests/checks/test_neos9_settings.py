"""Settings that 9.x no longer reads (`neos9-setting`; platform facts §5.4, §7.4): reported in the project's
Settings file under 9.x, where 9.x behaves differently, and nowhere else."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

FALLBACK = "Neos:\n  ContentRepository:\n    fallbackNodeType: {value}\n"
HELPERS = ("Neos:\n  ContentRepository:\n    labelGenerator:\n      eel:\n        defaultContext:\n"
           "          String: 'Neos\\Eel\\Helper\\StringHelper'\n"
           "          Neos.Node: 'Neos\\Neos\\Fusion\\Helper\\NodeHelper'\n"
           "          Acme.Label: 'Acme\\Site\\Eel\\LabelHelper'\n")


def findings(tmp_path, settings: str, version: str = "^9.0"):
    package = tmp_path / "Acme.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "acme/site", "type": "neos-site",
                                                       "require": {"neos/neos": version}}), encoding="utf-8")
    (package / "Configuration" / "Settings.yaml").write_text(settings, encoding="utf-8")
    project = load_project(package, use_cache=False)
    return [d for d in run_checks(project) if d.code == "neos9-setting"]


def test_another_fallback_type_is_reported_where_it_is_written(tmp_path):
    [found] = findings(tmp_path, FALLBACK.format(value="'Acme.Site:Missing'"))
    assert found.file.endswith("Settings.yaml") and (found.line, found.column) == (3, 5)
    assert "`Neos.ContentRepository.fallbackNodeType`" in found.message
    assert "always shown as Neos.Neos:FallbackNode" in found.message and "remove the setting" in found.message


@pytest.mark.parametrize("value", ["~", "''"])
def test_no_fallback_type_is_a_difference_too(tmp_path, value):
    """8.3 with the setting null has no fallback type at all; 9.x still uses Neos.Neos:FallbackNode."""
    assert len(findings(tmp_path, FALLBACK.format(value=value))) == 1


@pytest.mark.parametrize("value", ["'Neos.Neos:FallbackNode'", "'Cms.Cms:FallbackNode'"])
def test_the_platform_fallback_type_is_what_9x_uses_anyway(tmp_path, value):
    assert findings(tmp_path, FALLBACK.format(value=value)) == []


def test_only_a_label_helper_9x_does_not_give_is_reported(tmp_path):
    [found] = findings(tmp_path, HELPERS)
    assert (found.line, found.column) == (8, 11)
    assert "`Acme.Label`" in found.message and "`Neos.Neos.labelGenerator.eel.defaultContext`" in found.message


def test_a_helper_registered_under_the_new_key_too_is_not_reported(tmp_path):
    moved = HELPERS + ("  Neos:\n    labelGenerator:\n      eel:\n        defaultContext:\n"
                       "          Acme.Label: 'Acme\\Site\\Eel\\LabelHelper'\n")
    assert findings(tmp_path, moved) == []


def test_a_default_helper_given_another_class_is_reported(tmp_path):
    [found] = findings(tmp_path, HELPERS.replace("Helper\\StringHelper", "Helper\\MyStringHelper")
                       .replace("          Acme.Label: 'Acme\\Site\\Eel\\LabelHelper'\n", ""))
    assert "`String`" in found.message


def test_8_3_reads_these_settings(tmp_path):
    assert findings(tmp_path, FALLBACK.format(value="'Acme.Site:Missing'") + HELPERS[len("Neos:\n  ContentRepository:\n"):],
                    version="^8.3") == []


DATA_TYPES = ("Neos:\n  Neos:\n    userInterface:\n      inspector:\n        dataTypes:\n"
              "          reference:\n            typeConverter: {converter}\n"
              "          references:\n            editor: 'Acme/ReferencesEditor'\n"
              "            editorOptions:\n              threshold: 5\n")


def test_reference_data_type_keys_9x_does_not_read_are_reported(tmp_path):
    """9.x: references get no data-type keys (platform facts §7.2), and the UI reads them without a type
    converter (ui 9.0 NodePropertyConverterService::getReference); only `editor` counts."""
    converter, options = findings(tmp_path, DATA_TYPES.format(converter="'Acme\\Site\\ReferenceConverter'"))
    assert (converter.line, converter.column) == (7, 13) and (options.line, options.column) == (10, 13)
    assert "`Neos.Neos.userInterface.inspector.dataTypes.reference.typeConverter` is not read by 9.x" \
        in converter.message
    assert "`Neos.Neos.userInterface.inspector.dataTypes.references.editorOptions` is not read" in options.message
    assert "only `references.editor` still counts" in options.message


@pytest.mark.parametrize("converter", ["'Neos\\Neos\\Service\\Mapping\\NodeReferenceConverter'", "~"])
def test_8_3_s_own_reference_converter_is_what_9x_does_anyway(tmp_path, converter):
    [options] = findings(tmp_path, DATA_TYPES.format(converter=converter))
    assert "editorOptions" in options.message


def test_reference_data_types_are_fine_in_8_3(tmp_path):
    assert findings(tmp_path, DATA_TYPES.format(converter="'Acme\\Site\\ReferenceConverter'"), "^8.3") == []
