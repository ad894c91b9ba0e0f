"""format_moment against moment.js 2.29.4's own output (expected texts recorded from node with moment)."""

from datetime import datetime, timedelta, timezone

import pytest

from nodetype_studio.js.moment import format_moment

ZONE = timezone(timedelta(hours=2))
FRIDAY = datetime(2024, 3, 1, 15, 7, 9, 123000, tzinfo=ZONE)
NEW_YEARS_EVE = datetime(2023, 12, 31, 0, 0, 0, tzinfo=ZONE)  # a Sunday: locale week 1 of 2024, ISO week 52 of 2023


@pytest.mark.parametrize(
    "fmt, friday, new_years_eve",
    [
        ("M Mo MM MMM MMMM", "3 3rd 03 Mar March", "12 12th 12 Dec December"),
        ("Q Qo", "1 1st", "4 4th"),
        ("D Do DD DDD DDDo DDDD", "1 1st 01 61 61st 061", "31 31st 31 365 365th 365"),
        ("d do dd ddd dddd e E", "5 5th Fr Fri Friday 5 5", "0 0th Su Sun Sunday 0 7"),
        ("w wo ww W Wo WW", "9 9th 09 9 9th 09", "1 1st 01 52 52nd 52"),
        ("gg gggg GG GGGG", "24 2024 24 2024", "24 2024 23 2023"),
        ("Y YY YYYY YYYYYY", "2024 24 2024 +002024", "2023 23 2023 +002023"),
        ("a A H HH h hh k kk", "pm PM 15 15 3 03 15 15", "am AM 0 00 12 12 24 24"),
        ("hmm Hmmss m mm s ss", "307 150709 7 07 9 09", "1200 00000 0 00 0 00"),
        ("S SS SSS", "1 12 123", "0 00 000"),
        ("Z ZZ X x", "+02:00 +0200 1709298429 1709298429123", "+02:00 +0200 1703973600 1703973600000"),
        ("L LL LT LTS", "03/01/2024 March 1, 2024 3:07 PM 3:07:09 PM",
         "12/31/2023 December 31, 2023 12:00 AM 12:00:00 AM"),
        ("LLLL", "Friday, March 1, 2024 3:07 PM", "Sunday, December 31, 2023 12:00 AM"),
        ("l ll", "3/1/2024 Mar 1, 2024", "12/31/2023 Dec 31, 2023"),
        # literals: brackets, a backslash before a token (the whole token), characters that are no token
        ("[at] HH \\DD \\hh\\r", "at 15 DD hhr", "at 00 DD hhr"),
        ("w| GGG YYY DDDDD", "w| 24G 242024 0611", "w| 23G 232023 36531"),
        ("c r u v B I p T", "c r u v B I p T", "c r u v B I p T"),
    ],
)
def test_tokens_as_moment_renders_them(fmt, friday, new_years_eve):
    assert format_moment(FRIDAY, fmt) == friday
    assert format_moment(NEW_YEARS_EVE, fmt) == new_years_eve


def test_a_local_moment_has_no_zone_name():
    assert format_moment(FRIDAY, "z|zz") == "|"
