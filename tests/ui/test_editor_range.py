"""RangeEditor: slider bounds and step, unit, min/max labels, typing a value."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QSlider


def test_defaults_come_from_the_catalogue(make_editor):
    editor = make_editor("RangeEditor", {})
    assert (editor.minimum, editor.maximum, editor.step) == (0, 100, 1)
    assert editor.min_label.text() == "0" and editor.max_label.text() == "100"


def test_min_max_step_drive_the_slider(make_editor, qtbot):
    editor = make_editor("RangeEditor", {"min": 10, "max": 50, "step": 10}, value=30)
    assert editor.slider.maximum() == 4  # 10, 20, 30, 40, 50
    assert editor.slider.value() == 2
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        editor.slider.setValue(4)
    assert blocker.args == [50] and isinstance(blocker.args[0], int)
    assert editor.value_text() == "50"


def test_keyboard_moves_by_one_step(make_editor, qtbot):
    editor = make_editor("RangeEditor", {"min": 0, "max": 10, "step": 2}, value=4)
    editor.slider.setFocus()
    qtbot.keyClick(editor.slider, Qt.Key_Right)
    assert editor.value() == 6


def test_fractional_step_stores_floats(make_editor, qtbot):
    editor = make_editor("RangeEditor", {"min": 0, "max": 1, "step": 0.25}, value=0.5)
    assert editor.slider.maximum() == 4 and editor.slider.value() == 2
    editor.slider.setValue(3)
    assert editor.value() == 0.75


def test_unit_beside_the_value_and_after_min_and_max(make_editor):
    editor = make_editor("RangeEditor", {"min": 0, "max": 200, "unit": "px"}, value=40)
    assert editor.unit_label.isVisible() and editor.unit_label.text() == "px"
    assert editor.value_text() == "40"  # the unit is not part of the value
    assert editor.min_label.text() == "0px" and editor.max_label.text() == "200px"
    plain = make_editor("RangeEditor", {"min": 0, "max": 5})
    assert not plain.unit_label.isVisible()


def test_min_and_max_labels_replace_the_numbers(make_editor):
    editor = make_editor("RangeEditor", {"min": 0, "max": 10, "unit": "%", "minLabel": "None", "maxLabel": "All"})
    assert editor.min_label.text() == "None" and editor.max_label.text() == "All"
    assert editor.unit_label.text() == "%"


def test_click_the_value_to_type_one(make_editor, qtbot):
    editor = make_editor("RangeEditor", {"min": 0, "max": 100, "unit": "px"}, value=10)
    qtbot.mouseClick(editor.value_button, Qt.LeftButton)
    field = editor.value_input
    assert field is not None and field.isVisible()
    field.selectAll()
    stored = []
    editor.valueChanged.connect(stored.append)
    qtbot.keyClicks(field, "73")  # the CMS stores each keystroke's number
    assert stored == [7, 73]
    assert editor.slider.value() == 73 and editor.value_text() == "73"
    with qtbot.assertNotEmitted(editor.valueChanged):
        qtbot.keyClick(field, Qt.Key_Return)
    assert editor.value_button.isVisible() and not field.isVisible()


def test_a_click_beside_the_value_or_on_a_disabled_value_types_nothing(make_editor, qtbot):
    editor = make_editor("RangeEditor", {"min": 0, "max": 100, "unit": "px"}, value=10)
    qtbot.mouseClick(editor.max_label, Qt.LeftButton)
    qtbot.mouseClick(editor.unit_label, Qt.LeftButton)
    qtbot.mouseClick(editor.value_button, Qt.RightButton)
    assert editor.value_input is None and editor.value_button.isVisible()
    editor.apply_disabled(True)
    qtbot.mouseClick(editor.value_button, Qt.LeftButton)
    assert editor.value_input is None and editor.value_button.isVisible()
    editor.apply_disabled(False)
    qtbot.mouseClick(editor.value_button, Qt.LeftButton)
    assert editor.value_input is not None and editor.value_input.isVisible()


def test_typed_values_are_clamped(make_editor, qtbot):
    editor = make_editor("RangeEditor", {"min": 0, "max": 20}, value=5)
    field = editor.start_typing()
    field.selectAll()
    qtbot.keyClicks(field, "999")
    qtbot.keyClick(field, Qt.Key_Return)
    assert editor.value() == 20


def test_typing_rejects_letters(make_editor, qtbot):
    editor = make_editor("RangeEditor", {}, value=5)
    field = editor.start_typing()
    field.selectAll()
    qtbot.keyClicks(field, "a1b")
    assert field.text() == "1"


def test_min_above_max_is_noted_not_fatal(make_editor):
    editor = make_editor("RangeEditor", {"min": 10, "max": 0})
    assert (editor.minimum, editor.maximum) == (10, 0)  # as written: the CMS does not swap them
    assert "greater than max" in editor.problem


def test_min_above_max_is_drawn_and_stored_as_the_browser_does(make_editor, qtbot):
    # The CMS renders <input type="range" min=10 max=0> and its labels as written (10 left, 0 right). The
    # HTML standard: with the maximum below the minimum the range's default value is the minimum and any
    # value below it is set to it, so the thumb sits at the left end and cannot be moved – dragging it or
    # pressing keys changes nothing and stores nothing. The value field's change handler clamps with
    # Math.min(max, Math.max(min, value)), which is the maximum (0) for every number typed.
    editor = make_editor("RangeEditor", {"min": 10, "max": 0}, value=5)
    assert editor.min_label.text() == "10" and editor.max_label.text() == "0"
    row = editor.row
    assert [row.itemAt(i).widget() for i in range(3)] == [editor.min_label, editor.slider, editor.max_label]
    assert editor.slider.minimum() == editor.slider.maximum() == editor.slider.value() == 0
    assert editor.value_text() == "5"
    with qtbot.assertNotEmitted(editor.valueChanged):
        editor.slider.setFocus()
        for key in (Qt.Key_Right, Qt.Key_End, Qt.Key_PageUp, Qt.Key_Left):
            qtbot.keyClick(editor.slider, key)
        rect = editor.slider.rect()
        qtbot.mouseClick(editor.slider, Qt.LeftButton, pos=rect.center())
        qtbot.mouseClick(editor.slider, Qt.LeftButton, pos=QPoint(rect.right() - 2, rect.center().y()))
    assert editor.value() == 5 and editor.slider.value() == 0
    qtbot.mouseClick(editor.value_button, Qt.LeftButton)
    field = editor.value_input
    field.selectAll()
    stored = []
    editor.valueChanged.connect(stored.append)
    qtbot.keyClicks(field, "7")
    assert stored == [0] and field.text() == "0" and editor.slider.value() == 0
    qtbot.keyClick(field, Qt.Key_Return)
    assert editor.value() == 0 and editor.value_text() == "0"
    # without a value the default is the minimum: the thumb at the left end, nothing shown or stored
    empty = make_editor("RangeEditor", {"min": 10, "max": 0})
    assert empty.slider.value() == 0 and empty.value_text() == "" and empty.value() is None
    note = " ".join(label.text() for label in editor.findChildren(QLabel))
    assert "greater than max" in note and "typed" in note


def test_one_row_in_order_with_the_note_under_it(make_editor):
    editor = make_editor("RangeEditor", {"min": 5, "max": 1, "unit": "px"})
    row = editor.row
    widgets = [row.itemAt(i).widget() for i in range(row.count())]
    assert widgets == [editor.min_label, editor.slider, editor.max_label, editor.value_button, editor.unit_label]
    assert [row.stretch(i) for i in range(row.count())] == [0, 1, 0, 0, 0]
    layout = editor.layout()  # the row first, the options note under it
    assert layout.itemAt(0).layout() is row
    assert "greater than max" in layout.itemAt(1).widget().text()


def test_no_value_puts_the_thumb_in_the_middle(make_editor):
    # The CMS's <input type="range"> with an empty value shows the browser's default: the middle of
    # the range, on a step (a tie goes up); the number beside it stays empty and nothing is stored.
    plain = make_editor("RangeEditor", {})
    assert plain.slider.value() == 50 and plain.value_text() == "" and plain.value() is None
    stepped = make_editor("RangeEditor", {"min": 0, "max": 10, "step": 4})  # middle 5: steps 4 and 8, 4 is nearer
    assert stepped.minimum + stepped.slider.value() * stepped.step == 4
    tie = make_editor("RangeEditor", {"min": 0, "max": 9, "step": 3})  # middle 4.5: between 3 and 6
    assert tie.minimum + tie.slider.value() * tie.step == 6
    emptied = make_editor("RangeEditor", {"min": 10, "max": 20}, value=12)
    assert emptied.slider.value() == 2
    emptied.set_value("")
    assert emptied.slider.value() == 5 and emptied.value_text() == ""
    zero = make_editor("RangeEditor", {"min": 0, "max": 100}, value=0)  # 0 is a value, not an empty one
    assert zero.slider.value() == 0 and zero.value_text() == "0"


def test_labels_and_unit_are_shown_as_written(make_editor, project_path):
    # The CMS's range editor does not translate minLabel, maxLabel or unit (labels and placeholders of other
    # editors are translated): a translation id among them is shown as it is written.
    from nodetype_studio.preview.i18n import Translator

    ident = "Acme.Preview:NodeTypes.Translated:properties.headline"
    assert Translator({"Acme.Preview": project_path}).text(ident) == "Headline"  # it has a translation
    editor = make_editor("RangeEditor", {"min": 0, "max": 10, "minLabel": ident, "maxLabel": ident, "unit": ident},
                         translator=Translator({"Acme.Preview": project_path}))
    assert editor.min_label.text() == ident and editor.max_label.text() == ident
    assert editor.unit_label.text() == ident


def test_options_without_min_or_max_store_no_number(make_editor, qtbot):
    # The CMS shows min/max from its defaults (0, 100) but clamps with the options as given: with editorOptions
    # lacking `min` or `max` the clamp gives NaN, so a moved slider or a typed value stores no number and
    # the editor falls back to its empty look (thumb in the middle, no number).
    editor = make_editor("RangeEditor", {"max": 10}, value=3)
    assert editor.min_label.text() == "0" and editor.slider.value() == 3
    note = " ".join(label.text() for label in editor.findChildren(QLabel))
    assert "`min`" in note and "no number" in note
    editor.slider.setFocus()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.slider, Qt.Key_Right)
    assert blocker.args == [None]
    assert editor.value() is None and editor.value_text() == "" and editor.slider.value() == 5
    field = editor.start_typing()
    field.selectAll()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClicks(field, "7")
    assert blocker.args == [None] and field.text() == ""
    # without any editorOptions the defaults apply to the clamp too, and `editorOptions: {}` is options as well
    plain = make_editor("RangeEditor", {}, value=3)
    plain.slider.setFocus()
    qtbot.keyClick(plain.slider, Qt.Key_Right)
    assert plain.value() == 4
    emptied = make_editor("RangeEditor", {}, value=3, options_set=True)
    emptied.slider.setFocus()
    qtbot.keyClick(emptied.slider, Qt.Key_Right)
    assert emptied.value() is None


def test_an_integer_step_parses_values_as_integers_even_off_a_whole_minimum(make_editor, qtbot):
    # The CMS chooses parseInt by the step alone: with min 0.5 and step 1 the slider's 1.5 is stored as 1;
    # the browser then shows that off-step value's thumb at the nearest step (a tie goes up).
    editor = make_editor("RangeEditor", {"min": 0.5, "max": 10, "step": 1}, value=0.5)
    editor.slider.setFocus()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.slider, Qt.Key_Right)
    assert blocker.args == [1] and isinstance(blocker.args[0], int)
    assert editor.value_text() == "1"
    editor.set_value(1)
    assert editor.slider.value() == 1  # 1.5, the upper of the two nearest steps


def test_typing_takes_digits_only(make_editor, qtbot):
    # The CMS's value field refuses every key that is not a number: no minus sign and no decimal point.
    negative = make_editor("RangeEditor", {"min": -10, "max": 10}, value=0)
    field = negative.start_typing()
    field.selectAll()
    qtbot.keyClicks(field, "-5")
    assert field.text() == "5"
    fractional = make_editor("RangeEditor", {"min": 0, "max": 100, "step": 0.5}, value=1)
    field = fractional.start_typing()
    field.selectAll()
    qtbot.keyClicks(field, "2.5")
    assert field.text() == "25"
    assert fractional.value() == 25.0


def test_decimal_steps_give_the_browsers_exact_values(make_editor, qtbot):
    # The browser's range input steps in decimal (0 + 3 * 0.1 is 0.3, not 0.30000000000000004).
    editor = make_editor("RangeEditor", {"min": 0, "max": 1, "step": 0.1}, value=0)
    editor.slider.setFocus()
    for _ in range(3):
        qtbot.keyClick(editor.slider, Qt.Key_Right)
    assert editor.value() == 0.3 and editor.value_text() == "0.3"


def test_the_number_beside_the_slider_is_the_stored_value_as_written(make_editor):
    # The CMS's field shows String(value) (0 as "0", an empty value as nothing).
    for value, shown in (("007", "007"), (0, "0"), (2.5, "2.5"), ("", ""), (None, "")):
        assert make_editor("RangeEditor", {"min": 0, "max": 10}, value=value).value_text() == shown, value


def test_a_null_bound_or_step_shows_the_cms_error_instead_of_a_slider(make_editor, qtbot):
    # The CMS measures step, min and max with .toString() before drawing; `~` (null) makes that throw and
    # its editor envelope shows the error's text in place of the editor (neos-ui Range/index.js, #3649).
    failure = "TypeError: Cannot read properties of null (reading 'toString')"
    for options in ({"min": None, "max": 10}, {"min": 0, "max": None}, {"min": 0, "max": 10, "step": None}):
        editor = make_editor("RangeEditor", options, value=5)
        shown = editor.findChild(QLabel, "rangeFailure")
        assert shown is not None and shown.isVisible() and shown.text() == failure, options
        assert not editor.findChildren(QSlider), options  # nothing to drag: the CMS draws no slider
        assert editor.value_text() == "" and editor.value() == 5  # the stored value stays as it was
        with qtbot.assertNotEmitted(editor.valueChanged):
            qtbot.mouseClick(editor, Qt.LeftButton)
    # a bound that is written is measured as written: "5" and 0 are fine, only null fails
    fine = make_editor("RangeEditor", {"min": "0", "max": 10, "step": 1}, value=5)
    assert fine.findChild(QLabel, "rangeFailure") is None and fine.slider.isVisible()


def test_in_the_inspector_a_failed_range_shows_its_error_without_the_label(qtbot):
    # the CMS's editor envelope replaces the label and the editor by the error's text
    from nodetype_studio.preview.inspector import InspectorSource
    from nodetype_studio.ui.inspector import InspectorWidget

    def prop(options):
        return {"type": "integer", "ui": {"label": "Size", "inspector": {
            "group": "g", "editor": "Neos.Neos/Inspector/Editors/RangeEditor", "editorOptions": options}}}

    config = {"ui": {"inspector": {"tabs": {"default": {"label": "T"}}, "groups": {"g": {"label": "G", "tab": "default"}}}},
              "properties": {"broken": prop({"min": None, "max": 10}), "fine": prop({"min": 0, "max": 10})}}
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:T", config))
    widget.show()
    assert widget.findChild(QLabel, "label:broken") is None
    assert widget.findChild(QLabel, "label:fine").text() == "Size"
    failure = widget.editors["broken"].findChild(QLabel, "rangeFailure")
    assert failure.isVisible() and failure.text().startswith("TypeError: Cannot read properties of null")


def test_each_keystroke_is_stored_clamped_and_shown_as_stored(make_editor, qtbot):
    # Range/index.js: the value field's onChange parses, clamps to [min, max] and commits at once, and the
    # field shows the stored value: with min 10, typing "5" stores and shows 10, the next "0" makes 100 (the
    # max). A field emptied is no number: nothing is stored and the stored value comes back.
    editor = make_editor("RangeEditor", {"min": 10, "max": 100}, value=30)
    qtbot.mouseClick(editor.value_button, Qt.LeftButton)
    field = editor.value_input
    field.selectAll()
    stored = []
    editor.valueChanged.connect(stored.append)
    qtbot.keyClick(field, Qt.Key_5)
    assert stored == [10] and field.text() == "10" and editor.slider.value() == 0
    qtbot.keyClick(field, Qt.Key_0)
    assert stored == [10, 100] and field.text() == "100" and editor.value() == 100
    field.selectAll()
    qtbot.keyClick(field, Qt.Key_Backspace)
    assert stored == [10, 100] and field.text() == "100"
    qtbot.keyClick(field, Qt.Key_Return)
    assert editor.value_text() == "100" and editor.value_button.isVisible()


def test_the_slider_ends_on_the_last_step_below_max(make_editor, qtbot):
    # The CMS's slider is an <input type="range">: the browser offers min + k * step up to max and no further,
    # so with max 7 and step 2 its right end is 6 (the step rule is kept); 7 can only be typed.
    editor = make_editor("RangeEditor", {"min": 0, "max": 7, "step": 2}, value=4)
    editor.slider.setFocus()
    qtbot.keyClick(editor.slider, Qt.Key_End)
    assert editor.value() == 6 and editor.value_text() == "6"
    qtbot.keyClick(editor.slider, Qt.Key_Left)
    assert editor.value() == 4
    fractional = make_editor("RangeEditor", {"min": 0, "max": 1, "step": 0.35}, value=0)
    fractional.slider.setFocus()
    qtbot.keyClick(fractional.slider, Qt.Key_End)
    assert fractional.value() == 0.7 and fractional.value_text() == "0.7"
    # an exact multiple in decimal is still reached (0.3 / 0.1 is 2.9999999999999996 in binary floats)
    exact = make_editor("RangeEditor", {"min": 0, "max": 0.3, "step": 0.1}, value=0)
    exact.slider.setFocus()
    qtbot.keyClick(exact.slider, Qt.Key_End)
    assert exact.value() == 0.3
    # a stored value above the last step shows the thumb at the right end
    above = make_editor("RangeEditor", {"min": 0, "max": 7, "step": 2}, value=7)
    assert above.slider.value() == above.slider.maximum() == 3 and above.value_text() == "7"
