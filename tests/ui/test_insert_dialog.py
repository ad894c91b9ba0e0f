"""The CMS's "Create new" dialog for a node of the selected type (neos-ui ``Containers/Modals/SelectNodeType``):
types offered before, into and after it by the constraints, grouped for creation, with their help."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from nodetype_studio.model import load_project
from nodetype_studio.preview.insertdialog import insert_offer
from nodetype_studio.ui.insertdialog import InsertDialogPreview
from nodetype_studio.ui.sections import GroupHeader
from tests.ui.site_package import write_site_package

TYPES = """\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Page'
    group: 'general'
    help:
      message: 'A plain page'
'Acme.Site:Blog':
  superTypes:
    'Neos.Neos:Document': true
  constraints:
    nodeTypes:
      'Acme.Site:Post': true
      'Neos.Neos:Document': false  # (the inherited `Neos.Neos:Document: true` would allow every page)
  ui:
    label: 'Blog'
    group: 'general'
'Acme.Site:Post':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Post'
    group: 'general'
    creationDialog:
      elements:
        teaser:
          type: string
          ui:
            label: 'Teaser'
            editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
'Acme.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Text'
    group: 'general'
'Acme.Site:Gallery':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Gallery'
    group: 'plugins'
"""


def _project(tmp_path: Path):
    root = write_site_package(tmp_path, TYPES)
    thumbs = root / "Resources" / "Public" / "NodeTypes" / "Thumbnails"
    thumbs.mkdir(parents=True)
    (thumbs / "Page.png").write_bytes(b"\x89PNG\r\n\x1a\n")  # found by name when `ui.help.thumbnail` is unset
    return load_project(root, use_cache=False)


def _names(offer, mode):
    return [t.name for _group, types in offer.groups[mode] for t in types]


def test_into_follows_the_reference_types_constraints_and_role(tmp_path):
    project = _project(tmp_path)
    offer = insert_offer(project, "Acme.Site:Blog", lambda v: v or "", {"Acme.Site": tmp_path / "Acme.Site"})
    assert _names(offer, "into") == ["Acme.Site:Post"]
    assert "Acme.Site:Text" not in _names(offer, "after")  # a document's siblings are documents
    assert offer.initial_mode == "after"


def test_content_siblings_come_grouped_with_their_help_and_thumbnails(tmp_path):
    project = _project(tmp_path)
    offer = insert_offer(project, "Acme.Site:Text", lambda v: v or "", {"Acme.Site": tmp_path / "Acme.Site"})
    assert offer.role == "content"
    assert _names(offer, "into") == []  # Neos.Neos:Content allows nothing below it
    groups = [group.name for group, _types in offer.groups["after"]]
    assert groups.index("general") < groups.index("plugins")
    plugins = dict((group.name, group) for group, _types in offer.groups["after"])["plugins"]
    assert plugins.collapsed  # the platform's setting folds the plugins group
    page = insert_offer(project, "Acme.Site:Page", lambda v: v or "", {"Acme.Site": tmp_path / "Acme.Site"})
    offered = {t.name: t for _g, types in page.groups["after"] for t in types}
    assert offered["Acme.Site:Page"].help == "A plain page"
    assert offered["Acme.Site:Page"].thumbnail == tmp_path / "Acme.Site/Resources/Public/NodeTypes/Thumbnails/Page.png"


def test_the_dialog_offers_modes_filters_and_opens_a_creation_dialog(qtbot, tmp_path):
    project = _project(tmp_path)
    dialog = InsertDialogPreview(project, "Acme.Site:Blog")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.mode_buttons["after"].isChecked()
    assert dialog.mode_buttons["into"].isEnabled()
    qtbot.mouseClick(dialog.mode_buttons["into"], Qt.MouseButton.LeftButton)
    assert dialog.visible_types() == ["Acme.Site:Post"]
    qtbot.mouseClick(dialog.mode_buttons["after"], Qt.MouseButton.LeftButton)
    assert "Acme.Site:Page" in dialog.visible_types()
    qtbot.keyClicks(dialog.filter, "pos")
    assert dialog.visible_types() == ["Acme.Site:Post"]
    qtbot.mouseClick(dialog.type_buttons["Acme.Site:Post"], Qt.MouseButton.LeftButton)
    creation = dialog.creation_dialog
    qtbot.waitUntil(creation.isVisible)
    assert creation.heading.text() == "Create new Post"
    assert list(creation.inspector.editors) == ["title", "teaser"]  # a document's title is promoted first
    qtbot.mouseClick(creation.create_button, Qt.MouseButton.LeftButton)
    assert creation.isVisible() and creation.inspector.editors["title"].error_text() == "This field is required."
    qtbot.keyClicks(creation.inspector.editors["title"].findChild(QLineEdit), "Hello")
    with qtbot.waitSignal(dialog.chosen) as chosen:
        qtbot.mouseClick(creation.create_button, Qt.MouseButton.LeftButton)
    assert chosen.args == ["after", "Acme.Site:Post"]
    assert "Acme.Site:Post" in dialog.result_text


def test_a_type_without_a_creation_dialog_is_chosen_at_once(qtbot, tmp_path):
    project = _project(tmp_path)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.mode_buttons["into"].isEnabled()
    with qtbot.waitSignal(dialog.chosen) as chosen:
        qtbot.mouseClick(dialog.type_buttons["Acme.Site:Text"], Qt.MouseButton.LeftButton)
    assert chosen.args == ["after", "Acme.Site:Text"]
    assert "thumbnail" not in dialog.type_buttons.get("Acme.Site:Text").toolTip()


HELP_TYPES = """\
'Acme.Site:TeaserMixin':
  abstract: true
  ui:
    help:
      message: 'Shows a teaser'
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
    'Acme.Site:TeaserMixin': true
  ui:
    label: 'Teaser'
    group: 'general'
