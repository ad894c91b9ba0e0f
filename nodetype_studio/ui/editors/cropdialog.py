"""The image cropper: the picture with a crop frame, and the aspect ratio choices of ``crop.aspectRatio``.

Drag inside the frame to move it, drag a corner to resize it (the chosen ratio is kept), drag
outside to draw a new frame. A locked ratio hides the selector; "Custom" shows width and height
fields for any ratio, starting, as the CMS's cropper does, from the ratio chosen before, else the
stored crop's size, else 100:100; with no choice made the frame is free.
Crop values are pixels of the original image. The ratio logic lives in ``nodetype_studio.media.crop``.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.js.values import number_to_string
from nodetype_studio.media import crop as croplib
from nodetype_studio.media.crop import CUSTOM, Ratio, RatioChoices
from nodetype_studio.ui import imagebounds, style

DISPLAY_SIZE = QSize(960, 640)
HANDLE = 10


class DimensionBox(QDoubleSpinBox):
    """A width or height field of the cropper: any positive number, shown as JavaScript prints it, as the
    CMS's number inputs show a ratio's width and height (``1.85``, ``16``)."""

    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt override)
        return number_to_string(value)


class CropArea(QWidget):
    """Shows the image and a crop frame in original-image pixels; ``cropChanged`` follows every change."""

    cropChanged = Signal()

    def __init__(self, image: QImage, image_width: int, image_height: int, parent: QWidget | None = None,
                 snap: bool = False):
        super().__init__(parent)
        self.image = image
        self.image_width, self.image_height = image_width, image_height
        self.ratio: Ratio | None = None
        self.snap = snap  # `pixelSnapping`: fixed-ratio frames are whole multiples of the reduced ratio
        self._crop = (0, 0, image_width, image_height)
        self._drag: tuple[str, tuple[float, float], tuple[int, int, int, int]] | None = None
        self.setMinimumSize(320, 220)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMouseTracking(True)

    # -- state ---------------------------------------------------------------------------------
    def crop(self) -> tuple[int, int, int, int]:
        return self._crop

    def set_crop(self, crop: tuple[int, int, int, int]) -> None:
        if crop != self._crop:
            self._crop = tuple(int(v) for v in crop)
            self.update()
            self.cropChanged.emit()

    def set_ratio(self, ratio: Ratio | None, *, refit: bool = True) -> None:
        self.ratio = ratio
        if refit:
            self.set_crop(croplib.fit(ratio, self.image_width, self.image_height, self.snap))

    # -- geometry ------------------------------------------------------------------------------
    def image_rect(self) -> QRectF:
        """Where the picture is drawn (fitted and centred)."""
        size = QSize(self.image_width, self.image_height).scaled(self.size() - QSize(16, 16), Qt.KeepAspectRatio)
        return QRectF((self.width() - size.width()) / 2, (self.height() - size.height()) / 2, size.width(), size.height())

    def _scale(self) -> float:
        return self.image_rect().width() / max(self.image_width, 1)

    def to_widget(self, crop: tuple[int, int, int, int]) -> QRectF:
        area, scale = self.image_rect(), self._scale()
        x, y, w, h = crop
        return QRectF(area.left() + x * scale, area.top() + y * scale, w * scale, h * scale)

    def to_image(self, point: QPointF) -> tuple[float, float]:
        area, scale = self.image_rect(), self._scale()
        return (point.x() - area.left()) / scale, (point.y() - area.top()) / scale

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.SmoothPixmapTransform)
        area = self.image_rect()
        painter.drawImage(area, self.image)
        frame = self.to_widget(self._crop)
        shade = QPainterPath()
        shade.addRect(area)
        cut = QPainterPath()
        cut.addRect(frame)
        painter.fillPath(shade.subtracted(cut), QColor(0, 0, 0, 140))
        painter.setPen(QPen(QColor("#ffffff"), 2))
        painter.drawRect(frame)
        painter.setPen(QPen(QColor(255, 255, 255, 110), 1))
        for third in (1, 2):  # rule-of-thirds guides
            x = frame.left() + frame.width() * third / 3
            y = frame.top() + frame.height() * third / 3
            painter.drawLine(QPointF(x, frame.top()), QPointF(x, frame.bottom()))
            painter.drawLine(QPointF(frame.left(), y), QPointF(frame.right(), y))
        painter.setBrush(QColor("#ffffff"))
        painter.setPen(QPen(QColor("#00adee"), 1))
        for corner in self._corners(frame):
            painter.drawRect(QRectF(corner.x() - HANDLE / 2, corner.y() - HANDLE / 2, HANDLE, HANDLE))
        painter.end()

    @staticmethod
    def _corners(frame: QRectF) -> list[QPointF]:
        return [frame.topLeft(), frame.topRight(), frame.bottomLeft(), frame.bottomRight()]

    # -- dragging ------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.LeftButton:
            return
        pos = event.position()
        frame = self.to_widget(self._crop)
        x, y, w, h = self._crop
        opposite = {0: (x + w, y + h), 1: (x, y + h), 2: (x + w, y), 3: (x, y)}
        for index, corner in enumerate(self._corners(frame)):
            if abs(corner.x() - pos.x()) <= HANDLE and abs(corner.y() - pos.y()) <= HANDLE:
                self._drag = ("resize", opposite[index], self._crop)
                return
        if frame.contains(pos):
            self._drag = ("move", self.to_image(pos), self._crop)
        else:
            self._drag = ("resize", self.to_image(pos), self._crop)

    def mouseMoveEvent(self, event) -> None:
        if self._drag is None:
            return
        kind, start, original = self._drag
        point = self.to_image(event.position())
        if kind == "move":
            self.set_crop(croplib.moved(original, point[0] - start[0], point[1] - start[1], self.image_width, self.image_height))
        else:
            anchor = (min(max(start[0], 0), self.image_width), min(max(start[1], 0), self.image_height))
            self.set_crop(croplib.resize_from(anchor, point, self.ratio, self.image_width, self.image_height,
                                              snap=self.snap))

    def mouseReleaseEvent(self, _event) -> None:
        self._drag = None


def load_display_image(path) -> QImage:
    """The picture scaled down to the dialog; a null image when it declares more pixels than the studio
    decodes (``imagebounds.too_large`` says why)."""
    if imagebounds.too_large(path) is not None:
        return QImage()
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    size = reader.size()
    if size.isValid() and (size.width() > DISPLAY_SIZE.width() or size.height() > DISPLAY_SIZE.height()):
        reader.setScaledSize(size.scaled(DISPLAY_SIZE, Qt.KeepAspectRatio))
    return reader.read()


class CropDialog(QDialog):
    def __init__(self, asset, choices: RatioChoices, crop: tuple[int, int, int, int] | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Crop \u201c{asset.title}\u201d")
        self.asset = asset
        self.choices = choices
        self.stored_crop = crop
        width, height = asset.width or 1, asset.height or 1
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.ratio_label = QLabel("Aspect ratio:", self)
        top.addWidget(self.ratio_label)
        self.ratio_box = QComboBox(self)
        self.ratio_box.setObjectName("ratios")
        self.ratio_box.setPlaceholderText("No aspect ratio")  # a free frame, as the CMS's cropper starts without a match
        for ratio in choices.ratios:
            self.ratio_box.addItem(ratio.label, ratio.key)
        self.ratio_box.currentIndexChanged.connect(self._ratio_chosen)
        top.addWidget(self.ratio_box)
        # the CMS's ratio drop-down has a clear (x) button while a ratio is chosen: back to no ratio, the
        # frame staying where it is (neos-ui ImageCropper/AspectRatioDropDown/index.js, clearAspectRatio)
        self.clear_button = QToolButton(self)
        self.clear_button.setObjectName("clearRatio")
        self.clear_button.setText("\u00d7")
        self.clear_button.setToolTip("No aspect ratio: a free frame")
        self.clear_button.setAutoRaise(True)
        self.clear_button.clicked.connect(self.clear_ratio)
        self.clear_button.hide()
        top.addWidget(self.clear_button)
        self.locked_label = QLabel(self)
        self.locked_label.setObjectName("locked")
        top.addWidget(self.locked_label)
        # as in the CMS's cropper, the width and height of any chosen ratio are shown with a button that swaps
        # them; changing either makes it a custom ratio, so they are disabled without `allowCustom`
        # (neos-ui ImageCropper/index.js AspectRatioItem, model.js setDimensions / flipAspectRatio)
        self.custom_width = self._spin("customWidth")
        self.custom_height = self._spin("customHeight")
        self.flip_button = QToolButton(self)
        self.flip_button.setObjectName("flipRatio")
        self.flip_button.setText("\u21c4")
        self.flip_button.setToolTip("Swap width and height")
        self.flip_button.clicked.connect(self.flip_ratio)
        self._pending_custom: tuple[float, float] | None = None
        for widget in (self.custom_width, self.flip_button, self.custom_height):
            top.addWidget(widget)
        top.addStretch(1)
        self.reset_button = QPushButton("Reset", self)
        self.reset_button.setToolTip("The largest frame of the chosen ratio, centred")
        self.reset_button.clicked.connect(self.reset)
        top.addWidget(self.reset_button)
        layout.addLayout(top)
        notes = [*choices.problems, *filter(None, [imagebounds.too_large(asset.path)])]
        self.note = QLabel("; ".join(notes), self)
        self.note.setObjectName("note")
        self.note.setWordWrap(True)
        style.tint(self.note, style.NOTE)
        self.note.setVisible(bool(notes))
        layout.addWidget(self.note)
        self.area = CropArea(load_display_image(asset.path), width, height, self, snap=choices.snap)
        self.area.cropChanged.connect(self._crop_changed)
        layout.addWidget(self.area, 1)
        self.info = QLabel(self)
        self.info.setObjectName("cropInfo")
        style.tint(self.info, style.MUTED)
        layout.addWidget(self.info)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel, self)
        self.buttons.button(QDialogButtonBox.Ok).setText("Apply")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        if choices.locked:
            ratio = choices.ratios[0]
            # the CMS's cropper labels the ratio in force reduced, 1200 x 630 as 40:21 (model.js aspectRatioReducedLabel)
            reduced_w, reduced_h = ratio.reduced() or (ratio.width, ratio.height)
            self.locked_label.setText(f"Aspect ratio locked to {reduced_w}:{reduced_h}")
        self.ratio_label.setVisible(not choices.locked)
        self.ratio_box.setVisible(not choices.locked)
        self.locked_label.setVisible(choices.locked)
        start = croplib.matching_choice(choices, crop)
        self._syncing = False
        self.set_choice(start, refit=crop is None)
        if crop is not None:
            self.area.set_crop(crop)
        self._crop_changed()
        self.resize(760, 600)

    def _spin(self, name: str) -> DimensionBox:
        spin = DimensionBox(self)
        spin.setObjectName(name)
        spin.setDecimals(6)
        spin.setLocale(QLocale.c())  # typed and read back with a decimal point, as shown (textFromValue)
        spin.setRange(0, 100000)  # (0, or a field left empty, counts as 1: croplib.custom_ratio)
        spin.valueChanged.connect(self._custom_changed)
        return spin

    # -- ratio choice --------------------------------------------------------------------------
    def current_key(self) -> str | None:
        return self.ratio_box.currentData() if self.ratio_box.count() else None

    def choice_labels(self) -> list[str]:
        return [self.ratio_box.itemText(i) for i in range(self.ratio_box.count())]

    def set_choice(self, key: str | None, *, refit: bool = True) -> None:
        index = self.ratio_box.findData(key) if key is not None else -1
        self._refit = refit
        if self.ratio_box.currentIndex() != index:
            self.ratio_box.setCurrentIndex(index)
        else:
            self._ratio_chosen(index)
        self._refit = True

    def clear_ratio(self) -> None:
        self.set_choice(None, refit=False)

    def _ratio_chosen(self, index: int) -> None:
        chosen = 0 <= index < len(self.choices.ratios)
        self.clear_button.setVisible(chosen and not self.choices.locked)
        ratio = self.choices.ratios[index] if chosen else None
        if ratio is not None and ratio.key == CUSTOM:
            ratio = croplib.custom_ratio(*(self._pending_custom or self._custom_start()))
        self._show_dimensions(ratio)
        self.area.set_ratio(ratio, refit=getattr(self, "_refit", True))

    def _custom_start(self) -> tuple[float, float]:
        """The custom ratio's first width and height (neos-ui ImageCropper/model.js CustomAspectRatioOption)."""
        previous = self.area.ratio
        if previous is not None and previous.shown is not None:
            return previous.shown
        if self.stored_crop:
            return self.stored_crop[2], self.stored_crop[3]
        return 100, 100

    def _show_dimensions(self, ratio: Ratio | None) -> None:
        shown = ratio is not None and not ratio.free and not self.choices.locked
        for widget in (self.custom_width, self.flip_button, self.custom_height):
            widget.setVisible(shown)
            widget.setEnabled(CUSTOM in self.choices.keys)
        if shown:
            # the numbers as written (a 1.85:1 preset shows 1.85 and 1), as the CMS's fields show the chosen
            # ratio's width and height (neos-ui ImageCropper/index.js AspectRatioItem `value={width}`)
            assert ratio is not None and ratio.shown is not None
            self._syncing = True
            self.custom_width.setValue(ratio.shown[0])
            self.custom_height.setValue(ratio.shown[1])
            self._syncing = False

    def _custom_changed(self) -> None:
        if not self._syncing:
            self._use_custom(self.custom_width.value(), self.custom_height.value())

    def flip_ratio(self) -> None:
        self._use_custom(self.custom_height.value(), self.custom_width.value())

    def _use_custom(self, width: float, height: float) -> None:
        """Width and height typed or swapped: the custom ratio of that size (chosen if it is not yet)."""
        if CUSTOM not in self.choices.keys:
            return
        if self.current_key() != CUSTOM:
            self._pending_custom = (width, height)
            self.set_choice(CUSTOM)
            self._pending_custom = None
            return
        ratio = croplib.custom_ratio(width, height)
        self._show_dimensions(ratio)
        self.area.set_ratio(ratio)

    def reset(self) -> None:
        self.area.set_crop(croplib.fit(self.area.ratio, self.area.image_width, self.area.image_height, self.area.snap))

    # -- result --------------------------------------------------------------------------------
    def crop(self) -> tuple[int, int, int, int]:
        return self.area.crop()

    def _crop_changed(self) -> None:
        x, y, w, h = self.area.crop()
        self.info.setText(f"{w} \u00d7 {h} px at {x}, {y} (of {self.area.image_width} \u00d7 {self.area.image_height})")
