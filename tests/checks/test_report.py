"""Output formats and the `check` command: text, JSON, SARIF 2.1.0, select/ignore, project config."""

import json
from pathlib import Path

import attr
import jsonschema
import pytest
import sarif_om

from nodetype_studio.checks import check_project, code_selected
from nodetype_studio.checks.config import load_config
from nodetype_studio.checks.report import to_json, to_sarif_dict, to_text
from nodetype_studio.cli import main
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import load_project

FIXTURES = Path(__file__).parent.parent / "fixtures" / "checks"
SCHEMA = json.loads((FIXTURES / "sarif-2.1.0-subset.schema.json").read_text())

PROJECT = """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    kind:
      type: string
      ui:
        label: Kind
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            allowEmty: true
            values:
              a:
                label: A
    notes:
      type: string
      ui:
        label: Notes
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/TextAreaEditor'
          editorOptions:
            rows: 3
      validation:
        'Neos.Neos/Validation/StringLengthValidator':
          minimum: 9
          maximum: 2
"""


@pytest.fixture
def project_dir(tmp_path):
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text(PROJECT)
    return tmp_path / "Vendor.Site"


@pytest.fixture
def findings(project_dir):
    return check_project(load_project(project_dir, use_cache=False))


def test_text_is_compiler_like(findings, project_dir):
    text = to_text(findings).splitlines()
    assert any(line.startswith(f"{project_dir}/Configuration/NodeTypes.yaml:13:13: warning option-unknown: unknown "
                               "option `allowEmty`") for line in text)
    assert any(":28:11: error validator-min-max: `minimum` (9) is greater than `maximum` (2)" in line for line in text)
    assert text[-1] == "1 error, 1 warning, 2 notes"


def test_json(findings, project_dir):
    data = json.loads(to_json(findings, project_dir))
    assert data["counts"] == {"error": 1, "warning": 1, "info": 2}
    row = next(r for r in data["findings"] if r["code"] == "validator-min-max")
    assert (row["line"], row["column"], row["severity"], row["property_name"]) == (28, 11, "error", "notes")
    assert row["node_type"] == "Vendor.Site:Thing"


def test_sarif_is_valid_against_the_schema(findings, project_dir):
    log = to_sarif_dict(findings, project_dir)
    jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(log)
    run = log["runs"][0]
    result = next(r for r in run["results"] if r["ruleId"] == "validator-min-max")
    assert result["level"] == "error"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "Configuration/NodeTypes.yaml", "uriBaseId": "PROJECTROOT"}
    assert location["region"] == {"startLine": 28, "startColumn": 11}
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "validator-min-max"
    assert run["originalUriBaseIds"]["PROJECTROOT"]["uri"] == project_dir.resolve().as_uri() + "/"
    assert {r["level"] for r in run["results"]} == {"error", "warning", "note"}


def test_schema_rejects_what_sarif_forbids(findings, project_dir):
    validator = jsonschema.Draft7Validator(SCHEMA)
    log = to_sarif_dict(findings, project_dir)
    log["runs"][0]["results"][0]["level"] = "info"  # SARIF says "note"
    assert not validator.is_valid(log)
    log = to_sarif_dict(findings, project_dir)
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    assert not validator.is_valid(log)
    log = to_sarif_dict(findings, project_dir)
    del log["runs"][0]["tool"]["driver"]["name"]
    assert not validator.is_valid(log)


# Which sarif-om class each nested SARIF property holds (sarif-om's attrs classes carry no types).
_NESTED = {
    ("SarifLog", "runs"): sarif_om.Run, ("Run", "tool"): sarif_om.Tool, ("Tool", "driver"): sarif_om.ToolComponent,
    ("ToolComponent", "rules"): sarif_om.ReportingDescriptor,
    ("ReportingDescriptor", "shortDescription"): sarif_om.MultiformatMessageString,
    ("ReportingDescriptor", "defaultConfiguration"): sarif_om.ReportingConfiguration,
    ("Run", "results"): sarif_om.Result, ("Result", "message"): sarif_om.Message,
    ("Result", "locations"): sarif_om.Location, ("Location", "physicalLocation"): sarif_om.PhysicalLocation,
    ("Location", "logicalLocations"): sarif_om.LogicalLocation,
    ("PhysicalLocation", "artifactLocation"): sarif_om.ArtifactLocation, ("PhysicalLocation", "region"): sarif_om.Region,
    ("Result", "properties"): sarif_om.PropertyBag,
}


