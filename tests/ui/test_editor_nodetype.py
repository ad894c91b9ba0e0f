"""NodeTypeEditor ("Change type", the `_nodeType` property of every node): the node types that may take the
node's place, grouped and ordered as the CMS's "create new" dialog (neos-ui ``Editors/NodeType/index.js``,
``NodeTypesRegistry.getGroupedNodeTypeList``; facts §5.14)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.typeswitch import type_choices
from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

TYPES = """\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Page'
    icon: 'icon-file'
    group: 'general'
    position: 20
'Acme.Site:Landing':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Landing page'
    group: 'general'
    position: 10
'Acme.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Text'
    group: 'general'
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Teaser'
    group: 'acme'
'Acme.Site:Columns':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Columns'
    group: 'structure'
'Acme.Site:Hidden':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'No group of the setting'
    group: 'nowhere'
'Acme.Site:AbstractText':
  abstract: true
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Abstract'
    group: 'general'
'Acme.Site:Slider':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Slider'
    group: 'general'
  childNodes:
    items:
      type: 'Neos.Neos:ContentCollection'
      constraints:
        nodeTypes:
          '*': false
          'Acme.Site:Slide': true
          'Acme.Site:VideoSlide': true
'Acme.Site:Slide':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Slide'
    group: 'general'
    position: 'end'
'Acme.Site:VideoSlide':
  superTypes:
    'Acme.Site:Slide': true
  ui:
    label: 'Video slide'
    group: ~
'Acme.Site:Tag':
  superTypes:
    'Neos.Neos:Node': true
  ui:
    label: 'Tag'
'Acme.Site:Locked':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Locked'
    group: 'general'
  properties:
    _nodeType:
      ui:
        inspector:
          editorOptions:
            disabled: true
"""

# a group setting whose map order differs from its positions: 9.x keeps the map order, 8.3 sorts
SETTINGS = """\
Neos:
  Neos:
    nodeTypes:
      groups:
        acme:
          label: 'Acme'
          position: 300
