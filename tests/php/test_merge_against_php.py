"""nodetype_studio.model.merge compared with real PHP arrays.

The CMS merges node type configuration with Flow's ``Arrays::arrayMergeRecursiveOverrule``. Its rule
(reference facts §5.1): for each key of the later array, a non-empty array over an array merges
recursively; anything else replaces. The rule is written out below in PHP; what the test checks is
the part Python does not give for free: PHP's arrays, where a YAML list and a map are one kind, the
list's indexes and a map's integer-like keys ("0", "12", not "01") are one key space, and a key keeps
its place when its value is replaced. Inputs go to PHP as JSON, so `{"0": ...}` arrives with the
integer key 0, as the CMS's YAML parser gives it.
"""

import json
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.model.merge import merge
from tests.php.conftest import PHP

_SCRIPT = r"""
function merge_overrule(array $first, array $second): array {
    foreach ($second as $key => $value) {
        if (isset($first[$key]) && is_array($first[$key]) && is_array($value) && $value !== []) {
            $first[$key] = merge_overrule($first[$key], $value);
        } else {
            $first[$key] = $value;
        }
    }
    return $first;
}
function shape($value) {
    if (!is_array($value)) {
        return $value;
    }
    $pairs = [];
    foreach ($value as $key => $item) {
        $pairs[] = [(string)$key, shape($item)];
    }
    return ['array' => $pairs];
}
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as [$base, $override]) {
    $out[] = shape(merge_overrule($base, $override));
}
echo json_encode($out);
"""


def shape(value):
    """The value as the PHP side describes its arrays: ordered (key as text, value) pairs."""
    if isinstance(value, dict):
        return {"array": [[str(k), shape(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return {"array": [[str(i), shape(v)] for i, v in enumerate(value)]}
    return value


def php_merges(cases: list) -> list:
    if PHP is None:
        pytest.skip("PHP is not installed (apt-get install php-cli); .ci/run installs it")
    result = subprocess.run([PHP, "-r", _SCRIPT], input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


KEYS = st.sampled_from(["0", "1", "2", "01", "a", "b"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["", "x", "y"]))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=8,
)
ARRAYS = st.one_of(st.lists(VALUES, max_size=3), st.dictionaries(KEYS, VALUES, max_size=4))


def test_lists_and_maps_merge_by_php_keys():
    cases = [
        ([{"a": 1}, {"b": 2}], {"0": {"c": 3}}),  # a map's key "0" is the list's first index
        ({"0": {"a": 1}, "x": 1}, [{"c": 3}]),
        ({"01": 1, "1": 2}, ["first", "second"]),  # "01" is not an integer key
        (["x", "y"], {"5": "z", "0": "w"}),
        ({"a": [1, 2]}, {"a": {"1": 9}}),
    ]
    assert [shape(merge(base, override)) for base, override in cases] == php_merges(cases)


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(st.lists(st.tuples(ARRAYS, ARRAYS), min_size=60, max_size=60))
def test_random_configurations_merge_as_in_php(cases):
    # one PHP process per batch of 60 merges
    answers = php_merges([list(case) for case in cases])
    for (base, override), php in zip(cases, answers):
        assert shape(merge(base, override)) == php, (base, override)
