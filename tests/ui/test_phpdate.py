from datetime import datetime, timedelta, timezone

import pytest

from nodetype_studio.php.dateformat import format_mode, format_php_date

# Friday 1 March 2024, 15:07:09 (a leap year; Feb has 29 days)
MOMENT = datetime(2024, 3, 1, 15, 7, 9, tzinfo=timezone(timedelta(hours=2)))


@pytest.mark.parametrize(
    "letter, expected",
    [
        ("y", "24"), ("Y", "2024"),
        ("F", "March"), ("m", "03"), ("M", "Mar"), ("n", "3"), ("t", "31"),
        ("d", "01"), ("D", "Fri"), ("j", "1"), ("l", "Friday"), ("N", "5"), ("S", "st"), ("w", "5"),
        ("a", "pm"), ("A", "PM"), ("g", "3"), ("G", "15"), ("h", "03"), ("H", "15"),
        ("i", "07"), ("s", "09"),
    ],
)
def test_every_letter_of_the_spec_table(letter, expected):
    assert format_php_date(MOMENT, letter) == expected


def test_letters_at_the_edges_of_their_ranges():
    midnight = datetime(2023, 12, 31, 0, 0, 0)  # a Sunday
    assert format_php_date(midnight, "g h G H a A") == "12 12 0 00 am AM"
    assert format_php_date(midnight, "N w l D") == "7 0 Sunday Sun"
    assert format_php_date(datetime(2023, 2, 1), "t") == "28"
    assert [format_php_date(datetime(2024, 1, d), "jS") for d in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"
    ]
    assert format_php_date(datetime(2005, 1, 1), "y") == "05"


def test_common_formats_and_escapes():
    assert format_php_date(MOMENT, "d-m-Y") == "01-03-2024"
    assert format_php_date(MOMENT, "d.m.Y H:i") == "01.03.2024 15:07"
    assert format_php_date(MOMENT, "l, jS \\o\\f F Y") == "Friday, 1st of March 2024"
    assert format_php_date(MOMENT, "c") == "2024-03-01T15:07:09+02:00"
    assert format_php_date(MOMENT, "P O") == "+02:00 +0200"


@pytest.mark.parametrize(
    "fmt, kind, h24",
    [
        ("d-m-Y", "date", False),
        ("d-m-Y H:i", "datetime", True),
        ("H:i", "time", True),
        ("g:i a", "time", False),
        ("F Y", "date", False),
        ("D, d M y h:i:s A", "datetime", False),
        ("", "date", False),
        ("\\H\\i", "time", True),  # the CMS tests the format as written: escaped letters count
    ],
)
def test_mode_detection(fmt, kind, h24):
    mode = format_mode(fmt)
    assert mode.kind == kind
    assert mode.twenty_four_hour == h24


def test_seconds_are_detected():
    assert format_mode("H:i:s").has_seconds
    assert not format_mode("H:i").has_seconds
