"""Incremental re-resolution after an edit equals a full load of the edited project: property-based,
with random edits (labels, properties, supertypes, flags, presets, null values, node types added and
removed) applied one after another to the unsaved buffers of a small package."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nodetype_studio.model import load_project
from nodetype_studio.model.incremental import reresolve

NAMES = [f"Acme.Site:T{i}" for i in range(8)]
START = {
    "NodeTypes/A.yaml": {
        "Acme.Site:T0": {"abstract": True, "ui": {"label": "Base"},
                         "properties": {"title": {"type": "string", "ui": {"label": "Title", "inspector": {"group": "text"}}}}},
        "Acme.Site:T1": {"superTypes": {"Acme.Site:T0": True, "Neos.Neos:Content": True},
                         "properties": {"image": {"type": "Neos\\Media\\Domain\\Model\\ImageInterface"}}},
        "Acme.Site:T2": {"superTypes": {"Acme.Site:T1": True}, "ui": {"label": "Two"}},
    },
    "NodeTypes/B.yaml": {
        "Acme.Site:T3": {"superTypes": {"Acme.Site:T2": True, "Acme.Site:T0": False},
                         "properties": {"size": {"type": "integer", "defaultValue": 3,
                                                 "options": {"preset": "sizes.small"}}}},
        "Acme.Site:T4": {"superTypes": {"Acme.Site:T1": True},
                         "childNodes": {"main": {"type": "Neos.Neos:ContentCollection", "position": "end"}}},
        "Acme.Site:T1": {"ui": {"icon": "icon-b"}},
    },
    "NodeTypes/C.yaml": {
        "Acme.Site:T5": {"superTypes": {"Acme.Site:T4": True, "Acme.Site:T3": True}},
        "Acme.Site:T6": {"final": True, "superTypes": {"Neos.Neos:Document": True}},
        "Acme.Site:T7": {"superTypes": {"Acme.Site:T6": True}},
        "Neos.Neos:Content": {"ui": {"label": "Extended platform type"}},
    },
}
SETTINGS = ("Neos:\n  Neos:\n    nodeTypes:\n      presets:\n        properties:\n"
            "          sizes:\n            small: {defaultValue: 1, ui: {label: Small}}\n")
FILES = list(START)

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["", "x", "Label", "end", "after title"]),
                   st.just({}), st.just([]), st.just({"label": "L"}))
EDITS = st.tuples(
    st.integers(0, len(FILES) - 1),
    st.sampled_from(NAMES),
    st.sampled_from(["label", "super", "unsuper", "flag", "prop", "drop-prop", "preset", "value", "child", "add-type",
                     "drop-type", "null-type"]),
    st.sampled_from(NAMES + ["Neos.Neos:Content", "Neos.Neos:Document", "Acme.Site:Missing"]),
    VALUES,
)


def apply(files: dict, edit) -> None:
    index, name, op, other, value = edit
    data = files[FILES[index]]
    config = data.get(name)
    if op == "add-type":
        data.setdefault(name, {"ui": {"label": "Added"}})
        return
    if op == "drop-type":
        data.pop(name, None)
        return
    if op == "null-type":
        if name in data:
            data[name] = None
        return
    if not isinstance(config, dict):
        return
    if op == "label":
        config.setdefault("ui", {})["label"] = value if value is not None else "null"
    elif op == "super":
        config.setdefault("superTypes", {})[other] = True
    elif op == "unsuper":
        config.setdefault("superTypes", {})[other] = False if value else None
    elif op == "flag":
        config["abstract" if value else "final"] = bool(value)
    elif op == "prop":
        config.setdefault("properties", {})["p" + str(abs(hash(str(value))) % 3)] = {"type": "string", "defaultValue": value}
    elif op == "drop-prop":
        props = config.get("properties")
        if isinstance(props, dict) and props:
            props[next(iter(props))] = None
    elif op == "preset":
        config.setdefault("properties", {})["size"] = {"options": {"preset": "sizes.small" if value else "sizes.none"}}
    elif op == "value":
        config["ui"] = value
    elif op == "child":
        config.setdefault("childNodes", {})["c"] = {"type": other, "position": value if isinstance(value, (int, str)) else 1}


def texts(files: dict) -> dict[str, str]:
    return {path: yaml.safe_dump(data, sort_keys=False, allow_unicode=True) for path, data in files.items()}


def picture(project) -> dict:
    """Everything an edit can change: per node type its resolution and provenance; the findings."""
    types = {}
    for name, nt in project.node_types.items():
        paths = [("ui", "label")] + [("properties", p, "defaultValue") for p in nt.properties]
        types[name] = (nt.package, nt.from_baseline, nt.abstract, nt.final, nt.ancestors, nt.declared_supertypes,
                       nt.disabled_supertypes, nt.local, nt.merged, nt.effective, [str(f) for f in nt.files],
                       [(str(pr.location), pr.layer, [(v, str(loc), layer) for v, loc, layer in pr.overridden])
                        for pr in map(nt.provenance, paths)],
                       [t.name for t in project.node_types.values() if t.is_of_type(name)])
    findings = sorted((d.format_text(), d.node_type or "", d.property_name or "") for d in project.diagnostics)
    return {"order": list(project.node_types), "types": types, "findings": findings}


def write_files(root: Path, files: dict) -> dict:
    """Write ``files`` (path -> node types) below ``root``; returns them."""
    for path, text in texts(files).items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return files


@seed(21)
@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(EDITS, min_size=1, max_size=6))
def test_random_edits_resolve_incrementally_to_what_a_full_load_gives(tmp_path_factory, edits):
    root = tmp_path_factory.mktemp("incremental") / "Acme.Site"
    files = write_files(root, copy.deepcopy(START))
    (root / "Configuration").mkdir()
    (root / "Configuration" / "Settings.yaml").write_text(SETTINGS, encoding="utf-8")
    before: dict[Path, str] = {}
    project = load_project(root, overrides={})
    history = [(project, before, picture(project))]
    for edit in edits:
        apply(files, edit)
        after = {root / path: text for path, text in texts(files).items()}
        incremental = reresolve(project, before, after)
        expected = load_project(root, overrides=after)
        project = incremental if incremental is not None else expected
        assert picture(project) == picture(expected), edit
        history.append((project, after, picture(expected)))
        before = after
    # the later projects share node types with the earlier ones: those still answer for their own project
    for old, _texts, seen in history:
        assert picture(old) == seen
    # and an earlier project edited again (undo, a second branch) answers as a full load does
    first, first_texts, _seen = history[0]
    branch = reresolve(first, first_texts, before)
    if branch is not None:
        assert picture(branch) == picture(load_project(root, overrides=before))
    for old, _texts, seen in history:
        assert picture(old) == seen


def test_an_edit_resolves_the_edited_type_and_its_subtypes_only(tmp_path):
    root = tmp_path / "Acme.Site"
    files = write_files(root, copy.deepcopy(START))
    project = load_project(root, overrides={})
    files["NodeTypes/A.yaml"]["Acme.Site:T2"]["ui"]["label"] = "Edited"  # in place: no other entry moves
    after = {root / "NodeTypes/A.yaml": texts(files)["NodeTypes/A.yaml"]}
    edited = reresolve(project, {}, after)
    assert edited is not None and edited is not project
    assert edited.node_type("Acme.Site:T2").label == "Edited"
    assert edited.node_type("Acme.Site:T5").label == "Edited"  # through T3, a subtype of T2
    kept = {name for name, nt in edited.node_types.items() if nt.effective is project.node_types[name].effective}
    assert not kept & {"Acme.Site:T2", "Acme.Site:T3", "Acme.Site:T5"}
    assert {"Acme.Site:T0", "Acme.Site:T1", "Acme.Site:T4", "Acme.Site:T6", "Acme.Site:T7", "Neos.Neos:Content"} <= kept
    assert str(edited.node_type("Acme.Site:T5").locate(("ui", "label"))).startswith(str(root / "NodeTypes/A.yaml"))
    assert edited.node_type("Acme.Site:T7").is_of_type("Acme.Site:T6")  # kept types answer in the new project


def test_a_new_file_or_a_file_changed_on_disk_needs_a_full_load(tmp_path):
    root = tmp_path / "Acme.Site"
    for path, text in texts(START).items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    project = load_project(root, overrides={})
    assert reresolve(project, {}, {root / "NodeTypes/New.yaml": "'Acme.Site:N': {}\n"}) is None
    (root / "NodeTypes/C.yaml").write_text("'Acme.Site:T5': {}\n", encoding="utf-8")
    assert reresolve(project, {}, {root / "NodeTypes/A.yaml": "'Acme.Site:T0': {}\n"}) is None


def _package(root: Path, key: str, files: dict[str, str]) -> None:
    folder = root / "DistributionPackages" / key
    (folder / "NodeTypes").mkdir(parents=True, exist_ok=True)
    (folder / "composer.json").write_text(
        '{"name": "acme/%s", "type": "neos-package", "extra": {"neos": {"package-key": "%s"}}}' % (key.lower(), key))
    for name, text in files.items():
        (folder / "NodeTypes" / name).write_text(text, encoding="utf-8")


def test_load_order_ambiguities_follow_the_edits(tmp_path):
    """Two independent packages that set the same key: the finding comes and goes with the edits."""
    root = tmp_path / "dist"
    _package(root, "Acme.A", {"T.yaml": "'Acme.A:T':\n  superTypes: {'Neos.Neos:Content': true}\n  ui: {label: 'A'}\n"
                                        "'Acme.A:U':\n  ui: {label: 'U'}\n"})
    _package(root, "Acme.B", {"More.yaml": "'Acme.A:T':\n  ui: {icon: 'icon-b'}\n'Acme.B:V':\n  ui: {label: 'V'}\n"})
    more = root / "DistributionPackages" / "Acme.B" / "NodeTypes" / "More.yaml"
    project = load_project(root, overrides={})
    before: dict = {}
    for text in ("'Acme.A:T':\n  ui: {icon: 'icon-b', label: 'B'}\n'Acme.B:V':\n  ui: {label: 'V'}\n",  # conflicts now
                 "'Acme.A:T':\n  ui: {icon: 'icon-c', label: 'A'}\n'Acme.B:V':\n  ui: {label: 'W'}\n",  # the same value
                 "'Acme.A:T':\n  ui: {icon: 'icon-c', label: 'C'}\n'Acme.B:V':\n  ui: {label: 'W'}\n"):
        after = {more: text}
        incremental = reresolve(project, before, after)
        expected = load_project(root, overrides=after)
        assert incremental is not None
        assert picture(incremental) == picture(expected)
        project, before = incremental, after
    assert any(d.code == "load-order-ambiguous" for d in project.diagnostics)


def test_a_caller_that_watches_the_files_skips_the_disk_check(tmp_path):
    root = tmp_path / "Acme.Site"
    files = write_files(root, copy.deepcopy(START))
    project = load_project(root, overrides={})
    (root / "NodeTypes/C.yaml").write_text(texts(files)["NodeTypes/C.yaml"] + "# changed\n", encoding="utf-8")
    files["NodeTypes/A.yaml"]["Acme.Site:T2"]["ui"]["label"] = "Edited"
    after = {root / "NodeTypes/A.yaml": texts(files)["NodeTypes/A.yaml"]}
    assert reresolve(project, {}, after) is None  # C.yaml changed on disk: a full load
    edited = reresolve(project, {}, after, check_disk=False)  # the caller's watcher reports C.yaml itself
    assert edited is not None and edited.node_type("Acme.Site:T2").label == "Edited"


def test_a_supertype_switched_off_below_still_brings_its_own_supertypes(tmp_path):
    """T3 switches T0 off (T0 is no ancestor of T3) but inherits, through T2 and T1, what T0 extends: an edit
    of T0's supertypes reaches T3."""
    root = tmp_path / "Acme.Site"
    files = copy.deepcopy(START)
    files["NodeTypes/C.yaml"]["Acme.Site:T0"] = {"ui": {"icon": "icon-zero"}}  # last: an edit moves no other entry
    write_files(root, files)
    project = load_project(root, overrides={})
    assert "Acme.Site:T0" not in project.node_type("Acme.Site:T3").ancestors
    files["NodeTypes/C.yaml"]["Acme.Site:T0"]["superTypes"] = {"Neos.Neos:Document": True}
    after = {root / path: text for path, text in texts(files).items()}
    edited = reresolve(project, {}, after)
    assert edited is not None
    assert edited.node_types["Acme.Site:T6"] is project.node_types["Acme.Site:T6"]  # untouched: the same object
    assert edited.node_type("Acme.Site:T3").is_of_type("Neos.Neos:Document")
    assert "Neos.Neos:Document" in edited.node_type("Acme.Site:T3").ancestors
    assert picture(edited) == picture(load_project(root, overrides=after))


