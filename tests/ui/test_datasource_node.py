"""The `node` parameter of a data-source request names the node ClientEval shows (neos-facts §4.1, §6):
the focused node's address, an 8.3 context path or a 9.x JSON node address, received by a real server."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.datasources import parse_php_query
from nodetype_studio.model import load_project
from nodetype_studio.preview.creationdialog import creation_source
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from tests.datasources.helpers import Answer
from tests.ui.datasource_helpers import WAIT_MS

ECHO = """\
'Acme.Sources:Content.Echo':
  superTypes:
    'Neos.Neos:Content': true
    'Acme.Sources:Mixin.Inspector': true
  ui:
    label: 'Echo'
    creationDialog:
      elements:
        colour:
          type: string
          ui:
            label: 'Colour'
            editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
            editorOptions:
              dataSourceUri: '/options/colours'
              dataSourceAdditionalData:
                parent: 'ClientEval:node.parent'
  properties:
    colour:
      type: string
      ui:
        label: 'Colour'
        inspector:
          group: 'shop'
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            dataSourceUri: '/options/colours'
            dataSourceAdditionalData:
              contextPath: 'ClientEval:node.contextPath'
              parent: 'ClientEval:node.parent'

'Acme.Sources:Content.Echo2':
  superTypes:
    'Acme.Sources:Content.Echo': true
  ui:
    label: 'Echo two'

'Acme.Sources:Document.Echo':
  superTypes:
    'Neos.Neos:Document': true
    'Acme.Sources:Mixin.Inspector': true
  ui:
    label: 'Echo page'
  properties:
    colour:
      type: string
      ui:
        label: 'Colour'
        inspector:
          group: 'shop'
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            dataSourceUri: '/options/colours'
            dataSourceAdditionalData:
              contextPath: 'ClientEval:node.contextPath'
"""


@pytest.fixture
def echo_project(project_root, server):
    srv = server({"/options/colours": Answer(json.dumps([{"value": "red", "label": "Red"}]))})
    (project_root / "NodeTypes" / "Echo.yaml").write_text(ECHO, encoding="utf-8")
    studio = project_root / ".nodetype-studio"
    studio.mkdir(exist_ok=True)
    (studio / "settings.yaml").write_text(f"backend:\n  baseUrl: '{srv.url}'\n", encoding="utf-8")
    return project_root, srv


def received(qtbot, srv, source: InspectorSource) -> dict:
    """Show ``source`` in an inspector; the arguments the server received for its colour box."""
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show()
    widget.show_node_type(source)
    qtbot.waitUntil(lambda: len(srv.requests_to("/options/colours")) == 1, timeout=WAIT_MS)
    return parse_php_query(srv.requests_to("/options/colours")[0].query)


@pytest.mark.parametrize("version", ["8.3", "9"])
@pytest.mark.parametrize("type_name", ["Acme.Sources:Content.Echo", "Acme.Sources:Document.Echo"])
def test_node_is_the_address_clienteval_shows_as_node_context_path(qtbot, echo_project, version, type_name):
    root, srv = echo_project
    project = load_project(root, use_cache=False, cms_version=version)
    arguments = received(qtbot, srv, InspectorSource.from_model(project.node_type(type_name), project))
    assert arguments["node"] == arguments["contextPath"]
    if version == "8.3":
        assert arguments["node"].endswith("@user-admin;language=en_US")
    else:
        address = json.loads(arguments["node"])  # what NodeAddress::fromJsonString decodes
        assert set(address) == {"contentRepositoryId", "workspaceName", "dimensionSpacePoint", "aggregateId"}


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_in_the_creation_dialog_node_is_the_node_created_into(qtbot, echo_project, version):
    root, srv = echo_project
    project = load_project(root, use_cache=False, cms_version=version)
    source = creation_source(InspectorSource.from_model(project.node_type("Acme.Sources:Content.Echo"), project))
    arguments = received(qtbot, srv, source)
    assert arguments["node"] == arguments["parent"]  # the new node does not exist: the focused one is sent


def test_each_node_types_preview_node_has_its_own_cache_entries(qtbot, echo_project):
    # the CMS caches per node (neos-facts §4.2); the preview nodes of two content types share an address,
    # yet they are two nodes: the second type asks for itself, showing the first again asks nobody
    root, srv = echo_project
    project = load_project(root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show()
    for name, requests in (("Acme.Sources:Content.Echo", 1), ("Acme.Sources:Content.Echo2", 2),
                           ("Acme.Sources:Content.Echo", 2)):
        widget.show_node_type(InspectorSource.from_model(project.node_type(name), project))
        qtbot.waitUntil(lambda: not widget.editor("colour").is_loading(), timeout=WAIT_MS)
        assert len(srv.requests_to("/options/colours")) == requests
    first, second = (parse_php_query(r.query) for r in srv.requests_to("/options/colours"))
    assert first == second  # the same request: only the studio's cache tells the two nodes apart


PLUGIN = (
    "def echo(node, arguments):\n"
    "    return [{'value': 'n', 'label': node.node_type + ' ' + node.address},\n"
    "            {'value': 'p', 'label': 'properties: ' + ','.join(sorted(node.properties))}]\n"
    "data_sources = [{'identifier': 'echo-node', 'get_data': echo}]\n"
)


def test_a_plugin_in_the_creation_dialog_gets_the_node_created_into(qtbot, echo_project, tmp_path, monkeypatch):
    # the CMS's server gets the focused node (DataSourceController: the `node` argument), which in the creation
    # dialog is the node the new one goes into: here the preview's main collection, with its own properties
    from nodetype_studio.datasources import reload_data_sources
    from nodetype_studio.model import previewnode
    from tests.datasources.helpers import forget_plugin_modules

    root, _srv = echo_project
    (root / "NodeTypes" / "Echo.yaml").write_text(ECHO.replace(
        "              dataSourceUri: '/options/colours'\n              dataSourceAdditionalData:\n"
        "                parent: 'ClientEval:node.parent'\n",
        "              dataSourceIdentifier: 'echo-node'\n"), encoding="utf-8")
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "echo.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    reload_data_sources()
    try:
        project = load_project(root, use_cache=False)
        source = creation_source(InspectorSource.from_model(project.node_type("Acme.Sources:Content.Echo"), project))
        widget = InspectorWidget()
        qtbot.addWidget(widget)
        widget.show()
        widget.show_node_type(source)
        editor = widget.editor("colour")
        qtbot.waitUntil(lambda: not editor.is_loading(), timeout=WAIT_MS)
        labels = [editor.combo.itemText(i) for i in range(editor.combo.count())]
        parent = previewnode.node_address(previewnode.parent_path(False))
        assert f"Neos.Neos:ContentCollection {parent}" in labels
        assert "properties: " in labels  # not the dialog's values: they belong to the node not yet created
    finally:
        forget_plugin_modules()
        reload_data_sources()
