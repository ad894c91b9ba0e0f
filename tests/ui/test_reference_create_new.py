"""What Neos 8.3 keeps of the text typed into a reference editor's "create new": the editor sends
`{<titleProperty>: text}` as the new node's creation data (neos-ui Reference/createNew.js), and only the
node type's creation handlers write it (neos-ui Classes/NodeCreationHandler: the title handlers write
`title` of documents and content, CreationDialogPropertiesCreationHandler the properties shown in the
creation dialog). The 9.x CMS cannot create the node at all (`compat-create-new`): its preview follows the spec."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

TYPES = """
'Acme.Site:Author':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    name:
      type: string
      ui:
        label: Name
        showInCreationDialog: {promoted}
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    authors:
      type: references
      ui:
        label: Authors
        inspector:
          group: document
          editorOptions:
            nodeTypes: ['Acme.Site:Author']
            createNew:
              path: '{path}'
              type: 'Acme.Site:Author'
              titleProperty: {title_property}
"""


def _create(qtbot, tmp_path, neos, title_property, promoted="false"):
    path = "/sites/acme/authors" if neos.startswith("~8") else "/<Neos.Neos:Sites>/acme/authors"
    root = write_site_package(tmp_path, TYPES.format(path=path, title_property=title_property, promoted=promoted),
                              neos=neos)
    widget = inspector_of(qtbot, root, "Acme.Site:Page")
    editor = editor_on_its_tab(qtbot, widget, "authors")
    qtbot.keyClicks(editor.search.line, "Ada Lovelace")
    results = editor.search.list
    last = results.item(results.count() - 1)
    assert last.text().startswith("Create")
    qtbot.mouseClick(results.viewport(), Qt.MouseButton.LeftButton, pos=results.visualItemRect(last).center())
    node = editor.tree.node("/sites/acme/authors/ada-lovelace")
    assert node is not None and editor.value() == [node.identifier]
    return editor, node


def test_8_3_keeps_the_text_of_a_property_no_creation_handler_writes_nowhere(qtbot, tmp_path):
    editor, node = _create(qtbot, tmp_path, "~8.3.0", "name")
    assert node.title == "" and "name" not in node.properties
    assert "without \u201cAda Lovelace\u201d" in editor.message.text()
    assert editor.chosen_titles() != ["Ada Lovelace"]


@pytest.mark.parametrize("neos, title_property, promoted, where", [
    ("~8.3.0", "name", "true", "name"),  # shown in the creation dialog: CreationDialogPropertiesCreationHandler
    ("~8.3.0", "title", "false", "title"),  # a document's title: DocumentTitleNodeCreationHandler
])
def test_the_text_is_kept_where_the_cms_writes_it(qtbot, tmp_path, neos, title_property, promoted, where):
    editor, node = _create(qtbot, tmp_path, neos, title_property, promoted)
    assert node.title == "Ada Lovelace"
    assert where == "title" or node.properties[where] == "Ada Lovelace"
    assert "Created \u201cAda Lovelace\u201d" in editor.message.text()


def test_9x_creates_under_the_absolute_node_path_of_the_sites_root(qtbot, tmp_path):
    # 9.x node paths start at the root node type (`/<Neos.Neos:Sites>/acme/authors`), as the sample content
    # the studio makes for `createNew.path` does; the preview follows the spec and keeps `titleProperty`
    editor, node = _create(qtbot, tmp_path, "^9.0", "name")
    assert node.properties["name"] == "Ada Lovelace"
    assert "Created \u201cAda Lovelace\u201d" in editor.message.text()


TAGS = """
'Acme.Site:Tag':
  superTypes:
    'Neos.Neos:Content': true
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    tags:
      type: references
      ui:
        label: Tags
        inspector:
          group: document
          editorOptions:
            nodeTypes: ['Acme.Site:Tag']
            createNew:
              path: '/sites/acme/tags'
              type: 'Acme.Site:Tag'
"""


@pytest.mark.parametrize("neos", ["~8.3.0", "^9.0"])
def test_a_type_the_parents_constraints_refuse_is_not_created(qtbot, tmp_path, neos):
    # neos-ui's CreateInto change applies only `isNodeTypeAllowedAsChildNode` (Changes/Create.php canApply):
    # a document allows documents only (Neos.Neos:Document `constraints.nodeTypes`), so no tag is created
    root = write_site_package(tmp_path, TAGS, neos=neos)
    widget = inspector_of(qtbot, root, "Acme.Site:Page")
    editor = editor_on_its_tab(qtbot, widget, "tags")
    assert editor.tree.node("/sites/acme/tags") is not None
    qtbot.keyClicks(editor.search.line, "Travel")
    create = editor.search.results()[-1]
    assert create.kind == "create" and not create.enabled
    assert "do not allow Tag at /sites/acme/tags" in create.subtitle
    results = editor.search.list
    last = results.item(results.count() - 1)
    qtbot.mouseClick(results.viewport(), Qt.MouseButton.LeftButton, pos=results.visualItemRect(last).center())
    assert editor.tree.node("/sites/acme/tags/travel") is None and editor.value() in (None, [])
