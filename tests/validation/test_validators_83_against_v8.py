"""Neos 8.3's validators against the same rules run in V8, on a grid of values and options.

The JavaScript below restates, in our words, the validators of the CMS's UI on the 8.3 line
(neos/neos-ui ``packages/neos-ui-validators/src/*/index.tsx``): the same checks as 9.0
(``test_validators_against_v8.py``), with the 8.3 differences that change a verdict:

* NotEmpty, String, Text, Uuid and EmailAddress read ``validatorOptions.validationErrorMessage``
  without a null check (options written ``~`` are a TypeError once the message is needed; EmailAddress
  needs it before it looks at the address); Integer, Float, DateTime, Alphanumeric and Label read
  ``validatorOptions?.validationErrorMessage``;
* Count answers "not countable" for null (``typeof value !== 'object' || value === null``, neos-ui
  PR #3000, merged upwards from 5.3 in 2022; facts §3.2), like 9.0.

Alphanumeric and Label are restated with the ``\\p{..}`` classes their source names (the shipped
tables are those classes precompiled at Unicode 12.1; ``test_unicode121.py`` covers the characters
added later), so the grid uses ASCII and non-ASCII samples whose category is the same in both Unicode
versions. EmailAddress runs the CMS's isemail 3.2.0 in node where it is installed
(``test_isemail.py`` compares the library itself on 20,000 addresses).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from nodetype_studio.validation import validate_value
from tests.validation.test_validators_against_v8 import OPTIONS, VALUES, _agree, _verdict_of

_RULES_83_JS = r"""
(function (cases) {
    const ok = () => ({k: 'ok'});
    const id = (name, params) => ({k: 'id', id: name, params: params || {}});
    const literal = (text) => ({k: 'literal', text});
    const nil = (v) => v === undefined || v === null;
    const bound = (option) => typeof option === 'number' ? option : parseInt(option, 10);
    // 8.3 reads the custom message of these without `?.`: null options throw when the message is shown
    const unguarded = (o, name) => { const custom = o.validationErrorMessage; return id(name); };
    const guarded = (o, name) => { const custom = o?.validationErrorMessage; return id(name); };
    const rules = {
        NotEmptyValidator(v, o) {
            return nil(v) || v === '' || v.length === 0 ? unguarded(o, 'notEmptyValidator.isEmpty') : ok();
        },
        StringValidator(v, o) {
            return !nil(v) && typeof v !== 'string' ? unguarded(o, 'stringValidator.stringIsExpected') : ok();
        },
        TextValidator(v, o) {
            const tags = /<\/?([a-z][a-z0-9]*)\b[^>]*>/gi;
            return !nil(v) && v !== v.replace(tags, '')
                ? unguarded(o, 'textValidator.validTextWithoutAnyXMLtagsIsExpected') : ok();
        },
        UuidValidator(v, o) {
            const shape = /([a-f0-9]){8}-([a-f0-9]){4}-([a-f0-9]){4}-([a-f0-9]){4}-([a-f0-9]){12}/;
            return !nil(v) && v.length !== 0 && v.match(shape) === null ? unguarded(o, 'uuidValidator.invalidUuid') : ok();
        },
        IntegerValidator(v, o) {
            const n = parseInt(v, 10);
            const given = !nil(v) && v.length !== 0;
            return given && (!Number.isSafeInteger(n) || !/^[\d-]+$/.test(v))
                ? guarded(o, 'integerValidator.aValidIntegerNumberIsExpected') : ok();
        },
        FloatValidator(v, o) {
            const n = parseFloat(v);
            const given = !nil(v) && v.length !== 0;
            return given && (isNaN(n) || v.toString().match(/^[-+]?[0-9]*\.[0-9]+([eE][-+]?[0-9]+)?$/) === null)
                ? guarded(o, 'floatValidator.validFloatExpected') : ok();
        },
        DateTimeValidator(v, o) {
            const shape = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})\:(\d{2})\:(\d{2})[+-](\d{2})\:(\d{2})$/;
            const given = !nil(v) && v !== '' && v.length > 0;
            return given && (shape.test(v) === false || /Invalid|NaN/.test(new Date(v).toString()))
                ? guarded(o, 'dateTimeRangeValidator.invalidDate') : ok();
        },
        AlphanumericValidator(v, o) {
            if (nil(v) || v.length === 0 || v.match(/^[\p{L}\p{Nd}]*$/u) !== null) return ok();
            return guarded(o, 'alphanumericValidator');
        },
        LabelValidator(v, o) {
            if (nil(v) || v.length === 0 || v.match(/^[\p{L}\p{Sc} ,.:;?!%§&"'\/+\-_=()#0-9]*$/u) !== null) return ok();
            return guarded(o, 'labelValidator.invalidLabel');
        },
        NumberRangeValidator(v, o) {
            if (nil(v) || v === '') return ok();
            const minimum = bound(o.minimum), maximum = bound(o.maximum);
            if (maximum < minimum) return literal('The maximum is less than the minimum.');
            const n = typeof v === 'number' ? v : parseInt(v, 10);
            if (v.length > 0 && !Number.isSafeInteger(n)) return id('numberRangeValidator.validNumberExpected');
            return n < minimum || n > maximum ? id('numberRangeValidator.numberShouldBeInRange', {minimum, maximum}) : ok();
        },
        StringLengthValidator(v, o) {
            if (nil(v) || v === '') return ok();
            const minimum = bound(o.minimum), maximum = bound(o.maximum);
            if (maximum < minimum) return literal('The maximum is less than the minimum.');
            if (minimum < 0) return literal('The minimum StringLength can not be less than zero');
            const size = (v.toString ? v.toString() : '').length;
            if (!(size < minimum || size > maximum)) return ok();  // NaN bounds compare false: no bound
            if (minimum > 0 && maximum < 10000) return id('stringLength.outOfBounds', {minimum, maximum});
            return minimum > 0 ? id('stringLength.smallerThanMinimum', {minimum}) : id('stringLength.greaterThanMaximum', {maximum});
        },
        CountValidator(v, o) {
            const minimum = Math.max(bound(o.minimum), 0);
            const maximum = Math.min(bound(o.maximum), Number.MAX_SAFE_INTEGER);
            if (maximum < minimum) return literal('The maximum is less than the minimum.');
            if (typeof v !== 'object' || v === null) return id('countValidator.notCountable');
            const entries = Object.keys(v).length;
            if (entries === 0 || !(entries < minimum || entries > maximum)) return ok();
            return id('countValidator.countBetween', {minimum, maximum});
        },
        RegularExpressionValidator(v, o) {
            if (!o.regularExpression) return literal('The validator option "regularExpression" was not given.');
            const split = o.regularExpression.match(new RegExp('^/?(.*?)(?:/([gimy]*))?$'));
            if (!split) return literal('The Regex ' + o.regularExpression + ' could not be parsed.');
            const pattern = new RegExp(split[1], split[2]);
            if (nil(v) || v.length === 0 || v.match(pattern) !== null) return ok();
            return id('regularExpressionValidator.patternDoesNotMatch', {pattern: pattern.toString()});
        },
    };
    return JSON.stringify(cases.map(([name, v, o]) => {
        try {
            return rules[name](v, o);
        } catch (e) {
            return {k: 'throws'};
        }
    }), (key, value) => typeof value === 'number' && !isFinite(value) ? String(value) : value);
})(__CASES__)
"""

def _rules(cases) -> str:
    return _RULES_83_JS.replace("__CASES__", json.dumps(cases))


# categories that are the same in Unicode 12.1 and in the browser's current tables
TEXT_SAMPLES = [
    "Straße", "élan", "日本語", "Ωmega", "ǅemal", "\u0661\u0662\u0663", "x\u0301", "Ⅻ", "½", "€5", "5 £", "§ 3 (a)",
    "a_b", "a b", "a-b", "a.b,c:d;e?f!g%h&i\"j'k/l+m=n#o", "a*b", "a@b", "a[b]", "tab\there", "line\nbreak",
    "😀", "𝐀𝐁", "\ud800", "a\u200bb", "\u00a0", "\u2028", "ﬁ", "ª", "ǂ",
]
VALIDATORS_83 = [
    "NotEmptyValidator", "StringValidator", "TextValidator", "UuidValidator", "IntegerValidator", "FloatValidator",
    "DateTimeValidator", "AlphanumericValidator", "LabelValidator", "NumberRangeValidator", "StringLengthValidator",
    "CountValidator", "RegularExpressionValidator",
]
READS_OPTIONS = {"NumberRangeValidator", "StringLengthValidator", "CountValidator", "RegularExpressionValidator"}


def _cases():
    values = VALUES + TEXT_SAMPLES
    return [(name, value, options) for name in VALIDATORS_83 for value in values
            for options in (OPTIONS if name in READS_OPTIONS else [{}, None])]


def _differences(cases, browser) -> list[str]:
    wrong = []
    for (name, value, options), theirs in zip(cases, browser):
        ours = _verdict_of(validate_value(value, {f"Neos.Neos/Validation/{name}": options}, cms_version="8.3"))
        if not _agree(ours, theirs):
            wrong.append(f"{name} {value!r} {options!r}: studio {ours}, browser {theirs}")
    return wrong


def test_every_83_validator_gives_the_browsers_verdict(js):
    cases = _cases()
    browser = json.loads(js(_rules(cases)))
    wrong = _differences(cases, browser)
    assert len(cases) > 3000
    assert wrong[:40] == [], f"{len(wrong)} of {len(cases)} differ"


def test_the_83_grid_has_every_kind_of_answer(js):
    browser = json.loads(js(_rules(_cases())))
    assert {answer["k"] for answer in browser} == {"ok", "id", "literal", "throws"}
    # and the non-ASCII samples split both character-set validators into valid and invalid
    for name in ("AlphanumericValidator", "LabelValidator"):
        cases = [(name, text, {}) for text in TEXT_SAMPLES]
        kinds = [answer["k"] for answer in json.loads(js(_rules(cases)))]
        assert "ok" in kinds and "id" in kinds, name


def test_83_null_options_are_read_where_the_browser_reads_them(js):
    # the grid's `~` options, spelled out: 8.3 throws for a failing NotEmpty, shows Integer's message
    cases = [("NotEmptyValidator", "", None), ("IntegerValidator", "x", None), ("CountValidator", None, {})]
    browser = json.loads(js(_rules(cases)))
    assert [answer["k"] for answer in browser] == ["throws", "id", "id"]
    assert _differences(cases, browser) == []


_EMAIL_83_JS = r"""
const isemail = require('isemail');
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const verdict = ([v, o]) => {
    try {
        if (v === undefined || v === null || v === '') return {k: 'ok'};
        const custom = o.validationErrorMessage;  // 8.3: before the address is looked at, without `?.`
        return isemail.validate(v) ? {k: 'ok'} : {k: 'id', id: 'emailAddressValidator.invalidEmail', params: {}};
    } catch (e) {
        return {k: 'throws'};
    }
};
process.stdout.write(JSON.stringify(cases.map(verdict)));
"""

EMAILS = [
    "admin@example.org", "a@b", "not an address", "a@@b", "\"john..doe\"@example.org", "hellö@neos.io",
    "a@[127.0.0.1]", "a b@example.org", "x" * 65 + "@example.org", "@example.org",
]


def test_83_email_address_gives_the_browsers_verdict():
    node = shutil.which("node")
    modules = os.environ.get("NODETYPE_STUDIO_NODE_MODULES", "")
    if not node or not os.path.isdir(os.path.join(modules, "isemail")):
        pytest.skip("node or the npm package isemail (NODETYPE_STUDIO_NODE_MODULES) is not installed")
    values = VALUES + TEXT_SAMPLES + EMAILS
    cases = [(value, options) for value in values for options in ({}, None)]
    run = subprocess.run([node, "-e", _EMAIL_83_JS], input=json.dumps(cases), capture_output=True, text=True,
                         env={**os.environ, "NODE_PATH": modules}, timeout=60, check=True)
    browser = json.loads(run.stdout)
    wrong = []
    for (value, options), theirs in zip(cases, browser):
        config = {"Neos.Neos/Validation/EmailAddressValidator": options}
        ours = _verdict_of(validate_value(value, config, cms_version="8.3"))
        if not _agree(ours, theirs):
            wrong.append(f"{value!r} {options!r}: studio {ours}, browser {theirs}")
    assert {answer["k"] for answer in browser} == {"ok", "id", "throws"}
    assert wrong[:40] == [], f"{len(wrong)} of {len(cases)} differ"