'Acme.Site:Quote':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Quote'
    group: 'general'
"""


def test_the_thumbnail_is_found_by_the_name_of_the_type_that_sets_the_help(qtbot, tmp_path):
    # The label enrichment resolves the thumbnail on each type's own configuration, and only where that
    # sets `ui.help` (9.x NodeTypeEnrichmentService / 8.3 NodeTypeConfigurationEnrichmentAspect,
    # setGlobalUiElementLabels): Quote sets no help, so its Quote.png is never shown; Teaser inherits the
    # help of TeaserMixin with TeaserMixin.png, not its own Teaser.png
    root = write_site_package(tmp_path, HELP_TYPES)
    thumbs = root / "Resources" / "Public" / "NodeTypes" / "Thumbnails"
    thumbs.mkdir(parents=True)
    for name in ("TeaserMixin", "Teaser", "Quote"):
        (thumbs / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    dialog = InsertDialogPreview(load_project(root, use_cache=False), "Acme.Site:Quote")
    qtbot.addWidget(dialog)
    dialog.show()
    quote = dialog.type_buttons["Acme.Site:Quote"].toolTip()
    teaser = dialog.type_buttons["Acme.Site:Teaser"].toolTip()
    assert "<img" not in quote
    assert "Shows a teaser" in teaser and "TeaserMixin.png" in teaser and "/Teaser.png" not in teaser


@pytest.mark.parametrize(("neos", "shown"), [("^9.0", True), ("^8.3", False)])
def test_an_empty_written_thumbnail_looks_for_the_file_in_9x_only(tmp_path, neos, shown):
    # 9.x tests the written thumbnail with `!empty` (so '' looks for Quote.png), 8.3 with `isset`
    root = write_site_package(tmp_path, HELP_TYPES.replace(
        "    label: 'Quote'\n", "    label: 'Quote'\n    help:\n      thumbnail: ''\n"), neos=neos)
    thumbs = root / "Resources" / "Public" / "NodeTypes" / "Thumbnails"
    thumbs.mkdir(parents=True)
    (thumbs / "Quote.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    offer = insert_offer(load_project(root, use_cache=False), "Acme.Site:Quote", lambda v: v or "",
                         {"Acme.Site": root})
    quote = {t.name: t for _g, types in offer.groups["after"] for t in types}["Acme.Site:Quote"]
    assert quote.thumbnail == (thumbs / "Quote.png" if shown else None)



LIST_TYPES = TYPES + """\
'Acme.Site:Box':
  superTypes:
    'Neos.Neos:Node': true  # (no supertype brings a map of constraints to merge the list into)
  constraints:
    # a list, not a map: the CMS reads it as the PHP array [0 => 'Acme.Site:Text'] (NodeType::allowsChildNodeType,
    # `getConfiguration('constraints.nodeTypes') ?: []`), in which no key names a type or `*`: nothing is allowed
    nodeTypes: ['Acme.Site:Text']
  ui:
    label: 'Box'
    group: 'general'
