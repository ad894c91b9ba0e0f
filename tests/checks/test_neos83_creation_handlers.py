"""Node creation handler entries that name no class in an 8.3 project (`neos83-creation-handler`): 8.3's UI
instantiates the `nodeCreationHandler` class of every entry of the resolved map (ui 8.3
Classes/Domain/Model/Changes/AbstractCreate.php, applyNodeCreationHandlers), so an entry without one
(`factoryClassName` only) fails node creation. Since neos-ui 8.3.1 (neos/neos-ui#3511) the entries are sorted
with Flow's PositionalArraySorter, which drops `~` entries, as 9.x does: `~` switches a handler off."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

HEAD = "'Vendor.Site:Page':\n  superTypes:\n    'Neos.Neos:Document': true\n  options:\n    nodeCreationHandlers:\n"


def handler_findings(tmp_path, text: str, version: str = "^8.3"):
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-site",
                                                       "require": {"neos/neos": version}}), encoding="utf-8")
    (package / "Configuration" / "NodeTypes.yaml").write_text(text, encoding="utf-8")
    project = load_project(package, use_cache=False)
    return [d for d in run_checks(project) if d.code.endswith("creation-handler")]


def test_a_null_entry_switches_a_platform_handler_off_in_8_3(tmp_path):
    assert handler_findings(tmp_path, HEAD + "      documentTitle: ~\n      teaser: ~\n") == []


def test_an_entry_with_only_a_9x_factory_fails_in_8_3(tmp_path):
    [found] = handler_findings(tmp_path, HEAD + "      teaser:\n        factoryClassName: 'Vendor\\Site\\TeaserFactory'\n")
    assert (found.code, found.severity.value, found.line) == ("neos83-creation-handler", "error", 6)
    assert "only a 9.x `factoryClassName`" in found.message and "`nodeCreationHandler` too" in found.message
    assert "fails to create any node of Vendor.Site:Page" in found.message


@pytest.mark.parametrize("entry", ["{position: 10}", "{nodeCreationHandler: ~}", "{nodeCreationHandler: ''}", "true"])
def test_any_entry_without_a_class_fails_in_8_3(tmp_path, entry):
    [found] = handler_findings(tmp_path, HEAD + f"      teaser: {entry}\n")
    assert found.code == "neos83-creation-handler" and found.severity.value == "error"


def test_entries_with_a_class_are_fine_in_8_3(tmp_path):
    text = HEAD + ("      teaser:\n        nodeCreationHandler: 'Vendor\\Site\\Teaser'\n"
                   "        factoryClassName: 'Vendor\\Site\\TeaserFactory'\n"
                   "      documentTitle: {position: 10}\n")  # (the platform's entry keeps its class)
    assert handler_findings(tmp_path, text) == []


def test_9x_ignores_a_null_entry(tmp_path):
    assert handler_findings(tmp_path, HEAD + "      promotedElements: ~\n", "^9.0") == []
