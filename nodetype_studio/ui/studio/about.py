"""Help > About: what this is, and the versions of everything it runs on (for bug reports)."""

from __future__ import annotations

import platform
import sys
from importlib import metadata

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
)

from nodetype_studio import __version__

LIBRARIES = ("PyYAML", "ruamel.yaml", "pygments", "QtAwesome", "Markdown", "mini-racer", "regex", "email-validator",
             "selectolax")


def versions() -> list[tuple[str, str]]:
    rows = [("Node Type Studio", __version__),
            ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
            ("Qt", f"{qVersion()} (PySide6 {pyside_version})"),
            ("System", f"{platform.system()} {platform.release()} ({platform.machine()})")]
    for name in LIBRARIES:
        try:
            rows.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            rows.append((name, "not installed"))
    return rows


class AboutDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("About Node Type Studio")
        layout = QVBoxLayout(self)
        title = QLabel(f"<h2>Node Type Studio {__version__}</h2>"
                       "<p>Design, preview, validate and check Neos-style CMS node types offline.</p>", self)
        title.setTextFormat(Qt.RichText)
        title.setWordWrap(True)
        layout.addWidget(title)
        self.details = QPlainTextEdit(self)
        self.details.setReadOnly(True)
        self.details.setPlainText("\n".join(f"{name}: {version}" for name, version in versions())
                                  + f"\nExecutable: {sys.executable}")
        layout.addWidget(self.details, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.resize(520, 380)
