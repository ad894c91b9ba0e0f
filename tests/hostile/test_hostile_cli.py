"""The command line, tried as a careless user would."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hostile_helpers import PAGE, ROOT, run_cli, run_process, write


def test_an_unknown_command_is_not_opened_as_a_project(tmp_path):
    # a process with a deadline: a window opened by mistake would run until killed
    result = run_process("frobnicate", cwd=tmp_path, timeout=60)
    assert result.returncode == 2
    assert "unknown command or path: 'frobnicate'" in result.stderr


def test_without_a_display_the_window_command_exits_with_a_message(package):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = run_process(package, env=env, timeout=60)
    assert result.returncode == 2
    assert "there is no display" in result.stderr


def test_the_check_worker_argument_is_not_taken_for_a_path():
    from nodetype_studio.cli import CHECK_WORKER_ARG
    from nodetype_studio.ui.studio.checkrunner import WORKER_ARG

    assert CHECK_WORKER_ARG == WORKER_ARG
    from nodetype_studio.ui.app import CHECK_WORKER_ARG as APP_WORKER_ARG

    assert APP_WORKER_ARG == WORKER_ARG


def test_check_on_a_folder_without_nodetypes_files_exits_2(tmp_path, capsys):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "README.md").write_text("not a package\n")
    code, out, err = run_cli(capsys, "check", tmp_path / "src")
    assert code == 2
    assert "no NodeTypes file found" in err


@pytest.mark.parametrize("command", [["list"], ["list", "--json"], ["migrate", "--to", "9"]])
def test_list_and_migrate_on_a_folder_without_nodetypes_files_exit_2(tmp_path, capsys, command):
    # the README's rule for every command: no NodeTypes file found is "could not run", not an empty answer
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "README.md").write_text("not a package\n")
    code, out, err = run_cli(capsys, command[0], tmp_path / "src", *command[1:])
    assert code == 2
    assert "no NodeTypes file found" in err
    assert "changed 0 files" not in err and "nodeTypes" not in out


@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_unknown_codes_are_an_error(package, capsys, option):
    code, out, err = run_cli(capsys, "check", package, option, "NOPE")
    assert code == 2
    assert "unknown check code NOPE" in err


def test_known_codes_and_families_are_accepted(package, capsys):
    for codes in ("editor", "yaml-syntax", "supertype", "clienteval-syntax", "compat,option-unknown"):
        code, _, err = run_cli(capsys, "check", package, "--select", codes)
        assert code == 0, (codes, err)


def test_unknown_codes_in_the_config_file_are_an_error(package, capsys):
    (package / ".nodetype-studio.yaml").write_text("ignore: [compat, nonsense]\n")
    code, _, err = run_cli(capsys, "check", package)
    assert code == 2
    assert "unknown check code nonsense" in err and ".nodetype-studio.yaml" in err


@pytest.mark.parametrize("text", ["'Acme.Site:Page': [unclosed\n", "\x00\x01 binary", "- just\n- a list\n"])
def test_list_of_a_broken_file_shows_the_load_errors(tmp_path, capsys, text):
    file = tmp_path / "NodeTypes.Broken.yaml"
    file.write_text(text)
    code, out, err = run_cli(capsys, "list", file)
    assert code == 1
    assert "NodeTypes.Broken.yaml" in err and "error" in err
    code, out, err = run_cli(capsys, "list", file, "--json")
    assert code == 1
    assert json.loads(out)["loadErrors"]


def test_list_of_a_good_project_still_exits_0(package, capsys):
    code, out, err = run_cli(capsys, "list", package)
    assert code == 0 and "Acme.Site:Page" in out and err == ""


def test_recent_projects_are_stored_as_absolute_paths(tmp_path, monkeypatch, qapp):
    from PySide6.QtCore import QSettings

    from nodetype_studio.ui.studio.settings import Settings

    settings = Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    monkeypatch.chdir(tmp_path)
    settings.add_recent("Acme.Site")
    assert settings.get("recentProjects") == [str(tmp_path / "Acme.Site")]
    assert settings.get("lastProject") == str(tmp_path / "Acme.Site")
    settings.remove_recent("Acme.Site")
    assert settings.get("recentProjects") == []


def test_render_writes_jpeg_for_a_jpg_name(package, tmp_path, capsys):
    out = tmp_path / "shot.jpg"
    code, _, err = run_cli(capsys, "render", package, "Acme.Site:Page", "--out", out)
    assert code == 0, err
    assert out.read_bytes()[:3] == b"\xff\xd8\xff"  # JPEG, not PNG bytes under a .jpg name
    png = tmp_path / "shot.png"
    assert run_cli(capsys, "render", package, "Acme.Site:Page", "--out", png)[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_refuses_a_suffix_it_cannot_write(package, tmp_path, capsys):
    code, _, err = run_cli(capsys, "render", package, "Acme.Site:Page", "--out", tmp_path / "shot.gif")
    assert code == 1
    assert "write a .png, .jpg or .jpeg file" in err
    assert not (tmp_path / "shot.gif").exists()


@pytest.mark.parametrize("argv", [
    ["show", "{p}", "Acme.Site:Nope"],
    ["show", "{p}", "Acme.Site:Nope", "--json"],
    ["validate", "{p}", "Acme.Site:Nope", "title", "x"],
    ["set", "{p}", "Acme.Site:Nope", "ui.label", "x"],
    ["unset", "{p}", "Acme.Site:Nope", "ui.label"],
    ["render", "{p}", "Acme.Site:Nope", "--out", "{o}"],
    ["content", "{p}", "--type", "Acme.Site:Nope"],
    ["content", "{p}", "--search", "x", "--type", "Neos.Neos:Document", "--type", "Acme.Site:Nope", "--json"],
])
def test_an_unknown_node_type_exits_1_in_every_command(package, tmp_path, capsys, argv):
    argv = [a.format(p=package, o=tmp_path / "x.png") for a in argv]
    code, _, err = run_cli(capsys, *argv)
    assert code == 1
    assert "node type 'Acme.Site:Nope' is not defined" in err


def test_the_exit_code_rule_is_documented():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "unknown node type" in readme.lower() and "exit" in readme.lower()
    assert "Python 3.11" in readme and "venv" in readme and "libxcb-cursor0" in readme
    assert "VALUE" in readme and "read as YAML" in readme


def test_an_unreadable_file_is_reported_as_unreadable(tmp_path, capsys):
    """Run as another user than the file's owner (root reads a 0000 file regardless): a forked child drops
    to ``nobody`` and runs the command in-process (this tree's interpreter lives where nobody may not go)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to run the command as another user")
    import pwd
    import shutil
    import tempfile

    nobody = pwd.getpwnam("nobody")
    warm = write(tmp_path / "Warm.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
    run_cli(capsys, "set", warm, "Acme.Site:Page", "ui.label", "x", "--dry-run")  # import everything first
    folder = Path(tempfile.mkdtemp(prefix="nts-unreadable-"))
    try:
        package = write(folder / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
        for path in (folder, package, package / "Configuration"):
            os.chmod(path, 0o755)
        os.chmod(package / "Configuration" / "NodeTypes.Page.yaml", 0o000)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            code = 99
            try:
                os.close(read_end)
                os.dup2(write_end, 2)
                os.setgid(nobody.pw_gid)
                os.setuid(nobody.pw_uid)
                from nodetype_studio.cli import main

                sys.stderr = os.fdopen(2, "w", closefd=False)
                code = main(["set", str(package), "Acme.Site:Page", "ui.label", "x"])
                sys.stderr.flush()
            finally:
                os._exit(code)
        os.close(write_end)
        with os.fdopen(read_end, "r") as stream:
            err = stream.read()
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 1, err
        assert "cannot read the file: Permission denied" in err and "NodeTypes.Page.yaml" in err
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_scalar_inspector_block_is_shown_as_written_and_checked(tmp_path, capsys):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE.replace(
        "        inspector:\n          group: document\n", "        inspector: 'foo'\n")})
    code, out, err = run_cli(capsys, "show", package, "Acme.Site:Page", "--provenance")
    assert code == 0 and not err
    assert "      inspector: foo  # own @ " in out
    code, out, err = run_cli(capsys, "check", package)
    assert code == 1 and not err
    assert ("NodeTypes.Page.yaml:9:9: error inspector-not-map: `ui.inspector` of property `title` is string `foo`, "
            "not a map: the CMS fails") in out
