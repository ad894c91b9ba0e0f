"""RichTextEditor: a button opening a full-screen rich-text dialog; the value is clean HTML.

The toolbar shows exactly the enabled ``formatting`` switches (``u``/``del`` count as
underline/strikethrough, as the spec lists them); the link dialog shows the enabled ``linking``
fields and searches pages and assets like the LinkEditor (``linking`` may narrow that search with
``nodeTypes``, ``startingPoint``, ``assets``, ``nodes`` and ``constraints``, as in the CMS).
``placeholder`` may hold markup, shown as the CMS shows it (``placeholder_text``: tags removed, ``%XX``
decoded, entities as written); ``autoparagraph: false`` stores text without ``<p>`` (several paragraphs as
``<span>``s) and makes Enter a line break. The stored HTML is written by ``richtext_write.to_html`` and
holds only what the options allow.
"""

from __future__ import annotations

from typing import Any, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QWidget

from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import workspace_of
from nodetype_studio.preview.richtext_rules import RichTextRules, placeholder_text
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.link import LinkOptions
from nodetype_studio.ui.editors.richtext_dialog import RichTextDialog
from nodetype_studio.ui.editors.richtext_html import plain_text

PREVIEW_CHARACTERS = 160


class RichTextEditor(EditorWidget):
    has_own_label = True

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        options = {key: ctx.option(key) for key in ("formatting", "linking", "autoparagraph")}
        self.rules = RichTextRules.from_options(options)
        placeholder = ctx.option("placeholder")  # the CMS: stripTags(unescape(translate(placeholder || '')))
        self.placeholder = placeholder_text(ctx.text(jsvalue.to_string(placeholder), "richTextEditor", "placeholder")) \
            if jsvalue.truthy(placeholder) else ""
        linking = options["linking"] if isinstance(options["linking"], Mapping) else {}
        self.link_options = LinkOptions.read(linking, ctx.platform)
        # As in the Neos UI: one button, a pencil and the property label on it (the editor's own label). It
        # takes the width it is given, so a long label does not widen the inspector.
        self.button = QPushButton(icons.icon("fas fa-pencil-alt"), ctx.label, self)
        self.button.setObjectName("editText")
        self.button.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.button.setToolTip(f"Edit {ctx.label}" if ctx.label else "Edit the text")
        self.button.clicked.connect(self.open_dialog)
        self.add_field(self.button)
        self.preview = QLabel(self)
        self.preview.setObjectName("textPreview")
        self.preview.setTextFormat(Qt.PlainText)
        self.preview.setWordWrap(True)
        self.preview.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.add_widget(self.preview)
        self.dialog: RichTextDialog | None = None

    def show_value(self, value: Any) -> None:
        text = plain_text(value if isinstance(value, str) else "")
        if text:
            shown = text if len(text) <= PREVIEW_CHARACTERS else text[:PREVIEW_CHARACTERS].rstrip() + "\u2026"
            self.preview.setText(shown)
            style.tint(self.preview, style.MUTED)
            style.emphasise(self.preview, italic=False)
        else:
            self.preview.setText(self.placeholder)
            style.tint(self.preview, style.MUTED)
            style.emphasise(self.preview, italic=True)
        self.preview.setVisible(bool(self.preview.text()))

    def open_dialog(self) -> RichTextDialog:
        """Open the full-screen editor (window-modal, returns at once); Apply stores the clean HTML if the text
        was edited, and nothing else (the value stays as it was)."""
        value = self.value()
        self.dialog = RichTextDialog(self.ctx.label or self.ctx.property_name, value if isinstance(value, str) else "",
                                     self.rules, self.placeholder, self.link_options, workspace_of(self.ctx), self)
        self.dialog.accepted.connect(self._apply)
        self.dialog.open()
        return self.dialog

    def _apply(self) -> None:
        if self.dialog is None or not self.dialog.edited:
            return
        html = self.dialog.html()
        self.show_value(html)
        self.commit(html)
