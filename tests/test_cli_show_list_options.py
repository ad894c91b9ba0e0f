"""`show --path/--level` and `list --filter/--include-abstract`, the options of the CMS's own
`./flow nodetypes:show` and `nodetypes:list` (NodeTypesCommandController in Neos.ContentRepository 8.3
and Neos.ContentRepositoryRegistry 9.x)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import yaml

from nodetype_studio.cli import main

PAGE = """
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    subtitle:
      type: string
      defaultValue: ~
      ui:
        label: Sub
        help:
          message: "first line\\nsecond line"
        inspector:
          group: document
    count:
      type: integer
      defaultValue: 0
'Acme.Site:Mixin.Abstract':
  abstract: true
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
"""


@pytest.fixture
def site(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "Acme.Site" / "NodeTypes" / "Page.yaml"
    target.parent.mkdir(parents=True)
    target.write_text(textwrap.dedent(PAGE).lstrip("\n"), encoding="utf-8")
    return tmp_path / "Acme.Site"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def body(out: str) -> str:
    return "".join(line + "\n" for line in out.splitlines() if not line.startswith("#"))


# --- show --path -------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_show_path_prints_only_that_part_without_the_name_key(site, capsys, version):
    code, out, err = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.ui",
                         "--cms-version", version)
    assert code == 0 and err == ""
    assert "# configuration Acme.Site:Page.properties.subtitle.ui" in out.splitlines()
    shown = yaml.safe_load(body(out))
    assert shown["label"] == "Sub"
    assert shown["help"] == {"message": "first line\nsecond line"}
    assert shown["inspector"]["group"] == "document"


def test_show_path_to_a_single_value(site, capsys):
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.ui.label")
    assert code == 0 and body(out) == "Sub\n"
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.count.defaultValue")
    assert code == 0 and body(out) == "0\n"
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.ui.help.message")
    assert code == 0 and yaml.safe_load(body(out)) == "first line\nsecond line"


def test_show_path_through_keys_with_dots(site, capsys):
    # the CMS splits at every dot; a key like a node type or validator name is still reachable here
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "superTypes.Neos.Neos:Document")
    assert code == 0 and body(out) == "true\n"
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path",
                       "properties.title.validation.Neos.Neos/Validation/StringLengthValidator")
    assert code == 0 and yaml.safe_load(body(out)) == {"minimum": 1, "maximum": 255}


@pytest.mark.parametrize("path", ["properties.nope", "properties.subtitle.ui.label.deeper", "nope"])
def test_show_missing_path_says_so(site, capsys, path):
    code, out, err = run(capsys, "show", str(site), "Acme.Site:Page", "--path", path)
    assert code == 1 and out == ""
    assert f"node type 'Acme.Site:Page' does not have configuration '{path}'" in err


def test_show_null_path_is_not_there_as_in_the_cms(site, capsys):
    # NodeType::hasConfiguration() is getConfiguration() !== null
    code, out, err = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.defaultValue")
    assert code == 1 and out == ""
    assert "does not have configuration 'properties.subtitle.defaultValue' (it is null)" in err


def test_show_path_json(site, capsys):
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.ui", "--json",
                       "--provenance")
    assert code == 0
    data = json.loads(out)
    assert data["path"] == "properties.subtitle.ui"
    assert data["configuration"]["label"] == "Sub"
    assert data["provenance"]["properties.subtitle.ui.label"]["at"] == "Acme.Site/NodeTypes/Page.yaml:9:9"
    assert all(key.startswith("properties.subtitle.ui.") for key in data["provenance"])


def test_show_path_provenance_text(site, capsys):
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle", "--provenance")
    assert code == 0
    lines = body(out).splitlines()
    assert lines[0] == "type: string  # own @ Acme.Site/NodeTypes/Page.yaml:6:7"
    assert "    label: Sub  # own @ Acme.Site/NodeTypes/Page.yaml:9:9" in lines
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.ui.label",
                       "--provenance")
    assert body(out) == "Sub  # own @ Acme.Site/NodeTypes/Page.yaml:9:9\n"


# --- show --level ------------------------------------------------------------------------------------


def test_show_level_truncates_like_the_cms(site, capsys):
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--level", "2")
    assert code == 0
    config = yaml.safe_load(body(out))["Acme.Site:Page"]
    assert config["properties"]["subtitle"] == "..."
    assert config["superTypes"]["Neos.Neos:Document"] == "..."
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--level", "1")
    assert set(yaml.safe_load(body(out))["Acme.Site:Page"].values()) == {"..."}


def test_show_level_with_path(site, capsys):
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle", "--level", "1")
    assert yaml.safe_load(body(out)) == {"type": "...", "defaultValue": "...", "ui": "..."}
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle.type", "--level", "1")
    assert body(out) == "string\n"  # a single value is not truncated
    code, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle", "--level", "0")
    assert yaml.safe_load(body(out))["ui"]["label"] == "Sub"


def test_show_level_json_and_provenance(site, capsys):
    _, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle", "--level", "2",
                    "--json")
    assert json.loads(out)["configuration"]["ui"] == {"label": "...", "help": "...", "inspector": "..."}
    _, out, _ = run(capsys, "show", str(site), "Acme.Site:Page", "--path", "properties.subtitle", "--level", "2",
                    "--provenance")
    lines = body(out).splitlines()
    assert "ui:" in lines and "    label: ..." in lines
    assert lines[0] == "type: string  # own @ Acme.Site/NodeTypes/Page.yaml:6:7"


# --- list --filter / --include-abstract -------------------------------------------------------------


def names(out: str) -> list[str]:
    return [line.split(" ")[0] for line in out.splitlines() if line and not line.startswith((" ", "#"))]


def test_list_filter_is_a_case_sensitive_substring(site, capsys):
    code, out, _ = run(capsys, "list", str(site), "--filter", "Teas")
    assert code == 0 and names(out) == ["Acme.Site:Teaser"]
    _, out, _ = run(capsys, "list", str(site), "--filter", "teas")
    assert names(out) == []
    _, out, _ = run(capsys, "list", str(site), "--filter", "Site:")
    assert names(out) == ["Acme.Site:Mixin.Abstract", "Acme.Site:Page", "Acme.Site:Teaser"]


def test_list_filter_with_all_and_json(site, capsys):
    _, out, _ = run(capsys, "list", str(site), "--all", "--json", "--filter", "Neos.Neos:Content")
    listed = [row["name"] for row in json.loads(out)["nodeTypes"]]
    assert listed == ["Neos.Neos:Content", "Neos.Neos:ContentCollection"]


def test_list_abstract_types_are_included_unless_told(site, capsys):
    _, out, _ = run(capsys, "list", str(site))
    assert "Acme.Site:Mixin.Abstract" in names(out)
    _, out, _ = run(capsys, "list", str(site), "--include-abstract")
    assert "Acme.Site:Mixin.Abstract" in names(out)
    _, out, _ = run(capsys, "list", str(site), "--no-include-abstract")
    assert names(out) == ["Acme.Site:Page", "Acme.Site:Teaser"]
    _, out, _ = run(capsys, "list", str(site), "--no-include-abstract", "--all", "--json")
    rows = json.loads(out)["nodeTypes"]
    assert rows and not any(row["abstract"] for row in rows)
    assert "Neos.Neos:Document" not in [row["name"] for row in rows]  # abstract in the platform
