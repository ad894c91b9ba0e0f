"""The data-source side of a select box: asking for options, loading state, source line, errors.

A ``DataSourceBinding`` asks the inspector's ``DataSourceSession`` (``ctx.data_sources``) for the
box's options. While a request runs the box itself says "Loading options…" (its placeholder; no extra
widget, so a page of many boxes is painted as fast as one with static values). Once answered, a line
under the box says where the options come from ("Options from fixture file …"), with a small menu to
create or edit the fixture file or to retry; notes (left-out entries, the CMS's group order) follow,
and an unusable answer is shown in red with the detail — the previous choices stay. A failed request
(no answer, an HTTP error, a body that is no JSON) leaves the box loading, as the CMS's box is never
told of it, with a studio note saying so. Changing the query (e.g. ``dataSourceAdditionalData``
re-evaluated) cancels the running request and asks again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QSizePolicy, QToolButton

from nodetype_studio.datasources import DataSourceQuery, DataSourceResult
from nodetype_studio.ui import icons, style

if TYPE_CHECKING:
    from nodetype_studio.ui.datasource_loader import Ticket
    from nodetype_studio.ui.datasource_session import DataSourceSession
    from nodetype_studio.ui.editors.base import EditorWidget

    class OptionsEditor(EditorWidget):
        """What a binding needs of its select box (``SelectBoxEditor`` is one; it imports this module)."""

        dataSourceAnswered: Any

        def set_loading(self, loading: bool, text: str = "") -> None: ...
        def set_options(self, options: list, loaded: bool = True) -> None: ...

LOADING = "Loading options\u2026"
#: Under a box whose request failed (studio only): what the CMS shows instead of the red error line.
FAILED_NOTE = ("Studio note: in the CMS this box stays \u201cLoading\u201d after a failed request (no options "
               "arrive) and the error shows only as a message at the top of the page")
FIXTURE, RETRY = "fixture", "retry"


class DataSourceBinding:
    """Feeds one select box from its data source."""

    def __init__(self, editor: "OptionsEditor", query: DataSourceQuery, session: "DataSourceSession"):
        self.editor = editor
        self.query = query
        self.session = session
        self.ticket: Ticket | None = None
        self.last: DataSourceResult | None = None  # the latest answer, good or bad
        self.good: DataSourceResult | None = None  # the latest usable answer (its options are shown)
        self.loading = False
        self.dialog = None
        self.status_line = ""
        self.notes: list[str] = []
        self.actions: list[tuple[str, str]] = []  # (key, menu text)
        # widgets made when there is something to show (a page of loading boxes has none of them)
        self.status: QLabel | None = None
        self.menu_button: QToolButton | None = None
        self.notes_label: QLabel | None = None
        self.error_label: QLabel | None = None

    # -- asking ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Ask (again) for the options; a request still running for this box is cancelled."""
        if self.ticket is not None:
            self.ticket.cancel()
        self.loading = True
        ticket = self.session.request(self.query, self.editor, self._answered)
        self.ticket = ticket
        if ticket.waiting:
            where = ticket.source.label or self.query.key
            self.status_line = f"Loading options from {where}\u2026"
            self.editor.set_loading(True, self.status_line)
            if self.status is not None:
                self._render()

    def set_query(self, query: DataSourceQuery) -> None:
        """New data-source options (identifier, URI, additional data, caching flag): ask again if they differ."""
        if query == self.query:
            return
        self.query = query
        self.start()

    def cancel(self) -> None:
        if self.ticket is not None:
            self.ticket.cancel()
        self.loading = False
        self.editor.set_loading(False)

    def drop(self) -> None:
        """The editor is gone: stop waiting, touch no widget."""
        if self.ticket is not None:
            self.ticket.cancel()
        self.loading = False

    def reload(self) -> None:
        """Forget the cached answer and ask again (after a fixture was saved, or to retry)."""
        self.session.service.forget(self.query)
        self.start()

    # -- answers ---------------------------------------------------------------------------------
    def _answered(self, result: DataSourceResult) -> None:
        self.loading = False
        self.last = result
        source = result.source
        settings_problems = list(self.session.env.settings.problems) if source.kind in ("none", "backend", "uri") else []
        fixture_action = "Edit fixture file\u2026" if source.kind == "fixture" else "Create fixture file\u2026"
        error = ""
        loading = False
        if result.ok:
            self.good = result
            self.editor.set_options(result.options(lambda label, _key: self.editor.ctx.text(label)))
            self.status_line = source.describe()
            self.notes = list(result.notes) + settings_problems
            self.actions = [(FIXTURE, fixture_action if source.kind == "fixture" else "Save as fixture file\u2026")]
        elif source.kind == "none":
            self.status_line = f"No options: {source.problem}"
            self.notes = settings_problems
            self.actions = [(FIXTURE, fixture_action)]
        else:
            error = result.message()
            asked = f"fixture file {source.label}" if source.kind == "fixture" else source.label
            if result.shape_only and self.good is not None:
                # the CMS reads any answer with `Object.entries` and keeps the entries with a label
                # (selectBoxHelpers.ts, neos-facts §4.3): one that is no list or map has none, and the
                # box shows no options, not those of an earlier answer
                self.good = None
                self.editor.set_options([])
            kept = "the previous options are kept" if self.good is not None else "no options"
            self.status_line = f"Asked {asked}; {kept}."
            self.notes = settings_problems
            if not result.shape_only:
                # The CMS's box waits for its options with no handler for a failed request
                # (DataSourceBasedSelectBoxEditor: `resolveValue(...).then(...)`, no catch): it keeps its
                # loading indicator and the options it had, and the error shows only as a flash message.
                loading = True
                self.notes = [FAILED_NOTE, *settings_problems]
            self.actions = [(RETRY, "Retry"), (FIXTURE, fixture_action)]
        self.editor.set_loading(loading, self.status_line)
        self._render(error, source.url or (str(source.path) if source.path else ""))
        self.editor.dataSourceAnswered.emit(result)

    # -- display ---------------------------------------------------------------------------------
    def _render(self, error: str = "", where: str = "") -> None:
        if self.status is None:
            self._make_status_row()
        self.status.setText(self.status_line)
        self.status.setToolTip("\n".join(filter(None, [self.status_line, where])))
        self._set_lines("notes_label", "dataSourceNotes", self.notes, style.NOTE)
        self._set_lines("error_label", "dataSourceError", [error] if error else [], style.ERROR)
        menu = self.menu_button.menu()
        menu.clear()
        for key, text in self.actions:
            action = QAction(text, menu)
            action.setData(key)
            action.triggered.connect(lambda _=False, k=key: self.run_action(k))
            menu.addAction(action)
        self.menu_button.setVisible(bool(self.actions))

    def _make_status_row(self) -> None:
        # one line, never wider than the inspector (the full text is the tooltip)
        self.status = QLabel(self.editor)
        self.status.setObjectName("dataSourceStatus")
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.status.setTextFormat(Qt.PlainText)
        style.tint(self.status, style.MUTED)
        self.menu_button = QToolButton(self.editor)
        self.menu_button.setObjectName("dataSourceMenu")
        self.menu_button.setIcon(icons.icon("fas fa-ellipsis-h"))
        self.menu_button.setToolTip("Fixture file, retry")
        self.menu_button.setAutoRaise(True)
        self.menu_button.setPopupMode(QToolButton.InstantPopup)
        self.menu_button.setMenu(QMenu(self.menu_button))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        row.addWidget(self.status, 1)
        row.addWidget(self.menu_button, 0)
        self.editor.add_layout(row)
        # shown now, while the loader holds the layouts above off (a queued show would lay the page out again)
        self.status.show()
        self.menu_button.show()

    def _set_lines(self, attribute: str, name: str, lines: list[str], colour: str) -> None:
        label = getattr(self, attribute)
        if not lines:
            if label is not None:
                label.hide()
            return
        if label is None:
            label = QLabel(self.editor)
            label.setObjectName(name)
            label.setWordWrap(True)
            label.setTextFormat(Qt.PlainText)
            label.setTextInteractionFlags(Qt.TextSelectableByMouse)
            style.tint(label, colour)
            setattr(self, attribute, label)
            self.editor.add_widget(label)
        label.setText("\n".join(lines))
        label.show()

    def status_text(self) -> str:
        """The source line and the notes as plain text."""
        return "\n".join([self.status_line] + self.notes)

    def error_text(self) -> str:
        return self.error_label.text() if self.error_label is not None and not self.error_label.isHidden() else ""

    def action_texts(self) -> list[str]:
        """The entries of the box's data-source menu."""
        return [text for _key, text in self.actions]

    # -- actions ---------------------------------------------------------------------------------
    def run_action(self, key: str):
        if key == RETRY:
            self.reload()
            return None
        if key == FIXTURE:
            return self.open_fixture_dialog()
        return None

    def open_fixture_dialog(self):
        """Open the fixture editor for this data source (window-modal, not blocking); returns it."""
        from nodetype_studio.ui.datasource_dialog import FixtureDialog

        target = self.session.env.fixture_target(self.query)
        if target is None:
            self._set_lines("error_label", "dataSourceError",
                            ["The fixture file cannot be created: the project has no folder"], style.ERROR)
            return None
        response = self.good.data if self.good is not None and self.good.source.kind != "fixture" else None
        what = f"data source {self.query.name}" if self.query.kind == "identifier" else f"URI {self.query.name}"
        self.dialog = FixtureDialog(target, self.session.env.relative(target), what, response, self.editor)
        self.dialog.saved.connect(lambda _path: self.reload())
        self.dialog.open()
        return self.dialog
