"""The CMS's "Create new" dialog for a node of the selected type: the node types offered before, into and
after it, by group, with their help (``preview.insertdialog`` says what is offered and why).

A mode button is off when nothing may be created that way; groups fold (those the setting marks
``collapsed`` start folded). The filter narrows the types as the CMS's does: a case-insensitive substring
of the translated label (not the name); while it holds text every group with a match is open and the
others are not shown; cleared, the groups fold as the user left them. Typing focuses the first match, Up and Down move through the matches
and Enter creates the focused type. A type's
tooltip shows its help message and thumbnail. Choosing a type that has a creation dialog opens it ("Back"
there comes back here); choosing one without says what the CMS would create.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.preview.creationdialog import has_creation_dialog
from nodetype_studio.preview.insertdialog import OfferedType, insert_offer
from nodetype_studio.preview.inspector import InspectorSource, package_folders, project_translator
from nodetype_studio.preview.typeswitch import ui_of
from nodetype_studio.ui import icons, imagebounds, style
from nodetype_studio.ui.inspector import InspectorWidget
from nodetype_studio.ui.sections import GroupHeader

_MODE_TEXT = {"before": "Insert before", "into": "Insert into", "after": "Insert after"}
#: The CMS's mode buttons (neos-ui InsertModeSelector): in this order, with these texts and titles
_MODE_BUTTONS = (("before", "Above", "Insert above"), ("after", "Below", "Insert below"),
                 ("into", "Inside", "Insert into"))
#: The mode's word in the dialog's title, "Add below Text" (neos-ui SelectNodeType, InsertModeTitle*)
_TITLE_MODE = {"into": "inside", "before": "above", "after": "below"}
COLUMNS = 2
_ICON_SCALE = {"xs": 0.75 / 1.33, "sm": 0.875 / 1.33, "lg": 1.0, "2x": 2 / 1.33, "3x": 3 / 1.33}
LABEL_WIDTH = 250  # px; a longer label (an untranslated id) is elided, the tooltip has it whole


class InsertDialogPreview(QDialog):
    #: a node type was chosen (and its creation dialog, if any, completed): (mode, node type name)
    chosen = Signal(str, str)

    def __init__(self, project: Any, reference: str, parent: QWidget | None = None, *, translator=None):
        super().__init__(parent)
        self.project = project
        self.packages = package_folders(project)
        if translator is None:
            translator = project_translator(project, self.packages)
        self.translator = translator
        self.offer = insert_offer(project, reference, self._translate, self.packages)
        reference_type = project.node_types.get(reference) if project is not None else None
        label = ui_of(reference_type).get("label") if reference_type is not None else None
        self.reference_label = (self._translate(label) or label) if isinstance(label, str) and label else "Node"
        self.setWindowTitle(f"Add to {self.reference_label}")
        self.creation_dialog = None
        self.result_text = ""
        layout = QVBoxLayout(self)
        modes = QHBoxLayout()
        modes.addWidget(QLabel("Insert mode", self))
        self.mode_buttons: dict[str, QToolButton] = {}
        self._mode_group = QButtonGroup(self)
        self._mode_group.setExclusive(True)
        for mode, text, title in _MODE_BUTTONS:
            button = QToolButton(self)
            button.setObjectName(f"mode:{mode}")
            button.setText(text)
            button.setToolTip(title)
            button.setCheckable(True)
            button.setEnabled(bool(self.offer and self.offer.groups.get(mode)))
            button.clicked.connect(lambda _checked=False, m=mode: self.show_mode(m))
            self._mode_group.addButton(button)
            modes.addWidget(button)
            self.mode_buttons[mode] = button
        modes.addStretch(1)
        layout.addLayout(modes)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("insertFilter")
        self.filter.setPlaceholderText("Filter node types")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._filter)
        self.filter.returnPressed.connect(self._enter)
        self.filter.installEventFilter(self)
        self.focused_type: str | None = None  # the type Enter creates (neos-ui: `focusedNodeType`)
        layout.addWidget(self.filter)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        style.tint(self.note, style.MUTED)
        layout.addWidget(self.note)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.scroll, 1)
        cancel = QPushButton("Cancel", self)
        cancel.setAutoDefault(False)  # Enter in the filter creates the focused type; it never cancels
        cancel.clicked.connect(self.reject)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(cancel)
        layout.addLayout(row)
        self.type_buttons: dict[str, QToolButton] = {}
        self.headers: list[GroupHeader] = []
        self._expanded: dict[str, bool] = {}  # group -> open as the user left it (the filter forces it open)
        self.mode = self.offer.initial_mode if self.offer else None
        if self.mode is None:
            self.note.setText("Nothing may be created before, into or after a node of this type.")
            self.scroll.setWidget(QWidget(self))
        else:
            self.show_mode(self.mode)
        self.resize(640, 480)

    def _translate(self, value: Any) -> str:
        return self.translator.text(value) if isinstance(value, str) and value else ""

    def show_mode(self, mode: str) -> None:
        """Show what may be created in ``mode`` ("before", "into" or "after")."""
        self.mode = mode
        self.mode_buttons[mode].setChecked(True)
        self.setWindowTitle(f"Add {_TITLE_MODE[mode]} {self.reference_label}")
        assert self.offer is not None
        where = self.offer.where if mode != "into" else f"into this {self.offer.role} node"
        self.note.setText(f"Where the CMS offers what the parent allows, the preview takes the node to be {where}."
                          if mode != "into" else f"The types this node type's constraints allow {where}.")
        page = QWidget(self)
        column = QVBoxLayout(page)
        self.type_buttons = {}
        self.headers = []
        for group, offered in self.offer.groups.get(mode, []):
            body = QWidget(page)
            grid = QGridLayout(body)
            grid.setContentsMargins(8, 2, 8, 6)
            for column_index in range(COLUMNS):
                grid.setColumnStretch(column_index, 1)
            body.setProperty("buttons", [self._type_button(item, body) for item in offered])
            _place(body, grid)
            expanded = self._expanded.setdefault(group.name, not group.collapsed)
            header = GroupHeader(group.label, icons.icon(None, fallback=False), expanded, page)
            header.set_label(group.label, group.name)  # the CMS's I18n shows nothing for a group without label
            header.setObjectName(f"group:{group.name}")
            header.body = body
            header.toggled.connect(lambda expanded, h=header, n=group.name: self._toggled(h, n, expanded))
            if not expanded:
                body.hide()
            column.addWidget(header)
            column.addWidget(body)
            self.headers.append(header)
        column.addStretch(1)
        self.scroll.setWidget(page)
        self._filter(self.filter.text())

    def _type_button(self, item: OfferedType, parent: QWidget) -> QToolButton:
        button = QToolButton(parent)
        button.setObjectName(f"type:{item.name}")
        button.setText(button.fontMetrics().elidedText(item.label, Qt.TextElideMode.ElideMiddle, LABEL_WIDTH))
        button.setProperty("label", item.label)
        button.setProperty("searchLabel", item.search_label)
        button.setIcon(icons.icon(item.icon, self.packages, fallback=False))  # the CMS shows none without one
        lg = button.iconSize().height()  # Font Awesome's sizes, relative to lg (1.33em)
        side = round(lg * _ICON_SCALE.get(item.icon_size, 1.0))
        button.setIconSize(QSize(side, side))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setAutoRaise(True)
        button.setToolTip(_tooltip(item))
        button.clicked.connect(lambda _checked=False, name=item.name: self.choose(name))
        self.type_buttons[item.name] = button
        return button

    def _filter(self, text: str) -> None:
        # neos-ui: `label.toLowerCase().search(escapeRegExp(term.toLowerCase()))`, the term as typed (not trimmed)
        needle = text.lower()
        for button in self.type_buttons.values():
            button.setVisible(not text or needle in str(button.property("searchLabel") or "").lower())
        for header in self.headers:
            body = header.body
            assert body is not None
            _place(body, body.layout())
            matched = any(not button.isHidden() for button in body.findChildren(QToolButton))
            header.setVisible(matched)  # a group without a match is not rendered
            header.expanded = bool(text) or self._expanded.get(header.objectName().removeprefix("group:"), True)
            body.setVisible(matched and header.expanded)
            header.update()
        # typing focuses the first match, and clearing the term focuses none (SelectNodeType.updateFilteredNodes)
        visible = self.visible_types()
        self._focus(visible[0] if text and visible else None)

    def _focus(self, name: str | None) -> None:
        """Mark ``name`` as the type Enter creates: its button is shown raised."""
        self.focused_type = name
        for other, button in self.type_buttons.items():
            button.setAutoRaise(other != name)

    def _enter(self) -> None:
        if self.focused_type is not None:
            self.choose(self.focused_type)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        # Up and Down in the filter move the focused type through the matches, as in the CMS
        if watched is self.filter and event.type() == QEvent.Type.KeyPress and event.key() in (Qt.Key_Up, Qt.Key_Down):
            visible = self.visible_types()
            index = visible.index(self.focused_type) if self.focused_type in visible else -1
            step = -1 if event.key() == Qt.Key_Up else 1
            if 0 <= index + step < len(visible):
                self._focus(visible[index + step])
            return True
        return super().eventFilter(watched, event)

    def _toggled(self, header: GroupHeader, group: str, expanded: bool) -> None:
        self._expanded[group] = expanded
        if self.filter.text():  # the CMS keeps a group open while the filter holds text; the click still counts
            header.expanded = True
            if header.body is not None:
                header.body.show()
            header.update()

    def visible_types(self) -> list[str]:
        return [name for name, button in self.type_buttons.items() if button.isVisibleTo(self)]

    def choose(self, name: str) -> None:
        """A type was clicked: its creation dialog, if it has one, else done."""
        nt = self.project.node_types.get(name)
        if nt is not None and has_creation_dialog(nt.preview, nt.abstract):
            from nodetype_studio.ui.creationdialog import CreationDialogPreview

            dialog = CreationDialogPreview(InspectorSource.from_model(nt, self.project), self,
                                           inspector_class=InspectorWidget)
            dialog.created.connect(lambda _values, n=name: self._done(n))
            dialog.open()
            self.creation_dialog = dialog
            return
        self._done(name)

    def _done(self, name: str) -> None:
        self.result_text = f"The CMS would create a node of type {name} ({_MODE_TEXT[self.mode or 'after'].lower()})."
        self.chosen.emit(self.mode or "", name)
        self.accept()


def _place(body: QWidget, grid) -> None:
    """The group's shown type buttons in its grid, in order from the first cell, ``COLUMNS`` to a row: the
    CMS renders only the matches of a filter, so they close up."""
    buttons = body.property("buttons") or []
    for button in buttons:
        grid.removeWidget(button)
    shown = [button for button in buttons if not button.isHidden()]
    for index, button in enumerate(shown):
        grid.addWidget(button, index // COLUMNS, index % COLUMNS, Qt.AlignmentFlag.AlignLeft)


def _tooltip(item: OfferedType) -> str:
    title = html.escape(item.label) if item.label else "(no label: the CMS shows the icon alone)"
    parts = [f"<b>{title}</b><br>{html.escape(item.name)}"]
    if item.help:
        parts.append(html.escape(item.help).replace("\n", "<br>"))
    problem = imagebounds.too_large(item.thumbnail) if item.thumbnail is not None else None
    if problem is not None:  # (the tooltip would decode it whole: a small file may declare gigabytes)
        parts.append(f"<small>Thumbnail {html.escape(problem)}</small>")
    elif item.thumbnail is not None:
        parts.append(f'<img src="{html.escape(item.thumbnail.as_uri())}" width="200">')
    return "<p>" + "</p><p>".join(parts) + "</p>"
