"""A property `type` written as a list or a map (`property-type-unknown`), notably in a later package that
overrides an earlier scalar type: Flow's merge (`Arrays::arrayMergeRecursiveOverrule`) replaces a scalar by
the array, it does not combine them, so the resolved type is the list. The CMS reads the type as text: its
editor post-processor looks it up as a key of `dataTypes` (PHP 8: a TypeError, "Illegal offset type"), and
9.x's `NodeType::getPropertyType()` returns a string. Reported where it is written, on a mixin too."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

BASE = """\
'Acme.Base:Mixin.Title':
  abstract: true
  properties:
    title:
      type: string
      ui:
        label: Title
        inspector:
          group: default
"""


def _package(root, key: str, text: str, requires: dict) -> None:
    folder = root / key
    (folder / "Configuration").mkdir(parents=True)
    name = key.lower().replace(".", "/", 1)
    (folder / "composer.json").write_text(json.dumps({"name": name, "type": "neos-package", "require": requires,
                                                      "extra": {"neos": {"package-key": key}}}), encoding="utf-8")
    (folder / "Configuration" / "NodeTypes.yaml").write_text(text, encoding="utf-8")


def type_findings(tmp_path, override: str, version: str = "^8.3"):
    _package(tmp_path, "Acme.Base", BASE, {"neos/neos": version})
    _package(tmp_path, "Acme.Site", override, {"neos/neos": version, "acme/base": "*"})
    project = load_project(tmp_path, use_cache=False)
    return project, [d for d in run_checks(project) if d.code == "property-type-unknown"]


@pytest.mark.parametrize("version", ["^8.3", "^9.0"])
@pytest.mark.parametrize("written, shown", [("[string]", "a list"), ("{name: string}", "a map")])
def test_a_later_list_or_map_over_an_earlier_scalar_type_of_a_mixin(tmp_path, version, written, shown):
    override = f"'Acme.Base:Mixin.Title':\n  properties:\n    title:\n      type: {written}\n"
    project, [found] = type_findings(tmp_path, override, version)
    assert found.file.endswith("Acme.Site/Configuration/NodeTypes.yaml") and (found.line, found.column) == (4, 7)
    assert found.severity.value == "error" and found.node_type == "Acme.Base:Mixin.Title"
    assert found.message.startswith(f"property type must be a string, not {shown}")
    # where the replaced scalar is written, and what the merge gives
    assert "replaces `type: string` of Acme.Base/Configuration/NodeTypes.yaml:5" in found.message
    assert "does not combine them" in found.message
    assert "Illegal offset type" in found.message
    # the model holds what the CMS's merge gives: the list (or map), not the earlier text
    resolved = project.node_types["Acme.Base:Mixin.Title"].merged["properties"]["title"]["type"]
    assert not isinstance(resolved, str)


def test_a_one_item_list_names_the_text_to_write(tmp_path):
    override = "'Acme.Base:Mixin.Title':\n  properties:\n    title:\n      type: [string]\n"
    _, [found] = type_findings(tmp_path, override)
    assert found.message.endswith("write `type: string`")


def test_a_later_scalar_type_gives_no_finding(tmp_path):
    override = "'Acme.Base:Mixin.Title':\n  properties:\n    title:\n      type: integer\n"
    assert type_findings(tmp_path, override)[1] == []


def test_a_concrete_type_inheriting_the_mixin_reports_it_once(tmp_path):
    override = ("'Acme.Base:Mixin.Title':\n  properties:\n    title:\n      type: [string]\n"
                "'Acme.Site:Text':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Acme.Base:Mixin.Title': true\n")
    _, found = type_findings(tmp_path, override)
    assert [(d.line, d.column) for d in found] == [(4, 7)]


def test_without_an_inspector_block_the_message_says_where_the_type_is_read(tmp_path):
    _package(tmp_path, "Acme.Site", "'Acme.Site:Mixin.Code':\n  abstract: true\n  properties:\n    code:\n"
             "      type: [string, integer]\n", {"neos/neos": "^9.0"})
    [found] = [d for d in run_checks(load_project(tmp_path / "Acme.Site", use_cache=False))
               if d.code == "property-type-unknown"]
    assert found.message == ("property type must be a string, not a list; the CMS expects a type name there (9.x's "
                             "`NodeType::getPropertyType()` returns text: a TypeError where the property's type is "
                             "read); write the type as text, e.g. `type: string`")


@pytest.mark.parametrize("version", ["^8.3", "^9.0"])
@pytest.mark.parametrize("written, shown", [("42", "number `42`"), ("1.5", "number `1.5`"), ("true", "boolean `true`")])
def test_a_number_or_boolean_type_is_reported_not_a_crash(tmp_path, version, written, shown):
    """`type: 42`: the CMS looks the value up in `dataTypes`, finds nothing, and without an `editor` its editor
    post-processor throws "Could not find editor" (1436809123). The check used to stop with a TypeError."""
    _package(tmp_path, "Acme.Site", "'Acme.Site:Text':\n  superTypes:\n    'Neos.Neos:Content': true\n"
             f"  properties:\n    title:\n      type: {written}\n      ui:\n        inspector:\n"
             "          group: default\n", {"neos/neos": version})
    [found] = [d for d in run_checks(load_project(tmp_path / "Acme.Site", use_cache=False))
               if d.code.startswith("property-")]
    assert (found.code, found.severity.value, found.line) == ("property-type-unknown", "error", 6)
    assert found.message == (f"property type must be a string, not {shown}; the CMS finds no data type of that name, "
                             "so its editor post-processor fails (\"Could not find editor\", exception 1436809123) "
                             "and no node type loads; write the type as text, e.g. `type: string`")


def test_a_number_type_with_an_editor_loads_but_is_no_type_name(tmp_path):
    _package(tmp_path, "Acme.Site", "'Acme.Site:Text':\n  superTypes:\n    'Neos.Neos:Content': true\n"
             "  properties:\n    title:\n      type: 7\n      ui:\n        inspector:\n          group: default\n"
             "          editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'\n", {"neos/neos": "^9.0"})
    [found] = [d for d in run_checks(load_project(tmp_path / "Acme.Site", use_cache=False))
               if d.code == "property-type-unknown"]
    assert "the CMS expects a type name there" in found.message
