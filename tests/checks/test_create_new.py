"""`createNew` of the reference editors: offered by the 9.x CMS's editor, but creating fails there
(neos-ui Reference/createNew.js builds `<path>@<context of the site node>`, an 8.3 context path, which the
9.x server cannot read: neos/neos-ui#3732); 8.3 creates the node. The preview follows the spec."""

from __future__ import annotations

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """
'Vendor.Site:Author':
  superTypes:
    'Neos.Neos:Document': true
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    authors:
      type: references
      ui:
        label: Authors
        inspector:
          group: default
          editorOptions:
            createNew:
              path: '{path}'
              type: {type}
"""


def _findings(tmp_path, version, path="/sites/site/authors", type="'Vendor.Site:Author'"):
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text(TYPES.format(path=path, type=type), encoding="utf-8")
    project = load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version=version)
    return [d for d in run_checks(project) if d.code == "compat-create-new"]


def test_a_9x_project_is_told_that_creating_fails_in_the_cms(tmp_path):
    [finding] = _findings(tmp_path, "9")
    assert finding.line == 16 and finding.property_name == "authors"
    assert "neos/neos-ui#3732" in finding.message


def test_8_3_creates_the_node(tmp_path):
    assert _findings(tmp_path, "8.3") == []


@pytest.mark.parametrize("path, type", [("", "'Vendor.Site:Author'"), ("/sites/site/authors", "''"),
                                        ("/sites/site/authors", "~")])
def test_no_note_where_the_cms_offers_no_create(tmp_path, path, type):
    # the editor offers it only for `createNew.type && createNew.path`
    assert _findings(tmp_path, "9", path, type) == []


TITLED = """
'Vendor.Site:Author':
  superTypes:
    'Neos.Neos:{base}': true
  properties:
    name:
      type: string
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    authors:
      type: references
      ui:
        label: Authors
        inspector:
          group: default
          editorOptions:
            createNew:
              path: '/sites/site/authors'
              type: 'Vendor.Site:Author'
{title_property}"""


def _title_findings(tmp_path, version, base, title_property):
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    line = f"              titleProperty: {title_property}\n" if title_property else ""
    (folder / "NodeTypes.yaml").write_text(TITLED.format(base=base, title_property=line), encoding="utf-8")
    project = load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version=version)
    return [d for d in run_checks(project) if d.code == "option-create-new-title"]


@pytest.mark.parametrize("base, title_property, found", [
    ("Document", None, False),  # `title` of a document: DocumentTitleNodeCreationHandler
    ("Content", "title", False),  # `title` of content: ContentTitleNodeCreationHandler
    ("Document", "name", True),  # no handler writes `name`
    ("Node", None, True),  # a plain node has no creation handlers at all
])
def test_8_3_warns_where_the_typed_text_is_written_nowhere(tmp_path, base, title_property, found):
    findings = _title_findings(tmp_path, "8.3", base, title_property)
    assert len(findings) == int(found), [f.message for f in findings]


def test_9x_has_no_such_warning(tmp_path):
    assert _title_findings(tmp_path, "9", "Document", "name") == []
