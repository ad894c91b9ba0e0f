"""The checks after an edit (``checks.incremental.recheck``) equal every check run on the edited project:
property-based, with the random edits of ``tests/model/test_incremental.py`` plus edits that make and
unmake findings (editors, options, groups, validators, references, ClientEval), under 8.3 and 9.x rules."""

from __future__ import annotations

import copy
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nodetype_studio.checks import collect_findings
from nodetype_studio.checks.incremental import check_state, recheck
from nodetype_studio.model import load_project
from nodetype_studio.model.incremental import reresolve
from tests.model.test_incremental import EDITS, FILES, NAMES, SETTINGS, START, texts, write_files
from tests.model.test_incremental import apply as apply_model_edit

INSPECTORS = st.sampled_from([
    {"editor": "Neos.Neos/Inspector/Editors/SelectBoxEditor", "editorOptions": {"placeholder": "Pick", "allowEmty": True}},
    {"editor": "Neos.Neos/Inspector/Editors/RangeEditor", "editorOptions": {"min": 5, "max": 1}},
    {"editor": "Neos.Neos/Inspector/Editors/Nope", "group": "text"},
    {"editor": "Neos.Neos/Inspector/Editors/TextFieldEditor", "group": "missing", "position": 10},
    {"group": "text", "position": 10},
    {"editorOptions": {"nodeTypes": ["Acme.Site:T1", "Acme.Site:T6"]}},
])
VALIDATIONS = st.sampled_from([
    None,
    {"Neos.Neos/Validation/StringLengthValidator": {"minimum": 5, "maximum": 1}},
    {"Neos.Neos/Validation/NotEmptyValidator": []},
    {"Neos.Neos/Validation/Nope": {}},
])
CHECK_EDITS = st.tuples(
    st.integers(0, len(FILES) - 1),
    st.sampled_from(NAMES),
    st.sampled_from(["inspector", "groups", "reference", "references", "clienteval", "hidden"]),
    st.sampled_from(["p0", "p1", "title", "ref"]),
    INSPECTORS,
    VALIDATIONS,
    st.sampled_from(["Acme.Site:T1", "Acme.Site:T3", "Neos.Neos:Content", None]),
)


def apply(files: dict, edit) -> None:
    if len(edit) == 5:
        apply_model_edit(files, edit)
        return
    index, name, op, prop, inspector, validation, allowed = edit
    config = files[FILES[index]].get(name)
    if not isinstance(config, dict):
        return
    props = config.setdefault("properties", {})
    if not isinstance(props, dict):
        return
    if op == "inspector":
        entry = props.setdefault(prop, {"type": "string"})
        if isinstance(entry, dict):
            entry["ui"] = {"label": prop, "inspector": copy.deepcopy(inspector)}
            if validation is not None:
                entry["validation"] = copy.deepcopy(validation)
    elif op == "groups":
        ui = config.setdefault("ui", {})
        if isinstance(ui, dict):
            ui["inspector"] = {"groups": {"text": {"label": "Text", "tab": "meta" if allowed else "nope", "position": 10}},
                               "tabs": {"meta": {"label": "Meta"}}}
    elif op == "reference":
        props[prop] = {"type": "reference" if allowed else "references",
                       "ui": {"label": "Ref", "showInCreationDialog": True, "inspector": copy.deepcopy(inspector)}}
    elif op == "references":
        constraints = {"nodeTypes": {allowed: True, "*": False}} if allowed else None
        config["references"] = {prop: {"ui": {"showInCreationDialog": bool(allowed), "inspector": {
            "editorOptions": {"nodeTypes": ["Acme.Site:T1", "Acme.Site:T3"]}}}, "constraints": constraints}}
    elif op == "clienteval":
        props[prop] = {"type": "string", "ui": {"label": "ClientEval:node.properties.titel + 1",
                                                "inspector": {"hidden": "ClientEval:node.properties.title ==="}}}
    elif op == "hidden":
        props[prop] = {"type": "string", "ui": {"inspector": {"hidden": True}},
                       "validation": {"Neos.Neos/Validation/NotEmptyValidator": []}}


def write_start(root: Path, version: str) -> dict:
    files = write_files(root, copy.deepcopy(START))
    (root / "Configuration").mkdir()
    (root / "Configuration" / "Settings.yaml").write_text(SETTINGS, encoding="utf-8")
    (root / ".nodetype-studio.yaml").write_text(f"cmsVersion: '{version}'\n", encoding="utf-8")
    return files


