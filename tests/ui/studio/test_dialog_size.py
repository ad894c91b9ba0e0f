"""The review dialog (before a save) and the compare dialog fit the screen they open on: on a small one
all of them, their buttons too, is on screen and a long diff scrolls; on a large one they grow with the
window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from nodetype_studio.ui.studio.dialogs import DIFF_MINIMUM, DIFF_SIZE, CompareDialog, ReviewDialog, fitted_size

LONG_DIFF = "--- a/NodeTypes/Content/Teaser.yaml\n+++ b/NodeTypes/Content/Teaser.yaml\n@@ -1,200 +1,200 @@\n" + "".join(
    f"-    field{n}: old\n+    field{n}: new value that is rather long for a narrow screen {n}\n" for n in range(200))


def on_screen(widget) -> QRect:
    """``widget``'s rectangle in screen coordinates."""
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def test_sizes_for_a_small_and_a_large_screen():
    small = fitted_size(QRect(0, 0, 800, 600), QSize(780, 560))
    assert small.width() <= 800 - 32 and small.height() <= 600 - 64  # with its frame and title bar
    assert small.width() >= DIFF_MINIMUM.width() and small.height() >= DIFF_MINIMUM.height()
    assert fitted_size(QRect(0, 0, 1920, 1200)) == DIFF_SIZE  # no window to follow: the usual size
    large = fitted_size(QRect(0, 0, 1920, 1200), QSize(1800, 1100))
    assert large.width() > DIFF_SIZE.width() and large.height() > DIFF_SIZE.height()  # grows with the window
    assert large.width() <= 1920 - 32 and large.height() <= 1200 - 64
    tiny = fitted_size(QRect(0, 0, 400, 320))
    assert tiny.width() <= 400 - 32 and tiny.height() <= 320 - 64  # smaller than the minimum: the screen wins


def test_the_review_dialog_fits_the_screen_and_its_diff_scrolls(qtbot, window):
    room = window.screen().availableGeometry()
    assert room.width() < DIFF_SIZE.width() + 32  # (the test screen is too narrow for the usual size)
    dialog = ReviewDialog([("NodeTypes/Content/Teaser.yaml", LONG_DIFF), ("NodeTypes/Content/Text.yaml", "+x\n")],
                          window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert room.contains(dialog.frameGeometry()), (room, dialog.frameGeometry())
    save = dialog.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert save.isVisible() and room.contains(on_screen(save))
    assert on_screen(dialog.always).bottom() <= room.bottom()
    assert dialog.files.isVisible() and dialog.files.width() >= 80 and dialog.view.width() > dialog.files.width()
    bar = dialog.view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    dialog.view.setFocus()
    qtbot.keyClick(dialog.view, Qt.Key.Key_PageDown)
    assert bar.value() > 0  # the rest of the diff is a page away
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_the_compare_dialog_fits_the_screen(qtbot, window):
    room = window.screen().availableGeometry()
    disk = "".join(f"line {n}\n" for n in range(120))
    mine = disk.replace("line 7\n", "line seven, as edited in the studio\n")
    dialog = CompareDialog("NodeTypes/Content/Teaser.yaml", disk, mine,
                           [("reload", "Reload from disk"), ("keep", "Keep mine")], window,
                           message="NodeTypes/Content/Teaser.yaml: the file on disk (-) against your unsaved version (+).")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert room.contains(dialog.frameGeometry()), (room, dialog.frameGeometry())
    assert "line seven" in dialog.detail.toPlainText() and dialog.detail.height() >= 100
    keep = dialog.button["keep"]
    assert keep.isVisible() and room.contains(on_screen(keep))
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)
    assert dialog.choice == "keep"


def test_a_dialog_is_not_made_smaller_than_usable(qtbot, window):
    dialog = ReviewDialog([("NodeTypes/Content/Teaser.yaml", LONG_DIFF)], window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(100, 100)
    assert dialog.width() >= DIFF_MINIMUM.width() and dialog.height() >= DIFF_MINIMUM.height()
