"""The one reader of the studio's settings files (model/settingsfile.py), on real files in tmp_path."""

import pytest

from nodetype_studio.datasources.settings import load_settings
from nodetype_studio.diagnostics import Severity
from nodetype_studio.media.config import load_sources
from nodetype_studio.model.projectconfig import configured_cms_version, read_project_config
from nodetype_studio.model.settingsfile import (
    MAX_BYTES,
    Field,
    SettingsSpec,
    byte_size,
    codes,
    http_url,
    number,
    problem_lines,
    read_settings,
    records,
    string_map,
    text,
)
from tests.hostile.hostile_helpers import stat_taken_while_small

SPEC = SettingsSpec("demo.yaml", (
    Field("server.url", http_url, None, "url"),
    Field("server.timeout", number(0, 60, "seconds"), 10.0, "timeout"),
    Field("server.limit", byte_size, 1024, "limit"),
    Field("server.path", text, "/x", "path"),
    Field("server.headers", string_map, (), "headers"),
    Field("skip", codes, [], "skip"),
    Field("items", records(("name", "path"), "path"), (), "items"),
), others=("elsewhere",))

DEFAULTS = {"url": None, "timeout": 10.0, "limit": 1024, "path": "/x", "headers": (), "skip": [], "items": ()}


def write(tmp_path, text, name="demo.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_field_kind_is_read(tmp_path):
    path = write(tmp_path, "server:\n  url: 'https://example.org:8443/'\n  timeout: 2.5\n  limit: 3 KB\n"
                           "  path: ' /y/ '\n  headers: {Cookie: a=b, X-Num: 7}\nskip: 'a, b,,c'\n"
                           "items:\n  - {name: one, path: p1}\n  - path: p2\n    other: 1\nelsewhere: whatever\n")
    read = read_settings(path, SPEC)
    assert read.diagnostics == [] and read.file == path and read.loaded
    assert read.values["url"] == "https://example.org:8443/" and read.values["timeout"] == 2.5
    assert read.values["limit"] == 3 * 1024 and read.values["path"] == "/y/"
    assert read.values["headers"] == (("Cookie", "a=b"), ("X-Num", "7"))
    assert read.values["skip"] == ["a", "b", "c"]
    first, second = read.values["items"]
    assert (first.values, first.line, first.unknown) == ({"name": "one", "path": "p1"}, 9, ())
    assert (second.values, second.line, second.column, second.unknown) == ({"path": "p2"}, 10, 5, ("other",))
    assert read.given == {"url", "timeout", "limit", "path", "headers", "skip", "items"}


def test_an_absent_file_gives_the_defaults_and_nothing_to_report(tmp_path):
    read = read_settings(tmp_path / "missing.yaml", SPEC)
    assert read.values == DEFAULTS and read.diagnostics == [] and read.file is None and not read.loaded
    read.values["skip"].append("changed")  # a caller's change stays in its own copy
    assert read_settings(tmp_path / "missing.yaml", SPEC).values["skip"] == []
    assert read_settings(write(tmp_path, "# only a comment\n"), SPEC).values == DEFAULTS


@pytest.mark.parametrize("line, value, expected", [
    ("  url: ftp://x", "url", "server.url must be an http(s) URL, not 'ftp://x'"),
    ("  url: 'http://'", "url", "server.url must be an http(s) URL"),
    ("  timeout: 0", "timeout", "server.timeout must be a number of seconds above 0 and at most 60, not 0"),
    ("  timeout: .inf", "timeout", "at most 60, not inf"),
    ("  timeout: true", "timeout", "not True"),
    ("  limit: lots", "limit", "server.limit must be a size such as 2MB, not 'lots'"),
    ("  path: ''", "path", "server.path must be a non-empty string"),
    ("  path: [a]", "path", "server.path must be a non-empty string, not ['a']"),
    ("  headers: [a]", "headers", "server.headers must be a map of header names to strings"),
    ("  headers: {A: {b: c}}", "headers", "server.headers must be a map"),
])
def test_a_bad_value_is_an_error_at_its_key_and_the_default_stays(tmp_path, line, value, expected):
    path = write(tmp_path, "# settings\nserver:\n" + line + "\n")
    read = read_settings(path, SPEC)
    (finding,) = read.diagnostics
    assert (finding.severity, finding.code, finding.file, finding.line, finding.column) == \
        (Severity.ERROR, "settings-invalid", str(path), 3, 3)
    assert expected in finding.message
    assert read.values == DEFAULTS and value not in read.given
    assert read.field_diagnostics == {value: [finding]}


def test_wrong_types_at_the_top_level(tmp_path):
    read = read_settings(write(tmp_path, "skip: 5\nitems: {a: b}\n"), SPEC)
    assert [(d.line, d.message) for d in read.diagnostics] == [
        (1, "skip must be a list or a comma-separated string of codes, not 5"),
        (2, "items must be a list of maps with `name`, `path`, not {'a': 'b'}")]
    assert read.values == DEFAULTS


def test_unknown_keys_are_warnings_naming_the_known_ones(tmp_path):
    read = read_settings(write(tmp_path, "server:\n  timeot: 3\nskp: a\nelsewhere: 1\n"), SPEC)
    first, second = read.diagnostics
    assert (first.severity, first.code, first.line, first.column) == (Severity.WARNING, "settings-unknown-key", 2, 3)
    assert first.message == ("unknown key `server.timeot` in demo.yaml; did you mean `timeout`? the known keys of "
                             "`server` are `url`, `timeout`, `limit`, `path`, `headers`")
    assert (second.line, second.column) == (3, 1) and "`skip`, `items`, `elsewhere`" in second.message
    assert read.values == DEFAULTS  # the misspelt timeout is not taken


def test_a_map_that_is_not_a_map(tmp_path):
    read = read_settings(write(tmp_path, "skip: a\nserver: 5\n"), SPEC)
    (finding,) = read.diagnostics
    assert (finding.line, finding.column) == (2, 1)
    assert finding.message == "`server` must be a map with the keys `url`, `timeout`, `limit`, `path`, `headers`, not 5"
    assert read.values["skip"] == ["a"]  # the rest of the file still counts
    whole = read_settings(write(tmp_path, "- a\n"), SPEC)
    assert [(d.line, d.message.split(",")[0]) for d in whole.diagnostics] == \
        [(1, "demo.yaml must be a map with the keys `server`")]


def test_records_report_unusable_items_and_keep_the_others(tmp_path):
    read = read_settings(write(tmp_path, "items:\n  - name: x\n  - just text\n  - path: ok\n"), SPEC)
    assert read.diagnostics == []
    items = read.values["items"]
    assert [(i.line, i.problem) for i in items] == [(2, "an item needs a `path`"), (3, "an item needs a `path`"), (4, "")]


@pytest.mark.parametrize("content, code", [
    ("server: [\n", "yaml-syntax"),
    ("server: " + "[" * 5000 + "]" * 5000 + "\n", "yaml-too-deep"),
    ("a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [" + ", ".join([f"*{chr(ord(c) - 1)}"] * 9) + "]\n" for c in "bcdef") + "skip: *f\n",
     "yaml-alias-bomb"),
])
def test_a_file_the_loader_refuses_gives_its_finding_and_the_defaults(tmp_path, content, code):
    path = write(tmp_path, content)
    read = read_settings(path, SPEC)
    assert [d.code for d in read.diagnostics] == [code] and read.diagnostics[0].file == str(path)
    assert read.values == DEFAULTS and not read.loaded
    wrapped = read_settings(path, SettingsSpec("demo.yaml", SPEC.fields, invalid_code="demo-invalid",
                                               wrap_load_errors=True))
    (finding,) = wrapped.diagnostics
    assert finding.code == "demo-invalid" and finding.message.startswith("cannot read demo.yaml: ")
    assert wrapped.values == DEFAULTS