"""


def test_constraints_written_as_a_list_allow_nothing_into_the_node(qtbot, tmp_path):
    project = load_project(write_site_package(tmp_path, LIST_TYPES), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Box")
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.mode_buttons["into"].isEnabled()
    qtbot.mouseClick(dialog.mode_buttons["into"], Qt.MouseButton.LeftButton)
    assert dialog.visible_types() == []


FILTER_TYPES = """\
'Acme.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Text'
    group: 'general'
'Acme.Site:Quote':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Citation'
    group: 'general'
'Acme.Site:TextMap':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Map'
    group: 'plugins'
'Acme.Site:Textless':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: ~  # (else Neos.Neos:Content's label is inherited)
    group: 'general'
'Acme.Site:Poster':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Poster text'
    group: 'plugins'
"""


def _acme(dialog) -> list[str]:
    return [name for name in dialog.visible_types() if name.startswith("Acme.Site:")]


def test_the_filter_matches_the_label_only_and_opens_the_groups_it_finds_in(qtbot, tmp_path):
    # neos-ui SelectNodeType: the term is looked for in the translated label, never in the name; while it holds
    # text every group with a match is open (also one the setting folds) and a group without a match is gone
    project = load_project(write_site_package(tmp_path, FILTER_TYPES), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.show()
    general, plugins = dialog.findChild(GroupHeader, "group:general"), dialog.findChild(GroupHeader, "group:plugins")
    assert not plugins.body.isVisible()  # folded by the platform's setting
    qtbot.keyClicks(dialog.filter, "Quote")  # a name, not a label
    assert dialog.visible_types() == []
    assert not general.isVisible() and not plugins.isVisible()
    dialog.filter.clear()
    qtbot.keyClicks(dialog.filter, "TEXT")
    assert _acme(dialog) == ["Acme.Site:Text", "Acme.Site:Poster"]  # not TextMap, Textless (by name)
    assert general.isVisible() and plugins.isVisible() and plugins.body.isVisible() and plugins.expanded
    dialog.filter.clear()
    qtbot.keyClicks(dialog.filter, "Citation")
    assert _acme(dialog) == ["Acme.Site:Quote"] and not plugins.isVisible()
    dialog.filter.clear()
    assert plugins.isVisible() and not plugins.body.isVisible() and not plugins.expanded  # folded again
    assert _acme(dialog) == ["Acme.Site:Text", "Acme.Site:Quote", "Acme.Site:Textless"]  # (the folded ones hidden)


UNLABELLED_GROUP = """\
Neos:
  Neos:
    nodeTypes:
      groups:
        special:
          position: 50
"""


def test_a_group_without_label_has_a_header_without_text(qtbot, tmp_path):
    # NodeTypeGroupPanel renders the label through <I18n id={label} fallback={label}/>: nothing without one
    types = FILTER_TYPES.replace("    label: 'Citation'\n    group: 'general'", "    label: 'Citation'\n    group: 'special'")
    project = load_project(write_site_package(tmp_path, types, settings=UNLABELLED_GROUP), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.show()
    special = dialog.findChild(GroupHeader, "group:special")
    assert special.isVisible() and special.text == ""
    assert "special" in special.toolTip()  # only the tooltip names it
    assert dialog.findChild(GroupHeader, "group:general").text == "General"


ICON_TYPES = """\
'Acme.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Text'
    group: 'general'
    icon: 'fas fa-paragraph'
