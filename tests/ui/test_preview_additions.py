"""The preview of a type the CMS does not post-processes (a mixin outside Neos.Neos:Node, issue 16 point 4):
the preview adds the default editor the CMS lacks there and marks it as the studio's addition."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "fidelity" / "platform"


def _show(qtbot, name):
    project = load_project(FIXTURE, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(420, 640)
    widget.show()
    widget.show_node_type(InspectorSource.from_model(project.node_type(name), project))
    return widget


def test_a_mixin_preview_shows_the_editor_and_says_it_is_the_studios(qtbot):
    widget = _show(qtbot, "Acme.Site:ImageMixin")
    assert "image" in widget.editors
    note = widget.findChild(QLabel, "studio-editor:image")
    assert note is not None
    qtbot.waitUntil(note.isVisible)
    assert note.text().startswith("Preview only: the CMS gives this property no editor here")


def test_a_postprocessed_type_has_no_such_note(qtbot):
    widget = _show(qtbot, "Acme.Site:Image")
    assert "image" in widget.editors
    assert widget.findChild(QLabel, "studio-editor:image") is None
