"""The inspector preview widget: tabs, groups and property editors of one node type, live.

Tabs show their icon (label as tooltip) and a badge counting validation errors; groups show icon and
label and fold. Every edit goes into the preview node, runs the property's validators and updates
the field's errors and its tab's badge in the same event-loop turn. ``Reset`` restores the defaults.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape, unescape
from typing import Any, Callable, Mapping

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QFont, QImageReader
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.catalogue import editor_spec
from nodetype_studio.js.regex import INTERACTIVE_BUDGET
from nodetype_studio.model.previewnode import parent_type
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.creationdialog import has_creation_dialog
from nodetype_studio.preview.inspector import (
    InspectorLayout,
    InspectorSource,
    ItemView,
    build_layout,
    item_configs,
    node_type_label,
    resource_file,
)
from nodetype_studio.preview.node import PreviewNode
from nodetype_studio.preview.urisegment import node_label
from nodetype_studio.ui import icons, imagebounds, style
from nodetype_studio.ui.clienteval_view import ClientEvalController
from nodetype_studio.ui.datasource_session import DataSourceSession
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.registry import EditorRegistry, default_registry
from nodetype_studio.ui.sections import LABEL_POLICY, ElidedLabel, GroupSection, HelpRow, make_label, view_note
from nodetype_studio.ui.validation_worker import BackgroundValidator
from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import PENDING_ID, TIMEOUT_ID

Validate = Callable[..., list]  # (value, validation config, platform, CMS version "8.3"/"9") -> findings

#: Shown while a value that needs long (a heavy regular expression) is checked in the background.
PENDING_NOTE = "Checking this value against the pattern\u2026 it takes a while, in the browser too."
THUMBNAIL_WIDTH = 240  # pixels: a help thumbnail is shown at most this wide
#: The label's tooltip for ``ItemView.reload`` (what the CMS does after the value is changed here).
RELOAD_NOTES = {
    "page": "Changing this value reloads the page in the CMS (ui.reloadPageIfChanged).",
    "element": "Changing this value re-renders the element in the CMS, or reloads the page when the element "
               "is not in a content collection (ui.reloadIfChanged).",
}


def _default_validate(value, config, platform, cms_version: str | None = None) -> list:
    """Per keystroke, on the GUI thread: a regular expression gets INTERACTIVE_BUDGET; a value that
    needs longer comes back as a TIMEOUT_ID finding and is checked again in the background."""
    return validate_value(value, config, platform, budget=INTERACTIVE_BUDGET, cms_version=cms_version)


def _message(error: Any) -> str:
    return str(getattr(error, "message", error))


def _is_error(error: Any) -> bool:
    """Only error-severity findings make a value invalid (and count on the tab badge)."""
    return getattr(error, "severity", "error") == "error"


def _is_document(config: Any) -> bool:
    """Whether the preview node is a document (the aggregates), as ClientEval's preview node takes it."""
    return isinstance(config, Mapping) and config.get("aggregate") is True


def _project_service(root):
    """The data-source service of the project at ``root`` (imported with the first box that asks)."""
    from nodetype_studio.ui import datasource_loader

    return datasource_loader.service_for(root)


#: what makes a rich-text label load a file: an ``src`` or ``background`` attribute, a CSS ``url(...)``
_FILE_REFERENCE = re.compile(r"""(?P<lead>\b(?:src|background)\s*=\s*|\burl\(\s*)(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|"""
                             r"""(?P<bare>[^\s"'>)]+))""", re.IGNORECASE)

_PICTURE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)


