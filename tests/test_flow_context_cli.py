"""The Flow context a project is loaded in: `--context`, the `context` key of `.nodetype-studio.yaml`,
`FLOW_CONTEXT`, then Development (first match wins); sub contexts load each level in turn; a name Flow
refuses (ApplicationContext: Development, Production or Testing first) is exit 2 on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nodetype_studio.cli import main
from nodetype_studio.model import load_project


@pytest.fixture
def site(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("FLOW_CONTEXT", raising=False)
    monkeypatch.delenv("REDIRECT_FLOW_CONTEXT", raising=False)
    root = tmp_path / "Acme.Site"
    files = {
        "composer.json": '{"name": "acme/site", "type": "neos-site"}',
        "Configuration/NodeTypes.yaml": "'Acme.Site:T':\n  ui: {label: base}\n",
        "Configuration/Development/NodeTypes.yaml": "'Acme.Site:T':\n  ui: {label: dev}\n",
        "Configuration/Production/NodeTypes.yaml": "'Acme.Site:T':\n  ui: {label: prod, icon: prod-icon}\n",
        "Configuration/Production/Live/NodeTypes.yaml": "'Acme.Site:T':\n  ui: {label: live}\n",
        "Configuration/Testing/NodeTypes.yaml": "'Acme.Site:T':\n  ui: {label: test}\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def ui(capsys, *argv: str) -> dict:
    code = main(["show", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)["configuration"]["ui"]


def fails(capsys, *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert "Traceback" not in err
    return err


def test_default_context_is_development(site, capsys):
    assert ui(capsys, str(site), "Acme.Site:T")["label"] == "dev"


def test_context_option_loads_each_level_of_a_sub_context(site, capsys):
    shown = ui(capsys, str(site), "Acme.Site:T", "--context", "Production/Live")
    assert shown == {"label": "live", "icon": "prod-icon"}  # Production/ first, then Production/Live/
    assert ui(capsys, str(site), "Acme.Site:T", "--context", "Testing")["label"] == "test"


@pytest.mark.parametrize("command", ["list", "check", "content"])
def test_commands_that_open_a_project_take_the_option(site, capsys, command):
    assert main([command, str(site), "--context", "Production"]) in (0, 1)
    capsys.readouterr()


def test_precedence_option_file_environment(site, capsys, monkeypatch):
    monkeypatch.setenv("FLOW_CONTEXT", "Production")
    assert ui(capsys, str(site), "Acme.Site:T")["label"] == "prod"
    (site / ".nodetype-studio.yaml").write_text("context: Testing\n")
    assert ui(capsys, str(site), "Acme.Site:T")["label"] == "test"  # the file wins over the environment
    assert ui(capsys, str(site), "Acme.Site:T", "--context", "Production/Live")["label"] == "live"  # the option wins
    assert main(["check", str(site)]) == 0  # `context` is a known key of the file
    assert "config-unknown-key" not in capsys.readouterr().out


def test_empty_environment_value_means_development(site, capsys, monkeypatch):
    monkeypatch.setenv("FLOW_CONTEXT", "")
    assert ui(capsys, str(site), "Acme.Site:T")["label"] == "dev"
    monkeypatch.setenv("REDIRECT_FLOW_CONTEXT", "Production")  # (set, even empty, FLOW_CONTEXT wins)
    assert ui(capsys, str(site), "Acme.Site:T")["label"] == "dev"
    monkeypatch.delenv("FLOW_CONTEXT")  # what a web server passes on
    assert ui(capsys, str(site), "Acme.Site:T")["label"] == "prod"


@pytest.mark.parametrize("name", ["Staging", "production", "Live/Production", " "])
def test_a_context_flow_refuses_is_exit_2(site, capsys, name):
    err = fails(capsys, "show", str(site), "Acme.Site:T", "--context", name)
    assert "Development, Production or Testing" in err


def test_a_refused_context_in_the_file_or_the_environment_is_exit_2(site, capsys, monkeypatch):
    monkeypatch.setenv("FLOW_CONTEXT", "Staging")
    assert "FLOW_CONTEXT" in fails(capsys, "list", str(site))
    monkeypatch.delenv("FLOW_CONTEXT")
    (site / ".nodetype-studio.yaml").write_text("context: Live\n")
    assert ".nodetype-studio.yaml" in fails(capsys, "check", str(site))


def test_the_library_reports_a_refused_configured_context_and_loads_development(site):
    (site / ".nodetype-studio.yaml").write_text("context: [Production]\n")
    project = load_project(site, use_cache=False)
    assert project.context == "Development"
    assert any(d.code == "config-invalid" and "Flow context" in d.message for d in project.diagnostics)
    assert load_project(site, context="Production/Live", use_cache=False).context == "Production/Live"


def test_the_merged_settings_carry_the_context_flow_runs_in(site, monkeypatch):
    # Flow's SettingsLoader writes Neos.Flow.core.context after merging every Settings file
    # (flow-development-collection Neos.Flow/Classes/Configuration/Loader/SettingsLoader.php)
    (site / "Configuration/Settings.yaml").write_text("Neos:\n  Flow:\n    core:\n      context: Testing\n"
                                                       "      phpBinaryPathAndFilename: /usr/bin/php\n")
    def core(**kwargs) -> dict:
        return load_project(site, use_cache=False, **kwargs).settings["Neos"]["Flow"]["core"]

    assert core() == {"context": "Development", "phpBinaryPathAndFilename": "/usr/bin/php"}
    assert core(context="Production/Live")["context"] == "Production/Live"
    monkeypatch.setenv("FLOW_CONTEXT", "Production")
    assert core()["context"] == "Production"
    (site / ".nodetype-studio.yaml").write_text("context: Testing/Ci\n")
    assert core()["context"] == "Testing/Ci"


def test_a_cms_spelled_project_carries_the_context_under_its_prefix(tmp_path, monkeypatch):
    monkeypatch.delenv("FLOW_CONTEXT", raising=False)
    monkeypatch.delenv("REDIRECT_FLOW_CONTEXT", raising=False)
    package = tmp_path / "Acme.Cms"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text('{"name": "acme/cms", "type": "neos-site"}')
    (package / "Configuration/NodeTypes.yaml").write_text(
        "'Acme.Cms:Page':\n  superTypes: {'Cms.Cms:Document': true}\n")
    settings = load_project(package, context="Production", use_cache=False).settings
    assert settings["Cms"]["Flow"]["core"]["context"] == "Production"


MIGRATABLE = "'Acme.Site:Page':\n  superTypes: ['Neos.Neos:Document']\n"


def test_migrate_takes_the_context_option(site, capsys):
    (site / "Configuration/Production/NodeTypes.Page.yaml").write_text(MIGRATABLE)
    assert main(["migrate", str(site), "--to", "9", "--dry-run"]) == 0
    assert "NodeTypes.Page.yaml" not in capsys.readouterr().out  # Development does not load the file
    assert main(["migrate", str(site), "--to", "9", "--dry-run", "--context", "Production/Live"]) == 0
    out = capsys.readouterr().out
    assert "Production/NodeTypes.Page.yaml" in out and "+  superTypes:" in out


def test_migrate_refuses_a_context_flow_refuses(site, capsys):
    err = fails(capsys, "migrate", str(site), "--to", "9", "--context", "Staging")
    assert "Development, Production or Testing" in err
