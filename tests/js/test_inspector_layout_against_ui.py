"""``build_layout`` compared with the inspector's assembly (facts §5.7) run on the UI's own positional
sorter, the npm package ``@neos-project/positional-array-sorter`` 8.3.19 (run by node; `.ci/run` installs
it into NODETYPE_STUDIO_NODE_MODULES). The assembly below is the facts' description in JavaScript: every
list (tabs, groups, views, properties, references) is sorted on its own by ``position``; a group joins the
tab it names (no tab: ``default``); a group's items are its properties, references and views, sorted again
by ``ui.inspector.position`` (views: ``position``); hidden items, empty groups and empty tabs are left out.
Node types are generated, YAML-shaped but odd (numeric ids, null entries, falsy and positional positions,
names shared by a property and a view). The test skips where node or the package is missing.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.preview.inspector import InspectorSource, build_layout
from tests.js.uisorter import PACKAGE, node_runner

_ASSEMBLY = """
const loaded = require('%s');
const sort = loaded.default || loaded;
const listOf = (map) => Object.entries(map || {}).map(([id, value]) => Object.assign({}, value, {id}));
const inspectorOf = (entry) => (entry.ui && entry.ui.inspector) || {};
const editors = (entries, group) => entries.filter((e) => inspectorOf(e).group === group.id)
    .map((e) => ({id: e.id, position: inspectorOf(e).position, hidden: inspectorOf(e).hidden}));
