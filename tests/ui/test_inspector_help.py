"""Help of a property (facts §5.7.6): the help icon shows the message and the thumbnail, as an image when
it is a resource of a package the project has."""

import json

import pytest
from PySide6.QtGui import QImage

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource, resource_file
from nodetype_studio.ui.inspector import THUMBNAIL_WIDTH, InspectorWidget

NODE_TYPES = """
'Acme.Help:Box':
  ui:
    inspector:
      tabs: {default: {label: Main}}
      groups: {main: {label: Main}}
  properties:
    small:
      type: string
      ui:
        label: Small
        help: {message: 'Pick **one**.', thumbnail: 'resource://Acme.Help/Public/Help/small.png'}
        inspector: {group: main}
    wide:
      type: string
      ui:
        label: Wide
        help: {thumbnail: 'resource://Acme.Help/Public/Help/wide.png'}
        inspector: {group: main}
    missing:
      type: string
      ui:
        label: Missing
        help: {thumbnail: 'resource://Acme.Help/Public/Help/none.png'}
        inspector: {group: main}
    web:
      type: string
      ui:
        label: Web
        help: {thumbnail: 'https://example.org/a<b>.png'}
        inspector: {group: main}
"""


@pytest.fixture
def package(tmp_path):
    root = tmp_path / "Acme.Help"
    (root / "NodeTypes").mkdir(parents=True)
    (root / "composer.json").write_text(json.dumps({
        "name": "acme/help", "type": "neos-site", "require": {"neos/neos": "^9.0"},
        "extra": {"neos": {"package-key": "Acme.Help"}},
    }), encoding="utf-8")
    (root / "NodeTypes" / "Box.yaml").write_text(NODE_TYPES, encoding="utf-8")
    images = root / "Resources" / "Public" / "Help"
    images.mkdir(parents=True)
    for name, width in (("small.png", 40), ("wide.png", THUMBNAIL_WIDTH + 100)):
        image = QImage(width, 20, QImage.Format.Format_RGB32)
        image.fill(0x3366CC)
        assert image.save(str(images / name))
    return root


@pytest.fixture
def widget(qtbot, package):
    project = load_project(package)
    shown = InspectorWidget()
    qtbot.addWidget(shown)
    shown.show_node_type(InspectorSource.from_model(project.node_type("Acme.Help:Box"), project))
    return shown


def test_resource_file_finds_package_resources(package):
    packages = {"Acme.Help": package}
    assert resource_file("resource://Acme.Help/Public/Help/small.png", packages) == \
        package / "Resources" / "Public" / "Help" / "small.png"
    assert resource_file("resource://Acme.Help/Help/small.png", packages) is not None  # `Public/` may be left out
    for value in ("resource://Acme.Help/Public/Help/none.png", "resource://Other.Pkg/Public/Help/small.png",
                  "resource://Acme.Help", "https://example.org/small.png", None, 5):
        assert resource_file(value, packages) is None


def test_a_resource_thumbnail_is_shown_as_the_image(widget):
    text = widget.toggle_help("small").text()
    assert "<strong>one</strong>" in text  # the message first, as Markdown
    image = (widget.source.packages["Acme.Help"] / "Resources" / "Public" / "Help" / "small.png").as_uri()
    assert f'<img src="{image}">' in text  # small: its own size


def test_a_wide_thumbnail_is_scaled_down(widget):
    assert f'width="{THUMBNAIL_WIDTH}"' in widget.toggle_help("wide").text()


def test_other_thumbnails_are_named_not_fetched(widget):
    assert "Thumbnail: resource://Acme.Help/Public/Help/none.png" in widget.toggle_help("missing").text()
    text = widget.toggle_help("web").text()
    assert "<img" not in text and "Thumbnail: https://example.org/a&lt;b&gt;.png" in text