def test_unchanged_node_types_are_shared_and_the_old_project_still_answers(tmp_path):
    root = tmp_path / "Acme.Site"
    files = write_files(root, copy.deepcopy(START))
    first = load_project(root, overrides={})
    seen = picture(first)
    files["NodeTypes/A.yaml"]["Acme.Site:T1"]["superTypes"]["Neos.Neos:Document"] = True
    one = {root / path: text for path, text in texts(files).items()}
    second = reresolve(first, {}, one)
    files["NodeTypes/A.yaml"]["Acme.Site:T1"]["superTypes"]["Neos.Neos:Document"] = False
    files["NodeTypes/C.yaml"]["Acme.Site:T6"]["ui"] = {"label": "Six"}
    two = {root / path: text for path, text in texts(files).items()}
    third = reresolve(second, one, two)
    assert second is not None and third is not None
    assert second.node_types["Acme.Site:T7"] is first.node_types["Acme.Site:T7"]  # T1 is none of its supertypes
    assert second.node_types["Acme.Site:T0"] is first.node_types["Acme.Site:T0"]  # the same object
    assert third.node_types["Acme.Site:T0"] is first.node_types["Acme.Site:T0"]
    assert third.node_types["Acme.Site:T7"] is not second.node_types["Acme.Site:T7"]
    assert second.node_type("Acme.Site:T2").is_of_type("Neos.Neos:Document")
    assert not third.node_type("Acme.Site:T2").is_of_type("Neos.Neos:Document")
    assert picture(first) == seen
    assert picture(second) == picture(load_project(root, overrides=one))
    assert picture(third) == picture(load_project(root, overrides=two))
    again = reresolve(first, {}, one)  # the first project edited once more: another line of projects
    assert again is not None and picture(again) == picture(second)
    assert picture(third) == picture(load_project(root, overrides=two)) and picture(first) == seen


