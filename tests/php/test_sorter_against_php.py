"""``php_sort`` compared with real PHP: the positional sorting rules (facts §5.8) written in PHP.

The PHP side is our own statement of the rules; what the comparison checks is PHP's *language* part,
which the Python code imitates: array key coercion ("10" is the integer key 10, "010" stays a string),
``is_numeric`` (leading and trailing whitespace, exponents, a numeric string *key*), ``intval`` of floats
(wrapping past the 64-bit range) and of numeric strings (saturating; infinity is 0), ``ksort`` with
``SORT_NUMERIC`` keeping the input order of equal keys (a weight "05" next to "5"), and the keys that
before/after cycles leave out.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.model.sorting import php_sort
from tests.php.conftest import run_php_script

# A case is a list of [key, entry]; entry is null (the key was unset), {} (no position) or {"position": p}.
# The answer per case: {"order": [...keys as strings]} or {"error": ...} where the CMS throws.
_SORTER = r"""
function sort_case(array $pairs): array {
    $subject = [];
    foreach ($pairs as [$key, $entry]) {
        $subject[$key] = $entry;
    }
    $positions = [];
    foreach ($subject as $key => $entry) {
        if ($entry === null) {
            continue;
        }
        $position = $entry['position'] ?? null;
        if ($position === null) {
            $position = is_numeric($key) ? $key : 0;
        }
        $positions[$key] = $position;
    }
    $start = $middle = $end = $before = $after = [];
    foreach ($positions as $key => $position) {
        if (is_numeric($position)) {
            $middle[intval($position)][] = $key;
            continue;
        }
        if (!is_string($position)) {
            return ['error' => 'unsupported'];
        }
        if (preg_match('/^(start|end)(?: ([0-9]+))?$/', $position, $m)) {
            $weight = intval($m[2] ?? 0);
            if ($m[1] === 'start') {
                $start[$weight][] = $key;
            } else {
                $end[$weight][] = $key;
            }
            continue;
        }
        if (preg_match('/^(before|after) (\S+)(?: ([0-9]+))?$/', $position, $m)) {
            if (!isset($positions[$m[2]])) {
                return ['error' => 'unknown reference'];
            }
            // the weight is used as written: "5" is the integer key 5, "05" a string key
            if ($m[1] === 'before') {
                $before[$m[2]][$m[3] ?? 0][] = $key;
            } else {
                $after[$m[2]][$m[3] ?? 0][] = $key;
            }
            continue;
        }
        return ['error' => 'unsupported'];
    }
    krsort($start, SORT_NUMERIC);
    ksort($middle, SORT_NUMERIC);
    ksort($end, SORT_NUMERIC);
    foreach ($before as &$byWeight) {
        ksort($byWeight, SORT_NUMERIC);
    }
    unset($byWeight);
    foreach ($after as &$byWeight) {
        krsort($byWeight, SORT_NUMERIC);
    }
    unset($byWeight);
    $order = [];
    $place = function ($key) use (&$place, &$order, &$before, &$after) {
        $first = $before[$key] ?? [];
        unset($before[$key]);
        foreach ($first as $keys) {
            foreach ($keys as $k) {
                $place($k);
            }
        }
        $order[] = (string)$key;
        $then = $after[$key] ?? [];
        unset($after[$key]);
        foreach ($then as $keys) {
            foreach ($keys as $k) {
                $place($k);
            }
        }
    };
    foreach ([$start, $middle, $end] as $section) {
        foreach ($section as $keys) {
            foreach ($keys as $k) {
                $place($k);
            }
        }
    }
    return ['order' => $order];
}
echo json_encode(array_map('sort_case', json_decode(stream_get_contents(STDIN), true)));
"""

KEYS = ["a", "b", "main", "10", "2", "007", "1.5", "-3", " 4", "1e2", "0"]
_refs = st.sampled_from(KEYS + ["nowhere", "010"])
_weights = st.sampled_from(["", " 0", " 1", " 5", " 05", " 10", " 99999999999999999999"])
POSITIONS = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([1e19, -1e19, 3e19, 1.9, -1.5, 0.5, 2**63 * 1.0]),
    st.sampled_from(["3", " 3", "3 ", "\t3\n", "+3", "-3", "1.9", ".5", "5.", "1e3", "-1e3", "1e999", "-1e999",
                     "1e20", "9223372036854775808", "0x1A", "1_000", "\u00a03", "", " ", "3a"]),
    st.builds(lambda w, n: w + n, st.sampled_from(["start", "end"]), _weights),
    st.builds(lambda w, r, n: f"{w} {r}{n}", st.sampled_from(["before", "after"]), _refs, _weights),
    st.sampled_from(["START", "start ", "middle", "before", "after  a"]),
)
ENTRIES = st.one_of(st.just(None), st.just({}), POSITIONS.map(lambda p: {"position": p}))
CASES = st.lists(st.tuples(st.sampled_from(KEYS), ENTRIES), max_size=8, unique_by=lambda pair: pair[0])


def _ours(case) -> dict:
    items = [(key, entry.get("position")) for key, entry in case if entry is not None]
    order, problems = php_sort(items)
    if any(problem.position is not None for problem in problems):
        return {"error": "the CMS throws"}
    return {"order": [str(key) for key in order]}


def _agrees(ours: dict, theirs: dict) -> bool:
    return ("error" in ours) == ("error" in theirs) and ours.get("order") == theirs.get("order")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(CASES, min_size=40, max_size=40))
def test_php_sort_agrees_with_php(cases):
    answers = run_php_script(_SORTER, cases)
    wrong = [(case, ours, theirs) for case, theirs in zip(cases, answers)
             if not _agrees(ours := _ours(case), theirs)]
    assert wrong == []


def test_the_reference_script_runs():
    # the PHP side by itself, on cases whose answers are known from facts §5.8
    cases = [
        [["b", {"position": "after a"}], ["a", {"position": 1}], ["c", {"position": "start"}]],
        [["x", {"position": "before nowhere"}]],
        [["x", {"position": "twenty"}]],
        [["p", {"position": "before q"}], ["q", {"position": "before p"}], ["m", {}]],
    ]
    assert run_php_script(_SORTER, cases) == [{"order": ["c", "a", "b"]}, {"error": "unknown reference"},
                                               {"error": "unsupported"}, {"order": ["m"]}]

