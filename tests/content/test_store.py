"""content.yaml: generated when missing, written on change, read back, bad files reported and kept."""

from nodetype_studio.content import Workspace


def content_file(site):
    return site.root / ".nodetype-studio" / "content.yaml"


def test_generated_content_is_not_written_until_it_changes(site, workspace):
    assert len(workspace.content) > 10
    assert not content_file(site).exists()
    workspace.content.create("/sites/shop/brands", "Shop.Site:Document.Brand", "Acme Tools")
    assert "Acme Tools" in content_file(site).read_text(encoding="utf-8")


def test_saved_content_is_read_back(site, workspace):
    node, _ = workspace.content.create("/sites/shop/brands", "Shop.Site:Document.Brand", "Acme Tools")
    again = Workspace(site).content
    copy = again.by_identifier(node.identifier)
    assert copy is not None and copy.path == node.path and copy.node_type == node.node_type
    assert len(again) == len(workspace.content) and again.site == "/sites/shop"


def test_users_shape_the_content_by_editing_the_file(site):
    file = content_file(site)
    file.parent.mkdir()
    file.write_text(
        "currentSite: /sites/mine\n"
        "nodes:\n"
        "  - {path: /sites/mine, type: 'Shop.Site:Document.Page', title: 'Mine'}\n"
        "  - {path: /sites/mine/tools, type: 'Shop.Site:Document.Brand', title: 'Tools & more',\n"
        "     identifier: 'brand-tools', properties: {uriPathSegment: werkzeug}}\n", encoding="utf-8")
    tree = Workspace(site).content
    assert tree.site == "/sites/mine" and len(tree) == 2
    node = tree.by_identifier("brand-tools")
    assert tree.display_path(node) == "/werkzeug"
    assert [n.title for n in tree.search("tools", ["Neos.Neos:Document"])] == ["Tools & more"]


def test_bad_entries_are_skipped_with_their_line(site):
    file = content_file(site)
    file.parent.mkdir()
    file.write_text(
        "nodes:\n"
        "  - {path: /sites/a, type: 'Shop.Site:Document.Page', title: A}\n"
        "  - {path: /sites/a/b, title: 'no type'}\n"
        "  - {path: /sites/a/c/d, type: 'Shop.Site:Document.Page', title: 'no parent'}\n"
        "  - {path: /sites/a, type: 'Shop.Site:Document.Page', title: 'twice'}\n"
        "  - 'just text'\n"
        "  - {path: /sites/a/e, type: 'Shop.Site:Document.Page', title: E, identifier: x}\n"
        "  - {path: /sites/a/f, type: 'Shop.Site:Document.Page', title: F, identifier: x}\n", encoding="utf-8")
    workspace = Workspace(site)
    tree = workspace.content
    assert [n.path for n in tree.nodes()] == ["/sites/a", "/sites/a/e"]
    problems = [(d.code, d.line) for d in workspace.content_diagnostics]
    assert problems == [("content-node", 3), ("content-node", 4), ("content-node", 5), ("content-node", 6), ("content-node", 8)]


def test_an_unusable_file_is_reported_and_kept(site):
    file = content_file(site)
    file.parent.mkdir()
    broken = "nodes: [\n  - path: /sites/x\n"
    file.write_text(broken, encoding="utf-8")
    workspace = Workspace(site)
    tree = workspace.content
    assert len(tree) > 10                                   # generated instead
    assert {d.code for d in workspace.content_diagnostics} >= {"yaml-syntax", "content-generated"}
    assert file.read_text(encoding="utf-8") == broken       # nothing written yet
    tree.create("/sites/shop", "Shop.Site:Document.Page", "After the repair")
    assert (file.parent / "content.yaml.broken").read_text(encoding="utf-8") == broken
    assert "After the repair" in file.read_text(encoding="utf-8")


def test_a_file_of_the_wrong_shape_is_reported(site):
    file = content_file(site)
    file.parent.mkdir()
    file.write_text("- just a list\n", encoding="utf-8")
    workspace = Workspace(site)
    workspace.content
    assert "content-shape" in {d.code for d in workspace.content_diagnostics}


def test_a_save_that_fails_is_reported_not_raised(site, workspace):
    (site.root / ".nodetype-studio").write_text("a file where the folder should be", encoding="utf-8")
    node, problem = workspace.content.create("/sites/shop", "Shop.Site:Document.Page", "Unsaved")
    assert node is not None and problem == ""
    assert "could not be saved" in workspace.content.last_save_problem


def test_regenerate_replaces_the_content_and_keeps_listeners(site, workspace):
    tree = workspace.content
    tree.remove("/sites/shop/brands")
    heard = []
    tree.listeners.append(lambda: heard.append(True))
    again = workspace.regenerate_content()
    assert again is tree and tree.node("/sites/shop/brands/brand-a") is not None and heard == [True]


def test_one_workspace_per_project_object(site):
    assert Workspace.for_project(site) is Workspace.for_project(site)
