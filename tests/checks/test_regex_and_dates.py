"""The regular-expression and relative-date recognizers behind regex-* and default-value-type."""

import pytest

from nodetype_studio.checks.phpdate import is_php_date
from nodetype_studio.checks.regex_js import compile_error, regex_problems, split_pattern


@pytest.mark.parametrize("option, body, flags", [
    ("/^[a-z0-9\\-]+$/i", "^[a-z0-9\\-]+$", "i"),
    ("^abc$", "^abc$", ""),
    ("/x/u", "x/u", ""),  # the CMS keeps unknown flags in the body
    ("/a/gim", "a", "gim"),
])
def test_split_like_the_cms(option, body, flags):
    assert split_pattern(option) == (body, flags)


@pytest.mark.parametrize("option", [
    "/^[a-z0-9\\-]+$/i", "/^[-a-z0-9_ ]+$/i", "/^-?\\.?\\d[\\d\\.]{0,4}([a-z]{2,4})?$/", "/(?<year>\\d{4})-\\k<year>/",
    "/^\\s*\\{[\\s\\S]*:[\\s\\S]*\\}$/", "/[\\A]/", "^plain$", "/a(?=b)(?!c)(?<=d)(?<!e)/", "/(?i:abc)/",
])
def test_patterns_the_browser_understands(option):
    assert regex_problems(option) == ()


@pytest.mark.parametrize("option, kind, words", [
    ("/^\\w+$/u", "flags", "`u`"),
    ("/a.b/s", "flags", "`s`"),
    ("/ a b /x", "flags", "`x`"),
    ("/\\Aabc\\z/", "pcre", "`\\A`"),
    ("/abc\\Z/", "pcre", "`\\Z`"),
    ("/(?i)abc/", "pcre", "inline flags"),
    ("/a++/", "pcre", "possessive quantifier `++`"),
    ("/a{2}+/", "pcre", "possessive quantifier `{2}+`"),
    ("/(?>a|ab)c/", "pcre", "atomic groups"),
    ("/[[:alpha:]]+/", "pcre", "POSIX classes"),
    ("/\\p{Lu}/", "pcre", "`\\p{...}` needs the `u` flag"),
    ("/(?P<n>a)/", "pcre", "named groups `(?P<name>...)`"),
    ("/a(?#note)b/", "pcre", "comments"),
    ("/(a)(?1)/", "pcre", "recursion"),
    ("/\\Qa.b\\E/", "pcre", "`\\Q...\\E`"),
    ("/(abc/", "invalid", "Unterminated group"),
    ("/a{2,1}/", "invalid", "numbers out of order"),
    ("/[b-a]/", "invalid", "Range out of order"),
])
def test_patterns_the_browser_does_not_understand(option, kind, words):
    problems = regex_problems(option)
    assert problems and problems[0].kind == kind
    assert any(words in p.message for p in problems), problems


def test_v8_is_the_judge():
    assert compile_error("^(a|b)$", "i") is None
    assert "Invalid" in compile_error("(?<n>a)(?<n>b)", "") or "Duplicate" in compile_error("(?<n>a)(?<n>b)", "")


@pytest.mark.parametrize("text", [
    "now", "today", "tomorrow", "midnight", "today midnight", "tomorrow 09:00", "+1 day", "-2 weeks", "+1 week 2 days",
    "next monday", "last friday", "first day of next month", "last day of this month", "2024-01-31", "2024-01-31 10:00",
    "2024-01-31T10:00:00+02:00", "31.12.2024", "1 January 2025", "Jan 5, 2024", "3 days ago", "noon tomorrow",
    "10am", "tomorrow 9:30pm", "@1700000000", "first monday of january 2025", "NOW", "  today ",
])
def test_relative_dates_php_accepts(text):
    assert is_php_date(text)


@pytest.mark.parametrize("text", ["", "tomorow", "in two days", "+1 dy", "next banana", "d-m-Y", "soon", "nowx", 5, None])
def test_strings_php_rejects(text):
    assert not is_php_date(text)
