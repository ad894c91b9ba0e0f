"""The inspector gives the content and media editors the opened project's workspace."""

from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget


def test_editors_in_the_inspector_search_the_projects_content_and_media(qtbot, site):
    inspector = InspectorWidget()
    qtbot.addWidget(inspector)
    source = InspectorSource.from_model(site.node_types["Shop.Site:Document.Product"], site)
    inspector.show_node_type(source)
    editor = inspector.editor("manufacturer")
    assert editor.workspace is source.workspace
    editor.search.set_text("Nova")
    editor.search.choose(len(editor.search.results()) - 1)         # "Create “Nova”"
    saved = site.root / ".nodetype-studio" / "content.yaml"
    assert "Nova" in saved.read_text(encoding="utf-8")
    assert inspector.values()["manufacturer"] == source.workspace.content.node("/sites/shop/brands/nova").identifier


def test_the_same_project_keeps_one_workspace_across_node_types(site):
    first = InspectorSource.from_model(site.node_types["Shop.Site:Document.Product"], site)
    second = InspectorSource.from_model(site.node_types["Shop.Site:Content.Picture"], site)
    assert first.workspace is second.workspace