'Acme.Site:Hero':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Hero'
    group: 'general'
    icon: 'fas fa-paragraph'
    previewIcon: 'fas fa-star'
'Acme.Site:Banner':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Banner'
    group: 'general'
    icon: 'fas fa-paragraph'
    previewIcon: 'fas fa-flag'
    previewIconSize: 'sm'
"""


def test_a_preview_icon_replaces_the_icon_and_is_larger(qtbot, tmp_path):
    # nodeTypeItem.js: `'previewIcon' in ui` picks ui.previewIcon, at previewIconSize (xs/sm/lg/2x/3x) or 2x;
    # the plain icon is lg
    from nodetype_studio.ui import icons

    project = load_project(write_site_package(tmp_path, ICON_TYPES), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.show()
    text, hero, banner = (dialog.type_buttons[f"Acme.Site:{n}"] for n in ("Text", "Hero", "Banner"))
    assert text.icon().cacheKey() == icons.icon("fas fa-paragraph").cacheKey()
    assert hero.icon().cacheKey() == icons.icon("fas fa-star").cacheKey()
    assert banner.icon().cacheKey() == icons.icon("fas fa-flag").cacheKey()
    assert hero.iconSize().height() > text.iconSize().height() > banner.iconSize().height()


def test_enter_in_the_filter_creates_the_focused_match(qtbot, tmp_path):
    # SelectNodeType: a term focuses the first match, Up/Down move through the matches, Enter applies it
    project = load_project(write_site_package(tmp_path, FILTER_TYPES), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)  # no term: nothing is focused, nothing happens
    assert dialog.isVisible() and dialog.focused_type is None
    qtbot.keyClicks(dialog.filter, "text")
    matches = dialog.visible_types()
    assert matches[0] == "Acme.Site:Text" and dialog.focused_type == "Acme.Site:Text" and len(matches) > 2
    assert not dialog.type_buttons["Acme.Site:Text"].autoRaise()  # shown raised
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Up)  # (before the first match: stays)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Down)
    assert dialog.focused_type == matches[2] and dialog.filter.text() == "text"
    assert dialog.type_buttons["Acme.Site:Text"].autoRaise()
    with qtbot.waitSignal(dialog.chosen) as chosen:
        qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert chosen.args == ["after", matches[2]]


def test_a_type_without_label_is_shown_without_text(qtbot, tmp_path):
    # nodeTypeItem.js renders the label with <I18n id={label} fallback={label}/>: nothing without ui.label
    project = load_project(write_site_package(tmp_path, FILTER_TYPES), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.show()
    textless = dialog.type_buttons["Acme.Site:Textless"]
    assert textless.isVisible() and textless.text() == ""
    assert "Acme.Site:Textless" in textless.toolTip()  # only the tooltip names it
    assert dialog.type_buttons["Acme.Site:Quote"].text() == "Citation"


NUMBERED_GROUPS = """\
Neos:
  Neos:
    nodeTypes:
      groups:
        20:
          label: 'Twenty'
        '3':
          label: 'Three'
