"""A small editor for a data source's fixture file: from the current answer or from scratch.

The text is checked on save (YAML or JSON syntax, a list or map of entries; entries without a label
are listed as warnings but do not block saving) and written atomically. ``saved(path)`` follows a
successful save.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygments.lexers import JsonLexer, YamlLexer
from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio import boundedio
from nodetype_studio.datasources import (
    check_fixture_text,
    dump_fixture,
    scratch_fixture,
    write_fixture,
)
from nodetype_studio.ui import style
from nodetype_studio.ui.highlight import PygmentsHighlighter, style_for


class FixtureDialog(QDialog):
    saved = Signal(object)  # Path

    def __init__(self, path: Path, display: str, about: str, response: Any = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.path = Path(path)
        self.about = about
        self.response = response
        self.json_format = self.path.suffix.lower() == ".json"
        self.setWindowTitle(f"Fixture for {about}")
        self.resize(560, 480)
        layout = QVBoxLayout(self)
        heading = QLabel(f"{display}" + ("" if self.path.exists() else "  (new file)"), self)
        heading.setObjectName("fixturePath")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        sources = QHBoxLayout()
        self.from_response = QPushButton("From current answer", self)
        self.from_response.setEnabled(response is not None)
        self.from_response.setToolTip("Replace the text with the answer the select box shows now"
                                      if response is not None else "No answer from a plugin or server yet")
        self.from_response.clicked.connect(self.fill_from_response)
        self.from_scratch = QPushButton("From scratch", self)
        self.from_scratch.clicked.connect(self.fill_from_scratch)
        sources.addWidget(self.from_response)
        sources.addWidget(self.from_scratch)
        sources.addStretch(1)
        layout.addLayout(sources)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("fixtureText")
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.NoWrap)
        self._highlighter = PygmentsHighlighter(self.text.document(), JsonLexer() if self.json_format else YamlLexer(),
                                                style_for(self.text.palette()))
        layout.addWidget(self.text, 1)
        self.problems = QLabel(self)
        self.problems.setObjectName("fixtureProblems")
        self.problems.setWordWrap(True)
        self.problems.hide()
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel, self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.save_button = buttons.button(QDialogButtonBox.Save)
        layout.addWidget(buttons)
        self.text.setPlainText(self._initial_text())

    def _initial_text(self) -> str:
        if self.path.is_file():
            try:  # (bounded as every project file: a huge file would fill the editor and block the window)
                return boundedio.read_bytes(self.path).decode("utf-8-sig")
            except (OSError, UnicodeDecodeError) as exc:
                reason = exc.strerror if isinstance(exc, boundedio.FileTooLarge) else exc
                self._show_problems([f"The file could not be read ({reason}); saving replaces it."], error=True)
        if self.response is not None:
            return self._response_text()
        return self._scratch_text()

    def _response_text(self) -> str:
        if self.json_format:
            return json.dumps(self.response, indent=2, ensure_ascii=False) + "\n"
        return dump_fixture(self.response, self.about)

    def _scratch_text(self) -> str:
        if self.json_format:
            return json.dumps([{"value": "first", "label": "First option"}], indent=2) + "\n"
        return scratch_fixture(self.about)

    def fill_from_response(self) -> None:
        if self.response is not None:
            self.text.setPlainText(self._response_text())

    def fill_from_scratch(self) -> None:
        self.text.setPlainText(self._scratch_text())

    def _show_problems(self, lines: list[str], error: bool) -> None:
        self.problems.setText("\n".join(lines))
        style.tint(self.problems, style.ERROR if error else style.NOTE)
        self.problems.setVisible(bool(lines))

    def save(self) -> bool:
        """Check and write the text; on a problem the dialog stays open and says what is wrong."""
        text = self.text.toPlainText()
        if not text.endswith("\n"):
            text += "\n"
        content = check_fixture_text(text, self.path.name, json_format=self.json_format)
        if not content.ok:
            self._show_problems([f"Not saved \u2014 line {d.line}: {d.message}" if d.line else f"Not saved \u2014 {d.message}"
                                 for d in content.errors], error=True)
            return False
        try:
            write_fixture(self.path, text)
        except OSError as exc:
            self._show_problems([f"Not saved \u2014 {self.path}: {exc.strerror or exc}"], error=True)
            return False
        self.warnings = [f"line {d.line}: {d.message}" for d in content.warnings]
        self.saved.emit(self.path)
        self.accept()
        return True
