"""UriPathSegmentEditor: a text field (the TextField's placeholder, autoFocus, disabled, maxlength and
readonly; no HTML attribute options) with a button that makes a URL path segment from the page title.

The title comes from ``editorOptions.title`` when it is plain text; the platform sets it to
``ClientEval:node.properties.title``, which (until ClientEval is evaluated) means the preview node's
``title`` value. The button is hidden for disabled or read-only fields, as in the CMS. The segment is
spelled as the CMS spells it for the project's language (``preview.urisegment``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QToolButton, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.urisegment import uri_path_segment
from nodetype_studio.ui import icons
from nodetype_studio.ui.editors.textfield import TextFieldEditor


class UriPathSegmentEditor(TextFieldEditor):
    # The CMS's field gets only placeholder, autoFocus, disabled, maxlength and readonly (neos-facts §2.14):
    # `title` is the slug's source, not a tooltip, and no other HTML attribute option is passed on.
    html_attributes = False

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.sync_button = QToolButton(self)
        self.sync_button.setIcon(icons.icon("fas fa-sync"))
        self.sync_button.setToolTip("Generate from the title")
        self.sync_button.setAutoRaise(True)
        self.sync_button.clicked.connect(self.sync)
        self.sync_button.setVisible(not ctx.flag("readonly"))
        self._place_beside_field()

    def _place_beside_field(self) -> None:
        row = self._layout.itemAt(self._layout.count() - 1)
        layout = row.layout() if row is not None else None
        if layout is not None:  # the field already sits in a row (with the required marker)
            layout.addWidget(self.sync_button)
            return
        self._layout.removeWidget(self.line)
        self.field = None
        self.add_field(self.line, self.sync_button)

    def apply_disabled(self, disabled: bool) -> None:
        super().apply_disabled(disabled)
        self.sync_button.setVisible(not disabled and not self.ctx.flag("readonly"))

    def title_text(self) -> str:
        title = self.ctx.option("title")
        if isinstance(title, str) and title and not title.startswith("ClientEval:"):
            return title
        value: Any = self.ctx.node_value("title") if self.ctx.node_value else None
        return value if isinstance(value, str) else ""

    def sync(self) -> None:
        """Fill the field with a segment made from the title, in the language of the project's CMS; without
        a title, from the node's label (the CMS's generator falls back to it: never an empty segment)."""
        text = self.title_text() or (self.ctx.node_label() if self.ctx.node_label is not None else "")
        segment = uri_path_segment(text, self.ctx.transliteration)
        self.show_value(segment)  # shown whole, as the browser shows a value longer than `maxlength`
        self.commit(segment)
