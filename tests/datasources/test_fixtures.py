"""Fixture files: naming, lookup order, checking with file:line, re-reading, atomic writing, dumping."""

import os
import stat

from nodetype_studio.datasources.fixtures import (
    check_fixture_text,
    dump_fixture,
    find_fixture,
    fixture_stem,
    new_fixture_path,
    read_fixture,
    sanitize,
    scratch_fixture,
    uri_stem,
    write_fixture,
)
from nodetype_studio.datasources.options import parse_options


def test_uri_fixture_names():
    assert uri_stem("https://tickets.example.com/api/venues.json") == "tickets.example.com_api_venues.json"
    assert uri_stem("http://127.0.0.1:8081/options?kind=a&b=c") == "127.0.0.1_8081_options_kind_a_b_c"
    assert uri_stem("/api/colours") == "api_colours"
    assert uri_stem("///") == "_"
    long = uri_stem("https://example.com/" + "segment/" * 40)
    assert len(long) == 120 and long.rsplit("-", 1)[1].isalnum()
    assert uri_stem("https://example.com/" + "segment/" * 40) != uri_stem("https://example.com/" + "segment/" * 41)


def test_identifier_names_stay_as_written_unless_unsafe():
    assert fixture_stem("identifier", "acme-event-categories") == "acme-event-categories"
    assert sanitize("../../etc/passwd") == "etc_passwd"
    assert fixture_stem("identifier", "Vendor/Thing") == "Vendor_Thing"


def test_lookup_order_and_new_paths(tmp_path):
    studio = tmp_path / ".nodetype-studio"
    folder = studio / "data-sources"
    folder.mkdir(parents=True)
    assert find_fixture(studio, "identifier", "x") is None
    (folder / "x.json").write_text("[]")
    assert find_fixture(studio, "identifier", "x") == folder / "x.json"
    (folder / "x.yaml").write_text("[]")
    assert find_fixture(studio, "identifier", "x") == folder / "x.yaml"
    assert new_fixture_path(studio, "uri", "https://h/a") == folder / "uri" / "h_a.yaml"
    assert find_fixture(None, "identifier", "x") is None


def test_check_reports_syntax_and_shape_with_lines():
    bad = check_fixture_text("- value: a\n  label: [A\n", "f.yaml")
    assert not bad.ok and bad.errors[0].line >= 2 and "YAML syntax error" in bad.errors[0].message
    scalar = check_fixture_text("just text\n", "f.yaml")
    assert "not a string" in scalar.errors[0].message
    broken_json = check_fixture_text('[{"value": "a",\n "label": }]', "f.json", json_format=True)
    assert broken_json.errors[0].line == 2 and "JSON syntax error" in broken_json.errors[0].message


def test_check_warns_about_entries_without_label_at_their_line():
    content = check_fixture_text("a:\n  label: A\nb:\n  icon: x\nc: ~\n", "f.yaml")
    assert content.ok
    assert [(w.line, w.message) for w in content.warnings] == [
        (3, "key \u201cb\u201d has no label: the select box leaves it out"),
        (5, "key \u201cc\u201d is null, not an object: the select box leaves it out"),
    ]


def test_read_fixture_rereads_after_a_change(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("- {value: a, label: A}\n")
    first = read_fixture(path)
    assert read_fixture(path) is first  # unchanged: from memory
    path.write_text("- {value: a, label: A}\n- {value: b, label: B}\n")
    os.utime(path, ns=(first_mtime := path.stat().st_mtime_ns, first_mtime + 10_000_000))
    assert len(read_fixture(path).data) == 2
    missing = read_fixture(tmp_path / "gone.yaml")
    assert not missing.ok and "cannot read" in missing.errors[0].message


def test_read_fixture_reports_bad_encoding(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_bytes(b"- value: a\n  label: \xff\n")
    content = read_fixture(path)
    assert any("UTF-8" in e.message for e in content.errors)


def test_write_fixture_is_atomic_and_keeps_permissions(tmp_path):
    path = tmp_path / "deep" / "folder" / "x.yaml"
    write_fixture(path, "- {value: a, label: A}\n")
    assert path.read_text() == "- {value: a, label: A}\n"
    os.chmod(path, 0o640)
    write_fixture(path, "[]\n")
    assert path.read_text() == "[]\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in path.parent.iterdir()] == ["x.yaml"]  # no temporary file left behind


def test_dumped_answers_read_back_identically():
    data = [{"value": "yes", "label": "Ja", "group": "1"}, {"value": "2024-01-01", "label": "ünïcode: ok"},
            {"value": "null", "label": "~"}]
    text = dump_fixture(data, "data source \u201cx\u201d")
    assert text.startswith("# Recorded answer of data source")
    content = check_fixture_text(text, "x.yaml")
    assert content.ok and content.data == data


def test_scratch_fixture_is_a_valid_starting_point():
    content = check_fixture_text(scratch_fixture("data source \u201cx\u201d"), "x.yaml")
    assert content.ok and content.warnings == []
    assert [o.label for o in parse_options(content.data)] == ["First option", "Second option"]
