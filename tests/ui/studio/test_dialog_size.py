"""The review dialog (before a save) and the compare dialog fit the screen they open on: on a small one
all of them, their buttons too, is on screen and a long diff scrolls; on a large one they grow with the
window."""

from __future__ import annotations

from pathlib import Path

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



def test_the_help_dialog_is_sized_as_the_other_dialogs_and_its_documentation_scrolls(qtbot, window):
    from PySide6.QtWidgets import QTextBrowser

    from nodetype_studio.ui.studio.helpdialog import DOCUMENTATION_TAB

    room = window.screen().availableGeometry()
    window.resize(room.size())
    qtbot.keyClick(window, Qt.Key.Key_F1)  # the documentation, as the user opens it
    dialog = window.help_dialog
    qtbot.waitExposed(dialog)
    assert dialog.tabs.currentIndex() == DOCUMENTATION_TAB
    review = ReviewDialog([("NodeTypes/Content/Teaser.yaml", LONG_DIFF)], window)
    qtbot.addWidget(review)
    assert dialog.size() == review.size()  # grows with a large window as the review does
    assert dialog.minimumSize() == review.minimumSize()
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    assert close.isVisible() and room.contains(on_screen(close))
    docs = dialog.findChild(QTextBrowser)
    bar = docs.verticalScrollBar()
    assert docs.height() >= 100 and bar.maximum() > 0
    docs.setFocus()
    qtbot.keyClick(docs, Qt.Key.Key_PageDown)
    assert bar.value() > 0
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


SMALL_SCREEN = """
import json, sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
from nodetype_studio.ui.studio.helpdialog import HelpDialog
window = QMainWindow()
window.resize(780, 560)
window.show()
dialog = HelpDialog(window)
dialog.show()
app.processEvents()
room = dialog.screen().availableGeometry()
print(json.dumps([room.width(), room.height(), dialog.width(), dialog.height()]))
"""


def test_the_help_dialog_fits_a_small_screen_with_its_frame(tmp_path):
    import json
    import os
    import subprocess
    import sys

    from nodetype_studio.ui.studio.dialogs import FRAME

    screens = tmp_path / "screen.json"
    screens.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 800, "height": 600,
                                                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screens}",
           "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    done = subprocess.run([sys.executable, "-c", SMALL_SCREEN], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    room_width, room_height, width, height = json.loads(done.stdout.strip().splitlines()[-1])
    assert (room_width, room_height) == (800, 600)
    # all of it on screen with the frame and title bar a desktop adds
    assert width <= room_width - FRAME.width() and height <= room_height - FRAME.height(), (width, height)
    assert width >= DIFF_MINIMUM.width() and height >= DIFF_MINIMUM.height()
