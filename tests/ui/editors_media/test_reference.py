"""ReferenceEditor / ReferencesEditor against the fixture site's sample content."""

import pytest
from PySide6.QtCore import Qt

BRAND = "Shop.Site:Document.Brand"


def node_id(workspace, path):
    return workspace.content.node(path).identifier


def test_threshold_default_two(media_editor, qtbot):
    editor = media_editor("ReferenceEditor", {}, type="reference")
    assert editor.threshold == 2
    qtbot.keyClicks(editor.search.line, "b")
    assert editor.search.results() == [] and editor.search.list.isHidden()
    assert editor.search.status.text() == "Type at least 2 characters to search"
    qtbot.keyClicks(editor.search.line, "r")
    assert "Brand A" in editor.search.result_titles() and editor.search.list.isVisible()


def test_threshold_three_does_not_search_after_two_characters(media_editor, qtbot):
    editor = media_editor("ReferenceEditor", {"threshold": 3}, type="reference")
    qtbot.keyClicks(editor.search.line, "br")
    assert editor.search.results() == [] and not editor.search.searched()
    qtbot.keyClicks(editor.search.line, "a")
    assert editor.search.result_titles()[:2] == ["Sample brand", "Another brand"]


def test_threshold_zero_null_or_empty_lists_results_from_the_first_character(media_editor, qtbot):
    # The CMS's reference data loader passes `options.threshold` to its select box as written (the box's
    # default 2 only replaces a missing one) and the box hides results while `threshold - length > 0`.
    for threshold in (0, None, "", False):
        editor = media_editor("ReferencesEditor", {"threshold": threshold}, type="references")
        qtbot.keyClicks(editor.search.line, "b")
        assert editor.search.searched() and "Brand A" in editor.search.result_titles(), threshold
        assert editor.search.list.isVisible() and editor.message.isHidden(), threshold


def test_a_numeric_string_threshold_counts_as_that_number(media_editor, qtbot):
    editor = media_editor("ReferenceEditor", {"threshold": "3"}, type="reference")
    qtbot.keyClicks(editor.search.line, "br")
    assert editor.search.results() == [] and editor.search.status.text() == "Type at least 3 characters to search"
    qtbot.keyClicks(editor.search.line, "a")
    assert "Brand A" in editor.search.result_titles()


def test_threshold_that_is_not_a_number_lists_at_once_with_a_note(media_editor, qtbot):
    editor = media_editor("ReferenceEditor", {"threshold": "many"}, type="reference")
    assert editor.threshold == 0 and "not a number" in editor.message.text()
    qtbot.keyClicks(editor.search.line, "b")
    assert "Brand A" in editor.search.result_titles()


def test_a_fractional_threshold_rounds_up_and_an_infinite_one_is_explained(media_editor, qtbot):
    # the CMS searches once `searchTerm.length >= threshold`: 2.5 needs three characters
    editor = media_editor("ReferenceEditor", {"threshold": 2.5}, type="reference")
    qtbot.keyClicks(editor.search.line, "br")
    assert editor.search.results() == [] and not editor.search.searched()
    qtbot.keyClicks(editor.search.line, "a")
    assert editor.search.result_titles()
    for threshold in (float("inf"), "1e400"):   # YAML `.inf`: the editor is built, with a note
        for name, prop_type in (("ReferenceEditor", "reference"), ("AssetEditor", "Neos\\Media\\Domain\\Model\\Asset")):
            built = media_editor(name, {"threshold": threshold}, type=prop_type)
            assert type(built).__name__ == name and "not a number" in built.message.text(), (name, threshold)


def test_node_types_default_to_documents_and_respect_inheritance(media_editor):
    editor = media_editor("ReferenceEditor", {}, type="reference")
    editor.search.set_text("sample")
    assert set(editor.search.result_titles()) == {"Sample brand", "Sample page", "Sample product", "Sample shortcut"}
    pages = media_editor("ReferenceEditor", {"nodeTypes": ["Shop.Site:Document.Page"]}, type="reference")
    pages.search.set_text("sample")
    assert set(pages.search.result_titles()) == {"Sample page", "Sample product"}   # Product is a Page
    content = media_editor("ReferenceEditor", {"nodeTypes": "Neos.Neos:Content"}, type="reference")
    content.search.set_text("sample")
    # the site's own content types, and the platform's (the sample content has one node of each)
    platform = {"headline", "text", "image", "textwithimage", "assetlist", "twocolumn", "threecolumn", "fourcolumn",
                "contentreferences", "form", "html", "navigation"}
    assert set(content.search.result_titles()) == {"Sample picture", "Sample text"} | {f"Sample {n}" for n in platform}
    pictures = media_editor("ReferenceEditor", {"nodeTypes": "Shop.Site:Content.Picture"}, type="reference")
    pictures.search.set_text("sample")
    assert set(pictures.search.result_titles()) == {"Sample picture"}


