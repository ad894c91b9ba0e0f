"""A child node type or constraint that names a platform type 9.x removed (platform facts §7.1): under 9.x the
finding says the type was removed and what replaces it, not "did you mean" a look-alike or that its package
may be missing; under 8.3 the type exists and nothing is said."""

from __future__ import annotations

import json

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TEXT = """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  childNodes:
    data:
      type: 'unstructured'
    view:
      type: 'Neos.Neos:PluginView'
  constraints:
    nodeTypes:
      'Neos.Neos:Timable': true
"""


def findings(tmp_path, version: str):
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-site",
                                                       "require": {"neos/neos": version}}), encoding="utf-8")
    (package / "Configuration" / "NodeTypes.yaml").write_text(TEXT, encoding="utf-8")
    return {(d.line, d.code): d for d in run_checks(load_project(package, use_cache=False))}


def test_under_9x_the_findings_say_the_type_was_removed(tmp_path):
    found = findings(tmp_path, "^9.0")
    data, view = found[(6, "childnode-type-unknown")], found[(8, "childnode-type-unknown")]
    assert data.severity.value == view.severity.value == "error"
    assert "(9.x removed it: the Neos.ContentRepository package (and `unstructured`) is gone)" in data.message
    assert "9.x removed it: plugin views are gone" in view.message
    constraint = found[(11, "constraints-type-unknown")]
    assert "9.x removed it: replaced by `Neos.TimeableNodeVisibility:Timeable`" in constraint.message
    messages = " ".join(d.message for d in (data, view, constraint))
    assert "did you mean" not in messages and "opened folder" not in messages


def test_under_8_3_the_types_exist(tmp_path):
    found = findings(tmp_path, "^8.3")
    assert [key for key in found if key[1] in ("childnode-type-unknown", "constraints-type-unknown")] == []
