"""Creation dialog elements the CMS gives no editor (`creation-element-no-editor`). The editor post-processor
(8.3 DefaultPropertyEditorPostprocessor, 9.x the UI's CreationDialogNodeTypePostprocessor) gives an element
its `ui.editor` only from a written one or from its `type`'s data type; an element without `type` (or of a
type without a default editor) keeps none, and the dialog (neos-ui NodeCreationDialog -> EditorEnvelope)
shows "Missing editor definition" in the element's place, where no value can be entered."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

HEAD = ("'Vendor.Site:Thing':\n  superTypes:\n    'Neos.Neos:Content': true\n  ui:\n    creationDialog:\n"
        "      elements:\n")


def element_findings(tmp_path, text: str, version: str = "^8.3"):
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "vendor/site", "require": {"neos/neos": version}}),
                                           encoding="utf-8")
    (package / "Configuration" / "NodeTypes.yaml").write_text(text, encoding="utf-8")
    project = load_project(package, use_cache=False)
    return [d for d in run_checks(project) if d.code == "creation-element-no-editor"]


@pytest.mark.parametrize("version", ["^8.3", "^9.0"])
@pytest.mark.parametrize("element", ["{ui: {label: Note}}", "{defaultValue: x}", "{type: float}",
                                     "{type: 'Vendor\\Site\\Domain\\Colour', ui: {label: Colour}}",
                                     "{type: string, ui: {editor: ''}}"])
def test_an_element_left_without_an_editor(tmp_path, version, element):
    [found] = element_findings(tmp_path, HEAD + f"        note: {element}\n", version)
    assert (found.line, found.column, found.severity.value) == (7, 9, "warning")
    assert found.node_type == "Vendor.Site:Thing"
    assert found.message.startswith("creation dialog element `note` has no editor")
    assert "shows \"Missing editor definition\" in its place" in found.message
    assert found.message.endswith("set `ui.editor`, or a `type` whose data type has an editor (e.g. `type: string`)")
    why = found.message.split("(", 1)[1].split(")", 1)[0]
    assert why == {"{ui: {label: Note}}": "no `ui.editor`, and no `type` to take the default editor from",
                   "{defaultValue: x}": "no `ui.editor`, and no `type` to take the default editor from",
                   "{type: float}": "no `ui.editor`, and type `float` has no default editor",
                   "{type: string, ui: {editor: ''}}": "its `ui.editor` is empty"}.get(
        element, "no `ui.editor`, and type `Vendor\\Site\\Domain\\Colour` has no default editor")


@pytest.mark.parametrize("version", ["^8.3", "^9.0"])
@pytest.mark.parametrize("element", ["{type: string}", "{type: boolean, ui: {label: Flag}}",
                                     "{ui: {editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'}}",
                                     "{ui: {label: Hidden, hidden: true}}", "~"])
def test_elements_that_get_an_editor_or_are_not_shown(tmp_path, version, element):
    assert element_findings(tmp_path, HEAD + f"        note: {element}\n", version) == []


def test_a_partial_element_over_a_promoted_property_has_the_property_editor(tmp_path):
    text = HEAD + ("        title:\n          ui:\n            label: Headline\n"
                   "  properties:\n    title:\n      type: string\n      ui:\n        showInCreationDialog: true\n")
    assert element_findings(tmp_path, text) == []


def test_an_element_of_a_mixin_is_reported_once_at_the_mixin(tmp_path):
    text = ("'Vendor.Site:Mixin.Note':\n  abstract: true\n  ui:\n    creationDialog:\n      elements:\n"
            "        note:\n          ui:\n            label: Note\n"
            "'Vendor.Site:One':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Vendor.Site:Mixin.Note': true\n"
            "'Vendor.Site:Two':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Vendor.Site:Mixin.Note': true\n")
    assert [(d.line, d.column) for d in element_findings(tmp_path, text)] == [(6, 9)]


def test_a_subtype_that_gives_the_element_a_type_is_fine(tmp_path):
    text = ("'Vendor.Site:Mixin.Note':\n  abstract: true\n  ui:\n    creationDialog:\n      elements:\n"
            "        note:\n          ui:\n            label: Note\n"
            "'Vendor.Site:One':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Vendor.Site:Mixin.Note': true\n"
            "  ui:\n    creationDialog:\n      elements:\n        note:\n          type: string\n")
    assert element_findings(tmp_path, text) == []
