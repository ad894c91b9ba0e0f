"""The data-source side of a select box: asking for options, loading state, source line, errors.

A ``DataSourceBinding`` asks the inspector's ``DataSourceSession`` (``ctx.data_sources``) for the
box's options and shows, under the box, where they come from ("Options from fixture file …") with
links to create or edit the fixture file, a loading line while a request runs, and a red message
with the detail when an answer is unusable — the previous choices stay. Changing the query (e.g.
``dataSourceAdditionalData`` re-evaluated) cancels the running request and asks again.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from nodetype_studio.datasources import DataSourceQuery, DataSourceResult
from nodetype_studio.ui import style

if TYPE_CHECKING:
    from nodetype_studio.ui.datasource_loader import DataSourceSession, Ticket
    from nodetype_studio.ui.editors.selectbox import SelectBoxEditor

LOADING_MARK = "\u231b"  # hourglass


def _link(href: str, text: str) -> str:
    return f'<a href="{href}">{html.escape(text)}</a>'


class DataSourceBinding:
    """Feeds one select box from its data source."""

    def __init__(self, editor: "SelectBoxEditor", query: DataSourceQuery, session: "DataSourceSession"):
        self.editor = editor
        self.query = query
        self.session = session
        self.ticket: Ticket | None = None
        self.last: DataSourceResult | None = None  # the latest answer, good or bad
        self.good: DataSourceResult | None = None  # the latest usable answer (its options are shown)
        self.loading = False
        self.dialog = None
        self.status = QLabel(editor)
        self.status.setObjectName("dataSourceStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.RichText)
        self.status.setTextInteractionFlags(Qt.LinksAccessibleByMouse | Qt.LinksAccessibleByKeyboard)
        self.status.linkActivated.connect(self._link_activated)
        style.tint(self.status, style.MUTED)
        self.error_label: QLabel | None = None
        editor.add_widget(self.status)

    # -- asking ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Ask (again) for the options; a request still running for this box is cancelled."""
        if self.ticket is not None:
            self.ticket.cancel()
        self.loading = True
        ticket = self.session.request(self.query, self.editor, self._answered)
        self.ticket = ticket
        if ticket.waiting:
            self.status.setToolTip(ticket.source.url or "")
            where = ticket.source.label or self.query.key
            self._set_status(f"{LOADING_MARK} Loading options from {where}\u2026")

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

    def reload(self) -> None:
        """Forget the cached answer and ask again (after a fixture was saved, or to retry)."""
        self.session.service.forget(self.query)
        self.start()

    # -- answers ---------------------------------------------------------------------------------
    def _answered(self, result: DataSourceResult) -> None:
        self.loading = False
        self.last = result
        source = result.source
        self.status.setToolTip(source.url or (str(source.path) if source.path else ""))
        settings_problems = list(self.session.env.settings.problems) if source.kind in ("none", "backend", "uri") else []
        if result.ok:
            self.good = result
            self._set_error("")
            self.editor.set_options(result.options(lambda label, _key: self.editor.ctx.text(label)))
            links = [_link("fixture", "Edit fixture file\u2026" if source.kind == "fixture" else "Save as fixture\u2026")]
            self._set_status(source.describe(), list(result.notes) + settings_problems, links)
        elif source.kind == "none":
            self._set_error("")
            self._set_status(f"No options: {source.problem}", settings_problems,
                             [_link("fixture", "Create fixture file\u2026")])
        else:
            self._set_error(result.message())
            kept = "the previous options are kept" if self.good is not None else "no options"
            asked = f"fixture file {source.label}" if source.kind == "fixture" else source.label
            links = [_link("retry", "Retry"), _link("fixture", "Edit fixture file\u2026" if source.kind == "fixture"
                                                                  else "Create fixture file\u2026")]
            self._set_status(f"Asked {asked}; {kept}.", settings_problems, links)
        self.editor.dataSourceAnswered.emit(result)

    # -- display ---------------------------------------------------------------------------------
    def _set_status(self, text: str, notes: list[str] = (), links: list[str] = ()) -> None:
        lines = [html.escape(text)] + [html.escape(n) for n in notes]
        if links:
            lines.append(" \u00b7 ".join(links))
        self.status.setText("<br>".join(lines))

    def _set_error(self, text: str) -> None:
        if not text:
            if self.error_label is not None:
                self.error_label.hide()
            return
        if self.error_label is None:
            self.error_label = QLabel(self.editor)
            self.error_label.setObjectName("dataSourceError")
            self.error_label.setWordWrap(True)
            self.error_label.setTextFormat(Qt.PlainText)
            self.error_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
            style.tint(self.error_label, style.ERROR)
            layout = self.editor.layout()
            layout.insertWidget(layout.indexOf(self.status), self.error_label)
        self.error_label.setText(text)
        self.error_label.show()

    def status_text(self) -> str:
        """The source line as plain text (links included as their words)."""
        from PySide6.QtGui import QTextDocumentFragment

        return QTextDocumentFragment.fromHtml(self.status.text()).toPlainText()

    def error_text(self) -> str:
        return self.error_label.text() if self.error_label is not None and not self.error_label.isHidden() else ""

    # -- authoring -------------------------------------------------------------------------------
    def _link_activated(self, href: str) -> None:
        if href == "retry":
            self.reload()
        elif href == "fixture":
            self.open_fixture_dialog()

    def open_fixture_dialog(self):
        """Open the fixture editor for this data source (window-modal, not blocking); returns it."""
        from nodetype_studio.ui.datasource_dialog import FixtureDialog

        target = self.session.env.fixture_target(self.query)
        if target is None:
            self._set_error("The fixture file cannot be created: the project has no folder")
            return None
        response = self.good.data if self.good is not None and self.good.source.kind != "fixture" else None
        what = f"data source {self.query.name}" if self.query.kind == "identifier" else f"URI {self.query.name}"
        self.dialog = FixtureDialog(target, self.session.env.relative(target), what, response, self.editor)
        self.dialog.saved.connect(lambda _path: self.reload())
        self.dialog.open()
        return self.dialog
