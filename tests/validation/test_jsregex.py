"""The RegularExpressionValidator gives the browser's answer: V8 is the oracle in these tests."""

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.js import engine as jsengine
from nodetype_studio.js.regex import (
    JsRegex,
    JsRegexSyntaxError,
    browser,
    regex_literal,
    split_option,
)
from nodetype_studio.js.regex.parse import Untranslatable, parse
from nodetype_studio.model.yamlload import load_yaml_text
from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import TIMEOUT_ID

FIXTURE = Path(__file__).parents[1] / "fixtures" / "validation" / "regex_cases.yaml"
CASES = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
ALL = [(section, case) for section in ("corpus", "example", "hand") for case in CASES[section]]
REGEX = "Neos.Neos/Validation/RegularExpressionValidator"


def browser_matches(js, option: str, subject: str) -> bool:
    """What the CMS's validator decides in the browser: split the option, build the RegExp, match."""
    script = (
        "(function (o, v) { var m = o.match(new RegExp('^/?(.*?)(?:/([gimy]*))?$'));"
        " return v.match(new RegExp(m[1], m[2])) !== null; })(%s, %s)" % (json.dumps(option), json.dumps(subject))
    )
    return js(script)


def test_there_are_enough_patterns():
    assert len({case["pattern"] for _, case in ALL}) >= 40
    assert len(CASES["corpus"]) == 15


@pytest.mark.parametrize("section, case", ALL, ids=[f"{s}:{c['pattern']}" for s, c in ALL])
def test_pattern_gives_the_browsers_answer(js, section, case):
    option = case["pattern"]
    answers = {}
    for value in case["values"]:
        browser = browser_matches(js, option, value)
        findings = validate_value(value, {REGEX: {"regularExpression": option}})
        ours = not findings if value != "" else None  # empty values pass without matching
        if ours is not None:
            assert ours == browser, f"{option} on {value!r}: studio {ours}, browser {browser}"
            body, flags = split_option(option)
            assert JsRegex.compile(body, flags or "").finds_match(value) == browser
        answers[value] = browser
    assert True in answers.values() and False in answers.values(), f"{option} needs matching and non-matching values"


