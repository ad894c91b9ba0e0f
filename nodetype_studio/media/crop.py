"""Aspect ratio choices of the image cropper and crop rectangle arithmetic (Qt-free).

``crop.aspectRatio`` (spec, ImageEditor): ``locked`` (active when width and height are both > 0)
fixes the ratio and hides every other choice; otherwise the choices are, in the order the CMS's
cropper lists them (neos-ui ``ImageCropper/model.js``): "Custom" (``allowCustom``, default true; tested
for truthiness, so ``~`` drops it), the original ratio (``enableOriginal``, default true; ``allowOriginal``,
which the CMS reads, also switches it on) and the ``options`` presets in their merged order (null
entries — presets removed by a subtype — and entries without a positive width and height are left out;
a missing or falsy label gives ``W:H``).

Which choice the cropper starts with, as the CMS's cropper decides: for an existing crop, the original
ratio or the first preset whose ratio matches it to two decimals; otherwise the ``defaultOption``
preset; otherwise none, which leaves the frame free.

A fixed ratio keeps the crop as close to it as whole pixels allow (1601 x 900 may pass for 16:9).
With ``pixelSnapping`` (truthy), as in the CMS's cropper (neos-ui ``ImageCropper/index.js``
``handleCropComplete``), the crop width is floored to a whole multiple of the reduced ratio and the
height follows, so a 16:9 crop is exactly 16:9 in pixels (e.g. 1600 x 900).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from math import gcd
from typing import Any, Mapping

from nodetype_studio.js.values import truthy

ORIGINAL = "original"
CUSTOM = "custom"
LOCKED = "locked"


@dataclass(frozen=True, slots=True)
class Ratio:
    key: str
    label: str
    width: int | None = None  # None: free (custom)
    height: int | None = None
    #: width and height as written (a 1.85:1 preset: 1.85 and 1), which the CMS's cropper shows in its
    #: width and height fields; None: ``width`` and ``height`` themselves
    written: tuple[float, float] | None = None

    @property
    def free(self) -> bool:
        return not self.width or not self.height

    @property
    def shown(self) -> tuple[float, float] | None:
        """The width and height the cropper's fields show (None for a free ratio)."""
        if self.free:
            return None
        return self.written or (float(self.width or 0), float(self.height or 0))

    def reduced(self) -> tuple[int, int] | None:
        if self.free:
            return None
        assert self.width is not None and self.height is not None
        divisor = gcd(self.width, self.height)
        return self.width // divisor, self.height // divisor


@dataclass(frozen=True, slots=True)
class RatioChoices:
    ratios: list[Ratio]
    locked: bool
    default: str | None  # key of the preset chosen while no crop matches a choice (None: a free frame)
    problems: tuple[str, ...] = ()
    snap: bool = False  # `pixelSnapping`: fixed-ratio crops are whole multiples of the reduced ratio

    def get(self, key: str | None) -> Ratio | None:
        return next((r for r in self.ratios if r.key == key), None)

    @property
    def keys(self) -> list[str]:
        return [r.key for r in self.ratios]


def _positive(value: Any) -> float | None:
    """A positive finite number (``16``, ``16.0``, ``'16'``, ``1.85``), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) and number > 0 else None


def custom_ratio(width: float, height: float) -> Ratio:
    """The custom ratio of the width and height typed into the cropper's fields (fractions too); a field
    left empty or 0 counts as 1, as the CMS's cropper reads it (``width || 1``)."""
    width, height = (_positive(width) or 1.0), (_positive(height) or 1.0)
    return Ratio(CUSTOM, "Custom", *_whole_ratio(width, height), written=(width, height))


def _whole_ratio(width: float, height: float) -> tuple[int, int]:
    """``width:height`` as whole numbers: as written when both are whole, else the same ratio reduced
    (the CMS takes a 1.85:1 preset or a 2.39:1 lock as it is; here 1.85:1 is 37:20)."""
    if width == int(width) and height == int(height):
        return int(width), int(height)
    ratio = (Fraction(width) / Fraction(height)).limit_denominator(10000)
    return max(ratio.numerator, 1), ratio.denominator


