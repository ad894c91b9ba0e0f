"""The media browser: the local media library as a grid of thumbnails, filtered as the editor's
constraints say (media types with the sub type ignored, asset sources), with a text filter, a
source selector, and "Add folder…" to make another folder an asset source."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QSignalBlocker, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.media.library import Asset, MediaLibrary
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.thumbs import asset_icon, not_shown

THUMB = 96
ALL = "__all__"


def choose_folder(parent: QWidget, title: str) -> str | None:
    folder = QFileDialog.getExistingDirectory(parent, title)
    return folder or None


def describe_types(media_types: list[str]) -> str:
    """How the browser reads a media type list: only the top-level types count."""
    tops = sorted({t.split("/", 1)[0] for t in media_types if t not in ("*", "*/*")})
    if not media_types or not tops or any(t in ("*", "*/*") for t in media_types):
        return "all media types"
    return ", ".join(f"{t}/*" for t in tops)


class MediaBrowserDialog(QDialog):
    def __init__(self, library: MediaLibrary, media_types: list[str], asset_sources: list[str], *,
                 multiple: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Media browser")
        self.library = library
        self.media_types = list(media_types)
        self.asset_sources = list(asset_sources)
        #: Replaced in tests; asks for a folder to add as an asset source.
        self.folder_chooser: Callable[[QWidget, str], str | None] = choose_folder
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.filter = QLineEdit(self)
        self.filter.setObjectName("filter")
        self.filter.setPlaceholderText("Filter by title, file name or tag")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.fill)
        top.addWidget(self.filter, 1)
        self.source_box = QComboBox(self)
        self.source_box.setObjectName("sources")
        self.source_box.currentIndexChanged.connect(self.fill)
        top.addWidget(self.source_box)
        self.add_button = QPushButton(icons.icon("fas fa-folder-plus"), "Add folder\u2026", self)
        self.add_button.setToolTip("Add a folder of pictures and documents as another asset source")
        self.add_button.clicked.connect(self.add_folder)
        top.addWidget(self.add_button)
        self.refresh_button = QPushButton(icons.icon("fas fa-sync"), "", self)
        self.refresh_button.setToolTip("Read the folders again")
        self.refresh_button.clicked.connect(self.refresh)
        top.addWidget(self.refresh_button)
        layout.addLayout(top)
        self.note = QLabel(self)
        self.note.setObjectName("constraints")
        self.note.setWordWrap(True)
        style.tint(self.note, style.MUTED)
        layout.addWidget(self.note)
        self.grid = QListWidget(self)
        self.grid.setObjectName("assets")
        self.grid.setViewMode(QListView.IconMode)
        self.grid.setIconSize(QSize(THUMB, THUMB))
        self.grid.setGridSize(QSize(THUMB + 28, THUMB + 40))
        self.grid.setResizeMode(QListView.Adjust)
        self.grid.setMovement(QListView.Static)
        self.grid.setWordWrap(True)
        self.grid.setSelectionMode(QAbstractItemView.ExtendedSelection if multiple else QAbstractItemView.SingleSelection)
        self.grid.itemDoubleClicked.connect(lambda _item: self.accept())
        self.grid.itemSelectionChanged.connect(self._selection_changed)
        layout.addWidget(self.grid, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel, self)
        self.buttons.button(QDialogButtonBox.Ok).setText("Select")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._assets: list[Asset] = []
        self._fill_sources()
        self.fill()
        self.resize(720, 520)

    # -- sources -------------------------------------------------------------------------------
    def allowed_sources(self) -> list:
        if not self.asset_sources:
            return self.library.sources()
        return [s for s in self.library.sources() if any(s.answers_to(n) for n in self.asset_sources)]

    def _fill_sources(self) -> None:
        current = self.source_box.currentData()
        with QSignalBlocker(self.source_box):
            self.source_box.clear()
            self.source_box.addItem("All sources" if not self.asset_sources else "All allowed sources", ALL)
            for source in self.allowed_sources():
                self.source_box.addItem(source.label, source.identifier)
            index = self.source_box.findData(current)
            self.source_box.setCurrentIndex(max(index, 0))

    def add_folder(self) -> None:
        folder = self.folder_chooser(self, "Add a folder to the media library")
        if not folder:
            return
        source, problem = self.library.add_folder(Path(folder))
        if source is None or problem:
            self._say(problem or "The folder could not be added", style.ERROR)
        if source is not None:
            self._fill_sources()
            if not self.asset_sources:
                self.source_box.setCurrentIndex(self.source_box.findData(source.identifier))
            self.fill()

    def refresh(self) -> None:
        self.library.refresh()
        self.fill()

    # -- grid ----------------------------------------------------------------------------------
    def fill(self, *_args) -> None:
        chosen = self.source_box.currentData()
        allowed = [s.identifier for s in self.allowed_sources()]
        sources = allowed if chosen in (None, ALL) else [chosen]
        self._assets = self.library.browse(self.media_types, sources, self.filter.text()) if sources else []
        self.grid.clear()
        for asset in self._assets:
            item = QListWidgetItem(asset_icon(asset, THUMB), asset.title)
            details = [asset.title, asset.filename, asset.media_type]
            if asset.dimensions:
                details.append(asset.dimensions)
            if asset.tags:
                details.append("Tags: " + ", ".join(asset.tags))
            problem = not_shown(asset)
            if problem is not None:
                details.append(problem)
            item.setToolTip("\n".join(details))
            item.setData(Qt.UserRole, asset.identifier)
            item.setTextAlignment(Qt.AlignHCenter | Qt.AlignTop)
            self.grid.addItem(item)
        self._describe()
        self._selection_changed()

    def _describe(self) -> None:
        unknown = self.library.unknown_sources(self.asset_sources)
        names = ", ".join(s.label for s in self.allowed_sources()) or "no source"
        text = f"Showing {describe_types(self.media_types)} from {names}: {len(self._assets)} item(s)."
        if any("/" in t and not t.endswith("/*") for t in self.media_types):
            text += " The media browser ignores the sub type of " + ", ".join(self.media_types) + "."
        if unknown:
            text += " Unknown asset source(s): " + ", ".join(unknown) + "."
        self._say(text, style.NOTE if unknown else style.MUTED)

    def _say(self, text: str, colour: str) -> None:
        self.note.setText(text)
        style.tint(self.note, colour)

    def _selection_changed(self) -> None:
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(bool(self.grid.selectedItems()))

    # -- for the editors and tests -------------------------------------------------------------
    def visible_titles(self) -> list[str]:
        return [a.title for a in self._assets]

    def select_title(self, title: str) -> None:
        for row, asset in enumerate(self._assets):
            if asset.title == title:
                self.grid.item(row).setSelected(True)
                self.grid.setCurrentRow(row)
                return
        raise LookupError(title)

    def selected_assets(self) -> list[Asset]:
        return [self._assets[self.grid.row(item)] for item in sorted(self.grid.selectedItems(), key=self.grid.row)]


class MediaChooser:
    """Mixin for the image and asset editors: choose from the media browser, or upload a file.

    The editor provides ``library``, ``media_types``, ``asset_sources``, ``upload_policy``, ``multiple``,
    ``choose(asset)`` and ``say(text, colour)``; ``browser_media_types``, when set, are the media types
    the browser is limited to instead of ``media_types``."""

    multiple = False
    dialog: QDialog | None = None
    browser_media_types: list[str] | None = None

    def open_browser(self) -> MediaBrowserDialog:
        """Open the media browser (returns at once); the assets chosen there are selected."""
        types = self.browser_media_types if self.browser_media_types is not None else self.media_types
        return self.open_dialog(MediaBrowserDialog(self.library, types, self.asset_sources,
                                                   multiple=self.multiple, parent=self), self._browser_done)

    def open_dialog(self, dialog: QDialog, done: Callable) -> QDialog:
        """Open ``dialog`` (returns at once; ``self.dialog`` holds it) and call ``done(dialog)`` when it
        is accepted."""
        dialog.accepted.connect(lambda: done(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _browser_done(self, dialog: MediaBrowserDialog) -> None:
        chosen = dialog.selected_assets()
        for asset in chosen if self.multiple else chosen[:1]:
            self.choose(asset)

    def upload_chosen_file(self) -> None:
        path = self.upload_policy.choose(self)
        if path is not None:
            self.upload(path)

    def upload(self, path) -> bool:
        """Add ``path`` to the library as the upload policy says, and select it; False (with the
        reason shown) when refused."""
        result = self.upload_policy.upload(path)
        if not result.ok:
            self.say(result.message, style.ERROR)
            return False
        self.choose(result.asset)
        if self.message.isHidden():
            self.say(result.message, style.MUTED)
        return True
