"""CodeEditor: button label, full-screen dialog, pygments highlighting per built-in mode."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialogButtonBox

SAMPLES = {
    "text/xml": "<root a=\"1\"><!-- c --></root>",
    "text/html": "<p class=\"x\">Hi</p>",
    "text/css": "body { margin: 10px; } /* note */",
    "text/javascript": "var x = 'a'; // c",
}


def _colours(dialog):
    """Distinct foreground colours laid out in the document (what the user sees highlighted)."""
    colours = set()
    block = dialog.text_edit.document().begin()
    while block.isValid():
        for fmt_range in block.layout().formats():
            colours.add(fmt_range.format.foreground().color().name())
        block = block.next()
    return colours


def test_button_label_defaults_to_edit_code(make_editor):
    editor = make_editor("CodeEditor", {}, label="Custom CSS")
    assert editor.button.text() == "Edit code"
    assert editor.has_own_label
    assert editor.label.text() == "Custom CSS"


def test_button_label_option(make_editor):
    editor = make_editor("CodeEditor", {"buttonLabel": "Open the snippet"})
    assert editor.button.text() == "Open the snippet"


def test_default_mode_is_html(make_editor):
    editor = make_editor("CodeEditor", {})
    assert editor.mode == "text/html"


@pytest.mark.parametrize("mode", sorted(SAMPLES))
def test_each_builtin_mode_highlights(make_editor, qtbot, mode):
    editor = make_editor("CodeEditor", {"highlightingMode": mode}, value=SAMPLES[mode])
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    assert dialog.windowState() & Qt.WindowFullScreen
    assert not dialog.note.isVisible()
    assert dialog.highlighter.token_count() > 0
    assert len(_colours(dialog)) >= 2, mode


def test_plain_text_mode_has_no_colours(make_editor, qtbot):
    editor = make_editor("CodeEditor", {"highlightingMode": "text/plain"}, value="body { color: red; }")
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert _colours(dialog) <= {"#000000"}


def test_unknown_mode_falls_back_to_plain_text_with_a_note(make_editor, qtbot):
    editor = make_editor("CodeEditor", {"highlightingMode": "text/x-php"}, value="<?php echo 1; ?>")
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert editor.mode == "text/plain"
    assert dialog.note.isVisible()
    assert "text/x-php" in dialog.note.text()


def test_codemirror_mode_names_are_the_same_modes(make_editor):
    editor = make_editor("CodeEditor", {"highlightingMode": "htmlmixed"})
    assert editor.mode == "text/html" and editor.mode_note is None


@pytest.mark.parametrize("empty", ["", None, False])
def test_an_empty_mode_is_the_default_html(make_editor, qtbot, empty):
    # the CMS reads `highlightingMode || 'htmlmixed'`: an empty or null mode highlights HTML, no note
    editor = make_editor("CodeEditor", {"highlightingMode": empty}, value=SAMPLES["text/html"])
    assert editor.mode == "text/html" and editor.mode_note is None
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert not dialog.note.isVisible() and len(_colours(dialog)) >= 2


@pytest.mark.parametrize("mode, sample", [
    ("yaml", "key: value # note\nlist:\n  - 1"), ("application/json", '{"a": [1, true]}'),
    ("text/x-scss", "$c: red; a { b { color: $c; } }"), ("text/typescript", "let x: number = 1; // n"),
    ("text/x-markdown", None), ("handlebars", None),  # valid modes, without colours (the bundle keeps their lexers out)
])
def test_the_other_modes_the_cms_bundles_are_no_unknown_modes(make_editor, qtbot, mode, sample):
    editor = make_editor("CodeEditor", {"highlightingMode": mode}, value=sample or "# Title {{name}}")
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert editor.mode_note is None and not dialog.note.isVisible()
    assert (len(_colours(dialog)) >= 2) is (sample is not None), mode


def test_apply_commits_the_edited_text_and_cancel_does_not(make_editor, qtbot):
    editor = make_editor("CodeEditor", {}, value="<b>x</b>")
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    dialog.text_edit.selectAll()
    qtbot.keyClicks(dialog.text_edit, "<i>y</i>")
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        dialog.buttons.button(QDialogButtonBox.Ok).click()
    assert blocker.args == ["<i>y</i>"]
    assert editor.preview.text() == "<i>y</i>"
    again = editor.open_dialog()
    qtbot.addWidget(again)
    qtbot.keyClicks(again.text_edit, "zzz")
    with qtbot.assertNotEmitted(editor.valueChanged):
        again.buttons.button(QDialogButtonBox.Cancel).click()
    assert editor.value() == "<i>y</i>"


def test_button_opens_the_dialog(make_editor, qtbot):
    editor = make_editor("CodeEditor", {})
    qtbot.mouseClick(editor.button, Qt.LeftButton)
    assert editor.dialog is not None and editor.dialog.isVisible()
    qtbot.addWidget(editor.dialog)


def test_highlighting_follows_edits_across_lines(make_editor, qtbot):
    editor = make_editor("CodeEditor", {"highlightingMode": "text/css"}, value="a {}\nb {}\n")
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    before = dialog.highlighter.token_count()
    cursor = dialog.text_edit.textCursor()
    cursor.setPosition(0)
    dialog.text_edit.setTextCursor(cursor)
    qtbot.keyClicks(dialog.text_edit, "/* ")  # opens a comment that now spans every line
    assert dialog.highlighter.token_count() < before + 3
    last_block = dialog.text_edit.document().lastBlock().previous()
    colours = {r.format.foreground().color().name() for r in last_block.layout().formats()}
    assert len(colours) == 1  # the whole later line is comment-coloured


@pytest.mark.parametrize("value", [False, 0, ""])
def test_a_falsy_value_opens_empty(make_editor, qtbot, value):
    # neos-ui CodeMirrorWrap -> react-codemirror2 UnControlled: `replaceRange(value || '', ...)`
    editor = make_editor("CodeEditor", {}, value=value)
    assert editor.preview is None or editor.preview.isHidden()
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert dialog.text() == "" and not dialog.note.isVisible()


def test_a_list_of_texts_opens_as_its_lines(make_editor, qtbot):
    # CodeMirror 5's replaceRange splits a string into lines, and takes a list as the lines themselves
    editor = make_editor("CodeEditor", {}, value=["<p>", "Hi", "</p>"])
    assert editor.preview.text() == "<p>\nHi\n</p>"
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert dialog.text() == "<p>\nHi\n</p>"


@pytest.mark.parametrize("value", [True, 42, 1.5, {"a": 1}, [], ["a", 2]])
def test_a_value_codemirror_cannot_take_is_not_shown_the_python_way(make_editor, qtbot, value):
    editor = make_editor("CodeEditor", {}, value=value)
    assert "not text" in editor.preview.text() and str(value) not in editor.preview.text()
    dialog = editor.open_dialog()
    qtbot.addWidget(dialog)
    assert dialog.text() == ""
    assert dialog.note.isVisible() and "JavaScript error" in dialog.note.text()
    dialog.text_edit.setFocus()
    qtbot.keyClicks(dialog.text_edit, "<b>x</b>")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert editor.value() == "<b>x</b>" and editor.preview.text() == "<b>x</b>"


DARK_SAMPLES = {**SAMPLES, "text/javascript": "function greet(name) { const x = new Date(); return name + x; }"}


@pytest.mark.parametrize("mode", sorted(DARK_SAMPLES))
def test_highlighting_reads_on_the_dark_scheme(make_editor, qtbot, mode):
    from PySide6.QtWidgets import QApplication

    from nodetype_studio.ui.studio.theme import dark_palette
    from tests.ui.contrast import contrast

    app = QApplication.instance()
    before = app.palette()
    app.setPalette(dark_palette())
    try:
        editor = make_editor("CodeEditor", {"highlightingMode": mode}, value=DARK_SAMPLES[mode])
        dialog = editor.open_dialog()
        qtbot.addWidget(dialog)
        base = dialog.text_edit.palette().base().color()
        assert base.lightness() < 128
        shown = {name for name in _colours(dialog) if name != "#000000"}  # black: a range with no colour of its own
        assert shown, mode
        unreadable = {name: round(contrast(QColor(name), base), 2) for name in shown if contrast(QColor(name), base) < 3}
        assert not unreadable, mode
    finally:
        app.setPalette(before)
