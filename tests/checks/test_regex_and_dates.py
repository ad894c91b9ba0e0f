"""The regular-expression checks behind regex-* (dates: tests/validation/test_phptime.py)."""

import pytest

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
