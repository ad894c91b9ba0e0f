"""`nodetype-studio validate PATH NODETYPE PROPERTY VALUE [--json]` against a real fixture project."""

import json
from pathlib import Path

import pytest

from nodetype_studio.cli import main

FIXTURE = str(Path(__file__).parents[1] / "fixtures" / "validation" / "Acme.Demo")
FORM = "Acme.Demo:Content.Form"


def cli(capsys, *args):
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_valid_value_exits_0(capsys):
    code, out, _ = cli(capsys, FIXTURE, FORM, "slug", "my-slug")
    assert code == 0 and out.startswith('valid: "my-slug"')


def test_invalid_value_exits_1_and_prints_the_errors(capsys):
    code, out, _ = cli(capsys, FIXTURE, FORM, "slug", "my slug")
    assert code == 1
    assert "error: The value does not match the pattern /^[a-z0-9\\-]+$/i.  [Neos.Neos/Validation/RegularExpressionValidator]" in out


@pytest.mark.parametrize("value, expected", [("42", 0), ("'42'", 0), ("0", 1), ("[5]", 0), ("''", 0), ("~", 0), ("abc", 1)])
def test_value_is_read_as_yaml(capsys, value, expected):
    code, out, _ = cli(capsys, FIXTURE, FORM, "maxEntries", value)
    assert code == expected, out


def test_json_output(capsys):
    code, out, _ = cli(capsys, FIXTURE, FORM, "legacyCode", "a b", "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False and data["value"] == "a b"
    assert [f["severity"] for f in data["findings"]] == ["error", "warning"]
    assert data["findings"][0]["compat"] and data["validators"][1] == "Acme.Demo/Validation/UnknownValidator"


def test_warnings_alone_do_not_fail(capsys):
    code, out, _ = cli(capsys, FIXTURE, FORM, "legacyCode", "abc")
    assert code == 0 and "warning: Unknown validator Acme.Demo/Validation/UnknownValidator" in out


def test_property_without_validators(capsys):
    code, out, _ = cli(capsys, FIXTURE, FORM, "free", "x")
    assert code == 0 and "has no validators" in out


def test_date_values_stay_strings(capsys):
    code, out, _ = cli(capsys, FIXTURE, FORM, "slug", "2024-01-31T10:00:00+01:00", "--json")
    assert json.loads(out)["value"] == "2024-01-31T10:00:00+01:00"


def test_could_not_run_exits_2(capsys):
    code, _, err = cli(capsys, "/no/such/folder", FORM, "slug", "x")
    assert code == 2 and "no such file or folder" in err


@pytest.mark.parametrize("args, message", [
    ((FIXTURE, "Acme.Demo:Nope", "slug", "x"), "is not defined"),
    ((FIXTURE, FORM, "slugg", "x"), "has no property 'slugg' (did you mean slug?)"),
    ((FIXTURE, FORM, "slug", "[unclosed"), "VALUE could not be read as YAML"),
])
def test_wrong_input_exits_1_as_in_every_command(capsys, args, message):
    code, _, err = cli(capsys, *args)
    assert code == 1 and message in err


@pytest.mark.parametrize("validation", ["1.5", "'Neos.Neos/Validation/NotEmptyValidator'"])
def test_validation_that_is_not_a_map_is_a_warning(capsys, tmp_path, validation):
    # `validate` listed the validators with list(validation) and stopped on a number ("could not run")
    folder = tmp_path / "Acme.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text(f"""'Acme.Site:Odd':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    title:
      type: string
      validation: {validation}
""", encoding="utf-8")
    code, out, err = cli(capsys, str(tmp_path / "Acme.Site"), "Acme.Site:Odd", "title", "x")
    assert code == 0 and not err
    assert "warning: `validation` must be a map of validator identifiers to options.  [validation]" in out
    code, out, _ = cli(capsys, str(tmp_path / "Acme.Site"), "Acme.Site:Odd", "title", "x", "--json")
    assert code == 0 and json.loads(out)["validators"] == []


@pytest.mark.parametrize("require, expected", [("^8.3", "Neos 8.3's NotEmptyValidator"), ("^9.0", "is required")])
def test_the_projects_cms_version_decides_null_options(capsys, tmp_path, require, expected):
    package = tmp_path / "Acme.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text(json.dumps({"name": "acme/site", "require": {"neos/neos": require}}))
    (package / "Configuration" / "NodeTypes.Thing.yaml").write_text(
        "'Acme.Site:Thing':\n  superTypes:\n    'Neos.Neos:Content': true\n  properties:\n    title:\n"
        "      type: string\n      validation:\n        'Neos.Neos/Validation/NotEmptyValidator': ~\n")
    code, out, _ = cli(capsys, str(package), "Acme.Site:Thing", "title", "''")
    assert code == 1 and expected in out, out
