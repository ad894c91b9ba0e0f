"""What may be created below a node of the sample content that is a tethered child node: the rule of its
parent's `childNodes.<name>` entry, for entries that make a tethered node (those with a `type`) only."""

from __future__ import annotations

import pytest

from nodetype_studio.content.tree import ContentNode, ContentTree
from nodetype_studio.content.types import TypeIndex
from nodetype_studio.model import load_project
from tests.ui.site_package import write_site_package

TYPES = """\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  childNodes:
    main:
      type: 'Neos.Neos:ContentCollection'
      constraints:
        nodeTypes:
          'Acme.Site:Quote': false
    notes:  # no `type`: no tethered node, so these constraints apply nowhere
      constraints:
        nodeTypes:
          '*': true
    lost:
      type: 'Acme.Site:Nowhere'
'Acme.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
'Acme.Site:Quote':
  superTypes:
    'Neos.Neos:Content': true
"""


def _tree(tmp_path, neos: str) -> ContentTree:
    project = load_project(write_site_package(tmp_path, TYPES, neos=neos), use_cache=False)
    nodes = [ContentNode("/sites", "Neos.Neos:Sites", "Sites"),
             ContentNode("/sites/acme", "Acme.Site:Page", "Home"),
             ContentNode("/sites/acme/main", "Neos.Neos:ContentCollection", ""),
             ContentNode("/sites/acme/notes", "Acme.Site:Page", "Notes"),
             ContentNode("/sites/acme/lost", "Acme.Site:Nowhere", "")]
    return ContentTree(nodes, "/sites/acme", TypeIndex(project))


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_the_child_nodes_rule_applies_in_a_tethered_node(tmp_path, neos):
    tree = _tree(tmp_path, neos)
    assert tree.refuses_child("/sites/acme/main", "Acme.Site:Text") == ""
    assert "`childNodes.main.constraints` of Document do not allow Quote" in tree.refuses_child("/sites/acme/main",
                                                                                           "Acme.Site:Quote")


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_an_entry_without_a_type_makes_no_tethered_node(tmp_path, neos):
    # a node named like the entry is an ordinary page: its own constraints (documents only) apply
    tree = _tree(tmp_path, neos)
    node, problem = tree.create("/sites/acme/notes", "Acme.Site:Text", "Hello")
    assert node is None and "the constraints of Document do not allow Text at /sites/acme/notes" in problem


def test_below_a_tethered_node_of_an_undefined_type_9x_creates_nothing(tmp_path):
    # 9.x NodeTypeManager::isNodeTypeAllowedAsChildToTetheredNode: false when the tethered type does not exist
    node, problem = _tree(tmp_path, "^9.0").create("/sites/acme/lost", "Acme.Site:Text", "Hello")
    assert node is None and "tethered child node of the type \u201cAcme.Site:Nowhere\u201d, which is not defined" in problem


def test_below_a_tethered_node_of_an_undefined_type_8_3_has_a_fallback_node(tmp_path):
    # 8.3 NodeTypeManager::getNodeType gives Neos.Neos:FallbackNode, which constrains nothing
    node, problem = _tree(tmp_path, "^8.3").create("/sites/acme/lost", "Acme.Site:Text", "Hello")
    assert problem == "" and node is not None
