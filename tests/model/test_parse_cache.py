"""The persistent parse cache: a re-opened project is not parsed again and is the same project; an entry
that is corrupt, forged, of another version or of other file contents is ignored (the file is parsed),
never trusted; the folder stays bounded; switched off, nothing is written."""

from __future__ import annotations

import json
import os

import pytest

from nodetype_studio.model import load_project, parsecache
from nodetype_studio.model import project as project_module

FILES = {
    "NodeTypes/Content/A.yaml": "'Acme.Site:A':\n  superTypes: {'Neos.Neos:Content': true}\n  ui: {label: A, icon: icon-a}\n"
                                "  properties:\n    title:\n      type: string\n      defaultValue: 1.5e3\n"
                                "      ui: {label: Title, inspector: {group: text}}\n"
                                "    list: {type: array, defaultValue: [a, 2, ~, true]}\n",
    "NodeTypes/Content/B.yaml": "'Acme.Site:B':\n  superTypes: {'Acme.Site:A': true}\n  ui: {label: 'B «ü»'}\n"
                                "  properties:\n    title: {ui: {label: 'Other'}}\n",
    "Configuration/Settings.yaml": "Neos:\n  Neos:\n    nodeTypes: {presets: {properties: {}}}\n",
}


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("NODETYPE_STUDIO_CACHE_DIR", str(folder))
    return folder / f"parse-v{parsecache.FORMAT}"


@pytest.fixture
def parses(monkeypatch, tmp_path):
    seen: list[str] = []
    original = project_module.load_yaml_text

    def counting(text, file="<string>"):
        if file.startswith(str(tmp_path)):
            seen.append(os.path.basename(file))
        return original(text, file)

    monkeypatch.setattr(project_module, "load_yaml_text", counting)
    return seen


def fresh_open(root):
    """An open as after a restart: nothing in memory, only what is on disk."""
    project_module._parse_cache.clear()
    project_module._project_cache.clear()
    project = load_project(root)
    parsecache.wait()
    return project


def picture(project) -> dict:
    """What a user sees of a project: effective configurations, where values come from, findings."""
    return {
        "types": {name: (nt.effective, nt.ancestors, str(nt.locate(("properties", "title", "ui", "label"))),
                         [str(loc) for loc in nt.files])
                  for name, nt in project.node_types.items() if not nt.from_baseline},
        "findings": sorted(d.format_text() for d in project.diagnostics),
    }


def test_a_reopened_project_is_read_from_the_cache_and_is_the_same(make_project, cache_dir, parses):
    root = make_project(FILES)
    first = fresh_open(root)
    assert sorted(parses) == ["A.yaml", "B.yaml", "Settings.yaml"]
    assert len(list(cache_dir.glob("*.json"))) == 3
    parses.clear()
    again = fresh_open(root)
    assert parses == []
    assert picture(again) == picture(first)
    assert again.node_type("Acme.Site:B").properties["title"]["ui"]["label"] == "Other"
    assert str(again.node_type("Acme.Site:B").locate(("ui", "label"))).endswith("B.yaml:3:8")


def test_a_changed_file_is_parsed_again_and_its_old_entry_is_not_used(make_project, cache_dir, parses):
    root = make_project(FILES)
    fresh_open(root)
    (root / "NodeTypes/Content/B.yaml").write_text("'Acme.Site:B':\n  ui: {label: Changed}\n", encoding="utf-8")
    parses.clear()
    project = fresh_open(root)
    assert parses == ["B.yaml"]
    assert project.node_type("Acme.Site:B").label == "Changed"


def _entries(cache_dir):
    return sorted(cache_dir.glob("*.json"))


def _last_position(blob: bytes, value: bytes) -> bytes:
    """``blob`` (an entry) with ``value`` instead of its last position."""
    assert blob.endswith(b"]]")
    return blob[: blob.rindex(b",") + 1] + value + b"]]"


