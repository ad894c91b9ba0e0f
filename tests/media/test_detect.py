"""Media type detection (magic bytes beat the extension) and image sizes read from headers."""

import struct

from nodetype_studio.bundled import resource
from nodetype_studio.media.detect import detect_media_type, image_size, read_head
from tests.media_support import png_bytes

SAMPLES = resource("sample-media")


def test_magic_bytes_win_over_a_wrong_extension(tmp_path):
    fake = tmp_path / "photo.jpg"
    fake.write_bytes(png_bytes(3, 2))
    assert detect_media_type(fake) == "image/png"


def test_extension_decides_for_text_and_unknown_content(tmp_path):
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "data.bin").write_bytes(b"\x01\x02")
    assert detect_media_type(tmp_path / "notes.txt") == "text/plain"
    assert detect_media_type(tmp_path / "data.bin") == "application/octet-stream"


def test_office_files_are_not_mistaken_for_zip(tmp_path):
    (tmp_path / "letter.docx").write_bytes(b"PK\x03\x04" + b"\x00" * 30)
    (tmp_path / "bundle.zip").write_bytes(b"PK\x03\x04" + b"\x00" * 30)
    (tmp_path / "bundle.data").write_bytes(b"PK\x03\x04" + b"\x00" * 30)
    assert detect_media_type(tmp_path / "letter.docx").endswith("wordprocessingml.document")
    assert detect_media_type(tmp_path / "bundle.zip") == "application/zip"
    assert detect_media_type(tmp_path / "bundle.data") == "application/zip"


def test_sample_media_types_and_sizes():
    expected = {
        "harbour-at-dusk.jpg": ("image/jpeg", (480, 270)),
        "lighthouse-night.jpg": ("image/jpeg", (240, 360)),
        "tile-pattern.png": ("image/png", (256, 256)),
        "dunes-panorama.png": ("image/png", (600, 200)),
        "studio-logo.svg": ("image/svg+xml", (200, 100)),
        "badge-star.svg": ("image/svg+xml", (64, 64)),   # viewBox only
        "price-list.pdf": ("application/pdf", None),
        "opening-hours.txt": ("text/plain", None),
    }
    for name, (media_type, size) in expected.items():
        path = SAMPLES / name
        head = read_head(path)
        assert detect_media_type(path, head) == media_type, name
        assert image_size(head, media_type) == size, name


def test_gif_bmp_and_webp_headers():
    gif = b"GIF89a" + struct.pack("<HH", 31, 17) + b"\x00" * 10
    assert image_size(gif, "image/gif") == (31, 17)
    bmp = b"BM" + b"\x00" * 16 + struct.pack("<ii", 40, -30) + b"\x00" * 20
    assert image_size(bmp, "image/bmp") == (40, 30)
    vp8x = b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\x00" * 8 + (99).to_bytes(3, "little") + (49).to_bytes(3, "little")
    assert image_size(vp8x, "image/webp") == (100, 50)


def test_svg_sizes_from_attributes_and_viewbox():
    def size(svg: str):
        return image_size(svg.encode(), "image/svg+xml")

    assert size('<svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80">') == (120, 80)
    assert size('<svg viewBox="0 0 300 150">') == (300, 150)
    assert size('<svg width="600" viewBox="0 0 300 150">') == (600, 300)
    assert size('<svg width="100%" height="50%">') is None


def test_truncated_or_garbage_headers_give_no_size():
    assert image_size(b"\x89PNG\r\n\x1a\n", "image/png") is None
    assert image_size(b"\xff\xd8\xff\xe0\x00", "image/jpeg") is None
    assert image_size(b"", "image/gif") is None
    assert image_size(b"<svg", "image/svg+xml") is None


def _finishes(call):
    """``call()``'s result, run in a thread; fails (after giving a pipe's reader a writer) if it waits."""
    import threading

    results = []
    worker = threading.Thread(target=lambda: results.append(call()), daemon=True)
    worker.start()
    worker.join(20)
    return worker, results


def test_a_pipe_is_read_as_nothing_without_waiting(tmp_path):
    import os

    pipe = tmp_path / "photo.png"
    os.mkfifo(pipe)
    worker, results = _finishes(lambda: detect_media_type(pipe))
    if worker.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(20)
        raise AssertionError("detecting the type of a named pipe waited for a writer")
    assert results == ["image/png"]  # by its name only: nothing was read


def test_an_upload_replaced_by_a_pipe_after_the_check_is_refused_without_waiting(tmp_path, monkeypatch):
    import os
    from pathlib import Path

    from nodetype_studio.media.library import MediaLibrary

    pipe = tmp_path / "photo.png"
    os.mkfifo(pipe)
    real_is_file = Path.is_file
    monkeypatch.setattr(Path, "is_file", lambda self: True if self == pipe else real_is_file(self))  # checked before
    library = MediaLibrary([], tmp_path / "uploads")
    worker, results = _finishes(lambda: library.check_upload(pipe))
    if worker.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(20)
        raise AssertionError("checking an upload that is a named pipe waited for a writer")
    assert results[0][1] == "\u201cphoto.png\u201d cannot be read: it is not a regular file (a pipe, device or socket); " \
                            "the studio reads files only"
