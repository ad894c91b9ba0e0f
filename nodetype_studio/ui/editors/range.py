"""RangeEditor: a slider over ``min``..``max`` in ``step``s, the current value beside it (click to type).

``unit`` is shown beside the current value, and after the minimum/maximum unless ``minLabel`` /
``maxLabel`` replace them; it is never part of the stored value. Like the CMS's range editor, these
three are shown as written (not translated). As in the CMS, a new value is read as an integer (cut
towards zero) when the step is whole, even off a whole minimum, else as a float, then clamped; the
value field takes digits only and, as the CMS's, stores each keystroke's number at once, clamped, and
shows what it stored (with ``min: 10`` a typed ``5`` becomes ``10`` before the next digit; a field
emptied shows the stored value again). Without a value the thumb sits where the browser puts it for
an empty ``<input type="range">``: in the middle of the range, on a step. The CMS shows missing bounds
from its defaults but clamps with the options as given: with ``editorOptions`` that lack ``min`` or
``max`` every change stores no number (NaN), and so does the preview (None), with a note. A ``min``
above ``max`` is kept as written, as the CMS renders it: the browser's range input then has the minimum
for its value whatever is set (the HTML standard's sanitisation), so the slider has one position, at its
left end, and moving it stores nothing; the value field's clamp ``Math.min(max, Math.max(min, v))``
stores ``max`` for every number typed. A note says so.

Before drawing, the CMS sizes its value field from ``String(x).length`` of ``step``, ``min`` and ``max``
taken with ``.toString()``: a bound written as ``~`` (null) makes that throw, and the CMS's editor
envelope then shows only the error's text instead of the editor. The preview shows that text too.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt, Slot
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QSlider, QWidget

from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.sections import WheelWithFocus, wheel_with_focus

_HORIZONTAL = Qt.Orientation.Horizontal


class _Slider(WheelWithFocus, QSlider):
    """The range input's slider: the wheel moves it only once it has focus."""
