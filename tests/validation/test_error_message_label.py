"""A `validationErrorMessage` that is not text: what the CMS's translator makes of it.

neos-ui `packages/neos-ui-i18n/src/registry/I18nRegistry.js` (8.3 and 9.0): `translate(id)` starts
with `id && id.indexOf(':') !== -1 ? id.split(':') : [packageKey, sourceName, id]`, runs
`s ? s.replace(/\\./g, '_') : ''` on each part, and gives a label without translation back as it is,
which React renders (`false` as nothing, numbers as written).
"""

import math

import pytest

from nodetype_studio.js import engine
from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import MESSAGE_THROWS_ID
from nodetype_studio.validation.messages import label_outcome
from tests.js.test_values_v8 import literal, v8

LABELS = ["Custom text", "", "a:b", False, True, 0, -0.0, math.nan, 5, 1.5, -1, [], ["x"], ["x", ":"], {}, {"a": 1}]

# the translator's first steps and React's rendering of what it returns, as the browser runs them (the
# names in the error are the unminified source's: a production build shows its own short names)
_TRANSLATE = """(id => {
  try {
    const parts = id && id.indexOf(':') !== -1 ? id.split(':') : ['Neos.Neos', 'Main', id];
    parts.map(s => s ? s.replace(/\\./g, '_') : '');
    return {shown: typeof id === 'boolean' ? '' : String(id)};
  } catch (error) {
    return {error: String(error)};
  }
})(%s)"""


@pytest.mark.skipif(not engine.available(), reason="V8 is not available")
@pytest.mark.parametrize("label", LABELS, ids=repr)
def test_label_outcome_is_what_v8_does(label):
    shown, error = label_outcome(label)
    assert v8(_TRANSLATE % literal(label)) == ({"shown": shown} if error is None else {"error": error})


def _not_empty(label, value=""):
    return validate_value(value, {"Neos.Neos/Validation/NotEmptyValidator": {"validationErrorMessage": label}})


@pytest.mark.parametrize("label", [True, 5, 1.5, [], ["x"], {}, {"a": 1}], ids=repr)
def test_labels_the_translator_throws_on_make_an_error_about_the_crash(label):
    [finding] = _not_empty(label)
    assert finding.message_id == MESSAGE_THROWS_ID and finding.is_error
    assert "is not a function" in finding.arguments["error"]
    assert "in place of its label and editor" in finding.message


@pytest.mark.parametrize("label, shown", [(False, ""), (0, "0"), (-0.0, "0"), (math.nan, "NaN")], ids=repr)
def test_falsy_labels_are_shown_as_react_renders_them(label, shown):
    [finding] = _not_empty(label)
    assert finding.message_id == "content.inspector.validators.notEmptyValidator.isEmpty"
    assert finding.message == shown and finding.is_error


def test_the_label_only_matters_when_the_main_message_is_shown():
    assert _not_empty(5, "filled") == []
    # StringLength with only a maximum reports `greaterThanMaximum`, which the label does not replace
    [finding] = validate_value("abcd", {"Neos.Neos/Validation/StringLengthValidator": {
        "maximum": 3, "validationErrorMessage": 5}})
    assert finding.message == "The text must not be longer than 3 characters."


def test_null_label_keeps_the_default_message():
    assert [f.message for f in _not_empty(None)] == ["This field is required."]


def test_check_leaves_the_validator_the_browser_never_runs_to_the_type_rule(tmp_path):
    from tests.checks.helpers import check_text

    _, findings = check_text(tmp_path, """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    p:
      type: string
      validation:
        'Neos.Neos/Validation/DateTimeRangeValidator':
          validationErrorMessage: 5
        'Neos.Neos/Validation/NotEmptyValidator':
          validationErrorMessage: 5
""")
    codes = sorted((f.code, f.line) for f in findings if f.code.startswith("validator-"))
    assert codes == [("validator-message-not-text", 11), ("validator-option-type", 9)]
