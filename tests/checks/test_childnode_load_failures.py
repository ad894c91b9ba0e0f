"""Child node entries the CMS cannot turn into tethered node definitions: a `type` that is no node type name
(`childnode-type-invalid`) and, under 9.x, a name that is a number to PHP or the same node name as another
entry's (`childnode-name-invalid`). 9.x builds the definitions of every concrete type when the UI loads
(NodeTypeSchemaBuilder), so the backend fails to start; a mixin no concrete type uses is no finding."""

from __future__ import annotations

import json

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

CODES = ("childnode-type-invalid", "childnode-name-invalid", "childnode-type-missing", "childnode-type-unknown")


def _findings(tmp_path, text: str, neos: str = "^9.0", later: str = ""):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(text)
    if later:
        (root / "Configuration" / "NodeTypes.Later.yaml").write_text(later)
    (root / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-package",
                                                    "require": {"neos/neos": neos}}))
    project = load_project(root, use_cache=False)
    assert [d.format_text() for d in project.diagnostics] == []
    return [d for d in run_checks(project) if d.code in CODES]


TYPES = """\
'Vendor.Site:Box':
  superTypes:
    'Neos.Neos:Content': true
  childNodes:
    number:
      type: 42
    flag:
      type: true
    listed:
      type: ['Neos.Neos:ContentCollection']
    empty:
      type: ''
    fine:
      type: 'Neos.Neos:ContentCollection'
"""


def test_a_type_that_is_no_name_fails_under_9(tmp_path):
    found = [(d.line, d.severity.value, d.code) for d in _findings(tmp_path, TYPES)]
    assert found == [(6, "error", "childnode-type-invalid"), (8, "error", "childnode-type-invalid"),
                     (10, "error", "childnode-type-invalid"), (12, "error", "childnode-type-invalid")]
    messages = [d.message for d in _findings(tmp_path / "again", TYPES)]
    assert "child node `number` has the number 42 as its `type`" in messages[0]
    assert "Neos 9 fails" in messages[0] and "TypeError" in messages[0]
    assert "the empty text" in messages[3] and "1505835958" in messages[3]
    assert all("Write the node type's name" in m for m in messages)


def test_under_83_a_list_fails_and_a_scalar_makes_the_fallback_node(tmp_path):
    found = [(d.line, d.severity.value, d.code) for d in _findings(tmp_path, TYPES, "^8.3")]
    assert found == [(6, "warning", "childnode-type-invalid"), (8, "warning", "childnode-type-invalid"),
                     (10, "error", "childnode-type-invalid"), (12, "warning", "childnode-type-invalid")]
    messages = [d.message for d in _findings(tmp_path / "again", TYPES, "^8.3")]
    assert "Illegal offset type" in messages[2]
    assert "`Neos.Neos:FallbackNode`" in messages[0]


NAMES = """\
'Vendor.Site:Columns':
  superTypes:
    'Neos.Neos:Content': true
  childNodes:
    '1':
      type: 'Neos.Neos:ContentCollection'
    2:
      type: 'Neos.Neos:ContentCollection'
    main:
      type: 'Neos.Neos:ContentCollection'
    Main:
      type: 'Neos.Neos:ContentCollection'
    '007':
      type: 'Neos.Neos:ContentCollection'
    gone: ~
    Gone:
      type: 'Neos.Neos:ContentCollection'
"""


def test_names_9_cannot_make_node_names_of(tmp_path):
    found = _findings(tmp_path, NAMES)
    assert [(d.line, d.severity.value, d.code) for d in found] == [
        (5, "error", "childnode-name-invalid"), (7, "error", "childnode-name-invalid"),
        (11, "error", "childnode-name-invalid")]
    assert "child node `1` is named by a number" in found[0].message
    assert "TypeError" in found[0].message
    assert "`Main` and `main` are both the node name `main`" in found[2].message
    assert "1713549527" in found[2].message


def test_83_takes_those_names(tmp_path):
    assert _findings(tmp_path, NAMES, "^8.3") == []


MIXIN = """\
'Vendor.Site:Mixin.Unused':
  abstract: true
  childNodes:
    number:
      type: 42
    '3':
      type: 'Neos.Neos:ContentCollection'
'Vendor.Site:Mixin.Used':
  abstract: true
  childNodes:
    wrong:
      type: 7
'Vendor.Site:First':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Used': true
'Vendor.Site:Second':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Used': true
"""


def test_a_mixin_is_reported_once_where_written_and_only_when_used(tmp_path):
    found = _findings(tmp_path, MIXIN)
    assert [(d.line, d.code, d.node_type) for d in found] == [(12, "childnode-type-invalid", "Vendor.Site:First")]


def test_a_later_file_can_repair_the_entry(tmp_path):
    later = "'Vendor.Site:Box':\n  childNodes:\n    number: {type: 'Neos.Neos:ContentCollection'}\n"
    assert [d.line for d in _findings(tmp_path, TYPES, later=later)] == [8, 10, 12]
