"""SelectBoxEditor with static ``values``: groups, icons, empty choice, multiple, search, invalid values.

Single selection is a combo box; multiple selection (``multiple``, which the platform's Settings turn
on for ``array`` properties; ``array<string>`` has no such default) a list of checkable choices with a
summary line. The search box appears when ``minimumResultsForSearch`` is >= 0 and there are at least
that many choices. The placeholder shows only with ``allowEmpty``, as the product specification says
(the CMS shows it whenever nothing is chosen; the checks report that as a compat note). ``allowEmpty`` does
not keep the last choice of a multiple selection: it can be unchecked, as in the CMS, whose remove buttons
ignore the option. A stored value that is not among the choices is shown as ``Invalid value: "<value>"``.
A select box with ``dataSourceUri`` or ``dataSourceIdentifier`` ignores ``values`` (as the CMS does) and
gets its choices from the inspector's data-source session through ``selectsource.DataSourceBinding``;
without a session it says where the choices would come from.

What each row is (group header, choice, invalid value) is kept on the Python side in ``rows``: the
widget is filled once per set of choices, and showing a value only adjusts the selection.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from nodetype_studio.datasources import DataSourceQuery
from nodetype_studio.datasources.options import WITHOUT_GROUP, SelectOption, grouped, parse_options
from nodetype_studio.js.values import JsError, to_number, to_string, unescape
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.selectsource import LOADING, DataSourceBinding
from nodetype_studio.ui.sections import ElidedComboBox

INVALID_COLOR = QColor(style.ERROR)

_COMBO_POLICY = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # made once, set per box
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
MAX_LIST_ROWS = 8


def _as_text(value: Any) -> str:
    """A stored value as the choices' text: JavaScript's ``String()``, as the CMS matches it against the
    choices (``value in validValues``) and writes it into its "Invalid value" label (``null``,
    ``[object Object]``, ``1,2``)."""
    if isinstance(value, str):
        return value
    try:
        return to_string(value)
    except JsError:  # an object with its own `toString`: the browser throws; show it as it is
        return str(value)


def _identity(value: Any) -> Any:
    """An object identity (``{"__identity": "<id>", "__type": ...}``, how entity-typed properties may be
    stored) as its id; any other value as it is."""
    if isinstance(value, dict) and isinstance(value.get("__identity"), str):
        return value["__identity"]
    return value


def invalid_label(value: Any) -> str:
    return f'Invalid value: "{value}"'


class Row(NamedTuple):  # a tuple: made for every row of every box, and cheaper to make than a dataclass
    kind: str  # "group" | "option" | "invalid"
    label: str
    value: str | None = None


class SelectBoxEditor(EditorWidget):
    #: A data-source answer arrived (DataSourceResult, good or bad) and is shown.
    dataSourceAnswered = Signal(object)

    # Defaults as class attributes (cheaper than setting each on every new box).
    binding = None  # DataSourceBinding when the inspector provides a data-source session
    search: QLineEdit | None = None
    combo: QComboBox | None = None
    summary: QLabel | None = None
    clear_button: QToolButton | None = None
    status: QLabel | None = None  # created when there is something to say
    left_to_type: QLabel | None = None  # "Type 2 more characters…" (threshold), created when needed
    _loading = False
    _option_rows = 0  # rows before the invalid-value rows (and the "Without group" heading they may need)
    _populating = False
    _tinted = False
    _bold: QFont | None = None
    _stored: dict[str, Any] = {}  # choice text -> committed number/boolean (replaced, never changed in place)

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.query = DataSourceQuery.from_options(ctx.option)
        # The data-source variant of the CMS reads no `values`.
        values = ctx.option("values") if self.query is None else None
        # `multiple` as the CMS gets it: from the options, where the `array` data type's Settings put `true`
        # (no other type has that default); options not merged with the Settings get the data type's default
        if ctx.settings_merged or ctx.has_option("multiple"):
            self.multiple = ctx.flag("multiple")
        else:
            self.multiple = ctx.property_type == "array"
        # An empty-string key among the values allows the empty choice too (the CMS does the same).
        self.allow_empty = ctx.flag("allowEmpty") or (isinstance(values, dict) and "" in values)
        placeholder = ctx.option("placeholder")
        if isinstance(placeholder, str):  # unescaped as the CMS does it, with JavaScript's global unescape()
            placeholder = unescape(placeholder)
        self.placeholder = ctx.text(placeholder, "selectBoxEditor", "placeholder") if placeholder not in (None, "") else ""
        self.minimum_for_search = ctx.option("minimumResultsForSearch")
        self.threshold = ctx.option("threshold")
        self.data_source = self.query.key if self.query is not None else None
        self.options: list[SelectOption] = []
        self.options_loaded = self.query is None
        self.rows: list[Row] = []
        self.list: QListWidget | None = None  # (not a class attribute: it would shadow the builtin there)

        if self.multiple:
            self.summary = QLabel(self)
            self.summary.setObjectName("selectSummary")
            self.summary.setWordWrap(True)
            self.add_widget(self.summary)
            self.list = QListWidget(self)
            style.outline_check_boxes(self.list)
            self.list.itemChanged.connect(self._list_changed)
            self.add_field(self.list)
        else:
            self.combo = ElidedComboBox(self)
            # Long labels (or placeholders) must not widen a narrow inspector: take the width given.
            self.combo.setSizePolicy(_COMBO_POLICY)
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

        if self.query is None:
            self.set_options(
                parse_options(values, lambda label, key: ctx.text(label, "selectBoxEditor", "values", key))
            )
        elif ctx.data_sources is not None:
            self.binding = DataSourceBinding(self, self.query, ctx.data_sources)
            # an editor replaced while its request runs (ClientEval changed its options) stops waiting
            self.destroyed.connect(lambda _obj=None, binding=self.binding: binding.drop())
            self.binding.start()
        else:
            self.set_status(f"Options come from the data source \u201c{self.data_source}\u201d.")
            self.set_options([], loaded=False)

    # -- choices ---------------------------------------------------------------------------------
    def set_options(self, options: list[SelectOption], loaded: bool = True) -> None:
        """Replace the choices (static values, or a data-source response)."""
        self.options = list(options)
        # choices whose entry gave a number or boolean `value` commit that, not its text (as in the CMS)
        self._stored = {o.value: o.stored for o in self.options if o.stored is not None}
        self.options_loaded = self.options_loaded or loaded
        self._populating = True
        try:
            self._fill()
        finally:
            self._populating = False
        self._update_search()
        self.show_value(self.value())

    def set_status(self, text: str) -> None:
        """A line under the choices (e.g. where data-source choices come from); empty hides it."""
        if self.status is None:
            if not text:
                return
            self.status = QLabel(self)
            self.status.setObjectName("selectStatus")
            self.status.setWordWrap(True)
            style.tint(self.status, style.MUTED)
            self.add_widget(self.status)
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def search_shown(self) -> bool:
        """Whether a search box is offered (minimumResultsForSearch)."""
        return self.search is not None and not self.search.isHidden()

    def _update_search(self) -> None:
        # compared as the CMS compares it (`x >= 0 && count >= x`): null as 0, "3" as 3, NaN never
        try:
            threshold = to_number(self.minimum_for_search)
        except JsError:
            threshold = math.nan
        # the CMS counts its "Invalid value" rows too: they are options of the same list
        wanted = threshold >= 0 and len(self.options) + self._invalid_count() >= threshold
        if wanted and self.search is None:
            self.search = QLineEdit(self)
            self.search.setObjectName("selectSearch")
            self.search.setPlaceholderText("Search")
            self.search.textChanged.connect(self._filter)
            self._layout.insertWidget(0, self.search)
        if self.search is not None:
            self.search.setVisible(wanted)
        if not wanted and self.left_to_type is not None:
            self.left_to_type.hide()

    def _invalid_count(self) -> int:
        return sum(1 for row in self.rows[self._option_rows:] if row.kind == "invalid")

    def _characters_left(self, text: str) -> float:
        """How many more characters the search needs before the choices are listed (``threshold``; the
        CMS lists none until then, and only a box with a search box has a threshold); 0 when none."""
        if not self.search_shown():
            return 0
        try:
            left = to_number(self.threshold) - len(text)
        except JsError:
            return 0
        return left if left > 0 else 0  # (NaN is never > 0; the CMS computes with the number as given)

    def _show_characters_left(self, left: float) -> None:
        if left <= 0:
            if self.left_to_type is not None:
                self.left_to_type.hide()
            return
        if self.left_to_type is None:
            self.left_to_type = QLabel(self)
            self.left_to_type.setObjectName("selectLeftToType")
            style.tint(self.left_to_type, style.MUTED)
            self._layout.insertWidget(self._layout.indexOf(self.search) + 1, self.left_to_type)
        self.left_to_type.setText(f"Type {to_string(left)} more character{'' if left == 1 else 's'} to list the choices")
        self.left_to_type.show()

    def _view(self):
        return self.list if self.list is not None else self.combo.view()

    @Slot(str)  # a declared slot connects faster than a plain method
    def _filter(self, text: str) -> None:
        view = self._view()
        left = self._characters_left(text)
        self._show_characters_left(left)
        if left:  # below the threshold the CMS's list shows only how many characters are still missing
            for index in range(len(self.rows)):
                view.setRowHidden(index, True)
            return
        needle = text.casefold().strip()
        header_row, header_has_match = None, False
        for index, row in enumerate(self.rows):
            if row.kind == "group":
                if header_row is not None:
                    view.setRowHidden(header_row, not header_has_match)
                header_row, header_has_match = index, False
                continue
            hidden = bool(needle) and needle not in row.label.casefold()
            view.setRowHidden(index, hidden)
            header_has_match = header_has_match or not hidden
        if header_row is not None:
            view.setRowHidden(header_row, not header_has_match)

    def visible_labels(self) -> list[str]:
        """Choice labels currently offered (after search filtering; group headers excluded)."""
        view = self._view()
        return [row.label for index, row in enumerate(self.rows) if row.kind != "group" and not view.isRowHidden(index)]

    def display_rows(self) -> list[tuple[str, str]]:
        """``(kind, text)`` of every row in display order; kind is "group", "option" or "invalid"."""
        return [(row.kind, row.label) for row in self.rows]

    # -- filling ---------------------------------------------------------------------------------
    def _header_font(self) -> QFont:
        if self._bold is None:  # one font for all group rows (shared by every box with this font)
            self._bold = style.bold_font(self.font())
        return self._bold

    def _groups(self) -> list[tuple[str | None, list[SelectOption]]]:
        """The choices by group, in display order (groups sorted by name, as the specification says)."""
        return grouped(self.options)

    def _fill(self) -> None:
        self.rows = []
        if self.combo is not None:
            if self.combo.count():
                self.combo.clear()
            if not any(option.icon for option in self.options):
                self._fill_combo_plain()
                return
        else:
            self.list.clear()
        for group, options in self._groups():
            if group is not None:
                self._append(Row("group", group))
            for option in options:
                self._append(Row("option", option.label, option.value), option)
        self._option_rows = len(self.rows)

    def _fill_combo_plain(self) -> None:
        """Choices without icons go into the combo box in one call (one model insertion, not one per row);
        group headers and disabled choices are then adjusted as ``_append`` does."""
        rows = self.rows
        special: list[int] = []
        for group, options in self._groups():
            if group is not None:
                special.append(len(rows))
                rows.append(Row("group", group))
            for option in options:
                if option.disabled:
                    special.append(len(rows))
                rows.append(Row("option", option.label, option.value))
        self._option_rows = len(rows)
        if not special:
            self.combo.addItems([row.label for row in rows])
            return
        # Items as QComboBox.addItem makes them, with group headers and disabled choices adjusted
        # before they go into the model: adjusting them afterwards makes the combo box react to each
        # change (size hint, current text) as if the choices had changed.
        items = [QStandardItem(row.label) for row in rows]
        for index in special:
            item = items[index]
            if rows[index].kind == "group":
                item.setFlags(_NO_FLAGS)
                item.setFont(self._header_font())
            else:
                item.setEnabled(False)
        self.combo.model().invisibleRootItem().appendRows(items)

    def _append(self, row: Row, option: SelectOption | None = None) -> None:
        index = len(self.rows)
        self.rows.append(row)
        icon_name = "fas fa-exclamation-triangle" if row.kind == "invalid" else (option.icon if option else None)
        enabled = row.kind != "group" and not (option is not None and option.disabled)
        if self.combo is not None:
            if icon_name:
                self.combo.addItem(icons.icon(icon_name, self.ctx.packages), row.label)
            else:
                self.combo.addItem(row.label)
            if row.kind != "option" or not enabled:
                item = self.combo.model().item(index)
                if row.kind == "group":
                    item.setFlags(_NO_FLAGS)
                    item.setFont(self._header_font())
                elif row.kind == "invalid":
                    item.setForeground(QBrush(INVALID_COLOR))
                else:
                    item.setEnabled(False)
            return
        item = QListWidgetItem(row.label)
        if icon_name:
            item.setIcon(icons.icon(icon_name, self.ctx.packages))
        if row.kind == "group":
            item.setFlags(_NO_FLAGS)
            item.setFont(self._header_font())
        else:
            item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | (Qt.ItemFlag.ItemIsEnabled if enabled else Qt.ItemFlag.NoItemFlags))
            item.setCheckState(Qt.CheckState.Unchecked)
            if row.kind == "invalid":
                item.setForeground(QBrush(INVALID_COLOR))
        self.list.addItem(item)

    # -- showing values -------------------------------------------------------------------------
    def _entries(self, value: Any) -> list[tuple[str, Any]]:
        """``(text, value)`` of each stored value. A null or empty value is no value; inside a list, as
        in the CMS, an empty string or null is a value like any other (one no choice has, usually)."""
        if self.query is not None:  # the data-source variant reads an object identity as its id, as the CMS does
            value = [_identity(v) for v in value] if isinstance(value, (list, tuple)) else _identity(value)
        if value is None or value == "":
            return []
        items = value if isinstance(value, (list, tuple)) else [value]
        return [(_as_text(v), v) for v in items]

    def _selected(self, value: Any) -> list[str]:
        return [text for text, _value in self._entries(value)]

    def _committed(self, value: str) -> Any:
        """What choosing the choice ``value`` commits (its entry's own number or boolean, else the text)."""
        return self._stored.get(value, value)

    def show_value(self, value: Any) -> None:
        selected = self._selected(value)
        invalid: list[str] = []
        if selected:
            known = {o.value for o in self.options}
            invalid = [v for v in selected if v not in known]
        if not self.options_loaded or self._loading:
            # choices not loaded (yet), or loading again: a value cannot be judged (the CMS lists no
            # choices while its data source loads, so it shows no "Invalid value" either)
            invalid = []
            self._show_unjudged(selected)
        elif self.query is not None and self.combo is not None:
            self.combo.setPlaceholderText(self.placeholder if self.allow_empty else "")
        self._populating = True
        try:
            if self._set_invalid_rows(invalid):
                self._update_search()
            if self.list is not None:
                self._select_in_list(selected)
            else:
                self._select_in_combo(selected, bool(invalid))
        finally:
            self._populating = False
        if self._loading and self.summary is not None:
            self.summary.setText(LOADING)
            self.summary.show()
        if self.search is not None and (self.search.text() or self._characters_left("")):
            self._filter(self.search.text())

    def _show_unjudged(self, selected: list[str]) -> None:
        """Data-source choices not loaded or loading: say they are loading, or show the stored value as it is."""
        if self.combo is not None:
            self.combo.setPlaceholderText(LOADING if self._loading else (selected[0] if selected else self.placeholder))
        elif self.summary is not None:
            self.summary.setText(", ".join(selected))

    def _set_invalid_rows(self, invalid: list[str]) -> bool:
        """Show ``invalid`` as the "Invalid value" rows; whether they changed."""
        current = [row.value for row in self.rows[self._option_rows:] if row.kind == "invalid"]
        if current == invalid:
            return False
        while len(self.rows) > self._option_rows:
            self.rows.pop()
            if self.combo is not None:
                self.combo.removeItem(len(self.rows))
            else:
                self.list.takeItem(len(self.rows))
        if invalid and self.options and all(option.group for option in self.options):
            # an invalid value has no group: in a grouped list the CMS files it under "Without group",
            # which only it fills here (with ungrouped choices, that bucket is already the last one)
            self._append(Row("group", WITHOUT_GROUP))
        for value in invalid:
            self._append(Row("invalid", invalid_label(value), value))
        return True

    def _index_of(self, value: str) -> int:
        for index, row in enumerate(self.rows):
            if row.kind != "group" and row.value == value:
                return index
        return -1

    def _select_in_combo(self, selected: list[str], has_invalid: bool) -> None:
        index = self._index_of(selected[0]) if selected else -1
        self.combo.setCurrentIndex(index)
        if self.clear_button is not None:  # (the CMS offers no reset while its options load)
            self.clear_button.setVisible(index >= 0 and not self._loading)
        if has_invalid != self._tinted:
            (style.tint(self.combo, style.ERROR) if has_invalid else style.untint(self.combo))
            self._tinted = has_invalid

    def _select_in_list(self, selected: list[str]) -> None:
        chosen = set(selected)
        labels = {}
        for index, row in enumerate(self.rows):
            if row.kind == "group":
                continue
            labels[row.value] = row.label
            state = Qt.CheckState.Checked if row.value in chosen else Qt.CheckState.Unchecked
            item = self.list.item(index)
            if item.checkState() != state:
                item.setCheckState(state)
        count = min(max(len(self.rows), 1), MAX_LIST_ROWS)
        self.list.setFixedHeight(count * max(self.list.sizeHintForRow(0), 18) + 2 * self.list.frameWidth() + 2)
        names = [labels.get(v, v) for v in selected]
        if names:
            self.summary.setText(", ".join(names))
            style.untint(self.summary)
        else:
            self.summary.setText(self.placeholder if self.allow_empty else "")
            style.tint(self.summary, style.MUTED)
        self.summary.setVisible(bool(self.summary.text()))

    # -- data source -----------------------------------------------------------------------------
    def set_loading(self, loading: bool, text: str = "") -> None:
        """Show (or stop showing) that the choices are being loaded; ``text`` says from where (tooltip)."""
        self._loading = loading
        (self.combo or self.list).setToolTip(text if loading else "")
        if self.combo is not None and not loading and self.options_loaded:
            self.combo.setPlaceholderText(self.placeholder if self.allow_empty else "")
        self.show_value(self.value())

    def is_loading(self) -> bool:
        """A data-source request for this box is running."""
        return self.binding is not None and self.binding.loading

    def data_source_status(self) -> str:
        """The line under the box saying where the options come from (plain text)."""
        if self.binding is not None:
            return self.binding.status_text()
        return self.status.text() if self.status is not None else ""

    def data_source_error(self) -> str:
        return self.binding.error_text() if self.binding is not None else ""

    def reload_options(self) -> None:
        """Ask the data source again (cached answers are forgotten)."""
        if self.binding is not None:
            self.binding.reload()

    # -- user edits -----------------------------------------------------------------------------
    @Slot(int)  # a declared slot connects faster than a plain method
    def _combo_activated(self, index: int) -> None:
        if not 0 <= index < len(self.rows) or self.rows[index].kind == "group":
            return
        value = self.rows[index].value
        self.commit(self._committed(value))
        self.show_value(value)

    @Slot()  # a declared slot connects faster than a plain method
    def _clear(self) -> None:
        self.commit([] if self.multiple else "")
        self.show_value(self.value())

    def _list_changed(self, item: QListWidgetItem) -> None:
        if self._populating:
            return
        index = self.list.row(item)
        if not 0 <= index < len(self.rows) or self.rows[index].kind == "group":
            return
        value = self.rows[index].value
        entries = self._entries(self.value())
        current = [text for text, _stored in entries]
        kept = dict(entries)  # the values the user leaves as they are keep their type (null, a number)
        if item.checkState() == Qt.CheckState.Checked and value not in current:
            current.append(value)
        elif item.checkState() != Qt.CheckState.Checked and value in current:
            current.remove(value)
        self.commit([self._stored.get(v, kept.get(v, v)) for v in current])
        self.show_value(current)
