"""LinkEditor: pages, assets (titles and tags), URLs and e-mail addresses from one search box."""

import pytest
from PySide6.QtCore import Qt


def kinds(editor):
    return [(r.kind, r.title) for r in editor.search.results()]


def test_finds_documents_by_title(media_editor):
    editor = media_editor("LinkEditor", {})
    editor.search.set_text("brand")
    nodes = [title for kind, title in kinds(editor) if kind == "node"]
    assert nodes == ["Sample brand", "Another brand", "Brands", "Brand A", "Brand B", "Brand C"]


def test_node_types_narrow_the_pages(media_editor):
    editor = media_editor("LinkEditor", {"nodeTypes": ["Shop.Site:Document.Product"]})
    editor.search.set_text("sample")
    assert [t for k, t in kinds(editor) if k == "node"] == ["Sample product"]


def test_finds_assets_by_title_and_by_tag(media_editor):
    editor = media_editor("LinkEditor", {})
    editor.search.set_text("price")
    assert ("asset", "Price list") in kinds(editor)
    editor.search.set_text("boats")        # a tag of the harbour picture
    assert ("asset", "Harbour at dusk") in kinds(editor)


def test_assets_false_offers_no_assets(media_editor):
    editor = media_editor("LinkEditor", {"assets": False})
    editor.search.set_text("price")
    assert not any(kind == "asset" for kind, _ in kinds(editor))
    editor.search.set_text("sample")
    assert any(kind == "node" for kind, _ in kinds(editor))


def test_urls_and_host_names_are_offered_as_links(media_editor, qtbot):
    editor = media_editor("LinkEditor", {})
    editor.search.set_text("acme.example/contact")
    assert kinds(editor)[0] == ("url", "Format as link: https://acme.example/contact")
    editor.search.choose(0)
    assert editor.value() == "https://acme.example/contact"
    assert editor.shown_target() == ("https://acme.example/contact", "External link")
    editor.search.set_text("https://shop.example/a?b=1")
    editor.search.choose(0)
    assert editor.value() == "https://shop.example/a?b=1"


def test_email_addresses_become_mailto(media_editor):
    editor = media_editor("LinkEditor", {})
    editor.search.set_text("hello@shop.example")
    assert kinds(editor)[0] == ("email", "E-mail hello@shop.example")
    editor.search.choose(0)
    assert editor.value() == "mailto:hello@shop.example"
    assert editor.shown_target() == ("hello@shop.example", "E-mail address")


def test_typed_mailto_and_news_links_are_stored_as_typed(media_editor, qtbot):
    # neos-ui utils-helpers isUri takes http(s)://, news://, ftp://, mailto:, tel: and # as a URI and the link
    # input stores such a search term verbatim: a mail link keeps its `?subject=`, a news link can be set.
    editor = media_editor("LinkEditor", {})
    for typed in ("mailto:Orders@Shop.Example?subject=Order%2042", "news://news.shop.example/shop.announce"):
        qtbot.keyClicks(editor.search.line, typed)
        with qtbot.waitSignal(editor.valueChanged):
            qtbot.keyClick(editor.search.line, Qt.Key_Return)
        assert editor.value() == typed
        qtbot.mouseClick(editor.picker.chosen.remove, Qt.LeftButton)
    assert editor.value() == ""


def test_a_url_to_an_intranet_host_can_be_set(media_editor, qtbot):
    # isUri (neos-ui utils-helpers) accepts any http(s):// text; a host without a top-level domain is a valid URL
    editor = media_editor("LinkEditor", {})
    qtbot.keyClicks(editor.search.line, "http://intranet/wiki/Start")
    assert kinds(editor)[0] == ("url", "http://intranet/wiki/Start")
    with qtbot.waitSignal(editor.valueChanged):
        qtbot.keyClick(editor.search.line, Qt.Key_Return)
    assert editor.value() == "http://intranet/wiki/Start"
    assert editor.shown_target() == ("http://intranet/wiki/Start", "External link")


def test_a_url_is_offered_even_below_the_search_threshold(media_editor):
    editor = media_editor("LinkEditor", {})
    editor.search.set_text("x")
    assert kinds(editor) == []
    editor.search.set_text("x.io")
    assert kinds(editor)[0][0] == "url"


def test_choosing_a_page_stores_node_scheme_and_shows_it(media_editor, workspace, qtbot):
    editor = media_editor("LinkEditor", {})
    qtbot.keyClicks(editor.search.line, "brand a")
    with qtbot.waitSignal(editor.valueChanged):
        qtbot.keyClick(editor.search.line, Qt.Key_Return)
    node = workspace.content.node("/sites/shop/brands/brand-a")
    assert editor.value() == f"node://{node.identifier}"
    assert editor.shown_target() == ("Brand A", "/brands/brand-a")


def test_choosing_an_asset_stores_asset_scheme(media_editor, workspace):
    editor = media_editor("LinkEditor", {})
    editor.search.set_text("price list")
    index = next(i for i, r in enumerate(editor.search.results()) if r.kind == "asset")
    editor.search.choose(index)
    asset = next(a for a in workspace.media.assets() if a.title == "Price list")
    assert editor.value() == f"asset://{asset.identifier}"
    assert editor.shown_target() == ("Price list", "price-list.pdf \u00b7 application/pdf")


