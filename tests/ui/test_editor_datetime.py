"""DateTimeEditor: format letters, picker modes, minuteStep, placeholder, ISO 8601 storage."""

import re
import time
from datetime import datetime, timedelta, timezone

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QTableView, QToolButton

from nodetype_studio.preview.node import iso8601

ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$")


def local_iso(text: str) -> str:
    """The moment ``text`` names as the CMS stores it: in local time with the local offset."""
    return iso8601(datetime.fromisoformat(text).astimezone())


def click_day(qtbot, calendar, day: QDate) -> None:
    """A real mouse click on ``day``'s cell of the calendar."""
    calendar.setCurrentPage(day.year(), day.month())
    calendar.setSelectedDate(day)
    view = calendar.findChild(QTableView)
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.visualRect(view.currentIndex()).center())


def apply(qtbot, editor):
    qtbot.mouseClick(editor.picker.apply_button, Qt.LeftButton)


def clear_button(editor) -> QToolButton:
    return next(b for b in editor.display.findChildren(QToolButton) if b.defaultAction() is editor.clear_action)


def test_value_shown_in_the_format(make_editor):
    editor = make_editor("DateTimeEditor", {"format": "l, jS F Y g:i A"}, value="2024-03-01T15:07:00+00:00")
    local = datetime(2024, 3, 1, 15, 7, tzinfo=timezone.utc).astimezone()
    assert editor.display_text() == local.strftime("%A, ") + f"{local.day}st March 2024 {local.hour % 12 or 12}:07 PM"


def test_default_format_is_date_only(make_editor):
    editor = make_editor("DateTimeEditor", {}, value="2024-03-01T00:00:00+00:00")
    assert editor.format == "d-m-Y"
    assert editor.display_text() == "01-03-2024"
    picker = editor.open_picker()
    assert picker.calendar is not None and picker.calendar.isVisible()
    assert picker.hour_box is None and picker.minute_box is None


def test_time_only_format_shows_a_time_picker_with_minute_steps(make_editor, qtbot):
    editor = make_editor("DateTimeEditor", {"format": "H:i", "minuteStep": 30})
    picker = editor.open_picker()
    assert picker.calendar is None
    assert picker.hour_box.isVisible() and picker.minute_box.isVisible()
    assert picker.minutes_offered() == [0, 30]
    assert [picker.minute_box.itemText(i) for i in range(picker.minute_box.count())] == ["00", "30"]
    assert picker.hour_box.count() == 24 and picker.ampm_box is None
    picker.hour_box.setCurrentIndex(picker.hour_box.findData(9))
    picker.minute_box.setCurrentIndex(1)
    picker.minute_box.activated.emit(1)
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        apply(qtbot, editor)
    stored = blocker.args[0]
    assert ISO.match(stored)
    assert editor.display_text() == "09:30"
    assert datetime.fromisoformat(stored).astimezone().strftime("%H:%M") == "09:30"


def test_minute_step_default_is_five(make_editor):
    picker = make_editor("DateTimeEditor", {"format": "d-m-Y H:i"}).open_picker()
    assert picker.minutes_offered() == list(range(0, 60, 5))


def test_date_and_time_format_shows_both(make_editor, qtbot):
    editor = make_editor("DateTimeEditor", {"format": "d.m.Y H:i", "minuteStep": 15},
                         value="2024-05-06T10:45:00+02:00")
    picker = editor.open_picker()
    assert picker.calendar.isVisible() and picker.minute_box.isVisible()
    local = datetime.fromisoformat("2024-05-06T10:45:00+02:00").astimezone()
    assert editor.display_text() == local.strftime("%d.%m.%Y %H:%M")
    click_day(qtbot, picker.calendar, QDate(2024, 5, 20))
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        apply(qtbot, editor)
    moment = datetime.fromisoformat(blocker.args[0]).astimezone()
    assert (moment.year, moment.month, moment.day, moment.minute) == (2024, 5, 20, local.minute)


def test_twelve_hour_formats_pick_with_am_pm(make_editor, qtbot):
    editor = make_editor("DateTimeEditor", {"format": "g:i a", "minuteStep": 20})
    picker = editor.open_picker()
    assert picker.hour_box.count() == 12 and picker.ampm_box is not None
    picker.hour_box.setCurrentIndex(picker.hour_box.findText("12"))
    picker.minute_box.setCurrentIndex(picker.minute_box.findData(40))
    picker.ampm_box.setCurrentIndex(0)
    picker.ampm_box.activated.emit(0)
    apply(qtbot, editor)
    assert editor.display_text() == "12:40 am"
    assert datetime.fromisoformat(editor.value()).astimezone().hour == 0


