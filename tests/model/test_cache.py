"""Warm open: an unchanged project comes from memory; a changed file is read again, the others are not."""

from __future__ import annotations

import os

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.model import project as project_module

FILES = {
    "NodeTypes/A.yaml": "'Acme.Site:A':\n  ui: {label: A}\n",
    "NodeTypes/B.yaml": "'Acme.Site:B':\n  superTypes: {'Acme.Site:A': true}\n",
    "Configuration/NodeTypes.yaml": "'Acme.Site:C': {}\n",
    "Configuration/Settings.yaml": "Neos: {}\n",
}


@pytest.fixture
def parses(monkeypatch, tmp_path):
    """The names of the project's files the model parses (libyaml runs), in order."""
    seen: list[str] = []
    original = project_module.load_yaml_text

    def counting(text, file="<string>"):
        if file.startswith(str(tmp_path)):  # not the studio's own baseline files
            seen.append(os.path.basename(file))
        return original(text, file)

    monkeypatch.setattr(project_module, "load_yaml_text", counting)
    return seen


def test_second_open_of_unchanged_files_returns_the_same_project_without_parsing(make_project, parses):
    root = make_project(FILES)
    first = load_project(root)
    assert sorted(parses) == ["A.yaml", "B.yaml", "NodeTypes.yaml", "Settings.yaml"]
    parses.clear()
    second = load_project(root)
    assert second is first
    assert parses == []


def test_a_changed_file_is_read_again_and_only_that_file(make_project, parses):
    root = make_project(FILES)
    first = load_project(root)
    parses.clear()
    (root / "NodeTypes" / "A.yaml").write_text("'Acme.Site:A':\n  ui: {label: Changed}\n", encoding="utf-8")
    second = load_project(root)
    assert second is not first
    assert parses == ["A.yaml"]
    assert second.node_types["Acme.Site:B"].effective["ui"]["label"] == "Changed"
    assert first.node_types["Acme.Site:B"].effective["ui"]["label"] == "A"


def test_a_change_that_keeps_the_size_is_seen_through_the_modification_time(make_project, parses):
    root = make_project(FILES)
    load_project(root)
    parses.clear()
    path = root / "NodeTypes" / "A.yaml"
    stat = path.stat()
    path.write_text("'Acme.Site:A':\n  ui: {label: Z}\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert path.stat().st_size == stat.st_size
    reopened = load_project(root)
    assert parses == ["A.yaml"]
    assert reopened.node_types["Acme.Site:A"].effective["ui"]["label"] == "Z"


def test_added_and_removed_files_are_noticed(make_project, parses):
    root = make_project(FILES)
    first = load_project(root)
    (root / "NodeTypes" / "D.yaml").write_text("'Acme.Site:D': {}\n", encoding="utf-8")
    parses.clear()
    second = load_project(root)
    assert second is not first and "Acme.Site:D" in second.node_types
    assert parses == ["D.yaml"]
    (root / "Configuration" / "NodeTypes.yaml").unlink()
    third = load_project(root)
    assert "Acme.Site:C" not in third.node_types and "Acme.Site:D" in third.node_types


def test_without_the_cache_every_file_is_parsed(make_project, parses):
    root = make_project(FILES)
    load_project(root)
    parses.clear()
    fresh = load_project(root, use_cache=False)
    assert sorted(parses) == ["A.yaml", "B.yaml", "NodeTypes.yaml", "Settings.yaml"]
    assert fresh.node_types["Acme.Site:B"].effective["ui"]["label"] == "A"


def test_a_warm_project_gives_the_same_answers(make_project):
    root = make_project(FILES)
    cold = load_project(root, use_cache=False)
    warm = load_project(root)
    warm_again = load_project(root)
    assert warm_again is warm
    assert {name: nt.effective for name, nt in warm.node_types.items()} == \
        {name: nt.effective for name, nt in cold.node_types.items()}
    assert warm.diagnostics == cold.diagnostics


def test_a_long_session_keeps_only_the_recently_used_projects_in_memory(tmp_path, parses):
    """A window opens one project after another: the older ones (and their parsed files) are let go, the
    recently used stay; opening a forgotten one again parses it again and gives the same model."""
    roots = []
    for i in range(project_module.PROJECTS_KEPT + 2):
        root = tmp_path / f"p{i}" / "Acme.Site"
        (root / "Configuration").mkdir(parents=True)
        (root / "Configuration" / "NodeTypes.yaml").write_text(f"'Acme.Site:T{i}':\n  ui: {{label: T{i}}}\n")
        roots.append(root)
    first = load_project(roots[0])
    kept = [load_project(root) for root in roots[1:project_module.PROJECTS_KEPT]]
    assert load_project(roots[0]) is first  # used again: now the most recent
    for root in roots[project_module.PROJECTS_KEPT:]:
        load_project(root)
    assert len(project_module._project_cache) == project_module.PROJECTS_KEPT
    assert load_project(roots[0]) is first
    assert str(roots[1] / "Configuration" / "NodeTypes.yaml") not in project_module._parse_cache  # forgotten
    parses.clear()
    again = load_project(roots[1])
    assert again is not kept[0] and parses == ["NodeTypes.yaml"]
    assert again.node_type("Acme.Site:T1").effective["ui"]["label"] == "T1"