def test_an_oversized_file_is_not_read(tmp_path):
    path = write(tmp_path, "skip: a\n" + "#" * (MAX_BYTES + 10) + "\n")
    read = read_settings(path, SPEC)
    assert [d.message for d in read.diagnostics] == ["cannot read demo.yaml: the file is larger than 1024 KB"]
    assert read.values == DEFAULTS


def test_toml_tables_with_the_lines_of_their_keys(tmp_path):
    path = write(tmp_path, '[project]\nname = "x"\n\n[tool.nodetype-studio]\nskip = ["a", "b"]\n'
                           'skp = 1\n[tool.nodetype-studio.server]\ntimeout = 99\n', "pyproject.toml")
    read = read_settings(path, SPEC, toml_table=("tool", "nodetype-studio"))
    assert read.values["skip"] == ["a", "b"]
    assert [(d.severity, d.line, d.message.split(";")[0]) for d in read.diagnostics] == [
        (Severity.WARNING, 6, "unknown key `skp` in demo.yaml"),
        (Severity.ERROR, 8, "server.timeout must be a number of seconds above 0 and at most 60, not 99")]
    inline = write(tmp_path, '[tool.nodetype-studio]\n\nserver = {timeout = 0}\n', "pyproject.toml")
    (finding,) = read_settings(inline, SPEC, toml_table=("tool", "nodetype-studio")).diagnostics
    assert (finding.line, finding.column) == (3, 1)  # a key inside an inline table: the line of its table
    assert read_settings(write(tmp_path, "[tool.other]\na = 1\n", "pyproject.toml"), SPEC,
                         toml_table=("tool", "nodetype-studio")).diagnostics == []


