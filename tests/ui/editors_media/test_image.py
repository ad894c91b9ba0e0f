"""ImageEditor: media browser, upload limits, crop dialog options, resize, stored value."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from nodetype_studio.ui.editors.cropdialog import CropDialog
from nodetype_studio.ui.editors.mediabrowser import MediaBrowserDialog
from tests.media_support import declared_png, padded_file, png_bytes

IMAGE = "Neos\\Media\\Domain\\Model\\ImageInterface"


def asset(workspace, title):
    return next(a for a in workspace.media.assets() if a.title == title)


def image_editor(media_editor, options=None, value=None):
    return media_editor("ImageEditor", options or {}, type=IMAGE, value=value)


def chosen(workspace, title, **adjustments):
    value = {"__identity": asset(workspace, title).identifier}
    if adjustments:
        value["adjustments"] = adjustments
    return value


# -- features ---------------------------------------------------------------------------------------
def test_buttons_follow_the_features(media_editor, workspace):
    editor = image_editor(media_editor, value=chosen(workspace, "Tile pattern"))
    assert editor.browse_button.isVisible() and editor.upload_button.isVisible() and editor.crop_button.isVisible()
    assert editor.resize_box is None                       # features.resize defaults to false
    off = image_editor(media_editor, {"features": {"mediaBrowser": False, "upload": False, "crop": False, "resize": True}},
                       value=chosen(workspace, "Tile pattern"))
    assert off.browse_button.isHidden() and off.upload_button.isHidden() and off.crop_button.isHidden()
    assert off.resize_box is not None and off.resize_box.isVisible()


def test_no_crop_for_svg(media_editor, workspace):
    editor = image_editor(media_editor, value=chosen(workspace, "Studio logo"))
    assert editor.crop_button.isHidden() and editor.open_crop() is None


def test_force_crop_opens_the_cropper_for_an_svg_too(media_editor, workspace, qtbot):
    # neos-ui Image/index.js: the Crop button asks isCroppable (no SVG), the forceCrop path after choosing
    # an image does not
    editor = image_editor(media_editor, {"crop": {"aspectRatio": {"forceCrop": True}}})
    editor.choose(asset(workspace, "Studio logo"))
    assert isinstance(editor.dialog, CropDialog) and editor.dialog.isVisible()
    qtbot.addWidget(editor.dialog)
    assert editor.crop_button.isHidden()


def test_preview_and_info_show_the_image_and_its_crop(media_editor, workspace):
    editor = image_editor(media_editor, value=chosen(workspace, "Harbour at dusk", crop={"x": 0, "y": 0, "width": 160, "height": 90}))
    assert editor.preview.pixmap().width() > 0
    assert editor.info.text() == "Harbour at dusk \u00b7 480 \u00d7 270 \u00b7 cropped to 160 \u00d7 90"
    empty = image_editor(media_editor)
    assert empty.info.text() == "No image chosen" and empty.remove_button.isHidden()
    unknown = image_editor(media_editor, value={"__identity": "gone"})
    assert "Unknown image gone" in unknown.info.text()


# -- media browser ------------------------------------------------------------------------------------
def test_browser_ignores_the_sub_type(media_editor, qtbot):
    editor = image_editor(media_editor, {"constraints": {"mediaTypes": ["image/png"]}})
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    assert isinstance(dialog, MediaBrowserDialog) and dialog.isVisible()
    shown = set(dialog.visible_titles())
    assert {"Harbour at dusk", "Tile pattern", "Studio logo"} <= shown      # jpeg and svg too
    assert "Price list" not in shown
    assert "ignores the sub type of image/png" in dialog.note.text()


def test_browser_defaults_to_images_and_honours_asset_sources(media_editor, qtbot):
    editor = image_editor(media_editor, {"constraints": {"assetSources": ["samples"]}})
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    assert set(dialog.visible_titles()) == {"Harbour at dusk", "Lighthouse at night", "Tile pattern", "Dunes (panorama)",
                                            "Studio logo", "Star badge"}
    assert [dialog.source_box.itemText(i) for i in range(dialog.source_box.count())] == ["All allowed sources", "Samples"]
    unknown = image_editor(media_editor, {"constraints": {"assetSources": ["stock"]}}).open_browser()
    qtbot.addWidget(unknown)
    assert unknown.visible_titles() == [] and "Unknown asset source(s): stock" in unknown.note.text()


def test_a_null_media_type_list_still_limits_the_browser_to_images(media_editor, qtbot):
    # neos-ui Image/index.js hands the browser `constraints.mediaTypes || ['image/*']`
    for media_types in (None, ""):
        editor = image_editor(media_editor, {"constraints": {"mediaTypes": media_types, "assetSources": ["samples"]}})
        dialog = editor.open_browser()
        qtbot.addWidget(dialog)
        assert set(dialog.visible_titles()) == {"Harbour at dusk", "Lighthouse at night", "Tile pattern",
                                                "Dunes (panorama)", "Studio logo", "Star badge"}, media_types


def test_choosing_in_the_browser_stores_the_identity(media_editor, workspace, qtbot):
    editor = image_editor(media_editor)
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    dialog.filter.setText("lighthouse")
    assert dialog.visible_titles() == ["Lighthouse at night"]
    dialog.select_title("Lighthouse at night")
    with qtbot.waitSignal(editor.valueChanged):
        dialog.accept()
    assert editor.value() == chosen(workspace, "Lighthouse at night")
    assert editor.info.text().startswith("Lighthouse at night")


def test_choosing_the_same_image_again_keeps_its_crop(media_editor, workspace, qtbot):
    # neos-ui Image/index.js handleMediaSelected: the same image again only closes the media browser
    value = chosen(workspace, "Harbour at dusk", crop={"x": 0, "y": 0, "width": 160, "height": 90})
    editor = image_editor(media_editor, {"crop": {"aspectRatio": {"forceCrop": True}}}, value=dict(value))
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    dialog.select_title("Harbour at dusk")
    dialog.accept()
    assert editor.value() == value and editor.dialog is dialog   # no cropper opened either
    other = editor.open_browser()
    qtbot.addWidget(other)
    other.select_title("Tile pattern")
    other.accept()
    assert editor.value() == chosen(workspace, "Tile pattern") and isinstance(editor.dialog, CropDialog)
    qtbot.addWidget(editor.dialog)


def test_force_crop_opens_the_cropper_right_after_choosing(media_editor, workspace, qtbot):
    editor = image_editor(media_editor, {"crop": {"aspectRatio": {"forceCrop": True}}})
    editor.choose(asset(workspace, "Harbour at dusk"))
    assert isinstance(editor.dialog, CropDialog) and editor.dialog.isVisible()
    qtbot.addWidget(editor.dialog)
    plain = image_editor(media_editor)
    plain.choose(asset(workspace, "Harbour at dusk"))
    assert plain.dialog is None


def test_force_crop_opens_the_cropper_even_with_the_crop_feature_off(media_editor, tmp_path, qtbot):
    # neos-ui Image/index.js: after an upload or a newly chosen image the cropper opens whenever forceCrop is
    # truthy; `features.crop` only decides whether the Crop button is offered
    png = tmp_path / "banner.png"
    png.write_bytes(png_bytes(64, 36))
    aspect = {"forceCrop": True, "locked": {"width": 1, "height": 1}}
    editor = image_editor(media_editor, {"features": {"crop": False}, "crop": {"aspectRatio": aspect}})
    upload_via_button(editor, qtbot, png)
    dialog = editor.dialog
    assert isinstance(dialog, CropDialog) and dialog.isVisible()
    qtbot.addWidget(dialog)
    assert dialog.locked_label.text() == "Aspect ratio locked to 1:1"
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert editor.value()["adjustments"]["crop"] == {"x": 14, "y": 0, "width": 36, "height": 36}
    assert editor.info.text().endswith("cropped to 36 \u00d7 36") and editor.crop_button.isHidden()


def test_the_browser_can_add_a_folder(media_editor, tmp_path, qtbot):
    folder = tmp_path / "Shots"
    folder.mkdir()
    (folder / "sunset.png").write_bytes(png_bytes(8, 8))
    dialog = image_editor(media_editor).open_browser()
    qtbot.addWidget(dialog)
    dialog.folder_chooser = lambda *_args: str(folder)
    qtbot.mouseClick(dialog.add_button, Qt.LeftButton)
    assert dialog.source_box.currentText() == "Shots" and dialog.visible_titles() == ["Sunset"]


# -- upload -----------------------------------------------------------------------------------------------
def upload_via_button(editor, qtbot, path):
    editor.upload_policy.chooser = lambda *_args: str(path)
    qtbot.mouseClick(editor.upload_button, Qt.LeftButton)


def test_maximum_file_size_10kb_refuses_an_11kb_upload(media_editor, tmp_path, qtbot):
    big = padded_file(tmp_path / "big.png", 11 * 1024, png_bytes(1, 1))
    editor = image_editor(media_editor, {"maximumFileSize": "10kb"})
    upload_via_button(editor, qtbot, big)
    assert editor.value() is None
    assert editor.message.isVisible()
    assert editor.message.text() == ("\u201cbig.png\u201d is too large: 11 KB (11,264 bytes); "
                                     "the maximum is 10 KB (10,240 bytes)")


def test_maximum_file_size_in_bytes_and_b_suffix(media_editor, tmp_path, qtbot):
    file = padded_file(tmp_path / "pic.png", 11 * 1024, png_bytes(1, 1))
    assert not image_editor(media_editor, {"maximumFileSize": 10240}).upload(file)
    assert not image_editor(media_editor, {"maximumFileSize": "11263b"}).upload(file)
    assert image_editor(media_editor, {"maximumFileSize": "11264b"}).upload(file)


def test_maximum_file_size_zero_is_the_servers_maximum_but_a_zero_text_refuses_all(media_editor, tmp_path, qtbot):
    # DEV 4.3 Inspector/Editors/FileUpload.js: a falsy maximumFileSize falls back to the server's upload
    # maximum; any other value is the limit itself (plupload: refuse `file.size > max`)
    png = tmp_path / "dot.png"
    png.write_bytes(png_bytes(4, 4))
    for unlimited in (0, 0.0):
        editor = image_editor(media_editor, {"maximumFileSize": unlimited})
        assert editor.message.isHidden() and "at most" not in editor.upload_button.toolTip()
        with qtbot.waitSignal(editor.valueChanged):
            upload_via_button(editor, qtbot, png)
        assert editor.info.text().startswith("Dot"), unlimited
    for refusing, note in (("0", "\u201c0\u201d reads as 0 bytes: every upload is refused"),
                           ("0kb", "\u201c0kb\u201d reads as 0 bytes: every upload is refused"),
                           (-1, "maximumFileSize -1 is negative: every upload is refused")):
        editor = image_editor(media_editor, {"maximumFileSize": refusing})
        assert editor.message.isVisible() and note in editor.message.text(), refusing
        upload_via_button(editor, qtbot, png)
        assert editor.value() is None and "is too large" in editor.message.text(), refusing


def test_unusable_maximum_file_size_is_explained(media_editor):
    assert "not a size" in image_editor(media_editor, {"maximumFileSize": "huge"}).message.text()


def test_upload_is_limited_to_the_media_types_exactly(media_editor, workspace, tmp_path, qtbot):
    jpeg = tmp_path / "photo.jpg"
    jpeg.write_bytes(asset(workspace, "Harbour at dusk").path.read_bytes())
    editor = image_editor(media_editor, {"constraints": {"mediaTypes": ["image/png"]}})
    assert editor.upload_policy.name_filter() == "Accepted files (*.png)"
    upload_via_button(editor, qtbot, jpeg)
    assert editor.value() is None and "accepts only image/png" in editor.message.text()
    default = image_editor(media_editor)
    assert "*.jpg" in default.upload_policy.name_filter() and "*.pdf" not in default.upload_policy.name_filter()


def test_a_null_or_empty_media_type_list_still_limits_the_upload_to_images(media_editor, tmp_path, qtbot):
    # neos-ui Image/index.js: accept = `accept || mediaTypes.join(',')`, and PreviewScreen hands the upload
    # `accept || 'image/*'`
    pdf = tmp_path / "terms.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%%EOF\n")
    for media_types in (None, "", []):
        editor = image_editor(media_editor, {"constraints": {"mediaTypes": media_types}})
        assert "*.jpg" in editor.upload_policy.name_filter() and "*.pdf" not in editor.upload_policy.name_filter()
        assert editor.upload_button.toolTip() == "Accepts image/*", media_types
        upload_via_button(editor, qtbot, pdf)
        assert editor.value() is None and "accepts only image/*" in editor.message.text(), media_types


def test_deprecated_accept_is_the_upload_accept_string(media_editor, tmp_path, qtbot):
    png = tmp_path / "dot.png"
    png.write_bytes(png_bytes(2, 2))
    editor = image_editor(media_editor, {"accept": "image/gif"})
    assert editor.upload_policy.name_filter() == "Accepted files (*.gif)"
    assert "deprecated" in editor.upload_button.toolTip()
    upload_via_button(editor, qtbot, png)
    assert "accepts only image/gif" in editor.message.text()


def test_accepted_upload_is_copied_into_the_project_and_selected(media_editor, workspace, site, tmp_path, qtbot):
    png = tmp_path / "new-banner.png"
    png.write_bytes(png_bytes(64, 16))
    editor = image_editor(media_editor)
    with qtbot.waitSignal(editor.valueChanged):
        upload_via_button(editor, qtbot, png)
    copy = site.root / ".nodetype-studio" / "uploads" / "new-banner.png"
    assert copy.read_bytes() == png.read_bytes()
    uploaded = workspace.media.asset(editor.value()["__identity"])
    assert uploaded.title == "New banner" and (uploaded.width, uploaded.height) == (64, 16)
    dialog = editor.open_browser()
    qtbot.addWidget(dialog)
    assert "New banner" in dialog.visible_titles()


# -- crop ---------------------------------------------------------------------------------------------------
def open_crop(editor, qtbot):
    dialog = editor.open_crop()
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    return dialog


def test_locked_16_9_yields_an_exact_16_9_crop(media_editor, workspace, qtbot):
    editor = image_editor(media_editor, {"crop": {"aspectRatio": {"locked": {"width": 16, "height": 9},
                                                                  "options": {"square": {"width": 1, "height": 1}}}}},
                          value=chosen(workspace, "Tile pattern"))
    dialog = open_crop(editor, qtbot)
    assert dialog.ratio_box.isHidden() and dialog.locked_label.text() == "Aspect ratio locked to 16:9"
    with qtbot.waitSignal(editor.valueChanged):
        dialog.accept()
    crop = editor.value()["adjustments"]["crop"]
    assert crop["width"] * 9 == crop["height"] * 16 and crop == {"x": 0, "y": 56, "width": 256, "height": 144}


def drag_corner_and_apply(editor, qtbot):
    dialog = open_crop(editor, qtbot)
    area = dialog.area
    corner = area.to_widget(area.crop()).bottomRight().toPoint()
    qtbot.mousePress(area, Qt.LeftButton, pos=corner)
    qtbot.mouseMove(area, corner - QPoint(120, 10))
    qtbot.mouseRelease(area, Qt.LeftButton, pos=corner - QPoint(120, 10))
    shown = dialog.info.text()
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    crop = editor.value()["adjustments"]["crop"]
    assert shown.startswith(f"{crop['width']} \u00d7 {crop['height']} px at 0, 56")
    return crop


def test_a_locked_ratio_is_labelled_reduced(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/model.js aspectRatioReducedLabel: width and height divided by their gcd
    editor = image_editor(media_editor, {"crop": {"aspectRatio": {"locked": {"width": 1200, "height": 630}}}},
                          value=chosen(workspace, "Harbour at dusk"))
    assert open_crop(editor, qtbot).locked_label.text() == "Aspect ratio locked to 40:21"


def test_dragging_a_corner_keeps_the_locked_ratio(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/index.js handleCropComplete: only with `pixelSnapping` is the width floored to a
    # multiple of the reduced ratio (16:9 -> 16k x 9k); otherwise the ratio holds as closely as pixels allow
    locked = {"width": 16, "height": 9}
    free = drag_corner_and_apply(image_editor(media_editor, {"crop": {"aspectRatio": {"locked": locked}}},
                                              value=chosen(workspace, "Tile pattern")), qtbot)
    assert free["width"] < 256 and free["height"] == int(free["width"] * 9 / 16 + 0.5)
    snapping = {"crop": {"aspectRatio": {"locked": locked, "pixelSnapping": True}}}
    snapped = drag_corner_and_apply(image_editor(media_editor, snapping, value=chosen(workspace, "Tile pattern")), qtbot)
    assert snapped["width"] == free["width"] // 16 * 16 and snapped["width"] * 9 == snapped["height"] * 16


def test_presets_from_the_model_with_a_removed_one(model_editor, workspace, qtbot):
    editor = model_editor("Shop.Site:Content.Picture", "image", chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    labels = dialog.choice_labels()
    assert labels == ["Custom", "Original", "4:5", "5:7", "2:3", "4:3", "16:9", "Cinema"]   # square: ~ removed it
    assert dialog.current_key() is None and dialog.crop() == (0, 0, 480, 270)


def test_without_a_crop_or_default_option_the_cropper_starts_free(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/model.js: no crop and no defaultOption -> no aspect ratio (placeholder, free frame)
    aspect = {"enableOriginal": False, "options": {"square": {"width": 1, "height": 1, "label": "Square"}}}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    assert dialog.choice_labels() == ["Custom", "Square"]
    assert dialog.current_key() is None and dialog.ratio_box.currentText() == ""
    assert dialog.ratio_box.placeholderText() and dialog.crop() == (0, 0, 480, 270)
    dialog.accept()
    assert editor.value() == chosen(workspace, "Harbour at dusk")   # the whole image: no crop stored


def test_choosing_a_preset_crops_to_it(media_editor, workspace, qtbot):
    editor = image_editor(media_editor, {"crop": {"aspectRatio": {"options": {"wide": {"width": 21, "height": 9}}}}},
                          value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    dialog.set_choice("wide")
    dialog.accept()
    crop = editor.value()["adjustments"]["crop"]
    assert crop == {"x": 0, "y": 32, "width": 480, "height": 206}     # 480 * 9 / 21 = 205.7
    again = open_crop(editor, qtbot)
    assert again.current_key() == "wide" and again.crop() == tuple(crop.values())
    snapping = {"crop": {"aspectRatio": {"options": {"wide": {"width": 21, "height": 9}}, "pixelSnapping": True}}}
    snapped = image_editor(media_editor, snapping, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(snapped, qtbot)
    dialog.set_choice("wide")
    dialog.accept()
    assert snapped.value()["adjustments"]["crop"] == {"x": 2, "y": 33, "width": 476, "height": 204}   # 68 x 7:3


def test_the_clear_button_drops_the_chosen_ratio_and_keeps_the_frame(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/AspectRatioDropDown: an (x) next to a chosen ratio clears it (clearAspectRatio):
    # the placeholder is back, the frame stays and is free again
    aspect = {"options": {"wide": {"width": 21, "height": 9}}, "defaultOption": "wide"}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    assert dialog.current_key() == "wide" and dialog.clear_button.isVisible()
    frame = dialog.crop()
    qtbot.mouseClick(dialog.clear_button, Qt.LeftButton)
    assert dialog.current_key() is None and dialog.ratio_box.currentText() == "" and dialog.clear_button.isHidden()
    assert dialog.crop() == frame and dialog.area.ratio is None
    area = dialog.area
    corner = area.to_widget(frame).bottomRight().toPoint()
    qtbot.mousePress(area, Qt.LeftButton, pos=corner)
    qtbot.mouseMove(area, corner - QPoint(0, 60))
    qtbot.mouseRelease(area, Qt.LeftButton, pos=corner - QPoint(0, 60))
    x, y, w, h = dialog.crop()
    assert (x, y, w) == frame[:3] and h < frame[3]                       # only the height changed: no ratio
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert editor.value()["adjustments"]["crop"] == dict(zip(("x", "y", "width", "height"), (x, y, w, h)))
    locked = image_editor(media_editor, {"crop": {"aspectRatio": {"locked": {"width": 1, "height": 1}}}},
                          value=chosen(workspace, "Harbour at dusk"))
    assert open_crop(locked, qtbot).clear_button.isHidden()              # a lock cannot be cleared


def test_enable_original_allow_custom_and_default_option(media_editor, workspace, qtbot):
    aspect = {"enableOriginal": False, "allowCustom": False, "defaultOption": "portrait",
              "options": {"portrait": {"width": 3, "height": 4, "label": "Portrait"}, "wide": {"width": 2, "height": 1}}}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    assert dialog.choice_labels() == ["Portrait", "2:1"]
    assert dialog.current_key() == "portrait"
    assert dialog.crop() == (138, 0, 203, 270)     # 3:4 as closely as pixels allow (202.5 x 270)


def test_a_null_or_falsy_allow_custom_offers_no_custom_ratio(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/model.js: `allowCustom ? new CustomAspectRatioOption() : []`, so `allowCustom: ~`
    # (null overrides the settings' true) leaves "Custom" out and the width and height fields locked;
    # a falsy preset label falls back to W:H (`label || \`${width}:${height}\``)
    for off in (None, 0, ""):
        aspect = {"allowCustom": off, "enableOriginal": False,
                  "options": {"wide": {"width": 16, "height": 9, "label": ""}, "square": {"width": 1, "height": 1, "label": 0}}}
        editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
        dialog = open_crop(editor, qtbot)
        assert dialog.choice_labels() == ["16:9", "1:1"]
        dialog.ratio_box.setFocus()
        qtbot.keyClick(dialog.ratio_box, Qt.Key_Down)          # the first choice
        assert dialog.ratio_box.currentText() == "16:9" and dialog.current_key() == "wide"
        assert not dialog.custom_width.isEnabled() and not dialog.flip_button.isEnabled()
        qtbot.mouseClick(dialog.flip_button, Qt.LeftButton)
        assert dialog.current_key() == "wide" and (dialog.custom_width.value(), dialog.custom_height.value()) == (16, 9)
        qtbot.keyClick(dialog.ratio_box, Qt.Key_Down)
        assert dialog.ratio_box.currentText() == "1:1"
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
        assert editor.value()["adjustments"]["crop"] == {"x": 105, "y": 0, "width": 270, "height": 270}
    # `allowOriginal` is tested for truthiness too: an empty list switches the original ratio on
    aspect = {"allowCustom": False, "enableOriginal": False, "allowOriginal": [], "options": {}}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    assert open_crop(editor, qtbot).choice_labels() == ["Original"]


def test_fractional_presets_and_locks_work_as_in_the_cms(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/model.js takes `o.width / o.height` and `locked.width > 0 && locked.height > 0`
    # as numbers: a 1.85:1 preset is offered (default label "1.85:1") and a 2.39:1 lock is in force
    aspect = {"allowCustom": False, "enableOriginal": False,
              "options": {"flat": {"width": 1.85, "height": 1}, "scope": {"width": "2.39", "height": "1", "label": "Scope"}}}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    assert dialog.choice_labels() == ["1.85:1", "Scope"] and dialog.note.isHidden()
    dialog.ratio_box.setFocus()
    qtbot.keyClick(dialog.ratio_box, Qt.Key_Down)
    assert dialog.ratio_box.currentText() == "1.85:1"
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert editor.value()["adjustments"]["crop"] == {"x": 0, "y": 5, "width": 480, "height": 259}   # 480 / 1.85
    assert open_crop(editor, qtbot).current_key() == "flat"          # the stored crop matches 1.85 again
    locked = image_editor(media_editor, {"crop": {"aspectRatio": {"locked": {"width": 2.39, "height": 1}}}},
                          value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(locked, qtbot)
    assert dialog.ratio_box.isHidden() and dialog.locked_label.isVisible()
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert locked.value()["adjustments"]["crop"] == {"x": 0, "y": 34, "width": 480, "height": 201}  # 480 / 2.39


def test_fractional_widths_and_heights_show_as_written_in_the_fields(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/index.js AspectRatioItem: the fields are number inputs with `value={width}` and
    # `value={height}` of the chosen ratio, so a 1.85:1 preset shows 1.85 and 1 (not 37 and 20); a
    # fraction typed there is a custom ratio of its own (`Number(width)`)
    aspect = {"options": {"flat": {"width": 1.85, "height": 1}}}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    dialog.set_choice("flat")
    assert (dialog.custom_width.text(), dialog.custom_height.text()) == ("1.85", "1")
    qtbot.mouseClick(dialog.flip_button, Qt.LeftButton)
    assert dialog.ratio_box.currentText() == "Custom"
    assert (dialog.custom_width.text(), dialog.custom_height.text()) == ("1", "1.85")
    dialog.custom_width.selectAll()
    qtbot.keyClicks(dialog.custom_width, "2.5")
    dialog.custom_height.selectAll()
    qtbot.keyClicks(dialog.custom_height, "1")
    assert (dialog.custom_width.text(), dialog.custom_height.text()) == ("2.5", "1")
    x, y, w, h = dialog.crop()
    assert (w, h) == (480, 192)                     # 480 / 2.5


def test_custom_ratio_fields(media_editor, workspace, qtbot):
    editor = image_editor(media_editor, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    dialog.set_choice("custom")
    assert dialog.custom_width.isVisible() and dialog.custom_height.isVisible()
    dialog.custom_width.setValue(2)
    dialog.custom_height.setValue(1)
    x, y, w, h = dialog.crop()
    assert w == 2 * h


def test_custom_starts_from_the_previous_ratio_the_stored_crop_or_100_100(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/model.js CustomAspectRatioOption: the ratio in force, else the crop, else 100 x 100;
    # the custom ratio is kept while the frame is dragged
    wide = {"crop": {"aspectRatio": {"options": {"wide": {"width": 16, "height": 9}}}}}
    editor = image_editor(media_editor, wide, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)        # no crop, no defaultOption: no ratio yet
    dialog.set_choice("custom")
    assert (dialog.custom_width.value(), dialog.custom_height.value()) == (100, 100)
    x, y, w, h = dialog.crop()
    assert w == h
    dialog.set_choice("wide")
    dialog.set_choice("custom")
    assert (dialog.custom_width.value(), dialog.custom_height.value()) == (16, 9)
    cropped = image_editor(media_editor, value=chosen(workspace, "Harbour at dusk",
                                                      crop={"x": 10, "y": 10, "width": 70, "height": 30}))
    again = open_crop(cropped, qtbot)        # 7:3 matches no choice
    again.set_choice("custom")
    assert (again.custom_width.value(), again.custom_height.value()) == (70, 30)


def test_a_chosen_preset_shows_its_width_and_height_and_can_be_flipped(media_editor, workspace, qtbot):
    # neos-ui ImageCropper/index.js: every chosen ratio shows its width and height beside a swap button;
    # changing or swapping them makes a custom ratio (model.js setDimensions, flipAspectRatio); without
    # `allowCustom` the fields and the button are disabled
    aspect = {"options": {"wide": {"width": 16, "height": 9, "label": "Wide"}}}
    editor = image_editor(media_editor, {"crop": {"aspectRatio": aspect}}, value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(editor, qtbot)
    dialog.set_choice("wide")
    assert dialog.custom_width.isVisible() and dialog.flip_button.isVisible() and dialog.flip_button.isEnabled()
    assert (dialog.custom_width.value(), dialog.custom_height.value()) == (16, 9)
    qtbot.mouseClick(dialog.flip_button, Qt.LeftButton)
    assert dialog.ratio_box.currentText() == "Custom"
    assert (dialog.custom_width.value(), dialog.custom_height.value()) == (9, 16)
    x, y, w, h = dialog.crop()
    assert h == 270 and w == 152                    # 270 * 9 / 16 = 151.9: a portrait frame
    dialog.set_choice("wide")
    dialog.custom_height.selectAll()
    qtbot.keyClicks(dialog.custom_height, "10")
    assert dialog.ratio_box.currentText() == "Custom" and (dialog.custom_width.value(), dialog.custom_height.value()) == (16, 10)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert editor.value()["adjustments"]["crop"] == {"x": 24, "y": 0, "width": 432, "height": 270}
    fixed = image_editor(media_editor, {"crop": {"aspectRatio": dict(aspect, allowCustom=False)}},
                         value=chosen(workspace, "Harbour at dusk"))
    dialog = open_crop(fixed, qtbot)
    dialog.set_choice("wide")
    assert dialog.custom_width.isVisible() and not dialog.custom_width.isEnabled() and not dialog.flip_button.isEnabled()
    qtbot.mouseClick(dialog.flip_button, Qt.LeftButton)
    assert dialog.current_key() == "wide" and (dialog.custom_width.value(), dialog.custom_height.value()) == (16, 9)


def test_cancelling_the_crop_changes_nothing(media_editor, workspace, qtbot):
    value = chosen(workspace, "Harbour at dusk")
    editor = image_editor(media_editor, value=dict(value))
    dialog = open_crop(editor, qtbot)
    dialog.set_choice("square") if "square" in dialog.choices.keys else None
    dialog.reject()
    assert editor.value() == value


# -- resize and remove --------------------------------------------------------------------------------------
def test_resize_keeps_the_aspect_ratio(media_editor, workspace, qtbot):
    editor = image_editor(media_editor, {"features": {"resize": True}},
                          value=chosen(workspace, "Harbour at dusk", crop={"x": 0, "y": 0, "width": 160, "height": 90}))
    assert editor.resize_width.isEnabled() and not editor.resize_box.isChecked()
    editor.resize_box.setChecked(True)
    editor.resize_width.setValue(320)
    assert editor.resize_height.value() == 180
    assert editor.value()["adjustments"] == {"crop": {"x": 0, "y": 0, "width": 160, "height": 90},
                                             "resize": {"width": 320, "height": 180}}
    editor.resize_height.setValue(45)
    assert editor.value()["adjustments"]["resize"] == {"width": 80, "height": 45}
    editor.resize_box.setChecked(False)
    assert "resize" not in editor.value()["adjustments"]


def test_resize_keeps_the_ratio_of_the_original_image_even_when_cropped(media_editor, workspace, qtbot):
    # neos-ui Image/index.js hands ResizeControls the image's originalDimensions (toggling on stores them, a
    # typed width gives the height Math.round(width * h / w)); handleMediaCrop leaves the resize as it is
    editor = image_editor(media_editor, {"features": {"resize": True}},
                          value=chosen(workspace, "Harbour at dusk", crop={"x": 0, "y": 0, "width": 160, "height": 160}))
    assert (editor.resize_width.value(), editor.resize_height.value()) == (480, 270)
    qtbot.mouseClick(editor.resize_box, Qt.LeftButton)
    assert editor.resize_box.isChecked()
    assert editor.value()["adjustments"]["resize"] == {"width": 480, "height": 270}
    editor.resize_width.selectAll()
    qtbot.keyClicks(editor.resize_width, "320")
    assert (editor.resize_width.value(), editor.resize_height.value()) == (320, 180)
    assert editor.value()["adjustments"] == {"crop": {"x": 0, "y": 0, "width": 160, "height": 160},
                                             "resize": {"width": 320, "height": 180}}
    dialog = open_crop(editor, qtbot)
    dialog.set_choice("custom")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    adjustments = editor.value()["adjustments"]
    assert adjustments["crop"] != {"x": 0, "y": 0, "width": 160, "height": 160}
    assert adjustments["resize"] == {"width": 320, "height": 180}
    assert editor.info.text().endswith("resized to 320 \u00d7 180")


def test_typing_a_size_switches_resizing_on(media_editor, workspace, qtbot):
    # neos-ui Image/Components/ResizeControls/index.js: the number fields are not disabled while the resize
    # checkbox is off; a typed width stores a resize adjustment (the checkbox follows it)
    editor = image_editor(media_editor, {"features": {"resize": True}}, value=chosen(workspace, "Harbour at dusk"))
    assert not editor.resize_box.isChecked() and editor.resize_height.isEnabled()
    editor.resize_height.selectAll()
    qtbot.keyClicks(editor.resize_height, "90")
    assert editor.resize_box.isChecked() and editor.resize_width.value() == 160
    assert editor.value()["adjustments"] == {"resize": {"width": 160, "height": 90}}
    qtbot.mouseClick(editor.resize_box, Qt.LeftButton)
    assert editor.value() == chosen(workspace, "Harbour at dusk")
    assert (editor.resize_width.value(), editor.resize_height.value()) == (480, 270)
    disabled = image_editor(media_editor, {"features": {"resize": True}, "disabled": True},
                            value=chosen(workspace, "Harbour at dusk"))
    assert not disabled.resize_width.isEnabled() and not disabled.resize_box.isEnabled()


def test_remove_stores_an_empty_string(media_editor, workspace, qtbot):
    editor = image_editor(media_editor, value=chosen(workspace, "Tile pattern"))
    qtbot.mouseClick(editor.remove_button, Qt.LeftButton)
    assert editor.value() == "" and editor.info.text() == "No image chosen"


def test_disabled(media_editor):
    editor = image_editor(media_editor, {"disabled": True})
    assert editor.is_disabled() and not editor.upload_button.isEnabled()


def test_infinite_and_odd_numbers_never_break_the_editor(media_editor, workspace, qtbot):
    # YAML `.inf` (and `.nan`, which the CMS's parser also reads as infinity) in options or a stored value
    inf = float("inf")
    for options in ({"maximumFileSize": inf}, {"maximumFileSize": float("nan")},
                    {"crop": {"aspectRatio": {"locked": {"width": inf, "height": 9}}}},
                    {"crop": {"aspectRatio": {"options": {"x": {"width": inf, "height": 1}}}}}):
        editor = image_editor(media_editor, options, value=chosen(workspace, "Harbour at dusk"))
        assert type(editor).__name__ == "ImageEditor", options
        open_crop(editor, qtbot).reject()
        if "maximumFileSize" in options:
            assert "is not a size" in editor.message.text()
    for adjustments in ({"crop": {"x": inf, "y": 0, "width": 10, "height": 10}},
                        {"resize": {"width": inf, "height": 1e300}}, {"resize": {"width": 10 ** 30, "height": "x"}}):
        editor = image_editor(media_editor, {"features": {"resize": True}},
                              value=chosen(workspace, "Harbour at dusk", **adjustments))
        assert type(editor).__name__ == "ImageEditor", adjustments
        assert editor.info.text().startswith("Harbour at dusk")


# -- pictures declaring more pixels than the studio decodes ----------------------------------------------
BOMB = "50000 \u00d7 50000 pixels, more than the 67 megapixels the studio decodes"


def _with_bomb(tmp_path):
    return declared_png(tmp_path / "Shop.Site" / "Resources" / "Public" / "Images" / "huge-poster.png")


def test_a_picture_declaring_too_many_pixels_is_named_where_its_preview_would_be(media_editor, workspace, tmp_path):
    path = _with_bomb(tmp_path)
    assert path.stat().st_size < 200  # a small file: only its header says how large it is
    editor = image_editor(media_editor, value=chosen(workspace, "Huge poster"))
    assert editor.info.text() == ("Huge poster \u00b7 50000 \u00d7 50000 \u00b7 \u201chuge-poster.png\u201d is not shown: "
                                  f"it declares {BOMB}")
    assert editor.preview.pixmap().width() <= 48  # the file-type icon stands in for the picture


def test_the_browser_and_the_cropper_say_why_the_picture_is_not_shown(media_editor, workspace, tmp_path, qtbot):
    _with_bomb(tmp_path)
    editor = image_editor(media_editor, value=chosen(workspace, "Huge poster"))
    browser = editor.open_browser()
    qtbot.addWidget(browser)
    [item] = [browser.grid.item(i) for i in range(browser.grid.count()) if browser.grid.item(i).text() == "Huge poster"]
    assert f"\u201chuge-poster.png\u201d is not shown: it declares {BOMB}" in item.toolTip()
    browser.reject()
    qtbot.mouseClick(editor.crop_button, Qt.LeftButton)
    dialog = editor.dialog
    qtbot.addWidget(dialog)
    assert isinstance(dialog, CropDialog) and dialog.area.image.isNull()
    assert dialog.note.isVisible() and f"\u201chuge-poster.png\u201d is not shown: it declares {BOMB}" in dialog.note.text()


def test_the_allocation_limit_is_set_explicitly(tmp_path):
    from PySide6.QtGui import QImageReader

    from nodetype_studio.ui import imagebounds

    before = QImageReader.allocationLimit()
    try:
        QImageReader.setAllocationLimit(0)  # no limit at all (another library may lift Qt's)
        assert imagebounds.too_large(_with_bomb(tmp_path)) is not None
        assert QImageReader.allocationLimit() == imagebounds.ALLOCATION_LIMIT_MB
    finally:
        QImageReader.setAllocationLimit(before)