def test_ambiguities_between_the_files_of_one_nodetypes_folder_follow_the_edits(tmp_path):
    root = tmp_path / "dist"
    _package(root, "Acme.A", {"T.yaml": "'Acme.A:T':\n  superTypes: {'Neos.Neos:Content': true}\n  ui: {label: 'A'}\n",
                              "More.yaml": "'Acme.A:T':\n  ui: {icon: 'icon-b'}\n"})
    more = root / "DistributionPackages" / "Acme.A" / "NodeTypes" / "More.yaml"
    project = load_project(root, overrides={})
    before: dict = {}
    seen = []
    for text in ("'Acme.A:T':\n  ui: {icon: 'icon-b', label: 'B'}\n",  # conflicts now
                 "'Acme.A:T':\n  ui: {icon: 'icon-c', label: 'A'}\n",  # the same value
                 "'Acme.A:T':\n  ui: {label: {text: 'C'}}\n"):  # writes below what T.yaml sets
        after = {more: text}
        incremental = reresolve(project, before, after)
        expected = load_project(root, overrides=after)
        assert incremental is not None
        assert picture(incremental) == picture(expected)
        seen.append(sum(d.code == "load-order-ambiguous" for d in incremental.diagnostics))
        project, before = incremental, after
    assert seen == [1, 0, 1]
