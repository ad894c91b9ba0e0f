"""The built-in validators against the same rules run in V8, on a grid of values and options.

The JavaScript below restates, in our words, what each validator of the CMS's UI (neos-ui 9.0,
``packages/neos-ui-validators/src/*/index.tsx``; neos-facts §3.2) does with a value and its options:
the order of its tests, ``parseInt``/``parseFloat``, ``toString``, ``.length``, ``.match`` and the
comparisons with NaN, and where it throws. V8 then gives the browser's answer to every pair of the grid,
and the studio's validation engine must give the same verdict: valid, the same message id with the same
parameters, the same literal message, or "throws".

Left out: the e-mail rules (``test_isemail.py`` runs the CMS's own library), Alphanumeric and Label (their
character classes are the UI's Unicode 12 tables, which V8's ``\\p{..}`` does not reproduce; see
``test_unicode121.py``), ``ignoreHtml`` (V8 has no HTML parser; ``test_string_length_html.py``) and
``validationErrorMessage`` (``test_error_message_label.py``).
"""

from __future__ import annotations

import itertools
import json

from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import THROWS_ID

_RULES_JS = r"""
(function (cases) {
    const ok = () => ({k: 'ok'});
    const id = (name, params) => ({k: 'id', id: name, params: params || {}});
    const literal = (text) => ({k: 'literal', text});
    const bound = (option) => typeof option === 'number' ? option : parseInt(option, 10);
    const rules = {
        NotEmptyValidator(v) {
            return v === undefined || v === null || v === '' || v.length === 0 ? id('notEmptyValidator.isEmpty') : ok();
        },
        StringValidator(v) {
            return v === undefined || v === null || typeof v === 'string' ? ok() : id('stringValidator.stringIsExpected');
        },
        TextValidator(v) {
            return v !== undefined && v !== null && v !== v.replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, '')
                ? id('textValidator.validTextWithoutAnyXMLtagsIsExpected') : ok();
        },
        UuidValidator(v) {
            const hex = /([a-f0-9]){8}-([a-f0-9]){4}-([a-f0-9]){4}-([a-f0-9]){4}-([a-f0-9]){12}/;
            return v !== undefined && v !== null && v.length !== 0 && v.match(hex) === null ? id('uuidValidator.invalidUuid') : ok();
        },
        IntegerValidator(v) {
            const n = parseInt(v, 10);
            const filled = v !== null && v !== undefined && v.length !== 0;
            return filled && (!Number.isSafeInteger(n) || !/^[\d-]+$/.test(v)) ? id('integerValidator.aValidIntegerNumberIsExpected') : ok();
        },
        FloatValidator(v) {
            const n = parseFloat(v);
            const filled = v !== null && v !== undefined && v.length !== 0;
            return filled && (isNaN(n) || v.toString().match(/^[-+]?[0-9]*\.[0-9]+([eE][-+]?[0-9]+)?$/) === null)
                ? id('floatValidator.validFloatExpected') : ok();
        },
        NumberRangeValidator(v, o) {
            if (v === undefined || v === null || v === '') return ok();
            const minimum = bound(o.minimum), maximum = bound(o.maximum);
            if (maximum < minimum) return literal('The maximum is less than the minimum.');
            const n = typeof v === 'number' ? v : parseInt(v, 10);
            if (v.length > 0 && !Number.isSafeInteger(n)) return id('numberRangeValidator.validNumberExpected');
            if (n < minimum || n > maximum) return id('numberRangeValidator.numberShouldBeInRange', {minimum, maximum});
            return ok();
        },
        StringLengthValidator(v, o) {
            if (v === undefined || v === null || v === '') return ok();
            const minimum = bound(o.minimum), maximum = bound(o.maximum);
            if (maximum < minimum) return literal('The maximum is less than the minimum.');
            if (minimum < 0) return literal('The minimum StringLength can not be less than zero');
            const length = (v.toString ? v.toString() : '').length;
            if (length < minimum || length > maximum) {
                if (minimum > 0 && maximum < 10000) return id('stringLength.outOfBounds', {minimum, maximum});
                if (minimum > 0) return id('stringLength.smallerThanMinimum', {minimum});
                return id('stringLength.greaterThanMaximum', {maximum});
            }
            return ok();
        },
        CountValidator(v, o) {
            const minimum = Math.max(bound(o.minimum), 0), maximum = Math.min(bound(o.maximum), Number.MAX_SAFE_INTEGER);
            if (maximum < minimum) return literal('The maximum is less than the minimum.');
            if (typeof v !== 'object' || v === null) return id('countValidator.notCountable');
            const count = Object.keys(v).length;
            if (count === 0) return ok();
            return count < minimum || count > maximum ? id('countValidator.countBetween', {minimum, maximum}) : ok();
        },
        DateTimeValidator(v) {
            const shape = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})\:(\d{2})\:(\d{2})[+-](\d{2})\:(\d{2})$/;
            const filled = v !== undefined && v !== null && v !== '' && v.length > 0;
            return filled && (!shape.test(v) || /Invalid|NaN/.test(new Date(v).toString()))
                ? id('dateTimeRangeValidator.invalidDate') : ok();
        },
        RegularExpressionValidator(v, o) {
            if (!o.regularExpression) return literal('The validator option "regularExpression" was not given.');
            const parts = o.regularExpression.match(new RegExp('^/?(.*?)(?:/([gimy]*))?$'));
            if (!parts) return literal('The Regex ' + o.regularExpression + ' could not be parsed.');
            const pattern = new RegExp(parts[1], parts[2]);
            if (v === undefined || v === null || v.length === 0 || v.match(pattern) !== null) return ok();
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
})(%s)
"""

