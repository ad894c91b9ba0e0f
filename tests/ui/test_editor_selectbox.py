"""SelectBoxEditor with static values: every option's visible effect."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QToolButton

FRUIT = {
    "b": {"label": "Banana", "group": "Yellow"},
    "a": {"label": "Apple", "group": "Red", "icon": "icon-apple"},
    "l": {"label": "Lemon", "group": "Yellow"},
    "c": {"label": "Cherry", "group": "Red"},
    "x": {"label": "Mystery"},
}


def values(n):
    return {f"v{i}": {"label": f"Choice {i}"} for i in range(n)}


def test_choices_in_map_order_without_groups(make_editor):
    editor = make_editor("SelectBoxEditor", {"values": values(3)})
    assert editor.display_rows() == [("option", "Choice 0"), ("option", "Choice 1"), ("option", "Choice 2")]


def test_grouped_choices_are_sorted_by_group_first(make_editor):
    editor = make_editor("SelectBoxEditor", {"values": FRUIT})
    assert editor.display_rows() == [
        ("group", "Red"), ("option", "Apple"), ("option", "Cherry"),
        ("group", "Yellow"), ("option", "Banana"), ("option", "Lemon"),
        ("group", "Without group"), ("option", "Mystery"),
    ]
    header = editor.combo.model().item(0)
    assert not header.isEnabled() and header.font().bold()


def test_grouped_choices_without_icons_look_the_same(make_editor):
    # Boxes without icons are filled in one go: headers and disabled choices must still show as such.
    plain = {key: {k: v for k, v in entry.items() if k != "icon"} for key, entry in FRUIT.items()}
    plain["c"]["disabled"] = True
    editor = make_editor("SelectBoxEditor", {"values": plain})
    model = editor.combo.model()
    assert [editor.combo.itemText(i) for i in range(editor.combo.count())] == [
        "Red", "Apple", "Cherry", "Yellow", "Banana", "Lemon", "Without group", "Mystery"]
    for row in (0, 3, 6):
        assert not model.item(row).isEnabled() and not model.item(row).isSelectable() and model.item(row).font().bold()
    assert not model.item(2).isEnabled() and model.item(1).isEnabled() and not model.item(1).font().bold()
    editor.set_value("l")
    assert editor.combo.currentText() == "Lemon"
    editor.set_value("gone")
    assert editor.combo.currentText() == 'Invalid value: "gone"'


def test_grouped_multiple_list_is_sorted_the_same_way(make_editor):
    editor = make_editor("SelectBoxEditor", {"values": FRUIT, "multiple": True})
    assert [text for kind, text in editor.display_rows() if kind == "group"] == ["Red", "Yellow", "Without group"]


def test_choice_icons(make_editor):
    editor = make_editor("SelectBoxEditor", {"values": FRUIT})
    apple = editor.combo.findText("Apple")
    banana = editor.combo.findText("Banana")
    assert not editor.combo.itemIcon(apple).isNull()
    assert editor.combo.itemIcon(banana).isNull()


def test_selecting_commits_the_key(make_editor, qtbot):
    editor = make_editor("SelectBoxEditor", {"values": FRUIT}, value="a")
    assert editor.combo.currentText() == "Apple"
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        editor.combo.activated.emit(editor.combo.findText("Lemon"))
    assert blocker.args == ["l"]
    assert editor.combo.currentText() == "Lemon"


def test_entry_value_and_skipped_entries(make_editor):
    editor = make_editor(
        "SelectBoxEditor",
        {"values": {"1": {"label": "One", "value": "uno"}, "gone": None, "nolabel": {"icon": "x"}, "f": False}},
        value="uno",
    )
    assert editor.display_rows() == [("option", "One")]
    assert editor.combo.currentText() == "One"


def test_placeholder_shown_only_with_allow_empty(make_editor):
    with_empty = make_editor("SelectBoxEditor", {"values": values(2), "allowEmpty": True})
    without = make_editor("SelectBoxEditor", {"values": values(2), "placeholder": "Pick one"})
    assert with_empty.combo.currentIndex() == -1
    assert with_empty.combo.placeholderText() == "Choose"  # the spec's default
    assert without.combo.placeholderText() == ""
    custom = make_editor("SelectBoxEditor", {"values": values(2), "allowEmpty": True, "placeholder": "Pick one"})
    assert custom.combo.placeholderText() == "Pick one"


def test_placeholder_is_unescaped_as_javascript_unescape_does(make_editor):
    # The CMS shows translate(unescape(placeholder)) with JavaScript's global unescape (%XX, %uXXXX); HTML
    # entities stay as written.
    editor = make_editor("SelectBoxEditor", {"values": values(2), "allowEmpty": True, "placeholder": "100%25 %u00e9t%E9 &amp; 50% off"})
    assert editor.combo.placeholderText() == "100% \u00e9t\u00e9 &amp; 50% off"


def test_allow_empty_offers_a_clear_button(make_editor, qtbot):
    editor = make_editor("SelectBoxEditor", {"values": values(2), "allowEmpty": True}, value="v1")
    assert editor.clear_button.isVisible()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(editor.clear_button, Qt.LeftButton)
    assert blocker.args == [""]
    assert editor.combo.currentIndex() == -1 and not editor.clear_button.isVisible()
    strict = make_editor("SelectBoxEditor", {"values": values(2)}, value="v1")
    assert strict.clear_button is None


def test_empty_key_allows_empty_too(make_editor):
    editor = make_editor("SelectBoxEditor", {"values": {"": {"label": "None"}, "a": {"label": "A"}}})
    assert editor.allow_empty and editor.combo.placeholderText() == "Choose"


def test_multiple_selection(make_editor, qtbot):
    editor = make_editor("SelectBoxEditor", {"values": values(3), "multiple": True}, value=["v2"])
    assert editor.combo is None and editor.list is not None
    item0 = editor.list.item(0)
    assert editor.list.item(2).checkState() == Qt.Checked
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        item0.setCheckState(Qt.Checked)
    assert blocker.args == [["v2", "v0"]]
    assert editor.summary.text() == "Choice 2, Choice 0"


def test_multiple_is_automatic_for_the_array_type_only(make_editor):
    # the `array` data type's Settings give `multiple: true`; `array<string>` has no data type, so no default
    plain = make_editor("SelectBoxEditor", {"values": values(2)}, type="array")
    typed = make_editor("SelectBoxEditor", {"values": values(2)}, type="array<string>")
    written = make_editor("SelectBoxEditor", {"values": values(2), "multiple": True}, type="array<string>")
    assert plain.multiple and plain.list is not None
    assert not typed.multiple and typed.combo is not None
    assert written.multiple and written.list is not None


def test_multiple_placeholder_only_with_allow_empty(make_editor):
    with_empty = make_editor("SelectBoxEditor", {"values": values(2), "multiple": True, "allowEmpty": True})
    without = make_editor("SelectBoxEditor", {"values": values(2), "multiple": True})
    assert with_empty.summary.isVisible() and with_empty.summary.text() == "Choose"
    assert not without.summary.isVisible()


def test_multiple_without_allow_empty_still_lets_the_last_value_go(make_editor, qtbot):
    # In the CMS every chosen value of a multiple select box has its remove button, disabled only with
    # `disabled`; `allowEmpty: false` does not keep the last one (its MultiSelectBox documents that, but
    # no component reads it). Removing it stores an empty list and nothing is shown in its place.
    editor = make_editor("SelectBoxEditor", {"values": values(3), "multiple": True, "allowEmpty": False}, value=["v1"])
    editor.list.setFocus()
    editor.list.setCurrentRow(1)
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.list.viewport(), Qt.Key_Space)
    assert blocker.args == [[]] and editor.value() == []
    assert [editor.list.item(i).checkState() for i in range(3)] == [Qt.Unchecked] * 3
    assert not editor.summary.isVisible()  # no placeholder without allowEmpty (the spec; see the compat note)
    assert not editor.findChildren(QToolButton)  # and no empty choice or clear button to offer


def test_minimum_results_for_search(make_editor):
    three = make_editor("SelectBoxEditor", {"values": values(3), "minimumResultsForSearch": 3})
    two = make_editor("SelectBoxEditor", {"values": values(2), "minimumResultsForSearch": 3})
    never = make_editor("SelectBoxEditor", {"values": values(50), "minimumResultsForSearch": -1})
    assert three.search_shown() and three.search.isVisible()
    assert not two.search_shown()
    assert not never.search_shown()


def test_minimum_results_for_search_compares_as_javascript_does(make_editor):
    # The CMS tests `minimumResultsForSearch >= 0 && count >= minimumResultsForSearch` on the value as given:
    # null counts as 0 (a search box always), a numeric string as its number, other text never.
    null = make_editor("SelectBoxEditor", {"values": values(1), "minimumResultsForSearch": None})
    text_three = make_editor("SelectBoxEditor", {"values": values(3), "minimumResultsForSearch": "3"})
    text_four = make_editor("SelectBoxEditor", {"values": values(3), "minimumResultsForSearch": "4"})
    fraction = make_editor("SelectBoxEditor", {"values": values(3), "minimumResultsForSearch": 2.5})
    nonsense = make_editor("SelectBoxEditor", {"values": values(9), "minimumResultsForSearch": "many"})
    assert null.search_shown() and text_three.search_shown() and fraction.search_shown()
    assert not text_four.search_shown() and not nonsense.search_shown()


def test_search_filters_choices_and_hides_empty_groups(make_editor, qtbot):
    editor = make_editor("SelectBoxEditor", {"values": FRUIT, "minimumResultsForSearch": 0})
    qtbot.keyClicks(editor.search, "err")
    assert editor.visible_labels() == ["Cherry"]
    view = editor.combo.view()
    rows = editor.display_rows()
    assert view.isRowHidden(rows.index(("group", "Yellow")))
    assert not view.isRowHidden(rows.index(("group", "Red")))
    editor.search.clear()
    assert len(editor.visible_labels()) == 5


def test_value_not_among_choices_is_shown_invalid(make_editor):
    editor = make_editor("SelectBoxEditor", {"values": values(2)}, value="gone")
    assert editor.display_rows()[-1] == ("invalid", 'Invalid value: "gone"')
    assert editor.combo.currentText() == 'Invalid value: "gone"'
    multi = make_editor("SelectBoxEditor", {"values": values(2)}, type="array", value=["v1", "old"])
    assert ("invalid", 'Invalid value: "old"') in multi.display_rows()
    assert 'Invalid value: "old"' in multi.summary.text()


def test_empty_and_null_entries_of_a_multiple_value_are_invalid_values(make_editor, qtbot):
    # Only a null or empty value as a whole is "no value" to the CMS (selectBoxHelpers.ts); inside a list each
    # entry is looked up among the choices, and its label is what JavaScript's String() makes of it.
    editor = make_editor("SelectBoxEditor", {"values": values(2)}, type="array", value=["v1", "", None])
    assert editor.display_rows()[-2:] == [("invalid", 'Invalid value: ""'), ("invalid", 'Invalid value: "null"')]
    assert editor.summary.text() == 'Choice 1, Invalid value: "", Invalid value: "null"'
    editor.list.setFocus()
    editor.list.setCurrentRow(0)
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.list, Qt.Key.Key_Space)  # check "Choice 0"
    assert blocker.args == [["v1", "", None, "v0"]]  # the entries left alone keep their value
    editor.list.setCurrentRow(2)
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.list, Qt.Key.Key_Space)  # uncheck the empty entry: it is gone
    assert blocker.args == [["v1", None, "v0"]]
    assert ("invalid", 'Invalid value: ""') not in editor.display_rows()
    single = make_editor("SelectBoxEditor", {"values": values(2)}, value={"a": 1})
    assert single.combo.currentText() == 'Invalid value: "[object Object]"'
    empty = make_editor("SelectBoxEditor", {"values": values(2)}, value="")
    assert [kind for kind, _text in empty.display_rows()] == ["option", "option"]


def test_invalid_value_in_a_grouped_list_is_filed_without_group(make_editor, qtbot):
    # The invalid option has no group; a grouped list puts such options under "Without group"
    # (neos-facts §4.4), so it must not look like a choice of the last group.
    grouped_only = {k: v for k, v in FRUIT.items() if "group" in v}
    editor = make_editor("SelectBoxEditor", {"values": grouped_only, "minimumResultsForSearch": 0}, value="gone")
    assert editor.display_rows()[-3:] == [("option", "Lemon"), ("group", "Without group"),
                                          ("invalid", 'Invalid value: "gone"')]
    qtbot.keyClicks(editor.search, "gone")
    view, rows = editor.combo.view(), editor.display_rows()
    assert not view.isRowHidden(rows.index(("group", "Without group")))
    assert view.isRowHidden(rows.index(("group", "Yellow")))
    editor.search.clear()
    editor.combo.setFocus()
    qtbot.keyClick(editor.combo, Qt.Key.Key_Up)  # the invalid value's row -> Lemon (the heading is skipped)
    assert editor.value() == "l" and ("group", "Without group") not in editor.display_rows()
    # with ungrouped choices that bucket is already there, last: the invalid value joins it
    mixed = make_editor("SelectBoxEditor", {"values": FRUIT}, type="array", value=["gone"])
    assert mixed.display_rows()[-3:] == [("group", "Without group"), ("option", "Mystery"),
                                         ("invalid", 'Invalid value: "gone"')]


def test_invalid_value_rows_count_towards_the_search_box(make_editor, qtbot):
    # The CMS appends its "Invalid value" options to the same list it counts for
    # `minimumResultsForSearch` (selectBoxHelpers.ts processSelectBoxOptions / shouldDisplaySearchBox)
    editor = make_editor("SelectBoxEditor", {"values": values(4)}, value="gone")  # default minimum: 5
    assert editor.search_shown()  # 4 choices + 1 invalid value
    editor.combo.setFocus()
    qtbot.keyClick(editor.combo, Qt.Key.Key_Up)  # from the invalid value to "Choice 3"
    assert editor.value() == "v3" and editor.combo.currentText() == "Choice 3"
    assert not editor.search_shown()  # 4 choices left
    multi = make_editor("SelectBoxEditor", {"values": values(3)}, type="array", value=["old", "older"])
    assert multi.search_shown()  # 3 choices + 2 invalid values


def test_data_source_select_box_says_where_choices_come_from(make_editor):
    editor = make_editor("SelectBoxEditor", {"dataSourceIdentifier": "acme-colours"})
    assert editor.status.isVisible() and "acme-colours" in editor.status.text()
    from nodetype_studio.datasources.options import SelectOption

    editor.set_options([SelectOption("r", "Red")])
    assert editor.display_rows() == [("option", "Red")]


def test_missing_values_is_an_empty_select_not_a_crash(make_editor):
    editor = make_editor("SelectBoxEditor", {})
    assert editor.display_rows() == []


def test_data_source_value_is_not_invalid_before_choices_load(make_editor):
    editor = make_editor("SelectBoxEditor", {"dataSourceUri": "https://example.org/options"}, value="text")
    assert editor.display_rows() == []
    assert editor.combo.placeholderText() == "text"


ID = "Acme.Site:NodeTypes.Content.Teaser:properties.layout.selectBoxEditor.values."


def test_long_translation_id_choice_is_elided_in_the_middle_so_choices_stay_apart(make_editor, qtbot):
    editor = make_editor("SelectBoxEditor", {"values": {"wide": {"label": ID + "wide"}, "narrow": {"label": ID + "narrow"}}},
                         value="narrow")
    editor.resize(260, 80)
    qtbot.waitExposed(editor)
    combo = editor.combo
    qtbot.waitUntil(lambda: "\u2026" in combo.shown_text())
    shown = combo.shown_text()
    assert shown.startswith("Acme.") and shown.endswith(".narrow")
    assert combo.currentText() == ID + "narrow"  # the text itself is whole
    combo.setCurrentIndex(combo.findText(ID + "wide"))
    assert combo.shown_text().endswith(".wide")
    # a sentence is cut at its end, and what fits is shown unchanged
    sentence = make_editor("SelectBoxEditor", {"values": {"s": {"label": "A choice with a label far longer than the box is wide"},
                                                          "t": {"label": "Short"}}}, value="s")
    sentence.resize(200, 80)
    qtbot.waitExposed(sentence)
    qtbot.waitUntil(lambda: sentence.combo.shown_text().endswith("\u2026"))
    assert sentence.combo.shown_text().startswith("A choice with")
    sentence.set_value("t")
    assert sentence.combo.shown_text() == "Short"


def test_eliding_box_paints_like_a_plain_combo_box_when_the_text_fits(make_editor, qtbot):
    """Placeholder (no choice) and a chosen item: pixel for pixel what QComboBox's own paintEvent paints.
    (Compared with a Python subclass that keeps QComboBox's paintEvent: Fusion shades a Python subclass's
    frame a level lighter than a C++ QComboBox, whatever its paintEvent does.)"""
    from PySide6.QtWidgets import QComboBox

    class Bare(QComboBox):
        pass

    for options, value in (({"values": values(2), "allowEmpty": True, "placeholder": "Pick one"}, None),
                           ({"values": values(2)}, "v1")):
        editor = make_editor("SelectBoxEditor", options, value=value)
        editor.resize(240, 60)
        qtbot.waitExposed(editor)
        combo = editor.combo
        plain = Bare(editor)  # a child as well: grabbed the same way
        plain.addItems([combo.itemText(i) for i in range(combo.count())])
        plain.setPlaceholderText(combo.placeholderText())
        plain.setCurrentIndex(combo.currentIndex())
        plain.resize(combo.size())
        plain.show()
        assert combo.shown_text() == ("Pick one" if value is None else "Choice 1")
        assert combo.grab().toImage() == plain.grab().toImage()


def test_boxes_and_labels_never_widen_the_inspector(make_editor):
    from PySide6.QtWidgets import QLabel, QSizePolicy

    from nodetype_studio.ui.sections import make_label

    ignored = QSizePolicy.Policy.Ignored
    box = make_editor("SelectBoxEditor", {"values": {"a": {"label": "A"}}})
    boolean = make_editor("BooleanEditor", label="Short")
    parent = QLabel()
    label = make_label("Property", parent)
    for widget, vertical in ((box.combo, QSizePolicy.Policy.Fixed), (boolean.checkbox, QSizePolicy.Policy.Fixed),
                             (label, QSizePolicy.Policy.Preferred)):
        policy = widget.sizePolicy()
        assert (policy.horizontalPolicy(), policy.verticalPolicy()) == (ignored, vertical)
        assert policy.controlType() == QSizePolicy.ControlType.DefaultType  # as setSizePolicy(h, v) set it


def _indicator_contrast(editor, row: int) -> int:
    """How far the pixels of the row's check box (the style's own rectangle for it) stray from the list's
    base colour: 0 when nothing of the box is visible."""
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    view = editor.list
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualItemRect(view.item(row))
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    image = view.viewport().grab().toImage()
    base = view.palette().color(view.viewport().backgroundRole()).lightness()
    return max(abs(image.pixelColor(x, y).lightness() - base)
               for x in range(box.left(), box.right() + 1) for y in range(box.top(), box.bottom() + 1))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_multiple_list_check_boxes_show_in_both_schemes(make_editor, qtbot, scheme):
    from PySide6.QtWidgets import QApplication

    from nodetype_studio.ui.studio.theme import dark_palette

    app = QApplication.instance()
    before = app.palette()
    if scheme == "dark":
        app.setPalette(dark_palette())
    try:
        editor = make_editor("SelectBoxEditor", {"values": values(3), "multiple": True})
        qtbot.waitExposed(editor)
        assert _indicator_contrast(editor, 0) > 40  # an empty box the user can see
        # a click on the box checks it, and the check mark shows
        rect = editor.list.visualItemRect(editor.list.item(1))
        with qtbot.waitSignal(editor.valueChanged):
            qtbot.mouseClick(editor.list.viewport(), Qt.LeftButton, pos=QPoint(rect.left() + 10, rect.center().y()))
        assert editor.list.item(1).checkState() == Qt.Checked
        assert _indicator_contrast(editor, 1) > 40
    finally:
        app.setPalette(before)


def test_check_boxes_follow_a_switch_of_the_scheme(make_editor, qtbot):
    from PySide6.QtWidgets import QApplication

    from nodetype_studio.ui.studio.theme import dark_palette

    app = QApplication.instance()
    before = app.palette()
    try:
        editor = make_editor("SelectBoxEditor", {"values": values(2), "multiple": True})  # built light
        qtbot.waitExposed(editor)
        def base_is(palette):
            return editor.list.palette().color(editor.list.viewport().backgroundRole()) == palette.base().color()

        dark = dark_palette()
        app.setPalette(dark)  # as View › Color scheme › Dark does
        # the list has the dark palette, and its boxes show (the outline follows on the next turn)
        qtbot.waitUntil(lambda: base_is(dark) and _indicator_contrast(editor, 0) > 40, timeout=2000)
        app.setPalette(before)
        qtbot.waitUntil(lambda: base_is(before) and _indicator_contrast(editor, 0) > 40, timeout=2000)
    finally:
        app.setPalette(before)


def test_threshold_counts_as_the_cms_computes_it(make_editor, qtbot):
    # `threshold - searchTerm.length` with the number as given: a fraction stays one, infinity never lists.
    fraction = make_editor("SelectBoxEditor", {"values": values(6), "threshold": 1.5})
    assert fraction.visible_labels() == [] and fraction.left_to_type.text() == "Type 1.5 more characters to list the choices"
    qtbot.keyClicks(fraction.search, "C")
    assert fraction.left_to_type.text() == "Type 0.5 more characters to list the choices"
    qtbot.keyClicks(fraction.search, "h")
    assert len(fraction.visible_labels()) == 6
    endless = make_editor("SelectBoxEditor", {"values": values(6), "threshold": float("inf")})
    assert endless.visible_labels() == [] and endless.left_to_type.text() == "Type Infinity more characters to list the choices"
    few = make_editor("SelectBoxEditor", {"values": values(2), "threshold": 3})  # no search box: no threshold
    assert few.visible_labels() == ["Choice 0", "Choice 1"] and few.left_to_type is None