def help_html(text: str) -> str:
    """A help message as HTML (markdown is imported with the first help message, not with the window).

    The label showing it loads any local file a picture names, whole: a picture past the bounds of
    ``imagebounds`` (or a pipe, a device) is left out and named with the reason, below the message."""
    import markdown

    html = markdown.markdown(text, extensions=["extra"])
    if "src" not in html and "url(" not in html and "background" not in html:
        return html
    problems: list[str] = []

    def checked(match: re.Match) -> str:
        value = match.group("dq") if match.group("dq") is not None else match.group("sq") or match.group("bare") or ""
        problem = _local_picture_problem(value)
        if problem is None:
            return match.group(0)
        if problem not in problems:
            problems.append(problem)
        return match.group("lead") + '""'

    def checked_picture(match: re.Match) -> str:  # (a picture left out is left out whole: no broken-image sign)
        tag = match.group(0)
        return "" if _FILE_REFERENCE.sub(checked, tag) != tag else tag

    html = _FILE_REFERENCE.sub(checked, _PICTURE.sub(checked_picture, html))
    return html + "".join(f"<p><small>Picture {escape(problem)}</small></p>" for problem in problems)


def _local_picture_problem(reference: str) -> str | None:
    """Why the local file ``reference`` (a path or ``file:`` URL, as the label resolves it) is not loaded, or
    None (a web address, which the label does not fetch; no such file; a picture within the bounds)."""
    url = QUrl(unescape(reference).strip())
    if url.scheme() not in ("", "file"):
        return None
    local = url.toLocalFile() if url.scheme() == "file" else url.path()
    return imagebounds.too_large(local) if local else None


def _thumbnail_html(thumbnail: str, packages) -> str:
    """The help thumbnail as the CMS shows it under the message: the image, when it is a package resource
    the project has; else its address (the preview fetches nothing from the web)."""
    found = resource_file(thumbnail, packages)
    problem = imagebounds.too_large(found) if found is not None else None
    if problem is not None:  # (the label would decode it whole: a small file may declare gigabytes)
        return f"<p><small>Thumbnail {escape(problem)}</small></p>"
    size = QImageReader(str(found)).size() if found is not None else None
    if size is not None and size.isValid():
        width = f' width="{THUMBNAIL_WIDTH}"' if size.width() > THUMBNAIL_WIDTH else ""
        return f'<p><img src="{escape(found.as_uri(), quote=True)}"{width}></p>'
    return f"<p><small>Thumbnail: {escape(thumbnail)}</small></p>"


