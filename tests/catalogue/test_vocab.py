"""DateTime letters, file sizes, highlighting modes."""

import pytest

from nodetype_studio.catalogue.vocab import (
    CMS_CODE_MODES,
    CODE_MODES,
    FORMAT_LETTER,
    FORMATTING,
    code_mode,
    format_problems,
    parse_file_size,
)


def test_spec_letters_all_present():
    spec = {f.letter for f in FORMAT_LETTER.values() if f.in_spec}
    assert spec == set("yYFmMntdDjlNSwaAgGhHis")


@pytest.mark.parametrize("fmt", ["d-m-Y", "d-m-Y H:i", "H:i", "d.m.Y G:i", "j. F Y, g:i a", "D, d M y"])
def test_valid_formats(fmt):
    assert format_problems(fmt) == []


@pytest.mark.parametrize("fmt, index, letter, kind", [
    ("d-m-Y H:i:s T", 12, "T", "php-only"),
    ("Y-m-d q", 6, "q", "unknown"),
    ("d.m.Y \\U\\h\\r", 6, "\\", "escape"),
    ("W/o", 0, "W", "not-in-spec"),
    ("jS F", 1, "S", "not-converted"),
])
def test_format_problems(fmt, index, letter, kind):
    first = format_problems(fmt)[0]
    assert (first.index, first.letter, first.kind) == (index, letter, kind)


@pytest.mark.parametrize("value, size, in_spec", [
    (204800, 204800, True), ("204800", 204800, True), ("204800b", 204800, True), ("2kb", 2048, True),
    ("2KB", 2048, True), ("10mb", 10 * 1024 ** 2, False), ("1g", 1024 ** 3, False), (" 5 kb ", 5120, True),
])
def test_file_sizes(value, size, in_spec):
    parsed = parse_file_size(value)
    assert parsed.bytes == size and parsed.in_spec is in_spec


def test_file_size_decimal_and_legacy_reading():
    parsed = parse_file_size("1.5mb")
    assert parsed.bytes == int(1.5 * 1024 ** 2) and not parsed.in_spec
    assert parsed.legacy_bytes == 15 * 1024 ** 2


@pytest.mark.parametrize("value", ["ten megabytes", "5 tb", "", "-5", -1, True, [], "mb"])
def test_unparseable_file_sizes(value):
    assert parse_file_size(value) is None


def test_code_modes():
    # every spec mode is in the CMS too: its htmlmixed mode loads CodeMirror's css mode along with it
    assert set(CODE_MODES) <= set(CMS_CODE_MODES)
    assert CMS_CODE_MODES["htmlmixed"] == CMS_CODE_MODES["text/html"] == "text/html"
    assert CMS_CODE_MODES["css"] == "text/css" and CMS_CODE_MODES["yaml"] == "text/x-yaml"


@pytest.mark.parametrize("value, mode, noted", [
    (None, "text/html", False), ("", "text/html", False), (False, "text/html", False), (0, "text/html", False),
    ("text/css", "text/css", False), ("markdown", "text/x-markdown", False), ("application/json", "application/json", False),
    ("text/x-php", "text/plain", True), (" text/html", "text/plain", True), ("HTMLMIXED", "text/plain", True),
])
def test_code_mode_reads_highlighting_mode_as_the_cms_does(value, mode, noted):
    # falsy -> the default (`highlightingMode || default`); names match exactly, as CodeMirror matches them
    found, note = code_mode(value)
    assert found == mode and (note is not None) is noted


def test_formatting_ignored_keys():
    assert {k for k, v in FORMATTING.items() if v.ignored} == {"u", "del"}
