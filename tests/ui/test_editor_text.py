"""TextFieldEditor, TextAreaEditor and BooleanEditor: each option's visible effect on the real widget."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QLabel


def test_textfield_placeholder_and_typing_commits_each_change(make_editor, qtbot):
    editor = make_editor("TextFieldEditor", {"placeholder": "Your name &amp; title"})
    assert editor.line.placeholderText() == "Your name & title"  # HTML entities decoded, as the CMS does
    with qtbot.waitSignals([editor.valueChanged] * 3):
        qtbot.keyClicks(editor.line, "abc")
    assert editor.value() == "abc"


def test_textfield_placeholder_decodes_only_the_five_entities_the_cms_decodes(make_editor):
    # The CMS's text field decodes &amp; &lt; &gt; &quot; &#39; (lodash `unescape`), once; other named and
    # numeric entities stay as written.
    editor = make_editor("TextFieldEditor", {"placeholder": "&lt;Caf&eacute;&gt; &quot;&#39;&#8230;&quot; &amp;amp;"})
    assert editor.line.placeholderText() == "<Caf&eacute;> \"'&#8230;\" &amp;"


def test_textfield_placeholder_of_another_type_is_written_as_javascript_writes_it(make_editor):
    # `options.placeholder && translate(unescape(options.placeholder))`: false shows nothing, 0 and true their
    # JavaScript text (lodash's unescape makes a string of them)
    for given, text in ((False, ""), (0, "0"), (True, "true"), (1.0, "1"), (2.5, "2.5")):
        assert make_editor("TextFieldEditor", {"placeholder": given}).line.placeholderText() == text, given


def test_textfield_shows_any_stored_value_as_javascript_writes_it(make_editor):
    for value, text in ((True, "true"), (False, "false"), (["a", 2, None], "a,2,"), ({"a": 1}, "[object Object]")):
        assert make_editor("TextFieldEditor", {}, value=value).line.text() == text, value


def test_textarea_shows_any_stored_value_as_javascript_writes_it(make_editor):
    for value, text in ((True, "true"), (False, "false"), (1.0, "1"), (["a", 2, None], "a,2,"), ({"a": 1}, "[object Object]"),
                        (None, "")):
        assert make_editor("TextAreaEditor", {}, value=value).text_edit.toPlainText() == text, value


def test_textfield_autofocus_takes_the_focus_when_shown_but_not_from_another_widget(qtbot):
    from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

    from tests.ui.conftest import build_editor

    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    other = QLineEdit(host)  # where the user works (the YAML, the type list)
    layout.addWidget(other)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow)

    def shown(options):
        editor = build_editor(qtbot, "TextFieldEditor", options)
        layout.addWidget(editor)
        editor.show()
        qtbot.wait(20)
        return editor

    other.clearFocus()
    assert QApplication.focusWidget() is None
    first, second = shown({"autoFocus": True}), shown({"autoFocus": True})
    assert second.line.hasFocus() and not first.line.hasFocus()  # each takes it in turn: the last keeps it
    for options in ({"autoFocus": True, "disabled": True}, {}, {"autoFocus": False}):
        other.setFocus()
        qtbot.waitUntil(other.hasFocus)
        other.clearFocus()
        shown(options)
        assert QApplication.focusWidget() is None, options
    other.setFocus()
    qtbot.waitUntil(other.hasFocus)
    late = shown({"autoFocus": True})
    assert other.hasFocus() and not late.line.hasFocus()  # never taken from where the user is
    qtbot.keyClicks(other, "typed")
    assert other.text() == "typed" and late.value() is None


def test_textfield_maxlength_stops_input(make_editor, qtbot):
    editor = make_editor("TextFieldEditor", {"maxlength": 4})
    qtbot.keyClicks(editor.line, "abcdefgh")
    assert editor.line.text() == "abcd"
    assert editor.value() == "abcd"


def test_textfield_maxlength_as_numeric_string_and_nonsense(make_editor, qtbot):
    numeric = make_editor("TextFieldEditor", {"maxlength": "2"})
    nonsense = make_editor("TextFieldEditor", {"maxlength": "lots"})
    assert numeric.line.maxLength() == 2
    assert nonsense.line.maxLength() == 32767  # ignored


def test_maxlength_read_as_the_browser_reads_the_attribute(make_editor, qtbot):
    # The CMS hands `maxlength` to the input's maxlength attribute: the browser reads the leading digits of
    # its text ("3 chars" is 3, 2.5 is "2.5" is 2), ignores a negative or wordy one, and 0 lets nothing in.
    for given, limit in (("3 chars", 3), (2.5, 2), (" 4", 4)):
        assert make_editor("TextFieldEditor", {"maxlength": given}).line.maxLength() == limit, given
    assert make_editor("TextFieldEditor", {"maxlength": -1}).line.maxLength() == 32767  # ignored
    closed = make_editor("TextFieldEditor", {"maxlength": 0})
    qtbot.keyClicks(closed.line, "abc")
    assert closed.line.text() == "" and closed.value() is None
    area = make_editor("TextAreaEditor", {"maxlength": 0})
    qtbot.keyClicks(area.text_edit, "abc")
    assert area.text_edit.toPlainText() == ""


def test_textfield_readonly_refuses_typing(make_editor, qtbot):
    editor = make_editor("TextFieldEditor", {"readonly": True}, value="fixed")
    qtbot.keyClicks(editor.line, "zz")
    assert editor.line.isReadOnly()
    assert editor.line.text() == "fixed"


def test_textfield_required_shows_a_marker(make_editor):
    editor = make_editor("TextFieldEditor", {"required": True})
    marker = editor.findChild(QLabel, "requiredMarker")
    assert marker is not None and marker.isVisible() and marker.text() == "*"
    assert editor.line.property("html_required") is True
    plain = make_editor("TextFieldEditor", {})
    assert plain.findChild(QLabel, "requiredMarker") is None


def test_textfield_title_is_the_tooltip(make_editor):
    editor = make_editor("TextFieldEditor", {"title": "Shown on hover"})
    assert editor.line.toolTip() == "Shown on hover"


def test_textfield_passthrough_attributes_are_recorded(make_editor):
    options = {"form": "f1", "selectionDirection": "forward", "spellcheck": False, "autocapitalize": True,
               "autocorrect": "off"}
    editor = make_editor("TextFieldEditor", options)
    line = editor.line
    assert line.property("html_form") == "f1"
    assert line.property("html_selectionDirection") == "forward"
    assert line.property("html_spellcheck") == "false"
    assert line.property("html_autocapitalize") == "true"
    assert line.property("html_autocorrect") == "off"


def test_integer_textfield_hands_over_what_is_typed(make_editor, qtbot):
    """The CMS's text field lets the user type anything into an integer field and commits the raw text."""
    editor = make_editor("TextFieldEditor", {}, type="integer", value=5)
    assert editor.line.text() == "5"
    editor.line.clear()
    qtbot.keyClicks(editor.line, "+4x2")
    assert editor.line.text() == "+4x2"  # nothing is blocked
    assert editor.value() == "+4x2"
    editor.line.selectAll()
    qtbot.keyClick(editor.line, Qt.Key_Backspace)
    assert editor.value() == ""