class InspectorWidget(QWidget):
    """Preview of one node type's inspector. ``valueChanged(name, value)`` follows every edit."""

    valueChanged = Signal(str, object)
    errorsChanged = Signal()

    def __init__(self, parent: QWidget | None = None, *, registry: EditorRegistry | None = None,
                 validate: Validate | None = None, clienteval_engine=None, data_sources=None):
        super().__init__(parent)
        #: DataSourceService answering data-source select boxes (default: the project's, by its root)
        self.data_service = data_sources
        self.data_session = None  # DataSourceSession of the node type shown
        self.registry = registry or default_registry()
        self.validate = validate or _default_validate
        self._background: BackgroundValidator | None = None  # started when a value first needs it
        self._generations: dict[str, int] = {}  # per property shown: the newest validation's number
        self._generation_count = 0
        self.source: InspectorSource | None = None
        self.layout_info: InspectorLayout | None = None
        self.node: PreviewNode | None = None
        self.editors: dict[str, EditorWidget] = {}
        self.errors: dict[str, list[str]] = {}
        self.notes: dict[str, list[str]] = {}
        self.sections: dict[str, GroupSection] = {}
        self._tab_index: dict[str, int] = {}
        self._tab_icons: dict[str, Any] = {}
        self._tab_counts: dict[str, int] = {}
        self._help_rows: dict[str, HelpRow] = {}
        self._specs: dict[tuple, Any] = {}
        self._built_tabs: set[str] = set()
        self._building = False
        #: validation errors are shown (the creation dialog shows them only from the first change on)
        self.show_errors = True
        self.create_button: QPushButton | None = None  # "Create new…", made for types with a creation dialog

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.setContentsMargins(6, 6, 6, 0)
        self.title = ElidedLabel("", self)
        self.title.setObjectName("nodeTypeTitle")
        title_font = QFont(self.title.font())
        title_font.setBold(True)
        self.title.setFont(title_font)
        header.addWidget(self.title, 1)
        self._header = header
        self.reset_button = QPushButton(icons.icon("fas fa-undo"), "Reset", self)
        self.reset_button.setToolTip("Restore the default values")
        self.reset_button.clicked.connect(self.reset)
        header.addWidget(self.reset_button)
        outer.addLayout(header)
        #: Evaluates the node type's ClientEval expressions against the preview node, live.
        self.clienteval = ClientEvalController(self, clienteval_engine)
        outer.addWidget(self.clienteval.note)
        #: Properties that fail validation but are not shown: the CMS validates them all (facts §3.1).
        self.hidden_errors_note = QLabel(self)
        self.hidden_errors_note.setObjectName("hiddenErrors")
        self.hidden_errors_note.setWordWrap(True)
        style.tint(self.hidden_errors_note, style.NOTE)
        self.hidden_errors_note.hide()
        outer.addWidget(self.hidden_errors_note)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.currentChanged.connect(self._current_changed)
        outer.addWidget(self.tabs, 1)
        self.empty_note = QLabel("This node type has no properties to edit in the inspector.", self)
        self.empty_note.setObjectName("emptyNote")
        self.empty_note.setWordWrap(True)
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note.hide()
        outer.addWidget(self.empty_note)

    # -- building ------------------------------------------------------------------------------
    def show_node_type(self, source: InspectorSource, values: Mapping[str, Any] | None = None) -> None:
        """Build the inspector of ``source``; ``values`` overlay the defaults.

        Only the current tab's editors are created now; another tab's are created when it is first
        shown (validation and the tab badges cover every property from the start).
        """
        # The new page is assembled off screen and swapped in, so painting need not be frozen.
        self._reset_state()
        self.source = source
        self._open_data_session(source)
        self.node = PreviewNode(item_configs(source.config, source.cms_version) if isinstance(source.config, Mapping)
                                else None, raw_dates=source.creation_dialog, cms_version=source.cms_version)
        self.node.set_node_type(source.name)
        self._generations.clear()  # answers still coming for the previous node type are dropped
        if values:
            self.node.update(values)
        # Laid out from the configuration with its ClientEval strings evaluated (synchronously).
        self.layout_info = build_layout(self.clienteval.start(source, self.node.values))
        self.title.setText(self.layout_info.label)
        self.title.setToolTip(f"{self.layout_info.label}\n{source.name}")
        self._update_create_button(source)
        tabs = self.layout_info.tabs
        self._building = True
        try:
            while self.tabs.count() > len(tabs):
                scroll = self.tabs.widget(self.tabs.count() - 1)
                self.tabs.removeTab(self.tabs.count() - 1)
                scroll.deleteLater()
            for index, tab in enumerate(tabs):
                base_icon = icons.icon(tab.icon, source.packages)
                if index < self.tabs.count():  # reuse the tab and its scroll area
                    self._replace_page(self.tabs.widget(index), None)
                    if self.tabs.tabIcon(index).cacheKey() != base_icon.cacheKey():
                        self.tabs.setTabIcon(index, base_icon)
                else:
                    self.tabs.addTab(self._scroll_area(), base_icon, "")
                # (the CMS's tooltip is the translated label: a tab without one has none; Inspector/index.js)
                self.tabs.setTabToolTip(index, tab.label)
                self._tab_index[tab.id] = index
                self._tab_icons[tab.id] = base_icon
                self._tab_counts[tab.id] = 0
            if tabs:
                self.tabs.setCurrentIndex(0)
        finally:
            self._building = False
        if not tabs:
            self.empty_note.setText(self._empty_text())
        self.empty_note.setVisible(not tabs)
        self.tabs.setVisible(bool(tabs))
        self.validate_all()
        if tabs:
            self._ensure_tab(tabs[0].id)
        self.clienteval.apply_visibility()

    def _update_create_button(self, source: InspectorSource) -> None:
        """"Create new\u2026" opens the node type's creation dialog (shown for a type that has one and can be
        created: not an abstract one)."""
        wanted = has_creation_dialog(source.config, source.abstract)
        if wanted and self.create_button is None:
            # (an icon alone: a narrow inspector keeps room for the node type's label)
            self.create_button = QPushButton(icons.icon("fas fa-plus-square"), "", self)
            self.create_button.setObjectName("createNew")
            self.create_button.setAccessibleName("Create new\u2026")
            self.create_button.setToolTip("Create new\u2026: the dialog the CMS shows when a node of this type is created")
            self.create_button.clicked.connect(self.open_creation_dialog)
            self._header.insertWidget(1, self.create_button)
        if self.create_button is not None:
            self.create_button.setVisible(wanted)

    def open_creation_dialog(self):
        """Show the creation dialog of the node type shown (window-modal); "Create" puts the values of its
        elements that are properties into the preview node, as the CMS creates the node with them."""
        from nodetype_studio.ui.creationdialog import CreationDialogPreview

        if self.source is None or not has_creation_dialog(self.source.config, self.source.abstract):
            return None
        dialog = CreationDialogPreview(self.source, self, inspector_class=type(self), registry=self.registry,
                                       data_sources=self.data_service)
        dialog.created.connect(self._created)
        dialog.open()
        self.creation_dialog = dialog
        return dialog

    creation_dialog = None  # the creation dialog last opened

    def _created(self, values: dict) -> None:
        known = {name: value for name, value in values.items() if self.node is not None and name in self.node.types}
        if known:
            self.set_values(known)

    def retitle(self, config: Mapping[str, Any]) -> None:
        """The node type's configuration is now ``config``, which differs from the one shown only in the node
        type's own label (``preview.inspector.same_but_label``): only the title shows it, so only the title
        changes (the editors and the values typed into them stay)."""
        self.source = replace(self.source, config=config)
        label = node_type_label(self.source)
        if self.layout_info is not None:
            self.layout_info = replace(self.layout_info, label=label)
        self.title.setText(label)
        self.title.setToolTip(f"{label}\n{self.source.name}")

    def _empty_text(self) -> str:
        lines = ["This node type has no properties to edit in the inspector."]
        for tab_id, groups in self.layout_info.missing_tabs.items():
            lines.append(f"Groups {', '.join(groups)} belong to the tab \u201c{tab_id}\u201d, which this node type "
                         "does not define (usually it comes from the platform's Node type).")
        return "\n\n".join(lines)

    @staticmethod
    def _scroll_area() -> QScrollArea:
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # The scroll area keeps one host for good and each build swaps the page inside it: setting a
        # new scroll widget lays the page out twice (at its size hint, then at the viewport width).
        host = QWidget()
        host_layout = QVBoxLayout(host)
        host_layout.setContentsMargins(0, 0, 0, 0)
        scroll.setWidget(host)
        return scroll

    @staticmethod
    def _replace_page(scroll: QScrollArea, page: QWidget | None) -> None:
        host = scroll.widget()
        layout = host.layout()
        while layout.count():
            old = layout.takeAt(0).widget()
            if old is not None:  # detached at once: it is no longer part of the inspector
                old.hide()  # hidden first: detaching a hidden page is cheaper than detaching a shown one
                old.setParent(None)
                old.deleteLater()
        if page is not None:
            # Shown now, at the size of the page it replaces (the host keeps that size until the scroll
            # area catches up). Left to the layout's queued show, the page came out only after the scroll
            # area had shrunk the host for the empty moment between the pages (hiding the scroll bar):
            # it was laid out and painted squeezed into the viewport, then laid out at its full height
            # and again without the scroll bar's width, and painted a second time.
            page.setGeometry(host.rect())
            layout.addWidget(page)
            page.show()

    def _current_changed(self, index: int) -> None:
        if self._building or self.layout_info is None or not 0 <= index < len(self.layout_info.tabs):
            return
        self._ensure_tab(self.layout_info.tabs[index].id)

    def _ensure_tab(self, tab_id: str) -> None:
        """Create the editors of tab ``tab_id`` if that has not happened yet."""
        if tab_id in self._built_tabs or tab_id not in self._tab_index:
            return
        self._built_tabs.add(tab_id)
        tab = next(t for t in self.layout_info.tabs if t.id == tab_id)
        page = QWidget()
        page_layout = QVBoxLayout(page)
        page_layout.setContentsMargins(4, 6, 4, 6)
        page_layout.setSpacing(2)
        for group in tab.groups:
            section = GroupSection(group, self.source.packages, page)
            self.sections[group.id] = section
            for item in group.items:
                self._add_item(section, item)
            page_layout.addWidget(section)
        page_layout.addStretch(1)
        self._replace_page(self.tabs.widget(self._tab_index[tab_id]), page)
        self._activate_layouts(tab, page)
        if not self._building:
            self.clienteval.apply_visibility()

    def _activate_layouts(self, tab, page: QWidget) -> None:
        """Finish the layouts of a page just shown, innermost first.

        Showing a page lays it out from the top, and every child shown then invalidates its parent's
        layout again; left to the event loop, each level asks its parent once more in a later pass
        (editor, group body, section, page, host: five passes of the event loop after one build).
        Activated from the inside out here, each layout is done once and the requests still queued
        find nothing to do.
        """
        help_rows = self._help_rows
        for group in tab.groups:
            section = self.sections[group.id]
            if not section.collapsed:  # a folded group's rows are laid out when it is unfolded
                for item in group.items:
                    editor = self.editors.get(item.name)
                    if editor is None or editor.layout() is None:
                        continue
                    editor.layout().activate()
                    row = help_rows.get(item.name)
                    if row is not None:
                        row.layout().activate()
                section.body_layout.activate()
            section.layout().activate()
        page.layout().activate()
        page.parentWidget().layout().activate()  # the host in the scroll area

    def _reset_state(self) -> None:
        self.editors.clear()
        self.errors.clear()
        self.notes.clear()
        self.sections.clear()
        self._tab_index.clear()
        self._tab_icons.clear()
        self._tab_counts.clear()
        self._help_rows.clear()
        self._built_tabs.clear()

    def _open_data_session(self, source: InspectorSource) -> None:
        """Requests of the previous node type's editors are cancelled: no late answer reaches a new editor.

        The session asks for the project's service (``ui.datasource_loader``, which brings Qt's network
        stack) when a box first asks: a node type without a data-source box never imports it."""
        if self.data_session is not None:
            self.data_session.close()
        service = self.data_service or (lambda root=source.root: _project_service(root))
        # `node` is the focused node, the one ClientEval shows: the previewed node, or in the creation dialog the
        # node it is created into (its parent, whose properties are not the dialog's values)
        document = _is_document(source.config)
        if source.creation_dialog:
            self.data_session = DataSourceSession(service, parent_type(source.platform.prefix, document), None,
                                                  source.cms_version, document=document, creation_dialog=True)
            return
        self.data_session = DataSourceSession(service, source.name, lambda: self.node.values if self.node else {},
                                              source.cms_version, document=document)

    def _context(self, item: ItemView) -> EditorContext:
        source = self.source
        return EditorContext(
            identifier=item.editor or "",
            property_name=item.name,
            property_type=item.type,
            options=item.options,
            options_set=item.options_set,
            label=item.label,
            spec=self._spec(item.editor),
            platform=source.platform,
            translator=source.translator,
            # no i18n_base: the model already replaced every `i18n` option value the CMS replaces (only
            # those of an editor written on the property or a supertype's declaration, facts §5.13);
            # one left over is shown as written, as the Neos UI shows it
            packages=source.packages,
            node_value=self.node.get,
            workspace=source.workspace,
            data_sources=self.data_session,
            settings_merged=True,  # the model's post-processing merged the Settings' editor defaults in
            transliteration=source.transliteration,
            node_label=lambda: node_label(self.node.get, node_type_label(source)),
        )

    def _spec(self, identifier: str | None):
        if not identifier:
            return None
        key = (identifier, self.source.platform.prefix)
        if key not in self._specs:
            self._specs[key] = editor_spec(identifier, self.source.platform)
        return self._specs[key]

    def _add_item(self, section: GroupSection, item: ItemView) -> None:
        body = section.body
        layout = section.body_layout
        if item.kind == "view":
            note = QLabel(view_note(item), body)
            note.setObjectName(f"view:{item.name}")
            style.tint(note, style.MUTED)
            note.setWordWrap(True)
            note.setSizePolicy(LABEL_POLICY)  # (a long label or id does not widen the inspector)
            layout.addWidget(note)
            return
        ctx = self._context(item)
        editor = self.registry.create(ctx, body, item.editor_problem)
        has_help = bool(item.help or item.help_thumbnail)
        if not editor.has_own_label:  # the widget decides: a placeholder never shows the label itself
            # the CMS renders `ui.label || ''` through its I18n component (neos-ui EditorEnvelope): a missing,
            # null, empty or blank label shows as no text, not as the property's name
            label = make_label(item.label, body)
            label.setObjectName(f"label:{item.name}")
            if not item.label:
                label.setToolTip(f"No ui.label: the CMS shows no label for \u201c{item.name}\u201d")
            if item.reload:
                tip = label.toolTip()
                label.setToolTip((tip + "\n" if tip else "") + RELOAD_NOTES[item.reload])
            layout.addWidget(self._help_row(item, label, body) if has_help else label)
            layout.addWidget(editor)
        else:
            layout.addWidget(self._help_row(item, editor, body) if has_help else editor)
        if item.studio_editor:
            note = QLabel("Preview only: the CMS gives this property no editor here (the type does not inherit "
                          "Neos.Neos:Node); the types that use it get this one.", body)
            note.setObjectName(f"studio-editor:{item.name}")
            style.tint(note, style.MUTED)
            note.setWordWrap(True)
            layout.addWidget(note)
        editor.set_value(self.node.get(item.name))
        if self.shown_errors(item.name) or self.notes.get(item.name):
            editor.set_errors(self.shown_errors(item.name), self.notes.get(item.name, []))
        editor.on_commit = lambda value, n=item.name: self._edited(n, value)
        self.editors[item.name] = editor

    def _help_row(self, item: ItemView, main: QWidget, body: QWidget) -> "HelpRow":
        row = HelpRow(main, item.help, item.help_thumbnail, body)
        row.button.clicked.connect(lambda _=False, n=item.name: self.toggle_help(n))
        self._help_rows[item.name] = row
        return row

    # -- help ----------------------------------------------------------------------------------
    def toggle_help(self, name: str) -> QLabel | None:
        """Show or hide the help message of property ``name``; returns the help panel."""
        row = self._help_rows.get(name)
        if row is None:
            return None
        if row.panel is None:
            row.panel = QLabel(row.parentWidget())
            row.panel.setObjectName(f"help:{name}")
            row.panel.setTextFormat(Qt.TextFormat.RichText)
            row.panel.setWordWrap(True)
            row.panel.setOpenExternalLinks(True)
            style.panel(row.panel, style.tinted_base(row.panel.palette()))
            row.panel.setMargin(4)
            html = help_html(row.message) if row.message else ""
            if row.thumbnail:
                html += _thumbnail_html(row.thumbnail, self.source.packages if self.source else {})
            row.panel.setText(html)
            layout = row.parentWidget().layout()
            layout.insertWidget(layout.indexOf(row) + 1, row.panel)
            row.panel.hide()
        row.panel.setVisible(row.panel.isHidden())
        return row.panel

    # -- values and validation ------------------------------------------------------------------
    def _edited(self, name: str, value: Any) -> None:
        stored = self.node.edit(name, value)
        self._validate_property(name)
        self._update_badges()
        for editor in self.editors.values():
            if name in editor.watches:
                editor.watched_changed(name, stored)
        self.clienteval.values_changed()
        self.valueChanged.emit(name, stored)

    def _validate_property(self, name: str) -> None:
        item = self.layout_info.properties.get(name)
        self._generation_count += 1
        generation = self._generations[name] = self._generation_count  # an answer from the background for an older value is dropped
        findings: Any = []
        if item is not None and item.validation:
            value = self.node.validation_value(name)
            try:
                findings = self.validate(value, item.validation, self.source.platform, self.source.cms_version)
            except Exception as exc:  # a failing validator is shown, not raised into the event loop
                findings = exc
            if self.validate is _default_validate and isinstance(findings, list) and any(
                    getattr(f, "message_id", None) == TIMEOUT_ID for f in findings):
                # too slow for a keystroke: the browser's verdict comes from the background worker
                findings = [replace(f, message=PENDING_NOTE, message_id=PENDING_ID)
                            if getattr(f, "message_id", None) == TIMEOUT_ID else f for f in findings]
                self._submit_background(name, generation, value, item.validation)
        self._show_findings(name, findings)

    def _submit_background(self, name: str, generation: int, value: Any, config: Any) -> None:
        if self._background is None:
            self._background = BackgroundValidator(self)
            self._background.finished.connect(self._background_finished)
        self._background.submit(name, generation, value, config, self.source.platform, self.source.cms_version)

    def _background_finished(self, name: str, generation: int, findings: Any) -> None:
        if self.node is None or self._generations.get(name) != generation:
            return  # the value changed (or another node type is shown) since it was submitted
        self._show_findings(name, findings)
        self._update_badges()

    def validation_pending(self) -> bool:
        """Whether a slow value is still being checked in the background."""
        return self._background is not None and self._background.busy()

    def _show_findings(self, name: str, findings: Any) -> None:
        messages: list[str] = []
        notes: list[str] = []
        if isinstance(findings, Exception):
            notes = [f"validation failed: {findings}"]
        else:
            messages = [_message(e) for e in findings if _is_error(e)]
            notes = [_message(e) for e in findings if not _is_error(e)]
        problem = self.node.problems.get(name)
        if problem and self.node.values.get(name) == self.node.defaults.get(name):
            notes = [problem] + notes
        self.errors[name] = messages
        self.notes[name] = notes
        editor = self.editors.get(name)
        if editor is not None:
            editor.set_errors(self.shown_errors(name), notes)

    def shown_errors(self, name: str) -> list[str]:
        """The validation errors of ``name`` as shown (none while ``show_errors`` is off)."""
        return self.errors.get(name, []) if self.show_errors else []

    def reveal_errors(self) -> None:
        """Show the validation errors from now on (the creation dialog's first change)."""
        if self.show_errors:
            return
        self.show_errors = True
        for name, editor in self.editors.items():
            editor.set_errors(self.errors.get(name, []), self.notes.get(name, []))
        self._update_badges()

    def validate_all(self) -> None:
        for name in self.layout_info.properties:
            self._validate_property(name)
        self._update_badges()

    def _update_badges(self) -> None:
        counts = {tab.id: 0 for tab in self.layout_info.tabs}
        for tab in self.layout_info.tabs:
            for group in tab.groups:
                for item in group.items:
                    if item.kind == "property":
                        counts[tab.id] += len(self.shown_errors(item.name))
        for tab in self.layout_info.tabs:
            count = counts[tab.id]
            if count == self._tab_counts.get(tab.id):
                continue
            self._tab_counts[tab.id] = count
            index = self._tab_index[tab.id]
            self.tabs.setTabIcon(index, icons.badge_icon(self._tab_icons[tab.id], count))
            label = tab.label
            errors = f"{count} error{'s' if count != 1 else ''}"
            self.tabs.setTabToolTip(index, (f"{label} \u2014 {errors}" if label else errors) if count else label)
        self.show_hidden_errors()
        self.errorsChanged.emit()

    def invalid_but_not_shown(self) -> list[str]:
        """Properties with errors that the inspector does not show (hidden, without a group, in a group the
        tabs leave out, or hidden by their ClientEval `hidden` now): the CMS still keeps "Apply" disabled."""
        if self.layout_info is None:
            return []
        shown = {name for name in self.layout_info.visible_properties if not self.clienteval.is_hidden(name)}
        return [name for name, errors in self.errors.items() if errors and name not in shown]

    def show_hidden_errors(self) -> None:
        names = self.invalid_but_not_shown()
        note = self.hidden_errors_note
        if not names:
            if not note.isHidden():
                note.hide()
            return
        listed = ", ".join(f"{name} ({self.errors[name][0]})" for name in names[:3])
        more = f" and {len(names) - 3} more" if len(names) > 3 else ""
        note.setText("The CMS validates every property, shown or not, and keeps \u201cApply\u201d disabled while "
                     f"these are invalid, though the inspector does not show them: {listed}{more}")
        note.setToolTip("\n".join(f"{name}: {'; '.join(self.errors[name])}" for name in names))
        note.show()

    def reset(self) -> None:
        """Restore every value to its default."""
        if self.node is None:
            return
        self.node.reset()
        for name, editor in self.editors.items():
            editor.set_value(self.node.get(name))
        self.validate_all()
        self.clienteval.refresh()

    def set_values(self, values: Mapping[str, Any]) -> None:
        """Set values programmatically (e.g. from ``render --values``) and validate them."""
        self.node.update(values)
        for name in values:
            if name in self.editors:
                self.editors[name].set_value(self.node.get(name))
        self.validate_all()
        self.clienteval.refresh()

    # -- queries -------------------------------------------------------------------------------
    def preferred_height(self) -> int:
        """Height that shows the current tab without scrolling at the current width (for rendering)."""
        scroll = self.tabs.currentWidget()
        page_height = 0
        if isinstance(scroll, QScrollArea) and scroll.widget() is not None:
            page = scroll.widget()
            layout = page.layout()
            layout.activate()
            inner = scroll.viewport().width()
            page_height = layout.totalHeightForWidth(inner) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
        chrome = self.height() - (scroll.viewport().height() if isinstance(scroll, QScrollArea) else 0)
        note = self.empty_note.sizeHint().height() + 12 if not self.empty_note.isHidden() else 0
        return max(120, page_height + chrome + note)

    def values(self) -> dict[str, Any]:
        return dict(self.node.values) if self.node else {}

    def tab_ids(self) -> list[str]:
        return [tab.id for tab in self.layout_info.tabs] if self.layout_info else []

    def tab_error_count(self, tab_id: str) -> int:
        return self._tab_counts.get(tab_id, 0)

    def tab_tooltip(self, tab_id: str) -> str:
        return self.tabs.tabToolTip(self._tab_index[tab_id])

    def select_tab(self, tab_id: str) -> bool:
        index = self._tab_index.get(tab_id)
        if index is None:
            return False
        self.tabs.setCurrentIndex(index)
        self._ensure_tab(tab_id)
        return True

    def editor(self, name: str) -> EditorWidget | None:
        """The editor of property ``name`` (created now if its tab was not shown yet); None if not shown."""
        if name not in self.editors and self.layout_info is not None:
            tab_id = self.layout_info.tab_of(name)
            if tab_id is not None:
                self._ensure_tab(tab_id)
        return self.editors.get(name)
