"""``classify_all`` with a run's memo gives what it gives without: parts shared by identity between
configurations (what node types inherit), the same object at two paths, and every node type of the corpus."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nodetype_studio.clienteval.expressions import ClassifyMemo, classify_all
from nodetype_studio.model import load_project

KEYS = st.sampled_from(["ui", "inspector", "tabs", "groups", "views", "creationDialog", "elements", "properties",
                        "references", "label", "editor", "editorOptions", "hidden", "help", "message", "position",
                        "group", "tab", "validation", "options", "viewOptions", "x"])
LEAVES = st.sampled_from(["ClientEval:node.properties.a", "ClientEval:1 +", "text", True, 3, None])
VALUES = st.recursive(LEAVES, lambda children: st.one_of(st.lists(children, max_size=3),
                                                         st.dictionaries(KEYS, children, max_size=4)), max_leaves=12)
CONFIGS = st.dictionaries(KEYS, VALUES, max_size=5)


def _shares(base: dict, draw) -> dict:
    """A configuration that shares parts of ``base`` by identity, as a subtype shares its supertype's."""
    derived = dict(base)
    for key in ("ui", "properties", "references"):
        if isinstance(base.get(key), dict) and draw(st.booleans()):
            derived[key] = dict(base[key])  # a map merging makes anew; what is below stays the same objects
            if draw(st.booleans()):
                derived[key][draw(KEYS)] = draw(VALUES)
    if isinstance(base.get("properties"), dict) and base["properties"] and draw(st.booleans()):
        name, value = next(iter(base["properties"].items()))
        derived["properties"] = {**derived.get("properties", {}), "alias": value}  # one object at two paths
        if name != "alias":
            derived["properties"][name] = value
    return derived


@st.composite
def related_configs(draw):
    base = draw(CONFIGS)
    return [base] + [_shares(base, draw) for _ in range(draw(st.integers(1, 3)))] + [base]


@settings(max_examples=300, deadline=None)
@given(related_configs())
def test_a_memo_kept_over_configurations_that_share_parts_changes_nothing(configs):
    memo = ClassifyMemo()
    for config in configs:
        assert classify_all(config, memo) == classify_all(config)


def test_the_same_object_at_two_paths_is_classified_at_each():
    shared = {"ui": {"label": "ClientEval:1", "inspector": {"hidden": "ClientEval:2"}}}
    config = {"properties": {"a": shared}, "references": {"b": shared}, "options": {"x": shared}}
    memo = ClassifyMemo()
    assert classify_all(config, memo) == classify_all(config)
    assert classify_all({"options": {"y": shared}}, memo) == classify_all({"options": {"y": shared}})


def test_every_node_type_of_the_corpus_is_classified_alike(corpus):
    for version in ("8.3", "9"):
        project = load_project(corpus, use_cache=False, cms_version=version)
        memo = ClassifyMemo()
        for nt in project.node_types.values():
            assert classify_all(nt.effective, memo) == classify_all(nt.effective), nt.name