_DIGITS = QRegularExpression("[0-9 ]*")
_SLIDER_MAX = 2**31 - 1


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _whole_steps(minimum: float, maximum: float, step: float) -> int:
    """How many whole steps fit between the bounds, counted in decimal as the browser's range input does
    (0.3 / 0.1 is 3 there, not 2.9999999999999996)."""
    return int((Decimal(repr(maximum)) - Decimal(repr(minimum))) // Decimal(repr(step)))


def _show(number: float) -> str:
    """A number as the CMS writes it (JavaScript's String())."""
    return jsvalue.number_to_string(number)


def _value_text(value: Any) -> str:
    """The field beside the slider as the CMS fills it: ``value === 0 ? '0' : (value || '')``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
        return "0"
    if not jsvalue.truthy(value):
        return ""
    try:
        return jsvalue.to_string(value)
    except jsvalue.JsError:
        return ""


def _render_failure(ctx: EditorContext) -> str:
    """The error the CMS's range editor throws while drawing, else "". It measures
    ``step.toString()``, then ``min`` and ``max`` the same way (missing ones are its defaults)."""
    for name in ("step", "min", "max"):
        try:
            jsvalue.call_to_string(ctx.option(name))
        except jsvalue.JsError as exc:
            return str(exc)
    return ""


def _as_written(value: Any) -> str:
    """An option shown as the CMS's range editor shows it: the value's text, untranslated."""
    try:
        return jsvalue.to_string(value)
    except jsvalue.JsError:
        return ""


class RangeEditor(EditorWidget):
    # Defaults as class attributes (an attribute set on a Qt object costs more than on a plain one).
    problem = ""
    unbounded = False  # editorOptions lack `min` or `max`: a change stores no number, as in the CMS
    value_input: QLineEdit | None = None  # the field to type a value, made with the first click
    failure = ""  # the error text the CMS shows instead of this editor (it failed to draw)
    _showing = False

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.failure = _render_failure(ctx)
        if self.failure:
            self.has_own_label = True  # the CMS's envelope shows the error alone, without the label
            self._show_failure()
            return
        minimum, maximum, step = _number(ctx.option("min")), _number(ctx.option("max")), _number(ctx.option("step"))
        if minimum is None or maximum is None:
            self.problem = "min and max must both be numbers"
            minimum = minimum if minimum is not None else 0.0
            maximum = maximum if maximum is not None else max(minimum, 0.0)
        if minimum > maximum:
            # kept as written, as the CMS does: its <input type="range"> then has the minimum for its value
            # whatever is set (HTML's range sanitisation), and its clamp Math.min(max, Math.max(min, v)) is max
            self.problem = (f"min ({_show(minimum)}) is greater than max ({_show(maximum)}): the CMS's slider stays "
                            f"at {_show(minimum)} and every typed value is stored as {_show(maximum)}")
        if step is None or step <= 0:
            step = 1.0
        missing = [bound for bound in ("min", "max") if not ctx.has_option(bound)]
        if missing and (ctx.options_set or ctx.options):
            self.unbounded = True
            self.problem = self.problem or (
                f"{' and '.join(f'`{bound}`' for bound in missing)} missing: the CMS clamps a new value with the "
                "options as given, so every change stores no number (NaN)")
        self.minimum, self.maximum, self.step = minimum, maximum, step
        # as the CMS parses new values: parseInt for a whole step (whatever the minimum), else parseFloat
        self.integral = float(step).is_integer()
        unit = ctx.option("unit")
        self.unit = "" if unit in (None, "") else _as_written(unit)

        # One row, no nested containers: the slider between its bounds, then the value and unit. The row is
        # put into the editor's layout before it is filled: filling a detached row made a Python wrapper for
        # each of its items when it was attached.
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.add_layout(row)
        min_label, max_label = ctx.option("minLabel"), ctx.option("maxLabel")
        self.min_label = QLabel(_as_written(min_label) if jsvalue.truthy(min_label) else _show(minimum) + self.unit, self)
        self.max_label = QLabel(_as_written(max_label) if jsvalue.truthy(max_label) else _show(maximum) + self.unit, self)
        self.min_label.setObjectName("minLabel")
        self.max_label.setObjectName("maxLabel")
        self.slider = wheel_with_focus(_Slider(_HORIZONTAL, self))
        # A QSlider holds at most 2**31 - 1 positions: past that many steps it moves in coarser ones (divided
        # first: max - min may overflow to infinity).
        steps = (maximum - minimum) / step
        self._slider_step = step if steps <= _SLIDER_MAX else maximum / _SLIDER_MAX - minimum / _SLIDER_MAX
        # the browser's range input offers min + k * step up to max only: the last step not above max (none
        # past min when max < min: the value is then always the minimum)
        positions = max(0, _whole_steps(minimum, maximum, step) if steps <= _SLIDER_MAX else _SLIDER_MAX)
        self.slider.setRange(0, positions)
        self.slider.setPageStep(max(1, positions // 10))
        self.slider.valueChanged.connect(self._slid)
        # A plain label: a click on it reaches the editor (a label ignores presses), which starts typing. A
        # Python subclass of QLabel cost every slider PySide's override look-ups for its virtual methods.
        self.value_button = QLabel(self)
        self.value_button.setObjectName("rangeValue")
        self.value_button.setToolTip("Click to type a value")
        self.value_button.setMinimumWidth(self.value_button.fontMetrics().horizontalAdvance(_show(maximum)) + 6)
        self.unit_label = QLabel(self.unit, self)
        self.unit_label.setObjectName("unitLabel")
        if not self.unit:
            self.unit_label.hide()
        # Bounds and unit are written by the integrator and may be long: they wrap at a narrow inspector
        # instead of making the row (and with it every field of the inspector) wider than the panel; the
        # slider keeps a width it can still be dragged in.
        for label in (self.min_label, self.max_label, self.unit_label):
            label.setWordWrap(True)
        self.slider.setMinimumWidth(self.slider.fontMetrics().averageCharWidth() * 8)
        row.addWidget(self.min_label)
        row.addWidget(self.slider, 1)
        row.addWidget(self.max_label)
        row.addWidget(self.value_button)
        row.addWidget(self.unit_label)
        self.row = row
        self.field = self.slider
        if self.problem:
            note = QLabel(f"Range options: {self.problem}.", self)
            note.setWordWrap(True)  # a long note must not widen the inspector
            style.tint(note, style.NOTE)
            self.add_widget(note)

    def _show_failure(self) -> None:
        """What the CMS shows for an editor that failed to draw: the error's text, and nothing to edit."""
        shown = QLabel(self.failure, self)
        shown.setObjectName("rangeFailure")
        shown.setWordWrap(True)
        shown.setTextFormat(Qt.TextFormat.PlainText)
        style.tint(shown, style.ERROR)
        self.add_widget(shown)
        note = QLabel("The range options min, max and step must not be null (~): the CMS's range editor fails "
                      "to draw and shows only this error in place of the field and its label.", self)
        note.setWordWrap(True)
        style.tint(note, style.NOTE)
        self.add_widget(note)

    def mousePressEvent(self, event):  # noqa: N802 (Qt override)
        """A left click on the current value (enabled) turns it into a field to type a value."""
        if self.failure:
            super().mousePressEvent(event)
            return
        button = self.value_button
        if (event.button() == Qt.MouseButton.LeftButton and button.isEnabled() and not button.isHidden()
                and button.geometry().contains(event.position().toPoint())):
            self.start_typing()
            return
        super().mousePressEvent(event)

    def apply_disabled(self, disabled: bool) -> None:
        if self.failure:
            return  # nothing to disable: the CMS shows no editor
        for widget in (self.slider, self.value_button):
            widget.setEnabled(not disabled)

    # -- conversions -------------------------------------------------------------------------
    def _parsed(self, number: float) -> int | float:
        """A new value as the CMS reads it: parseInt (cut towards zero) for a whole step, then clamped
        (a clamp to a fractional bound gives that bound)."""
        if self.integral:
            number = int(number)
        value = self.clamp(number)
        return int(value) if self.integral and float(value).is_integer() else value

    def _position(self, number: float) -> int:
        # the browser shows an off-step value at the nearest step, a tie going up
        return math.floor(max(0.0, min(float(self.slider.maximum()), (number - self.minimum) / self._slider_step)) + 0.5)

    def _middle(self) -> int:
        """The browser's default of an empty range input: min + (max - min) / 2, rounded to the nearest
        step (a tie goes up)."""
        middle = (self.maximum - self.minimum) / 2 / self._slider_step
        return max(0, min(self.slider.maximum(), math.floor(middle + 0.5)))

    def _step_value(self, position: int) -> float:
        """The value at a slider position, stepped in decimal as the browser's range input does."""
        if self._slider_step != self.step:  # a range of more steps than a slider holds: coarser positions
            return self.minimum + position * self._slider_step
        return float(Decimal(repr(self.minimum)) + position * Decimal(repr(self.step)))

    def clamp(self, number: float) -> float:
        return min(self.maximum, max(self.minimum, number))

    # -- showing -----------------------------------------------------------------------------
    def show_value(self, value: Any) -> None:
        if self.failure:
            return
        self._move_slider(value)
        self.value_button.setText(_value_text(value))
        self._show_display()

    def _move_slider(self, value: Any) -> None:
        """Put the slider at ``value`` (the middle for no number) without reporting a change."""
        number = _number(value)
        self._showing = True
        try:
            self.slider.setValue(self._position(number) if number is not None else self._middle())
        finally:
            self._showing = False

    def _show_display(self) -> None:
        if self.value_input is None:
            return  # never typed in: the value display was never hidden
        if not self.value_input.isHidden():
            self.value_input.hide()
        self.value_button.show()

    def value_text(self) -> str:
        """The current value as displayed (without the unit, which is a separate label)."""
        return "" if self.failure else self.value_button.text()

    # -- edits -------------------------------------------------------------------------------
    @Slot(int)  # a declared slot connects faster than a plain method
    def _slid(self, position: int) -> None:
        if self._showing:
            return
        if self.unbounded:
            self._commit_nothing()
            return
        value = self._parsed(self._step_value(position))
        self.value_button.setText(_show(value))
        self.commit(value)

    def _commit_nothing(self) -> None:
        """What the CMS stores for a clamp against a missing bound (NaN): no number, shown as empty."""
        self.commit(None)
        self.show_value(None)

    def start_typing(self) -> QLineEdit:
        """Replace the value display by a field to type a value (Enter or leaving the field applies)."""
        if self.value_input is None:
            self.value_input = QLineEdit(self)
            self.value_input.setObjectName("rangeInput")
            # the CMS's field refuses every key that is not a number (no minus sign, no decimal point)
            self.value_input.setValidator(QRegularExpressionValidator(_DIGITS, self.value_input))
            self.value_input.setMaximumWidth(80)
            self.value_input.textEdited.connect(self._typed_value)
            self.value_input.editingFinished.connect(self._show_display)
            self.row.insertWidget(self.row.indexOf(self.value_button), self.value_input)
        self.value_input.setText(self.value_button.text())
        self.value_button.hide()
        self.value_input.show()
        self.value_input.setFocus()
        self.value_input.selectAll()
        return self.value_input

    @Slot(str)  # a declared slot connects faster than a plain method
    def _typed_value(self, text: str) -> None:
        """A keystroke in the value field: the CMS's onChange parses, clamps and stores at once, and its
        field then shows the stored value (a text that is no number stores nothing and is replaced by it)."""
        field = self.value_input
        if field is None:
            return
        number = jsvalue.parse_int(text) if self.integral else jsvalue.parse_float(text)
        if math.isnan(number):
            field.setText(self.value_button.text())
            return
        if self.unbounded:
            self.commit(None)
            self._show_typed(None)
            return
        value = self._parsed(number)
        self.commit(value)
        self._show_typed(value)

    def _show_typed(self, value: Any) -> None:
        """The slider and the value after a typed change, the field kept open."""
        self._move_slider(value)
        shown = _value_text(value)
        self.value_button.setText(shown)
        if self.value_input is not None and self.value_input.text() != shown:
            self.value_input.setText(shown)
