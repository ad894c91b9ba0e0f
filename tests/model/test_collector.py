"""A loaded project and the cyclic garbage collector: the project goes to the oldest generation at once
(the young collections do not walk it), and a project that was replaced is freed by the next build."""

from __future__ import annotations

import gc
import weakref

import pytest

from nodetype_studio import gcpolicy
from nodetype_studio.model import load_project
from nodetype_studio.model import project as project_module

FILES = {
    "NodeTypes/A.yaml": "'Acme.Site:A':\n  ui: {label: A}\n  properties:\n    title: {type: string}\n",
    "NodeTypes/B.yaml": "'Acme.Site:B':\n  superTypes: {'Acme.Site:A': true}\n",
}


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def _generation_of(obj) -> int | None:
    for generation in (0, 1, 2):
        if any(o is obj for o in gc.get_objects(generation)):
            return generation
    return None


def test_an_opened_project_is_in_the_oldest_generation(make_project, collector_on):
    project = load_project(make_project(FILES), use_cache=False)
    node_type = project.node_types["Acme.Site:B"]
    assert _generation_of(node_type) == 2
    assert _generation_of(node_type.effective["properties"]) == 2
    assert gc.get_freeze_count() == 0  # nothing stays frozen


def test_a_project_loaded_with_the_collector_paused_is_left_alone(make_project, monkeypatch):
    monkeypatch.setattr(gcpolicy._state, "scheduled", False)  # paused by the caller, not by the GUI's schedule
    was = gc.isenabled()
    gc.disable()
    try:
        project = load_project(make_project(FILES), use_cache=False)
        assert _generation_of(project.node_types["Acme.Site:B"]) == 0
    finally:
        if was:
            gc.enable()


def test_with_the_gui_thread_collecting_a_project_is_still_promoted(make_project, monkeypatch):
    # the studio switches the automatic collector off and collects on the GUI thread (gcpolicy): cycles are
    # still collected, so a load still spares the young collections the walk over what it built
    monkeypatch.setattr(gcpolicy._state, "scheduled", True)
    was = gc.isenabled()
    gc.disable()
    try:
        project = load_project(make_project(FILES), use_cache=False)
        assert _generation_of(project.node_types["Acme.Site:B"]) == 2
        assert not gc.isenabled()  # and the automatic collector stays off
    finally:
        if was:
            gc.enable()


def test_a_replaced_project_is_freed_by_the_next_open(make_project, collector_on, monkeypatch):
    monkeypatch.setattr(project_module, "PROMOTED_BEFORE_COLLECTION", 1)  # (a big project, in effect)
    root = make_project(FILES)
    old = load_project(root)
    gone = weakref.ref(old.node_types["Acme.Site:B"])
    del old
    assert gone() is not None  # a project holds reference cycles: only the collector frees it
    (root / "NodeTypes/A.yaml").write_text("'Acme.Site:A':\n  ui: {label: Changed}\n", encoding="utf-8")
    new = load_project(root)  # a reload: the in-memory cache's old project is replaced
    assert new.node_types["Acme.Site:A"].label == "Changed"
    assert gone() is None


def _full_collections(action) -> int:
    runs: list[int] = []

    def count(phase, info):
        if phase == "stop" and info["generation"] == 2:
            runs.append(1)

    gc.callbacks.append(count)
    try:
        action()
    finally:
        gc.callbacks.remove(count)
    return len(runs)


def test_small_projects_are_not_followed_by_a_full_collection_each(make_project, collector_on):
    """A process that opens many small projects (a test run, a script) does not pay a full collection of
    everything it holds for each; after enough promoted objects, one build runs one."""
    gc.collect()
    roots = [make_project(FILES, root=f"Acme.Site{i}") for i in range(3)]
    assert _full_collections(lambda: [load_project(r, use_cache=False) for r in roots]) == 0
    big = project_module.PROMOTED_BEFORE_COLLECTION
    project_module._collector["promoted"] = big  # as if many projects had been promoted
    assert _full_collections(lambda: load_project(roots[0], use_cache=False)) == 1
    assert 0 < project_module._collector["promoted"] < big


def test_an_unchanged_project_from_memory_costs_no_collection(make_project, collector_on):
    root = make_project(FILES)
    first = load_project(root)
    project_module._collector["promoted"] = project_module.PROMOTED_BEFORE_COLLECTION
    assert _full_collections(lambda: load_project(root)) == 0  # (returned from memory: nothing is built)
    assert load_project(root) is first


def test_objects_the_process_froze_itself_stay_frozen(make_project, collector_on):
    """A process that froze its objects (before forking workers, say) keeps them frozen: the promotion's
    ``unfreeze`` would thaw them, so it is skipped then."""
    project_module._project_cache.clear()  # (a load may let an old project go: its frozen objects are freed)
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        project = load_project(make_project(FILES), use_cache=False)
        assert "Acme.Site:B" in project.node_types
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()
