"""The Qt-free half of navigation: fuzzy matching, subtypes and usages, back/forward, what is a project."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.studio.fuzzy import fuzzy_match, rank
from nodetype_studio.studio.navhistory import NavigationHistory
from nodetype_studio.studio.opening import not_a_project
from nodetype_studio.studio.usages import (
    CHILD_CONSTRAINT,
    CHILD_NODE,
    CONSTRAINT,
    EDITOR_OPTION,
    SUPERTYPE,
    name_at,
    subtypes,
    usages,
)

NAV = Path(__file__).resolve().parents[1] / "fixtures" / "studio" / "Acme.Nav"
NAMES = ["Acme.Site:Content.Teaser", "Acme.Site:Content.TextWithImage", "Acme.Site:Content.Text",
         "Neos.Neos:Content", "Neos.Neos:ContentCollection", "Acme.Site:Document.Page", "Acme.Site:Mixin.Titled"]


# -- fuzzy matching -----------------------------------------------------------------------------------------
def test_letters_in_order_match_and_the_positions_are_the_ones_shown():
    match = fuzzy_match("cteas", "Acme.Site:Content.Teaser")
    assert match is not None
    assert "".join("Acme.Site:Content.Teaser"[i] for i in match.positions).lower() == "cteas"
    assert match.positions[0] == 10  # the C of Content, a part's start, not the c of Acme
    assert fuzzy_match("saet", "Acme.Site:Content.Teaser") is None  # out of order
    assert fuzzy_match("teaserx", "Acme.Site:Content.Teaser") is None


def test_the_best_match_comes_first():
    assert [name for name, _m in rank("teaser", NAMES)] == ["Acme.Site:Content.Teaser"]
    assert rank("page", NAMES)[0][0] == "Acme.Site:Document.Page"
    # capitals and part starts beat letters in the middle of a word
    assert rank("tit", NAMES)[0][0] == "Acme.Site:Mixin.Titled"
    # equal matches: the shorter name first
    assert [n for n, _m in rank("nncontent", NAMES)] == ["Neos.Neos:Content", "Neos.Neos:ContentCollection"]
    assert [n for n, _m in rank("Text", NAMES)][:2] == ["Acme.Site:Content.Text", "Acme.Site:Content.TextWithImage"]


def test_case_and_spaces_in_the_query_do_not_matter_and_an_empty_query_matches_all():
    assert fuzzy_match("CON TEA", "Acme.Site:Content.Teaser") == fuzzy_match("contea", "Acme.Site:Content.Teaser")
    assert [name for name, _m in rank(" ", NAMES)] == NAMES  # nothing typed yet: the order given
    assert rank("zzz", NAMES) == []
    assert len(rank("e", NAMES, limit=3)) == 3


def test_absurd_input_is_bounded():
    long_name = "A" * 10_000 + ":B"
    assert fuzzy_match("aa", long_name) is not None
    assert fuzzy_match("b", long_name) is None  # only the first characters of a giant candidate count
    assert fuzzy_match("a" * 500, "short") is None


# -- subtypes and usages ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def nav_project():
    return load_project(NAV, use_cache=False)


def test_subtypes_direct_and_transitive(nav_project):
    assert subtypes(nav_project, "Acme.Nav:Mixin.Titled") == ["Acme.Nav:Content.Teaser", "Acme.Nav:Document.Page"]
    assert "Acme.Nav:Content.Row" in subtypes(nav_project, "Neos.Neos:ContentCollection")
    assert "Acme.Nav:Content.Teaser" not in subtypes(nav_project, "Neos.Neos:Node")
    assert "Acme.Nav:Content.Teaser" in subtypes(nav_project, "Neos.Neos:Node", transitive=True)
    # the spec's and the legacy spelling name the same platform type
    assert subtypes(nav_project, "Cms.Cms:Content") == subtypes(nav_project, "TYPO3.Neos:Content")
    assert "Acme.Nav:Content.Slider" in subtypes(nav_project, "Cms.Cms:Content")


def test_usages_in_supertypes_constraints_child_nodes_and_editor_options(nav_project):
    found = {(u.node_type, u.kind, u.path, u.allowed) for u in usages(nav_project, "Acme.Nav:Content.Teaser")}
    assert found == {
        ("Acme.Nav:Content.Slider", CHILD_CONSTRAINT, ("childNodes", "slides", "constraints", "nodeTypes",
                                                       "Acme.Nav:Content.Teaser"), True),
        ("Acme.Nav:Content.Row", CONSTRAINT, ("constraints", "nodeTypes", "Acme.Nav:Content.Teaser"), False),
        ("Acme.Nav:Document.Page", EDITOR_OPTION, ("properties", "featured", "ui", "inspector", "editorOptions",
                                                  "nodeTypes", 0), True),
    }
    row = {u.node_type: u for u in usages(nav_project, "Acme.Nav:Content.Row")}
    assert row["Acme.Nav:Document.Page"].kind == CHILD_NODE
    titled = {u.node_type: u for u in usages(nav_project, "Acme.Nav:Mixin.Titled")}
    assert titled["Acme.Nav:Content.Teaser"].kind == SUPERTYPE and titled["Acme.Nav:Content.Teaser"].allowed
    assert not titled["Acme.Nav:Content.Row"].allowed  # switched off with `false`
    assert "switches it off" in titled["Acme.Nav:Content.Row"].describe()


def test_a_usage_knows_its_file_and_line(nav_project):
    by_type = {u.node_type: u for u in usages(nav_project, "Acme.Nav:Content.Teaser")}
    slider = by_type["Acme.Nav:Content.Slider"].location
    assert Path(slider.file).name == "Slider.yaml" and slider.line == 11
    page = by_type["Acme.Nav:Document.Page"].location
    assert Path(page.file).name == "Page.yaml" and page.line == 18  # the list of names
    assert "forbids it as a child" in by_type["Acme.Nav:Content.Row"].describe()


def test_name_under_the_cursor():
    line = "    'Acme.Nav:Mixin.Titled': true"
    assert name_at(line, 10) == "Acme.Nav:Mixin.Titled"
    assert name_at(line, 5) == "Acme.Nav:Mixin.Titled"
    assert name_at(line, 2) is None
    assert name_at(line, 30) is None
    assert name_at("type: 'Neos.Neos:ContentCollection'", 20) == "Neos.Neos:ContentCollection"
    assert name_at("label: 'Title: the headline'", 10) is None  # a colon and a space: prose, not a name


# -- back and forward ---------------------------------------------------------------------------------------
def test_history_goes_back_and_forward_and_a_new_visit_drops_the_forward_part():
    history = NavigationHistory()
    for name in ("A", "B", "B", "C"):
        history.visit(name)
    assert history.entries == ["A", "B", "C"]
    assert history.back() == "B" and history.back() == "A" and history.back() is None
    assert history.current == "A"
    assert history.forward() == "B"
    history.visit("D")
    assert history.entries == ["A", "B", "D"] and not history.can_go_forward()


def test_history_skips_node_types_that_are_gone_and_keeps_a_limit():
    history = NavigationHistory(limit=3)
    for name in ("A", "B", "C", "D"):
        history.visit(name)
    assert history.entries == ["B", "C", "D"]
    assert history.back(exists=lambda n: n != "C") == "B"
    assert history.entries == ["B", "D"] and history.current == "B"
    assert history.forward() == "D"


# -- what is a project --------------------------------------------------------------------------------------
def test_an_empty_or_non_neos_folder_is_named_for_what_it_is(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert not_a_project(load_project(empty, use_cache=False)) == "empty is an empty folder: there is no Neos project to open"
    other = tmp_path / "webapp"
    (other / "src").mkdir(parents=True)
    (other / "package.json").write_text("{}", encoding="utf-8")
    message = not_a_project(load_project(other, use_cache=False))
    assert message.startswith("webapp is not a Neos project: it holds no NodeTypes files")
    package = tmp_path / "Acme.Nav"
    shutil.copytree(NAV, package)
    assert not_a_project(load_project(package, use_cache=False)) is None


def test_narrowing_ranks_as_a_fresh_rank_does_key_by_key():
    from nodetype_studio.studio.fuzzy import Narrowing

    narrowing = Narrowing(NAMES)
    for query in ("c", "co", "con", "cont", "conte", "contex", "conte", "t", "te", "tex"):
        assert narrowing.rank(query) == rank(query, NAMES), query
    assert narrowing.rank("") == rank("", NAMES)


def _brute_force_score(query: str, text: str):
    """The best score over every placement of ``query`` in ``text``, by the documented rules."""
    from itertools import combinations

    from nodetype_studio.studio import fuzzy

    needle, lower = query.lower(), text.lower()
    bonuses = fuzzy._bonuses(text)
    best = None
    for places in combinations(range(len(lower)), len(needle)):
        if any(lower[p] != c for p, c in zip(places, needle)):
            continue
        score = fuzzy.SCORE_MATCH + bonuses[places[0]] - min(places[0], 15) * 0.25
        for before, at in zip(places, places[1:]):
            if at == before + 1:
                score += fuzzy.SCORE_MATCH + max(bonuses[at], fuzzy.BONUS_CONSECUTIVE)
            else:
                gap = at - before - 1
                score += fuzzy.SCORE_MATCH + bonuses[at] - fuzzy.PENALTY_GAP_START \
                    - (gap - 1) * fuzzy.PENALTY_GAP_EXTENSION
        best = score if best is None else max(best, score)
    return best


def test_the_match_found_is_the_best_placement():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet="aAbB.:c", min_size=1, max_size=9), st.text(alphabet="abc", min_size=1, max_size=4))
    def check(text, query):
        match = fuzzy_match(query, text)
        expected = _brute_force_score(query, text)
        if expected is None:
            assert match is None
        else:
            assert match is not None and match.score == pytest.approx(expected)
            assert "".join(text[p] for p in match.positions).lower() == query.lower()

    check()
