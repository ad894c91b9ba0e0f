"""`constraints.nodeTypes` values the content repository reads otherwise than they look: scalars it fails on,
lists that allow nothing, entries that are not booleans (ignored; `*` cast to a boolean)."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  constraints:
    nodeTypes: {own}
  childNodes:
    items:
      type: 'Neos.Neos:ContentCollection'
      constraints:
        nodeTypes: {child}
"""


def _findings(tmp_path, neos: str, own: str = "{}", child: str = "{}"):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES.format(own=own, child=child))
    (root / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-site",
                                                    "require": {"neos/neos": neos}}))
    project = load_project(root, use_cache=False)
    return [(d.code, d.severity.value, d.line, d.message) for d in run_checks(project) if d.code.startswith("constraints")]


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_a_scalar_makes_the_cms_fail(tmp_path, neos):
    [(code, severity, line, message)] = _findings(tmp_path, neos, own="'Vendor.Site:Thing'")
    assert (code, severity, line) == ("constraints-not-map", "error", 5)
    assert "`constraints.nodeTypes` is the text 'Vendor.Site:Thing'" in message and "TypeError" in message


@pytest.mark.parametrize(("neos", "reported"), [("^8.3", False), ("^9.0", True)])
def test_false_on_a_child_node_fails_in_9x_only(tmp_path, neos, reported):
    # 8.3 reads a child node's constraints with `?: []` (false: none), 9.x with `?? []` (false reaches the merge)
    findings = _findings(tmp_path, neos, child="false")
    assert [(code, line) for code, _s, line, _m in findings] == ([("constraints-not-map", 10)] if reported else [])


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_values_the_cms_casts_to_false_are_no_constraints(tmp_path, neos):
    assert _findings(tmp_path, neos, own="~") == []
    assert _findings(tmp_path / "2", neos, own="''") == []


def test_a_list_on_a_child_node_and_entries_that_are_not_booleans(tmp_path):
    findings = _findings(tmp_path, "^9.0", own="{'Neos.Neos:Content': 'true', '*': 0}", child="['Vendor.Site:Thing']")
    assert sorted((code, line) for code, _s, line, _m in findings) == [
        ("constraints-not-map", 10), ("constraints-value", 5), ("constraints-value", 5)]
    messages = " | ".join(message for _c, _s, _l, message in findings)
    assert "`childNodes.items.constraints.nodeTypes` is a list" in messages
    assert "`Neos.Neos:Content` is the text 'true', not true or false: the CMS ignores the entry" in messages
    assert "`*` is `0`, which the CMS reads as false" in messages


def test_a_type_of_a_package_outside_the_folder_is_a_note(tmp_path):
    # the entry has no effect unless some package defines the type; a foreign package may, so only a note
    findings = _findings(tmp_path, "^9.0", own="{'Other.Package:Slide': true, 'Vendor.Site:Thingy': false}")
    assert sorted((code, severity) for code, severity, _l, _m in findings) == [
        ("constraints-type-unknown", "info"), ("constraints-type-unknown", "warning")]
    messages = " | ".join(message for _c, _s, _l, message in findings)
    assert "`Other.Package:Slide` is not a defined node type (is the package that defines it part of the opened " \
           "folder?)" in messages
    assert "`Vendor.Site:Thingy` is not a defined node type (did you mean `Vendor.Site:Thing`?)" in messages