FORGED = [
    pytest.param(lambda blob: b"\x80\x04garbage" + blob[7:], id="not JSON"),
    pytest.param(lambda blob: blob[: len(blob) // 2], id="truncated"),
    pytest.param(lambda blob: b"", id="empty"),
    pytest.param(lambda blob: blob.replace(b'"format": %d' % parsecache.FORMAT, b'"format": 999'), id="another format"),
    pytest.param(lambda blob: blob.replace(b'"format": %d' % parsecache.FORMAT, b'"format": 1'), id="the first format"),
    pytest.param(lambda blob: blob.split(b"\n")[0] + b'\n{"__reduce__": ["os.system", ["true"]]}', id="foreign object"),
    pytest.param(lambda blob: blob.split(b"\n")[0] + b'\n["a", "bare", "list"]', id="bare list"),
    # (the last position of the entry replaced: still valid JSON, so the positions' own check refuses it)
    pytest.param(lambda blob: _last_position(blob, b'"one"'), id="a position that is not a number"),
    pytest.param(lambda blob: _last_position(blob, b"-1"), id="a negative position"),
    pytest.param(lambda blob: _last_position(blob, b"4294967296"), id="a position too large to keep"),
    pytest.param(lambda blob: _last_position(blob, b"true"), id="a position that is a boolean"),
    pytest.param(lambda blob: _last_position(blob, b"5.5"), id="a position that is a fraction"),
    pytest.param(lambda blob: blob[:-2] + b',1,1]]', id="positions left over"),
    pytest.param(lambda blob: blob.split(b"\n")[0] + b'\n[{"a":{"b":1}},[1,1,2,1]]', id="positions missing"),
    pytest.param(lambda blob: blob.replace(b'"counts": [', b'"counts": [-1, ', 1), id="bad header"),
    pytest.param(lambda blob: blob.split(b"\n")[0] + b'\n[' + b'{"a":' * 300 + b'1' + b'}' * 300
                 + b',[' + b','.join([b'1,1,1,1'] * 300) + b']]', id="nested deeper than the parser allows"),
]


@pytest.mark.parametrize("forge", FORGED)
def test_a_corrupt_or_forged_entry_is_ignored_and_the_file_parsed(make_project, cache_dir, parses, forge):
    root = make_project(FILES)
    reference = picture(fresh_open(root))
    entries = _entries(cache_dir)
    for entry in entries:
        entry.write_bytes(forge(entry.read_bytes()))
    parses.clear()
    assert picture(fresh_open(root)) == reference
    assert sorted(parses) == ["A.yaml", "B.yaml", "Settings.yaml"]


def test_an_entry_of_other_file_contents_under_this_name_is_ignored(make_project, cache_dir, parses):
    """A stale entry (made for other contents, then renamed to this file's key) is refused: the key inside
    must match the name."""
    root = make_project(FILES)
    reference = picture(fresh_open(root))
    a, b, settings = (root / "NodeTypes/Content/A.yaml", root / "NodeTypes/Content/B.yaml",
                      root / "Configuration/Settings.yaml")
    key_a = parsecache.entry_key(str(a), a.read_bytes())
    key_b = parsecache.entry_key(str(b), b.read_bytes())
    (cache_dir / f"{key_b}.json").write_bytes((cache_dir / f"{key_a}.json").read_bytes())
    parses.clear()
    assert picture(fresh_open(root)) == reference
    assert parses == ["B.yaml"]
    assert settings.exists()


def test_an_entry_larger_than_the_bound_is_not_read(make_project, cache_dir, parses, monkeypatch):
    root = make_project(FILES)
    reference = picture(fresh_open(root))
    largest = max(len(entry.read_bytes()) for entry in _entries(cache_dir))
    monkeypatch.setattr(parsecache, "MAX_ENTRY_BYTES", largest - 1)  # the largest entry is one byte too long
    parses.clear()
    assert picture(fresh_open(root)) == reference
    assert len(parses) == 1  # that file was parsed again, the others came from the cache


def test_files_with_findings_or_aliases_are_not_cached(make_project, cache_dir):
    root = make_project({
        "NodeTypes/A.yaml": "'Acme.Site:A':\n  ui: {label: A}\n  ui: {label: twice}\n",
        "NodeTypes/B.yaml": "'Acme.Site:B':\n  ui: &ui {label: B}\n'Acme.Site:C':\n  ui: *ui\n",
    })
    fresh_open(root)
    assert _entries(cache_dir) == []


def test_switched_off_nothing_is_written(make_project, tmp_path, monkeypatch):
    monkeypatch.setenv("NODETYPE_STUDIO_CACHE_DIR", "off")
    root = make_project(FILES)
    fresh_open(root)
    assert parsecache.cache_root() is None
    assert not (tmp_path / "cache").exists()


def test_the_folder_is_trimmed_least_recently_used_first(tmp_path):
    for index in range(5):
        path = tmp_path / f"{index}.json"
        path.write_bytes(b"x" * 100)
        os.utime(path, ns=(index * 10**9, index * 10**9))
    parsecache.trim(tmp_path, limit=250)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["3.json", "4.json"]


def test_header_is_plain_json_naming_format_and_key(make_project, cache_dir):
    root = make_project(FILES)
    fresh_open(root)
    a = root / "NodeTypes/Content/A.yaml"
    key = parsecache.entry_key(str(a), a.read_bytes())
    header = json.loads((cache_dir / f"{key}.json").read_bytes().split(b"\n")[0])
    assert header["format"] == parsecache.FORMAT and header["key"] == key