def _build(cls, data: dict):
    """Instantiate sarif-om objects from the JSON; unknown or missing properties raise."""
    by_json = {a.metadata["schema_property_name"]: a.name for a in attr.fields(cls)}
    kwargs = {}
    for key, value in data.items():
        if cls is sarif_om.PropertyBag:
            continue
        assert key in by_json, f"{cls.__name__} has no SARIF property {key!r}"
        nested = _NESTED.get((cls.__name__, key))
        if nested is not None:
            value = [_build(nested, v) for v in value] if isinstance(value, list) else _build(nested, value)
        elif cls is sarif_om.Run and key == "originalUriBaseIds":
            value = {k: _build(sarif_om.ArtifactLocation, v) for k, v in value.items()}
        kwargs[by_json[key]] = value
    return cls(**kwargs)


def test_sarif_maps_onto_the_sarif_om_object_model(findings, project_dir):
    log = _build(sarif_om.SarifLog, to_sarif_dict(findings, project_dir))
    result = log.runs[0].results[0]
    assert isinstance(result.locations[0].physical_location.region, sarif_om.Region)
    assert log.version == "2.1.0"


def test_sarif_without_findings_and_without_location(project_dir):
    from nodetype_studio.diagnostics import error

    log = to_sarif_dict([error("yaml-syntax", "broken")], project_dir)
    jsonschema.Draft7Validator(SCHEMA).validate(log)
    assert "locations" not in log["runs"][0]["results"][0]
    jsonschema.Draft7Validator(SCHEMA).validate(to_sarif_dict([], project_dir))


@pytest.mark.parametrize("code, select, ignore, expected", [
    ("compat-rows", None, None, True),
    ("compat-rows", ["compat"], None, True),
    ("compat-rows", ["option"], None, False),
    ("compat-rows", None, ["compat"], False),
    ("option-unknown", ["option", "compat"], ["option-unknown"], False),
    ("option-type", ["option"], ["option-unknown"], True),
])
def test_code_selection_by_prefix(code, select, ignore, expected):
    assert code_selected(code, select, ignore) is expected


def run_cli(capsys, *args):
    status = main(["check", *map(str, args)])
    return status, capsys.readouterr().out


def test_cli_formats_and_exit_status(capsys, project_dir):
    status, out = run_cli(capsys, project_dir)
    assert status == 1 and "error validator-min-max" in out and out.strip().endswith("2 notes; Neos 9.x rules (default)")
    status, out = run_cli(capsys, project_dir, "--format", "json", "--select", "option")
    assert status == 0 and {f["code"] for f in json.loads(out)["findings"]} == {"option-unknown"}
    status, out = run_cli(capsys, project_dir, "--format", "sarif", "--ignore", "compat,validator")
    log = json.loads(out)
    jsonschema.Draft7Validator(SCHEMA).validate(log)
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["option-unknown"] and status == 0


def test_cli_writes_output_file(capsys, project_dir, tmp_path):
    target = tmp_path / "report.sarif"
    status, out = run_cli(capsys, project_dir, "--format", "sarif", "-o", target)
    assert out == "" and status == 1
    assert json.loads(target.read_text())["version"] == "2.1.0"
    status, _ = run_cli(capsys, project_dir, "-o", tmp_path / "missing" / "dir" / "x.txt")
    assert status == 2


def test_cli_missing_path(capsys, tmp_path):
    assert main(["check", str(tmp_path / "nope")]) == 2


def test_project_config_yaml(capsys, project_dir):
    (project_dir / ".nodetype-studio.yaml").write_text("select: [option, validator]\nignore: validator-min-max\n")
    status, out = run_cli(capsys, project_dir)
    assert status == 0 and "option-unknown" in out and "validator-min-max" not in out and "compat" not in out
    status, out = run_cli(capsys, project_dir, "--ignore", "option")  # the command line replaces the file's list
    assert "option-unknown" not in out and "validator-min-max" in out


def test_project_config_pyproject(capsys, project_dir):
    (project_dir / "pyproject.toml").write_text('[tool.nodetype-studio]\nignore = ["compat", "option"]\n')
    status, out = run_cli(capsys, project_dir)
    assert "compat" not in out and "option-unknown" not in out and "validator-min-max" in out


