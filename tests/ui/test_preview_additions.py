"""The preview of a type the CMS does not post-processes (a mixin outside Neos.Neos:Node, issue 16 point 4):
the preview adds the default editor the CMS lacks there and marks it as the studio's addition."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel

from tests.ui.site_package import inspector_of

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "fidelity" / "platform"


def _show(qtbot, name):
    return inspector_of(qtbot, FIXTURE, name)


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
