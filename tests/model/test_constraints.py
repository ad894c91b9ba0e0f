"""`constraints.nodeTypes` as the content repository decides them (9.x ``ConstraintCheck``, 8.3
``NodeType::allowsChildNodeType``): own name, then the nearest named supertype, then `*`."""

from __future__ import annotations

from pathlib import Path

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.model.constraints import allows, as_read

TYPES = """\
'Acme.Site:Base':
  abstract: true
'Acme.Site:Middle':
  abstract: true
  superTypes:
    'Acme.Site:Base': true
'Acme.Site:Leaf':
  superTypes:
    'Acme.Site:Middle': true
'Acme.Site:Other':
  superTypes:
    'Acme.Site:Base': true
    'Acme.Site:Mixin': true
'Acme.Site:Mixin':
  abstract: true
'Acme.Site:Unhooked':
  superTypes:
    'Acme.Site:Base': false
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> object:
    root: Path = tmp_path_factory.mktemp("constraints") / "Acme.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES)
    return load_project(root, use_cache=False)


@pytest.mark.parametrize("constraints, name, expected", [
    ({}, "Acme.Site:Leaf", True),  # no constraints: everything
    ({"*": False, "Acme.Site:Leaf": True}, "Acme.Site:Leaf", True),
    ({"*": True, "Acme.Site:Leaf": False}, "Acme.Site:Leaf", False),
    ({"*": False, "Acme.Site:Base": True}, "Acme.Site:Leaf", True),  # a supertype two steps up
    ({"*": True, "Acme.Site:Base": True, "Acme.Site:Middle": False}, "Acme.Site:Leaf", False),  # the nearest wins
    ({"*": True, "Acme.Site:Base": False, "Acme.Site:Middle": True}, "Acme.Site:Leaf", True),
    ({"*": True, "Acme.Site:Base": False, "Acme.Site:Mixin": True}, "Acme.Site:Other", False),  # a tie refuses
    ({"*": False, "Acme.Site:Base": True, "Acme.Site:Mixin": None}, "Acme.Site:Other", True),  # null: not a rule
    ({"Acme.Site:Leaf": None, "*": True}, "Acme.Site:Leaf", True),  # a null own entry falls through
    ({"*": "0"}, "Acme.Site:Leaf", False),  # `*` cast as PHP casts it
    ({"*": "yes"}, "Acme.Site:Leaf", True),
    ({"*": None}, "Acme.Site:Leaf", False),  # (isset: null is unset)
    ({"Acme.Site:Other": True}, "Acme.Site:Leaf", False),  # nothing matches, no `*`
    ({"*": False, "Acme.Site:Base": True}, "Acme.Site:Unhooked", False),  # a disabled supertype is no path
    ({"*": True}, "Acme.Site:Unknown", True),
    ({"Acme.Site:Base": True}, "Acme.Site:Unknown", False),
])
def test_allows_decides_as_the_content_repository(project, constraints, name, expected):
    assert allows(project, constraints, name) is expected


@pytest.mark.parametrize("written, expected", [
    ({"*": False, "Acme.Site:Leaf": True}, True),
    (["Acme.Site:Leaf"], False),  # a list is the PHP array [0 => ...]: no key names a type, nothing is allowed
    (["*"], False),
    ([], True),  # `?: []`: values PHP casts to false are no constraints at all
    (None, True),
    (False, True),
    ("", True),
])
def test_written_constraints_are_read_as_the_content_repository_reads_them(project, written, expected):
    assert allows(project, as_read(written), "Acme.Site:Leaf") is expected


@pytest.mark.parametrize("constraints, expected", [
    ({"*": False, "Cms.Cms:Content": True}, True),  # the spec's spelling names the platform's type
    ({"*": True, "Cms.Cms:Content": False}, False),
    ({"*": False, "Cms.Cms:Document": True}, False),
    ({"*": True, "Neos.Neos:Node": True, "Cms.Cms:Content": False}, False),  # the nearest, whatever the spelling
    ({"*": False, "TYPO3.Neos:Content": True}, False),  # 8.3/9.x: a type of its own (legacy-name), not Content
])
def test_constraints_in_the_other_platform_spelling(tmp_path, constraints, expected):
    root = tmp_path / "Acme.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(
        "'Acme.Site:Text':\n  superTypes:\n    'Neos.Neos:Content': true\n")
    project = load_project(root, use_cache=False)
    assert allows(project, constraints, "Acme.Site:Text") is expected