def test_the_label_tells_what_a_change_reloads(qtbot):
    from PySide6.QtWidgets import QLabel

    config = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}}},
        "properties": {
            "page": {"type": "string", "ui": {"label": "Page", "reloadPageIfChanged": True, "inspector": {"group": "g"}}},
            "element": {"type": "string", "ui": {"label": "Element", "reloadIfChanged": True, "inspector": {"group": "g"}}},
            "plain": {"type": "string", "ui": {"label": "Plain", "inspector": {"group": "g"}}},
        },
    }
    shown = InspectorWidget()
    qtbot.addWidget(shown)
    shown.show_node_type(InspectorSource("V.P:X", config))
    tips = {label.objectName(): label.toolTip() for label in shown.findChildren(QLabel)}
    assert "reloads the page" in tips["label:page"] and "reloadPageIfChanged" in tips["label:page"]
    assert "re-renders the element" in tips["label:element"]
    assert tips["label:plain"] == ""


def test_a_thumbnail_declaring_too_many_pixels_is_named_not_decoded(qtbot, package):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    from tests.media_support import declared_png

    declared_png(package / "Resources" / "Public" / "Help" / "small.png")  # a few bytes, 50000 × 50000 declared
    project = load_project(package, use_cache=False)
    shown = InspectorWidget()
    qtbot.addWidget(shown)
    shown.show_node_type(InspectorSource.from_model(project.node_type("Acme.Help:Box"), project))
    shown.show()
    button = shown.findChild(QLabel, "label:small").parentWidget().button  # the help icon next to the label
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    text = shown.findChild(QLabel, "help:small").text()
    assert "<img" not in text and "<strong>one</strong>" in text
    assert ("Thumbnail \u201csmall.png\u201d is not shown: it declares 50000 \u00d7 50000 pixels, more than the 67 "
            "megapixels the studio decodes") in text


def test_a_drawing_larger_than_the_studio_reads_is_named_not_read(qtbot, package):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    from nodetype_studio.boundedio import MAX_FILE_BYTES

    box = package / "NodeTypes" / "Box.yaml"
    box.write_text(box.read_text(encoding="utf-8").replace("Help/small.png", "Help/drawing.svg"), encoding="utf-8")
    drawing = package / "Resources" / "Public" / "Help" / "drawing.svg"
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/>'
    drawing.write_text(head + "<!--" + "x" * MAX_FILE_BYTES + "--></svg>", encoding="utf-8")  # 40 × 20, 8 MB long
    size = drawing.stat().st_size
    project = load_project(package, use_cache=False)
    shown = InspectorWidget()
    qtbot.addWidget(shown)
    shown.show_node_type(InspectorSource.from_model(project.node_type("Acme.Help:Box"), project))
    shown.show()
    button = shown.findChild(QLabel, "label:small").parentWidget().button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    text = shown.findChild(QLabel, "help:small").text()
    assert "<img" not in text and "<strong>one</strong>" in text
    assert (f"Thumbnail \u201cdrawing.svg\u201d is not shown: it is {size / 1024 / 1024:.1f} MB of SVG, more than the "
            "8 MB the studio reads") in text, text
    drawing.write_text(head + "</svg>", encoding="utf-8")  # the same drawing, small: shown
    from nodetype_studio.ui.inspector import _thumbnail_html

    assert "<img" in _thumbnail_html("resource://Acme.Help/Public/Help/drawing.svg", {"Acme.Help": package})


def _gzip_drawing(path, padding: int, members: int = 1) -> None:
    """A compressed drawing (.svgz) of 40 × 20 pixels: small on disk, ``padding`` bytes of comment once
    decompressed; split into ``members`` gzip members (Qt reads them all, one after the other)."""
    import gzip

    head = b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/><!--'
    with open(path, "wb") as raw:
        for member in range(members):
            with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9) as stream:
                if member == 0:
                    stream.write(head)
                chunk, left = b" " * (1 << 20), padding // members
                while left > 0:
                    stream.write(chunk[:left])
                    left -= len(chunk)
                if member == members - 1:
                    stream.write(b"--></svg>")


