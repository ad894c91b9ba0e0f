"""AssetEditor: single and multiple, media type and source constraints, features, deprecated accept."""

from PySide6.QtCore import Qt

from tests.media_support import png_bytes

ASSET = "Neos\\Media\\Domain\\Model\\Asset"
ASSETS = "array<Neos\\Media\\Domain\\Model\\Asset>"


def ident(workspace, title):
    return next(a for a in workspace.media.assets() if a.title == title).identifier


def test_single_for_asset_and_a_list_for_arrays(media_editor, workspace):
    single = media_editor("AssetEditor", {}, type=ASSET, value=ident(workspace, "Price list"))
    assert not single.multiple and single.chosen_titles() == ["Price list"]
    many = media_editor("AssetEditor", {}, type=ASSETS, value=[ident(workspace, "Price list"), ident(workspace, "Tile pattern")])
    assert many.multiple and many.chosen_titles() == ["Price list", "Tile pattern"]
    flagged = media_editor("AssetEditor", {"multiple": True}, type=ASSET, value=[])
    assert flagged.multiple


def test_object_identities_are_read_as_their_identifiers(media_editor, workspace, qtbot):
    # neos-ui AssetEditor/index.js getValue/getValues: an object identity, alone or in a list (how the CMS
    # hands stored assets to the inspector), stands for its `__identity`
    def identity(title):
        return {"__identity": ident(workspace, title), "__type": "Neos\\Media\\Domain\\Model\\Document"}

    many = media_editor("AssetEditor", {}, type=ASSETS, value=[identity("Price list"), identity("Tile pattern")])
    assert many.chosen_titles() == ["Price list", "Tile pattern"]
    many.chosen_list.list.setCurrentRow(0)
    qtbot.mouseClick(many.chosen_list.remove, Qt.LeftButton)
    assert many.value() == [ident(workspace, "Tile pattern")]
    single = media_editor("AssetEditor", {}, type=ASSET, value=identity("Price list"))
    assert single.chosen_titles() == ["Price list"]


def test_search_offers_every_media_type_by_default(media_editor):
    editor = media_editor("AssetEditor", {}, type=ASSET)
    editor.search.set_text("document")            # a tag of the PDF and the text file
    assert set(editor.search.result_titles()) == {"Price list", "Opening hours"}


def test_search_honours_media_types_and_sources(media_editor):
    pdf_only = media_editor("AssetEditor", {"constraints": {"mediaTypes": ["application/pdf"]}}, type=ASSET)
    pdf_only.search.set_text("document")
    assert pdf_only.search.result_titles() == ["Price list"]
    png_only = media_editor("AssetEditor", {"constraints": {"mediaTypes": ["image/png"]}}, type=ASSET)
    png_only.search.set_text("sea")               # both "sea" pictures are JPEGs
    assert png_only.search.result_titles() == []
    project = media_editor("AssetEditor", {"constraints": {"assetSources": ["default"]}}, type=ASSET)
    project.search.set_text("price")
    assert project.search.result_titles() == []


def test_search_threshold(media_editor, qtbot):
    editor = media_editor("AssetEditor", {}, type=ASSET)
    qtbot.keyClicks(editor.search.line, "p")
    assert editor.search.results() == []
    qtbot.keyClicks(editor.search.line, "r")
    assert "Price list" in editor.search.result_titles()


def test_threshold_zero_falls_back_to_two_and_the_search_box_has_no_placeholder(media_editor, qtbot):
    # The Neos UI's asset editor searches from `threshold || 2` characters, and its select box gets no
    # placeholder (the inspector sets none).
    editor = media_editor("AssetEditor", {"threshold": 0}, type=ASSET)
    assert editor.search.line.placeholderText() == ""
    qtbot.keyClicks(editor.search.line, "p")
    assert editor.search.results() == []
    qtbot.keyClicks(editor.search.line, "r")
    assert "Price list" in editor.search.result_titles()
    one = media_editor("AssetEditor", {"threshold": 1}, type=ASSET)
    qtbot.keyClicks(one.search.line, "p")
    assert "Price list" in one.search.result_titles()


