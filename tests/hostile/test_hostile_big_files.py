"""Files far larger than any real one (a NodeTypes file, composer.json, an XLIFF file) are refused with a
clear message, and everything else in the project is still read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hostile_helpers import PAGE, run_process, stat_taken_while_small, write

from nodetype_studio import boundedio
from nodetype_studio.boundedio import MAX_FILE_BYTES, FileTooLarge
from nodetype_studio.editing import diskio
from nodetype_studio.editing.document import YamlDocument
from nodetype_studio.editing.errors import EditError, SaveError
from nodetype_studio.model import load_project
from nodetype_studio.model.baseline import MAX_LOCK_BYTES, omitted_packages
from nodetype_studio.preview.i18n import Translator
from nodetype_studio.studio.session import Session

TOO_LARGE = "the file is larger than 8 MB, the most the studio reads"


def huge_yaml(path: Path, head: str = "") -> None:
    """A valid YAML file just over the limit (a comment of ~8 MB after ``head``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(head)
        line = "# " + "x" * 1022 + "\n"
        for _ in range(MAX_FILE_BYTES // len(line) + 2):
            stream.write(line)


def test_only_the_limit_and_one_byte_are_read(tmp_path):
    small = tmp_path / "small"
    small.write_bytes(b"12345")
    assert boundedio.read_bytes(small, limit=5) == b"12345"  # exactly the limit is fine
    with pytest.raises(FileTooLarge) as raised:
        boundedio.read_bytes(small, limit=4)
    assert isinstance(raised.value, OSError) and raised.value.filename == str(small)
    assert "larger than" in raised.value.strerror


@pytest.mark.parametrize("reported", [0, 3, 5])
def test_a_file_longer_than_its_size_said_is_read_on_up_to_the_bound(tmp_path, monkeypatch, reported):
    # the size fstat gives only sizes the first read: a file that grew since (or a /proc file, which says 0)
    # is read on, and judged on what was read
    grown = tmp_path / "grown"
    grown.write_bytes(b"123456789")
    real_fstat = os.fstat

    def fstat(descriptor):
        fields = list(real_fstat(descriptor))
        fields[6] = reported  # st_size, as taken before the file grew
        return os.stat_result(fields)

    monkeypatch.setattr(boundedio.os, "fstat", fstat)
    assert boundedio.read_bytes(grown, limit=9) == b"123456789"
    with pytest.raises(FileTooLarge):
        boundedio.read_bytes(grown, limit=8)
    assert boundedio.read_bytes(grown, limit=100) == b"123456789"


def test_a_huge_nodetypes_file_is_a_finding_and_the_rest_loads(tmp_path):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
    huge = package / "Configuration" / "NodeTypes.Huge.yaml"
    huge_yaml(huge, "'Acme.Site:Huge':\n  superTypes:\n    'Neos.Neos:Content': true\n")
    project = load_project(package, use_cache=False)
    assert "Acme.Site:Page" in project.node_types and "Acme.Site:Huge" not in project.node_types
    found = [d for d in project.diagnostics if d.file == str(huge)]
    assert [d.code for d in found] == ["file-unreadable"]
    assert TOO_LARGE in found[0].message


def test_check_reports_the_huge_file_and_exits_with_errors(tmp_path):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
    huge_yaml(package / "NodeTypes" / "Huge.yaml")
    result = run_process("check", package)
    assert result.returncode == 1, result.stderr[-500:]
    assert "Huge.yaml" in result.stdout and "file-unreadable" in result.stdout and TOO_LARGE in result.stdout
    assert "Acme.Site:Page" in run_process("list", package).stdout


def test_a_huge_composer_json_is_a_warning_and_the_package_still_loads(tmp_path):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
    with open(package / "composer.json", "w", encoding="utf-8") as stream:
        stream.write('{"name": "acme/site", "description": "')
        stream.write("x" * (MAX_FILE_BYTES + 10))
        stream.write('"}')
    project = load_project(package, use_cache=False)
    assert "Acme.Site:Page" in project.node_types
    warned = [d for d in project.diagnostics if d.code == "composer-json"]
    assert len(warned) == 1 and TOO_LARGE in warned[0].message and "package order uses the name" in warned[0].message


def test_a_huge_xliff_file_gives_no_texts(tmp_path):
    folder = tmp_path / "Resources/Private/Translations/en/NodeTypes"
    folder.mkdir(parents=True)
    unit = '<trans-unit id="ui.label"><source>Page</source></trans-unit>'
    with open(folder / "Page.xlf", "w", encoding="utf-8") as stream:
        stream.write('<xliff version="1.2"><file><body>')
        stream.write(unit * (MAX_FILE_BYTES // len(unit) + 1))
        stream.write("</body></file></xliff>")
    translator = Translator({"V.P": tmp_path})
    assert translator.text("V.P:NodeTypes.Page:ui.label") == "V.P:NodeTypes.Page:ui.label"  # shown as the id


def test_the_studio_opens_the_project_and_lists_the_huge_file(qtbot, tmp_path, make_window):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Page.yaml": PAGE})
    huge_yaml(package / "NodeTypes" / "Huge.yaml")
    window = make_window(package)
    assert window.session is not None and "Acme.Site:Page" in window.session.project.node_types
    qtbot.waitUntil(lambda: not window.checks.busy, timeout=15000)
    found = [f for f in window.problems.model.findings if f.code == "file-unreadable"]
    assert found and found[0].file.endswith("Huge.yaml") and TOO_LARGE in found[0].message


def _same_huge_file(path: Path, size: int, head: bytes) -> bool:
    with open(path, "rb") as stream:
        return os.fstat(stream.fileno()).st_size == size and stream.read(len(head)) == head


def test_a_huge_file_opened_for_editing_is_refused_with_a_message(tmp_path):
    huge = tmp_path / "NodeTypes.Huge.yaml"
    huge_yaml(huge, PAGE)
    with pytest.raises(EditError) as raised:
        YamlDocument.load(huge)
    assert "cannot read the file" in str(raised.value) and TOO_LARGE in str(raised.value)


def test_a_file_grown_huge_on_disk_is_not_offered_for_overwriting_nor_replaced(package):
    path = package / "Configuration" / "NodeTypes.Page.yaml"
    session = Session(package)
    session.editor.set("Acme.Site:Page", ("ui", "label"), "Mine")
    huge_yaml(path, "# another program's file\n")
    size = path.stat().st_size
    [change] = session.check_disk()
    assert change.reason == "modified"  # not "deleted": the file is there, just too large to read
    asked = []
    result = session.save(confirm_overwrite=lambda _path, disk, _mine: asked.append(disk) or True)
    assert not result.saved and not asked
    assert len(result.errors) == 1 and TOO_LARGE in result.errors[0] and "Nothing was written" in result.errors[0]
    assert _same_huge_file(path, size, b"# another program's file\n")
    assert session.dirty and "label: Mine" in session.text_of(path)  # the edit is kept for a later save
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_forced_write_never_replaces_a_file_larger_than_the_studio_reads(tmp_path):
    path = tmp_path / "NodeTypes.Page.yaml"
    huge_yaml(path)
    size = path.stat().st_size
    with pytest.raises(SaveError) as raised:
        diskio.atomic_write(path, PAGE.encode("utf-8"))  # no expected content: an overwrite the user chose
    assert TOO_LARGE in str(raised.value) and "nothing was written" in str(raised.value)
    assert _same_huge_file(path, size, b"# xx")
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_composer_lock_growing_past_the_limit_is_judged_on_what_was_read(tmp_path, monkeypatch):
    lock = tmp_path / "composer.lock"
    with open(lock, "w", encoding="utf-8") as stream:  # installs neos/neos only: the optional package is left out
        stream.write('{"packages": [{"name": "neos/neos", "version": "9.0.1"}]}')
        stream.write(" " * (MAX_LOCK_BYTES + 10))
    assert omitted_packages(tmp_path, "9") == frozenset()  # too large: read as no lock file
    stat_taken_while_small(monkeypatch, lock)
    assert omitted_packages(tmp_path, "9") == frozenset()
