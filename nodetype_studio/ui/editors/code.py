"""CodeEditor: a button (``buttonLabel``) opening a full-screen code editor highlighted by pygments.

``highlightingMode`` is read by ``catalogue.vocab.code_mode``, as the checker reads it: the spec's five
MIME types, CodeMirror's names for them (``htmlmixed``, ``xml``, ``javascript``, ``css``) and the other
modes the CMS bundles (yaml, json ...; markdown and handlebars without colours here); a missing or empty
mode is the default `text/html`.
Any other mode shows plain text with a note, as the CMS does without the custom client code that would
load it.
"""

from __future__ import annotations

from typing import Any

from pygments.lexers import get_lexer_by_name
from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.catalogue.vocab import code_mode
from nodetype_studio.js.values import truthy
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.highlight import PygmentsHighlighter, style_for
from nodetype_studio.ui.sections import LABEL_POLICY

# The languages ``code_mode`` gives -> pygments lexer alias.
LEXERS = {
    "text/plain": "text",
    "text/xml": "xml",
    "text/html": "html",
    "text/css": "css",
    "text/javascript": "javascript",
    "application/json": "json",
    "application/typescript": "typescript",
    "text/x-scss": "scss",
    "text/x-less": "less",
    "text/x-yaml": "yaml",
    # pygments' markdown and handlebars lexers would bring some 700 kB of other lexers into the bundle
    # (packaging/ntsbuild/policy.py): these two are valid modes, shown without colours
    "text/x-markdown": "text",
    "text/x-handlebars-template": "text",
}
PREVIEW_LINES = 3


def code_text(value: Any) -> tuple[str, str | None]:
    """The text the CMS's code editor opens ``value`` with, and, when it cannot open it, why.

    neos-ui hands the stored value as it is to CodeMirror (CodeMirrorWrap, react-codemirror2's UnControlled:
    ``replaceRange(value || '', ...)``), and CodeMirror 5 splits a string into lines but takes a list as the
    lines themselves. So a falsy value (null, ``false``, ``0``, ``''``) opens empty, a list of texts opens
    with one line per entry, and anything else (a number, ``true``, a map, an empty list) makes CodeMirror
    fail with a JavaScript error as the editor opens: no value is ever shown the way Python prints it.
    """
    if not truthy(value):
        return "", None
    if isinstance(value, str):
        return value, None
    if isinstance(value, list) and value and all(isinstance(line, str) for line in value):
        return "\n".join(value), None
    return "", (f"The value is {_kind(value)}, not text: the CMS's code editor fails with a JavaScript error "
                "when it opens it (here it opens empty)")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true"  # (false is falsy: it opens empty)
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list):
        return "a list that is not all text" if value else "an empty list"
    return type(value).__name__


class CodeEditorDialog(QDialog):
    """The full-screen editing dialog."""

    def __init__(self, title: str, text: str, mode: str, note: str | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.mode = mode
        layout = QVBoxLayout(self)
        self.note = QLabel(note or "", self)
        self.note.setObjectName("modeNote")
        style.tint(self.note, style.NOTE)
        self.note.setVisible(bool(note))
        layout.addWidget(self.note)
        self.text_edit = QPlainTextEdit(self)
        self.text_edit.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.text_edit.setLineWrapMode(QPlainTextEdit.WidgetWidth)
        self.text_edit.setPlainText(text)
        self.highlighter = PygmentsHighlighter(
            self.text_edit.document(), get_lexer_by_name(LEXERS[mode]), style_for(self.text_edit.palette())
        )
        self.highlighter.rehighlight()  # now, not on the next event-loop turn
        layout.addWidget(self.text_edit, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel, self)
        self.buttons.button(QDialogButtonBox.Ok).setText("Apply")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setWindowState(Qt.WindowFullScreen)

    def text(self) -> str:
        return self.text_edit.toPlainText()


class CodeEditor(EditorWidget):
    has_own_label = True

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.mode, self.mode_note = code_mode(ctx.option("highlightingMode"))
        if ctx.label:
            self.label = QLabel(ctx.label, self)
            self.label.setSizePolicy(LABEL_POLICY)  # (Ignored, Preferred): one shared policy object
            self.label.setToolTip(ctx.label)
            self.add_widget(self.label)
        self.button = QPushButton(icons.icon("fas fa-code"), ctx.text(ctx.option("buttonLabel", ""), "codeEditor", "buttonLabel"), self)
        # as wide as its label where there is room, narrower where there is not: a long label or id does not
        # widen the inspector (a set minimum width replaces the label's width as the least the layout gives)
        self.button.setMinimumWidth(1)
        self.button.clicked.connect(self.open_dialog)
        self.add_field(self.button)
        self.preview: QLabel | None = None  # the first lines of the code, once there is code
        self.dialog: CodeEditorDialog | None = None

    def show_value(self, value: Any) -> None:
        text, problem = code_text(value)
        if self.preview is None:
            if not text and not problem:
                return
            self.preview = QLabel(self)
            self.preview.setObjectName("codePreview")
            self.preview.setTextFormat(Qt.TextFormat.PlainText)
            self.add_widget(self.preview)
        if problem:
            self.preview.setFont(self.font())
            self.preview.setWordWrap(True)
            style.tint(self.preview, style.NOTE)
            self.preview.setText(problem)
            self.preview.show()
            return
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.preview.setWordWrap(False)
        style.tint(self.preview, style.MUTED)
        lines = text.splitlines()
        shown = lines[:PREVIEW_LINES] + (["\u2026"] if len(lines) > PREVIEW_LINES else [])
        self.preview.setText("\n".join(line[:60] for line in shown))
        self.preview.setVisible(bool(text))

    @Slot()  # a declared slot connects faster than a plain method
    def open_dialog(self) -> CodeEditorDialog:
        """Open the full-screen editor (window-modal, returns at once); Apply commits the text."""
        text, problem = code_text(self.value())
        note = "\n".join(n for n in (problem, self.mode_note) if n) or None
        self.dialog = CodeEditorDialog(self.ctx.label or self.ctx.property_name, text, self.mode, note, self)
        self.dialog.accepted.connect(self._apply)
        self.dialog.open()
        return self.dialog

    def _apply(self) -> None:
        if self.dialog is None:
            return
        text = self.dialog.text()
        self.show_value(text)
        self.commit(text)
