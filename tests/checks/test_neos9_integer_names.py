"""Integer-like names with `i18n` labels under 9.x (`neos9-label-integer-name`). PHP keys an array by `123`
(also when YAML quotes it, `'123':`) as the integer 123; 9.x's NodeTypeEnrichmentService (strict types) hands
a property's, reference's, tab's, group's, view's or creation dialog element's name to the string parameter of
the helper that makes the translation id (`getLabelTranslationId`, `getConfigurationTranslationId`,
`getInspectorElementTranslationId`): a TypeError, and no node type loads. 8.3's aspect has no strict types and
generates `<Package>:NodeTypes.<Name>:properties.123`, which works."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

HEAD = "'Vendor.Site:Thing':\n  superTypes:\n    'Neos.Neos:Content': true\n"


def integer_findings(tmp_path, text: str, version: str = "^9.0"):
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "vendor/site", "require": {"neos/neos": version}}),
                                           encoding="utf-8")
    (package / "Configuration" / "NodeTypes.yaml").write_text(HEAD + text, encoding="utf-8")
    project = load_project(package, use_cache=False)
    return [d for d in run_checks(project) if d.code == "neos9-label-integer-name"]


SITES = [
    # (YAML below the type, the line and column of the `i18n` value's key, the path named, the name)
    ("  properties:\n    '123':\n      type: string\n      ui:\n        label: i18n\n", (8, 9),
     "properties.123.ui.label", "property", "123"),
    ("  properties:\n    42:\n      type: string\n      ui:\n        help:\n          message: ' i18n '\n", (9, 11),
     "properties.42.ui.help.message", "property", "42"),
    ("  properties:\n    '-7':\n      type: string\n      ui:\n        inline:\n          editorOptions:\n"
     "            placeholder: i18n\n", (10, 13), "properties.-7.ui.inline.editorOptions.placeholder", "property", "-7"),
    ("  properties:\n    '5':\n      type: string\n      ui:\n        inspector:\n"
     "          editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'\n          editorOptions:\n"
     "            placeholder: i18n\n", (11, 13), "properties.5.ui.inspector.editorOptions.placeholder", "property", "5"),
    ("  references:\n    '9':\n      ui:\n        label: i18n\n", (7, 9), "references.9.ui.label", "reference", "9"),
    ("  ui:\n    inspector:\n      groups:\n        '10':\n          label: i18n\n", (8, 11),
     "ui.inspector.groups.10.label", "group", "10"),
    ("  ui:\n    creationDialog:\n      elements:\n        '1':\n          type: string\n          ui:\n"
     "            label: i18n\n", (10, 13), "ui.creationDialog.elements.1.ui.label", "creation dialog element", "1"),
]


@pytest.mark.parametrize("text, place, path, kind, name", SITES, ids=[s[2] for s in SITES])
def test_an_integer_like_name_with_an_i18n_label_fails_under_9(tmp_path, text, place, path, kind, name):
    [found] = integer_findings(tmp_path, text)
    assert (found.line, found.column) == place and found.severity.value == "error"
    assert found.node_type == "Vendor.Site:Thing"
    assert found.message.startswith(f"Vendor.Site:Thing: `{path}` is `i18n`, but PHP reads the {kind} name "
                                    f"`{name}` as a number")
    assert "NodeTypeEnrichmentService, strict types" in found.message and "no node type loads" in found.message
    assert found.message.endswith(f"write the label as text or as a full translation id, or give the {kind} a "
                                  "name that is not a number")


@pytest.mark.parametrize("text, place, path, kind, name", SITES, ids=[s[2] for s in SITES])
def test_8_3_generates_a_working_id(tmp_path, text, place, path, kind, name):
    assert integer_findings(tmp_path, text, "^8.3") == []


@pytest.mark.parametrize("text", [
    "  properties:\n    '007':\n      type: string\n      ui:\n        label: i18n\n",  # (PHP keeps '007' a string)
    "  properties:\n    '123':\n      type: string\n      ui:\n        label: Number\n",
    "  properties:\n    '1.5':\n      type: string\n      ui:\n        label: i18n\n",
    # a select box value's key is joined to the id as text: no TypeError
    "  properties:\n    size:\n      type: string\n      ui:\n        label: i18n\n        inspector:\n"
    "          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n          editorOptions:\n            values:\n"
    "              '12':\n                label: i18n\n",
    # the option of an editor the enrichment does not know is not read
    "  properties:\n    '5':\n      type: string\n      ui:\n        inspector:\n          editorOptions:\n"
    "            placeholder: i18n\n",
])
def test_names_and_values_the_enrichment_takes(tmp_path, text):
    assert integer_findings(tmp_path, text) == []


IDS_83 = {"properties.123.ui.label": "properties.123", "properties.42.ui.help.message": "properties.42.ui.help.message",
          "properties.-7.ui.inline.editorOptions.placeholder": "properties.-7.ui.inline.editorOptions.placeholder",
          "properties.5.ui.inspector.editorOptions.placeholder": "properties.5.textFieldEditor.placeholder",
          "references.9.ui.label": "references.9", "ui.inspector.groups.10.label": "groups.10",
          "ui.creationDialog.elements.1.ui.label": "creationDialog.1"}


@pytest.mark.parametrize("text, place, path, kind, name", SITES, ids=[s[2] for s in SITES])
def test_the_message_names_the_id_8_3_made(tmp_path, text, place, path, kind, name):
    [found] = integer_findings(tmp_path, text)
    assert f"(8.3 made the id `Vendor.Site:NodeTypes.Thing:{IDS_83[path]}` of it)" in found.message


def test_a_select_box_value_label_of_an_integer_named_property(tmp_path):
    text = ("  properties:\n    '3':\n      type: string\n      ui:\n        inspector:\n"
            "          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n          editorOptions:\n"
            "            values:\n              small:\n                label: i18n\n")
    [found] = integer_findings(tmp_path, text)
    assert (found.line, found.column) == (13, 17)
    assert "`Vendor.Site:NodeTypes.Thing:properties.3.selectBoxEditor.values.small`" in found.message


def test_an_i18n_that_a_later_entry_of_the_type_replaces_is_not_reported(tmp_path):
    text = "  properties:\n    '123':\n      type: string\n      ui:\n        label: i18n\n"
    later = "'Vendor.Site:Thing':\n  properties:\n    '123':\n      ui:\n        label: Number\n"
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "vendor/site", "require": {"neos/neos": "^9.0"}}))
    (package / "Configuration" / "NodeTypes.A.yaml").write_text(HEAD + text, encoding="utf-8")
    (package / "Configuration" / "NodeTypes.B.yaml").write_text(later, encoding="utf-8")
    findings = run_checks(load_project(package, use_cache=False))
    assert [d for d in findings if d.code == "neos9-label-integer-name"] == []
