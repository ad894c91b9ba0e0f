"""DateTimeEditor: the value shown in the PHP ``format``, a picker for the parts the format names.

The picker (opened by clicking the field) shows a calendar when the format has date letters and
hour/minute lists when it has time letters (12-hour with am/pm unless ``G``/``H`` are used; seconds
when ``s`` is used). Minutes offered are the multiples of ``minuteStep`` (5 when it is empty), or of
``timeConstraints.minutes.step`` where that is given; ``timeConstraints`` ``min``/``max``/``step`` of
``hours``, ``minutes`` and ``seconds`` bound and space the values offered. A 12-hour picker counts its
hours in the 24 hours as react-datetime does: it lists the offered hours of the day part chosen, and
offers only the day parts that have one (switching am/pm moves by 12 hours, to the nearest offered).
Values are stored as ISO 8601 strings ``YYYY-MM-DDTHH:MM:SS+HH:MM`` in local time with its offset,
as the CMS formats the picked ``Date``: a date-only picker picks midnight UTC (its calendar works in
UTC), stored in local time.
The field shows the value in local time in every mode, as the CMS's does (so west of UTC a
date-only value shows the day before the one its calendar marks, as in the CMS).

The picker works as the CMS's does: a day or time picked in it is only held (the field keeps showing
the stored value) until **Apply** stores it and closes the picker; **Apply** with nothing picked in this
editor stores ``''``, as the CMS stores its empty pick. **Today** stores at once and closes: the start
of today's UTC day for a date-only format, else the current date and time to the second (no minute
step). Clicking the field or its calendar button again closes the picker and stores nothing. The
clear button (x) beside the field stores ``''``.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping

from PySide6.QtCore import QDate, Slot
from PySide6.QtWidgets import (
    QCalendarWidget,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nodetype_studio.catalogue.vocab import FORMAT_LETTER
from nodetype_studio.js.moment import format_moment
from nodetype_studio.php.dateformat import format_mode, format_php_date
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.node import iso8601
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.editors.base import EditorWidget


def parse_iso(value: Any) -> datetime | None:
    """A stored DateTime value as an aware datetime (None for empty or unreadable values)."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.astimezone()
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.astimezone()


def label_text(moment: datetime, fmt: str) -> str:
    """The field's text as the CMS makes it: each PHP letter of its conversion table replaced by its
    moment.js token, every other character left as it is (a backslash escapes nothing in PHP's sense),
    then ``moment.format()``. ``S`` and ``t``, which the spec documents and the CMS does not convert, show
    what the spec says (as bracketed moment literals)."""
    parts = []
    for char in fmt:
        letter = FORMAT_LETTER.get(char)
        if letter is not None and letter.moment is not None:
            parts.append(letter.moment)
        elif letter is not None:  # S, t: the spec's meaning
            parts.append(f"[{format_php_date(moment, char)}]")
        else:
            parts.append(char)
    return format_moment(moment, "".join(parts))


#: What the field shows for a stored value that is not a date (moment's text, as the CMS shows it).
INVALID_DATE = "Invalid date"

# Display text of stored values (value, format, picker kind) -> text: every build shows the same
# defaults again; parsing and formatting them each time is wasted work.
_DISPLAY_CACHE: dict[tuple, str] = {}


#: The time picker's own constraints (react-datetime): what a ``timeConstraints`` entry is laid over.
_PICKER_CONSTRAINTS = {"hours": (0, 23, 1), "minutes": (0, 59, 1), "seconds": (0, 59, 1)}


def _time_constraint(ctx: EditorContext, part: str) -> range:
    """The values the CMS's picker offers for ``part``: ``timeConstraints`` is laid over
    ``{minutes: {step: minuteStep || 5}}`` key by key (its own ``minutes`` entry replaces that one), and
    each entry then over the picker's defaults field by field: ``min``/``max`` bound the values (the
    DateInput's "hours can't be lower than 9 and higher than 15"), ``step`` spaces them."""
    given: Any = None
    constraints = ctx.option("timeConstraints")
    if isinstance(constraints, Mapping) and part in constraints:
        given = constraints[part]
    elif part == "minutes":
        given = {"step": ctx.option_or_default("minuteStep")}
    low, high, step = _PICKER_CONSTRAINTS[part]
    if isinstance(given, Mapping):
        values = []
        for key, default in (("min", low), ("max", high), ("step", step)):
            try:
                values.append(int(given.get(key, default)))
            except (TypeError, ValueError):
                values.append(default)
        if low <= values[0] <= values[1] <= high:
            low, high = values[0], values[1]
        step = values[2] if 1 <= values[2] <= high - low + 1 else 1
    return range(low, high + 1, step)