@seed(21)
@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["8.3", "9"]), st.lists(st.one_of(CHECK_EDITS, EDITS), min_size=1, max_size=6))
def test_random_edits_recheck_to_what_every_check_gives(tmp_path_factory, version, edits):
    root = tmp_path_factory.mktemp("rechecks") / "Acme.Site"
    files = write_start(root, version)
    before: dict[Path, str] = {}
    project = load_project(root, overrides={})
    state = check_state(project)
    assert state.findings() == collect_findings(project)
    for edit in edits:
        apply(files, edit)
        after = {root / path: text for path, text in texts(files).items()}
        incremental = reresolve(project, before, after)
        project = incremental if incremental is not None else load_project(root, overrides=after)
        state = recheck(state, project)
        assert state.findings() == collect_findings(project), edit
        assert state.findings(["option", "inspector"], ["option-unknown"]) == \
            collect_findings(project, ["option", "inspector"], ["option-unknown"])
        before = after


def test_an_edit_rechecks_the_edited_type_and_its_subtypes_only(tmp_path):
    root = tmp_path / "Acme.Site"
    files = write_start(root, "9")
    project = load_project(root, overrides={})
    state = check_state(project)
    assert state.rechecked == frozenset(project.node_types)  # the first state checks everything
    # T2 (and through T3 its subtype T5) gets a range editor whose `min` is above its `max`
    props = files["NodeTypes/A.yaml"]["Acme.Site:T2"]["properties"] = {}
    props["size"] = {"type": "integer", "ui": {"inspector": {"editor": "Neos.Neos/Inspector/Editors/RangeEditor",
                                                             "editorOptions": {"min": 5, "max": 1}}}}
    after = {root / "NodeTypes/A.yaml": texts(files)["NodeTypes/A.yaml"]}
    edited = reresolve(project, {}, after)
    assert edited is not None
    state = recheck(state, edited)
    assert state.rechecked == {"Acme.Site:T2", "Acme.Site:T3", "Acme.Site:T5"}
    findings = state.findings()
    assert [d.code for d in findings if d.node_type == "Acme.Site:T2"] == ["option-min-max"]
    assert findings == collect_findings(edited)
    # and fixed again
    props["size"]["ui"]["inspector"]["editorOptions"]["max"] = 10
    fixed = reresolve(edited, after, {root / "NodeTypes/A.yaml": texts(files)["NodeTypes/A.yaml"]})
    assert fixed is not None
    state = recheck(state, fixed)
    assert "option-min-max" not in {d.code for d in state.findings()}
    assert state.findings() == collect_findings(fixed)


def test_a_full_load_checks_everything_again(tmp_path):
    root = tmp_path / "Acme.Site"
    write_start(root, "9")
    state = check_state(load_project(root, overrides={}))
    again = load_project(root, overrides={}, use_cache=False)
    assert recheck(state, again).rechecked == frozenset(again.node_types)


def test_a_type_another_starts_to_inherit_is_checked_again(tmp_path):
    """T5 is a final combination (its users' checks run on it); when T6 inherits it, it is not any more,
    although nothing of T5 itself changed: its `combined` findings move to T6's subtype T7."""
    root = tmp_path / "Acme.Site"
    write_start(root, "9")
    c_yaml = root / "NodeTypes/C.yaml"
    text = ("'Acme.Site:T5': {superTypes: {'Acme.Site:T4': true, 'Acme.Site:T3': true}}\n"
            "'Acme.Site:T6': {final: true, superTypes: {'Neos.Neos:Document': true}}\n"
            "'Acme.Site:T7': {superTypes: {'Acme.Site:T6': true}}\n"
            "'Neos.Neos:Content': {ui: {label: 'Extended platform type'}}\n")
    c_yaml.write_text(text, encoding="utf-8")
    project = load_project(root, overrides={})
    state = check_state(project)
    group = [d for d in state.findings() if d.code == "inspector-group-undefined"]
    assert [(d.node_type, d.property_name) for d in group] == [("Acme.Site:T5", "title")]
    after = {c_yaml: text.replace("'Neos.Neos:Document': true}", "'Neos.Neos:Document': true, 'Acme.Site:T5': true}")}
    edited = reresolve(project, {}, after)
    assert edited is not None and edited.node_types["Acme.Site:T5"].merged is project.node_types["Acme.Site:T5"].merged
    state = recheck(state, edited)
    assert "Acme.Site:T5" in state.rechecked
    group = [d for d in state.findings() if d.code == "inspector-group-undefined"]
    assert [(d.node_type, d.property_name) for d in group] == [("Acme.Site:T7", "title")]
    assert state.findings() == collect_findings(edited)


