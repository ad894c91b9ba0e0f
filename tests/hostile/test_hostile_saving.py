"""Saving: mode bits, all-or-nothing, stale temporary files, late changes, special bits, line endings."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest
from hostile_helpers import PAGE, run_cli, write

from nodetype_studio.editing import FileChangedOnDisk, NodeTypeEditor, SaveError, YamlDocument, diskio
from nodetype_studio.model import load_project

PAGE_FILE = "Configuration/NodeTypes.Page.yaml"


def test_a_read_only_file_is_not_overwritten_even_by_root(package, capsys):
    file = package / PAGE_FILE
    os.chmod(file, 0o444)
    before = file.read_bytes()
    code, out, err = run_cli(capsys, "set", package, "Acme.Site:Page", "ui.label", "Changed")
    assert code == 2
    assert "read-only (mode 0444)" in err
    assert file.read_bytes() == before
    assert out == ""  # no diff printed as if it had been applied


def _two_files(package):
    (package / "Configuration" / "NodeTypes.Override.yaml").write_text(
        "'Acme.Site:Page':\n  ui:\n    label: Override\n", encoding="utf-8")
    (package / PAGE_FILE).write_text(PAGE.replace("  properties:", "  ui:\n    label: Own\n  properties:"),
                                     encoding="utf-8")
    return package / PAGE_FILE, package / "Configuration" / "NodeTypes.Override.yaml"


def test_a_multi_file_unset_writes_all_files_or_none(package, capsys):
    first, second = _two_files(package)
    before = {first: first.read_bytes(), second: second.read_bytes()}
    os.chmod(second, 0o444)  # the second of the two writes fails
    code, out, err = run_cli(capsys, "unset", package, "Acme.Site:Page", "ui.label")
    assert code == 2, err
    assert "no file was changed" in err
    assert {first: first.read_bytes(), second: second.read_bytes()} == before
    assert out == ""
    assert not [p for p in (package / "Configuration").iterdir() if p.name.endswith(".tmp")]


def test_a_failing_rename_rolls_back_the_files_already_replaced(package, monkeypatch):
    first, second = _two_files(package)
    before = {first: first.read_bytes(), second: second.read_bytes()}
    editor = NodeTypeEditor(load_project(package))
    editor.unset("Acme.Site:Page", ("ui", "label"))
    real_replace = os.replace
    calls = []

    def replace(source, target):
        calls.append(target)
        if len(calls) == 2:  # the second file of the save
            raise OSError(28, "No space left on device")
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(SaveError):
        editor.save_all()
    monkeypatch.setattr(os, "replace", real_replace)
    assert {first: first.read_bytes(), second: second.read_bytes()} == before
    assert not [p for p in (package / "Configuration").iterdir() if p.name.endswith(".tmp")]


def test_stale_temporary_files_of_killed_saves_are_removed(package, capsys):
    folder = package / "Configuration"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = folder / f".NodeTypes.Page.yaml.{dead.pid}.abc123.tmp"
    stale.write_bytes(b"x" * 1000)
    old_style = folder / ".NodeTypes.Page.yaml.q1w2e3.tmp"
    old_style.write_bytes(b"y")
    os.utime(old_style, (time.time() - 2 * diskio.STALE_AFTER_S,) * 2)
    live = folder / f".NodeTypes.Page.yaml.{os.getppid()}.zzz.tmp"  # a save of a running process: kept
    live.write_bytes(b"z")
    someone_else = folder / ".other.tmp"
    someone_else.write_bytes(b"w")
    assert run_cli(capsys, "set", package, "Acme.Site:Page", "ui.label", "X")[0] == 0
    assert not stale.exists() and not old_style.exists()
    assert live.exists() and someone_else.exists()


def test_a_change_between_the_check_and_the_rename_is_not_lost(package, monkeypatch):
    file = package / PAGE_FILE
    doc = YamlDocument.load(file)
    doc.set(("Acme.Site:Page", "ui"), {"label": "Mine"})
    real_prepare = diskio.PreparedWrite._prepare

    def prepare_then_someone_writes(self):
        real_prepare(self)
        file.write_text(PAGE + "# another program's line\n", encoding="utf-8")

    monkeypatch.setattr(diskio.PreparedWrite, "_prepare", prepare_then_someone_writes)
    with pytest.raises(FileChangedOnDisk):
        doc.save()
    assert file.read_text(encoding="utf-8").endswith("# another program's line\n")
    assert not [p for p in file.parent.iterdir() if p.name.endswith(".tmp")]


def test_the_file_is_locked_while_it_is_replaced(package, monkeypatch):
    fcntl = pytest.importorskip("fcntl")
    file = package / PAGE_FILE
    doc = YamlDocument.load(file)
    doc.set(("Acme.Site:Page", "ui"), {"label": "Mine"})
    seen = []
    real_replace = os.replace

    def replace(source, target):
        fd = os.open(target, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            seen.append("free")
        except BlockingIOError:
            seen.append("locked")
        finally:
            os.close(fd)
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    doc.save()
    assert seen == ["locked"]


def test_setuid_setgid_bits_and_extended_attributes_are_kept(package, capsys):
    file = package / PAGE_FILE
    os.chmod(file, 0o6754)
    try:
        os.setxattr(file, "user.nts-test", b"kept")
    except OSError:
        pytest.skip("the file system has no user extended attributes")
    assert run_cli(capsys, "set", package, "Acme.Site:Page", "ui.label", "X")[0] == 0
    assert stat.S_IMODE(os.stat(file).st_mode) == 0o6754
    assert os.getxattr(file, "user.nts-test") == b"kept"


def test_hard_links_are_documented_and_behave_as_documented(package, capsys):
    from hostile_helpers import ROOT

    file = package / PAGE_FILE
    other = package / "link.yaml"
    os.link(file, other)
    before = other.read_bytes()
    assert run_cli(capsys, "set", package, "Acme.Site:Page", "ui.label", "X")[0] == 0
    assert b"label: X" in file.read_bytes()
    assert other.read_bytes() == before  # the other name keeps the old content, as docs/editing.md says
    docs = (ROOT / "docs" / "editing.md").read_text(encoding="utf-8")
    assert "hard link" in docs and "keep the old content" in docs


def test_a_lone_cr_file_keeps_its_line_endings(tmp_path, capsys):
    package = write(tmp_path / "Acme.Site", {})
    file = package / PAGE_FILE
    file.parent.mkdir(parents=True)
    file.write_bytes(PAGE.replace("\n", "\r").encode())
    assert run_cli(capsys, "set", package, "Acme.Site:Page", "properties.subtitle", "{type: string}")[0] == 0
    data = file.read_bytes()
    assert b"\n" not in data and b"subtitle:\r" in data
    assert load_project(package).node_type("Acme.Site:Page").effective["properties"]["subtitle"]["type"] == "string"
