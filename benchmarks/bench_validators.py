"""Validators per keystroke: a property with NotEmpty + StringLength + RegularExpression.

Run: python3 benchmarks/bench_validators.py
Prints, per case, the time of one call and its ratio to the floor measured in the same run: one
precompiled `re.fullmatch` of the equivalent Python pattern on the same value.
"""

from __future__ import annotations

import re
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nodetype_studio.js.regex import JsRegex  # noqa: E402
from nodetype_studio.validation import validate_value  # noqa: E402

VALUE = "my-landing-page-2024"
CONFIG = {
    "Neos.Neos/Validation/NotEmptyValidator": [],
    "Neos.Neos/Validation/StringLengthValidator": {"minimum": 1, "maximum": 255},
    "Neos.Neos/Validation/RegularExpressionValidator": {"regularExpression": "/^[a-z0-9\\-]+$/i"},
}
V8_CONFIG = {"Neos.Neos/Validation/RegularExpressionValidator": {"regularExpression": "/^(?i:[a-z0-9\\-])+$/"}}
EMAIL = "editor.in-chief@example.com"
EMAIL_CONFIG = {"Neos.Neos/Validation/EmailAddressValidator": []}
TEXT_CONFIG = {"Neos.Neos/Validation/AlphanumericValidator": [], "Neos.Neos/Validation/LabelValidator": []}


def best(fn, number: int) -> float:
    """Seconds per call: the best of five runs (the least disturbed by other load)."""
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def main() -> None:
    floor_re = re.compile(r"[a-z0-9\-]+", re.IGNORECASE)
    validate_value(VALUE, CONFIG)  # warm caches: compiled pattern, V8 syntax check, case table
    validate_value(VALUE, V8_CONFIG)
    translated = JsRegex.compile("^[a-z0-9\\-]+$", "i")
    prefixes = [VALUE[: i + 1] for i in range(len(VALUE))]

    floor = best(lambda: floor_re.fullmatch(VALUE), 200_000)
    rows = [
        ("floor: re.fullmatch, compiled", floor),
        ("translated JS regex alone", best(lambda: translated.finds_match(VALUE), 50_000)),
        ("3 validators, typical value", best(lambda: validate_value(VALUE, CONFIG), 5_000)),
        ("3 validators, invalid value 'My Page!'", best(lambda: validate_value("My Page!", CONFIG), 5_000)),
        ("3 validators, per keystroke (typing the value)",
         best(lambda: [validate_value(p, CONFIG) for p in prefixes], 200) / len(prefixes)),
        ("RegularExpression evaluated by V8 (untranslatable)", best(lambda: validate_value(VALUE, V8_CONFIG), 200)),
        (f"EmailAddress (isemail rules) on {EMAIL!r}", best(lambda: validate_value(EMAIL, EMAIL_CONFIG), 5_000)),
        ("Alphanumeric + Label (Unicode 12.1 tables)", best(lambda: validate_value("Landingpage2024", TEXT_CONFIG), 5_000)),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"value: {VALUE!r}; validators: NotEmpty, StringLength 1..255, RegularExpression /^[a-z0-9\\-]+$/i")
    print(f"{'case':<{width}}  {'per call':>12}  {'ratio to floor':>14}")
    for name, seconds in rows:
        print(f"{name:<{width}}  {seconds * 1e6:>9.2f} µs  {seconds / floor:>13.1f}x")
    print("no target is set for these ratios (reference figures): met / not met does not apply")


if __name__ == "__main__":
    main()
