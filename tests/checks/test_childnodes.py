"""`childNodes.<name>.type` naming no node type: 9.x cannot create the parent (NodeTypeNotFound), 8.3 creates the
child as its fallback node type; entries that make no tethered node (`~`, `false`, no `type`) are no finding."""

from __future__ import annotations

import json

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """\
'Vendor.Site:Box':
  superTypes:
    'Neos.Neos:Content': true
  childNodes:
    main:
      type: 'Neos.Neos:ContentCollection'
    removed: ~
    switchedOff: false
    untyped:
      constraints:
        nodeTypes:
          '*': true
    missing:
      type: 'Vendor.Site:Nowhere'
    foreign:
      type: 'Other.Package:Collection'
"""


def _findings(tmp_path, neos: str):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES)
    (root / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-site",
                                                    "require": {"neos/neos": neos}}))
    project = load_project(root, use_cache=False)
    return [d for d in run_checks(project) if d.code == "childnode-type-unknown"]


def test_only_typed_entries_naming_no_type_are_reported(tmp_path):
    findings = _findings(tmp_path, "^9.0")
    assert [(d.line, d.severity.value) for d in findings] == [(14, "error"), (16, "warning")]
    missing, foreign = findings
    assert "`missing` is of type `Vendor.Site:Nowhere`" in missing.message
    assert "Neos 9 fails to create any node that has this child node" in missing.message
    assert "is the package that defines it part of the opened folder?" in foreign.message


def test_neos_83_creates_the_fallback_node_instead(tmp_path):
    missing = _findings(tmp_path, "^8.3")[0]
    assert "Neos 8.3 creates the child node as `Neos.Neos:FallbackNode`" in missing.message


MIXIN_TYPES = """\
'Vendor.Site:Mixin.Restricted':
  abstract: true
  childNodes:
    main:
      constraints:
        nodeTypes:
          'Vendor.Site:Box': false
'Vendor.Site:WithMain':
  abstract: true
  childNodes:
    main:
      type: 'Neos.Neos:ContentCollection'
'Vendor.Site:Good':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:WithMain': true
    'Vendor.Site:Mixin.Restricted': true
"""


def test_a_mixins_child_node_gets_its_type_from_its_users(tmp_path):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(MIXIN_TYPES)
    assert [d for d in run_checks(load_project(root, use_cache=False)) if d.code == "childnode-type-missing"] == []
    (root / "Configuration" / "NodeTypes.yaml").write_text(MIXIN_TYPES + """\
'Vendor.Site:Bad':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Restricted': true
""")
    [finding] = [d for d in run_checks(load_project(root, use_cache=False)) if d.code == "childnode-type-missing"]
    assert (finding.line, finding.node_type) == (4, "Vendor.Site:Bad")
    assert "child node `main` has no `type`" in finding.message