def test_stored_values_are_shown_nicely_and_unknown_targets_flagged(media_editor, workspace):
    node = workspace.content.node("/sites/shop/brands/brand-b")
    assert media_editor("LinkEditor", {}, value=f"node://{node.identifier}#intro").shown_target() == (
        "Brand B", "/brands/brand-b#intro")
    assert media_editor("LinkEditor", {}, value="node://gone").shown_target() == ("Unknown page", "node://gone")
    assert media_editor("LinkEditor", {}, value="tel:+4930123").shown_target() == ("tel:+4930123", "Phone number")
    assert media_editor("LinkEditor", {}, value="").shown_target() == ("", "")


def test_removing_the_link_stores_an_empty_string(media_editor, qtbot):
    editor = media_editor("LinkEditor", {}, value="https://x.example")
    qtbot.mouseClick(editor.picker.chosen.remove, Qt.LeftButton)
    assert editor.value() == "" and editor.shown_target() == ("", "")


def test_placeholder_default_and_custom(media_editor, model_editor):
    # the default comes from the platform's editor settings, merged into the property by the model
    assert model_editor("Shop.Site:Content.Picture", "link").search.line.placeholderText() == "Paste a link, or type to search"
    # without one (`editorOptions: {}`, an empty placeholder) the Neos UI's link input shows its own
    assert media_editor("LinkEditor", {}).search.line.placeholderText() == "Paste a link, or search"
    assert media_editor("LinkEditor", {"placeholder": ""}).search.line.placeholderText() == "Paste a link, or search"
    assert media_editor("LinkEditor", {"placeholder": "Link the notice"}).search.line.placeholderText() == "Link the notice"


def test_placeholder_is_asked_for_as_a_translation_with_the_link_inputs_text_as_fallback(media_editor, project_path):
    # The CMS calls translate(placeholder || id, 'Paste a link, or search'): a translation id shows its text, an id
    # without a translation the link input's own text (the raw id is never shown). Plain text is shown as the spec
    # describes the option (`check` notes that the CMS shows its own text there: compat-link-placeholder).
    from nodetype_studio.preview.i18n import Translator

    translator = Translator({"Acme.Preview": project_path})
    translated = media_editor("LinkEditor", {"placeholder": "Acme.Preview:NodeTypes.Translated:properties.headline"},
                              translator=translator)
    assert translated.search.line.placeholderText() == "Headline"
    missing = media_editor("LinkEditor", {"placeholder": "Acme.Preview:NodeTypes.Translated:properties.nothing"},
                           translator=translator)
    assert missing.search.line.placeholderText() == "Paste a link, or search"
    platform = media_editor("LinkEditor", {"placeholder": "Neos.Neos:Main:content.inspector.editors.linkEditor.search"})
    assert platform.search.line.placeholderText() == "Paste a link, or type to search"
    for falsy in (False, 0, None):
        assert media_editor("LinkEditor", {"placeholder": falsy}).search.line.placeholderText() == "Paste a link, or search"


def test_disabled(media_editor):
    editor = media_editor("LinkEditor", {"disabled": True})
    assert editor.is_disabled() and not editor.search.line.isEnabled()


# -- startingPoint (neos-ui Library/LinkInput.js sends any truthy value as the search's context node) --------------------

def node_titles(editor, qtbot, text):
    qtbot.keyClicks(editor.search.line, text)
    return [title for kind, title in kinds(editor) if kind == "node"]


def note_text(editor):
    from PySide6.QtWidgets import QLabel

    note = editor.findChild(QLabel, "note")
    return note.text() if note is not None and note.isVisible() else ""


def test_starting_point_in_the_9x_form_limits_the_pages(media_editor, qtbot):
    editor = media_editor("LinkEditor", {"startingPoint": "/<Neos.Neos:Sites>/shop-archive"})
    assert node_titles(editor, qtbot, "archived") == ["Archived brand", "Archived page", "Archived product",
                                                      "Archived shortcut", "Archived page"]
    assert note_text(editor) == ""


@pytest.mark.parametrize("start", ["/sites/shop-archive", "shop-archive", "~", 3])
def test_a_starting_point_9x_cannot_resolve_finds_no_pages(media_editor, qtbot, start):
    editor = media_editor("LinkEditor", {"startingPoint": start})
    assert node_titles(editor, qtbot, "brand") == []
    assert "nothing can be found" in note_text(editor) and "current site" not in note_text(editor)


def test_an_83_project_reads_the_sites_path(media_editor, tmp_path, qtbot):
    from nodetype_studio.content import Workspace
    from nodetype_studio.model import load_project
    from tests.media_support import copy_site

    ws = Workspace.for_project(load_project(copy_site(tmp_path / "s"), use_cache=False, cms_version="8.3"))
    editor = media_editor("LinkEditor", {"startingPoint": "/sites/shop-archive"}, ws=ws)
    assert node_titles(editor, qtbot, "archived") == ["Archived brand", "Archived page", "Archived product",
                                                      "Archived shortcut", "Archived page"]
    nine = media_editor("LinkEditor", {"startingPoint": "/<Neos.Neos:Sites>/shop-archive"}, ws=ws)
    assert node_titles(nine, qtbot, "archived") == [] and "Neos 9.x form" in note_text(nine)