def test_placeholder(media_editor):
    assert media_editor("ReferenceEditor", {}, type="reference").search.line.placeholderText() == "Type to search"
    custom = media_editor("ReferenceEditor", {"placeholder": "Find a brand"}, type="reference")
    assert custom.search.line.placeholderText() == "Find a brand"


def test_results_show_url_paths_in_the_site_and_node_paths_outside(media_editor):
    editor = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/<Neos.Neos:Sites>"}, type="reference")
    editor.search.set_text("brand")
    subtitles = {r.title: r.subtitle for r in editor.search.results()}
    assert subtitles["Brand A"] == "/brands/brand-a \u00b7 Brand"
    assert subtitles["Archived brand"] == "/sites/shop-archive/archived-brand \u00b7 Brand"


def test_starting_point_limits_the_search(media_editor):
    # the fixture site is a 9.x project: absolute node paths name the root node type
    editor = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/<Neos.Neos:Sites>/shop/brands"},
                          type="reference")
    editor.search.set_text("brand")
    assert editor.search.result_titles() == ["Brand A", "Brand B", "Brand C"]
    outside = media_editor("ReferenceEditor", {"startingPoint": "/<Neos.Neos:Sites>/shop-archive"}, type="reference")
    outside.search.set_text("archived")
    assert outside.search.result_titles() and all(r.subtitle.startswith("/sites/shop-archive/") for r in outside.search.results())


def test_starting_points_that_cannot_be_used_are_explained(media_editor):
    missing = media_editor("ReferenceEditor", {"startingPoint": "/<Neos.Neos:Sites>/nowhere"}, type="reference")
    assert "does not exist in the sample content" in missing.message.text()
    client_eval = media_editor("ReferenceEditor", {"startingPoint": "ClientEval:node.parent"}, type="reference")
    assert "ClientEval" in client_eval.message.text() and client_eval.starting_point.path is None


def test_choosing_stores_the_identifier_and_shows_the_node(media_editor, workspace, qtbot):
    editor = media_editor("ReferenceEditor", {"nodeTypes": [BRAND]}, type="reference")
    qtbot.keyClicks(editor.search.line, "brand b")
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(editor.search.list.viewport(), Qt.LeftButton,
                         pos=editor.search.list.visualItemRect(editor.search.list.item(0)).center())
    assert blocker.args == [node_id(workspace, "/sites/shop/brands/brand-b")]
    assert editor.chosen_titles() == ["Brand B"] and editor.chosen.subtitle.text() == "/brands/brand-b \u00b7 Brand"
    assert editor.search.text() == ""
    qtbot.mouseClick(editor.chosen.remove, Qt.LeftButton)
    assert editor.value() == "" and editor.chosen_titles() == []


def test_enter_picks_the_first_result(media_editor, workspace, qtbot):
    editor = media_editor("ReferenceEditor", {"nodeTypes": [BRAND]}, type="reference")
    qtbot.keyClicks(editor.search.line, "brand c")
    qtbot.keyClick(editor.search.line, Qt.Key_Return)
    assert editor.value() == node_id(workspace, "/sites/shop/brands/brand-c")


def test_unknown_identifier_is_shown_as_such(media_editor):
    editor = media_editor("ReferenceEditor", {}, type="reference", value="no-such-node")
    assert editor.chosen.title.text() == "Unknown node" and editor.chosen.subtitle.text() == "no-such-node"


def test_create_new_adds_a_node_of_the_type_under_the_path_and_selects_it(media_editor, workspace, site, qtbot):
    options = {"nodeTypes": [BRAND], "createNew": {"path": "/sites/shop/brands", "type": BRAND}}
    editor = media_editor("ReferenceEditor", options, type="reference")
    qtbot.keyClicks(editor.search.line, "Zeta Tools")
    last = editor.search.results()[-1]
    assert last.title == "Create \u201cZeta Tools\u201d" and last.subtitle == "New Brand under /sites/shop/brands"
    editor.search.choose(len(editor.search.results()) - 1)
    node = workspace.content.node("/sites/shop/brands/zeta-tools")
    assert node.node_type == BRAND and node.title == "Zeta Tools"
    assert editor.value() == node.identifier and editor.chosen_titles() == ["Zeta Tools"]
    assert "Created" in editor.message.text()
    saved = (site.root / ".nodetype-studio" / "content.yaml").read_text(encoding="utf-8")
    assert "Zeta Tools" in saved and node.identifier in saved
    editor.search.set_text("zeta")
    assert editor.search.result_titles()[0] == "Zeta Tools"


