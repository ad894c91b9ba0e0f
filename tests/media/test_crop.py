"""Aspect ratio choices of crop.aspectRatio and exact crop arithmetic."""

import pytest

from nodetype_studio.media.crop import (
    CUSTOM,
    ORIGINAL,
    Ratio,
    clamp,
    fit,
    matching_choice,
    moved,
    ratio_choices,
    resize_from,
)

DEFAULTS = {
    "options": {"square": {"width": 1, "height": 1, "label": "Square"}, "fourThree": {"width": 4, "height": 3},
                "sixteenNine": {"width": 16, "height": 9}},
    "enableOriginal": True, "allowCustom": True, "locked": {"width": 0, "height": 0},
}


def test_default_choices_in_the_cms_cropper_order_custom_original_presets():
    choices = ratio_choices(DEFAULTS, 800, 600)
    assert [r.label for r in choices.ratios] == ["Custom", "Original", "Square", "4:3", "16:9"]
    assert not choices.locked and choices.default is None   # no defaultOption: the cropper starts free


def test_locked_ratio_hides_every_other_choice():
    choices = ratio_choices(dict(DEFAULTS, locked={"width": 16, "height": 9}), 1000, 1000)
    assert choices.locked and [r.label for r in choices.ratios] == ["16:9"]


def test_a_half_lock_is_no_lock():
    assert not ratio_choices(dict(DEFAULTS, locked={"width": 16, "height": 0}), 10, 10).locked


def test_null_presets_are_removed_and_labels_default_to_w_h():
    aspect = dict(DEFAULTS, options=dict(DEFAULTS["options"], square=None, wide={"width": 21, "height": 9}))
    labels = [r.label for r in ratio_choices(aspect, 10, 10).ratios]
    assert "Square" not in labels and "21:9" in labels


def test_enable_original_allow_custom_and_default_option():
    aspect = dict(DEFAULTS, enableOriginal=False, allowCustom=False, defaultOption="sixteenNine")
    choices = ratio_choices(aspect, 10, 10)
    assert choices.keys == ["square", "fourThree", "sixteenNine"]
    assert choices.default == "sixteenNine"
    assert ORIGINAL in ratio_choices(dict(aspect, allowOriginal=True), 10, 10).keys   # the CMS's own key


def test_bad_presets_and_default_option_are_reported():
    aspect = {"options": {"odd": "16x9", "zero": {"width": 0, "height": 3}}, "defaultOption": "missing"}
    choices = ratio_choices(aspect, 10, 10)
    assert len(choices.problems) == 3
    assert choices.keys == [CUSTOM, ORIGINAL] and choices.default is None


def test_default_option_names_a_preset_only():
    # the CMS's cropper looks `defaultOption` up among the presets (`options[defaultOption]`)
    assert ratio_choices(dict(DEFAULTS, defaultOption="fourThree"), 10, 10).default == "fourThree"
    for name in (ORIGINAL, CUSTOM, "gone"):
        choices = ratio_choices(dict(DEFAULTS, defaultOption=name), 10, 10)
        assert choices.default is None and choices.problems, name


@pytest.mark.parametrize("width, height", [(1000, 1000), (1921, 1080), (480, 270), (333, 777)])
def test_fit_with_pixel_snapping_is_exactly_the_ratio(width, height):
    x, y, w, h = fit(Ratio("w", "16:9", 16, 9), width, height, snap=True)
    assert w * 9 == h * 16
    assert 0 <= x and x + w <= width and 0 <= y and y + h <= height


@pytest.mark.parametrize("width, height, size", [(1000, 1000, (1000, 563)), (1921, 1080, (1920, 1080)),
                                                 (480, 270, (480, 270)), (333, 777, (333, 187))])
def test_fit_without_pixel_snapping_is_the_ratio_as_closely_as_pixels_allow(width, height, size):
    # neos-ui ImageCropper/index.js snaps only with `pixelSnapping`; otherwise each side is rounded on its own
    x, y, w, h = fit(Ratio("w", "16:9", 16, 9), width, height)
    assert (w, h) == size and 0 <= x and x + w <= width and 0 <= y and y + h <= height


def test_pixel_snapping_floors_to_the_multiple_below():
    # handleCropComplete: Math.floor(width / reduced width) * reduced width, the height follows
    ratio = Ratio("w", "16:9", 1600, 900)
    assert resize_from((0, 0), (1631, 10), ratio, 4000, 4000, snap=True) == (0, 0, 1616, 909)
    assert resize_from((0, 0), (1631, 10), ratio, 4000, 4000) == (0, 0, 1631, 917)
    assert ratio_choices({"pixelSnapping": True}, 10, 10).snap and not ratio_choices({}, 10, 10).snap
    assert ratio_choices({"pixelSnapping": "yes", "locked": {"width": 1, "height": 1}}, 10, 10).snap


def test_resize_from_a_corner_keeps_the_ratio_and_the_bounds():
    ratio = Ratio("r", "4:3", 4, 3)
    x, y, w, h = resize_from((100, 100), (400, 150), ratio, 480, 270, snap=True)
    assert w * 3 == h * 4 and x == 100 and y == 100 and y + h <= 270
    x, y, w, h = resize_from((300, 200), (0, 0), ratio, 480, 270, snap=True)
    assert (x + w, y + h) == (300, 200) and w * 3 == h * 4
    x, y, w, h = resize_from((100, 100), (400, 150), ratio, 480, 270)
    assert (x, y) == (100, 100) and y + h <= 270 and abs(h - w * 3 / 4) <= 0.5
    assert resize_from((10, 10), (60, 30), None, 100, 100) == (10, 10, 50, 20)


def test_move_stays_inside_the_image():
    assert moved((10, 10, 50, 50), 500, -500, 100, 100) == (50, 0, 50, 50)


def test_clamp_and_matching_choice():
    assert clamp({"x": -5, "y": 0, "width": 500, "height": 20}, 100, 50) == (0, 0, 100, 20)
    assert clamp({"x": 1}, 10, 10) is None and clamp("crop", 10, 10) is None
    choices = ratio_choices(DEFAULTS, 800, 600)
    assert matching_choice(choices, (0, 0, 160, 90)) == "sixteenNine"
    assert matching_choice(choices, (0, 0, 800, 600)) == ORIGINAL
    assert matching_choice(choices, (0, 0, 1601, 900)) == "sixteenNine"   # ratios compared to two decimals
    assert matching_choice(choices, (0, 0, 7, 3)) is None                 # no match, no defaultOption: free
    assert matching_choice(choices, None) is None
    with_default = ratio_choices(dict(DEFAULTS, defaultOption="square"), 800, 600)
    assert matching_choice(with_default, None) == "square"
    assert matching_choice(with_default, (0, 0, 7, 3)) == "square"
    assert matching_choice(with_default, (0, 0, 400, 300)) == ORIGINAL   # the original ratio is matched first
