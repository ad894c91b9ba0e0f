"""The problems panel: every finding of ``check`` for the project as edited, live and filterable.

The findings come from ``checkrunner.CheckRunner`` (a worker process). The panel filters by severity (toggle buttons with counts) and by code
(prefix, as ``check --select``); activating a row emits the finding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.diagnostics import Diagnostic, Severity
from nodetype_studio.ui import style
from nodetype_studio.ui.studio.treemodel import filter_change

_NO_PARENT = QModelIndex()  # the default parent (Qt's invalid index)
SEVERITIES = ("error", "warning", "info")
LABELS = {"error": "Errors", "warning": "Warnings", "info": "Notes"}
COLOURS = {"error": "#d7263d", "warning": "#c77c02", "info": "#2b6cb0"}
FINDING_ROLE = Qt.UserRole + 1


def counts_by_type(findings: list[Diagnostic]) -> dict[str, tuple[int, int, int]]:
    counts: dict[str, Counter] = {}
    for finding in findings:
        if finding.node_type:
            counts.setdefault(finding.node_type, Counter())[finding.severity.value] += 1
    return {name: (c["error"], c["warning"], c["info"]) for name, c in counts.items()}


class ProblemsModel(QAbstractTableModel):
    HEADERS = ("Severity", "Code", "Message", "Location", "Node type")

    def __init__(self, parent=None, display: Callable[[str], str] = str):
        super().__init__(parent)
        self.display = display
        self.findings: list[Diagnostic] = []

    def set_findings(self, findings: list[Diagnostic]) -> None:
        self.beginResetModel()
        self.findings = list(findings)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = _NO_PARENT) -> int:
        return 0 if parent.isValid() else len(self.findings)

    def columnCount(self, parent: QModelIndex = _NO_PARENT) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if orientation == Qt.Horizontal and role == Qt.DisplayRole:
            return self.HEADERS[section]
        return None

    def data(self, index: QModelIndex, role: int = Qt.DisplayRole) -> Any:
        if not index.isValid():
            return None
        finding = self.findings[index.row()]
        column = index.column()
        if role == FINDING_ROLE:
            return finding
        if role == Qt.DisplayRole:
            if column == 0:
                return finding.severity.value
            if column == 1:
                return finding.code
            if column == 2:
                return finding.message
            if column == 3:
                if not finding.file:
                    return ""
                return self.display(finding.file) + (f":{finding.line}" if finding.line else "")
            if column == 4:
                prop = f" \u203a {finding.property_name}" if finding.property_name else ""
                return (finding.node_type or "") + prop
        if role == Qt.ForegroundRole and column == 0:
            # on the dark scheme's base the light scheme's red and blue read at about 3:1, its amber on white
            # at 3.3:1: lightened or darkened until they read as body text does
            return style.legible(COLOURS[finding.severity.value], QGuiApplication.palette().color(QPalette.Base))
        if role == Qt.ToolTipRole:
            return finding.format_text()
        return None


class ProblemsFilter(QSortFilterProxyModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.severities = set(SEVERITIES)
        self.codes: list[str] = []

    def set_severities(self, severities) -> None:
        with filter_change(self):
            self.severities = set(severities)

    def set_codes(self, text: str) -> None:
        with filter_change(self):
            self.codes = [c.strip() for c in text.replace(" ", ",").split(",") if c.strip()]

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:
        finding: Diagnostic = self.sourceModel().findings[row]
        if finding.severity.value not in self.severities:
            return False
        return not self.codes or any(finding.code.startswith(c) for c in self.codes)


class ProblemsPanel(QWidget):
    """Findings list with severity toggles and a code filter; ``activated(finding)`` on a row."""

    activated = Signal(object)
    countsChanged = Signal(int, int, int)

    def __init__(self, parent=None, display: Callable[[str], str] = str):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 0)
        self.buttons: dict[str, QToolButton] = {}
        for severity in SEVERITIES:
            button = QToolButton(self)
            button.setCheckable(True)
            button.setChecked(True)
            button.setToolButtonStyle(Qt.ToolButtonTextOnly)
            button.setObjectName(f"severity-{severity}")
            button.toggled.connect(self._severities_changed)
            self.buttons[severity] = button
            bar.addWidget(button)
        self.codes = QLineEdit(self)
        self.codes.setPlaceholderText("Filter codes (prefixes: compat, option-unknown)")
        self.codes.setClearButtonEnabled(True)
        self.codes.setProperty("ownUndo", True)  # its typing is not project data (shortcuts.py)
        bar.addWidget(self.codes, 1)
        self.state = QLabel(self)
        bar.addWidget(self.state)
        layout.addLayout(bar)
        self.model = ProblemsModel(self, display)
        self.proxy = ProblemsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.codes.textChanged.connect(self.proxy.set_codes)
        self.view = QTreeView(self)
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setTextElideMode(Qt.ElideMiddle)  # paths keep their file name
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.AscendingOrder)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(2, QHeaderView.Stretch)
        for column, width in ((0, 70), (1, 190), (3, 230), (4, 220)):
            self.view.setColumnWidth(column, width)
        self.view.activated.connect(self._activated)
        self.view.clicked.connect(self._activated)
        layout.addWidget(self.view, 1)
        self._update_counts()

    def set_findings(self, findings: list[Diagnostic]) -> None:
        self.model.set_findings(findings)
        self._update_counts()

    def set_busy(self, busy: bool) -> None:
        self.state.setText("checking\u2026" if busy else "")

    def set_severities(self, severities) -> None:
        for severity, button in self.buttons.items():
            button.setChecked(severity in severities)

    def severities(self) -> list[str]:
        return [s for s, b in self.buttons.items() if b.isChecked()]

    def _severities_changed(self) -> None:
        self.proxy.set_severities(self.severities())

    def _update_counts(self) -> None:
        counts = Counter(f.severity.value for f in self.model.findings)
        for severity, button in self.buttons.items():
            button.setText(f"{LABELS[severity]} {counts[severity]}")
        self.countsChanged.emit(counts["error"], counts["warning"], counts["info"])

    def visible_findings(self) -> list[Diagnostic]:
        return [self.proxy.index(r, 0).data(FINDING_ROLE) for r in range(self.proxy.rowCount())]

    def _activated(self, index: QModelIndex) -> None:
        finding = index.data(FINDING_ROLE) if index.isValid() else None
        if finding is None and index.isValid():
            finding = self.proxy.index(index.row(), 0).data(FINDING_ROLE)
        if finding is not None:
            self.activated.emit(finding)


__all__ = ["ProblemsPanel", "Severity", "counts_by_type"]
