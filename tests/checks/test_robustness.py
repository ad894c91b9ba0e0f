"""Odd shapes never crash the checker; findings in a supertype's own file are reported there."""

import gc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodetype_studio.checks import neos9, run_checks
from nodetype_studio.checks.incremental import check_state
from nodetype_studio.model import load_project
from tests.checks.helpers import check_text

ODD = """'Vendor.Site:Odd':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    inspector:
      groups: [a, b]
      tabs: ~
  properties:
    a: ~
    b: 5
    c:
      type: [string]
      ui: 7
    d:
      type: string
      ui:
        inspector: [x]
    e:
      type: string
      ui:
        inspector:
          group: [default]
          position: [1]
          editor: 42
          editorOptions: 'oops'
      validation: 'Neos.Neos/Validation/NotEmptyValidator'
    f:
      type: string
      ui:
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            values: [a, b]
            placeholder: {x: 1}
      validation:
        'Neos.Neos/Validation/StringLengthValidator': 5
        'Neos.Neos/Validation/RegularExpressionValidator':
          regularExpression: 12
    g:
      type: DateTime
      defaultValue: [now]
      ui:
        inspector:
          group: default
          editorOptions:
            format: 5
            crop: ~
"""


def test_odd_shapes_are_findings_not_crashes(check):
    _, findings = check(ODD)
    codes = {d.code for d in findings}
    assert {"property-type-unknown", "option-type", "editor-unknown", "validator-shape",
            "validator-option-type", "default-value-type"} <= codes
    assert all(d.line >= 1 for d in findings)


def test_finding_in_the_supertype_file(tmp_path):
    folder = tmp_path / "Vendor.Site" / "NodeTypes"
    folder.mkdir(parents=True)
    (folder / "Mixin.yaml").write_text("""'Vendor.Site:Mixin.Teaser':
  abstract: true
  properties:
    teaser:
      type: string
      ui:
        label: Teaser
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/TextAreaEditor'
          editorOptions:
            maxlenght: 200
""")
    (folder / "Article.yaml").write_text("""'Vendor.Site:Article':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Teaser': true
'Vendor.Site:News':
  superTypes:
    'Vendor.Site:Article': true
""")
    findings = run_checks(load_project(tmp_path / "Vendor.Site", use_cache=False))
    assert [(d.code, d.file.rsplit("/", 1)[-1], d.line, d.column) for d in findings] == [
        ("option-unknown", "Mixin.yaml", 12, 13)]
    assert "did you mean `maxlength`?" in findings[0].message


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from(["", "x", "ClientEval:1", "~", "[]"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.sampled_from(
                                                             ["values", "label", "min", "max", "crop", "features",
                                                              "aspectRatio", "options", "x", "group"]), inner, max_size=3)),
                       max_leaves=8)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(editor=st.sampled_from(["SelectBoxEditor", "ImageEditor", "RangeEditor", "DateTimeEditor", "RichTextEditor",
                               "ReferencesEditor", "Nope"]),
       options=st.dictionaries(st.sampled_from(["values", "min", "max", "crop", "features", "format", "formatting",
                                                "createNew", "maximumFileSize", "placeholder", "allowEmpty"]),
                               _values, max_size=4),
       validation=st.dictionaries(st.sampled_from(["Neos.Neos/Validation/StringLengthValidator",
                                                   "Neos.Neos/Validation/RegularExpressionValidator", "X"]),
                                  _values, max_size=2))
def test_any_options_never_crash(tmp_path_factory, editor, options, validation):
    import yaml

    config = {"Vendor.Site:Fuzz": {"superTypes": {"Neos.Neos:Content": True}, "properties": {"p": {
        "type": "string", "validation": validation,
        "ui": {"inspector": {"group": "default", "editor": f"Neos.Neos/Inspector/Editors/{editor}",
                             "editorOptions": options}}}}}}
    check_text(tmp_path_factory.mktemp("fuzz"), yaml.safe_dump(config))


def test_a_select_box_whose_values_is_a_number_is_reported_not_a_crash(tmp_path):
    """`values: 1` with a placeholder that needs allowEmpty: the option rules read `values` as a map."""
    from nodetype_studio.checks import run_checks
    from nodetype_studio.model import load_project

    folder = tmp_path / "Acme.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text(
        "'Acme.Site:Box':\n  superTypes: {'Neos.Neos:Content': true}\n  properties:\n    pick:\n"
        "      type: string\n      ui:\n        inspector:\n          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n"
        "          editorOptions: {placeholder: 'Choose', values: 1}\n")
    findings = run_checks(load_project(tmp_path / "Acme.Site", use_cache=False))
    assert any(f.property_name == "pick" and f.code.startswith("option") for f in findings)


def test_an_inspector_that_is_a_list_or_untyped_scalar_is_a_warning(check):
    _, findings = check("""'Vendor.Site:Odd':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    listed:
      type: string
      ui:
        inspector: [default]
    untyped:
      ui:
        inspector: default
""")
    found = {(d.property_name, d.severity.value, d.line) for d in findings if d.code == "inspector-not-map"}
    assert found == {("listed", "warning", 8), ("untyped", "warning", 11)}
    messages = " ".join(d.message for d in findings if d.code == "inspector-not-map")
    assert "is a list, not a map" in messages and "does not show the property" in messages