VALUES = [
    None, "", " ", "0", "12", "-3", "+5", "1.5", ".5", "5.", "1e3", "1.5e3", "12abc", "abc", "1-2", "--", "0x1A",
    "9007199254740993", "9007199254740991", " 12", "12 ", "\t7", "Infinity", "NaN", "-0", "\u0661\u0662",
    "<b>x</b>", "a <br/> b", "x < y > z", "<1a>", "</p>", "<A HREF='x'>",
    "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "x123e4567-e89b-12d3-a456-426614174000y",
    "2024-01-31T10:00:00+01:00", "2024-02-30T10:00:00+01:00", "2024-01-31T10:00:00Z", "2024-01-31T25:00:00+01:00",
    "2024-13-01T10:00:00+01:00", "2024-01-31T10:00:00+24:00", "abcdefghijk", "ab", "é" * 3, "😀😀",
    0, 1, -1, 3, 12, 1.5, -0.5, 1e21, 2**53, 2**53 + 2, True, False,
    [], [1], ["a", "b"], [1, 2, 3, 4, 5, 6], [[]], {}, {"a": 1}, {"a": 1, "b": 2, "c": 3}, {"length": 0}, {"length": 3},
]
OPTIONS = [
    {}, None, {"minimum": 2}, {"maximum": 5}, {"minimum": "3", "maximum": "10"}, {"minimum": 5, "maximum": 2},
    {"minimum": -1}, {"minimum": "abc"}, {"minimum": 1.5, "maximum": 3.5}, {"minimum": None, "maximum": 4},
    {"minimum": True}, {"maximum": [3]}, {"minimum": "2px", "maximum": "12"}, {"minimum": 0, "maximum": 20000},
    {"regularExpression": "/^[a-z]+$/i"}, {"regularExpression": "\\d"}, {"regularExpression": ""},
    {"regularExpression": "/x/g"}, {"regularExpression": "/^[0-9-]+$/"}, {"regularExpression": "a/b"},
]
VALIDATORS = ["NotEmptyValidator", "StringValidator", "TextValidator", "UuidValidator", "IntegerValidator",
              "FloatValidator", "NumberRangeValidator", "StringLengthValidator", "CountValidator", "DateTimeValidator",
              "RegularExpressionValidator"]
READS_OPTIONS = {"NumberRangeValidator", "StringLengthValidator", "CountValidator", "RegularExpressionValidator"}


def _same_number(ours, theirs) -> bool:
    """A bound the studio reports (a Python number) against V8's (a number, or "NaN"/"Infinity"/"-Infinity",
    which JSON cannot carry)."""
    if not isinstance(ours, (int, float)) or isinstance(ours, bool):
        return False
    if isinstance(theirs, str):
        return str(float(ours)) == {"NaN": "nan", "Infinity": "inf", "-Infinity": "-inf"}.get(theirs)
    return float(ours) == float(theirs)


def _verdict_of(messages) -> dict:
    if not messages:
        return {"k": "ok"}
    first = messages[0]
    if first.message_id == THROWS_ID:
        return {"k": "throws"}
    if first.message_id is None:
        return {"k": "literal", "text": first.message}
    return {"k": "id", "id": first.message_id.rsplit("validators.", 1)[-1], "params": dict(first.arguments)}


def _agree(ours: dict, theirs: dict) -> bool:
    if ours["k"] != theirs["k"]:
        return False
    if ours["k"] == "literal":
        return ours["text"] == theirs["text"]
    if ours["k"] == "id":
        params, expected = ours["params"], theirs["params"]
        return ours["id"] == theirs["id"] and set(params) == set(expected) and all(
            params[name] == value if name == "pattern" else _same_number(params[name], value)
            for name, value in expected.items())
    return True


def test_every_validator_gives_the_browsers_verdict(js):
    cases = [(name, value, options) for name in VALIDATORS for value in VALUES
             for options in (OPTIONS if name in READS_OPTIONS else [{}, None])]
    browser = json.loads(js(_RULES_JS % json.dumps(cases)))
    wrong = []
    for (name, value, options), theirs in zip(cases, browser):
        ours = _verdict_of(validate_value(value, {f"Neos.Neos/Validation/{name}": options}, cms_version="9"))
        if not _agree(ours, theirs):
            wrong.append(f"{name} {value!r} {options!r}: studio {ours}, browser {theirs}")
    assert len(cases) > 2000
    assert wrong[:40] == [], f"{len(wrong)} of {len(cases)} differ"


def test_the_grid_has_every_kind_of_answer(js):
    # the comparison above means something only if the browser answers in every way on this grid
    cases = [(name, value, options) for name, value, options in itertools.product(VALIDATORS, VALUES, OPTIONS)]
    kinds = {answer["k"] for answer in json.loads(js(_RULES_JS % json.dumps(cases)))}
    assert kinds == {"ok", "id", "literal", "throws"}
