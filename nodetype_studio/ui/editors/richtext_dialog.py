"""The full-screen rich-text dialog: a ``QTextEdit`` and a toolbar with exactly the enabled
``formatting`` switches, plus the link dialog with the enabled ``linking`` fields."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAction,
    QFont,
    QKeySequence,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextDocumentFragment,
    QTextListFormat,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QMenu,
    QTextEdit,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.preview.richtext_rules import (
    LINK_ATTRIBUTE_VALUES,
    STYLE_LIST_AFTER,
    TABLE_MENUS,
    TABLE_SWITCHES,
    RichTextRules,
)
from nodetype_studio.ui import icons
from nodetype_studio.ui.editors.link import FALLBACK_PLACEHOLDER, LinkOptions, LinkPicker
from nodetype_studio.ui.editors.richtext_html import (
    LINE_BREAK,
    LINK_DOWNLOAD,
    LINK_REL,
    LINK_TARGET,
    LINK_TITLE,
    grid_format,
    is_quote,
    link_format,
    load_html,
    plain_text_html,
    set_quote,
)
from nodetype_studio.ui.editors.richtext_lists import indent_items, outdent_items
from nodetype_studio.ui.editors.richtext_scripts import script_state, toggle_script
from nodetype_studio.ui.editors.richtext_table_grid import TableSizeGrid
from nodetype_studio.ui.editors.richtext_tables import command_state, edit_table
from nodetype_studio.ui.editors.richtext_write import to_html

HEADING_SCALE = {1: 2.0, 2: 1.6, 3: 1.35, 4: 1.2, 5: 1.1, 6: 1.0}
_ALIGN = {"left": Qt.AlignLeft, "center": Qt.AlignHCenter, "right": Qt.AlignRight, "justify": Qt.AlignJustify}


class RichTextEdit(QTextEdit):
    """With ``autoparagraph: false`` Enter inserts a line break instead of starting a paragraph."""

    def __init__(self, autoparagraph: bool, parent: QWidget | None = None, tables: bool = True):
        super().__init__(parent)
        self.autoparagraph = autoparagraph
        self.tables = tables
        self.setAcceptRichText(True)

    def keyPressEvent(self, event) -> None:
        if not self.autoparagraph and event.key() in (Qt.Key_Return, Qt.Key_Enter):
            self.textCursor().insertText(LINE_BREAK)
            return
        if event.key() in (Qt.Key_Tab, Qt.Key_Backtab) and self._next_cell(event.key() == Qt.Key_Backtab):
            return
        super().keyPressEvent(event)

    def _next_cell(self, backwards: bool) -> bool:
        """Tab and Shift+Tab move between table cells (as in word processors)."""
        cursor = self.textCursor()
        table = cursor.currentTable()
        if table is None:
            return False
        cell = table.cellAt(cursor)
        index = cell.row() * table.columns() + cell.column() + (-1 if backwards else 1)
        if 0 <= index < table.rows() * table.columns():
            self.setTextCursor(table.cellAt(index // table.columns(), index % table.columns()).firstCursorPosition())
        return True

    def insertFromMimeData(self, source) -> None:
        # Pasted HTML goes through the same cleaning as loaded HTML, so nothing foreign gets in; pasted plain
        # text becomes paragraphs and line breaks as CKEditor's clipboard makes them.
        if source.hasHtml() or source.hasText():
            scratch = QTextDocument()
            load_html(scratch, source.html() if source.hasHtml() else plain_text_html(source.text()), self.tables)
            self.textCursor().insertFragment(QTextDocumentFragment(scratch))
            return
        super().insertFromMimeData(source)


class LinkDialog(QDialog):
    """Link target (pages, assets, URLs, e-mail) plus the enabled ``linking`` fields."""

    def __init__(self, rules: RichTextRules, options: LinkOptions, workspace, current: QTextCharFormat | None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Link")
        self.rules = rules
        layout = QVBoxLayout(self)
        self.picker = LinkPicker(options, workspace, placeholder=FALLBACK_PLACEHOLDER, parent=self)
        layout.addWidget(self.picker)
        form = QFormLayout()
        self.anchor = self.title = None
        self.target_blank = self.nofollow = self.download = None
        href = current.anchorHref() if current is not None and current.isAnchor() else ""
        base, _, anchor = href.partition("#")
        self.picker.set_value(base if base else (href if href.startswith("#") else ""))
        if "anchor" in rules.linking:
            self.anchor = QLineEdit(anchor, self)
            self.anchor.setObjectName("anchor")
            self.anchor.setPlaceholderText("name of the anchor, without #")
            form.addRow("Anchor", self.anchor)
        if "title" in rules.linking:
            self.title = QLineEdit(self._text(current, LINK_TITLE), self)
            self.title.setObjectName("title")
            form.addRow("Title", self.title)
        checks = (("targetBlank", "target_blank", "Open in a new window", LINK_TARGET),
                  ("relNofollow", "nofollow", "Tell search engines not to follow (nofollow)", LINK_REL),
                  ("download", "download", "Download the target instead of opening it", LINK_DOWNLOAD))
        for key, attr, text, prop in checks:
            if key in rules.linking:
                box = QCheckBox(text, self)
                box.setObjectName(key)
                box.setChecked(current is not None and current.property(prop) is True)
                setattr(self, attr, box)
                form.addRow("", box)
        layout.addLayout(form)
        layout.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel, self)
        self.remove_button = self.buttons.addButton("Remove link", QDialogButtonBox.DestructiveRole)
        self.remove_button.setVisible(bool(href))
        self.remove_button.clicked.connect(self._remove)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.removed = False
        self.resize(460, 320)

    @staticmethod
    def _text(fmt, prop) -> str:
        value = fmt.property(prop) if fmt is not None else None
        return value if isinstance(value, str) else ""

    def _remove(self) -> None:
        self.removed = True
        self.accept()

    def href(self) -> str:
        target = self.picker.value()
        anchor = self.anchor.text().strip().lstrip("#") if self.anchor is not None else ""
        if anchor:
            return f"{target}#{anchor}" if target and not target.startswith("#") else f"#{anchor}"
        return target

    def attributes(self) -> dict:
        """The link attributes the dialog offers, each as set there (off or empty: taken away, as the CMS's
        link options do); the others are left as the link has them."""
        result = {}
        if self.title is not None:
            result["title"] = self.title.text().strip()
        for name, box in (("target", self.target_blank), ("rel", self.nofollow), ("download", self.download)):
            if box is not None:
                result[name] = LINK_ATTRIBUTE_VALUES[name] if box.isChecked() else ""
        return result


class RichTextDialog(QDialog):
    def __init__(self, title: str, html: str, rules: RichTextRules, placeholder: str, link_options: LinkOptions,
                 workspace, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.rules = rules
        self.link_options = link_options
        self.workspace = workspace
        self.link_dialog: LinkDialog | None = None
        self.table_grid: TableSizeGrid | None = None
        layout = QVBoxLayout(self)
        self.toolbar = QToolBar(self)
        self.toolbar.setObjectName("formatting")
        layout.addWidget(self.toolbar)
        self.text_edit = RichTextEdit(rules.autoparagraph, self, rules.has("table"))
        self.text_edit.setPlaceholderText(placeholder)
        load_html(self.text_edit.document(), html, rules.has("table"))
        # As neos-ui's CKEditorWrap, which commits only on CKEditor's `change:data`: a change of what the text
        # holds (the written HTML) makes the text edited, for good (an edit undone is a change too); a change
        # that writes the same HTML (a format set again) does not
        self.edited = False
        self._loaded = self.html()
        self.text_edit.document().contentsChange.connect(self._note_change)
        layout.addWidget(self.text_edit, 1)
        self.actions: dict[str, QAction] = {}
        self.style_box: QComboBox | None = None
        self._build_toolbar()
        self.text_edit.cursorPositionChanged.connect(self._sync_toolbar)
        self.text_edit.currentCharFormatChanged.connect(self._sync_toolbar)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel, self)
        self.buttons.button(QDialogButtonBox.Ok).setText("Apply")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setWindowState(Qt.WindowFullScreen)
        self._sync_toolbar()

    # -- toolbar -------------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        handlers = {
            "strong": self.toggle_bold, "em": self.toggle_italic, "underline": self.toggle_underline,
            "strikethrough": self.toggle_strike, "sub": lambda: self.toggle_script("sub"),
            "sup": lambda: self.toggle_script("sup"),
            "ol": lambda: self.toggle_list(QTextListFormat.ListDecimal), "ul": lambda: self.toggle_list(QTextListFormat.ListDisc),
            "indent": self.indent_list, "outdent": self.outdent_list,
            "table": self.choose_table_size, "a": self.edit_link, "removeFormat": self.remove_format,
        }
        shortcuts = {"strong": QKeySequence.Bold, "em": QKeySequence.Italic, "underline": QKeySequence.Underline}
        styles = self.rules.block_styles
        for key, label, icon in self.rules.buttons:
            if styles and self.style_box is None and key not in STYLE_LIST_AFTER:
                self._add_style_box(styles)
            action = QAction(icons.icon(icon), label, self)
            action.setObjectName(f"format:{key}")
            action.setToolTip(label)
            if key in _ALIGN:
                action.triggered.connect(lambda _=False, k=key: self.align(k))
                action.setCheckable(True)
            else:
                action.triggered.connect(lambda _=False, h=handlers[key]: h())
                action.setCheckable(key in ("strong", "em", "underline", "strikethrough", "sub", "sup", "ol", "ul"))
            if key in shortcuts:
                action.setShortcut(shortcuts[key])
            self.toolbar.addAction(action)
            self.actions[key] = action
            if key == "table":
                self._add_table_menus()
        if styles and self.style_box is None:
            self._add_style_box(styles)

    def _add_table_menus(self) -> None:
        for key, label, icon, entries in TABLE_MENUS:
            button = QToolButton(self.toolbar)
            button.setObjectName(key)
            button.setIcon(icons.icon(icon))
            button.setToolTip(label)
            button.setPopupMode(QToolButton.InstantPopup)
            menu = QMenu(button)
            for command, text in entries:
                entry = menu.addAction(text)
                entry.setObjectName(f"table:{command}")
                entry.setCheckable(command in TABLE_SWITCHES)
                entry.triggered.connect(lambda _=False, c=command: self.edit_table(c))
            menu.aboutToShow.connect(lambda m=menu: self._sync_table_menu(m))
            button.setMenu(menu)
            self.actions[key] = self.toolbar.addWidget(button)

    def _sync_table_menu(self, menu: QMenu) -> None:
        """The header switches checked as the cell the cursor is in is, the merges that cannot be done off."""
        for entry in menu.actions():
            enabled, checked = command_state(self.text_edit.textCursor(), entry.objectName().removeprefix("table:"))
            entry.setEnabled(enabled)
            entry.setChecked(checked)

    def _add_style_box(self, styles) -> None:
        self.style_box = QComboBox(self)
        self.style_box.setObjectName("paragraphStyle")
        for key, label in styles:
            self.style_box.addItem(label, key)
        self.style_box.activated.connect(lambda index: self.set_block_style(self.style_box.itemData(index)))
        self._style_action = self.toolbar.addWidget(self.style_box)

    def toolbar_keys(self) -> list[str]:
        """What the toolbar shows, in its order: button keys, and ``style`` for the paragraph-style list."""
        keys = {self._style_action: "style"} if self.style_box is not None else {}
        keys.update((action, key) for key, action in self.actions.items())
        return [keys[action] for action in self.toolbar.actions() if action in keys and action.isVisible()]

    def style_entries(self) -> list[str]:
        return [self.style_box.itemData(i) for i in range(self.style_box.count())] if self.style_box else []

    def _sync_toolbar(self, *_args) -> None:
        fmt = self.text_edit.currentCharFormat()
        cursor = self.text_edit.textCursor()
        scripts = fmt
        if cursor.hasSelection():  # (as ``toggle_script`` reads it: the first selected character, as CKEditor)
            probe = QTextCursor(cursor)
            probe.setPosition(cursor.selectionStart() + 1)
            scripts = probe.charFormat()
        block = cursor.block()
        sub, sup = script_state(scripts)
        states = {
            "strong": fmt.fontWeight() >= QFont.DemiBold and block.blockFormat().headingLevel() == 0,
            "em": fmt.fontItalic(), "underline": fmt.fontUnderline() and not fmt.isAnchor(),
            "strikethrough": fmt.fontStrikeOut(),
            "sub": sub, "sup": sup,
        }
        text_list = block.textList()
        if text_list is not None:
            ordered = text_list.format().style() in (QTextListFormat.ListDecimal, QTextListFormat.ListLowerAlpha,
                                                     QTextListFormat.ListUpperAlpha, QTextListFormat.ListLowerRoman,
                                                     QTextListFormat.ListUpperRoman)
            states["ol"], states["ul"] = ordered, not ordered
        alignment = self.text_edit.alignment()
        for key, flag in _ALIGN.items():
            states[key] = bool(alignment & flag) if key != "left" else not (alignment & (Qt.AlignHCenter | Qt.AlignRight | Qt.AlignJustify))
        for key, action in self.actions.items():
            if action.isCheckable():
                action.setChecked(bool(states.get(key)))
            action.setVisible(self.rules.button_shown(key, text_list is not None,
                                                      self.text_edit.textCursor().currentTable() is not None))
        if self.style_box is not None:
            index = self.style_box.findData(self._block_key(block))
            if index >= 0:
                self.style_box.setCurrentIndex(index)

    @staticmethod
    def _block_key(block) -> str:
        fmt = block.blockFormat()
        if fmt.headingLevel():
            return f"h{fmt.headingLevel()}"
        if is_quote(fmt):
            return "blockquote"
        return "pre" if fmt.nonBreakableLines() else "p"

    # -- inline formatting ---------------------------------------------------------------------
    def _merge(self, fmt: QTextCharFormat) -> None:
        self.text_edit.mergeCurrentCharFormat(fmt)
        self._sync_toolbar()

    def toggle_bold(self) -> None:
        fmt = QTextCharFormat()
        fmt.setFontWeight(QFont.Normal if self.text_edit.fontWeight() >= QFont.DemiBold else QFont.Bold)
        self._merge(fmt)

    def toggle_italic(self) -> None:
        fmt = QTextCharFormat()
        fmt.setFontItalic(not self.text_edit.fontItalic())
        self._merge(fmt)

    def toggle_underline(self) -> None:
        fmt = QTextCharFormat()
        fmt.setFontUnderline(not self.text_edit.fontUnderline())
        self._merge(fmt)

    def toggle_strike(self) -> None:
        fmt = QTextCharFormat()
        fmt.setFontStrikeOut(not self.text_edit.currentCharFormat().fontStrikeOut())
        self._merge(fmt)

    def toggle_script(self, key: str) -> None:
        """Subscript or superscript on or off, the other left as it is (``richtext_scripts``)."""
        typed = toggle_script(self.text_edit.textCursor(), key)
        if typed is not None:
            self._merge(typed)
        else:
            self._sync_toolbar()

    def remove_format(self) -> None:
        """What the CMS's remove-format takes away, the attributes CKEditor marks as formatting: bold, italic,
        underline, strikethrough, and the alignment of the selected blocks. Links stay, and so do sub- and
        superscript (the CMS's own sub and sup plugins do not mark theirs as formatting)."""
        fmt = QTextCharFormat()
        fmt.setFontWeight(QFont.Normal)
        fmt.setFontItalic(False)
        fmt.setFontUnderline(False)
        fmt.setFontStrikeOut(False)
        self.text_edit.setAlignment(Qt.AlignLeft)
        self._merge(fmt)

    # -- blocks --------------------------------------------------------------------------------
    def _selected_blocks(self) -> list:
        cursor = self.text_edit.textCursor()
        document = self.text_edit.document()
        block, last = document.findBlock(cursor.selectionStart()), document.findBlock(cursor.selectionEnd())
        blocks = [block]
        while block != last and block.isValid():
            block = block.next()
            blocks.append(block)
        return blocks

    def set_block_style(self, key: str) -> None:
        """Paragraph, heading 1-6, preformatted or block quote for the selected blocks, with a visible font."""
        base = self.text_edit.document().defaultFont().pointSizeF()
        for block in self._selected_blocks():
            cursor = QTextCursor(block)
            block_format = QTextBlockFormat(block.blockFormat())
            char = QTextCharFormat()
            level = int(key[1]) if key.startswith("h") else 0
            block_format.setHeadingLevel(level)
            block_format.setNonBreakableLines(key == "pre")
            set_quote(block_format, key == "blockquote")
            cursor.setBlockFormat(block_format)
            char.setFontPointSize(base * HEADING_SCALE.get(level, 1.0))
            char.setFontWeight(QFont.Bold if level else QFont.Normal)
            char.setFontFixedPitch(key == "pre")
            char.setFontFamilies(["monospace"] if key == "pre" else [self.text_edit.document().defaultFont().family()])
            cursor.movePosition(QTextCursor.StartOfBlock)
            cursor.movePosition(QTextCursor.EndOfBlock, QTextCursor.KeepAnchor)
            cursor.mergeCharFormat(char)
            cursor.mergeBlockCharFormat(char)
        self._sync_toolbar()

    def toggle_list(self, style) -> None:
        cursor = self.text_edit.textCursor()
        current = cursor.currentList()
        if current is not None and current.format().style() == style:
            for block in self._selected_blocks():
                if block.textList() is not None:
                    block.textList().remove(block)
                    fmt = QTextBlockFormat(block.blockFormat())
                    fmt.setIndent(0)
                    QTextCursor(block).setBlockFormat(fmt)
        elif current is not None:
            fmt = current.format()
            fmt.setStyle(style)
            current.setFormat(fmt)
        else:
            cursor.createList(style)
        self._sync_toolbar()

    def indent_list(self) -> None:
        indent_items(self._selected_blocks())
        self._sync_toolbar()

    def outdent_list(self) -> None:
        outdent_items(self._selected_blocks())
        self._sync_toolbar()

    def align(self, key: str) -> None:
        self.text_edit.setAlignment(_ALIGN[key])
        self._sync_toolbar()

    def choose_table_size(self) -> TableSizeGrid:
        """Open the table-size grid below the insert-table button (returns at once); a click inserts."""
        if self.table_grid is None:
            self.table_grid = TableSizeGrid(self)
            self.table_grid.chosen.connect(self.insert_table)
        button = self.toolbar.widgetForAction(self.actions["table"])
        self.table_grid.hovered = (0, 0)
        self.table_grid.move(button.mapToGlobal(button.rect().bottomLeft()))
        self.table_grid.show()
        return self.table_grid

    def insert_table(self, rows: int = 2, columns: int = 2) -> None:
        table = self.text_edit.textCursor().insertTable(rows, columns, grid_format())
        self.text_edit.setTextCursor(table.cellAt(0, 0).firstCursorPosition())

    def edit_table(self, command: str) -> None:
        """A command of the column, row and merge menus (``TABLE_MENUS``) on the cell the cursor is in."""
        cursor = edit_table(self.text_edit.textCursor(), command)
        if cursor is not None:
            self.text_edit.setTextCursor(cursor)
        self._sync_toolbar()

    # -- links ---------------------------------------------------------------------------------
    def _link_range(self) -> QTextCursor:
        """The selection, or the whole link the cursor is in."""
        cursor = self.text_edit.textCursor()
        if cursor.hasSelection() or not cursor.charFormat().isAnchor():
            return cursor
        href = cursor.charFormat().anchorHref()
        block = cursor.block()
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            iterator += 1
            if fragment.contains(cursor.position()) or fragment.position() + fragment.length() == cursor.position():
                if fragment.charFormat().anchorHref() == href:
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.KeepAnchor)
                    break
        return cursor

    def edit_link(self) -> LinkDialog:
        """Open the link dialog (returns at once); accepting it links the selection."""
        cursor = self._link_range()
        fmt = cursor.charFormat() if cursor.hasSelection() else self.text_edit.currentCharFormat()
        if cursor.hasSelection():
            probe = QTextCursor(cursor)
            probe.setPosition(cursor.selectionStart() + 1)
            fmt = probe.charFormat()
        dialog = LinkDialog(self.rules, self.link_options, self.workspace, fmt if fmt.isAnchor() else None, self)
        dialog.accepted.connect(lambda: self._apply_link(dialog, cursor))
        self.link_dialog = dialog
        dialog.open()
        return dialog

    def _apply_link(self, dialog: LinkDialog, cursor: QTextCursor) -> None:
        if dialog.removed or not dialog.href():
            clear = QTextCharFormat()
            clear.setAnchor(False)
            clear.setAnchorHref("")
            clear.setFontUnderline(False)
            clear.setForeground(self.palette().text())
            for prop in (LINK_TITLE, LINK_TARGET, LINK_REL, LINK_DOWNLOAD):
                clear.clearProperty(prop)
            if cursor.hasSelection():
                cursor.mergeCharFormat(clear)
            return
        fmt = link_format(dialog.href(), dialog.attributes())
        fmt.setFontUnderline(True)
        fmt.setForeground(self.palette().link())
        if not cursor.hasSelection():
            title, _subtitle, _icon, _invalid = dialog.picker.describe()
            cursor.insertText(title or dialog.href(), fmt)
            return
        cursor.mergeCharFormat(fmt)

    # -- result --------------------------------------------------------------------------------
    def _note_change(self, *_args) -> None:
        if not self.edited and self.html() != self._loaded:
            self.edited = True

    def html(self) -> str:
        return to_html(self.text_edit.document(), self.rules)
