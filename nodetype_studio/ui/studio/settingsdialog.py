"""File > Settings: the user-facing settings of the table in ``settings.py``; changes apply at once."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
)

from nodetype_studio.ui.studio.settings import SCHEMES
from nodetype_studio.ui.studio.theme import set_scheme


class SettingsDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.window_ = window
        settings = window.settings
        self.setWindowTitle("Settings")
        form = QFormLayout(self)
        self.review = QCheckBox("Show the changes of every file before saving", self)
        self.review.setChecked(settings.get("reviewBeforeSave"))
        self.review.toggled.connect(lambda on: settings.set("reviewBeforeSave", on))
        form.addRow("Review", self.review)
        self.journal = QCheckBox("Keep unsaved edits in a crash journal", self)
        self.journal.setChecked(settings.get("autosaveJournal"))
        self.journal.toggled.connect(lambda on: settings.set("autosaveJournal", on))
        form.addRow("Recovery", self.journal)
        self.scheme = QComboBox(self)
        self.scheme.addItems(["Follow the system", "Light", "Dark"])
        self.scheme.setCurrentIndex(SCHEMES.index(settings.get("colorScheme")) if settings.get("colorScheme") in SCHEMES else 0)
        self.scheme.currentIndexChanged.connect(lambda i: set_scheme(window, SCHEMES[i]))
        form.addRow("Colours", self.scheme)
        self.delay = QSpinBox(self)
        self.delay.setRange(0, 5000)
        self.delay.setSuffix(" ms")
        self.delay.setValue(settings.get("problemsDelayMs"))
        self.delay.valueChanged.connect(self._delay)
        form.addRow("Check after edits", self.delay)
        buttons = QDialogButtonBox(QDialogButtonBox.Close, self)
        buttons.rejected.connect(self.accept)
        form.addRow(buttons)

    def _delay(self, value: int) -> None:
        self.window_.settings.set("problemsDelayMs", value)
        self.window_.checks.set_delay(value)
