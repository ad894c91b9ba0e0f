"""The model's sub-commands: `list`, `show`, `check`, as a user runs them."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
import yaml

from nodetype_studio.cli import main

SITE = {
    "NodeTypes/Mixin/Teaser.yaml": """
        'Acme.Site:Mixin.Teaser':
          abstract: true
          properties:
            teaserText:
              type: string
              ui:
                label: Teaser text
                inspector:
                  group: document
        """,
    "NodeTypes/Document/Page.yaml": """
        'Acme.Site:Document.Page':
          superTypes:
            'Neos.Neos:Document': true
            'Acme.Site:Mixin.Teaser': true
          properties:
            published:
              type: DateTime
              ui:
                label: Published
                inspector:
                  group: document
        """,
    "Configuration/NodeTypes.Override.yaml": """
        'Acme.Site:Document.Page':
          properties:
            teaserText:
              ui:
                label: Page teaser
        """,
}


def write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


@pytest.fixture
def site(tmp_path, monkeypatch) -> Path:
    """A clean package; the working directory is its parent so paths print relative."""
    monkeypatch.chdir(tmp_path)
    return write(tmp_path / "Acme.Site", SITE)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- list ------------------------------------------------------------------------------------------


def test_list_text(site, capsys):
    code, out, err = run(capsys, "list", "Acme.Site")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("# ") and lines[0].endswith("(package, prefix Neos); package load order: Acme.Site")
    assert "Acme.Site:Document.Page\n    supertypes: Neos.Neos:Document, Acme.Site:Mixin.Teaser\n    package: Acme.Site\n" \
           "    files: Acme.Site/NodeTypes/Document/Page.yaml:1, Acme.Site/Configuration/NodeTypes.Override.yaml:1" in out
    assert "Acme.Site:Mixin.Teaser (abstract)\n    supertypes: -" in out
    # the studio's baseline types are not the project's
    assert "Neos.Neos:Document\n" not in out


def test_list_json(site, capsys):
    code, out, _ = run(capsys, "list", "Acme.Site", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["prefix"] == "Neos"
    assert data["packages"] == ["Acme.Site"]
    assert Path(data["root"]) == site.resolve()
    rows = {row["name"]: row for row in data["nodeTypes"]}
    assert list(rows) == ["Acme.Site:Document.Page", "Acme.Site:Mixin.Teaser"]
    assert rows["Acme.Site:Document.Page"] == {
        "name": "Acme.Site:Document.Page", "abstract": False, "final": False,
        "supertypes": ["Neos.Neos:Document", "Acme.Site:Mixin.Teaser"], "package": "Acme.Site",
        "files": ["Acme.Site/NodeTypes/Document/Page.yaml:1", "Acme.Site/Configuration/NodeTypes.Override.yaml:1"],
    }
    assert rows["Acme.Site:Mixin.Teaser"]["abstract"] is True


def test_list_all_includes_the_baseline(site, capsys):
    _, out, _ = run(capsys, "list", "Acme.Site", "--json", "--all")
    names = [row["name"] for row in json.loads(out)["nodeTypes"]]
    assert "Neos.Neos:Document" in names and "Acme.Site:Document.Page" in names


def test_list_shows_the_package_load_order_of_a_distribution(fixtures, capsys):
    code, out, _ = run(capsys, "list", str(fixtures / "model" / "distribution"))
    assert code == 0
    assert out.splitlines()[0].endswith("(distribution, prefix Neos); package load order: "
                                        "Alpha.Base, Zeta.Mixins, Acme.Site, Beta.Tools, (global configuration)")


# --- show ------------------------------------------------------------------------------------------


def test_show_yaml_is_the_effective_configuration(site, capsys):
    code, out, err = run(capsys, "show", "Acme.Site", "Acme.Site:Document.Page")
    assert code == 0 and err == ""
    header = [line for line in out.splitlines() if line.startswith("#")]
    assert header[0] == "# Acme.Site:Document.Page"
    # no composer files: the 9.x platform, with Neos.TimeableNodeVisibility (facts §3.2)
    assert header[1] == ("# inherits (merge order): Neos.Neos:Node, Neos.Neos:Hidable, Neos.TimeableNodeVisibility:Timeable, "
                         "Neos.Neos:Document, Acme.Site:Mixin.Teaser")
    assert header[2] == "# defined in: Acme.Site/NodeTypes/Document/Page.yaml:1, Acme.Site/Configuration/NodeTypes.Override.yaml:1"
    document = yaml.safe_load(out)
    config = document["Acme.Site:Document.Page"]
    assert config["properties"]["teaserText"]["ui"]["label"] == "Page teaser"
    assert config["properties"]["published"]["ui"]["inspector"] == {
        "editorOptions": {"placeholder": "Neos.Neos:Main:content.inspector.editors.dateTimeEditor.noDateSet", "format": "d-m-Y"},
        "editor": "Neos.Neos/Inspector/Editors/DateTimeEditor",
        "typeConverter": "Neos\\Neos\\Service\\Mapping\\DateStringConverter",  # the whole data-type block
        "group": "document"}
    assert config["properties"]["title"]["validation"]["Neos.Neos/Validation/StringLengthValidator"] == {
        "minimum": 1, "maximum": 255}


def test_show_accepts_the_other_platform_spelling(site, capsys):
    code, out, _ = run(capsys, "show", "Acme.Site", "Cms.Cms:Document")
    assert code == 0
    assert out.startswith("# Neos.Neos:Document (abstract)\n")


def test_show_json(site, capsys):
    code, out, _ = run(capsys, "show", "Acme.Site", "Acme.Site:Document.Page", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["name"] == "Acme.Site:Document.Page"
    assert data["abstract"] is False and data["package"] == "Acme.Site"
    assert data["supertypes"] == ["Neos.Neos:Node", "Neos.Neos:Hidable", "Neos.TimeableNodeVisibility:Timeable",
                                  "Neos.Neos:Document", "Acme.Site:Mixin.Teaser"]
    assert data["configuration"]["properties"]["teaserText"]["ui"]["label"] == "Page teaser"
    assert "provenance" not in data


def test_show_json_with_provenance(site, capsys):
    code, out, _ = run(capsys, "show", "Acme.Site", "Acme.Site:Document.Page", "--json", "--provenance")
    assert code == 0
    provenance = json.loads(out)["provenance"]
    label = provenance["properties.teaserText.ui.label"]
    assert label["at"] == "Acme.Site/Configuration/NodeTypes.Override.yaml:5:9"
    assert label["layer"] == "own"
    assert label["overridden"] == [{"value": "Teaser text", "at": "Acme.Site/NodeTypes/Mixin/Teaser.yaml:7",
                                    "layer": "supertype Acme.Site:Mixin.Teaser"}]
    fmt = provenance["properties.published.ui.inspector.editorOptions.format"]
    assert fmt["layer"] == "data-type default"
    assert re.search(r"resources/baseline/9/Neos\.Neos/Configuration/Settings\.yaml:\d+:\d+$", fmt["at"])
    assert provenance["properties.published.ui.inspector.editorOptions.placeholder"]["layer"] == "editor default"
    assert provenance["properties.title.type"]["layer"] == "platform baseline"
    # every leaf of the configuration has an entry
    assert all(entry["layer"] for entry in provenance.values()), [k for k, v in provenance.items() if not v["layer"]]


def test_show_provenance_text_has_file_line_and_layer(site, capsys):
    code, out, _ = run(capsys, "show", "Acme.Site", "Acme.Site:Document.Page", "--provenance")
    assert code == 0
    lines = out.splitlines()
    label = next(line for line in lines if line.strip().startswith("label: 'Page teaser'"))
    # (spelled as the CMS's nodetypes:show spells them: Symfony YAML quotes a string with a space)
    assert label.endswith("# own @ Acme.Site/Configuration/NodeTypes.Override.yaml:5:9; overrides 'Teaser text' "
                          "(supertype Acme.Site:Mixin.Teaser @ Acme.Site/NodeTypes/Mixin/Teaser.yaml:7)")
    fmt = next(line for line in lines if line.strip().startswith("format: d-m-Y  "))
    assert re.search(r"# data-type default @ \S*resources/baseline/9/Neos\.Neos/Configuration/Settings\.yaml:\d+:\d+$", fmt)
    published_label = next(line for line in lines if line.strip().startswith("label: Published"))
    assert published_label.endswith("# own @ Acme.Site/NodeTypes/Document/Page.yaml:9:9")
    # every value line carries an annotation
    values = [line for line in lines if not line.startswith("#") and not line.rstrip().endswith(":") and line.strip() != "-"]
    assert values and all("  # " in line for line in values)


def test_show_unknown_node_type_suggests_close_names(site, capsys):
    code, out, err = run(capsys, "show", "Acme.Site", "Acme.Site:Document.Pag")
    assert code == 1
    assert out == ""
    assert "node type 'Acme.Site:Document.Pag' is not defined in" in err
    assert "(did you mean Acme.Site:Document.Page" in err


def test_show_unknown_node_type_without_close_names(site, capsys):
    code, _, err = run(capsys, "show", "Acme.Site", "Zzz")
    assert code == 1
    assert "node type 'Zzz' is not defined" in err and "did you mean" not in err


# --- check -----------------------------------------------------------------------------------------


def test_check_clean_project_exits_0(site, capsys):
    code, out, err = run(capsys, "check", "Acme.Site")
    assert code == 0 and err == ""
    assert out == "0 errors, 0 warnings, 0 notes; Neos 9.x rules (default)\n"


def test_check_warnings_and_notes_only_exit_0(site, capsys):
    write(site, {"NodeTypes/Old.yaml": """
        'Acme.Site:Old':
          superTypes:
            'Neos.Neos:Content': true
            'Other.Vendor:Mixin': true
          properties:
            title:
              type: string
              ui:
                inspector:
                  group: general
                  editor: 'Content/Inspector/Editors/TextFieldEditor'
        """})
    code, out, _ = run(capsys, "check", "Acme.Site")
    assert code == 0
    assert "Acme.Site/NodeTypes/Old.yaml:4:5: warning supertype-unknown: Acme.Site:Old: supertype 'Other.Vendor:Mixin'" in out
    assert "Acme.Site/NodeTypes/Old.yaml:11:11: info compat-legacy-identifier: `Content/Inspector/Editors/TextFieldEditor`" in out
    assert out.splitlines()[-1] == "0 errors, 2 warnings, 1 note; Neos 9.x rules (default)"


def test_check_errors_exit_1_with_file_line_column(site, capsys):
    write(site, {"NodeTypes/Broken.yaml": "'Acme.Site:Broken':\n  ui:\n    label: a\n    label: b\n"})
    code, out, _ = run(capsys, "check", "Acme.Site")
    assert code == 1
    assert out.splitlines()[0].startswith(
        "Acme.Site/NodeTypes/Broken.yaml:4:5: error yaml-duplicate-key: duplicate key 'label' (first defined on line 3)")
    assert out.splitlines()[-1] == "1 error, 0 warnings, 0 notes; Neos 9.x rules (default)"


def test_check_json(site, capsys):
    write(site, {"NodeTypes/Broken.yaml": "'Acme.Site:Broken':\n  superTypes:\n    'Acme.Site:Nope': true\n"})
    code, out, _ = run(capsys, "check", "Acme.Site", "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert Path(data["root"]) == site.resolve()
    (finding,) = data["findings"]
    assert finding == {
        "severity": "error", "code": "supertype-unknown",
        "message": "Acme.Site:Broken: supertype 'Acme.Site:Nope' is not defined",
        "file": "Acme.Site/NodeTypes/Broken.yaml", "line": 3, "column": 5,
        "node_type": "Acme.Site:Broken", "property_name": None, "related": [],
    }


def test_check_json_clean(site, capsys):
    code, out, _ = run(capsys, "check", "Acme.Site", "--format", "json")
    assert code == 0
    assert json.loads(out)["findings"] == []


@pytest.mark.parametrize("command", [["check"], ["check", "--format", "json"], ["list"], ["list", "--json"],
                                     ["show", "--json", "X:Y"]])
def test_missing_path_exits_2_with_a_message(tmp_path, capsys, command):
    missing = str(tmp_path / "does-not-exist")
    argv = [command[0], missing, *command[1:]]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err == f"nodetype-studio: {missing}: no such file or folder\n"


def test_check_a_single_file(site, capsys):
    # the mixin lives in a sibling file that was not opened: a warning, not an error
    code, out, _ = run(capsys, "check", "Acme.Site/NodeTypes/Document/Page.yaml")
    assert code == 0
    assert out == ("Acme.Site/NodeTypes/Document/Page.yaml:4:5: warning supertype-unknown: Acme.Site:Document.Page: "
                   "supertype 'Acme.Site:Mixin.Teaser' is not defined (is the package that defines it part of the "
                   "opened folder?)\n0 errors, 1 warning, 0 notes; Neos 9.x rules (default)\n")


def test_check_the_bundled_example_project_runs(capsys):
    from nodetype_studio.bundled import resource

    code, out, _ = run(capsys, "check", str(resource("example")))
    assert code in (0, 1)
    assert re.search(r"^\d+ errors?, \d+ warnings?, \d+ notes?; Neos (8\.3|9\.x) rules \(\S+\)$", out.splitlines()[-1])