const layout = (nodeType) => {
    const inspector = (nodeType.ui && nodeType.ui.inspector) || {};
    const tabs = sort(listOf(inspector.tabs), 'position', 'id');
    const groups = sort(listOf(inspector.groups), 'position', 'id');
    const views = sort(listOf(inspector.views), 'position', 'id');
    const properties = sort(listOf(nodeType.properties), 'position', 'id');
    const references = sort(listOf(nodeType.references), 'position', 'id');
    return tabs.map((tab) => [tab.id, groups
        .filter((g) => g.tab === tab.id || (!g.tab && tab.id === 'default'))
        .map((group) => [group.id, sort([
            ...editors(properties, group), ...editors(references, group),
            ...views.filter((v) => v.group === group.id).map((v) => ({id: v.id, position: v.position})),
        ], 'position', 'id').filter((item) => !item.hidden).map((item) => item.id)])
        .filter(([, items]) => items.length > 0)])
        .filter(([, shownGroups]) => shownGroups.length > 0);
};
const nodeTypes = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(nodeTypes.map(layout)));
""" % PACKAGE


@pytest.fixture(scope="module")
def ui_layout():
    return node_runner(_ASSEMBLY)


def _ours(node_type: dict) -> list:
    layout = build_layout(InspectorSource("Vendor.Site:Generated", node_type, cms_version="9"))
    return [[tab.id, [[group.id, [item.name for item in group.items]] for group in tab.groups]] for tab in layout.tabs]


TABS = ["default", "meta", "extra", "2", "10"]
GROUPS = ["default", "g", "h", "k", "1", "7"]
MEMBER_OF = st.sampled_from(["g", "g", "g", "h", "default", "1", "7", 1, None])  # mostly a few groups: ties
NAMES = ["title", "text", "view", "2", "10"]  # views share these names with properties
REFERENCES = ["link", "links", "5"]
POSITIONS = st.one_of(
    st.none(), st.booleans(), st.sampled_from([0, 1, 2, 5, 10, -3, 1.5, 100]),
    st.sampled_from(["", "0", "10", "1.5", "abc", "start", "start 5", "end", "end 2", "before title", "after g",
                     "after text 3", "before 2", "after view", "before nowhere", "after nowhere", "after default"]),
)
HIDDEN = st.sampled_from([None, True, False, "", "false", 0, 1, [], {}])


def _entry(**keys):
    """A map with the keys whose value was drawn (None: the key is missing, the usual case)."""
    return st.fixed_dictionaries({}, optional=keys)


def _editor_entry():
    inspector = st.fixed_dictionaries({"group": MEMBER_OF}, optional={"position": POSITIONS, "hidden": HIDDEN})
    shown = st.fixed_dictionaries({"type": st.just("string"), "ui": st.fixed_dictionaries({"inspector": inspector})},
                                  optional={"position": POSITIONS})
    return st.one_of(st.none(), st.just({"type": "string"}), shown, shown, shown)


NODE_TYPES = st.fixed_dictionaries({
    "ui": st.fixed_dictionaries({"inspector": st.fixed_dictionaries({
        # mostly with a `default` tab and a group `g` on it (added last when not drawn), so items meet
        "tabs": st.dictionaries(st.sampled_from(TABS), st.one_of(st.none(), _entry(position=POSITIONS)), max_size=4)
        .map(lambda tabs: {**tabs, "default": tabs.get("default")}),
        "groups": st.dictionaries(st.sampled_from(GROUPS), st.one_of(st.none(), _entry(
            position=POSITIONS, tab=st.sampled_from(TABS + ["", "missing", 2, 0, False])
        )), max_size=5).map(lambda groups: {**groups, "g": groups.get("g")}),
        "views": st.dictionaries(st.sampled_from(NAMES), _entry(group=MEMBER_OF, position=POSITIONS), min_size=1, max_size=4),
    })}),
    "properties": st.dictionaries(st.sampled_from(NAMES), _editor_entry(), min_size=2, max_size=5),
    "references": st.dictionaries(st.sampled_from(REFERENCES), _editor_entry(), max_size=3),
})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(NODE_TYPES, min_size=40, max_size=40))
def test_build_layout_agrees_with_the_uis_assembly(ui_layout, node_types):
    answers = ui_layout(node_types)
    wrong = [(nt, ours, theirs) for nt, theirs in zip(node_types, answers) if (ours := _ours(nt)) != theirs]
    assert wrong == []


def test_views_are_sorted_on_their_own_before_they_join_a_group(ui_layout):
    # unpositioned items sort by their index in the group's list: view B (no position) comes before A
    # (position 2) because the views were sorted first, and in that list B's index is 1 < 2
    node_type = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}},
                             "views": {"A": {"group": "g", "position": 2}, "B": {"group": "g"}}}},
        "properties": {name: {"type": "string", "ui": {"inspector": {"group": "g"}}} for name in ("P1", "P2")},
    }
    assert _ours(node_type) == ui_layout([node_type])[0] == [["default", [["g", ["P1", "P2", "B", "A"]]]]]


ITEM_POSITIONS = st.one_of(st.none(), st.sampled_from([0, 1, 2, 3, 1.5, 2.5, "2", "start", "end", "after title",
                                                        "before v1", "after nowhere"]))
ONE_GROUP = st.fixed_dictionaries({
    "ui": st.just({}),
    "properties": st.dictionaries(st.sampled_from(["title", "text", "p3", "v1"]), st.builds(
        lambda position: {"type": "string", "ui": {"inspector": {"group": "g", "position": position}}}, ITEM_POSITIONS
    ), max_size=4),
    "views": st.dictionaries(st.sampled_from(["v1", "v2", "v3"]), st.builds(
        lambda position: {"group": "g", "position": position}, ITEM_POSITIONS
    ), min_size=1, max_size=3),
}).map(lambda drawn: {"ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}, "views": drawn["views"]}},
                      "properties": drawn["properties"]})


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ONE_GROUP, min_size=60, max_size=60))
def test_the_items_of_a_group_are_ordered_as_the_ui_orders_them(ui_layout, node_types):
    answers = ui_layout(node_types)
    wrong = [(nt, ours, theirs) for nt, theirs in zip(node_types, answers) if (ours := _ours(nt)) != theirs]
    assert wrong == []
