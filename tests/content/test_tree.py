"""Searching the sample content (inheritance, title, starting point), paths shown, changes."""

import pytest


def titles(nodes):
    return [n.title for n in nodes]


@pytest.mark.parametrize("filter_name", ["Neos.Neos:Document", "Cms.Cms:Document"])
def test_a_document_filter_finds_every_document_subtype(tree, filter_name):
    found = tree.search("", [filter_name])
    types = {n.node_type for n in found}
    assert {"Shop.Site:Document.Page", "Shop.Site:Document.Product", "Shop.Site:Document.Brand", "Neos.Neos:Shortcut"} <= types
    assert not any(t.startswith("Shop.Site:Content") for t in types)


def test_a_filter_on_a_project_type_finds_its_subtypes_only(tree):
    assert {n.node_type for n in tree.search("", ["Shop.Site:Document.Page"])} == {
        "Shop.Site:Document.Page", "Shop.Site:Document.Product"}
    assert {n.node_type for n in tree.search("", ["Shop.Site:Document.Product"])} == {"Shop.Site:Document.Product"}


def test_title_substring_ignores_case(tree):
    assert titles(tree.search("BRAND", ["Shop.Site:Document.Brand"])) == [
        "Sample brand", "Another brand", "Brand A", "Brand B", "Brand C"]
    assert titles(tree.search("nothing like this", [])) == []


def test_search_stays_below_the_starting_point(tree):
    assert titles(tree.search("", ["Neos.Neos:Document"], "/sites/shop/brands")) == ["Brand A", "Brand B", "Brand C"]
    outside = tree.search("", ["Neos.Neos:Document"], "/sites/shop-archive")
    assert outside and all(n.path.startswith("/sites/shop-archive/") for n in outside)
    assert tree.search("", [], "/sites/nowhere") == []


def test_url_paths_inside_the_site_and_node_paths_outside(tree):
    assert tree.display_path(tree.node("/sites/shop")) == "/"
    assert tree.display_path(tree.node("/sites/shop/brands/brand-a")) == "/brands/brand-a"
    assert tree.display_path(tree.node("/sites/shop/main/sample-text")) == "/"     # its document's URL
    archived = tree.node("/sites/shop-archive/archived-page")
    assert tree.url_path(archived) is None and tree.display_path(archived) == "/sites/shop-archive/archived-page"
    tree.node("/sites/shop/brands").properties["uriPathSegment"] = "marken"
    assert tree.display_path(tree.node("/sites/shop/brands/brand-a")) == "/marken/brand-a"


def test_create_adds_a_node_below_the_parent_with_a_free_name(tree):
    node, problem = tree.create("/sites/shop/brands", "Shop.Site:Document.Brand", "Brand A")
    assert problem == "" and node.path == "/sites/shop/brands/brand-a-2" and node.title == "Brand A"
    assert tree.by_identifier(node.identifier) is node
    assert titles(tree.children("/sites/shop/brands"))[-1] == "Brand A"
    nodes = tree.nodes()
    assert nodes.index(node) == nodes.index(tree.node("/sites/shop/brands/brand-c")) + 1  # after the last sibling


def test_create_with_a_title_property(tree):
    node, _ = tree.create("/sites/shop/brands", "Neos.Neos:Shortcut", "Elsewhere", title_property="name")
    assert node.properties == {"name": "Elsewhere"} and node.title == "Elsewhere"


@pytest.mark.parametrize("parent, node_type, title, reason", [
    ("/sites/shop/nowhere", "Shop.Site:Document.Brand", "X", "there is no node at /sites/shop/nowhere"),
    ("/sites/shop", "Shop.Site:Document.Unknown", "X", "does not exist in this project"),
    ("/sites/shop", "Shop.Site:Document.AbstractPage", "X", "is abstract"),
    ("/sites/shop", "Shop.Site:Document.Brand", "   ", "needs a title"),
])
def test_create_refuses_with_a_reason(tree, parent, node_type, title, reason):
    count = len(tree)
    node, problem = tree.create(parent, node_type, title)
    assert node is None and reason in problem and len(tree) == count


def test_remove_and_rename(tree):
    assert tree.remove("/sites/shop/brands") == 4
    assert tree.node("/sites/shop/brands/brand-a") is None
    assert tree.set_title("/sites/shop", "Shop home") and tree.node("/sites/shop").title == "Shop home"
    assert not tree.set_title("/sites/shop", "  ")


def test_listeners_hear_about_changes(tree):
    heard = []
    tree.listeners.append(lambda: heard.append(len(tree)))
    tree.create("/sites/shop", "Shop.Site:Document.Page", "New page")
    assert heard == [len(tree)]


# NodeName::transliterateFromString's own test data (Neos.ContentRepository.Core NodeNameTest), which 8.3's
# Utility::renderValidNodeName agrees with for these
@pytest.mark.parametrize("text, name", [
    ("main", "main"), ("Main", "main"), ("Main_Content", "main-content"),
    ("Überlandstraßen; adé", "uberlandstrassen-ade"), ("TEST DRIVE: INFINITI Q50S 3.7", "test-drive-infiniti-q50s-3-7"),
    ("日本語", "ri-ben-yu"), ("ελληνικά", "ellenika"), (" x- ", "x"),
    (",.~", "node-8b8b04d26bfcf7731510c28619e5486c"),  # nothing left: 'node-' . md5(text)
])
def test_node_names_from_text(text, name):
    from nodetype_studio.php.nodename import node_name

    assert node_name(text) == name


TETHERED = """\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  childNodes:
    Main_Content:
      type: 'Neos.Neos:ContentCollection'
      constraints:
        nodeTypes:
          'Acme.Site:Teaser': false
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
'Acme.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
"""


@pytest.mark.parametrize("neos", ["^9.0", "^8.3"])
def test_a_tethered_child_key_names_the_node_as_the_cms_does(tmp_path, neos):
    # the CMS names the tethered child of `childNodes.Main_Content` `main-content` (9.x
    # NodeName::transliterateFromString, 8.3 Utility::renderValidNodeName), and its constraints apply below it
    from nodetype_studio.content.tree import ContentNode, ContentTree
    from nodetype_studio.content.types import TypeIndex
    from nodetype_studio.model import load_project
    from tests.ui.site_package import write_site_package

    project = load_project(write_site_package(tmp_path, TETHERED, neos=neos), use_cache=False)
    nodes = [ContentNode("/sites", "Neos.Neos:Sites", "Sites"), ContentNode("/sites/acme", "Acme.Site:Page", "Home"),
             ContentNode("/sites/acme/main-content", "Neos.Neos:ContentCollection", "")]
    tree = ContentTree(nodes, "/sites/acme", TypeIndex(project))
    node, problem = tree.create("/sites/acme/main-content", "Acme.Site:Teaser", "Teaser")
    assert node is None
    assert problem.startswith("`childNodes.Main_Content.constraints` of ") and "do not allow" in problem
    node, problem = tree.create("/sites/acme/main-content", "Acme.Site:Text", "Text")
    assert node is not None and problem == ""
