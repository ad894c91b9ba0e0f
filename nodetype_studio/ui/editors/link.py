"""LinkEditor: one search box for pages, assets, URLs and e-mail addresses.

Typing searches document titles (``nodeTypes``, default the platform's Document, inheritance
respected; ``startingPoint`` as in the reference editors) and asset titles and tags (unless
``assets: false``; ``constraints`` limit them as in the asset editor), and offers the text itself as a
link when it is a URL, a host name (``acme.example`` -> ``https://acme.example``) or an e-mail address
(-> ``mailto:``). The value is ``node://<id>``, ``asset://<id>`` or the URI. ``LinkPicker`` is the
reusable part; the rich-text editor's link dialog uses it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from PySide6.QtCore import Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from nodetype_studio.content import links
from nodetype_studio.content.startpoint import StartingPoint, is_8_3, preview_note, read_starting_point
from nodetype_studio.content.workspace import Workspace
from nodetype_studio.js import values as jsvalue
from nodetype_studio.media.mediatypes import patterns
from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.i18n import looks_like_id
from nodetype_studio.preview.offline import string_list, workspace_of
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.pickers import ChosenItem, Result, SearchBox
from nodetype_studio.ui.editors.thumbs import asset_icon

#: Characters before pages and assets are searched (a URL or address is offered at once).
SEARCH_THRESHOLD = 2
#: What the Neos UI's link input shows without a `placeholder` option (its own text, not the Settings'), and
#: for one it cannot translate.
FALLBACK_PLACEHOLDER = "Paste a link, or search"
_SUGGESTION_ICONS = {"url": "fas fa-globe", "email": "fas fa-envelope", "phone": "fas fa-phone", "anchor": "fas fa-hashtag"}
_KIND_TEXT = {"url": "External link", "email": "E-mail address", "phone": "Phone number", "anchor": "Anchor on this page"}


@dataclass
class LinkOptions:
    node_types: list[str]
    nodes: bool = True
    assets: bool = True
    #: ``startingPoint`` as written; the picker reads it for the project's version (``content.startpoint``)
    starting_point: Any = None
    media_types: tuple[str, ...] = ()
    asset_sources: tuple[str, ...] = ()

    @classmethod
    def read(cls, options: Mapping[str, Any], platform: Platform) -> "LinkOptions":
        """From LinkEditor options, or the rich-text editor's ``linking`` (the same search keys)."""
        constraints = options.get("constraints") if isinstance(options.get("constraints"), Mapping) else {}
        return cls(
            node_types=string_list(options.get("nodeTypes")) or [platform.node_type("Document")],
            nodes=options.get("nodes", True) is not False,
            assets=options.get("assets", True) is not False,
            starting_point=options.get("startingPoint"),
            media_types=tuple(patterns(constraints.get("mediaTypes"))),
            asset_sources=tuple(string_list(constraints.get("assetSources"))),
        )


def placeholder_text(ctx: EditorContext) -> str:
    """The search box's placeholder. The CMS's link input asks for a translation with its own text as the
    fallback (``translate(placeholder || id, 'Paste a link, or search')``): an empty option, or a translation
    id the project does not translate, shows that text. Plain text is shown as written, as the spec describes
    the option (the CMS looks it up as an id and shows its own text there too: `compat-link-placeholder`)."""
    value = ctx.option("placeholder")
    if not jsvalue.truthy(value):
        return FALLBACK_PLACEHOLDER
    shown = ctx.text(jsvalue.to_string(value), "linkEditor", "placeholder")
    if looks_like_id(shown) and ctx.translator.lookup(shown) is None:
        return FALLBACK_PLACEHOLDER  # still the id: no translation
    return shown


