"""`nodetype-studio --self-test` from the source tree: every step runs, failures are reported, exit codes."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nodetype_studio import selftest
from nodetype_studio.selftest import FAILED, OK, SKIPPED, Report, Skip

ROOT = Path(__file__).resolve().parents[2]


def _statuses(output: str) -> dict[str, str]:
    rows = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in (OK, FAILED, SKIPPED):
            rows[parts[1]] = parts[0]
    return rows


def test_self_test_runs_every_step_and_writes_png_and_report(tmp_path):
    out = tmp_path / "out"
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_DATA_HOME": str(home / ".local" / "share"), "XDG_CACHE_HOME": str(home / ".cache")}
    shot = tmp_path / "shot.png"
    proc = subprocess.run(
        [sys.executable, "-m", "nodetype_studio", "--self-test", "--output", str(out), "--screenshot", str(shot)],
        capture_output=True, text=True, cwd=ROOT, timeout=300, env=env,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = _statuses(proc.stdout)
    for step in ["resources", "plugins", "project", "check", "javascript", "libraries", "validation", "clienteval", "qt", "icons",
                 "inspectors", "datasources", "render", "screenshot"]:
        assert rows.get(step) == OK, f"{step}: {rows.get(step)}\n{proc.stdout}"
    assert rows["metadata"] in (OK, SKIPPED)  # skipped only when run from an uninstalled checkout
    assert "self-test passed" in proc.stdout
    assert "inspector of Acme.Site:" in proc.stdout
    assert "select box filled from http://127.0.0.1:" in proc.stdout and "/options/colours through Qt Network" in proc.stdout
    assert (out / "render.png").stat().st_size > 5000
    assert shot.stat().st_size > 5000
    # the screenshot is the studio window itself, on private settings inside the output folder
    assert "studio window (Acme.Site:" in proc.stdout
    assert not any((tmp_path / "home").rglob("*")), "the self-test wrote into the user's folders"
    report = (out / "report.txt").read_text()
    assert report.startswith("Node Type Studio ") and "self-test passed" in report


def test_report_records_failures_skips_and_passes():
    report = Report()

    def boom(_):
        raise ValueError("resource missing")

    def skipped(_):
        raise Skip("not in this build")

    assert report.run("good", lambda r: "fine") is True
    assert report.run("bad", boom) is False
    assert report.run("later", skipped) is False
    steps = {s.name: s for s in report.steps}
    assert steps["good"].status == OK and steps["good"].detail == "fine"
    assert steps["bad"].status == FAILED
    assert steps["bad"].detail.startswith("ValueError: resource missing (test_selftest.py:")
    assert steps["later"].status == SKIPPED and steps["later"].detail == "not in this build"
    assert report.counts() == {OK: 1, SKIPPED: 1, FAILED: 1}
    assert report.summary().startswith("self-test FAILED: 1 ok, 1 skipped, 1 failed")


def test_step_needing_a_failed_step_is_skipped_with_the_reason():
    report = Report()
    report.run("check", selftest.step_check)
    assert report.steps[0].status == SKIPPED
    assert report.steps[0].detail == "needs the 'project' step, which did not pass"


def test_missing_resources_fail_the_self_test_with_a_clear_message(tmp_path, monkeypatch, capsys, qapp):
    import nodetype_studio.bundled as resources

    empty = tmp_path / "resources"
    (empty / "baseline").mkdir(parents=True)
    monkeypatch.setattr(resources, "resources_dir", lambda: empty)
    code = selftest.main(["--self-test", "--output", str(tmp_path / "out")])
    out = capsys.readouterr().out
    rows = _statuses(out)
    assert code == 1
    assert rows["resources"] == FAILED and "missing resource files:" in out
    assert rows["project"] == FAILED
    assert rows["inspectors"] == SKIPPED and rows["render"] == SKIPPED
    assert "self-test FAILED" in out
    assert "self-test FAILED" in (tmp_path / "out" / "report.txt").read_text()


def test_unusable_output_folder_exits_2(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert selftest.main(["--self-test", "--output", str(blocker / "sub")]) == 2
    assert "cannot create the output folder" in capsys.readouterr().err


def test_cli_dispatches_self_test_before_the_gui(monkeypatch):
    from nodetype_studio import cli

    seen = []
    monkeypatch.setattr(selftest, "main", lambda argv: seen.append(argv) or 7)
    assert cli.main(["--self-test", "--output", "x"]) == 7
    assert seen == [["--self-test", "--output", "x"]]


def test_offscreen_is_chosen_only_without_a_display(monkeypatch):
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    selftest._choose_platform(screenshot=True)
    assert "QT_QPA_PLATFORM" not in __import__("os").environ
    selftest._choose_platform(screenshot=False)
    assert __import__("os").environ["QT_QPA_PLATFORM"] == "offscreen"
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":5")
    selftest._choose_platform(screenshot=False)
    assert __import__("os").environ["QT_QPA_PLATFORM"] == "xcb"


@pytest.mark.parametrize("argv", [["--self-test", "--bogus"], ["--self-test", "--output"]])
def test_bad_self_test_arguments_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        selftest.main(argv)
    assert exc.value.code == 2
    assert "usage: nodetype-studio --self-test" in capsys.readouterr().err


def test_datasource_step_fails_clearly_when_the_box_does_not_show_the_answer(qtbot, monkeypatch):
    from PySide6.QtWidgets import QApplication

    from nodetype_studio.ui import selftest as ui_selftest

    report = Report()
    report.context["app"] = QApplication.instance()
    monkeypatch.setattr(ui_selftest, "_COLOURS", b'{"x": {"label": "Only X"}}')
    assert report.run("datasources", ui_selftest.step_datasources) is False
    assert report.steps[0].detail.startswith(
        "RuntimeError: the select box shows ['Only X'], expected the backend's Blue and Red (grouped)")
    monkeypatch.setattr(ui_selftest, "_COLOURS", b'not json')
    assert report.run("datasources", ui_selftest.step_datasources) is False
    assert report.steps[1].status == FAILED and "JSON" in report.steps[1].detail
    monkeypatch.undo()
    assert report.run("datasources", ui_selftest.step_datasources) is True
