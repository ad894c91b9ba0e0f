"""The studio's questions to the user, as dialogs behind one ``Prompts`` object.

The main window asks only through ``Prompts`` (unsaved changes on close, restoring a crash journal,
reviewing diffs before saving, a file changed on disk, comparing versions). Tests answer the real
dialogs (``QTimer`` + the dialog's buttons), pass another object with the same methods, or replace one
question by assigning it on the window's instance (``window.prompts.unsaved_changes = ...``).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.studio.textdiff import unified_diff
from nodetype_studio.ui import style
from nodetype_studio.ui.studio.theme import is_dark

DIFF_SIZE = QSize(820, 560)  # a diff dialog's size where there is room: ~100 columns of a diff, ~30 lines
DIFF_MINIMUM = QSize(420, 300)  # below this a diff shows too little to review
PARENT_SHARE = 0.8  # of a larger window: a diff dialog grows with the window it belongs to
FRAME = QSize(32, 64)  # left for the window frame and title bar, which the available geometry includes


def fitted_size(room: QRect, parent: QSize | None = None, preferred: QSize = DIFF_SIZE,
                minimum: QSize = DIFF_MINIMUM) -> QSize:
    """A dialog's size: ``preferred``, or ``PARENT_SHARE`` of a larger ``parent`` window, made smaller to fit
    ``room`` (a screen's available geometry) with its frame, never below ``minimum`` where the room allows."""
    width, height = preferred.width(), preferred.height()
    if parent is not None:
        width, height = max(width, int(parent.width() * PARENT_SHARE)), max(height, int(parent.height() * PARENT_SHARE))
    fit_width, fit_height = room.width() - FRAME.width(), room.height() - FRAME.height()
    return QSize(max(min(width, fit_width), min(minimum.width(), fit_width)),
                 max(min(height, fit_height), min(minimum.height(), fit_height)))


def fit_to_screen(dialog: QDialog, preferred: QSize = DIFF_SIZE) -> None:
    """Size ``dialog`` for the screen its parent window is on (or the primary one) and that window's size,
    so that all of it, its buttons too, is on a small screen; its minimum size keeps the contents usable."""
    parent = dialog.parentWidget().window() if dialog.parentWidget() is not None else None
    screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
    if screen is None:
        dialog.resize(preferred)
        return
    room = screen.availableGeometry()
    dialog.setMinimumSize(fitted_size(room, None, DIFF_MINIMUM, DIFF_MINIMUM))
    dialog.resize(fitted_size(room, parent.size() if parent is not None else None, preferred))


def plain_view(parent: QWidget, text: str) -> QPlainTextEdit:
    """A read-only view of ``text`` as it is (a file's text, not a diff: no colours)."""
    view = QPlainTextEdit(parent)
    view.setReadOnly(True)
    view.setLineWrapMode(QPlainTextEdit.NoWrap)
    view.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
    view.setPlainText(text)
    return view


def diff_view(parent: QWidget, text: str) -> QPlainTextEdit:
    from pygments.lexers.diff import DiffLexer

    from nodetype_studio.ui.highlight import PygmentsHighlighter

    view = plain_view(parent, text)
    view.highlighter = PygmentsHighlighter(view.document(), DiffLexer(), "github-dark" if is_dark(view.palette()) else "default")
    view.highlighter.rehighlight()
    return view


class ReviewDialog(QDialog):
    """The diff of each file before saving; Save writes them all, Cancel writes nothing."""

    def __init__(self, diffs: list[tuple[str, str]], parent=None, *, review_setting: bool = True):
        super().__init__(parent)
        self.setWindowTitle("Review changes before saving")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{len(diffs)} file{'s' if len(diffs) != 1 else ''} will be written:", self))
        splitter = QSplitter(Qt.Horizontal, self)
        splitter.setChildrenCollapsible(False)  # a narrow dialog keeps both the file list and the diff
        self.files = QListWidget(splitter)
        self.diffs = diffs
        for name, _diff in diffs:
            self.files.addItem(name)
        self.view = diff_view(splitter, "")
        splitter.setStretchFactor(1, 1)  # the diff takes what room there is beyond the list's
        fit_to_screen(self)
        splitter.setSizes([min(220, self.width() // 3), self.width()])
        layout.addWidget(splitter, 1)
        self.files.currentRowChanged.connect(lambda row: self.view.setPlainText(diffs[row][1] if 0 <= row < len(diffs) else ""))
        self.files.setCurrentRow(0)
        self.always = QCheckBox("Review changes before every save", self)
        self.always.setChecked(review_setting)
        layout.addWidget(self.always)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def all_text(self) -> str:
        return "".join(diff for _name, diff in self.diffs)


class ChoiceDialog(QDialog):
    """A message with named buttons; ``choice`` is the name of the button pressed (or ``cancel``)."""

    def __init__(self, title: str, message: str, choices: list[tuple[str, str]], parent=None, *, detail: str = "",
                 problem: str = "", plain: bool = False):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.choice = "cancel"
        layout = QVBoxLayout(self)
        label = QLabel(message, self)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.problem = None
        if problem:  # what the detail cannot show, and why
            self.problem = QLabel(problem, self)
            self.problem.setWordWrap(True)
            style.emphasise(style.tint(self.problem, style.ERROR), bold=True)
            layout.addWidget(self.problem)
        self.detail = None
        if detail:
            self.detail = plain_view(self, detail) if plain else diff_view(self, detail)
            layout.addWidget(self.detail, 1)
            fit_to_screen(self)
        self.buttons = QDialogButtonBox(self)
        self.button: dict[str, QPushButton] = {}
        for name, text in choices:
            button = self.buttons.addButton(text, QDialogButtonBox.ActionRole)
            button.clicked.connect(lambda _=False, n=name: self._choose(n))
            self.button[name] = button
        layout.addWidget(self.buttons)

    def _choose(self, name: str) -> None:
        self.choice = name
        self.accept() if name != "cancel" else self.reject()


class CompareDialog(ChoiceDialog):
    """The file on disk against the studio's version (a unified diff: - disk, + mine). When the file on disk
    cannot be shown (``disk_problem``: larger than the studio reads, unreadable), that is said instead, above
    the studio's version as it is."""

    def __init__(self, name: str, disk: str, mine: str, choices: list[tuple[str, str]], parent=None, *, message: str,
                 disk_problem: str = ""):
        if disk_problem:
            super().__init__(f"Compare \u2014 {name}", f"{name}: your unsaved version, below.", choices, parent,
                             detail=mine or "(empty)", problem=disk_problem, plain=True)
        else:
            diff = unified_diff(disk, mine, name).replace(f"--- a/{name}", f"--- {name} (on disk)", 1).replace(
                f"+++ b/{name}", f"+++ {name} (your edits)", 1)
            super().__init__(f"Compare \u2014 {name}", message, choices, parent, detail=diff or "(no difference)")
        self.disk, self.mine = disk, mine


def _reload_not_offered(reason: str) -> str:
    return (f"Reload is not offered: it would drop your edits and the studio cannot read the file back ({reason})."
            if reason else "")


class Prompts:
    """Real dialogs, modal to ``parent``."""

    def __init__(self, parent: QWidget | None = None):
        self.parent = parent
        self.review_setting_changed = None  # callable(bool), set by the window

    def unsaved_changes(self, files: list[str]) -> str:
        """"save" | "discard" | "cancel" for unsaved edits of ``files`` (on close)."""
        box = QMessageBox(QMessageBox.Warning, "Unsaved changes",
                          f"{len(files)} file{'s have' if len(files) != 1 else ' has'} unsaved changes.",
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self.parent)
        box.setInformativeText("Save them before closing?")
        box.setDetailedText("\n".join(files))
        box.setDefaultButton(QMessageBox.Save)
        answer = box.exec()
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(answer, "cancel")

    def restore_journal(self, files: list[str], when: str) -> bool:
        box = QMessageBox(QMessageBox.Question, "Restore unsaved edits?",
                          f"The studio closed with unsaved edits to {len(files)} file{'s' if len(files) != 1 else ''} "
                          f"({when}). Restore unsaved edits?", QMessageBox.Yes | QMessageBox.No, self.parent)
        box.setDetailedText("\n".join(files))
        box.setInformativeText("No keeps a copy of them next to the journal; nothing is lost.")
        box.setDefaultButton(QMessageBox.Yes)
        return box.exec() == QMessageBox.Yes

    def review(self, diffs: list[tuple[str, str]], review_setting: bool) -> bool:
        dialog = ReviewDialog(diffs, self.parent, review_setting=review_setting)
        accepted = dialog.exec() == QDialog.Accepted
        if accepted and self.review_setting_changed is not None and dialog.always.isChecked() != review_setting:
            self.review_setting_changed(dialog.always.isChecked())
        return accepted

    def file_changed(self, name: str, deleted: bool, reload_problem: str = "") -> str:
        """"reload" | "keep" | "compare" for a file with unsaved edits that changed on disk. ``reload_problem``:
        why the file cannot be read back, so Reload is not offered."""
        what = "was deleted" if deleted else "was changed by another program"
        choices = [("reload", "Reload"), ("keep", "Keep mine"), ("compare", "Compare\u2026")]
        message = "Reload drops your edits; Keep mine keeps them (saving will ask before overwriting)."
        if reload_problem:
            choices = choices[1:]
            message = "Keep mine keeps your edits (saving will ask before overwriting)."
        dialog = ChoiceDialog("File changed on disk", f"{name} {what}, and you have unsaved edits to it.\n\n{message}",
                              choices, self.parent, problem=_reload_not_offered(reload_problem))
        dialog.exec()
        return dialog.choice if dialog.choice != "cancel" else "keep"

    def compare(self, name: str, disk: str, mine: str, purpose: str, disk_problem: str = "",
                reload_problem: str = "") -> str:
        """After a conflict (``purpose="conflict"``): "reload" | "keep"; before overwriting a changed file
        (``purpose="save"``): "overwrite" | "cancel". ``disk_problem``: why the file on disk is not shown;
        ``reload_problem``: why it cannot be read back, so Reload from disk is not offered."""
        if purpose == "save":
            choices = [("overwrite", "Overwrite with my version"), ("cancel", "Cancel")]
            message = f"{name} changed on disk since you loaded it. Saving replaces the lines marked - with yours (+)."
        else:
            choices = [("reload", "Reload from disk"), ("keep", "Keep mine")]
            message = f"{name}: the file on disk (-) against your unsaved version (+)."
            if reload_problem:
                choices = choices[1:]
                disk_problem = " ".join(filter(None, [disk_problem, _reload_not_offered(reload_problem)]))
        dialog = CompareDialog(name, disk, mine, choices, self.parent, message=message, disk_problem=disk_problem)
        dialog.exec()
        return dialog.choice if dialog.choice != "cancel" or purpose == "save" else "keep"

    def error(self, title: str, message: str) -> None:
        QMessageBox.warning(self.parent, title, message)