def test_create_new_without_a_usable_path_is_offered_disabled(media_editor):
    editor = media_editor("ReferenceEditor", {"createNew": {"path": "/sites/nowhere", "type": BRAND}}, type="reference")
    editor.search.set_text("New brand")
    create = editor.search.results()[-1]
    assert not create.enabled and "no node at /sites/nowhere" in create.subtitle
    incomplete = media_editor("ReferenceEditor", {"createNew": {"path": "/sites/shop"}}, type="reference")
    assert "needs both `path` and `type`" in incomplete.message.text()
    incomplete.search.set_text("New brand")
    assert not any(r.kind == "create" for r in incomplete.search.results())


def test_create_new_with_an_empty_path_or_type_is_off(media_editor):
    # neos-ui Reference/createNew.js enables it only for a truthy `createNew.type` and `createNew.path`
    for create_new in ({"path": "", "type": BRAND}, {"path": "/sites/shop/brands", "type": ""}):
        editor = media_editor("ReferenceEditor", {"createNew": create_new}, type="reference")
        assert "needs both `path` and `type`" in editor.message.text(), create_new
        editor.search.set_text("New brand")
        assert not any(r.kind == "create" for r in editor.search.results()), create_new


def test_disabled(media_editor):
    editor = media_editor("ReferenceEditor", {"disabled": True}, type="reference")
    assert editor.is_disabled() and not editor.search.line.isEnabled()


def test_references_store_an_ordered_list(media_editor, workspace, qtbot):
    editor = media_editor("ReferencesEditor", {"nodeTypes": [BRAND]}, type="references", value=[])
    for text in ("brand a", "brand c", "brand b"):
        editor.search.set_text(text)
        editor.search.choose(0)
    ids = [node_id(workspace, f"/sites/shop/brands/brand-{x}") for x in "acb"]
    assert editor.value() == ids and editor.chosen_titles() == ["Brand A", "Brand C", "Brand B"]
    editor.search.set_text("brand")
    assert not {"Brand A", "Brand B", "Brand C"} & set(editor.search.result_titles())   # chosen ones are not offered


def test_references_reorder_with_buttons_and_drag_and_remove(media_editor, workspace, qtbot):
    ids = [node_id(workspace, f"/sites/shop/brands/brand-{x}") for x in "abc"]
    editor = media_editor("ReferencesEditor", {}, type="references", value=list(ids))
    chosen = editor.chosen_list
    chosen.list.setCurrentRow(2)
    assert not chosen.down.isEnabled() and chosen.up.isEnabled()
    qtbot.mouseClick(chosen.up, Qt.LeftButton)
    assert editor.value() == [ids[0], ids[2], ids[1]]
    model = chosen.list.model()
    model.moveRow(model.index(0, 0).parent(), 0, model.index(0, 0).parent(), 3)   # what a drop does
    assert editor.value() == [ids[2], ids[1], ids[0]]
    chosen.list.setCurrentRow(1)
    qtbot.mouseClick(chosen.remove, Qt.LeftButton)
    assert editor.value() == [ids[2], ids[0]] and editor.chosen_titles() == ["Brand C", "Brand A"]


def test_references_flag_unknown_identifiers(media_editor, workspace):
    good = node_id(workspace, "/sites/shop/brands/brand-a")
    editor = media_editor("ReferencesEditor", {}, type="references", value=[good, "gone"])
    assert editor.chosen_titles() == ["Brand A", "Unknown node"]


# -- startingPoint as the CMS of the project's version reads it ---------------------------------------------------------
# The Neos UI sends any truthy startingPoint as the search's context node instead of the current site
# (neos-ui Editors/Reference/referenceDataLoader.js); what the server resolves depends on the version.

@pytest.fixture
def workspace_83(tmp_path_factory):
    """The fixture site read as a Neos 8.3 project."""
    from nodetype_studio.content import Workspace
    from nodetype_studio.model import load_project
    from tests.media_support import copy_site

    return Workspace.for_project(load_project(copy_site(tmp_path_factory.mktemp("site83")), use_cache=False,
                                              cms_version="8.3"))


def typed(editor, qtbot, text):
    qtbot.keyClicks(editor.search.line, text)
    return editor.search.result_titles()


