"""Media type patterns (browser vs upload), accept strings and maximumFileSize in every spelling."""

import pytest

from nodetype_studio.media.mediatypes import (
    accepts,
    extensions_for,
    human_size,
    matches,
    parse_size,
    patterns,
    type_for_extension,
)


@pytest.mark.parametrize("media_type, pattern, exact, browser", [
    ("image/png", "image/png", True, True),
    ("image/jpeg", "image/png", False, True),       # the browser ignores the sub type
    ("image/jpeg", "image/*", True, True),
    ("application/pdf", "image/png", False, False),
    ("application/pdf", "*/*", True, True),
    ("video/mp4", "*", True, True),
    ("IMAGE/PNG", "image/png", True, True),
    ("application/pdf", ".pdf", True, True),
])
def test_matches_exact_for_upload_and_by_top_level_type_for_the_browser(media_type, pattern, exact, browser):
    assert matches(media_type, pattern) is exact
    assert matches(media_type, pattern, ignore_subtype=True) is browser


def test_an_empty_list_accepts_everything():
    assert accepts("application/zip", [])
    assert not accepts("application/zip", ["image/*"])


def test_patterns_accept_lists_single_strings_and_accept_strings():
    assert patterns(["image/png", " image/jpeg "]) == ["image/png", "image/jpeg"]
    assert patterns("application/mp3") == ["application/mp3"]
    assert patterns("image/png,image/jpeg, image/gif") == ["image/png", "image/jpeg", "image/gif"]
    assert patterns(None) == [] and patterns(42) == [] and patterns(["", None, 3]) == []


@pytest.mark.parametrize("value, size", [
    (204800, 204800),                 # plain byte count (number)
    ("204800", 204800),               # plain byte count (string)
    ("204800b", 204800),              # `b` suffix
    ("200kb", 200 * 1024),            # `kb` suffix
    ("10KB", 10 * 1024),
    ("1024kb", 1024 * 1024),
    ("2k", 2048),                     # the uploader's own unit letters
    ("3m", 3 * 1024 ** 2),
    ("1g", 1024 ** 3),
    ("5 MB", 5 * 1024 ** 2),
    ("1.5mb", 15 * 1024 ** 2),        # the decimal point is dropped, as the old uploader did
])
def test_maximum_file_size_spellings(value, size):
    limit = parse_size(value)
    assert limit.bytes == size and limit.problem is None
    assert limit.allows(size) and not limit.allows(size + 1)


@pytest.mark.parametrize("value", [None, "", 0, 0.0])
def test_no_maximum_means_no_limit(value):
    # a falsy maximumFileSize is "the server's maximum" (DEV 4.3 Inspector/Editors/FileUpload.js)
    limit = parse_size(value)
    assert limit.bytes is None and limit.problem is None and limit.allows(10 ** 12)


@pytest.mark.parametrize("value", ["big", "10 kbm", True, [1], "kb"])
def test_unusable_maximum_is_reported_and_not_applied(value):
    limit = parse_size(value)
    assert limit.bytes is None
    assert "not a size" in limit.problem


@pytest.mark.parametrize("value", ["0", "0kb", "0b", -1, -0.5])
def test_a_zero_text_or_a_negative_maximum_refuses_every_file(value):
    limit = parse_size(value)
    assert limit.bytes == 0 and not limit.allows(1) and "every upload is refused" in limit.problem


def test_human_sizes():
    assert human_size(11 * 1024) == "11 KB"
    assert human_size(1536) == "1.5 KB"
    assert human_size(3 * 1024 ** 2) == "3 MB"
    assert human_size(7) == "7 bytes"


def test_extensions_and_types():
    assert ".png" in extensions_for("image/*") and ".jpg" in extensions_for("image/*")
    assert ".pdf" not in extensions_for("image/*")
    assert extensions_for("image/png") == [".png"]
    assert extensions_for("*/*") == []
    assert type_for_extension(".JPG") == "image/jpeg"
    assert type_for_extension(".svg") == "image/svg+xml"