def test_a_fixture_file_written_between_edits_is_seen(tmp_path):
    """A select box's data source is read from a fixture file, which the studio's "Create fixture file"
    link writes without editing a node type: the next edit's checks see it."""
    root = tmp_path / "Vendor.Site"
    (root / "NodeTypes").mkdir(parents=True)
    box = root / "NodeTypes" / "Box.yaml"
    other = root / "NodeTypes" / "Other.yaml"
    box.write_text("'Vendor.Site:Box':\n  superTypes: {'Neos.Neos:Content': true}\n  properties:\n    p:\n"
                   "      type: string\n      ui:\n        label: P\n        inspector:\n"
                   "          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n"
                   "          editorOptions: {dataSourceIdentifier: vendor-colours}\n", encoding="utf-8")
    other.write_text("'Vendor.Site:Other':\n  superTypes: {'Neos.Neos:Content': true}\n  ui: {label: 'A'}\n",
                     encoding="utf-8")
    fixture = root / ".nodetype-studio" / "data-sources" / "vendor-colours.yaml"
    fixture.parent.mkdir(parents=True)
    project = load_project(root, overrides={})
    state = check_state(project)
    assert "datasource-unresolved" in {d.code for d in state.findings()}
    fixture.write_text("- value: red\n  label: Red\n- [broken\n", encoding="utf-8")
    after = {other: other.read_text(encoding="utf-8").replace("'A'", "'B'")}
    edited = reresolve(project, {}, after)
    assert edited is not None and edited.node_types["Vendor.Site:Box"].merged is project.node_types["Vendor.Site:Box"].merged
    state = recheck(state, edited)
    assert "Vendor.Site:Box" in state.rechecked
    codes = {d.code for d in state.findings()}
    assert "datasource-fixture-invalid" in codes and "datasource-unresolved" not in codes
    assert state.findings() == collect_findings(edited)


def _edit_and_recheck(root: Path, files: dict, project, state, before: dict, path: str):
    """Re-resolve after an edit of ``files[path]`` (as the studio does) and check again; the incremental
    findings must equal every check's."""
    after = {**before, root / path: texts(files)[path]}
    edited = reresolve(project, before, after)
    assert edited is not None
    state = recheck(state, edited)
    assert state.findings() == collect_findings(edited)
    return edited, state, after


def test_an_edited_clienteval_string_of_a_mixin_is_checked_again_in_its_users(tmp_path):
    """The ClientEval checks classify what types share once per run: after an edit of the mixin's string,
    every type that inherits it reads the new one."""
    root = tmp_path / "Acme.Site"
    files = write_start(root, "9")
    title = files["NodeTypes/A.yaml"]["Acme.Site:T0"]["properties"]["title"]
    title["ui"]["label"] = "ClientEval:node.properties.titel"
    write_files(root, files)
    project = load_project(root, overrides={})
    state = check_state(project)
    assert state.findings() == collect_findings(project)

    def unknown():
        return sorted(d.message.split(",")[0] for d in state.findings() if d.code == "clienteval-unknown-property")

    assert unknown() == ["ClientEval reads node.properties.titel"]
    before: dict = {}
    title["ui"]["label"] = "ClientEval:node.properties.title"
    project, state, before = _edit_and_recheck(root, files, project, state, before, "NodeTypes/A.yaml")
    assert unknown() == []
    title["ui"]["label"] = "ClientEval:node.properties.imag"
    title["ui"]["inspector"]["position"] = "ClientEval:1"  # never evaluated: a finding of its own
    project, state, before = _edit_and_recheck(root, files, project, state, before, "NodeTypes/A.yaml")
    assert unknown() == ["ClientEval reads node.properties.imag"]
    assert [d.code for d in state.findings() if "`ClientEval:1`" in d.message] == ["clienteval-not-evaluated"]


def test_a_reference_type_edited_in_a_supertype_is_checked_again(tmp_path):
    """9.x legacy references: which fragment writes a property's type is remembered per run; an edit of the
    type in a supertype reaches its subtypes."""
    root = tmp_path / "Acme.Site"
    files = write_start(root, "9")
    project = load_project(root, overrides={})
    state = check_state(project)

    def moves():
        return sorted((d.node_type, d.property_name) for d in state.findings() if d.code == "neos9-reference-property")

    assert moves() == []
    image = files["NodeTypes/A.yaml"]["Acme.Site:T1"]["properties"]["image"]
    before: dict = {}
    image["type"] = "reference"
    project, state, before = _edit_and_recheck(root, files, project, state, before, "NodeTypes/A.yaml")
    assert moves() == [("Acme.Site:T1", "image")]
    # T2 now writes the property as a string: T1's property can no longer be moved mechanically
    files["NodeTypes/A.yaml"]["Acme.Site:T2"]["properties"] = {"image": {"type": "string"}}
    project, state, before = _edit_and_recheck(root, files, project, state, before, "NodeTypes/A.yaml")
    blocked = [d for d in state.findings() if d.code == "neos9-reference-property"]
    assert [d.node_type for d in blocked] == ["Acme.Site:T1"]
    assert "inherits it as a property of another type" in blocked[0].message
    image["type"] = "Neos\\Media\\Domain\\Model\\ImageInterface"
    project, state, before = _edit_and_recheck(root, files, project, state, before, "NodeTypes/A.yaml")
    assert moves() == []