@pytest.mark.parametrize("content, message", [
    ("[tool.nodetype-studio\n", "cannot read demo.yaml: Expected ']'"),
    ("[tool.x]\na = " + "[" * 50000 + "]" * 50000 + "\n", "cannot read demo.yaml: it is nested too deeply"),
])
def test_a_broken_or_deep_toml_file_is_a_finding(tmp_path, content, message):
    read = read_settings(write(tmp_path, content, "pyproject.toml"), SPEC, toml_table=("tool", "nodetype-studio"))
    (finding,) = read.diagnostics
    assert finding.code == "settings-invalid" and finding.message.startswith(message)
    assert read.values == DEFAULTS


def test_the_project_configuration_table(tmp_path):
    write(tmp_path, "cms-version: '7'\nselect: editor\nignore: [compat]\n", ".nodetype-studio.yaml")
    read = read_project_config(tmp_path)
    assert (read.values["cms_version"], read.values["select"], read.values["ignore"]) == ("7", ["editor"], ["compat"])
    write(tmp_path, "select: editor\ncmsVersion: 10\n", ".nodetype-studio.yaml")
    version, problems = configured_cms_version(tmp_path)
    (finding,) = problems
    assert version is None and (finding.severity, finding.line, finding.column) == (Severity.WARNING, 2, 1)
    assert finding.message.startswith("`cmsVersion: 10` names no CMS version the studio knows")


def test_backend_settings_carry_diagnostics_with_positions(tmp_path):
    folder = tmp_path / ".nodetype-studio"
    folder.mkdir()
    (folder / "settings.yaml").write_text("backend:\n  timeout: 9999\n  nodes: x\n", encoding="utf-8")
    settings = load_settings(tmp_path, environ={})
    assert [(d.severity.value, d.line, d.column) for d in settings.diagnostics] == [("error", 2, 3), ("warning", 3, 3)]
    assert settings.problems == problem_lines(settings.diagnostics)
    assert "did you mean `node`?" in settings.problems[1] and settings.timeout == 10.0


def test_media_sources_report_unknown_keys_of_an_entry(tmp_path):
    config = write(tmp_path, "sources:\n  - {path: a, lable: b}\nsorces: []\n", "media.yaml")
    entries, problems = load_sources(config, tmp_path)
    assert [e.path for e in entries] == [tmp_path / "a"]
    assert [(d.code, d.line) for d in problems] == [("media-config-unknown-key", 2), ("media-config-unknown-key", 3)]


@pytest.mark.parametrize("name, head", [("demo.yaml", "skip: a\n"), ("pyproject.toml", "[demo]\nskip = 'a'\n")])
def test_a_file_growing_past_the_limit_is_judged_on_what_was_read(tmp_path, monkeypatch, name, head):
    path = write(tmp_path, head + "#" * (MAX_BYTES + 10) + "\n", name)
    stat_taken_while_small(monkeypatch, path)
    read = read_settings(path, SPEC, toml_table=("demo",) if name.endswith(".toml") else None)
    assert [d.message for d in read.diagnostics] == [f"cannot read {SPEC.display}: the file is larger than 1024 KB"]
    assert read.values == DEFAULTS and not read.loaded
