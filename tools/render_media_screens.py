"""Render the content and media editors (and their dialogs) of the example project to PNG files.

    QT_QPA_PLATFORM=offscreen python3 tools/render_media_screens.py [OUT_DIR]

Writes media-*.png into OUT_DIR (default: the current folder). The example project's sample content
is generated in memory; nothing is written into the project.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

WIDTH = 360


def main(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication(argv[:1])
    out = Path(argv[1]) if len(argv) > 1 else Path.cwd()
    out.mkdir(parents=True, exist_ok=True)

    from nodetype_studio.bundled import example_project
    from nodetype_studio.catalogue import editor_spec
    from nodetype_studio.content import Workspace
    from nodetype_studio.model import load_project
    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.preview.inspector import InspectorSource, build_layout
    from nodetype_studio.ui.editors.registry import default_registry
    from nodetype_studio.ui.render import render_pixmap

    project = load_project(example_project())
    workspace = Workspace(project, persist=False)
    keep = []

    def editor(node_type: str, prop: str, value=None):
        source = InspectorSource.from_model(project.node_types[node_type], project)
        item = build_layout(source).properties[prop]
        ctx = EditorContext(identifier=item.editor, property_name=prop, property_type=item.type, options=item.options,
                            label=item.label, spec=editor_spec(item.editor, project.platform), platform=project.platform,
                            translator=source.translator, packages=source.packages, workspace=workspace)
        widget = default_registry().create(ctx)
        widget.set_value(value)
        frame = QWidget()
        frame.setObjectName("frame")
        layout = QVBoxLayout(frame)
        layout.setContentsMargins(8, 8, 8, 8)
        if not widget.has_own_label:
            from PySide6.QtWidgets import QLabel

            layout.addWidget(QLabel(f"<b>{item.label}</b>"))
        layout.addWidget(widget)
        frame.setFixedWidth(WIDTH)
        frame.show()
        search = getattr(widget, "search", None)
        if search is not None:  # the state while typing: focus in the search field
            search.line.setFocus()
        keep.append(frame)
        return widget, frame

    def save(widget: QWidget, name: str) -> None:
        widget.show()
        for _ in range(3):
            app.processEvents()
        if widget.objectName() == "frame":  # editors: as tall as they want at the inspector's width
            widget.adjustSize()
            widget.setFixedHeight(widget.layout().totalHeightForWidth(WIDTH) if widget.layout().hasHeightForWidth()
                                  else widget.sizeHint().height())
            app.processEvents()
        path = out / f"media-{name}.png"
        widget.grab().save(str(path))
        print(path)

    def asset(title: str):
        return next(a for a in workspace.media.assets() if a.title == title)

    def node(path: str):
        return workspace.content.node(path)

    # reference: chosen author and a search offering "Create"
    ref, frame = editor("Acme.Site:Document.BlogPost", "author", node("/sites/acme/team/page-a").identifier)
    ref.search.set_text("Anna")
    save(frame, "reference")
    # references: three related events, search below the threshold
    events = [n.identifier for n in workspace.content.children("/sites/acme/events")]
    refs, frame = editor("Acme.Site:Document.Event", "relatedEvents", events[:2] + ["0000-gone"])
    refs.search.set_text("ev")
    save(frame, "references")
    refs.search.set_text("eve")
    save(frame, "references-search")
    # link: a chosen page, and the search for "pri" (pages and assets) / a host name
    link, frame = editor("Acme.Site:Content.ContactForm", "privacyLink", f"node://{node('/sites/acme/sample-page').identifier}")
    link.search.set_text("pri")
    save(frame, "link")
    link.search.set_text("hello@acme.example")
    save(frame, "link-email")
    # image with crop and resize
    harbour = asset("Harbour at dusk")
    image, frame = editor("Acme.Site:Content.Hero", "image", {
        "__identity": harbour.identifier,
        "adjustments": {"crop": {"x": 30, "y": 48, "width": 420, "height": 180}, "resize": {"width": 1260, "height": 540}}})
    save(frame, "image")
    empty_image, frame = editor("Acme.Site:Content.Hero", "image", None)
    empty_image.upload(example_project() / "DistributionPackages/Acme.Site/Configuration/Settings.yaml")
    save(frame, "image-refused")
    crop = image.open_crop()
    crop.resize(760, 560)
    save(crop, "crop")
    crop.reject()
    locked, frame = editor("Acme.Site:Content.Hero", "image", {"__identity": asset("Lighthouse at night").identifier})
    locked.aspect = {"locked": {"width": 16, "height": 9}}
    crop = locked.open_crop()
    crop.resize(760, 560)
    save(crop, "crop-locked")
    crop.reject()
    browser = image.open_browser()
    browser.resize(720, 460)
    save(browser, "browser")
    browser.reject()
    # assets: gallery list with a search, and the PDF-only flyer without the browser
    gallery, frame = editor("Acme.Site:Content.Gallery", "images",
                            [asset(t).identifier for t in ("Gallery 01", "Tile pattern", "Dunes (panorama)")])
    gallery.search.set_text("sea")
    save(frame, "assets")
    flyer, frame = editor("Acme.Site:Document.Event", "flyer", asset("Price list").identifier)
    save(frame, "asset-flyer")
    # rich text: the button with its preview, the full toolbar, the strong-only toolbar, the link dialog
    rte, frame = editor("Acme.Site:Document.Event", "description",
                        "<h2>Summer party</h2><p>Bring <strong>friends</strong>, <em>snacks</em> and a "
                        '<a href="https://acme.example/map" title="Map" target="_blank">good mood</a>.</p>'
                        "<ul><li>Music</li><li>Drinks</li></ul>")
    save(frame, "richtext")
    dialog = rte.open_dialog()
    dialog.setWindowState(Qt.WindowNoState)
    dialog.resize(900, 420)
    save(dialog, "richtext-dialog")
    link_dialog = dialog.edit_link()
    link_dialog.picker.search.set_text("price")
    link_dialog.resize(460, 420)
    save(link_dialog, "richtext-link")
    link_dialog.reject()
    dialog.reject()
    excerpt, frame = editor("Acme.Site:Document.BlogPost", "excerpt", "")
    save(frame, "richtext-placeholder")
    dialog = excerpt.open_dialog()
    dialog.setWindowState(Qt.WindowNoState)
    dialog.resize(900, 260)
    save(dialog, "richtext-excerpt-dialog")
    dialog.reject()
    # the whole inspector tab of a blog post
    source = InspectorSource.from_model(project.node_types["Acme.Site:Document.BlogPost"], project)
    source.workspace = workspace
    pixmap = render_pixmap(source, tab="default", width=380)
    pixmap.save(str(out / "media-inspector-blogpost.png"))
    print(out / "media-inspector-blogpost.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
