"""Date and e-mail validators: DateTime, DateTimeRange (server-only), EmailAddress."""

from __future__ import annotations

import datetime as dt
import re

from nodetype_studio.js import values as jsvalue
from nodetype_studio.validation import messages
from nodetype_studio.validation.builtin import (
    BuiltinValidator,
    SingleCheckValidator,
    empty_string,
    is_nullish,
)
from nodetype_studio.validation.types import WARNING, Issue

_DATE_TIME = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})([+-])([0-9]{2}):([0-9]{2})")


def _js_date_valid(match: re.Match) -> bool:
    """Whether V8's `new Date()` accepts an ISO string of the checked shape: month 1-12, day 1-31
    (31 February rolls over rather than failing), 24:00:00 only, offset hours below 24."""
    _, month, day, hour, minute, second, _, off_h, off_m = (int(g) if g.isdigit() else g for g in match.groups())
    if not (1 <= month <= 12 and 1 <= day <= 31 and minute <= 59 and second <= 59 and off_h <= 23 and off_m <= 59):
        return False
    return hour < 24 or (hour == 24 and minute == 0 and second == 0)


class DateTimeValidator(SingleCheckValidator):
    short_name = "DateTimeValidator"
    value_handling = "null, '' and numbers pass (the browser only checks values with a positive length); lists are checked as their ','-joined text."
    message = "dateTimeRangeValidator.invalidDate"

    def passes(self, value):
        if empty_string(value) or not jsvalue.less_than(0, jsvalue.length(value)):
            return True
        m = _DATE_TIME.fullmatch(jsvalue.to_string(value))
        return m is not None and _js_date_valid(m)


NOT_IN_BROWSER = (
    "The CMS's browser UI has no DateTimeRangeValidator: it skips this validator and accepts the value. "
    "The studio applies the server framework's rules and reports the result as a warning."
)


def _parse_value(value, now: dt.datetime) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        from nodetype_studio.php import strtotime as phptime  # with the first value that is not ISO 8601

        try:
            moment = phptime.parse(value, now)
        except phptime.PhpTimeError:
            return None
    return moment if moment.tzinfo else moment.astimezone()


def _format(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


class DateTimeRangeValidator(BuiltinValidator):
    short_name = "DateTimeRangeValidator"
    value_handling = "null and '' pass; strings are read as dates (ISO 8601 or the server's date syntax); other values are not dates."

    def __init__(self, platform=None, clock=None):
        super().__init__(platform)
        self.clock = clock or (lambda: dt.datetime.now().astimezone())

    def _bound(self, options, name: str, now):
        raw = jsvalue.get_property(options, name) if isinstance(options, dict) else jsvalue.UNDEFINED
        if is_nullish(raw):
            return None, None
        # PHP's date syntax (and the module reading it) is needed only by a validator with a bound.
        from nodetype_studio.php import strtotime as phptime

        try:
            return phptime.parse_reference(jsvalue.to_string(raw), now), None
        except phptime.PhpTimeError as exc:
            text = f'The option "{name}" ({jsvalue.to_string(raw)}) is not a date the server can read: {exc}'
            return None, Issue(None, text, {"option": name}, WARNING)

    def validate(self, value, options):
        if empty_string(value):
            return []
        now = self.clock()
        earliest, problem1 = self._bound(options, "earliestDate", now)
        latest, problem2 = self._bound(options, "latestDate", now)
        problems = [p for p in (problem1, problem2) if p]
        if problems:
            return problems
        moment = _parse_value(value, now)
        custom = messages.custom_message(options) if isinstance(options, dict) else None
        if moment is None:
            found = messages.issue("dateTimeRangeValidator.invalidDate", custom=custom)
        elif earliest and latest and (moment < earliest or moment > latest):
            found = messages.issue("dateTimeRangeValidator.mustBeBetween",
                                   {"earliestDate": _format(earliest), "latestDate": _format(latest)}, custom)
        elif earliest and not latest and moment < earliest:
            found = messages.issue("dateTimeRangeValidator.mustBeAfter", {"earliestDate": _format(earliest)}, custom)
        elif latest and not earliest and moment > latest:
            found = messages.issue("dateTimeRangeValidator.mustBeBefore", {"latestDate": _format(latest)}, custom)
        else:
            return []
        return [Issue(found.message_id, found.message, found.arguments, WARNING)]


class EmailAddressValidator(SingleCheckValidator):
    short_name = "EmailAddressValidator"
    value_handling = "null and '' pass; other non-strings make the browser's validator throw (isemail normalises a string)."
    message = "emailAddressValidator.invalidEmail"

    def passes(self, value):
        if empty_string(value):
            return True
        if not isinstance(value, str):
            raise jsvalue.JsError("TypeError: expected string email")  # isemail refuses anything but a string
        from nodetype_studio.validation import isemail  # its tables load with the first address checked

        return isemail.is_valid(value)