def test_textfield_shows_a_stored_number_as_javascript_writes_it(make_editor):
    assert make_editor("TextFieldEditor", {}, type="float", value=1.0).line.text() == "1"
    assert make_editor("TextFieldEditor", {}, type="float", value=1.5).line.text() == "1.5"
    assert make_editor("TextFieldEditor", {}, type="integer", value=None).line.text() == ""


def test_disabled_disables_every_editor(make_editor):
    for name, options in [
        ("TextFieldEditor", {}), ("TextAreaEditor", {}), ("BooleanEditor", {}), ("CodeEditor", {}),
        ("SelectBoxEditor", {"values": {"a": {"label": "A"}}}), ("RangeEditor", {}),
        ("DateTimeEditor", {}), ("LinkEditor", {}), ("Vendor.Custom/Editor", {}),
    ]:
        enabled = make_editor(name, dict(options))
        disabled = make_editor(name, dict(options, disabled=True))
        assert not enabled.is_disabled(), name
        assert disabled.is_disabled(), name


def test_textarea_rows_default_is_five_lines(make_editor):
    editor = make_editor("TextAreaEditor", {})
    assert editor.rows == 5
    assert editor.visible_rows() == 5
    three = make_editor("TextAreaEditor", {"rows": 3})
    assert three.visible_rows() == 3
    assert three.text_edit.height() < editor.text_edit.height()


@pytest.mark.parametrize("rows", [None, 0, -2, "many", True, [3]])
def test_textarea_rows_it_cannot_use_show_the_default_five_lines(make_editor, rows):
    # `rows` must be a positive integer (the spec's default is 5); the preview had Qt's own height for these
    editor = make_editor("TextAreaEditor", {"rows": rows})
    assert editor.rows == 5 and editor.visible_rows() == 5


def type_lines(qtbot, edit, count):
    for number in range(count):
        if number or edit.toPlainText():
            qtbot.keyClick(edit, Qt.Key.Key_Return)
        qtbot.keyClicks(edit, f"line {number}")