def test_corpus_patterns_are_all_in_the_fixture(corpus):
    """Every `regularExpression` option of the corpus is covered by the fixture above."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "regularExpression" and isinstance(value, str):
                    found.add(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in corpus.rglob("*.yaml"):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "regularExpression" in text:
            walk(load_yaml_text(text, str(path)).data)
    assert found and found <= {case["pattern"] for case in CASES["corpus"]}


@pytest.mark.parametrize("option", [
    "/^[a-z]+$/i", "^abc$", "/abc/u", "/x/gg", "abc/", "/abc/iy", "//", "/", "", "/a/b/g", "a\u2028b",
])
def test_option_split_matches_the_browser(js, option):
    script = "JSON.stringify(%s.match(new RegExp('^/?(.*?)(?:/([gimy]*))?$')))" % json.dumps(option)
    browser = json.loads(js(script))
    ours = split_option(option)
    assert (None if ours is None else [option, ours[0], ours[1]]) == browser


@pytest.mark.parametrize("body, flags", [
    ("a/b[/]\n", ""), ("", "ig"), ("\\/", ""), ("a\u2028", "m"), ("[a/]/x", "y"), ("^[a-z0-9\\-]+$", "i"),
])
def test_pattern_literal_in_messages_matches_to_string(js, body, flags):
    assert regex_literal(body, flags) == js("new RegExp(%s, %s).toString()" % (json.dumps(body), json.dumps(flags)))


def test_catastrophic_backtracking_is_bounded_with_a_clear_message():
    findings = validate_value("a" * 40 + "!", {REGEX: {"regularExpression": "/(a+)+$/"}}, budget=0.25)
    assert [f.message_id for f in findings] == [TIMEOUT_ID]
    assert findings[0].severity == "warning"
    assert "catastrophic backtracking" in findings[0].message and "freeze" in findings[0].message


def test_runaway_pattern_is_bounded_without_v8(monkeypatch):
    monkeypatch.setattr(jsengine, "available", lambda: False)
    JsRegex.compile.cache_clear()
    try:
        findings = validate_value("a" * 60 + "!", {REGEX: {"regularExpression": "/^(a|aa)+$/"}}, budget=0.25)
    finally:
        JsRegex.compile.cache_clear()
    assert [f.message_id for f in findings] == [TIMEOUT_ID]


def test_untranslatable_pattern_without_v8_is_reported_not_guessed(monkeypatch):
    monkeypatch.setattr(jsengine, "available", lambda: False)
    JsRegex.compile.cache_clear()
    try:
        findings = validate_value("Ab", {REGEX: {"regularExpression": "/(?i:a)b/"}})
    finally:
        JsRegex.compile.cache_clear()
    assert findings[0].severity == "warning"
    assert "cannot be evaluated faithfully" in findings[0].message and "modifier" in findings[0].message


# Two groups of one name are refused by every engine when both may take part in a match; in different
# alternatives of one disjunction only engines before ECMAScript 2025 refuse them.
DUPLICATE_NAMES = [
    ("(?<a>b)(?<a>b)", True), ("(?:(?<a>b)|x)(?<a>c)", True), ("(?<a>x(?<a>y))", True),
    ("(?<a>x)|y(?<a>z)(?<a>w)", True), ("(?<a>b)|(?<a>c)", False), ("(?:(?<a>b)|(?<a>c))\\k<a>", False),
    ("((?<a>b)|(?<a>c))|(?<a>d)", False), ("(?<a>x)|(?:y|(?<a>z))", False),
]


@pytest.mark.parametrize("body, refused", DUPLICATE_NAMES)
def test_duplicate_group_names_are_refused_where_both_may_match(js, body, refused):
    assert (browser.syntax_error(body, "") is not None) == refused  # V8 of ECMAScript 2025
    if refused:
        with pytest.raises(JsRegexSyntaxError, match="Duplicate capture group name"):
            parse(body)
    else:
        with pytest.raises(Untranslatable):
            parse(body)


def test_duplicate_group_names_refused_by_every_engine_throw_without_v8(monkeypatch):
    monkeypatch.setattr(jsengine, "available", lambda: False)
    JsRegex.compile.cache_clear()
    try:
        findings = validate_value("bb", {REGEX: {"regularExpression": "/(?<a>b)(?<a>b)/"}})
    finally:
        JsRegex.compile.cache_clear()
    assert [f.message_id for f in findings] == ["studio.validation.validatorThrows"]
    assert "Duplicate capture group name" in findings[0].message


def test_matching_pattern_answers_quickly_on_long_input():
    assert validate_value("a" * 100000, {REGEX: {"regularExpression": "/^(a+)+$/"}}) == []


# ---- differential testing against V8 -------------------------------------------------------

TOKENS = [
    "a", "b", "A", "é", "ſ", "1", "_", "-", ".", " ", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B",
    "^", "$", "[a-c]", "[^a]", "[\\w-]", "[]", "[^]", "(", ")", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>",
    "|", "*", "+", "?", "*?", "{2}", "{1,}", "{0,2}", "{", "}", "]", "\\1", "\\2", "\\k<n>", "\\k", "\\u0041",
    "\\x62", "\\0", "\\cA", "\\c", "\\/", "\\.", "\\$", "\\", "\\8", "\\01", "\\12", "[\\b]", "[a-]",
    "[-a]", "[z-a]", "\\p{L}", "(?i:", "(?-i:", "(?ii:", "{2,1}", "{1}", "\\u{41}", "[\\c1]", "[\\d-z]", "(?<m>",
    "\\k<m>", "\\n", "[\\s\\S]", "ß", "K", "\\B",
]
SUBJECT = st.text(alphabet="abAB1_-é ſK\n.", max_size=8)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tokens=st.lists(st.sampled_from(TOKENS), min_size=1, max_size=7),
       flags=st.sampled_from(["", "i", "m", "y", "im", "iy", "gm"]),
       subjects=st.lists(SUBJECT, min_size=1, max_size=4))
def test_random_patterns_agree_with_v8(js, tokens, flags, subjects):
    body = "".join(tokens)
    browser_error = browser.syntax_error(body, flags)
    try:
        parse(body)
        parser_ok = True
    except JsRegexSyntaxError:
        parser_ok = False
    except Untranslatable:
        parser_ok = True
    assert parser_ok == (browser_error is None), f"/{body}/{flags}: browser says {browser_error}"
    if browser_error is not None:
        with pytest.raises(JsRegexSyntaxError):
            JsRegex.compile(body, flags)
        return
    compiled = JsRegex.compile(body, flags)
    for subject in subjects:
        expected = browser.finds_match(body, flags, subject, 2.0)
        assert compiled.finds_match(subject) == expected, f"/{body}/{flags} on {subject!r} ({compiled.fallback_reason})"


def test_case_table_is_built_from_javascript_rules(js):
    """Canonicalize(ch) spot checks against V8's /i behaviour."""
    pairs = [("a", "A"), ("ſ", "s"), ("K", "k"), ("ß", "ẞ"), ("ς", "Σ"), ("µ", "Μ"), ("ǅ", "Ǆ"), ("ı", "I"), ("İ", "i")]
    for left, right in pairs:
        browser = js("new RegExp(%s, 'i').test(%s)" % (json.dumps("^" + left + "$"), json.dumps(right)))
        assert JsRegex.compile("^" + left + "$", "i").finds_match(right) == browser, (left, right)


def test_translation_needs_no_v8_for_common_patterns(monkeypatch):
    monkeypatch.setattr(jsengine, "available", lambda: False)
    JsRegex.compile.cache_clear()
    try:
        for _, case in ALL:
            body, flags = split_option(case["pattern"])
            compiled = JsRegex.compile(body, flags or "")
            if "modifier" not in (compiled.fallback_reason or "") and "repetition" not in (compiled.fallback_reason or ""):
                assert compiled.python is not None, case["pattern"]
    finally:
        JsRegex.compile.cache_clear()