def test_a_compressed_drawing_larger_than_the_studio_reads_is_named_not_decompressed(qtbot, package):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    from nodetype_studio.boundedio import MAX_FILE_BYTES
    from nodetype_studio.ui.inspector import _thumbnail_html

    box = package / "NodeTypes" / "Box.yaml"
    box.write_text(box.read_text(encoding="utf-8").replace("Help/small.png", "Help/drawing.svgz"), encoding="utf-8")
    drawing = package / "Resources" / "Public" / "Help" / "drawing.svgz"
    _gzip_drawing(drawing, 64 * MAX_FILE_BYTES)  # 512 MB of comment in a file of about 500 kB: a gzip bomb
    assert drawing.stat().st_size < MAX_FILE_BYTES // 8
    project = load_project(package, use_cache=False)
    shown = InspectorWidget()
    qtbot.addWidget(shown)
    shown.show_node_type(InspectorSource.from_model(project.node_type("Acme.Help:Box"), project))
    shown.show()
    button = shown.findChild(QLabel, "label:small").parentWidget().button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    text = shown.findChild(QLabel, "help:small").text()
    assert "<img" not in text and "<strong>one</strong>" in text
    assert ("Thumbnail \u201cdrawing.svgz\u201d is not shown: it decompresses to more than the 8 MB of SVG the "
            "studio reads") in text, text
    resource = "resource://Acme.Help/Public/Help/drawing.svgz"
    _gzip_drawing(drawing, 64 * MAX_FILE_BYTES, members=64)  # the same in 64 gzip members of 8 MB each
    assert "decompresses to more than the 8 MB" in _thumbnail_html(resource, {"Acme.Help": package})
    _gzip_drawing(drawing, 1000, members=3)  # a small compressed drawing: shown
    assert "<img" in _thumbnail_html(resource, {"Acme.Help": package})
    drawing.write_bytes(drawing.read_bytes()[:40])  # cut short: not a picture, and no message about its size
    assert "<img" not in _thumbnail_html(resource, {"Acme.Help": package})


def test_pictures_a_help_message_names_are_bounded_as_thumbnails_are(qtbot, package, tmp_path):
    """A help message is markdown: the label would load any local file its pictures name, whole (a pipe
    would block it, a gzip bomb fill the memory)."""
    import os

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    from nodetype_studio.boundedio import MAX_FILE_BYTES
    from nodetype_studio.ui.inspector import help_html

    bomb = tmp_path / "bomb.svgz"
    _gzip_drawing(bomb, 16 * MAX_FILE_BYTES)
    pipe = tmp_path / "pipe.png"
    os.mkfifo(pipe)
    small = package / "Resources" / "Public" / "Help" / "small.png"
    message = (f"Look: ![bomb]({bomb.as_uri()}) and ![pipe]({pipe}) and <img src='{bomb}'> "
               f"but ![fine]({small.as_uri()}) and ![web](https://example.org/x.png)")
    html = help_html(message)
    assert bomb.as_uri() not in html and str(bomb) not in html and str(pipe) not in html
    assert html.count("<img") == 2  # the pictures left out are left out whole (no broken-image sign in their place)
    assert html.count("Picture \u201cbomb.svgz\u201d is not shown: it decompresses to more than the 8 MB") == 1
    assert "Picture \u201cpipe.png\u201d is not shown: it is not a file" in html
    assert f'src="{small.as_uri()}"' in html and 'src="https://example.org/x.png"' in html
    box = package / "NodeTypes" / "Box.yaml"
    box.write_text(box.read_text(encoding="utf-8").replace("'Pick **one**.'", repr(message)), encoding="utf-8")
    project = load_project(package, use_cache=False)
    shown = InspectorWidget()
    qtbot.addWidget(shown)
    shown.show_node_type(InspectorSource.from_model(project.node_type("Acme.Help:Box"), project))
    shown.show()
    button = shown.findChild(QLabel, "label:small").parentWidget().button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # (before: the label opened the pipe and waited)
    panel = shown.findChild(QLabel, "help:small")
    assert panel.isVisible() and "Picture \u201cpipe.png\u201d is not shown" in panel.text()
