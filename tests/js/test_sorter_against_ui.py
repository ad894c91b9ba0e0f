"""``js_sort`` compared with the UI's own positional sorter, the npm package
``@neos-project/positional-array-sorter`` 8.3.19 (run by node; `.ci/run` installs it into
NODETYPE_STUDIO_NODE_MODULES). The UI sorts inspector tabs, groups and items and the node type lists
with it (facts §5.8). The test skips where node or the package is missing.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.model.sorting import js_sort
from tests.js.uisorter import PACKAGE, node_runner

# Cases on stdin: lists of [key, position]; a position {"number": "NaN"} stands for a number JSON cannot
# carry, {"undefined": true} for a missing one. Answers: the indexes of the items in the sorter's order
# (two items may share a key: the inspector sorts a group's properties and views in one list).
_REFERENCE = """
const loaded = require('%s');
const sort = loaded.default || loaded;
const special = (p) => p !== null && typeof p === 'object' && !Array.isArray(p)
    ? (p.undefined ? undefined : Number(p.number)) : p;
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(cases.map((items) =>
    sort(items.map(([key, position], index) => ({key, index, position: special(position)})))
        .map((item) => item.index))));
""" % PACKAGE


@pytest.fixture(scope="module")
def ui_sort():
    return node_runner(_REFERENCE)


def _python_position(position):
    if isinstance(position, dict):
        return None if position.get("undefined") else float(position["number"])
    return position


def _ours(items) -> list[int]:
    triples = [(key, _python_position(position), index) for index, (key, position) in enumerate(items)]
    return [index for _key, _position, index in js_sort(triples, lambda item: item[1], lambda item: item[0])]


KEYS = ["a", "b", "main", "meta", "default", "10", "2", "0", "x1"]
_refs = st.sampled_from(KEYS + ["nowhere", "5"])
POSITIONS = st.one_of(
    st.none(),
    st.just({"undefined": True}),
    st.sampled_from([{"number": "NaN"}, {"number": "Infinity"}, {"number": "-Infinity"}]),
    st.booleans(),
    st.integers(min_value=-1000, max_value=1000),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.sampled_from(["", "0", "10", "1.5", "-3", "1e2", "0x10", "12abc", " 7", "abc", "Infinity",
                     "start", "start 5", "start  5", "start 5 6", "startfoo 5", "starting", "end", "end 3", "endless 2",
                     "middle", " start", "before", "after", "beforeX", "after  a", "beforeX before a", "starting start 3"]),
    st.builds(lambda word, ref, weight: f"{word} {ref}{weight}", st.sampled_from(["before", "after"]), _refs,
              st.sampled_from(["", " 1", " 2", " 10", "  3", " x"])),
)
CASES = st.one_of(st.lists(st.tuples(st.sampled_from(KEYS), POSITIONS), max_size=7, unique_by=lambda pair: pair[0]),
                  st.lists(st.tuples(st.sampled_from(KEYS[:3]), POSITIONS), max_size=5))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(CASES, min_size=50, max_size=50))
def test_js_sort_agrees_with_the_uis_sorter(ui_sort, cases):
    answers = ui_sort(cases)
    wrong = [(case, ours, theirs) for case, theirs in zip(cases, answers) if (ours := _ours(case)) != theirs]
    assert wrong == []


def test_cycles_unknown_references_and_shared_keys_as_the_ui_orders_them(ui_sort):
    cases = [
        [["a", "before b"], ["b", "before a"], ["m", 1]],
        [["a", "after b"], ["b", "after a"], ["m", 1]],
        [["x", "before 10"], ["y", "before 2"], ["m", 1]],
        [["x", "after nowhere"], ["y", "before nowhere"], ["m", "end"]],
        [["a", 5], ["b", 1], ["a", None]],  # a property and a view named alike: the later item stays
    ]
    assert [_ours(case) for case in cases] == ui_sort(cases)


def test_positions_of_other_types_are_read_as_the_ui_converts_them(ui_sort):
    """The sorter reads ``String(position)``: a YAML list is its items joined with commas, a string
    parses to a number only when finite, and its weights are ASCII digits after JavaScript whitespace."""
    cases = [
        [["c", 3], ["b", 5], ["a", ["start"]]],
        [["a", [7]], ["b", 5], ["c", 8]],
        [["a", ["after c"]], ["b", 5], ["c", 3]],
        [["a", [2, 1]], ["b", 1.5], ["c", 3]],
        [["a", "1e400"], ["b", 5], ["c", 3]],
        [["a", "-1e400"], ["b", -5], ["c", 3]],
        [["a", "start \u0663"], ["b", "start 1"], ["c", 3]],
        [["a", "end\u00a02"], ["b", "end 1"], ["c", 3]],
        [["a", "start\u001f5"], ["b", "start 1"], ["c", 3]],
        [["a", "before\u00a0c"], ["b", 5], ["c", 3]],
        [["a", "\u00a07"], ["b", 5], ["c", 8]],
    ]
    assert [_ours(case) for case in cases] == ui_sort(cases)