"""


def _project(tmp_path: Path, version: str = "^9.0") -> Path:
    return write_site_package(tmp_path, TYPES, settings=SETTINGS, neos=version)


def _choices(project, name):
    return type_choices(project, name, lambda value: value if isinstance(value, str) else "")


def test_content_offers_what_a_content_collection_allows_grouped_in_the_settings_order(tmp_path):
    project = load_project(_project(tmp_path), use_cache=False)
    choices = _choices(project, "Acme.Site:Text")
    assert "content collection" in choices.where
    offered = [(o.group, o.value) for o in choices.options if o.value.startswith("Acme.")]
    groups = list(dict.fromkeys(group for group, _ in offered))
    # 9.x: the setting's map order (general, structure, plugins, then the project's acme)
    assert groups == ["Neos.Neos:Main:nodeTypes.groups.general", "Neos.Neos:Main:nodeTypes.groups.structure", "Acme"]
    names = [value for _, value in offered]
    assert "Acme.Site:Hidden" not in names  # its group is not one of the setting's
    assert "Acme.Site:AbstractText" not in names  # abstract types cannot be created
    assert "Acme.Site:VideoSlide" not in names  # no `ui.group`: not offered
    assert "Acme.Site:Page" not in names  # a content collection refuses documents
    assert names.index("Acme.Site:Slide") > names.index("Acme.Site:Text")  # `position: end` within its group


def test_8_3_sorts_the_groups_by_position(tmp_path):
    project = load_project(_project(tmp_path, "^8.3"), use_cache=False)
    assert project.cms_version.version.value == "8.3"
    groups = list(dict.fromkeys(o.group for o in _choices(project, "Acme.Site:Text").options))
    assert groups.index("Acme") > groups.index("Neos.Neos:Main:nodeTypes.groups.structure")


def test_a_document_offers_documents_sorted_by_position(tmp_path):
    project = load_project(_project(tmp_path), use_cache=False)
    choices = _choices(project, "Acme.Site:Page")
    names = [o.value for o in choices.options]
    assert names.index("Acme.Site:Landing") < names.index("Acme.Site:Page")  # position 10 before 20
    assert not any(name in names for name in ("Acme.Site:Text", "Acme.Site:Teaser"))
    assert "below a document" in choices.where


def test_a_type_named_by_a_tethered_child_nodes_constraints_offers_what_they_allow(tmp_path):
    project = load_project(_project(tmp_path), use_cache=False)
    choices = _choices(project, "Acme.Site:Slide")
    assert choices.where == "in the child node `items` of Acme.Site:Slider"
    assert [o.value for o in choices.options] == ["Acme.Site:Slide"]  # the video slide has no group


def test_a_type_with_no_usual_place_offers_nothing(tmp_path):
    project = load_project(_project(tmp_path), use_cache=False)
    choices = _choices(project, "Acme.Site:Tag")
    assert choices.options == [] and choices.where == "" and choices.label == "Tag"


# -- the widget ---------------------------------------------------------------------------------------------
def _open_type_tab(qtbot, widget):
    """Click through the tabs until the `_nodeType` editor is built (it sits in the platform's meta tab)."""
    return editor_on_its_tab(qtbot, widget, "_nodeType")


def test_the_inspector_shows_the_node_type_selected_among_its_siblings(qtbot, tmp_path):
    widget = inspector_of(qtbot, _project(tmp_path), "Acme.Site:Text")
    editor = _open_type_tab(qtbot, widget)
    combo = editor.findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    assert combo.currentText() == "Text"
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert "Video slide" not in texts and not any(t.startswith("Invalid value") for t in texts)
    assert texts[0] == "General"  # a group header first, translated from the platform's texts
    assert editor.search is None  # the CMS's select box here has no search box
    assert "content collection" in combo.toolTip()


def test_choosing_another_type_with_the_keyboard_stores_its_name(qtbot, tmp_path):
    widget = inspector_of(qtbot, _project(tmp_path), "Acme.Site:Text")
    editor = _open_type_tab(qtbot, widget)
    combo = editor.findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    combo.setFocus()
    before = combo.currentText()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() != before
    chosen = next(o.value for o in editor.options if o.label == combo.currentText())
    assert widget.node.get("_nodeType") == chosen != "Acme.Site:Text"


def test_without_choices_the_label_of_the_type_shows(qtbot, tmp_path):
    widget = inspector_of(qtbot, _project(tmp_path), "Acme.Site:Tag")
    editor = _open_type_tab(qtbot, widget)
    label = editor.findChild(QLabel, "nodeTypeLabel")
    qtbot.waitUntil(label.isVisible)
    assert label.text() == "Tag"
    assert not editor.findChild(QComboBox).isVisible()


def test_disabled_turns_the_box_off(qtbot, tmp_path):
    widget = inspector_of(qtbot, _project(tmp_path), "Acme.Site:Locked")
    editor = _open_type_tab(qtbot, widget)
    combo = editor.findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    assert combo.currentText() == "Locked"
    assert not combo.isEnabled()


# the site node (9.x): every document type is offered, but only those that can be created
SITE_TYPES = """\
'Acme.Site:Home':
  superTypes:
    'Neos.Neos:Site': true
  ui:
    label: 'Home'
    group: 'general'
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Page'
    group: 'general'
"""


def test_the_site_node_offers_the_document_types_but_no_abstract_one(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, SITE_TYPES), "Acme.Site:Home")
    editor = _open_type_tab(qtbot, widget)
    combo = editor.findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    assert combo.currentText() == "Home"
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert "Page" in texts and "Home" in texts
    # `Neos.Neos:Document` and `Neos.Neos:Site` are abstract (their label: "Document", group `general`)
    assert "Document" not in texts
    combo.setFocus()
    stored = set()
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Down):  # to the first choice, then through all of them
        for _ in range(combo.count()):
            qtbot.keyClick(combo, key)
            stored.add(widget.node.get("_nodeType"))
    assert "Acme.Site:Page" in stored
    assert stored.isdisjoint({"Neos.Neos:Document", "Neos.Neos:Site"})


# below a tethered child node the CMS reads the child's type's own constraints, overridden key by key by
# those of `childNodes` (8.3 NodeType::allowsGrandchildNodeType, 9.x isNodeTypeAllowedAsChildToTetheredNode)
TETHERED_TYPES = """\
'Acme.Site:Deck':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Deck'
    group: 'general'
  childNodes:
    cards:
      type: 'Neos.Neos:ContentCollection'
      constraints:
        nodeTypes:
          'Acme.Site:Card': true
          'Acme.Site:Teaser': false
'Acme.Site:Loose':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Loose'
    group: 'general'
  childNodes:
    extra:
      constraints:
        nodeTypes:
          '*': false
          'Acme.Site:Note': true
'Acme.Site:Card':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Card'
    group: 'general'
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Teaser'
    group: 'general'
'Acme.Site:Note':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Note'
    group: 'general'
"""


