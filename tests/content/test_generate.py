"""Sample content generated from the project's node types."""

from nodetype_studio.bundled import example_project
from nodetype_studio.content import Workspace, node_identifier, site_name
from nodetype_studio.model import load_project


def test_site_is_named_after_the_site_package(site, tree):
    assert site_name(site, tree.types) == "shop"
    assert tree.site == "/sites/shop"
    assert tree.node("/sites/shop").node_type == "Shop.Site:Document.Page"


def test_pages_of_every_concrete_document_type_and_content_of_every_content_type(tree):
    in_site = [n for n in tree.nodes() if tree.in_site(n)]
    types = {n.node_type for n in in_site}
    assert {"Shop.Site:Document.Page", "Shop.Site:Document.Product", "Shop.Site:Document.Brand"} <= types
    assert {"Shop.Site:Content.Text", "Shop.Site:Content.Picture"} <= types
    assert "Shop.Site:Document.AbstractPage" not in types and "Shop.Site:Mixin.Hidden" not in types
    content = tree.node("/sites/shop/main/sample-picture")
    assert content.title == "Sample picture" and tree.node("/sites/shop/main").node_type == "Neos.Neos:ContentCollection"


def test_paths_named_by_editor_options_exist_with_nodes_to_find(tree):
    brands = tree.children("/sites/shop/brands")
    assert [n.title for n in brands] == ["Brand A", "Brand B", "Brand C"]
    assert all(n.node_type == "Shop.Site:Document.Brand" for n in brands)


def test_a_second_site_for_starting_points_outside_the_current_one(tree):
    archive = tree.node("/sites/shop-archive")
    assert archive is not None and not tree.in_site(archive)
    assert {n.node_type for n in tree.children("/sites/shop-archive")} >= {"Shop.Site:Document.Product"}


def test_identifiers_are_uuids_of_the_path_and_stable(site, tree):
    node = tree.node("/sites/shop/brands/brand-a")
    assert node.identifier == node_identifier("/sites/shop/brands/brand-a")
    again = Workspace(site, persist=False).content
    assert again.node("/sites/shop/brands/brand-a").identifier == node.identifier


def test_the_example_project_gets_the_paths_its_editors_name():
    tree = Workspace(load_project(example_project()), persist=False).content
    assert tree.site == "/sites/acme"
    for path in ("/sites/acme/team", "/sites/acme/events", "/sites/acme/journal"):
        assert tree.children(path), path
    assert {n.node_type for n in tree.children("/sites/acme/events")} == {"Acme.Site:Document.Event"}


def test_node_types_of_an_odd_shape_name_none(tmp_path):
    """`nodeTypes: 1` (or true) next to a startingPoint: the path is made with documents to find, as without
    `nodeTypes` (making the content raised a TypeError, so the reference editor failed to draw)."""
    package = tmp_path / "Acme.Site" / "Configuration"
    package.mkdir(parents=True)
    options = "\n".join(f"""\
    link{i}:
      type: reference
      ui:
        inspector:
          editorOptions:
            startingPoint: '/sites/acme/odd{i}'
            nodeTypes: {value}""" for i, value in enumerate(("1", "true", "3.5", "{'Acme.Site:Page': true}")))
    (package / "NodeTypes.yaml").write_text(f"""\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
{options}
""")
    tree = Workspace(load_project(tmp_path / "Acme.Site", use_cache=False), persist=False).content
    for i in range(3):
        found = {n.node_type for n in tree.children(f"/sites/acme/odd{i}")}
        assert "Acme.Site:Page" in found and all(tree.types.is_document(t) for t in found), i
    assert {n.node_type for n in tree.children("/sites/acme/odd3")} == {"Acme.Site:Page"}
