"""One keystroke in the studio: what is worked out again and what is not (the performance work of issue
21), always showing what a full refresh shows."""

from __future__ import annotations

from tests.ui.studio.conftest import TEASER

PAGE = "Acme.Studio:Document.Page"


def test_a_keystroke_leaves_files_changed_on_disk_to_the_watcher(qtbot, window, project):
    assert window.session.watched  # so a keystroke does not look at every file of the project
    watcher = window.projects.watcher
    watcher.paused = True  # its report waits for the flush below (else a slow poll could miss it come and go)
    page = project / "NodeTypes" / "Document" / "Page.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("label: 'Page'", "label: 'On disk'"), encoding="utf-8")
    window.select_type(TEASER)
    window.definition.label_field.set_text("Typed")
    window.flush()
    assert window.session.project.node_type(TEASER).label == "Typed"
    qtbot.waitUntil(lambda: watcher.pending, timeout=5000)
    assert window.session.project.node_type(PAGE).label != "On disk"  # the keystroke did not read the disk
    watcher.paused = False
    watcher.flush()  # the watcher's report: every file is read again
    window.flush()
    assert window.session.project.node_type(PAGE).label == "On disk"
    assert window.session.project.node_type(TEASER).label == "Typed"


def _inspector_state(inspector) -> tuple:
    return (inspector.title.text(), inspector.title.toolTip(), inspector.tabs.count(),
            [inspector.tabs.tabToolTip(i) for i in range(inspector.tabs.count())], dict(inspector.node.values),
            inspector.layout_info)


def test_typing_the_node_type_label_retitles_the_preview_without_rebuilding_it(qtbot, window):
    from nodetype_studio.preview.inspector import InspectorSource
    from nodetype_studio.ui.inspector import InspectorWidget

    window.select_type(TEASER)
    window.definition.label_field.set_text("Teaser")  # the first edit after opening loads the whole project
    window.flush()
    builds = window.preview.builds
    inspector = window.preview.current()
    for text in ("Teaser!", "Teaser!!"):
        window.definition.label_field.set_text(text)
        window.flush()
    assert window.preview.current() is inspector and window.preview.builds == builds
    nt = window.session.project.node_type(TEASER)
    assert inspector.source.config is nt.preview
    fresh = InspectorWidget()
    qtbot.addWidget(fresh)
    fresh.show_node_type(InspectorSource.from_model(nt, window.session.project))
    assert _inspector_state(inspector) == _inspector_state(fresh)
    assert inspector.title.text() == "Teaser!!"


def test_a_full_load_rebuilds_the_preview(qtbot, window):
    window.select_type(TEASER)
    window.definition.label_field.set_text("Teaser")
    window.flush()
    builds = window.preview.builds
    window.definition.label_field.set_text("Teaser!")
    window.flush()
    assert window.preview.builds == builds
    window.reload()  # new packages, translations, version: the inspector is built from them
    window.select_type(TEASER)
    assert window.preview.builds == builds + 1


def test_what_only_the_title_shows():
    from nodetype_studio.preview.inspector import same_but_label

    base = {"ui": {"label": "A", "icon": "i"}, "properties": {"p": {"ui": {"label": "P"}}}}
    assert same_but_label(base, {"ui": {"label": "B", "icon": "i"}, "properties": {"p": {"ui": {"label": "P"}}}})
    assert same_but_label(base, {"ui": {"label": None, "icon": "i"}, "properties": {"p": {"ui": {"label": "P"}}}})
    assert not same_but_label(base, {"ui": {"label": "A", "icon": "j"}, "properties": {"p": {"ui": {"label": "P"}}}})
    assert not same_but_label(base, {"ui": {"label": "A", "icon": "i"}, "properties": {"p": {"ui": {"label": "Q"}}}})
    assert not same_but_label(base, {"ui": {"icon": "i", "label": "A"}, "properties": {"p": {"ui": {"label": "P"}}}})
    assert not same_but_label(base, {"ui": {"label": "ClientEval:node.x", "icon": "i"},
                                     "properties": {"p": {"ui": {"label": "P"}}}})
    assert not same_but_label(base, {"ui": "x", "properties": {}})


def test_the_tree_shows_each_typed_label(qtbot, window):
    window.select_type(TEASER)
    for text in ("Teaser", "Teaser!", "Teaser!!"):
        window.definition.label_field.set_text(text)
        window.flush()
        index = window.tree_model.indexes_of(TEASER)[0]
        assert window.tree_model.info(TEASER).label == text
        assert index.isValid() and text.lower() in window.tree_model.info(TEASER).search  # the filter finds it