def test_a_tethered_child_node_also_applies_its_types_own_constraints(qtbot, tmp_path):
    for version in ("^9.0", "^8.3"):
        root = write_site_package(tmp_path / version[1:], TETHERED_TYPES, neos=version)
        widget = inspector_of(qtbot, root, "Acme.Site:Card")
        editor = _open_type_tab(qtbot, widget)
        combo = editor.findChild(QComboBox)
        qtbot.waitUntil(combo.isVisible)
        assert "in the child node `cards` of Acme.Site:Deck" in combo.toolTip()
        texts = [combo.itemText(i) for i in range(combo.count())]
        # the content collection's own `'*': true` lets other content in; `childNodes` refuses the teaser
        assert {"Card", "Deck", "Note"} <= set(texts)
        assert "Teaser" not in texts


def test_child_nodes_without_a_type_are_no_tethered_node_to_place_a_type_in(tmp_path):
    project = load_project(write_site_package(tmp_path, TETHERED_TYPES), use_cache=False)
    choices = _choices(project, "Acme.Site:Note")
    assert "content collection" in choices.where
    assert "Acme.Site:Teaser" in [o.value for o in choices.options]


def test_without_choices_a_type_without_a_label_shows_no_text(qtbot, tmp_path):
    # neos-ui NodeType/index.js renders `translate(ui.label)`: undefined without a label, so nothing shows
    types = "'Acme.Site:Unlabelled':\n  superTypes:\n    'Neos.Neos:Node': true\n"
    widget = inspector_of(qtbot, write_site_package(tmp_path, types), "Acme.Site:Unlabelled")
    editor = _open_type_tab(qtbot, widget)
    label = editor.findChild(QLabel, "nodeTypeLabel")
    qtbot.waitUntil(label.isVisible)
    assert label.text() == ""
    assert "no `ui.label`" in label.toolTip()
    assert not editor.findChild(QComboBox).isVisible()


def _cms_spelled(tmp_path: Path) -> Path:
    """The fixture project in the spec's spelling (`Cms.Cms:…`, settings under `Cms: Cms:`)."""
    return write_site_package(tmp_path, TYPES.replace("Neos.Neos:", "Cms.Cms:"),
                              settings=SETTINGS.replace("Neos:\n  Neos:", "Cms:\n  Cms:"))


def test_a_project_in_the_cms_spelling_gets_the_same_choices(qtbot, tmp_path):
    neos = load_project(_project(tmp_path / "neos"), use_cache=False)
    cms = load_project(_cms_spelled(tmp_path / "cms"), use_cache=False)
    assert cms.platform.prefix == "Cms"
    for name in ("Acme.Site:Text", "Acme.Site:Page", "Acme.Site:Slide"):
        ours, theirs = _choices(neos, name), _choices(cms, name)
        assert [o.value for o in theirs.options] == [o.value.replace("Neos.Neos:", "Cms.Cms:") for o in ours.options] != []
        assert theirs.where == ours.where.replace("Neos.Neos:", "Cms.Cms:")
    from nodetype_studio.preview.insertdialog import insert_offer  # the "Create new" dialog reads the roles too

    offers = [insert_offer(project, "Acme.Site:Text", str) for project in (neos, cms)]
    assert [offer.role for offer in offers] == ["content", "content"]
    assert [len(offer.groups["after"]) for offer in offers] == [len(offers[0].groups["after"])] * 2 != [0, 0]
    widget = inspector_of(qtbot, tmp_path / "cms" / "Acme.Site", "Acme.Site:Text")
    combo = _open_type_tab(qtbot, widget).findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    assert combo.currentText() == "Text" and "Teaser" in [combo.itemText(i) for i in range(combo.count())]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # the user picks the next type with the keyboard
    chosen = widget.node.get("_nodeType")
    assert chosen != "Acme.Site:Text" and chosen in {o.value for o in _choices(cms, "Acme.Site:Text").options}


def test_the_document_role_is_the_one_the_ui_settings_name(tmp_path):
    """`Neos.Neos.Ui.nodeTypeRoles.document` decides what counts as a document, as in the Neos UI."""
    settings = SETTINGS + "    Ui:\n      nodeTypeRoles:\n        document: 'Acme.Site:Landing'\n"
    project = load_project(write_site_package(tmp_path, TYPES, settings=settings), use_cache=False)
    choices = _choices(project, "Acme.Site:Landing")
    assert choices.where.startswith("below a document (Acme.Site:Landing)")
    assert _choices(project, "Acme.Site:Page").where != choices.where  # a Page is no longer of the role's type
