"""ImageEditor: a preview of the chosen image (with its crop), Media Browser, Upload, Crop and Resize.

``features`` switch the buttons (``mediaBrowser``, ``upload``, ``crop`` — never offered for SVG —
and ``resize``); ``constraints.mediaTypes`` (default ``image/*``) and ``assetSources`` limit the
browser (sub type ignored) and the upload (exact; the deprecated ``accept`` wins when set);
``maximumFileSize`` limits uploads; ``crop.aspectRatio`` configures the cropper, and ``forceCrop``
opens it right after an image is chosen (also while ``features.crop`` hides the Crop button). The value is
``{"__identity": <asset id>, "adjustments": {"crop": {x, y, width, height}, "resize": {width, height}}}``
(``adjustments`` only when there are any); removing the image stores ``''``.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.js.values import truthy
from nodetype_studio.media import crop as croplib
from nodetype_studio.media.library import Asset
from nodetype_studio.media.mediatypes import patterns
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import string_list, workspace_of
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.cropdialog import CropDialog
from nodetype_studio.ui.editors.mediabrowser import MediaChooser
from nodetype_studio.ui.editors.pickers import MessageLine
from nodetype_studio.ui.editors.thumbs import asset_pixmap, file_icon, not_shown
from nodetype_studio.ui.editors.upload import UploadPolicy
from nodetype_studio.ui.sections import WheelWithFocus, wheel_with_focus


class _SpinBox(WheelWithFocus, QSpinBox):
    """A resize field: the wheel changes it only once it has focus."""

PREVIEW = QSize(280, 160)
EMPTY_PREVIEW_HEIGHT = 64
RESIZE_MAX = 100000


def _pixels(value: Any) -> int | None:
    """A stored resize width or height as whole pixels (1 to ``RESIZE_MAX``); None for anything else."""
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return min(int(number), RESIZE_MAX) if math.isfinite(number) and number >= 1 else None


def _button(parent: QWidget, icon: str, text: str, name: str) -> QPushButton:
    button = QPushButton(icons.icon(icon), text, parent)
    button.setObjectName(name)
    return button


class ImageEditor(MessageLine, MediaChooser, EditorWidget):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.library = workspace_of(ctx).media
        self.features = {name: ctx.flag(f"features.{name}") for name in ("crop", "upload", "mediaBrowser", "resize")}
        media_types = ctx.option("constraints.mediaTypes", ["image/*"])
        self.media_types = patterns(media_types)
        # the CMS hands its media browser `constraints.mediaTypes || ['image/*']`: a null one shows images
        self.browser_media_types = self.media_types if truthy(media_types) else ["image/*"]
        self.asset_sources = string_list(ctx.option("constraints.assetSources"))
        self.aspect = ctx.option("crop.aspectRatio") if isinstance(ctx.option("crop.aspectRatio"), Mapping) else {}
        self.force_crop = truthy(self.aspect.get("forceCrop"))
        # ... and its upload `accept || mediaTypes.join(',') || 'image/*'`: a null or empty list uploads images only
        # (neos-ui Image/index.js render, Image/Components/PreviewScreen/index.js)
        self.upload_policy = UploadPolicy(self.library, self.media_types or ["image/*"], ctx.option("accept"),
                                          ctx.option("maximumFileSize"))
        self.dialog = None  # the open media browser or crop dialog
        self._syncing = False

        self.container = QWidget(self)
        layout = QVBoxLayout(self.container)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.preview = QLabel(self.container)
        self.preview.setObjectName("preview")
        self.preview.setAlignment(Qt.AlignCenter)
        self.preview.setFixedHeight(EMPTY_PREVIEW_HEIGHT)
        self.preview.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.preview.setFrameShape(QLabel.StyledPanel)
        layout.addWidget(self.preview)
        self.info = QLabel(self.container)
        self.info.setObjectName("info")
        self.info.setWordWrap(True)
        style.tint(self.info, style.MUTED)
        layout.addWidget(self.info)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.browse_button = _button(self.container, "fas fa-photo-video", "Media", "mediaBrowser")
        self.browse_button.setToolTip("Choose from the media library")
        self.browse_button.clicked.connect(self.open_browser)
        self.upload_button = _button(self.container, "fas fa-upload", "Upload", "upload")
        self.upload_button.setToolTip(self.upload_policy.describe())
        self.upload_button.clicked.connect(self.upload_chosen_file)
        self.crop_button = _button(self.container, "fas fa-crop-alt", "Crop", "crop")
        self.crop_button.clicked.connect(self.open_crop)
        self.remove_button = _button(self.container, "fas fa-times", "", "remove")
        self.remove_button.setToolTip("Remove the image")
        self.remove_button.clicked.connect(self.remove)
        for button in (self.browse_button, self.upload_button, self.crop_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.remove_button)
        layout.addLayout(row)
        self.browse_button.setVisible(self.features["mediaBrowser"])
        self.upload_button.setVisible(self.features["upload"])
        self.resize_box: QCheckBox | None = None
        if self.features["resize"]:
            layout.addWidget(self._resize_row())
        self.message = QLabel(self.container)
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        self.add_field(self.container)
        if self.upload_policy.limit.problem:
            self.say(self.upload_policy.limit.problem, style.NOTE)

    def _resize_row(self) -> QWidget:
        self.resize_row = QWidget(self.container)
        row = QHBoxLayout(self.resize_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.resize_box = QCheckBox("Resize to", self.resize_row)
        self.resize_box.setObjectName("resize")
        self.resize_box.toggled.connect(self._resize_toggled)
        self.resize_width = wheel_with_focus(_SpinBox(self.resize_row))
        self.resize_width.setObjectName("resizeWidth")
        self.resize_height = wheel_with_focus(_SpinBox(self.resize_row))
        self.resize_height.setObjectName("resizeHeight")
        for spin in (self.resize_width, self.resize_height):
            spin.setRange(1, RESIZE_MAX)
            spin.setSuffix(" px")
            spin.setEnabled(False)
        self.resize_width.valueChanged.connect(lambda v: self._resized("width", v))
        self.resize_height.valueChanged.connect(lambda v: self._resized("height", v))
        row.addWidget(self.resize_box)
        row.addWidget(self.resize_width)
        row.addWidget(QLabel("\u00d7", self.resize_row))
        row.addWidget(self.resize_height)
        row.addStretch(1)
        return self.resize_row

    # -- value ---------------------------------------------------------------------------------
    def identity(self) -> str | None:
        value = self.value()
        if isinstance(value, Mapping):
            identity = value.get("__identity")
            return identity if isinstance(identity, str) and identity else None
        return value if isinstance(value, str) and value else None

    def asset(self) -> Asset | None:
        return self.library.asset(self.identity())

    def adjustments(self) -> dict:
        value = self.value()
        adjustments = value.get("adjustments") if isinstance(value, Mapping) else None
        return dict(adjustments) if isinstance(adjustments, Mapping) else {}

    def current_crop(self) -> tuple[int, int, int, int] | None:
        asset = self.asset()
        if asset is None or not asset.width:
            return None
        return croplib.clamp(self.adjustments().get("crop"), asset.width, asset.height)

    def _store(self, identity: str, crop: tuple | None = None, resize: tuple | None = None) -> dict:
        value: dict[str, Any] = {"__identity": identity}
        adjustments = {}
        if crop:
            adjustments["crop"] = dict(zip(("x", "y", "width", "height"), crop))
        if resize:
            adjustments["resize"] = dict(resize) if isinstance(resize, Mapping) else dict(zip(("width", "height"), resize))
        if adjustments:
            value["adjustments"] = adjustments
        return value

    def show_value(self, value: Any) -> None:
        asset = self.asset()
        identity = self.identity()
        can_crop = self.features["crop"] and asset is not None and asset.is_image and not asset.is_svg and bool(asset.width)
        self.crop_button.setVisible(can_crop)
        self.remove_button.setVisible(identity is not None)
        self.preview.setFixedHeight(PREVIEW.height() if asset is not None else EMPTY_PREVIEW_HEIGHT)
        if identity is None:
            self.preview.setPixmap(icons.icon("far fa-image").pixmap(QSize(40, 40)))
            self.info.setText("No image chosen")
            style.tint(self.info, style.MUTED)
            self._show_resize(None)
            return
        if asset is None:
            self.preview.setPixmap(icons.icon("fas fa-exclamation-triangle").pixmap(QSize(40, 40)))
            self.info.setText(f"Unknown image {identity}: it is not in the media library")
            style.tint(self.info, style.ERROR)
            self._show_resize(None)
            return
        crop = self.current_crop()
        pixmap = asset_pixmap(asset, PREVIEW, crop)
        self.preview.setPixmap(pixmap if pixmap is not None else file_icon(asset.media_type).pixmap(QSize(48, 48)))
        parts = [asset.title, asset.dimensions]
        if crop:
            parts.append(f"cropped to {crop[2]} \u00d7 {crop[3]}")
        resize = self.adjustments().get("resize")
        if isinstance(resize, Mapping):
            parts.append(f"resized to {resize.get('width')} \u00d7 {resize.get('height')}")
        problem = not_shown(asset) if pixmap is None else None
        if problem is not None:
            parts.append(problem)
        self.info.setText(" \u00b7 ".join(p for p in parts if p))
        style.tint(self.info, style.ERROR if problem is not None else style.MUTED)
        self._show_resize(asset)

    # -- media browser -------------------------------------------------------------------------
    def choose(self, asset: Asset) -> None:
        """Select ``asset`` (no adjustments); with ``forceCrop`` the cropper opens at once, even when
        ``features.crop`` is off (the CMS's editor asks only ``forceCrop`` there: neos-ui Image/index.js)."""
        self.say("")
        value = self._store(asset.identifier)
        self.commit(value)
        self.show_value(value)
        if self.force_crop:
            self.open_crop(forced=True)

    def _browser_done(self, dialog) -> None:
        chosen = dialog.selected_assets()
        if chosen and chosen[0].identifier == self.identity():
            return  # the CMS closes its browser and keeps the value, crop included, for the image already chosen
        super()._browser_done(dialog)

    # -- crop ----------------------------------------------------------------------------------
    def open_crop(self, forced: bool = False) -> CropDialog | None:
        """The crop dialog; for an SVG only when ``forceCrop`` opens it (``forced``): the CMS offers no Crop
        button for SVG but its forceCrop path does not ask (neos-ui Image/index.js isCroppable vs.
        UNSAFE_componentWillReceiveProps)."""
        asset = self.asset()
        if asset is None or (asset.is_svg and not forced) or not asset.width:
            return None
        choices = croplib.ratio_choices(self.aspect, asset.width, asset.height)
        return self.open_dialog(CropDialog(asset, choices, self.current_crop(), self), self._crop_done)

    def _crop_done(self, dialog: CropDialog) -> None:
        asset = self.asset()
        if asset is None:
            return
        crop = dialog.crop()
        if crop == (0, 0, asset.width, asset.height):
            crop = None  # the whole image: no adjustment
        # the CMS sets the crop on the image and leaves a resize adjustment as it is (neos-ui Image/index.js
        # handleMediaCrop)
        value = self._store(asset.identifier, crop, self.adjustments().get("resize"))
        self.commit(value)
        self.show_value(value)

    # -- resize --------------------------------------------------------------------------------
    def _base_size(self) -> tuple[int, int] | None:
        """The image's original size: the CMS's resize controls start from it and keep its ratio, crop or
        no crop (neos-ui Image/index.js hands ResizeControls ``originalDimensions``)."""
        asset = self.asset()
        return (asset.width, asset.height) if asset is not None and asset.width else None

    def _show_resize(self, asset: Asset | None) -> None:
        if self.resize_box is None:
            return
        usable = asset is not None and asset.is_image and not asset.is_svg and bool(asset.width)
        resize = self.adjustments().get("resize")
        self.resize_row.setVisible(usable)  # nothing to resize (yet): no row of meaningless numbers
        self._syncing = True
        self.resize_box.setEnabled(usable)
        self.resize_box.setChecked(usable and isinstance(resize, Mapping))
        base = self._base_size() if usable else None
        if isinstance(resize, Mapping) and usable:
            self.resize_width.setValue(_pixels(resize.get("width")) or base[0])
            self.resize_height.setValue(_pixels(resize.get("height")) or base[1])
        elif base:
            self.resize_width.setValue(base[0])
            self.resize_height.setValue(base[1])
        # the CMS's width and height fields stay editable while resizing is off: typing in one switches
        # it on (neos-ui Image/Components/ResizeControls/index.js: only the editor's `disabled` disables them)
        for spin in (self.resize_width, self.resize_height):
            spin.setEnabled(usable)
        self._syncing = False

    def _resize_toggled(self, on: bool) -> None:
        if self._syncing or self.asset() is None:
            return
        resize = (self.resize_width.value(), self.resize_height.value()) if on else None
        value = self._store(self.asset().identifier, self.current_crop(), resize)
        self.commit(value)
        self.show_value(value)

    def _resized(self, which: str, amount: int) -> None:
        """Width and height stay in the ratio of the original image (Math.round, as ResizeControls does);
        a typed size switches resizing on."""
        if self._syncing:
            return
        base = self._base_size()
        if not base:
            return
        self._syncing = True
        if which == "width":
            self.resize_height.setValue(max(1, math.floor(amount * base[1] / base[0] + 0.5)))
        else:
            self.resize_width.setValue(max(1, math.floor(amount * base[0] / base[1] + 0.5)))
        self._syncing = False
        value = self._store(self.asset().identifier, self.current_crop(), (self.resize_width.value(), self.resize_height.value()))
        self.commit(value)
        self.show_value(value)

    # -- misc ----------------------------------------------------------------------------------
    def remove(self) -> None:
        self.say("")
        self.commit("")
        self.show_value("")
