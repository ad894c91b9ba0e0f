"""SelectBoxEditor with static ``values``: groups, icons, empty choice, multiple, search, invalid values.

Single selection is a combo box; multiple selection (``multiple``, automatically on for array
properties) a list of checkable choices with a summary line. The search box appears when
``minimumResultsForSearch`` is >= 0 and there are at least that many choices. A stored value that is
not among the choices is shown as ``Invalid value: "<value>"``. Data-source select boxes get their
choices through ``set_options`` (the data-source loader plugs in there); until then they show a note.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QListWidget, QListWidgetItem, QToolButton, QWidget

from nodetype_studio.ui import icons
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.context import EditorContext
from nodetype_studio.ui.editors.selectoptions import SelectOption, grouped, parse_options

VALUE_ROLE = Qt.UserRole
HEADER_ROLE = Qt.UserRole + 2
INVALID_ROLE = Qt.UserRole + 3
INVALID_COLOR = QColor("#d7263d")
MAX_LIST_ROWS = 8


def invalid_label(value: Any) -> str:
    return f'Invalid value: "{value}"'


class SelectBoxEditor(EditorWidget):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        values = ctx.option("values")
        self.multiple = ctx.flag("multiple") or ctx.is_array_type
        # An empty-string key among the values allows the empty choice too (the CMS does the same).
        self.allow_empty = ctx.flag("allowEmpty") or (isinstance(values, dict) and "" in values)
        placeholder = ctx.option("placeholder")
        self.placeholder = ctx.text(placeholder, "selectBoxEditor", "placeholder") if placeholder not in (None, "") else ""
        self.minimum_for_search = ctx.option("minimumResultsForSearch")
        self.data_source = ctx.option("dataSourceIdentifier") or ctx.option("dataSourceUri")
        self.options: list[SelectOption] = []
        self.search: QLineEdit | None = None
        self.combo: QComboBox | None = None
        self.list: QListWidget | None = None
        self.summary: QLabel | None = None
        self.clear_button: QToolButton | None = None
        self.status = QLabel(self)
        self.status.setObjectName("selectStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #777;")
        self.status.hide()
        self._populating = False

        if self.multiple:
            self.summary = QLabel(self)
            self.summary.setObjectName("selectSummary")
            self.summary.setWordWrap(True)
            self.add_widget(self.summary)
            self.list = QListWidget(self)
            self.list.itemChanged.connect(self._list_changed)
            self.add_field(self.list)
        else:
            self.combo = QComboBox(self)
            # Long labels must not widen a narrow inspector.
            self.combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
            self.combo.setMinimumContentsLength(8)
            self.combo.activated.connect(self._combo_activated)
            if self.allow_empty and self.placeholder:
                self.combo.setPlaceholderText(self.placeholder)
            if self.allow_empty:
                self.clear_button = QToolButton(self)
                self.clear_button.setIcon(icons.icon("fas fa-times"))
                self.clear_button.setToolTip("Clear")
                self.clear_button.setAutoRaise(True)
                self.clear_button.clicked.connect(self._clear)
            self.add_field(self.combo, self.clear_button)
        self.add_widget(self.status)

        if self.data_source and not ctx.has_option("values"):
            self.set_status(f"Options come from the data source \u201c{self.data_source}\u201d.")
        self.set_options(
            parse_options(values, lambda label, key: ctx.text(label, "selectBoxEditor", "values", key))
        )

    # -- choices ---------------------------------------------------------------------------------
    def set_options(self, options: list[SelectOption]) -> None:
        """Replace the choices (static values, or a data-source response)."""
        self.options = list(options)
        self._update_search()
        self.show_value(self.value())

    def set_status(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def search_shown(self) -> bool:
        """Whether a search box is offered (minimumResultsForSearch)."""
        return self.search is not None and not self.search.isHidden()

    def _update_search(self) -> None:
        threshold = self.minimum_for_search
        wanted = (
            isinstance(threshold, int) and not isinstance(threshold, bool) and threshold >= 0
            and len(self.options) >= threshold
        )
        if wanted and self.search is None:
            self.search = QLineEdit(self)
            self.search.setObjectName("selectSearch")
            self.search.setPlaceholderText("Search")
            self.search.setClearButtonEnabled(True)
            self.search.textChanged.connect(self._filter)
            self._layout.insertWidget(0, self.search)
        if self.search is not None:
            self.search.setVisible(wanted)

    def _filter(self, text: str) -> None:
        needle = text.casefold().strip()
        view = self.list if self.list is not None else self.combo.view()
        count = self.list.count() if self.list is not None else self.combo.count()
        header_row, header_has_match = None, False

        def close_header():
            if header_row is not None:
                view.setRowHidden(header_row, not header_has_match)

        for row in range(count):
            if self._row_data(row, HEADER_ROLE):
                close_header()
                header_row, header_has_match = row, False
                continue
            label = self._row_text(row).casefold()
            hidden = bool(needle) and needle not in label
            view.setRowHidden(row, hidden)
            header_has_match = header_has_match or not hidden
        close_header()

    def visible_labels(self) -> list[str]:
        """Choice labels currently offered (after search filtering; group headers excluded)."""
        view = self.list if self.list is not None else self.combo.view()
        count = self.list.count() if self.list is not None else self.combo.count()
        return [
            self._row_text(r) for r in range(count)
            if not self._row_data(r, HEADER_ROLE) and not view.isRowHidden(r)
        ]

    def display_rows(self) -> list[tuple[str, str]]:
        """``(kind, text)`` of every row in display order; kind is "group", "option" or "invalid"."""
        count = self.list.count() if self.list is not None else self.combo.count()
        rows = []
        for r in range(count):
            if self._row_data(r, HEADER_ROLE):
                rows.append(("group", self._row_text(r)))
            elif self._row_data(r, INVALID_ROLE):
                rows.append(("invalid", self._row_text(r)))
            else:
                rows.append(("option", self._row_text(r)))
        return rows

    def _row_text(self, row: int) -> str:
        return self.list.item(row).text() if self.list is not None else self.combo.itemText(row)

    def _row_data(self, row: int, role: int) -> Any:
        return self.list.item(row).data(role) if self.list is not None else self.combo.itemData(row, role)

    # -- showing values -------------------------------------------------------------------------
    def _selected(self, value: Any) -> list[str]:
        if value is None or value == "":
            return []
        if isinstance(value, (list, tuple)):
            return [str(v) for v in value if v not in (None, "")]
        if isinstance(value, bool):
            return ["true" if value else "false"]
        return [str(value)]

    def show_value(self, value: Any) -> None:
        selected = self._selected(value)
        known = {o.value for o in self.options}
        invalid = [v for v in selected if v not in known]
        self._populating = True
        try:
            if self.list is not None:
                self._fill_list(selected, invalid)
            else:
                self._fill_combo(selected, invalid)
        finally:
            self._populating = False
        if self.search is not None and self.search.text():
            self._filter(self.search.text())

    def _header_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def _fill_combo(self, selected: list[str], invalid: list[str]) -> None:
        combo = self.combo
        combo.clear()
        model = combo.model()
        for group, options in grouped(self.options):
            if group is not None:
                combo.addItem(group)
                item: QStandardItem = model.item(combo.count() - 1)
                item.setFlags(Qt.NoItemFlags)
                item.setData(True, HEADER_ROLE)
                item.setFont(self._header_font())
            for option in options:
                if option.icon:
                    combo.addItem(icons.icon(option.icon, self.ctx.packages), option.label, option.value)
                else:
                    combo.addItem(option.label, option.value)
                if option.disabled:
                    model.item(combo.count() - 1).setEnabled(False)
        for value in invalid:
            combo.addItem(icons.icon("fas fa-exclamation-triangle"), invalid_label(value), value)
            combo.setItemData(combo.count() - 1, True, INVALID_ROLE)
            combo.setItemData(combo.count() - 1, QBrush(INVALID_COLOR), Qt.ForegroundRole)
        index = combo.findData(selected[0], VALUE_ROLE) if selected else -1
        combo.setCurrentIndex(index)
        if self.clear_button is not None:
            self.clear_button.setVisible(index >= 0)
        if invalid or combo.styleSheet():
            combo.setStyleSheet("color: #d7263d;" if invalid else "")

    def _fill_list(self, selected: list[str], invalid: list[str]) -> None:
        lst = self.list
        lst.clear()
        labels = {}
        for group, options in grouped(self.options):
            if group is not None:
                header = QListWidgetItem(group)
                header.setFlags(Qt.NoItemFlags)
                header.setData(HEADER_ROLE, True)
                header.setFont(self._header_font())
                lst.addItem(header)
            for option in options:
                item = QListWidgetItem(option.label)
                if option.icon:
                    item.setIcon(icons.icon(option.icon, self.ctx.packages))
                item.setData(VALUE_ROLE, option.value)
                flags = Qt.ItemIsUserCheckable | (Qt.ItemIsEnabled if not option.disabled else Qt.NoItemFlags)
                item.setFlags(flags)
                item.setCheckState(Qt.Checked if option.value in selected else Qt.Unchecked)
                lst.addItem(item)
                labels[option.value] = option.label
        for value in invalid:
            item = QListWidgetItem(icons.icon("fas fa-exclamation-triangle"), invalid_label(value))
            item.setData(VALUE_ROLE, value)
            item.setData(INVALID_ROLE, True)
            item.setForeground(QBrush(INVALID_COLOR))
            item.setFlags(Qt.ItemIsUserCheckable | Qt.ItemIsEnabled)
            item.setCheckState(Qt.Checked)
            lst.addItem(item)
            labels[value] = invalid_label(value)
        rows = min(max(lst.count(), 1), MAX_LIST_ROWS)
        lst.setFixedHeight(rows * max(lst.sizeHintForRow(0), 18) + 2 * lst.frameWidth() + 2)
        chosen = [labels.get(v, v) for v in selected]
        if chosen:
            self.summary.setText(", ".join(chosen))
            self.summary.setStyleSheet("")
        else:
            self.summary.setText(self.placeholder if self.allow_empty else "")
            self.summary.setStyleSheet("color: #888;")
        self.summary.setVisible(bool(self.summary.text()))

    # -- user edits -----------------------------------------------------------------------------
    def _combo_activated(self, index: int) -> None:
        value = self.combo.itemData(index, VALUE_ROLE)
        if value is None:
            return
        self.commit(value)
        self.show_value(value)

    def _clear(self) -> None:
        self.commit([] if self.multiple else "")
        self.show_value(self.value())

    def _list_changed(self, item: QListWidgetItem) -> None:
        if self._populating or item.data(HEADER_ROLE):
            return
        current = self._selected(self.value())
        value = item.data(VALUE_ROLE)
        if item.checkState() == Qt.Checked and value not in current:
            current.append(value)
        elif item.checkState() != Qt.Checked and value in current:
            current.remove(value)
        self.commit(current)
        self.show_value(current)