class LinkPicker(QWidget):
    """The chosen link target and the search that picks it. ``changed(value)`` follows user choices."""

    changed = Signal(str)

    def __init__(self, options: LinkOptions, workspace: Workspace, *, placeholder: str = "", packages=None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.options = options
        self.workspace = workspace
        self.packages = packages
        self._value = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        self.chosen = ChosenItem(self)
        self.chosen.removed.connect(lambda: self._choose_value(""))
        self.chosen.hide()
        layout.addWidget(self.chosen)
        self.search = SearchBox(self._results, threshold=SEARCH_THRESHOLD, placeholder=placeholder, parent=self,
                                packages=packages, min_text=lambda text: links.suggestion(text) is not None)
        self.search.chosen.connect(self._chosen)
        layout.addWidget(self.search)

    def starting_point(self) -> StartingPoint:
        """How the CMS of the project's version reads the ``startingPoint`` option."""
        return read_starting_point(self.options.starting_point, is_8_3(self.workspace.project),
                                   self.workspace.types.platform_type("Sites"))

    def starting_point_note(self) -> str:
        """What the preview says about a ``startingPoint`` it does not search from as written ('' when none)."""
        return preview_note(self.options.starting_point, self.starting_point(), self.workspace.content)

    def value(self) -> str:
        return self._value

    def set_value(self, value: Any) -> None:
        self._value = value if isinstance(value, str) else ""
        self._show()

    # -- searching -----------------------------------------------------------------------------
    def _results(self, text: str) -> list[Result]:
        results: list[Result] = []
        suggestion = links.suggestion(text)
        if suggestion is not None:
            results.append(Result(suggestion.kind, suggestion.value, suggestion.label, _KIND_TEXT[suggestion.kind],
                                  _SUGGESTION_ICONS[suggestion.kind]))
        if len(text.strip()) < SEARCH_THRESHOLD:
            return results
        tree = self.workspace.content
        if self.options.nodes:
            for node in tree.search_from(text, self.options.node_types, self.starting_point()):
                results.append(Result("node", links.NODE_SCHEME + node.identifier, node.title or node.name,
                                      f"{tree.display_path(node)} \u00b7 {tree.types.label(node.node_type)}",
                                      tree.types.icon(node.node_type) or "fas fa-file"))
        if self.options.assets:
            library = self.workspace.media
            for asset in library.search(text, self.options.media_types, self.options.asset_sources):
                results.append(Result("asset", links.ASSET_SCHEME + asset.identifier, asset.title,
                                      f"{asset.filename} \u00b7 {asset.media_type}", asset_icon(asset)))
        return results

    def _chosen(self, result: Result) -> None:
        self.search.clear()
        self._choose_value(result.key)

    def _choose_value(self, value: str) -> None:
        self._value = value
        self._show()
        self.changed.emit(value)

    # -- showing -------------------------------------------------------------------------------
    def describe(self) -> tuple[str, str, QIcon, bool]:
        """``(title, second line, icon, invalid)`` of the current value."""
        stored = links.parse_stored(self._value)
        if stored.kind == "node":
            tree = self.workspace.content
            node = tree.by_identifier(stored.target)
            if node is None:
                return "Unknown page", self._value, icons.icon("fas fa-exclamation-triangle"), True
            where = tree.display_path(node) + (f"#{stored.anchor}" if stored.anchor else "")
            return node.title or node.name, where, icons.icon(tree.types.icon(node.node_type) or "fas fa-file", self.packages), False
        if stored.kind == "asset":
            asset = self.workspace.media.asset(stored.target)
            if asset is None:
                return "Unknown asset", self._value, icons.icon("fas fa-exclamation-triangle"), True
            return asset.title, f"{asset.filename} \u00b7 {asset.media_type}", asset_icon(asset), False
        if stored.kind in _KIND_TEXT:
            shown = stored.target[7:] if stored.kind == "email" else stored.target
            return shown, _KIND_TEXT[stored.kind], icons.icon(_SUGGESTION_ICONS[stored.kind]), False
        return "", "", QIcon(), False

    def _show(self) -> None:
        if not self._value:
            self.chosen.hide()
            return
        title, subtitle, icon, invalid = self.describe()
        self.chosen.show_item(title, subtitle, icon, invalid=invalid)
        self.chosen.show()


class LinkEditor(EditorWidget):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        options = LinkOptions.read({k: ctx.option(k) for k in ("nodeTypes", "nodes", "assets", "startingPoint", "constraints")},
                                   ctx.platform)
        self.picker = LinkPicker(options, workspace_of(ctx), placeholder=placeholder_text(ctx), packages=ctx.packages,
                                 parent=self)
        self.picker.changed.connect(self.commit)
        self.search = self.picker.search
        self.add_field(self.picker)
        text = self.picker.starting_point_note()
        if text:
            note = QLabel(text, self)
            note.setObjectName("note")
            note.setWordWrap(True)
            style.tint(note, style.NOTE)
            self.add_widget(note)

    def show_value(self, value: Any) -> None:
        self.picker.set_value(value)

    def shown_target(self) -> tuple[str, str]:
        """``(title, second line)`` of the target as shown ("" when none)."""
        if self.picker.chosen.isHidden():
            return "", ""
        return self.picker.chosen.title.text(), self.picker.chosen.subtitle.text()
