"""The data-source checks on whole projects: the example project, related fixture locations, settings."""

from pathlib import Path

from nodetype_studio.checks import check_project, run_checks
from nodetype_studio.model import load_project
from tests.checks.helpers import check_text

EXAMPLE = Path(__file__).resolve().parents[2] / "nodetype_studio" / "resources" / "example"
BOX = """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    p:
      type: string
      ui:
        label: P
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            dataSourceIdentifier: vendor-colours
"""


def test_the_example_project_has_a_fixture_for_every_data_source():
    findings = check_project(load_project(EXAMPLE))
    assert [d.format_text() for d in findings if "datasource" in d.code] == []


def test_fixture_problems_point_into_the_fixture_file(tmp_path):
    fixture = tmp_path / "Vendor.Site" / ".nodetype-studio" / "data-sources" / "vendor-colours.yaml"
    fixture.parent.mkdir(parents=True)
    fixture.write_text("- value: red\n  label: Red\n- value: blue\n- [broken\n")
    _project, findings = check_text(tmp_path, BOX)
    [invalid] = [d for d in findings if d.code == "datasource-fixture-invalid"]
    assert invalid.line == 13 and invalid.file.endswith("NodeTypes.Test.yaml")
    assert invalid.related[0].file == str(fixture) and invalid.related[0].line == 5


def test_backend_or_plugin_resolves_the_box(tmp_path, monkeypatch, clean_plugins):
    _project, findings = check_text(tmp_path, BOX)
    assert [d.code for d in findings] == ["datasource-unresolved"]
    monkeypatch.setenv("NODETYPE_STUDIO_BACKEND", "http://localhost:8081")
    _project, findings = check_text(tmp_path, BOX)
    assert findings == []


def test_inherited_box_is_reported_once_at_the_supertype(tmp_path):
    text = BOX.replace("'Vendor.Site:Thing':", "'Vendor.Site:Mixin':\n  abstract: true\n  properties:\n    p:\n      type: string\n"
                       "      ui:\n        inspector:\n          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n"
                       "          editorOptions:\n            dataSourceIdentifier: vendor-sizes\n'Vendor.Site:Thing':", 1)
    text += "'Vendor.Site:Other':\n  superTypes:\n    'Vendor.Site:Mixin': true\n"
    _project, findings = check_text(tmp_path, text)
    unresolved = [d for d in findings if d.code == "datasource-unresolved"]
    assert sorted((d.line, "vendor-sizes" in d.message) for d in unresolved) == [(10, True), (23, False)]


def test_corpus_findings_are_infos(corpus):
    project = load_project(corpus)
    findings = [d for d in run_checks(project) if d.code.startswith(("datasource", "compat-datasource"))]
    assert findings and all(d.severity == "info" for d in findings)
    assert all(d.file and d.line for d in findings)