@pytest.mark.parametrize("start", ["brands", "sites/shop/brands", "~", "~/brands", 7, ["/sites/shop"]])
def test_a_starting_point_that_is_no_node_path_finds_nothing(media_editor, workspace_83, qtbot, start):
    # 8.3 reads text without a leading slash as a node identifier (NodeConverter) and 9.x as no node at all;
    # a value that is not text stops the UI's search (`startingPoint.indexOf`). The CMS does not fall back
    # to the current site: the search finds nothing.
    for ws in (None, workspace_83):
        editor = media_editor("ReferencesEditor", {"nodeTypes": [BRAND], "startingPoint": start}, type="references", ws=ws)
        assert typed(editor, qtbot, "brand") == [], (start, ws)
        assert "nothing can be found" in editor.message.text() and "current site" not in editor.message.text()


@pytest.mark.parametrize("start", ["", 0, False, None])
def test_a_falsy_starting_point_searches_the_current_site(media_editor, qtbot, start):
    editor = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": start}, type="reference")
    assert typed(editor, qtbot, "brand") == ["Sample brand", "Another brand", "Brand A", "Brand B", "Brand C"]
    assert editor.message.isHidden()


def test_9x_reads_the_root_node_type_form_and_not_the_83_path(media_editor, qtbot):
    nine = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/<Neos.Neos:Sites>/shop/brands"},
                        type="reference")
    assert typed(nine, qtbot, "brand") == ["Brand A", "Brand B", "Brand C"] and nine.message.isHidden()
    sites = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/<Neos.Neos:Sites>/"}, type="reference")
    assert "Archived brand" in typed(sites, qtbot, "brand")
    legacy = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/sites/shop/brands"}, type="reference")
    assert typed(legacy, qtbot, "brand") == []
    assert "/<Neos.Neos:Sites>/shop/brands" in legacy.message.text() and "nothing can be found" in legacy.message.text()


@pytest.mark.parametrize("start, version", [("/sites/shop/brands/", "8.3"), ("/sites/shop//brands", "8.3"),
                                            ("/sites/shop brands", "8.3"), ("/<Neos.Neos:Sites>/shop/brands/", "9"),
                                            ("/<Neos.Neos:Sites>/shop//brands", "9")])
def test_a_trailing_or_double_slash_is_no_node_path(media_editor, workspace_83, qtbot, start, version):
    # 8.3: NodePaths::MATCH_PATTERN_CONTEXTPATH has no empty part; 9.x: NodePath requires a node name per part
    ws = workspace_83 if version == "8.3" else None
    editor = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": start}, type="reference", ws=ws)
    assert typed(editor, qtbot, "brand") == [] and "nothing can be found" in editor.message.text()


def test_83_reads_the_sites_path_and_not_the_9x_form(media_editor, workspace_83, qtbot):
    legacy = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/sites/shop/brands"},
                          type="reference", ws=workspace_83)
    assert typed(legacy, qtbot, "brand") == ["Brand A", "Brand B", "Brand C"] and legacy.message.isHidden()
    nine = media_editor("ReferenceEditor", {"nodeTypes": [BRAND], "startingPoint": "/<Neos.Neos:Sites>/shop/brands"},
                        type="reference", ws=workspace_83)
    assert typed(nine, qtbot, "brand") == []
    assert "Neos 9.x form" in nine.message.text() and "nothing can be found" in nine.message.text()


def test_83_reads_text_without_a_slash_as_a_node_identifier(media_editor, workspace_83, qtbot):
    archive = workspace_83.content.node("/sites/shop-archive").identifier
    editor = media_editor("ReferenceEditor", {"startingPoint": archive}, type="reference", ws=workspace_83)
    assert typed(editor, qtbot, "archived") == ["Archived brand", "Archived page", "Archived product",
                                               "Archived shortcut", "Archived page"]
    assert editor.message.isHidden()
    unknown = media_editor("ReferenceEditor", {"startingPoint": "4f1c0c35-0000-4000-8000-000000000000"},
                           type="reference", ws=workspace_83)
    assert typed(unknown, qtbot, "archived") == [] and "node identifier" in unknown.message.text()


def test_83_finds_the_starting_node_itself_and_9x_only_what_is_below_it(media_editor, workspace_83, qtbot):
    # 8.3: NodeDataRepository::findByProperties matches the starting point's own path as well;
    # 9.x: the search is findDescendantNodes of the starting node
    old = media_editor("ReferenceEditor", {"startingPoint": "/sites/shop/brands"}, type="reference", ws=workspace_83)
    assert typed(old, qtbot, "brand") == ["Brands", "Brand A", "Brand B", "Brand C"]
    new = media_editor("ReferenceEditor", {"startingPoint": "/<Neos.Neos:Sites>/shop/brands"}, type="reference")
    assert typed(new, qtbot, "brand") == ["Brand A", "Brand B", "Brand C"]
