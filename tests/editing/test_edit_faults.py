"""Safe writes: unchanged files stay byte-identical, changes on disk are detected, failures lose nothing.

The tests run as root, and chmod cannot stop root from writing. A read-only folder is therefore simulated
by making the temporary file (or the final rename) fail with the error the system would raise, and a
genuinely unwritable target is a path below a regular file (NotADirectoryError even for root).
"""

import errno
import os
import stat
import tempfile

import pytest
from edit_helpers import copy_fixture

from nodetype_studio.editing import FileChangedOnDisk, SaveError, YamlDocument, diskio

PAGE = "Vendor.Site:Document.Page"


def _leftovers(folder) -> list:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_unchanged_save_is_byte_identical_and_keeps_the_mode(tmp_path):
    path = copy_fixture("comments.yaml", tmp_path, crlf=True, final_newline=False, bom=True)
    os.chmod(path, 0o640)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    doc.save()
    assert path.read_bytes() == raw
    doc.set((PAGE, "ui", "label"), "Home")
    doc.save()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert not doc.dirty and doc.signature.size == len(path.read_bytes())
    assert _leftovers(tmp_path) == []


def test_file_changed_on_disk_is_not_overwritten(tmp_path):
    path = copy_fixture("comments.yaml", tmp_path)
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")
    theirs = path.read_text().replace("'Page'", "'Theirs'")
    path.write_text(theirs)
    assert doc.changed_on_disk() == "modified"
    with pytest.raises(FileChangedOnDisk) as caught:
        doc.save()
    assert caught.value.reason == "modified" and "Reload" in str(caught.value)
    assert path.read_text() == theirs and doc.dirty
    doc.reload()
    assert not doc.dirty and doc.get((PAGE, "ui", "label")) == "Theirs"


def test_force_overwrites_a_changed_file(tmp_path):
    path = copy_fixture("comments.yaml", tmp_path)
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")
    path.write_text("changed: elsewhere\n")
    doc.save(force=True)
    assert "label: 'Mine'" in path.read_text()
    assert doc.changed_on_disk() is None


def test_deleted_file_is_reported_and_not_recreated(tmp_path):
    path = copy_fixture("comments.yaml", tmp_path)
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")
    path.unlink()
    with pytest.raises(FileChangedOnDisk) as caught:
        doc.save()
    assert caught.value.reason == "deleted" and not path.exists()
    doc.save(force=True)
    assert "label: 'Mine'" in path.read_text()


def test_a_new_file_is_refused_when_one_appeared_meanwhile(tmp_path):
    path = tmp_path / "NodeTypes.New.yaml"
    doc = YamlDocument.new(path)
    doc.insert_key((), "Vendor.Site:New", {})
    path.write_text("other: 1\n")
    with pytest.raises(FileChangedOnDisk):
        doc.save()
    assert path.read_text() == "other: 1\n"


def test_a_new_file_that_appeared_can_be_reloaded_and_then_saved(tmp_path):
    path = tmp_path / "NodeTypes.New.yaml"
    doc = YamlDocument.new(path)
    doc.insert_key((), "Vendor.Site:New", {"abstract": True})
    path.write_text("'Vendor.Site:Theirs':\n  abstract: true\n")
    with pytest.raises(FileChangedOnDisk):
        doc.save()
    doc.reload()  # what FileChangedOnDisk offers: take the file as it is now
    assert not doc.dirty and doc.changed_on_disk() is None
    doc.insert_key((), "Vendor.Site:New", {"abstract": True})
    doc.save()
    assert path.read_text() == "'Vendor.Site:Theirs':\n  abstract: true\n\n'Vendor.Site:New':\n  abstract: true\n"
    path.unlink()
    assert doc.changed_on_disk() == "deleted"


def test_read_only_folder_simulated_temp_file_creation_fails(tmp_path, monkeypatch):
    path = copy_fixture("comments.yaml", tmp_path)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(SaveError, match="Read-only file system"):
        doc.save()
    assert path.read_bytes() == raw and doc.dirty


def test_rename_over_the_file_fails(tmp_path, monkeypatch):
    path = copy_fixture("comments.yaml", tmp_path)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SaveError, match="Permission denied"):
        doc.save()
    assert path.read_bytes() == raw
    assert _leftovers(tmp_path) == []


def test_a_path_below_a_regular_file_cannot_be_written(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("I am a file")
    doc = YamlDocument.new(blocker / "NodeTypes.yaml")
    doc.insert_key((), "Vendor.Site:New", {})
    with pytest.raises(SaveError, match="cannot"):
        doc.save()
    assert blocker.read_text() == "I am a file"


def test_disk_full_in_the_middle_of_the_write(tmp_path, monkeypatch):
    path = copy_fixture("comments.yaml", tmp_path)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, stream):
            self.stream = stream

        def write(self, data):
            self.stream.write(data[: len(data) // 2])
            self.stream.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.stream.close()
            return False

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    with pytest.raises(SaveError, match="No space left"):
        doc.save()
    assert path.read_bytes() == raw
    assert _leftovers(tmp_path) == []
    monkeypatch.undo()
    doc.save()
    assert "label: 'Mine'" in path.read_text()


def test_fsync_failure_leaves_the_original(tmp_path, monkeypatch):
    path = copy_fixture("comments.yaml", tmp_path)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    doc.set((PAGE, "ui", "label"), "Mine")

    def failing_fsync(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(SaveError, match="Input/output error"):
        doc.save()
    assert path.read_bytes() == raw and _leftovers(tmp_path) == []


def test_saving_through_a_symlink_replaces_the_target(tmp_path):
    real = copy_fixture("comments.yaml", tmp_path)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    doc = YamlDocument.load(link)
    doc.set((PAGE, "ui", "label"), "Linked")
    doc.save()
    assert link.is_symlink()
    assert "label: 'Linked'" in real.read_text()


def test_signature_records_size_time_and_hash(tmp_path):
    path = copy_fixture("flow.yaml", tmp_path)
    doc = YamlDocument.load(path)
    info = os.stat(path)
    assert doc.signature.size == info.st_size and doc.signature.mtime_ns == info.st_mtime_ns
    assert doc.signature == diskio.DiskSignature.of(path, path.read_bytes())
