"""9.x: a `references:` section written as a text, number or boolean (`neos9-references-not-map`). 9.x's
NodeTypeEnrichmentService (strict types) hands each type's own `references` that is set to a method that takes an
array (a TypeError before any node type loads), on a mixin too; 8.3 ignores the section
(`neos83-references-ignored`)."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """\
'Vendor.Site:Mixin.Refs':
  abstract: true
  references: 'none'
'Vendor.Site:Unused':
  abstract: true
  references: 7
'Vendor.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Refs': true
'Vendor.Site:Flag':
  superTypes:
    'Neos.Neos:Content': true
  references: false
'Vendor.Site:Fine':
  superTypes:
    'Neos.Neos:Content': true
  references: ~
'Vendor.Site:Empty':
  superTypes:
    'Neos.Neos:Content': true
  references: {}
"""


def _findings(tmp_path, neos: str):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES)
    (root / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-package",
                                                    "require": {"neos/neos": neos}}))
    return [d for d in run_checks(load_project(root, use_cache=False)) if d.code == "neos9-references-not-map"]


def test_a_references_section_that_is_no_map_fails_in_9(tmp_path):
    found = _findings(tmp_path, "^9.0")
    assert [(d.line, d.severity.value, d.node_type) for d in found] == [
        (3, "error", "Vendor.Site:Mixin.Refs"), (6, "error", "Vendor.Site:Unused"), (14, "error", "Vendor.Site:Flag")]
    assert found[0].message.startswith("`references` is string `none`, not a map: Neos 9 fails to load the node "
                                       "types (its NodeTypeEnrichmentService")


def test_a_later_file_decides(tmp_path):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(
        "'Vendor.Site:A':\n  references: 'x'\n'Vendor.Site:B':\n  references: {}\n")
    (root / "Configuration" / "NodeTypes.Later.yaml").write_text(
        "'Vendor.Site:A':\n  references: {}\n'Vendor.Site:B':\n  references: 'y'\n")
    found = [d for d in run_checks(load_project(root, use_cache=False, cms_version="9"))
             if d.code == "neos9-references-not-map"]
    assert [(d.file.rsplit("/", 1)[1], d.line, d.node_type) for d in found] == [
        ("NodeTypes.Later.yaml", 4, "Vendor.Site:B")]


@pytest.mark.parametrize("neos", ["^8.3"])
def test_83_ignores_the_section(tmp_path, neos):
    assert _findings(tmp_path, neos) == []
