"""The regular-expression checks behind regex-* (dates: tests/validation/test_phptime.py)."""

import pytest

from nodetype_studio.checks.regex_js import regex_problems
from nodetype_studio.js.regex import compile_error, split_option


@pytest.mark.parametrize("option, body, flags", [
    ("/^[a-z0-9\\-]+$/i", "^[a-z0-9\\-]+$", "i"),
    ("^abc$", "^abc$", ""),
    ("/x/u", "x/u", ""),  # the CMS keeps unknown flags in the body
    ("/a/gim", "a", "gim"),
])
def test_split_like_the_cms(option, body, flags):
    found_body, found_flags = split_option(option)
    assert (found_body, found_flags or "") == (body, flags)


@pytest.mark.parametrize("option", [
    "/^[a-z0-9\\-]+$/i", "/^[-a-z0-9_ ]+$/i", "/^-?\\.?\\d[\\d\\.]{0,4}([a-z]{2,4})?$/", "/(?<year>\\d{4})-\\k<year>/",
    "/^\\s*\\{[\\s\\S]*:[\\s\\S]*\\}$/", "/[\\A]/", "^plain$", "/a(?=b)(?!c)(?<=d)(?<!e)/",
])
def test_patterns_the_browser_understands(option):
    assert regex_problems(option) == ()


@pytest.mark.parametrize("option, words", [
    ("/(?i:abc)/", ["modifier group `(?i:…)`"]),
    ("/a(?-i:b)c/i", ["modifier group `(?-i:…)`"]),
    ("/(?m-i:^a)(?s:.)/", ["modifier group `(?m-i:…)`", "modifier group `(?s:…)`"]),
    ("/(?<x>a)|(?<x>b)/", ["group name `x` is used in two alternatives"]),
    ("/(?<x>a)|(?<x>b)|(?<x>c)/", ["group name `x` is used in two alternatives"]),
])
def test_syntax_older_browsers_reject_is_a_note(option, words):
    problems = regex_problems(option)
    assert [p.kind for p in problems] == ["newer"] * len(words)
    for problem, text in zip(problems, words):
        assert text in problem.message and "ECMAScript 2025" in problem.message


def test_newer_syntax_is_not_reported_for_patterns_that_do_not_compile():
    assert [p.kind for p in regex_problems("/(?<x>a)(?<x>b)/")] == ["invalid"]
    assert [p.kind for p in regex_problems("/(?ii:a)/")] == ["invalid"]


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


def test_an_option_the_cms_cannot_split_is_invalid():
    [problem] = regex_problems("/^a\nb$/")
    assert problem.kind == "invalid" and "could not be parsed" in problem.message


def test_without_v8_the_parser_judges(monkeypatch):
    from nodetype_studio.js import engine as jsengine

    monkeypatch.setattr(jsengine, "available", lambda: False)
    regex_problems.cache_clear()
    try:
        assert regex_problems("/^[a-z]+$/i") == ()
        [problem] = regex_problems("/a{2,1}/")
        assert problem.kind == "invalid" and "numbers out of order" in problem.message
    finally:
        regex_problems.cache_clear()