def test_a_scalar_inspector_of_a_reference_is_an_error_in_9(tmp_path):
    # 9.x runs the editor post-processor on `references:` too (it used to raise on the scalar)
    text = """'Vendor.Site:Ref':
  superTypes:
    'Neos.Neos:Content': true
  references:
    r:
      ui:
        inspector: 'x'
"""
    from tests.checks.helpers import check_text

    _, findings = check_text(tmp_path, text)
    finding, = [d for d in findings if d.code == "inspector-not-map"]
    assert (finding.severity.value, finding.line, finding.column) == ("error", 7, 9)
    assert finding.message.startswith("`ui.inspector` of reference `r` is string `x`, not a map: the CMS fails")


def test_a_list_inspector_of_a_reference_is_a_warning_in_9(tmp_path):
    # as for a property: the list gives the inspector no `group`, so the reference is not shown
    text = """'Vendor.Site:Ref':
  superTypes:
    'Neos.Neos:Content': true
  references:
    r:
      ui:
        inspector: [default]
    empty:
      ui:
        inspector: []
"""
    from tests.checks.helpers import check_text

    project, findings = check_text(tmp_path, text)
    finding, = [d for d in findings if d.code == "inspector-not-map"]
    assert (finding.severity.value, finding.line, finding.column) == ("warning", 7, 9)
    assert finding.message.startswith("`ui.inspector` of reference `r` is a list, not a map: the CMS reads no `group`")
    assert "the reference is not shown in the inspector" in finding.message


def test_a_check_run_gives_the_collector_back_as_it_found_it(tmp_path, monkeypatch):
    """The checks pause the cyclic garbage collector while they run (as a load does), and leave it as it
    was: on, off, or after a check that fails."""
    project, _ = check_text(tmp_path, ODD)
    seen = []
    version_findings = neos9.version_findings
    monkeypatch.setattr(neos9, "version_findings", lambda *a: seen.append(gc.isenabled()) or version_findings(*a))
    was = gc.isenabled()  # (off once a Qt test made the GUI thread the collector: tests/conftest.py)
    gc.enable()
    try:
        run_checks(project)
        check_state(project)
        assert seen == [False, False] and gc.isenabled()
        gc.disable()
        run_checks(project)
        assert not gc.isenabled()
        gc.enable()

        def broken(*_args):
            raise RuntimeError("a rule failed")

        monkeypatch.setattr(neos9, "version_findings", broken)
        with pytest.raises(RuntimeError):
            run_checks(project)
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_a_scalar_property_or_child_node_is_an_error_where_the_preset_postprocessor_runs(tmp_path, version):
    # NodeTypePresetPostprocessor (declared on Neos.Neos:Node) hands every entry to Arrays::getValueByPath(),
    # which takes an array; a mixin outside Neos.Neos:Node is not post-processed, so it alone does not fail
    folder = tmp_path / "Vendor.Site" / "NodeTypes"
    folder.mkdir(parents=True)
    (folder / "Types.yaml").write_text("""'Vendor.Site:Mixin':
  abstract: true
  properties:
    loose: string
'Vendor.Site:Box':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    title: string
    list: [string]
  childNodes:
    main: true
    gone: ~
""", encoding="utf-8")
    project = load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version=version)
    found = [(d.code, d.severity.value, d.line, d.column, d.node_type, d.property_name) for d in run_checks(project)
             if d.code in ("property-not-map", "childnode-not-map")]
    assert found == [("property-not-map", "error", 9, 5, "Vendor.Site:Box", "title"),
                     ("childnode-not-map", "error", 12, 5, "Vendor.Site:Box", None)]


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_a_postprocessor_entry_that_names_no_class_is_an_error(tmp_path, version):
    # NodeType::applyPostprocessing(): `new $entry['postprocessor']()` for every entry the positional sorter keeps
    # (it drops `~` ones); an entry that only moves a platform post-processor keeps the platform's class
    folder = tmp_path / "Vendor.Site" / "NodeTypes"
    folder.mkdir(parents=True)
    (folder / "Types.yaml").write_text("""'Vendor.Site:Box':
  superTypes:
    'Neos.Neos:Content': true
  postprocessors:
    IconNameMappingPostprocessor:
      position: start
    DefaultPropertyEditorPostprocessor: ~
    empty:
      postprocessor: ''
    loose: 'Vendor\\Site\\Loose'
'Vendor.Site:Scalar':
  superTypes:
    'Neos.Neos:Content': true
  postprocessors: 'Vendor\\Site\\Loose'
""", encoding="utf-8")
    project = load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version=version)
    found = [(d.line, d.message.split(":")[0]) for d in run_checks(project) if d.code == "postprocessor-class-missing"]
    assert found == [(8, "post-processor `empty` has `postprocessor` string ``, not a class name"),
                     (10, "post-processor `loose` is string `Vendor\\Site\\Loose`, not a map with a `postprocessor` class"),
                     (14, "`postprocessors` is string `Vendor\\Site\\Loose`, not a map")]