def _texts(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_twelve_hour_picker_honours_hour_constraints(make_editor, qtbot):
    # react-datetime (neos-ui's DateInput) steps its 12-hour counter through the 0-23 hours within
    # timeConstraints.hours and shows them as 1-12: 9..15 step 2 offers 9 am, 11 am, 1 pm, 3 pm
    editor = make_editor("DateTimeEditor", {"format": "g:i A", "minuteStep": 10, "timeConstraints": {
        "hours": {"min": 9, "max": 15, "step": 2}}}, value=local_iso("2024-03-01T10:20:00"))
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    picker = editor.picker
    assert _texts(picker.ampm_box) == ["am", "pm"]
    assert _texts(picker.hour_box) == ["9", "11"] and picker.hour_box.currentText() == "9"
    picker.hour_box.setFocus()
    qtbot.keyClick(picker.hour_box, Qt.Key_Down)
    assert picker.hour_box.currentText() == "11"
    picker.ampm_box.setFocus()
    qtbot.keyClick(picker.ampm_box, Qt.Key_Down)  # pm: 11 pm is not offered, 3 pm is the nearest below it
    assert picker.ampm_box.currentText() == "pm"
    assert _texts(picker.hour_box) == ["1", "3"] and picker.hour_box.currentText() == "3"
    apply(qtbot, editor)
    assert editor.display_text() == "3:20 PM"
    assert datetime.fromisoformat(editor.value()).astimezone().hour == 15
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    picker.hour_box.setFocus()
    qtbot.keyClick(picker.hour_box, Qt.Key_Up)
    apply(qtbot, editor)
    assert editor.display_text() == "1:20 PM"
    afternoon = make_editor("DateTimeEditor", {"format": "h:i a", "timeConstraints": {"hours": {"min": 13}}},
                            value=local_iso("2024-03-01T08:00:00"))
    qtbot.mouseClick(afternoon.display, Qt.LeftButton)
    assert _texts(afternoon.picker.ampm_box) == ["pm"]
    assert _texts(afternoon.picker.hour_box) == [str(h) for h in range(1, 12)]  # 13-23: no 12 pm
    assert afternoon.picker.hour_box.currentText() == "1"  # 8 am is not offered: the first offered hour


def test_seconds_in_the_format_add_a_seconds_list(make_editor):
    picker = make_editor("DateTimeEditor", {"format": "H:i:s"}).open_picker()
    assert picker.second_box is not None and picker.second_box.count() == 60


def test_date_only_values_are_midnight_utc(make_editor, qtbot):
    editor = make_editor("DateTimeEditor", {"format": "d-m-Y"})
    picker = editor.open_picker()
    click_day(qtbot, picker.calendar, QDate(2024, 2, 29))
    apply(qtbot, editor)
    assert editor.value() == local_iso("2024-02-29T00:00:00+00:00")  # midnight UTC, in local time
    assert editor.display_text() == "29-02-2024"


def test_empty_minute_step_falls_back_to_five(make_editor, qtbot):
    # The CMS uses `minuteStep || 5`: 0, null and '' give five-minute steps (not single minutes).
    for step in (0, None, ""):
        editor = make_editor("DateTimeEditor", {"format": "H:i", "minuteStep": step})
        qtbot.mouseClick(editor.display, Qt.LeftButton)
        assert editor.picker.minute_box.isVisible()
        assert editor.picker.minutes_offered() == list(range(0, 60, 5)), step


def test_time_constraints_for_minutes_replace_minute_step(make_editor, qtbot):
    # `timeConstraints` is laid over {minutes: {step: minuteStep}} key by key: its `minutes` entry replaces that
    # one whole, and the picker's own default step (1) fills what it leaves out.
    stepped = make_editor("DateTimeEditor", {"format": "H:i", "minuteStep": 30, "timeConstraints": {"minutes": {"step": 15}}})
    unstepped = make_editor("DateTimeEditor", {"format": "H:i", "minuteStep": 30, "timeConstraints": {"minutes": {"max": 59}}})
    hours_only = make_editor("DateTimeEditor", {"format": "H:i", "minuteStep": 30, "timeConstraints": {"hours": {"step": 2}}})
    offered = {}
    for name, editor in (("stepped", stepped), ("unstepped", unstepped), ("hours_only", hours_only)):
        qtbot.mouseClick(editor.display, Qt.LeftButton)
        offered[name] = editor.picker.minutes_offered()
    assert offered == {"stepped": [0, 15, 30, 45], "unstepped": list(range(60)), "hours_only": [0, 30]}


def test_placeholder_and_its_default(make_editor):
    custom = make_editor("DateTimeEditor", {"placeholder": "Pick a day"})
    default = make_editor("DateTimeEditor", {})
    assert custom.display.placeholderText() == "Pick a day"
    assert default.display.placeholderText() == "No date set"
    assert default.display_text() == ""
    for empty in ("", None):  # `placeholder || <the default id>` in the CMS
        assert make_editor("DateTimeEditor", {"placeholder": empty}).display.placeholderText() == "No date set"


def test_clicking_the_field_opens_the_picker_and_clear_stores_empty(make_editor, qtbot):
    # The CMS's clear button sits beside the field (not in the picker) and closes an open picker.
    editor = make_editor("DateTimeEditor", {}, value="2024-01-01T00:00:00+00:00")
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    assert editor.picker is not None and editor.picker.isVisible()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.mouseClick(clear_button(editor), Qt.LeftButton)
    assert blocker.args == [""]
    assert editor.display_text() == "" and not editor.picker.isVisible()


def test_a_picked_day_is_stored_only_by_apply(make_editor, qtbot):
    # The CMS's picker holds a clicked day (its transientDate) and stores it with Apply, which closes it;
    # closing it otherwise (a click on the field) stores nothing.
    editor = make_editor("DateTimeEditor", {"format": "d-m-Y"}, value="2024-01-10T00:00:00+00:00")
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    picker = editor.picker
    assert picker.today_button.text() == "Today" and picker.apply_button.text() == "Apply"
    with qtbot.assertNotEmitted(editor.valueChanged):
        click_day(qtbot, picker.calendar, QDate(2024, 1, 20))
    assert picker.isVisible() and editor.display_text() == "10-01-2024"
    assert editor.value() == "2024-01-10T00:00:00+00:00"
    with qtbot.assertNotEmitted(editor.valueChanged):
        qtbot.mouseClick(editor.display, Qt.LeftButton)  # closes: nothing stored
    assert not picker.isVisible() and editor.display_text() == "10-01-2024"
    qtbot.mouseClick(editor.display, Qt.LeftButton)  # opens as it was left: on the 20th
    assert picker.calendar.selectedDate() == QDate(2024, 1, 20)
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        apply(qtbot, editor)
    assert blocker.args == [local_iso("2024-01-20T00:00:00+00:00")]
    assert editor.display_text() == "20-01-2024" and not picker.isVisible()


def test_apply_with_nothing_picked_clears_the_value_as_the_cms_does(make_editor, qtbot):
    # The CMS's Apply stores its transient pick, which is null until a day or time was picked: the stored
    # date becomes ''.
    editor = make_editor("DateTimeEditor", {"format": "d-m-Y"}, value="2024-01-10T00:00:00+00:00")
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        apply(qtbot, editor)
    assert blocker.args == [""] and editor.display_text() == ""


def test_today_stores_at_once_start_of_utc_day_or_this_second(make_editor, qtbot):
    # The CMS's Today closes the picker and stores moment() (to the second, no minute step), or for a
    # date-only format the start of today's UTC day.
    dated = make_editor("DateTimeEditor", {"format": "d-m-Y"}, value="2020-01-01T00:00:00+00:00")
    qtbot.mouseClick(dated.display, Qt.LeftButton)
    before = datetime.now(timezone.utc)
    with qtbot.waitSignal(dated.valueChanged) as blocker:
        qtbot.mouseClick(dated.picker.today_button, Qt.LeftButton)
    after = datetime.now(timezone.utc)
    assert blocker.args[0] in {local_iso(f"{d:%Y-%m-%d}T00:00:00+00:00") for d in (before, after)}
    assert not dated.picker.isVisible()
    timed = make_editor("DateTimeEditor", {"format": "d-m-Y H:i", "minuteStep": 30})
    qtbot.mouseClick(timed.display, Qt.LeftButton)
    assert timed.picker.today_button.text() == "Today"
    before = datetime.now().astimezone().replace(microsecond=0)
    with qtbot.waitSignal(timed.valueChanged) as blocker:
        qtbot.mouseClick(timed.picker.today_button, Qt.LeftButton)
    stored = datetime.fromisoformat(blocker.args[0])
    assert ISO.match(blocker.args[0]) and before <= stored <= before + timedelta(seconds=5)
    assert not timed.picker.isVisible()


def test_unreadable_value_shows_invalid_date_as_in_the_cms(make_editor):
    # The CMS formats moment(value), which gives "Invalid date" for a string it cannot read; the stored
    # text is the field's tooltip here.
    editor = make_editor("DateTimeEditor", {}, value="next tuesday")
    assert editor.display_text() == "Invalid date"
    assert "next tuesday" in editor.display.toolTip()
    editor.set_value("2024-01-01T00:00:00+00:00")
    assert editor.display_text() == "01-01-2024" and editor.display.toolTip() == ""


def test_disabled_picker_does_not_open(make_editor, qtbot):
    editor = make_editor("DateTimeEditor", {"disabled": True})
    editor.picker_action.trigger()
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    assert editor.picker is None


def test_format_is_shown_as_the_cms_converts_it_backslashes_escape_nothing(make_editor, qtbot):
    # helpers.js replaces each PHP letter of its table by a moment.js token and leaves the rest, backslashes
    # included, to moment.format(): `\U\h\r` after a time is "Xhhr" in the CMS, not PHP's "Uhr"; `\T` stays a
    # T only because moment itself escapes letters it knows nothing of. S keeps the spec's meaning.
    value = "2024-03-01T15:07:09+00:00"
    local = datetime.fromisoformat(value).astimezone()
    timed = make_editor("DateTimeEditor", {"format": "H:i \\U\\h\\r"}, value=value)
    assert timed.display_text() == f"{local:%H:%M} Xhhr"
    iso_like = make_editor("DateTimeEditor", {"format": "Y-m-d\\TH:i"}, value=value)
    assert iso_like.display_text() == f"{local:%Y-%m-%dT%H:%M}"
    dated = make_editor("DateTimeEditor", {"format": "\\d\\a\\y: jS, W"}, value="2024-03-01T00:00:00+00:00")
    assert dated.display_text() == "DDaYY: 1st, 9"  # moment's ISO week has no leading zero
    long_date = make_editor("DateTimeEditor", {"format": "L"}, value="2024-03-01T00:00:00+00:00")
    assert long_date.display_text() == "03/01/2024"  # a letter outside the table is a moment token there


def test_an_escaped_time_letter_still_gives_the_time_picker(make_editor, qtbot):
    # hasTimeFormat/hasDateFormat test the format as written: `\H\i` is a time-only, 24-hour format in the CMS
    editor = make_editor("DateTimeEditor", {"format": "\\H\\i"})
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    picker = editor.picker
    assert picker.calendar is None
    assert picker.hour_box.isVisible() and picker.hour_box.count() == 24 and picker.ampm_box is None


@pytest.fixture
def new_york(monkeypatch):
    """The machine's local zone set to New York (UTC-5 in winter) for one test (display texts cached in
    another zone forgotten before and after)."""
    from nodetype_studio.ui.editors import datetime as editor_module

    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    editor_module._DISPLAY_CACHE.clear()
    yield
    monkeypatch.undo()
    time.tzset()
    editor_module._DISPLAY_CACHE.clear()


def test_date_only_pick_is_stored_and_shown_in_local_time_as_the_cms_does(make_editor, qtbot, new_york):
    # The CMS's calendar picks midnight UTC for a date-only format, then commits
    # moment(date).format('YYYY-MM-DDTHH:mm:ssZ') and labels moment(value).format(...): both in the browser's
    # zone, so in New York the field shows the day before the one marked in the calendar.
    editor = make_editor("DateTimeEditor", {"format": "d-m-Y"})
    picker = editor.open_picker()
    click_day(qtbot, picker.calendar, QDate(2024, 2, 29))
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        apply(qtbot, editor)
    assert blocker.args == ["2024-02-28T19:00:00-05:00"]
    assert editor.display_text() == "28-02-2024"
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    assert editor.picker.calendar.selectedDate() == QDate(2024, 2, 29)
    stored = make_editor("DateTimeEditor", {"format": "d-m-Y"}, value="2024-03-01T00:00:00+00:00")
    assert stored.display_text() == "29-02-2024"


def test_time_constraints_bound_and_space_hours_minutes_and_seconds(make_editor, qtbot):
    # DateInput hands timeConstraints to react-datetime: "{hours: {min: 9, max: 15, step: 2}} means the hours
    # can't be lower than 9 and higher than 15"; each entry is laid over the picker's own 0-23/0-59 step 1.
    editor = make_editor("DateTimeEditor", {"format": "d-m-Y H:i:s", "timeConstraints": {
        "hours": {"min": 9, "max": 15, "step": 2}, "minutes": {"min": 10, "max": 40, "step": 15},
        "seconds": {"step": 30}}}, value="2024-03-01T12:34:50+00:00")
    qtbot.mouseClick(editor.display, Qt.LeftButton)
    picker = editor.picker
    hours = [picker.hour_box.itemData(i) for i in range(picker.hour_box.count())]
    seconds = [picker.second_box.itemData(i) for i in range(picker.second_box.count())]
    assert hours == [9, 11, 13, 15] and picker.minutes_offered() == [10, 25, 40] and seconds == [0, 30]
    assert picker.hour_box.currentText() != ""  # a stored time off the offered values shows the one below it
    only_hours = make_editor("DateTimeEditor", {"format": "H:i", "timeConstraints": {"hours": {"max": 18}}})
    qtbot.mouseClick(only_hours.display, Qt.LeftButton)
    assert only_hours.picker.hour_box.count() == 19 and only_hours.picker.minutes_offered() == list(range(0, 60, 5))
