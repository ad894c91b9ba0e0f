"""``merge`` compared with real PHP: the merge rule of facts §5.2 written in PHP, on arrays decoded from
JSON (so map keys like "1" become PHP's integer keys and "01" stays a string, as YAML's keys reach the
CMS). Compared: the keys, their order after overwrites and additions, and every value.

A list merged with a map is included: PHP sees two arrays, and a list's indexes and a map's
integer-like keys ("0", not "01") are one key space.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from nodetype_studio.model.merge import merge
from tests.php.conftest import run_php_script

# Each case is [base, override]; the answer is the merged value as [key, value] pairs (keys as text),
# so that a PHP array with keys 0..n-1 and a map stay apart from JSON's lists.
_MERGE = r"""
function overrule(array $first, array $second): array {
    foreach ($second as $key => $value) {
        if (isset($first[$key]) && is_array($first[$key]) && is_array($value) && $value !== []) {
            $first[$key] = overrule($first[$key], $value);
        } else {
            $first[$key] = $value;
        }
    }
    return $first;
}
function pairs($value) {
    if (!is_array($value)) {
        return $value;
    }
    $out = [];
    foreach ($value as $key => $item) {
        $out[] = [(string)$key, pairs($item)];
    }
    return ['pairs' => $out];
}
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as [$base, $override]) {
    $out[] = pairs(overrule($base, $override));
}
echo json_encode($out);
"""

KEYS = st.sampled_from(["a", "b", "ui", "label", "0", "1", "2", "01", "-1", "1.0", " 1", "10"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from(["", "x", "0", "i18n"]))


def _values(depth: int):
    if depth == 0:
        return SCALARS
    inner = _values(depth - 1)
    return st.one_of(SCALARS, st.dictionaries(KEYS, inner, max_size=4), st.lists(inner, max_size=3))


TOP = st.dictionaries(KEYS, _values(3), max_size=5)


def _pairs(value):
    if isinstance(value, dict):
        return {"pairs": [[str(k), _pairs(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return {"pairs": [[str(i), _pairs(v)] for i, v in enumerate(value)]}
    return value


def test_lists_and_maps_merge_by_php_keys():
    cases = [
        ([{"a": 1}, {"b": 2}], {"0": {"c": 3}}),  # a map's key "0" is the list's first index
        ({"0": {"a": 1}, "x": 1}, [{"c": 3}]),
        ({"01": 1, "1": 2}, ["first", "second"]),  # "01" is not an integer key
        (["x", "y"], {"5": "z", "0": "w"}),
        ({"a": [1, 2]}, {"a": {"1": 9}}),
    ]
    assert [_pairs(merge(base, override)) for base, override in cases] == run_php_script(_MERGE, cases)


# (no shrinking: every step would run PHP again; the failing cases are listed as they are)
@settings(max_examples=25, deadline=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(st.tuples(TOP, TOP), min_size=30, max_size=30))
def test_merge_agrees_with_php(cases):
    answers = run_php_script(_MERGE, cases)
    wrong = [(base, override, ours, theirs) for (base, override), theirs in zip(cases, answers)
             if (ours := _pairs(merge(base, override))) != theirs]
    assert wrong == []
