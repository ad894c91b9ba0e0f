"""Tools › Migrate to Neos 9…: the 8.3 → 9 migration of the open project, shown first, applied as one
undo step per file (``studio.migration`` does the work; the files are written when the user saves)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
)

from nodetype_studio.diagnostics import sort_key
from nodetype_studio.editing import EditError
from nodetype_studio.model import load_project
from nodetype_studio.studio.migration import BufferEditor, FilePlan, apply_file, plan_migration
from nodetype_studio.ui.studio.dialogs import diff_view


class MigrateDialog(QDialog):
    """The diff of every file the migration changes, and the findings that need a human."""

    def __init__(self, diffs: list[tuple[str, str]], findings: list[str], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Migrate to Neos 9")
        self.resize(860, 600)
        self.diffs, self.findings = diffs, findings
        layout = QVBoxLayout(self)
        if diffs:
            summary = (f"{len(diffs)} file{'s' if len(diffs) != 1 else ''} will change (one undo step each; "
                       "nothing is written until you save):")
        else:
            summary = "Nothing to change: the node types already use Neos 9 syntax."
        self.summary = QLabel(summary, self)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        splitter = QSplitter(Qt.Horizontal, self)
        self.files = QListWidget(splitter)
        for name, _diff in diffs:
            self.files.addItem(name)
        self.view = diff_view(splitter, "")
        splitter.setSizes([240, 620])
        layout.addWidget(splitter, 3)
        self.files.currentRowChanged.connect(
            lambda row: self.view.setPlainText(diffs[row][1] if 0 <= row < len(diffs) else ""))
        self.files.setCurrentRow(0)
        layout.addWidget(QLabel(f"Needs a human ({len(findings)}):" if findings else "Nothing needs a human.", self))
        self.findings_view = QPlainTextEdit("\n".join(findings), self)
        self.findings_view.setReadOnly(True)
        self.findings_view.setLineWrapMode(QPlainTextEdit.WidgetWidth)
        layout.addWidget(self.findings_view, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Apply | QDialogButtonBox.Cancel, self)
        self.buttons.button(QDialogButtonBox.Apply).setEnabled(bool(diffs))
        self.buttons.button(QDialogButtonBox.Apply).clicked.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)


def migrate_to_9(window) -> None:
    session = window.session
    if session is None:
        return
    window.flush()
    try:
        project = load_project(session.root, use_cache=False, cms_version="8.3", overrides=session.overrides())
    except OSError as exc:
        window.show_error(f"Cannot read the project: {exc.strerror or exc}")
        return
    plan = plan_migration(project)
    scratch = BufferEditor(project, session.overrides())
    diffs: list[tuple[str, str]] = []
    wanted: list[FilePlan] = []
    for file_plan in plan.files.values():
        try:
            result = apply_file(file_plan, scratch)
        except EditError as exc:
            window.show_error(f"{window.display(file_plan.path)}: {exc.message}")
            continue
        if result.changed:
            name = window.display(file_plan.path)
            diffs.append((name, result.diff(name)))
            wanted.append(file_plan)
    findings = [f"{window.display(d.file)}:{d.line}: {d.severity.value} {d.code}: {d.message}"
                for d in sorted(plan.findings, key=sort_key)]
    dialog = MigrateDialog(diffs, findings, window)
    if dialog.exec() != QDialog.Accepted:
        return
    for file_plan in wanted:
        window.push(f"migrate {window.display(file_plan.path)} to Neos 9",
                    lambda editor, fp=file_plan: _apply(fp, editor), focus=(None, None))
    window.flush()
    window.status(f"Migrated {len(wanted)} file{'s' if len(wanted) != 1 else ''} to Neos 9 syntax; "
                  "review and save to write them")


def _apply(file_plan: FilePlan, editor) -> list:
    result = apply_file(file_plan, editor)
    if result.problems:
        raise EditError("; ".join(result.problems), Path(file_plan.path))
    return result.edits