@pytest.mark.parametrize("name, text, code, severity", [
    (".nodetype-studio.yaml", "select: [option\n", "config-invalid", Severity.ERROR),
    (".nodetype-studio.yaml", "- option\n", "config-invalid", Severity.ERROR),
    (".nodetype-studio.yaml", "selct: [option]\n", "config-unknown-key", Severity.WARNING),
    (".nodetype-studio.yaml", "select: 5\n", "config-invalid", Severity.ERROR),
    ("pyproject.toml", "[tool.nodetype-studio\n", "config-invalid", Severity.ERROR),
])
def test_broken_config_is_a_finding(project_dir, capsys, name, text, code, severity):
    (project_dir / name).write_text(text)
    config = load_config(project_dir)
    assert [(p.code, p.severity) for p in config.problems] == [(code, severity)]
    assert config.problems[0].file.endswith(name)
    status, out = run_cli(capsys, project_dir)
    assert code in out


def test_a_selection_does_not_hide_the_configurations_own_findings(project_dir, capsys):
    # `select: [option]` and a misspelt key beside it: the typo is still reported (an explicit ignore hides it)
    (project_dir / ".nodetype-studio.yaml").write_text("select: [option]\nignroe: [option-unknown]\n")
    status, out = run_cli(capsys, project_dir)
    assert "config-unknown-key" in out and "option-unknown" in out and "validator-min-max" not in out
    status, out = run_cli(capsys, project_dir, "--ignore", "config")
    assert "config-unknown-key" not in out


def test_config_of_a_single_file_project(tmp_path):
    (tmp_path / ".nodetype-studio.yaml").write_text("ignore: compat\n")
    file = tmp_path / "NodeTypes.yaml"
    file.write_text(PROJECT)
    assert load_config(file).ignore == ["compat"]


def _workflow_commands(out: str) -> list[tuple[str, dict, str]]:
    """GitHub Actions workflow commands as the runner reads them: ``::name k=v,k=v::message``, decoded."""
    def unescape(text: str) -> str:
        for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
            text = text.replace(code, char)
        return text

    commands = []
    for line in out.splitlines():
        if not line.startswith("::"):
            continue
        head, _, message = line[2:].partition("::")
        name, _, props = head.partition(" ")
        fields = dict(item.split("=", 1) for item in props.split(",")) if props else {}
        commands.append((name, {k: unescape(v) for k, v in fields.items()}, unescape(message)))
    return commands


def test_cli_github_annotations(capsys, project_dir, monkeypatch):
    # `--format github`: one annotation per finding on its file and line (paths from the working
    # directory, the repository root in a workflow), notes as `notice`, the summary as plain text
    monkeypatch.chdir(project_dir.parent)
    status, out = run_cli(capsys, "Vendor.Site", "--format", "github")
    commands = _workflow_commands(out)
    _, findings = run_cli(capsys, "Vendor.Site", "--format", "json")
    expected = json.loads(findings)["findings"]
    assert status == 1 and len(commands) == len(expected) > 2
    level = {"error": "error", "warning": "warning", "info": "notice"}
    for (name, fields, message), finding in zip(commands, expected):
        assert name == level[finding["severity"]] and fields["title"] == finding["code"] and message == finding["message"]
        assert fields["file"] == "Vendor.Site/Configuration/NodeTypes.yaml"
        assert (int(fields["line"]), int(fields["col"])) == (finding["line"], finding["column"])
    assert out.strip().splitlines()[-1].endswith("2 notes; Neos 9.x rules (default)")


def test_github_annotations_encode_what_would_end_them(tmp_path):
    from nodetype_studio.checks.report import to_github
    from nodetype_studio.diagnostics import Location, error

    finding = error("option-type", "50% of it:\nsecond line, with a comma\r", Location("dir,x/a:b.yaml", 3, 7))
    line = to_github([finding]).splitlines()[0]
    assert line == ("::error file=dir%2Cx/a%3Ab.yaml,line=3,col=7,title=option-type::"
                    "50%25 of it:%0Asecond line, with a comma%0D")
    assert _workflow_commands(line) == [("error", {"file": "dir,x/a:b.yaml", "line": "3", "col": "7",
                                                    "title": "option-type"}, finding.message)]


@pytest.mark.parametrize("fail_on, status", [("error", 1), ("warning", 1), ("info", 1), ("never", 0)])
def test_cli_fail_on(capsys, project_dir, fail_on, status):
    assert run_cli(capsys, project_dir, "--fail-on", fail_on)[0] == status
    # only the option-unknown warning selected: an error-only gate passes, a warning gate fails
    only_warning = run_cli(capsys, project_dir, "--select", "option-unknown", "--fail-on", fail_on)[0]
    assert only_warning == (1 if fail_on in ("warning", "info") else 0)
