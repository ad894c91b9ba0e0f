"""AssetEditor: one asset (``...\\Media\\Domain\\Model\\Asset``) or an ordered list of them
(``array<...Asset>``, or ``multiple: true``).

``constraints.mediaTypes`` (default: all types) limits the media browser (sub type ignored), the
search and the upload (both exact; the deprecated ``accept`` string wins for the upload when set);
``constraints.assetSources`` limits the browser and the search; ``features.mediaBrowser`` shows the
Media button and the search box, ``features.upload`` the Upload button. The value is the asset
identifier, or a list of identifiers.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from nodetype_studio.media.library import Asset
from nodetype_studio.media.mediatypes import patterns
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import number, string_list, workspace_of
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.mediabrowser import MediaBrowserDialog, MediaChooser
from nodetype_studio.ui.editors.pickers import ChosenDisplay, Result, SearchBox
from nodetype_studio.ui.editors.thumbs import asset_icon
from nodetype_studio.ui.editors.upload import UploadPolicy


def _identity(value: Any) -> Any:
    """An asset as the CMS's editor reads one (neos-ui AssetEditor/index.js ``getIdentity``): the
    ``__identity`` of an object identity, the ``assetUuid`` of an upload answer, else the value itself."""
    if isinstance(value, dict):
        for key in ("__identity", "assetUuid"):
            if value.get(key):
                return value[key]
    return value


class AssetEditor(ChosenDisplay, MediaChooser, EditorWidget):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.library = workspace_of(ctx).media
        # from the options, where the Settings of the `array<...Asset>` data type put `multiple: true`; options
        # not merged with the Settings get that default for any array type
        if ctx.settings_merged or ctx.has_option("multiple"):
            self.multiple = ctx.flag("multiple")
        else:
            self.multiple = ctx.is_array_type
        self.media_types = patterns(ctx.option("constraints.mediaTypes"))
        self.asset_sources = string_list(ctx.option("constraints.assetSources"))
        self.features = {name: ctx.flag(f"features.{name}") for name in ("upload", "mediaBrowser")}
        self.upload_policy = UploadPolicy(self.library, self.media_types, ctx.option("accept"))
        notes: list[str] = []
        threshold = number(ctx, "threshold", notes, or_default=True)  # `threshold || 2`, as the Neos UI reads it
        self.dialog: MediaBrowserDialog | None = None

        self.container = QWidget(self)
        layout = QVBoxLayout(self.container)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.add_chosen_widgets(layout, lambda: self._commit_ids([]))
        # no placeholder: the Neos UI's inspector gives the asset editor's select box none
        self.search = SearchBox(self._results, threshold=threshold, parent=self.container)
        self.search.chosen.connect(lambda result: self.choose(result.payload))
        self.search.setVisible(self.features["mediaBrowser"])
        layout.addWidget(self.search)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.browse_button = QPushButton(icons.icon("fas fa-photo-video"), "Media", self.container)
        self.browse_button.setObjectName("mediaBrowser")
        self.browse_button.clicked.connect(self.open_browser)
        self.upload_button = QPushButton(icons.icon("fas fa-upload"), "Upload", self.container)
        self.upload_button.setObjectName("upload")
        self.upload_button.setToolTip(self.upload_policy.describe())
        self.upload_button.clicked.connect(self.upload_chosen_file)
        row.addWidget(self.browse_button)
        row.addWidget(self.upload_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.browse_button.setVisible(self.features["mediaBrowser"])
        self.upload_button.setVisible(self.features["upload"])
        self.message = QLabel(self.container)
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        self.add_field(self.container)
        if notes:
            self.say(" ".join(notes), style.NOTE)

    # -- value ---------------------------------------------------------------------------------
    def identifiers(self) -> list[str]:
        value = self.value()
        if isinstance(value, (list, tuple)):
            # the CMS hands a list of assets to its editor as object identities (`{__identity, __type}`)
            found = (_identity(v) for v in value)
            return [v for v in found if isinstance(v, str) and v]
        value = _identity(value)
        return [value] if isinstance(value, str) and value else []

    def _result(self, asset: Asset) -> Result:
        details = [asset.filename, asset.media_type] + ([asset.dimensions] if asset.dimensions else [])
        return Result("asset", asset.identifier, asset.title, " \u00b7 ".join(details), asset_icon(asset), payload=asset)

    def show_value(self, value: Any) -> None:
        def row(identifier: str) -> Result | None:
            asset = self.library.asset(identifier)
            return None if asset is None else self._result(asset)

        self.show_chosen(self.identifiers(), row, "asset", "Unknown asset")

    def _commit_ids(self, identifiers: list[str]) -> None:
        value: Any = list(identifiers) if self.multiple else (identifiers[0] if identifiers else "")
        self.commit(value)
        self.show_value(value)

    def choose(self, asset: Asset) -> None:
        self.search.clear()
        self.say("")
        current = self.identifiers() if self.multiple else []
        if asset.identifier not in current:
            current.append(asset.identifier)
        self._commit_ids(current)

    def _reordered(self, keys: list) -> None:
        self._commit_ids(list(keys))

    # -- search / browser / upload -------------------------------------------------------------
    def _results(self, text: str) -> list[Result]:
        taken = set(self.identifiers()) if self.multiple else set()
        return [self._result(a) for a in self.library.search(text, self.media_types, self.asset_sources)
                if a.identifier not in taken]
