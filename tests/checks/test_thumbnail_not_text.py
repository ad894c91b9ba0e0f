"""A node type's `ui.help.thumbnail` that is not text (`thumbnail-not-text`). The label enrichment (9.x
NodeTypeEnrichmentService, strict types; 8.3 NodeTypeConfigurationEnrichmentAspect) resolves the thumbnail of every
type whose `ui.help` is set with `strpos($thumbnail, 'resource://')`: a list or map is a TypeError in any PHP mode,
a number or `true` one under 9.x's strict types; empty values (`0`, `false`, `[]`) are skipped by 9.x."""

from __future__ import annotations

import json

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """\
'Vendor.Site:Mixin.Help':
  abstract: true
  ui:
    help:
      thumbnail: ['resource://Vendor.Site/Public/a.png']
'Vendor.Site:Number':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    help:
      message: 'Shows a number'
      thumbnail: 42
'Vendor.Site:Off':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    help:
      thumbnail: false
'Vendor.Site:Fine':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    help:
      thumbnail: 'resource://Vendor.Site/Public/b.png'
"""


def _findings(tmp_path, neos: str):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES)
    (root / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-package",
                                                    "require": {"neos/neos": neos}}))
    return [d for d in run_checks(load_project(root, use_cache=False)) if d.code == "thumbnail-not-text"]


def test_thumbnails_9_cannot_resolve(tmp_path):
    found = _findings(tmp_path, "^9.0")
    assert [(d.line, d.severity.value, d.node_type) for d in found] == [
        (5, "error", "Vendor.Site:Mixin.Help"), (12, "error", "Vendor.Site:Number")]
    assert found[1].message == (
        "`ui.help.thumbnail` is the number 42, not text: Neos 9 fails to load the node types (its "
        "NodeTypeEnrichmentService looks for `resource://` in it with strpos(), which takes a text: a TypeError "
        "under strict types). Write the thumbnail's path or URL, e.g. `thumbnail: "
        "'resource://Vendor.Site/Public/NodeTypes/Thumbnails/Teaser.png'`")


def test_83_casts_numbers_but_not_lists(tmp_path):
    found = _findings(tmp_path, "^8.3")
    assert [(d.line, d.severity.value) for d in found] == [(5, "error")]
    assert "Neos 8.3 fails to load the node types (its NodeTypeConfigurationEnrichmentAspect" in found[0].message
    assert "a TypeError)" in found[0].message
