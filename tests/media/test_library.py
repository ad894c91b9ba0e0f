"""The local media library: sources, assets, titles and tags, filters, folders the user adds, uploads."""

from pathlib import Path

import pytest

from nodetype_studio.media.library import PROJECT_SOURCE, SAMPLES_SOURCE, MediaLibrary
from nodetype_studio.media.mediatypes import parse_size
from tests.hostile.hostile_helpers import stat_taken_while_small
from tests.media_support import copy_site, padded_file, png_bytes, write_png


@pytest.fixture
def site(tmp_path) -> Path:
    root = copy_site(tmp_path)
    images = root / "Resources" / "Public" / "Images"
    write_png(images / "red-square.png", 40, 40)
    write_png(images / "Team" / "anna_portrait-2024.png", 30, 45)
    (root / "Resources" / "Private" / "Templates").mkdir(parents=True)
    (root / "Resources" / "Private" / "Templates" / "Page.html").write_text("<html></html>", encoding="utf-8")
    (root / "Resources" / "Private" / "Docs").mkdir(parents=True)
    (root / "Resources" / "Private" / "Docs" / "terms.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    (root / "Resources" / "Private" / "Docs" / "script.js").write_text("alert(1)", encoding="utf-8")
    return root


def library(root: Path) -> MediaLibrary:
    return MediaLibrary.for_project(root, [root])


def by_title(lib: MediaLibrary, title: str):
    return next(a for a in lib.assets() if a.title == title)


def test_project_resources_and_samples_are_sources(site):
    lib = library(site)
    assert [s.identifier for s in lib.sources()] == [PROJECT_SOURCE, SAMPLES_SOURCE]
    titles = {a.title for a in lib.assets([PROJECT_SOURCE])}
    assert titles == {"Red square", "Anna portrait 2024", "Terms"}   # no templates, no code
    assert len(lib.assets([SAMPLES_SOURCE])) == 8


def test_the_library_is_never_empty(tmp_path):
    lib = MediaLibrary.for_project(tmp_path, [])
    assert lib.assets() and all(a.source == SAMPLES_SOURCE for a in lib.assets())
    assert MediaLibrary.standalone().assets()


def test_titles_and_tags_from_file_names_folders_and_side_files(site):
    lib = library(site)
    anna = by_title(lib, "Anna portrait 2024")
    assert anna.tags == ("images", "team")
    red = by_title(lib, "Red square")        # from the folder's media.yaml
    assert red.tags[:2] == ("colour", "red") and "images" in red.tags
    (site / "Resources/Public/Images/Team/anna_portrait-2024.png.meta.yaml").write_text(
        "title: 'Anna, designer'\ntags: [people]\ncaption: 'Photo: studio'\n", encoding="utf-8")
    lib.refresh()
    anna = by_title(lib, "Anna, designer")
    assert anna.tags[0] == "people" and anna.caption == "Photo: studio"


def test_media_type_and_dimensions_are_read(site):
    anna = by_title(library(site), "Anna portrait 2024")
    assert anna.media_type == "image/png" and (anna.width, anna.height) == (30, 45)
    assert anna.dimensions == "30 \u00d7 45"


def test_identifiers_are_stable_and_distinct(site):
    first = {a.title: a.identifier for a in library(site).assets()}
    second = {a.title: a.identifier for a in library(site).assets()}
    assert first == second
    assert len(set(first.values())) == len(first)


def test_bad_side_files_are_reported_and_do_not_stop_the_scan(site):
    folder = site / "Resources/Public/Images"
    (folder / "media.yaml").write_text("red-square.png: [not, a, map]\n", encoding="utf-8")
    (folder / "red-square.png.meta.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    lib = library(site)
    assert "Red square" in {a.title for a in lib.assets()}   # falls back to the file name
    codes = {d.code for d in lib.problems}
    assert "yaml-syntax" in codes and "media-meta-shape" in codes


def test_browser_ignores_the_sub_type_but_search_does_not(site):
    lib = library(site)
    browsed = {a.media_type for a in lib.browse(["image/png"])}
    assert "image/jpeg" in browsed and "image/svg+xml" in browsed and "application/pdf" not in browsed
    found = {a.media_type for a in lib.search("a", ["image/png"])}
    assert found == {"image/png"}
    assert lib.search("   ", []) == []


def test_search_by_title_file_name_and_tag(site):
    lib = library(site)
    assert [a.title for a in lib.search("team", [])] == ["Anna portrait 2024"]       # folder tag
    assert {a.title for a in lib.search("SEA", [])} == {"Harbour at dusk", "Lighthouse at night"}  # side-file tags
    assert [a.title for a in lib.search("terms.pdf", [])] == ["Terms"]


def test_asset_source_filter_and_the_cms_name_of_the_local_source(site):
    lib = library(site)
    assert {a.source for a in lib.browse([], ["samples"])} == {SAMPLES_SOURCE}
    assert {a.source for a in lib.browse([], ["neos"])} == {PROJECT_SOURCE}
    assert lib.browse([], ["nowhere"]) == []
    assert lib.unknown_sources(["default", "nowhere"]) == ["nowhere"]


def test_added_folders_are_remembered(site, tmp_path):
    stock = tmp_path / "Stock Photos"
    write_png(stock / "beach.png", 20, 10)
    lib = library(site)
    source, problem = lib.add_folder(stock)
    assert problem == "" and source.identifier == "stock-photos"
    assert [a.title for a in lib.assets(["stock-photos"])] == ["Beach"]
    config = site / ".nodetype-studio" / "media.yaml"
    assert "stock-photos" in config.read_text(encoding="utf-8")
    again = library(site)
    assert [a.title for a in again.assets(["stock-photos"])] == ["Beach"]
    assert again.remove_source("stock-photos") == ""
    assert library(site).source("stock-photos") is None


def test_adding_a_bad_folder_is_refused_with_a_reason(site, tmp_path):
    lib = library(site)
    assert lib.add_folder(tmp_path / "missing")[1].endswith("is not a folder")
    assert "already" in lib.add_folder(site / "Resources" / "Public")[1]
    assert "built in" in lib.remove_source("samples")
    assert "no asset source" in lib.remove_source("nope")


def test_broken_media_config_is_reported_and_kept(site, tmp_path):
    config = site / ".nodetype-studio" / "media.yaml"
    config.parent.mkdir()
    config.write_text("sources: [\n", encoding="utf-8")
    lib = library(site)
    assert any(d.code == "yaml-syntax" for d in lib.problems)
    folder = tmp_path / "more"
    folder.mkdir()
    lib.add_folder(folder)
    assert (config.parent / "media.yaml.broken").read_text(encoding="utf-8") == "sources: [\n"


def test_config_entries_without_path_and_missing_folders_are_reported(site):
    config = site / ".nodetype-studio" / "media.yaml"
    config.parent.mkdir()
    config.write_text("sources:\n  - label: x\n  - path: gone\n", encoding="utf-8")
    problems = {d.code: d for d in library(site).problems}
    assert problems["media-config-entry"].line == 2
    assert "media-folder-missing" in problems


def test_upload_copies_into_the_project_and_adds_the_asset(site, tmp_path):
    source = tmp_path / "incoming" / "logo.png"
    source.parent.mkdir()
    source.write_bytes(png_bytes(12, 6))
    lib = library(site)
    result = lib.upload(source, ["image/png"])
    assert result.ok and result.asset.title == "Logo" and result.asset.source == PROJECT_SOURCE
    assert (site / ".nodetype-studio" / "uploads" / "logo.png").read_bytes() == source.read_bytes()
    assert lib.asset(result.asset.identifier) is not None
    assert lib.upload(source, []).asset.identifier == result.asset.identifier   # the same file again: reused
    other = tmp_path / "other" / "logo.png"
    other.parent.mkdir()
    other.write_bytes(png_bytes(5, 5))
    assert lib.upload(other, []).asset.filename == "logo-2.png"


def test_upload_honours_media_types_exactly(site, tmp_path):
    jpeg = tmp_path / "photo.jpg"
    jpeg.write_bytes((Path(__file__).parents[2] / "nodetype_studio/resources/sample-media/harbour-at-dusk.jpg").read_bytes())
    result = library(site).upload(jpeg, ["image/png"])
    assert not result.ok
    assert result.message == "\u201cphoto.jpg\u201d is image/jpeg; this field accepts only image/png"


def test_upload_refuses_files_over_the_maximum(site, tmp_path):
    big = padded_file(tmp_path / "big.png", 11 * 1024, png_bytes(1, 1))
    result = library(site).upload(big, ["image/*"], parse_size("10kb"))
    assert not result.ok
    assert "too large" in result.message and "11 KB" in result.message and "10 KB" in result.message
    assert not (site / ".nodetype-studio" / "uploads" / "big.png").exists()
    assert library(site).upload(big, ["image/*"], parse_size("11kb")).ok


def test_upload_of_missing_or_folder_paths_says_why(site, tmp_path):
    lib = library(site)
    assert "cannot be read" in lib.upload(tmp_path / "nope.png").message
    assert "is not a file" in lib.upload(tmp_path).message


def test_an_upload_growing_past_the_maximum_after_the_check_is_judged_on_what_was_copied(site, tmp_path, monkeypatch):
    big = padded_file(tmp_path / "big.png", 11 * 1024, png_bytes(1, 1))
    stat_taken_while_small(monkeypatch, big)  # the size check saw the file before it grew
    result = library(site).upload(big, ["image/*"], parse_size("10kb"))
    assert not result.ok
    assert result.message == ("\u201cbig.png\u201d is too large: it grew past the maximum of 10 KB (10,240 bytes) while "
                              "it was copied")
    uploads = site / ".nodetype-studio" / "uploads"
    assert not uploads.exists() or list(uploads.iterdir()) == []  # neither the file nor a partial copy


class CountingSha256:
    """``hashlib.sha256`` that counts the bytes it is given (all instances together)."""

    hashed = 0

    def __init__(self):
        import hashlib

        self._hasher = hashlib.sha256()

    def update(self, data: bytes) -> None:
        CountingSha256.hashed += len(data)
        self._hasher.update(data)

    def hexdigest(self) -> str:
        return self._hasher.hexdigest()


def test_the_same_name_in_the_upload_folder_is_compared_within_the_uploads_bound(site, tmp_path, monkeypatch):
    import types

    from nodetype_studio.media import library as library_module

    uploads = site / ".nodetype-studio" / "uploads"
    uploads.mkdir(parents=True)
    padded_file(uploads / "logo.png", 3 * 1024 * 1024, png_bytes(1, 1))  # an older, much larger logo.png
    same_size = uploads / "logo-2.png"
    source = tmp_path / "logo.png"
    source.write_bytes(png_bytes(12, 6))
    same_size.write_bytes(png_bytes(12, 6)[:-1] + b"\x00")  # as long as the upload, another content
    monkeypatch.setattr(library_module, "hashlib", types.SimpleNamespace(sha256=CountingSha256))
    CountingSha256.hashed = 0
    result = library(site).upload(source, ["image/png"], parse_size("10kb"))
    assert result.ok and result.asset.filename == "logo-3.png"
    size = source.stat().st_size
    assert CountingSha256.hashed <= 2 * (size + 1)  # the copy, and the one file of its size; never the 3 MB
    assert (uploads / "logo.png").stat().st_size == 3 * 1024 * 1024 and same_size.read_bytes() != source.read_bytes()
    again = library(site).upload(source, ["image/png"], parse_size("10kb"))
    assert again.ok and again.asset.filename == "logo-3.png"  # the same file again: reused


def test_a_pipe_under_the_uploads_name_is_not_waited_for(site, tmp_path):
    import os
    import threading

    uploads = site / ".nodetype-studio" / "uploads"
    uploads.mkdir(parents=True)
    os.mkfifo(uploads / "logo.png")
    source = tmp_path / "logo.png"
    source.write_bytes(png_bytes(12, 6))
    results = []
    worker = threading.Thread(target=lambda: results.append(library(site).upload(source, ["image/png"])), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # it waits for a writer to the pipe: give it one so the thread ends
        os.close(os.open(uploads / "logo.png", os.O_WRONLY | os.O_NONBLOCK))
        worker.join(10)
        pytest.fail("the upload waited on a named pipe in the upload folder")
    assert results[0].ok and results[0].asset.filename == "logo-2.png"
