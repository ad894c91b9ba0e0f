"""`check` reads `minimum`/`maximum` of the range validators as the browser does (and as the preview's
validators do): numbers as written, text through parseInt, Count's bounds clamped to 0..MAX_SAFE_INTEGER
(neos-ui packages/neos-ui-validators/src/{StringLength,NumberRange,Count}/index.tsx)."""

import json

import pytest

from nodetype_studio.validation import validate_value

MAX_LESS_THAN_MIN = "The maximum is less than the minimum."
NEGATIVE_LENGTH = "The minimum StringLength can not be less than zero"

CASES = [
    ("StringLengthValidator", "abc", {"minimum": 5, "maximum": "3 chars"}),
    ("StringLengthValidator", "abc", {"minimum": "1e3", "maximum": 500}),
    ("StringLengthValidator", "abc", {"minimum": "3.9", "maximum": 3}),
    ("StringLengthValidator", "abc", {"minimum": "0x10", "maximum": 2}),
    ("StringLengthValidator", "abc", {"minimum": 2, "maximum": "1_000"}),
    ("StringLengthValidator", "abc", {"minimum": -1, "maximum": 20}),
    ("StringLengthValidator", "abc", {"minimum": -5, "maximum": -6}),
    ("NumberRangeValidator", "4", {"minimum": 2.5, "maximum": 2}),
    ("NumberRangeValidator", "4", {"minimum": "10 apples", "maximum": 9.5}),
    ("NumberRangeValidator", "4", {"minimum": 3, "maximum": "Infinity"}),
    ("CountValidator", [1], {"minimum": -3, "maximum": -1}),
    ("CountValidator", [1], {"minimum": 10**300, "maximum": 10**301}),
    ("CountValidator", [1], {"minimum": 2, "maximum": 1}),
]


def _yaml(short, options):
    written = "\n".join(f"          {k}: {json.dumps(v)}" for k, v in options.items())
    return f"""'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    p:
      type: string
      validation:
        'Neos.Neos/Validation/{short}':
{written}
"""


@pytest.mark.parametrize("short, value, options", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_check_and_browser_agree_on_impossible_bounds(check, short, value, options):
    _, findings = check(_yaml(short, options))
    codes = {f.code for f in findings}
    shown = [f.message for f in validate_value(value, {f"Neos.Neos/Validation/{short}": options})]
    assert ("validator-min-max" in codes) == (shown == [MAX_LESS_THAN_MIN])
    negative = any(f.code == "validator-option-value" and "less than zero" in f.message for f in findings)
    assert negative == (shown == [NEGATIVE_LENGTH])
