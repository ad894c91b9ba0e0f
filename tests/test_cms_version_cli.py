"""The CMS version of a project as the user sees and chooses it: `.nodetype-studio.yaml` (`cmsVersion`),
`list`, `show --json` and `check` in text, JSON and SARIF (issue 16, point 1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from nodetype_studio.cli import main
from nodetype_studio.model import load_project

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "fidelity"


@pytest.fixture
def project_dir(tmp_path) -> Path:
    root = tmp_path / "resolution"
    shutil.copytree(FIXTURES / "resolution", root)
    return root


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, _err = capsys.readouterr()
    return code, out


def test_configured_version_wins_over_detection(project_dir):
    assert load_project(project_dir, use_cache=False).cms_version.version.value == "9"
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: '8.3'\nselect: [supertype]\n")
    info = load_project(project_dir, use_cache=False).cms_version
    assert (info.version.value, info.source) == ("8.3", "setting")
    # the cached project notices the changed setting
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: 9\n")
    assert load_project(project_dir).cms_version.version.value == "9"
    # the window's choice wins over the file
    assert load_project(project_dir, cms_version="8.3", use_cache=False).cms_version.version.value == "8.3"


def test_a_version_we_do_not_know_is_a_warning_and_detection_goes_on(project_dir):
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: '10'\n")
    project = load_project(project_dir, use_cache=False)
    assert project.cms_version.source == "default"
    (finding,) = [d for d in project.diagnostics if d.code == "config-invalid"]
    assert "cmsVersion: 10" in finding.message and finding.file.endswith(".nodetype-studio.yaml")


def test_list_and_show_name_the_version(project_dir, capsys):
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: '8.3'\n")
    code, out = run(capsys, "list", str(project_dir))
    assert code == 0 and "# Neos 8.3: Neos 8.3, as configured" in out.splitlines()[1]
    code, out = run(capsys, "list", str(project_dir), "--json")
    assert json.loads(out)["cmsVersion"] == {"version": "8.3", "source": "setting", "detail": "Neos 8.3, as configured"}
    code, out = run(capsys, "show", str(project_dir), "Acme.Res:Chain", "--json")
    assert json.loads(out)["cmsVersion"]["version"] == "8.3"


def test_check_reports_the_version_in_every_format(project_dir, capsys):
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: '8.3'\n")
    code, out = run(capsys, "check", str(project_dir))
    assert out.splitlines()[-1].endswith("; Neos 8.3 rules (setting)")
    # 8.3 accepts the old list form with a deprecation: a warning, not an error
    assert code == 0 and "warning supertypes-list" in out
    code, out = run(capsys, "check", str(project_dir), "--format", "json")
    assert json.loads(out)["cmsVersion"]["version"] == "8.3"
    code, out = run(capsys, "check", str(project_dir), "--format", "sarif")
    assert json.loads(out)["runs"][0]["properties"]["cmsVersion"]["source"] == "setting"
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: '9'\n")
    code, out = run(capsys, "check", str(project_dir))
    # 9.x rejects it: one error, the 9.x code with its fix, not the loader's code again
    assert code == 1 and "error neos9-supertypes-list" in out and "error supertypes-list" not in out


def test_an_editor_removed_in_9_is_reported_only_under_9(tmp_path, capsys):
    # neos-facts §1.1: 9.x removed MasterPluginEditor, PluginViewsEditor and PluginViewEditor
    package = tmp_path / "Acme.Plugin"
    (package / "NodeTypes").mkdir(parents=True)
    (package / "NodeTypes" / "View.yaml").write_text(
        "'Acme.Plugin:View':\n  superTypes: {'Neos.Neos:Content': true}\n  properties:\n    view:\n"
        "      type: string\n      ui:\n        label: View\n        inspector:\n          group: type\n"
        "          editor: 'Neos.Neos/Inspector/Editors/PluginViewEditor'\n")
    (package / ".nodetype-studio.yaml").write_text("cmsVersion: '8.3'\n")
    code, out = run(capsys, "check", str(package))
    assert "editor-removed-in-9" not in out
    (package / ".nodetype-studio.yaml").write_text("cmsVersion: '9'\n")
    code, out = run(capsys, "check", str(package))
    assert "warning editor-removed-in-9: `PluginViewEditor` exists up to version 8.3 and was removed in 9.0" in out


def test_the_command_line_chooses_the_rules_over_the_project_files(project_dir, capsys):
    """`--cms-version` on list, show, check, validate, render and content: a package that supports both versions
    is checked under each in turn, whatever its configuration or composer files say."""
    (project_dir / ".nodetype-studio.yaml").write_text("cmsVersion: '9'\n")
    code, out = run(capsys, "check", str(project_dir), "--cms-version", "8.3")
    assert code == 0 and "warning supertypes-list" in out and out.splitlines()[-1].endswith("; Neos 8.3 rules (setting)")
    code, out = run(capsys, "check", str(project_dir), "--cms-version", "9.x", "--format", "json")
    assert code == 1 and json.loads(out)["cmsVersion"]["version"] == "9"
    code, out = run(capsys, "show", str(project_dir), "Acme.Res:Chain", "--cms-version", "8.3")
    assert code == 0 and out.splitlines()[3] == "# rules of Neos 8.3 (Neos 8.3, as configured)"
    code, out = run(capsys, "list", str(project_dir), "--json", "--cms-version", "8")
    assert json.loads(out)["cmsVersion"]["version"] == "8.3"
    for command in ("validate", "render", "content"):
        assert "--cms-version" in _help(capsys, command)


def _help(capsys, command: str) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("value", ["10", "latest", ""])
def test_a_command_line_version_we_do_not_know_is_refused(project_dir, capsys, value):
    with pytest.raises(SystemExit) as exited:
        main(["check", str(project_dir), "--cms-version", value])
    assert exited.value.code == 2
    assert f"{value!r} names no CMS version the studio knows (8.3 or 9)" in capsys.readouterr().err
