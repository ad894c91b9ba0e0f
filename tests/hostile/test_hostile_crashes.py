"""Crashes and unbounded work: absurd nesting, alias bombs, uncaught exceptions, JSON output."""

from __future__ import annotations

import json

import pytest
from hostile_helpers import PAGE, run_cli, run_process, run_python, write

from nodetype_studio.cli import main

DEEP_FLOW = "'Acme.Site:Deep':\n  options:\n    x: " + "[" * 30000 + "]" * 30000 + "\n"
DEEP_BLOCK = "- " * 30000 + "x\n"


@pytest.mark.parametrize("text", [DEEP_FLOW, DEEP_BLOCK], ids=["flow-30000", "block-dash-30000"])
def test_deep_nesting_is_refused_with_a_finding_not_a_segfault(tmp_path, text):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
    (package / "Configuration" / "NodeTypes.Deep.yaml").write_text(text, encoding="utf-8")
    result = run_process("check", package)
    assert result.returncode == 1, (result.returncode, result.stderr[-500:])
    assert "NodeTypes.Deep.yaml:" in result.stdout and "yaml-too-deep" in result.stdout
    # the rest of the project is still read
    listed = run_process("list", package)
    assert "Acme.Site:Page" in listed.stdout


def test_the_loader_refuses_before_composing_and_points_at_the_level(tmp_path):
    result = run_python(
        "from nodetype_studio.model.yamlload import load_yaml_text\n"
        f"loaded = load_yaml_text({DEEP_FLOW!r}, 'f.yaml')\n"
        "print(loaded.ok, [(d.code, d.line, d.column) for d in loaded.diagnostics])\n")
    assert result.returncode == 0, result.returncode
    assert result.stdout.strip() == "False [('yaml-too-deep', 3, 205)]"


def test_the_editing_layer_refuses_deep_text_too(tmp_path):
    result = run_python(
        "from nodetype_studio.editing.yamltree import compose, YamlSyntaxError\n"
        "try:\n"
        f"    compose({DEEP_BLOCK!r})\n"
        "except YamlSyntaxError as exc:\n"
        "    print('refused', exc)\n")
    assert result.returncode == 0, result.returncode
    assert result.stdout.startswith("refused the YAML nesting is deeper than 200 levels")


def test_nesting_within_the_limit_still_loads():
    from nodetype_studio.model.yamlload import MAX_NESTING, load_yaml_text

    text = "a: " + "[" * (MAX_NESTING - 1) + "1" + "]" * (MAX_NESTING - 1) + "\n"
    loaded = load_yaml_text(text)
    assert loaded.ok and not loaded.diagnostics
    block = "".join("  " * i + "- \n" for i in range(150)) + "  " * 150 + "- x\n"
    assert load_yaml_text(block).ok


def test_a_deep_composer_json_is_a_warning(package, capsys):
    (package / "composer.json").write_text('{"name": ' + "[" * 50000 + "]" * 50000 + "}", encoding="utf-8")
    code, out, err = run_cli(capsys, "check", package)
    assert code == 0, err
    assert "composer.json: warning composer-json: composer.json is nested too deeply" in out


def test_a_deep_config_file_is_a_finding(package, capsys):
    (package / ".nodetype-studio.yaml").write_text("select: " + "[" * 50000 + "]" * 50000 + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "check", package)
    assert code == 1, err
    assert "error config-invalid: cannot read .nodetype-studio.yaml: the YAML nesting is deeper than 200" in out


def test_a_deep_pyproject_is_a_finding(package, capsys):
    (package / "pyproject.toml").write_text("[tool.x]\na = " + "[" * 50000 + "]" * 50000 + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "check", package)
    assert code == 1, err
    assert "error config-invalid: cannot read pyproject.toml: it is nested too deeply" in out


def test_an_alias_bomb_in_the_config_file_is_refused(package, capsys):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n"
    for level in "bcdef":
        previous = chr(ord(level) - 1)
        bomb += f"{level}: &{level} [" + ", ".join([f"*{previous}"] * 9) + "]\n"
    bomb += "select: *f\n"
    (package / ".nodetype-studio.yaml").write_text(bomb, encoding="utf-8")
    code, out, _ = run_cli(capsys, "check", package)
    assert code == 1
    assert "cannot read .nodetype-studio.yaml: aliases expand this file to more than 200,000 values" in out


def test_an_unexpected_exception_exits_2_with_its_message(package, capsys, monkeypatch):
    import nodetype_studio.commands.list_cmd as list_cmd

    def broken(args):
        raise ValueError("the disk said no")

    monkeypatch.setattr(list_cmd, "run", broken)
    code = main(["list", str(package)])
    err = capsys.readouterr().err
    assert code == 2
    assert "could not run: ValueError: the disk said no" in err
    assert "Traceback" not in err


def test_show_json_is_valid_json_for_nan_and_inf(tmp_path, capsys):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE + "  options:\n"
                                             "    a: .nan\n    b: .inf\n    c: -.inf\n"})
    code, out, _ = run_cli(capsys, "show", package, "Acme.Site:Page", "--json", "--provenance")
    assert code == 0

    def refuse(name):
        raise AssertionError(f"{name} is not JSON")

    data = json.loads(out, parse_constant=refuse)
    options = data["configuration"]["options"]
    # (Symfony YAML, the CMS's parser, reads `.nan` as infinity: tests/php/test_yaml_against_symfony.py)
    assert (options["a"], options["b"], options["c"]) == (".inf", ".inf", "-.inf")


@pytest.mark.parametrize("brk", ["\r", "\r\n", "\u2028", "\x85"], ids=["cr", "crlf", "ls", "nel"])
def test_every_line_break_libyaml_knows_is_seen_by_the_guard(brk):
    result = run_python(
        "from nodetype_studio.model.yamlload import load_yaml_text\n"
        f"print([d.code for d in load_yaml_text({('a:' + brk + '- ' * 30000 + 'x')!r}).diagnostics])\n")
    assert result.returncode == 0, result.returncode
    assert result.stdout.strip() == "['yaml-too-deep']"


def test_an_alias_bomb_as_the_configured_cms_version_is_not_expanded(package):
    from nodetype_studio.model.projectconfig import configured_cms_version

    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n"
    for level in "bcdef":
        previous = chr(ord(level) - 1)
        bomb += f"{level}: &{level} [" + ", ".join([f"*{previous}"] * 9) + "]\n"
    (package / ".nodetype-studio.yaml").write_text(bomb + "cmsVersion: *f\n", encoding="utf-8")
    version, problems = configured_cms_version(package)
    assert version is None
    assert all(len(p.message) < 1000 for p in problems)  # the checks' reader reports the bomb itself


def test_the_text_scan_behind_libyamls_own_limit_counts_only_real_brackets():
    """PyYAML 6.0.4's libyaml refuses 1,000 levels itself, before the event walk reaches the studio's
    limit: the level is then found in the text, past quoted brackets and comments."""
    from nodetype_studio.model.yamlguard import _flow_level_position

    text = "a:\n  b: '[[[' # [[[[\n  c: \"x[\\\"[\" [[[[\n"
    # two block levels (the events seen so far), then brackets: level 5 is the third real `[` of line 3
    assert _flow_level_position(text, 4, 2, 0, 0, 0) == (3, 16)
    assert _flow_level_position(text, 9, 2, 0, 0, 0) is None
    assert _flow_level_position("k: ''''[[\n", 1, 0, 0, 0, 0) == (1, 9)