def _shown(value: Any) -> str:
    """A preset's width or height in its default label, as JavaScript's template string prints it."""
    if isinstance(value, str):
        return value
    number = float(value)
    return str(int(number)) if number == int(number) else repr(number)


def ratio_choices(aspect: Any, image_width: int | None, image_height: int | None) -> RatioChoices:
    """The ratio choices ``crop.aspectRatio`` offers for an image of the given size."""
    aspect = aspect if isinstance(aspect, Mapping) else {}
    problems: list[str] = []
    snap = truthy(aspect.get("pixelSnapping"))
    locked = aspect.get("locked") if isinstance(aspect.get("locked"), Mapping) else {}
    lock_w, lock_h = _positive(locked.get("width")), _positive(locked.get("height"))
    if lock_w and lock_h:  # `locked.width > 0 && locked.height > 0`, fractions too
        whole_w, whole_h = _whole_ratio(lock_w, lock_h)
        ratio = Ratio(LOCKED, f"{whole_w}:{whole_h}", whole_w, whole_h, (lock_w, lock_h))
        return RatioChoices([ratio], True, LOCKED, snap=snap)
    ratios: list[Ratio] = []
    # the CMS's cropper asks `allowCustom ? ...` and `allowOriginal ? ...` (neos-ui ImageCropper/model.js):
    # JavaScript truthiness, so `allowCustom: ~`, `0` or `''` (null overrides the settings' true) drop "Custom"
    if truthy(aspect.get("allowCustom", True)):
        ratios.append(Ratio(CUSTOM, "Custom"))
    if (aspect.get("enableOriginal", True) is not False or truthy(aspect.get("allowOriginal"))) and image_width and image_height:
        ratios.append(Ratio(ORIGINAL, "Original", image_width, image_height))
    presets = aspect.get("options") if isinstance(aspect.get("options"), Mapping) else {}
    preset_keys = []
    for key, preset in presets.items():
        if preset is None:
            continue  # removed by a subtype
        if not isinstance(preset, Mapping):
            problems.append(f"preset \u201c{key}\u201d is not a map with width and height")
            continue
        raw_w, raw_h = preset.get("width"), preset.get("height")
        width, height = _positive(raw_w), _positive(raw_h)
        if not width or not height:
            problems.append(f"preset \u201c{key}\u201d needs a positive width and height")
            continue
        label = preset.get("label")
        # `label || \`${width}:${height}\`` (model.js ConfiguredAspectRatioStrategy): any falsy label gives W:H
        label = str(label) if truthy(label) else f"{_shown(raw_w)}:{_shown(raw_h)}"
        ratios.append(Ratio(str(key), label, *_whole_ratio(width, height), (width, height)))
        preset_keys.append(str(key))
    default = aspect.get("defaultOption")
    if default in (None, ""):
        default = None
    elif str(default) not in preset_keys:  # the CMS looks the name up among the presets only
        problems.append(f"defaultOption \u201c{default}\u201d is not one of the presets")
        default = None
    else:
        default = str(default)
    return RatioChoices(ratios, False, default, tuple(problems), snap)


def _ratio_text(width: float, height: float) -> str:
    """``width / height`` to two decimals, rounded as JavaScript's ``toFixed(2)`` rounds."""
    return str(Decimal(width / height).quantize(Decimal("0.01"), ROUND_HALF_UP))


def matching_choice(choices: RatioChoices, crop: tuple[int, int, int, int] | None) -> str | None:
    """The choice the cropper starts with: for an existing crop the original ratio or the first preset
    its ratio matches (to two decimals, as the CMS compares), else the default preset, else None (free)."""
    if choices.locked:
        return choices.default
    if crop:
        _x, _y, width, height = crop
        if width > 0 and height > 0:
            wanted = _ratio_text(width, height)
            for ratio in choices.ratios:
                if not ratio.free and _ratio_text(ratio.width or 0, ratio.height or 1) == wanted:
                    return ratio.key
    return choices.default


def fit(ratio: Ratio | None, image_width: int, image_height: int, snap: bool = False) -> tuple[int, int, int, int]:
    """The largest centred crop of ``ratio`` inside the image (the whole image when free)."""
    if ratio is None or ratio.free:
        return 0, 0, image_width, image_height
    width, height = (snapped_size if snap else ratio_size)(ratio, image_width, image_height)
    return (image_width - width) // 2, (image_height - height) // 2, width, height