def _show_nearest(box: QComboBox, value: int) -> None:
    """Select the greatest offered value at or below ``value`` (the least one when all are above it)."""
    offered = [box.itemData(i) for i in range(box.count())]
    if not offered:
        return
    below = [item for item in offered if item <= value]
    box.setCurrentIndex(offered.index(max(below) if below else min(offered)))


def _twelve_hour(hour: int) -> int:
    return hour % 12 or 12


class _ClickableField(QLineEdit):
    """The read-only display; a click opens the picker of the editor it belongs to."""

    def __init__(self, editor: "DateTimeEditor"):
        super().__init__(editor)
        self.editor = editor

    def mousePressEvent(self, event):  # noqa: N802 (Qt override)
        super().mousePressEvent(event)
        self.editor.toggle_picker()


class DateTimePicker(QFrame):
    """Calendar and time lists for one format; edits go back through ``DateTimeEditor.pick``."""

    def __init__(self, editor: "DateTimeEditor"):
        super().__init__(editor)
        self.editor = editor
        mode = editor.mode
        self.setFrameShape(QFrame.StyledPanel)
        self.setObjectName("dateTimePicker")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.calendar: QCalendarWidget | None = None
        self.hour_box: QComboBox | None = None
        self.minute_box: QComboBox | None = None
        self.second_box: QComboBox | None = None
        self.ampm_box: QComboBox | None = None
        if mode.has_date:
            self.calendar = QCalendarWidget(self)
            self.calendar.setGridVisible(False)
            self.calendar.setVerticalHeaderFormat(QCalendarWidget.NoVerticalHeader)
            self.calendar.clicked.connect(lambda _date: self.editor.hold())
            self.calendar.activated.connect(lambda _date: self.editor.hold())
            layout.addWidget(self.calendar)
        if mode.has_time:
            row = QHBoxLayout()
            row.addWidget(QLabel("Time", self))
            self.hour_box = QComboBox(self)
            self.hour_box.setObjectName("hourBox")
            if mode.twenty_four_hour:
                for hour in editor.hours:
                    self.hour_box.addItem(f"{hour:02d}", hour)
            row.addWidget(self.hour_box)
            row.addWidget(QLabel(":", self))
            self.minute_box = QComboBox(self)
            self.minute_box.setObjectName("minuteBox")
            for minute in editor.minutes:
                self.minute_box.addItem(f"{minute:02d}", minute)
            row.addWidget(self.minute_box)
            if mode.has_seconds:
                row.addWidget(QLabel(":", self))
                self.second_box = QComboBox(self)
                self.second_box.setObjectName("secondBox")
                for second in editor.seconds:
                    self.second_box.addItem(f"{second:02d}", second)
                row.addWidget(self.second_box)
            if not mode.twenty_four_hour:
                # react-datetime's 12-hour counter steps through the constrained 0-23 hours and shows them
                # as 1-12: the hour list holds the 24-hour value, am/pm picks which half is listed
                self.ampm_box = QComboBox(self)
                self.ampm_box.setObjectName("ampmBox")
                for label, start in (("am", 0), ("pm", 12)):
                    if any(start <= hour < start + 12 for hour in editor.hours):
                        self.ampm_box.addItem(label, start)
                self._list_hours(self.ampm_box.itemData(0))
                self.ampm_box.activated.connect(self._switch_day_part)
                row.addWidget(self.ampm_box)
            row.addStretch(1)
            for box in (self.hour_box, self.minute_box, self.second_box, self.ampm_box):
                if box is not None:
                    box.activated.connect(lambda _index: self.editor.hold())
            layout.addLayout(row)
        # The CMS's picker: "Today" above the calendar, "Apply" under it (the same labels in every mode).
        self.today_button = QPushButton("Today", self)
        self.today_button.setObjectName("todayButton")
        self.today_button.setToolTip("Store today (a date-only format) or now, and close")
        self.today_button.clicked.connect(self.editor.pick_today)
        layout.insertWidget(0, self.today_button)
        self.apply_button = QPushButton("Apply", self)
        self.apply_button.setObjectName("applyButton")
        self.apply_button.setDefault(True)
        self.apply_button.setToolTip("Store what was picked here and close (nothing picked: clears the value, as in the CMS)")
        self.apply_button.clicked.connect(self.editor.apply)
        layout.addWidget(self.apply_button)

    def _list_hours(self, start: int) -> None:
        """Fill the 12-hour list with the offered hours of the half day from ``start`` (0 am, 12 pm)."""
        box = self.hour_box
        assert box is not None
        box.clear()
        for hour in sorted((h for h in self.editor.hours if start <= h < start + 12), key=_twelve_hour):
            box.addItem(str(_twelve_hour(hour)), hour)

    @Slot(int)
    def _switch_day_part(self, index: int) -> None:
        """am/pm moves the hour by 12 (react-datetime's toggle), kept to the offered hours."""
        assert self.hour_box is not None and self.ampm_box is not None
        start = self.ampm_box.itemData(index)
        previous = self.hour_box.currentData()
        self._list_hours(start)
        _show_nearest(self.hour_box, (previous if previous is not None else 0) % 12 + start)

    def minutes_offered(self) -> list[int]:
        box = self.minute_box
        return [box.itemData(i) for i in range(box.count())] if box is not None else []

    def show_moment(self, moment: datetime | None) -> None:
        moment = moment or datetime.now().astimezone().replace(second=0, microsecond=0)
        if self.calendar is not None:
            self.calendar.setSelectedDate(QDate(moment.year, moment.month, moment.day))
        if self.hour_box is not None:
            if self.ampm_box is not None:
                index = self.ampm_box.findData(12 if moment.hour >= 12 else 0)
                index = max(index, 0)  # a half day without offered hours: the one that has them
                self.ampm_box.setCurrentIndex(index)
                self._list_hours(self.ampm_box.itemData(index))
            _show_nearest(self.hour_box, moment.hour)
            # A stored minute between steps shows the step at or below it.
            _show_nearest(self.minute_box, moment.minute)
            if self.second_box is not None:
                _show_nearest(self.second_box, moment.second)

    def chosen(self, base: datetime) -> datetime:
        """``base`` with the parts this picker shows replaced by the picked ones."""
        result = base
        if self.calendar is not None:
            day = self.calendar.selectedDate()
            result = result.replace(year=day.year(), month=day.month(), day=day.day())
        if self.hour_box is not None:
            hour = self.hour_box.currentData()
            second = self.second_box.currentData() if self.second_box is not None else 0
            result = result.replace(hour=hour, minute=self.minute_box.currentData(), second=second)
        return result.replace(microsecond=0)


