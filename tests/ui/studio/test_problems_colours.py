"""The problems panel's severity column: the light scheme's colours, lightened where the dark scheme's
base would swallow them, darkened where white would (the amber)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from nodetype_studio.diagnostics import Diagnostic, Severity
from nodetype_studio.ui.studio.problems import COLOURS, ProblemsPanel
from nodetype_studio.ui.studio.theme import dark_palette
from tests.ui.contrast import contrast

FINDINGS = [Diagnostic(severity, f"{severity.value}-code", f"A {severity.value}", "NodeTypes/A.yaml", 3)
            for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_severities_read_on_the_panel(qtbot, scheme):
    app = QApplication.instance()
    before = app.palette()
    if scheme == "dark":
        app.setPalette(dark_palette())
    try:
        panel = ProblemsPanel()
        qtbot.addWidget(panel)
        panel.model.set_findings(FINDINGS)
        panel.show()
        base = panel.view.palette().color(QPalette.Base)
        for row, finding in enumerate(FINDINGS):
            shown = panel.model.index(row, 0).data(Qt.ForegroundRole)
            assert panel.model.index(row, 0).data() == finding.severity.value
            chosen = QColor(COLOURS[finding.severity.value])
            assert contrast(shown, base) >= 4.5, (scheme, finding.severity.value)
            if scheme == "light" and contrast(chosen, base) >= 4.5:  # a colour that reads is kept as chosen
                assert shown == chosen
            assert abs(shown.hslHue() - chosen.hslHue()) <= 2  # the same hue, lighter or darker
    finally:
        app.setPalette(before)