"""


def test_integer_like_group_names_come_first(qtbot, tmp_path):
    # 9.x hands the setting to the browser as a JSON object (NodeTypeGroupsAndRolesProvider) and
    # getGroupedNodeTypeList walks Object.keys(): integer-like names first, in numeric order. 8.3 sorts the
    # groups by position on the server (`general` is `start`), but the sorted map still reaches the browser as
    # a JSON object, whose integer-like keys JavaScript visits first: the server's order holds for the others
    types = FILTER_TYPES.replace("    label: 'Citation'\n    group: 'general'", "    label: 'Citation'\n    group: '20'")
    types = types.replace("    label: 'Text'\n    group: 'general'", "    label: 'Text'\n    group: '3'")
    for neos, order in (("^9.0", ["3", "20", "general", "structure", "plugins"]),
                        ("^8.3", ["3", "20", "general", "structure", "plugins"])):
        root = write_site_package(tmp_path / neos[1], types, settings=NUMBERED_GROUPS, neos=neos)
        dialog = InsertDialogPreview(load_project(root, use_cache=False), "Acme.Site:Text")
        qtbot.addWidget(dialog)
        dialog.show()
        names = [h.objectName().removeprefix("group:") for h in dialog.headers]
        assert names[:len(order)] == order
        assert [h.text for h in dialog.headers][:3] == ["Three", "Twenty", "General"]


def test_the_mode_buttons_and_the_title_read_as_in_the_cms(qtbot, tmp_path):
    # InsertModeSelector: "Insert mode" Above, Below, Inside (titled "Insert above" ...); the dialog's title
    # is "Add <above|below|inside> <the reference type's label>" (SelectNodeType)
    project = _project(tmp_path)
    dialog = InsertDialogPreview(project, "Acme.Site:Blog")
    qtbot.addWidget(dialog)
    dialog.show()
    row = dialog.mode_buttons["before"].parentWidget().layout().itemAt(0).layout()
    shown = [row.itemAt(i).widget().text() for i in range(row.count()) if row.itemAt(i).widget() is not None]
    assert shown == ["Insert mode", "Above", "Below", "Inside"]
    assert dialog.mode_buttons["after"].toolTip() == "Insert below"
    assert dialog.windowTitle() == "Add below Blog"
    qtbot.mouseClick(dialog.mode_buttons["into"], Qt.MouseButton.LeftButton)
    assert dialog.windowTitle() == "Add inside Blog"
    qtbot.mouseClick(dialog.mode_buttons["before"], Qt.MouseButton.LeftButton)
    assert dialog.windowTitle() == "Add above Blog"


def test_the_matches_of_a_filter_close_up_in_their_group(qtbot, tmp_path):
    # neos-ui renders only the matching types, so they fill their group's grid from its first cell on,
    # two to a row, with no gaps where the others were
    project = load_project(write_site_package(tmp_path, ICON_TYPES), use_cache=False)
    dialog = InsertDialogPreview(project, "Acme.Site:Text")
    qtbot.addWidget(dialog)
    dialog.resize(520, 640)
    dialog.show()
    general = dialog.findChild(GroupHeader, "group:general")
    first_cell = dialog.type_buttons[dialog.visible_types()[0]].geometry().topLeft()
    qtbot.keyClicks(dialog.filter, "te")
    shown = [dialog.type_buttons[name] for name in dialog.visible_types() if dialog.type_buttons[name].parent() is general.body]
    assert len(shown) >= 3

    def closed_up() -> None:  # (the layout is redone when its events are handled)
        left, right, below = (button.geometry() for button in shown[:3])
        assert left.left() == first_cell.x() and abs(left.top() - first_cell.y()) < left.height()  # the first cell
        assert abs(right.center().y() - left.center().y()) < left.height() and right.left() > left.right()
        assert below.left() == left.left() and below.top() > left.bottom()

    qtbot.waitUntil(closed_up, timeout=2000)


def test_a_thumbnail_declaring_too_many_pixels_is_named_in_the_tooltip(qtbot, tmp_path):
    from tests.media_support import declared_png

    root = write_site_package(tmp_path, HELP_TYPES)
    declared_png(root / "Resources" / "Public" / "NodeTypes" / "Thumbnails" / "TeaserMixin.png")
    dialog = InsertDialogPreview(load_project(root, use_cache=False), "Acme.Site:Quote")
    qtbot.addWidget(dialog)
    dialog.show()
    teaser = dialog.type_buttons["Acme.Site:Teaser"].toolTip()
    assert "<img" not in teaser and "Shows a teaser" in teaser
    assert ("Thumbnail \u201cTeaserMixin.png\u201d is not shown: it declares 50000 \u00d7 50000 pixels, more than the "
            "67 megapixels the studio decodes") in teaser