class DateTimeEditor(EditorWidget):
    #: What was picked and not yet applied (kept after Apply, as the CMS keeps it), None before any pick.
    held: datetime | None = None

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        fmt = ctx.option("format")
        self.format = fmt if isinstance(fmt, str) and fmt else ""
        self.mode = format_mode(self.format)
        self.hours = _time_constraint(ctx, "hours")
        self.minutes = _time_constraint(ctx, "minutes")
        self.seconds = _time_constraint(ctx, "seconds")
        self.minute_step = self.minutes.step
        self.display = _ClickableField(self)
        self.display.setReadOnly(True)
        self.display.setObjectName("dateDisplay")
        placeholder = ctx.option_or_default("placeholder")  # an empty one shows the default, as in the CMS
        if placeholder not in (None, ""):
            self.display.setPlaceholderText(ctx.text(placeholder))
        self.picker_action = self.display.addAction(
            icons.icon("fas fa-clock" if self.mode.kind == "time" else "fas fa-calendar-alt"), QLineEdit.ActionPosition.LeadingPosition
        )  # as in the CMS: the calendar button before the field, the clear button after it
        self.picker_action.setToolTip("Choose a time" if self.mode.kind == "time" else "Choose a date")
        self.picker_action.triggered.connect(self.toggle_picker)
        self.clear_action = self.display.addAction(icons.icon("fas fa-times"), QLineEdit.ActionPosition.TrailingPosition)
        self.clear_action.setToolTip("Clear")
        self.clear_action.triggered.connect(self.clear)
        self.add_field(self.display)
        self.picker: DateTimePicker | None = None
        if not self.format:
            note = QLabel("No format set: showing ISO 8601.", self)
            style.tint(note, style.NOTE)
            self.add_widget(note)

    def apply_disabled(self, disabled: bool) -> None:
        self.display.setEnabled(not disabled)
        self.picker_action.setEnabled(not disabled)
        self.clear_action.setEnabled(not disabled)

    def is_disabled(self) -> bool:
        return not self.display.isEnabled()

    # -- display -----------------------------------------------------------------------------
    def show_value(self, value: Any) -> None:
        key = (value, self.format, self.mode.kind) if isinstance(value, str) else None
        text = _DISPLAY_CACHE.get(key) if key is not None else None
        moment = None
        if text is None:
            moment = parse_iso(value)
            if moment is None:  # the CMS formats moment(value): "Invalid date" for what it cannot read
                text = "" if value in (None, "") else INVALID_DATE
            elif self.format:
                text = label_text(moment.astimezone(), self.format)  # the CMS formats a local Date
            else:
                text = iso8601(moment)
            if key is not None:
                if len(_DISPLAY_CACHE) >= 512:
                    _DISPLAY_CACHE.clear()
                _DISPLAY_CACHE[key] = text
        if text != self.display.text():
            self.display.setText(text)
        tip = f"Stored value: {value}" if text == INVALID_DATE else ""
        if tip != self.display.toolTip():
            self.display.setToolTip(tip)
        if self.picker is not None:
            moment = moment or parse_iso(value)
            self.picker.show_moment(self._display_zone(moment) if moment else None)

    def _display_zone(self, moment: datetime) -> datetime:
        # The picker's zone: a date-only calendar works in UTC (react-datetime `utc`), others in local time.
        return moment.astimezone(timezone.utc) if self.mode.kind == "date" else moment.astimezone()

    def display_text(self) -> str:
        return self.display.text()

    # -- picking -----------------------------------------------------------------------------
    @Slot()  # a declared slot connects faster than a plain method
    def toggle_picker(self) -> DateTimePicker | None:
        if not self.display.isEnabled():
            return None
        if self.picker is None:
            self.picker = DateTimePicker(self)
            self.add_widget(self.picker)
            self.picker.hide()
        if self.picker.isHidden():
            # the CMS's picker stays as it was left: what was picked last, else the stored value
            moment = self.held or parse_iso(self.value())
            self.picker.show_moment(self._display_zone(moment) if moment else None)
            self.picker.show()
        else:
            self.picker.hide()
        return self.picker

    def open_picker(self) -> DateTimePicker:
        picker = self.toggle_picker() if (self.picker is None or self.picker.isHidden()) else self.picker
        return picker

    def _base(self) -> datetime:
        moment = parse_iso(self.value())
        if self.mode.kind == "date":
            base = moment.astimezone(timezone.utc) if moment else datetime.now(timezone.utc)
            return base.replace(hour=0, minute=0, second=0, microsecond=0)
        return moment.astimezone() if moment else datetime.now().astimezone().replace(second=0, microsecond=0)

    def hold(self) -> None:
        """Keep what the picker shows until Apply (the CMS's picker stores nothing on a pick)."""
        if self.picker is not None:
            self.held = self.picker.chosen(self._base())

    def _close_and_store(self, value: str) -> None:
        if self.picker is not None:
            self.picker.hide()
        self.show_value(value)
        self.commit(value)

    @Slot()  # a declared slot connects faster than a plain method
    def apply(self) -> None:
        """Store what was picked and close; with nothing picked yet the CMS stores its empty pick: ''."""
        self._close_and_store(iso8601(self.held.astimezone()) if self.held is not None else "")

    @Slot()  # a declared slot connects faster than a plain method
    def pick_today(self) -> None:
        """The CMS's Today: the start of today's UTC day for a date-only picker, else this second."""
        if self.mode.kind == "date":
            now = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
        else:
            now = datetime.now().astimezone().replace(microsecond=0)
        self._close_and_store(iso8601(now.astimezone()))  # moment(date).format(...): the local offset

    @Slot()  # a declared slot connects faster than a plain method
    def clear(self) -> None:
        """The clear button beside the field (the CMS's does nothing while disabled)."""
        if self.is_disabled():
            return
        self._close_and_store("")