def ratio_size(ratio: Ratio, max_width: int, max_height: int, wanted_width: float | None = None) -> tuple[int, int]:
    """The biggest whole-pixel size of about ``ratio`` within the bounds (and ``wanted_width`` when given);
    the height is rounded from the width, so it is the ratio only as closely as pixels allow."""
    assert ratio.width and ratio.height, "a free ratio has no size"
    full_height_width = max_height * ratio.width / ratio.height
    width = min(float(max_width), full_height_width, math.inf if wanted_width is None else wanted_width)
    # rounded half up, as the CMS's Math.round turns its percentages into pixels
    if width == full_height_width:  # the height is the limit: all of it, the width rounded
        return min(max_width, max(1, math.floor(width + 0.5))), max_height
    whole = max(1, int(width))
    return whole, min(max_height, max(1, math.floor(whole * ratio.height / ratio.width + 0.5)))


def snapped_size(ratio: Ratio, max_width: int, max_height: int, wanted_width: float | None = None) -> tuple[int, int]:
    """The biggest ``k * reduced ratio`` not exceeding the bounds (and ``wanted_width`` when given: floored
    to the multiple below it, as the CMS's ``pixelSnapping`` does)."""
    reduced = ratio.reduced()
    assert reduced is not None, "a free ratio has no snapped size"
    rw, rh = reduced
    steps = min(max_width // rw, max_height // rh)
    if wanted_width is not None:
        steps = min(steps, max(1, int(wanted_width // rw)))
    if steps >= 1:
        return rw * steps, rh * steps
    # The image is smaller than the reduced ratio itself (e.g. 21:9 on 10 x 10 px): the closest fit.
    assert ratio.width and ratio.height
    scale = min(max_width / ratio.width, max_height / ratio.height)
    return max(1, round(ratio.width * scale)), max(1, round(ratio.height * scale))


def resize_from(anchor: tuple[float, float], point: tuple[float, float], ratio: Ratio | None,
                image_width: int, image_height: int, minimum: int = 8, snap: bool = False) -> tuple[int, int, int, int]:
    """A crop spanned from the fixed corner ``anchor`` towards ``point``, kept inside the image, with
    ``ratio`` enforced (snapped with ``snap``) unless it is free."""
    ax, ay = anchor
    px = min(max(point[0], 0), image_width)
    py = min(max(point[1], 0), image_height)
    right, down = px >= ax, py >= ay
    room_w = (image_width - ax) if right else ax
    room_h = (image_height - ay) if down else ay
    if ratio is None or ratio.free:
        width = int(min(max(abs(px - ax), minimum), room_w))
        height = int(min(max(abs(py - ay), minimum), room_h))
    else:
        assert ratio.width and ratio.height
        wanted = max(abs(px - ax), abs(py - ay) * ratio.width / ratio.height, 1)
        width, height = (snapped_size if snap else ratio_size)(ratio, int(room_w), int(room_h), wanted)
    x = int(ax) if right else int(ax) - width
    y = int(ay) if down else int(ay) - height
    return max(x, 0), max(y, 0), width, height


def moved(crop: tuple[int, int, int, int], dx: float, dy: float, image_width: int, image_height: int) -> tuple[int, int, int, int]:
    x, y, width, height = crop
    x = int(min(max(x + dx, 0), image_width - width))
    y = int(min(max(y + dy, 0), image_height - height))
    return x, y, width, height


def clamp(crop: Any, image_width: int, image_height: int) -> tuple[int, int, int, int] | None:
    """A stored crop mapping (``x, y, width, height``) as a tuple inside the image, or None."""
    if not isinstance(crop, Mapping):
        return None
    try:
        x, y, width, height = (int(crop[k]) for k in ("x", "y", "width", "height"))
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    x, y = min(max(x, 0), max(image_width - 1, 0)), min(max(y, 0), max(image_height - 1, 0))
    width, height = min(width, image_width - x), min(height, image_height - y)
    return (x, y, width, height) if width > 0 and height > 0 else None
