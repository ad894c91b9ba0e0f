"""`nodetype-studio set` / `unset`: output, exit codes, minimal diffs on real files."""

import shutil

import pytest
from edit_helpers import FIXTURES

from nodetype_studio.cli import main
from nodetype_studio.editing import YamlDocument

PAGE = "Vendor.Site:Document.Page"


@pytest.fixture
def project(tmp_path, monkeypatch):
    target = tmp_path / "project"
    shutil.copytree(FIXTURES / "project", target)
    monkeypatch.chdir(target)
    return target


def _page(project):
    return project / "Vendor.Site/NodeTypes/Document/Page.yaml"


def _override(project):
    return project / "Vendor.Site/Configuration/NodeTypes.Override.yaml"


def test_set_prints_the_changed_line_and_writes_only_it(project, capsys):
    before = _page(project).read_text()
    assert main(["set", ".", PAGE, "properties.title.ui.label", "'Headline'"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f'Vendor.Site/NodeTypes/Document/Page.yaml:12: set "{PAGE}".properties.title.ui.label'
    assert out[1:] == ["-        label: 'Title'", "+        label: 'Headline'"]
    assert _page(project).read_text() == before.replace("label: 'Title'", "label: 'Headline'")


@pytest.mark.parametrize("value, written", [
    ("42", "position: 42"), ("true", "position: true"), ("'text'", "position: 'text'"),
    # this file quotes most strings (and always its labels): new ones follow
    ("[a, b]", "position:\n      - 'a'\n      - 'b'"), ("{label: X}", "position:\n      label: 'X'"), ("~", "position: null"),
])
def test_values_are_yaml(project, capsys, value, written):
    assert main(["set", ".", PAGE, "ui.position", value]) == 0
    assert f"    {written}\n" in _page(project).read_text()


def test_unset_removes_from_every_defining_file(project, capsys):
    assert main(["unset", ".", PAGE, "properties.layout"]) == 0
    out = capsys.readouterr().out
    assert "Page.yaml:15: remove" in out and "NodeTypes.Override.yaml:4: remove" in out
    assert "layout" not in _page(project).read_text()
    assert "layout" not in _override(project).read_text()


def test_quoted_key_path_segments(project, capsys):
    key = 'properties.title.validation."Neos.Neos/Validation/StringLengthValidator".maximum'
    assert main(["set", ".", PAGE, key, "255"]) == 0
    text = _page(project).read_text()
    assert "      validation:\n        'Neos.Neos/Validation/StringLengthValidator':\n          maximum: 255\n" in text
    assert main(["unset", ".", PAGE, key]) == 0
    assert YamlDocument.load(_page(project)).get((PAGE, "properties", "title", "validation")) == {
        "Neos.Neos/Validation/StringLengthValidator": {}}


def test_dry_run_and_explicit_file(project, capsys):
    before = _page(project).read_text()
    assert main(["set", ".", PAGE, "ui.label", "'Seite'", "--dry-run"]) == 0
    assert "(dry run: nothing written)" in capsys.readouterr().out
    assert _page(project).read_text() == before
    assert main(["set", ".", PAGE, "ui.group", "'x'", "--file", str(_override(project))]) == 0
    assert "NodeTypes.Override.yaml" in capsys.readouterr().out
    assert "  ui:\n    group: 'x'\n" in _override(project).read_text()


def test_setting_the_same_value_changes_nothing(project, capsys):
    before = _page(project).read_text()
    assert main(["set", ".", PAGE, "ui.label", "Page"]) == 0
    assert "nothing to change" in capsys.readouterr().out
    assert _page(project).read_text() == before


@pytest.mark.parametrize("argv, message", [
    (["set", ".", "Vendor.Site:Nope", "ui.label", "x"], "not defined"),
    (["unset", ".", PAGE, "properties.nope"], "not set"),
    (["set", ".", PAGE, "ui.label", "{broken"], "not valid YAML"),
    (["set", ".", PAGE, 'ui."unterminated', "1"], "unterminated quote"),
    (["set", ".", PAGE, "ui.label.deeper", "1"], "not a mapping"),
    (["set", ".", "Neos.Neos:Content", "ui.label", "x"], "platform baseline"),
])
def test_user_errors_exit_1_with_a_message(project, capsys, argv, message):
    before = _page(project).read_text()
    assert main(argv) == 1
    assert message in capsys.readouterr().err
    assert _page(project).read_text() == before


def test_missing_project_exits_2(tmp_path, capsys):
    assert main(["set", str(tmp_path / "nope"), PAGE, "ui.label", "x"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_file_changed_on_disk_exits_1_and_keeps_the_other_change(project, capsys, monkeypatch):
    real_load = YamlDocument.load

    def load_then_someone_edits(path):
        doc = real_load(path)
        path.write_text(path.read_text() + "# edited in the IDE meanwhile\n")
        return doc

    monkeypatch.setattr(YamlDocument, "load", staticmethod(load_then_someone_edits))
    assert main(["set", ".", PAGE, "ui.label", "'Home'"]) == 1
    assert "changed by another program" in capsys.readouterr().err
    text = _page(project).read_text()
    assert text.endswith("# edited in the IDE meanwhile\n") and "label: 'Page'" in text


def test_write_failure_exits_2(project, capsys, monkeypatch):
    import errno
    import os

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    before = _page(project).read_text()
    assert main(["set", ".", PAGE, "ui.label", "'Home'"]) == 2
    assert "Permission denied" in capsys.readouterr().err
    assert _page(project).read_text() == before
