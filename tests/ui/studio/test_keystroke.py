"""One keystroke in the studio: what is worked out again and what is not (the performance work of issue
21), always showing what a full refresh shows."""

from __future__ import annotations

from tests.ui.studio.conftest import TEASER

PAGE = "Acme.Studio:Document.Page"


def test_a_keystroke_leaves_files_changed_on_disk_to_the_watcher(qtbot, window, project):
    assert window.session.watched  # so a keystroke does not look at every file of the project
    page = project / "NodeTypes" / "Document" / "Page.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("label: 'Page'", "label: 'On disk'"), encoding="utf-8")
    window.select_type(TEASER)
    window.definition.label_field.set_text("Typed")
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Typed"
    qtbot.waitUntil(lambda: window.projects.watcher.pending, timeout=5000)
    window.projects.watcher.flush()  # the watcher's report: every file is read again
    window.flush()
    assert window.session.project.node_type(PAGE).label == "On disk"
    assert window.session.project.node_type(TEASER).label == "Typed"