def test_textarea_grows_as_the_cms_once_its_row_options_are_written(qtbot):
    # The CMS's text area shows `minRows` lines, grows with the text up to `maxRows`, and shows at least
    # `expandedRows` (default 6) after a click into it, until a click elsewhere
    from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

    from tests.ui.conftest import build_editor

    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    editor = build_editor(qtbot, "TextAreaEditor", {"minRows": 3, "maxRows": 7, "rows": 2})
    other = QLineEdit(host)
    layout.addWidget(editor)
    layout.addWidget(other)
    host.resize(360, 600)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow)
    assert editor.visible_rows() == 3                   # `rows` is the spec's: the CMS ignores it
    qtbot.mouseClick(editor.text_edit.viewport(), Qt.MouseButton.LeftButton)
    assert editor.visible_rows() == 6
    type_lines(qtbot, editor.text_edit, 4)
    assert editor.visible_rows() == 6
    qtbot.mouseClick(other, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(other.hasFocus)
    assert editor.visible_rows() == 4                   # back from 6: the text's 4 lines
    editor.text_edit.setFocus()
    type_lines(qtbot, editor.text_edit, 5)
    assert editor.visible_rows() == 7                   # 9 lines, at most maxRows
    assert editor.value().count("\n") == 8


def test_textarea_has_no_row_limit_on_83(qtbot, tmp_path):
    from nodetype_studio.content import Workspace
    from nodetype_studio.model import load_project
    from tests.media_support import copy_site
    from tests.ui.conftest import build_editor

    ws = Workspace.for_project(load_project(copy_site(tmp_path / "s"), use_cache=False, cms_version="8.3"))
    editor = build_editor(qtbot, "TextAreaEditor", {"minRows": 1, "maxRows": 3}, workspace=ws)
    editor.resize(360, 600)
    editor.show()
    assert editor.visible_rows() == 1
    type_lines(qtbot, editor.text_edit, 5)
    assert editor.visible_rows() == 5                   # 8.3's text area does not read maxRows
    huge = build_editor(qtbot, "TextAreaEditor", {"minRows": float("inf")}, workspace=ws)
    assert huge.visible_rows() == 1000                  # the preview's own bound (a widget height is a C int)


def test_textarea_takes_every_textfield_option(make_editor, qtbot):
    editor = make_editor(
        "TextAreaEditor",
        {"placeholder": "Write", "maxlength": 5, "required": True, "title": "Tip", "spellcheck": True},
    )
    edit = editor.text_edit
    assert edit.placeholderText() == "Write"
    assert edit.toolTip() == "Tip"
    assert edit.property("html_spellcheck") == "true"
    assert editor.findChild(QLabel, "requiredMarker") is not None
    qtbot.keyClicks(edit, "abcdefg")
    assert edit.toPlainText() == "abcde"
    assert editor.value() == "abcde"
    readonly = make_editor("TextAreaEditor", {"readonly": True}, value="x")
    qtbot.keyClicks(readonly.text_edit, "yy")
    assert readonly.text_edit.toPlainText() == "x"


def test_textarea_multiline_value_round_trip(make_editor, qtbot):
    editor = make_editor("TextAreaEditor", {}, value="one\ntwo")
    assert editor.text_edit.toPlainText() == "one\ntwo"
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClicks(editor.text_edit, "!")
    assert blocker.args[0].endswith("!") or blocker.args[0].startswith("!")


def test_boolean_is_a_checkbox_with_its_own_label(make_editor, qtbot):
    editor = make_editor("BooleanEditor", {}, label="Hide in menu", value="on")
    assert editor.has_own_label
    assert editor.checkbox.text() == "Hide in menu"
    assert editor.checkbox.isChecked()  # the string "on" reads as checked
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(editor.checkbox, Qt.LeftButton)
    assert blocker.args == [False]
    assert editor.value() is False
    unchecked = make_editor("BooleanEditor", {}, value="no")
    assert not unchecked.checkbox.isChecked()
    # the CMS compares the lower-cased string as it is: with a space around it, "true" is not checked
    for text, checked in (("TRUE", True), ("1", True), (" true", False), ("on ", False)):
        assert make_editor("BooleanEditor", {}, value=text).checkbox.isChecked() is checked, text


def test_boolean_shows_other_values_by_javascript_truthiness(make_editor, qtbot):
    # Boolean/index.js `toBoolean`: a non-string value is checked by Boolean(value), so an empty list or map
    # (a BooleanEditor on an array property) is checked and NaN is not
    for value, checked in (([], True), ({}, True), (float("nan"), False), (0, False), (2, True), (None, False)):
        assert make_editor("BooleanEditor", {}, type="array", value=value).checkbox.isChecked() is checked, value
    editor = make_editor("BooleanEditor", {}, type="array", value=[])
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(editor.checkbox, Qt.LeftButton)
    assert blocker.args == [False]  # a click toggles what is shown


LONG_SENTENCE = "Hide this page in the main menu and in every breadcrumb of the site"
LONG_ID = "Acme.Site:NodeTypes.Document.Page:properties.hiddenInMainMenu"


def test_boolean_long_sentence_label_wraps_beside_the_box_and_clicking_it_toggles(make_editor, qtbot):
    editor = make_editor("BooleanEditor", {}, label=LONG_SENTENCE, value=False)
    editor.resize(220, 200)
    qtbot.waitExposed(editor)
    label = editor.findChild(QLabel, "checkboxLabel")
    assert editor.checkbox.text() == "" and label.text() == LONG_SENTENCE == editor.label_text()
    assert label.wordWrap() and label.toolTip() == LONG_SENTENCE
    # wrapped onto several lines within the editor's width, none of it cut off
    qtbot.waitUntil(lambda: label.height() >= 2 * label.fontMetrics().height())
    assert label.geometry().right() <= editor.width()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(label, Qt.LeftButton)
    assert blocker.args == [True] and editor.checkbox.isChecked()
    editor.apply_disabled(True)
    with qtbot.assertNotEmitted(editor.valueChanged):
        qtbot.mouseClick(label, Qt.LeftButton)
    assert editor.checkbox.isChecked() and not label.isEnabled()


def test_boolean_long_translation_id_is_elided_in_the_middle(make_editor, qtbot):
    from nodetype_studio.ui.sections import ElidedLabel

    editor = make_editor("BooleanEditor", {}, label=LONG_ID, value=True)
    editor.resize(240, 60)
    qtbot.waitExposed(editor)
    label = editor.findChild(QLabel, "checkboxLabel")
    assert isinstance(label, ElidedLabel)
    qtbot.waitUntil(lambda: "\u2026" in label.shown_text())
    shown = label.shown_text()
    assert shown.startswith("Acme.") and shown.endswith("MainMenu")
    assert editor.checkbox.isChecked()
    qtbot.mouseClick(label, Qt.LeftButton)
    assert editor.value() is False


def test_set_value_does_not_emit(make_editor, qtbot):
    editor = make_editor("TextFieldEditor", {})
    with qtbot.assertNotEmitted(editor.valueChanged):
        editor.set_value("quiet")
    assert editor.line.text() == "quiet"


def test_errors_show_under_the_field_and_clear(make_editor):
    editor = make_editor("TextFieldEditor", {})
    editor.set_errors(["Too long", "Not allowed"])
    assert editor.error_text() == "Too long\nNot allowed"
    editor.set_errors([])
    assert editor.error_text() == ""


def test_uri_path_segment_is_a_text_field_with_a_sync_button(make_editor, qtbot):
    from nodetype_studio.preview.urisegment import uri_path_segment

    assert uri_path_segment("Über uns & mehr!  Ça va") == "uber-uns-mehr-ca-va"
    assert uri_path_segment("Über uns & mehr!  Ça va", {"Ü": "Ue"}) == "ueber-uns-mehr-ca-va"
    # no project: the CMS's default language, English, which has no transliteration rules
    editor = make_editor("UriPathSegmentEditor", {"title": "Äpfel & Birnen", "maxlength": 40}, value="old")
    assert editor.line.text() == "old" and editor.line.maxLength() == 40
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(editor.sync_button, Qt.LeftButton)
    assert blocker.args == ["apfel-birnen"]
    readonly = make_editor("UriPathSegmentEditor", {"readonly": True})
    assert not readonly.sync_button.isVisible()
    disabled = make_editor("UriPathSegmentEditor", {"disabled": True})
    assert disabled.is_disabled() and not disabled.sync_button.isVisible()


def test_uri_path_segment_field_takes_no_html_attributes(make_editor, qtbot):
    # The CMS's UriPathSegmentEditor hands its input only placeholder, autoFocus, disabled, maxlength and
    # readonly (neos-facts §2.14): `title` is the text the slug is made from, not a tooltip, and the text
    # field's HTML extras (`required`, `spellcheck`, ...) are not passed on.
    from PySide6.QtWidgets import QLabel

    editor = make_editor("UriPathSegmentEditor", {"title": "Über uns", "required": True, "spellcheck": False,
                                                  "placeholder": "a&amp;b", "readonly": True})
    assert editor.line.toolTip() == ""
    assert editor.findChild(QLabel, "requiredMarker") is None
    assert editor.line.property("html_spellcheck") is None
    assert editor.line.placeholderText() == "a&b" and editor.line.isReadOnly()


def test_uri_path_segment_uses_the_node_title_for_client_eval(make_editor, qtbot):
    editor = make_editor("UriPathSegmentEditor", {"title": "ClientEval:node.properties.title"})
    editor.ctx.node_value = {"title": "Hello World"}.get
    editor.sync()
    assert editor.value() == "hello-world"


def test_textarea_placeholder_is_percent_decoded_then_translated(make_editor, project_path, qtbot):
    # The CMS's text area passes its placeholder through the browser's global unescape() (not the HTML
    # decoding of the text field) and then translates it: `%25` is `%`, `&amp;` stays as written.
    from nodetype_studio.preview.i18n import Translator

    translator = Translator({"Acme.Preview": project_path})
    editor = make_editor("TextAreaEditor", {"placeholder": "100%25 %u00e9t%E9 &amp; 50% off"}, translator=translator)
    assert editor.text_edit.placeholderText() == "100% \u00e9t\u00e9 &amp; 50% off"
    field = make_editor("TextFieldEditor", {"placeholder": "100%25 &amp; more"}, translator=translator)
    assert field.line.placeholderText() == "100%25 & more"  # the text field decodes HTML entities only
    # decoded first, then looked up: an encoded translation id shows its English text
    encoded = make_editor("TextAreaEditor", {"placeholder": "Acme.Preview%3ANodeTypes.Translated%3Aproperties.headline"},
                          translator=translator)
    assert encoded.text_edit.placeholderText() == "Headline"
    plain_id = make_editor("TextAreaEditor", {"placeholder": "Acme.Preview:NodeTypes.Translated:properties.headline"},
                           translator=translator)
    assert plain_id.text_edit.placeholderText() == "Headline"
    qtbot.keyClicks(plain_id.text_edit, "x")  # the placeholder is only a hint: typing replaces it
    assert plain_id.value() == "x"


def test_textarea_placeholder_of_another_type_is_written_as_javascript_writes_it(make_editor):
    # `placeholder && translate(unescape(placeholder))`, as in the text field: false shows nothing, and the
    # global unescape() makes JavaScript's text of `true` or a number (a YAML 1.0 is the number 1)
    for given, text in ((False, ""), (0, "0"), (True, "true"), (1.0, "1"), (2.5, "2.5")):
        assert make_editor("TextAreaEditor", {"placeholder": given}).text_edit.placeholderText() == text, given


def test_a_value_longer_than_maxlength_is_shown_whole_and_takes_nothing_more(make_editor, qtbot):
    # The browser's maxlength stops input only: a longer value (a default, a stored one) is shown in full; while
    # it is that long, typing adds nothing and deleting works; below the limit typing goes in up to it.
    field = make_editor("TextFieldEditor", {"maxlength": 4}, value="abcdef")
    assert field.line.text() == "abcdef"
    field.line.setFocus()
    field.line.end(False)
    qtbot.keyClicks(field.line, "x")
    assert field.line.text() == "abcdef"
    for _ in range(3):
        qtbot.keyClick(field.line, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field.line, "xyz")
    assert field.line.text() == "abcx" and field.value() == "abcx"
    area = make_editor("TextAreaEditor", {"maxlength": 4}, value="abcdef")
    assert area.text_edit.toPlainText() == "abcdef"
    area.text_edit.setFocus()
    area.text_edit.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(area.text_edit, "x")
    assert area.text_edit.toPlainText() == "abcdef"
    qtbot.keyClick(area.text_edit, Qt.Key.Key_Backspace)
    assert area.text_edit.toPlainText() == "abcde" and area.value() == "abcde"


def test_text_area_at_its_limit_refuses_what_is_typed_not_its_last_characters(make_editor, qtbot):
    area = make_editor("TextAreaEditor", {"maxlength": 5})
    area.text_edit.setFocus()
    qtbot.keyClicks(area.text_edit, "abcde")
    area.text_edit.moveCursor(QTextCursor.MoveOperation.Start)
    qtbot.keyClicks(area.text_edit, "X")
    assert area.text_edit.toPlainText() == "abcde" and area.value() == "abcde"
    qtbot.keyClick(area.text_edit, Qt.Key.Key_Delete)  # "bcde": one character of room
    qtbot.keyClicks(area.text_edit, "XY")
    assert area.text_edit.toPlainText() == "Xbcde" and area.text_edit.textCursor().position() == 1