def test_browser_ignores_the_sub_type(media_editor, qtbot):
    editor = media_editor("AssetEditor", {"constraints": {"mediaTypes": ["application/zip"]}}, type=ASSET)
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    assert dialog.visible_titles() == ["Price list"]          # application/* : the PDF
    everything = media_editor("AssetEditor", {}, type=ASSET).open_browser()
    qtbot.addWidget(everything)
    assert {"Price list", "Opening hours", "Tile pattern"} <= set(everything.visible_titles())


def test_features_switch_browser_search_and_upload(media_editor):
    editor = media_editor("AssetEditor", {"features": {"mediaBrowser": False}}, type=ASSET)
    assert editor.browse_button.isHidden() and editor.search.isHidden() and editor.upload_button.isVisible()
    no_upload = media_editor("AssetEditor", {"features": {"upload": False}}, type=ASSET)
    assert no_upload.upload_button.isHidden() and no_upload.search.isVisible() and no_upload.browse_button.isVisible()


def test_multiple_selection_in_the_browser_appends_in_order(media_editor, workspace, qtbot):
    editor = media_editor("AssetEditor", {}, type=ASSETS, value=[ident(workspace, "Price list")])
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    dialog.select_title("Tile pattern")
    dialog.select_title("Harbour at dusk")
    dialog.accept()
    assert editor.chosen_titles() == ["Price list", "Harbour at dusk", "Tile pattern"]   # grid order


def test_list_reorder_and_remove(media_editor, workspace, qtbot):
    ids = [ident(workspace, t) for t in ("Price list", "Tile pattern", "Opening hours")]
    editor = media_editor("AssetEditor", {}, type=ASSETS, value=list(ids))
    editor.chosen_list.list.setCurrentRow(0)
    qtbot.mouseClick(editor.chosen_list.down, Qt.LeftButton)
    assert editor.value() == [ids[1], ids[0], ids[2]]
    qtbot.mouseClick(editor.chosen_list.remove, Qt.LeftButton)
    assert editor.value() == [ids[1], ids[2]]


def test_single_search_choose_and_remove(media_editor, workspace, qtbot):
    editor = media_editor("AssetEditor", {}, type=ASSET)
    editor.search.set_text("opening")
    editor.search.choose(0)
    assert editor.value() == ident(workspace, "Opening hours")
    qtbot.mouseClick(editor.chosen.remove, Qt.LeftButton)
    assert editor.value() == ""


def test_upload_honours_media_types_and_deprecated_accept(media_editor, tmp_path, qtbot):
    png = tmp_path / "scan.png"
    png.write_bytes(png_bytes(4, 4))
    pdf_only = media_editor("AssetEditor", {"constraints": {"mediaTypes": ["application/pdf"]}}, type=ASSET)
    pdf_only.upload_policy.chooser = lambda *_args: str(png)
    qtbot.mouseClick(pdf_only.upload_button, Qt.LeftButton)
    assert "accepts only application/pdf" in pdf_only.message.text() and pdf_only.value() is None
    legacy = media_editor("AssetEditor", {"accept": "image/png"}, type=ASSET)
    assert legacy.upload_policy.name_filter() == "Accepted files (*.png)"
    assert legacy.upload(png) and legacy.chosen_titles() == ["Scan"]
    anything = media_editor("AssetEditor", {}, type=ASSET)
    assert anything.upload_policy.name_filter() == "All files (*)"


def test_unknown_assets_are_flagged(media_editor):
    editor = media_editor("AssetEditor", {}, type=ASSETS, value=["gone"])
    assert editor.chosen_titles() == ["Unknown asset"]


def test_disabled(media_editor):
    editor = media_editor("AssetEditor", {"disabled": True}, type=ASSET)
    assert editor.is_disabled() and not editor.search.line.isEnabled()
