"""The node type tree model: qtmodeltester in both views, several supertypes, marks, filter, findings."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor

from nodetype_studio.model import load_project
from nodetype_studio.ui.studio.treemodel import (
    KIND_ROLE,
    NAME_ROLE,
    NodeTypeFilter,
    NodeTypeTreeModel,
    TypeInfo,
    type_infos,
)

from .conftest import FIXTURE, TEASER


def rows(model, parent=None, depth=0) -> list[tuple[int, str]]:
    parent = parent if parent is not None else QModelIndex()
    found = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        found.append((depth, index.data(NAME_ROLE) or index.data()))
        found.extend(rows(model, index, depth + 1))
    return found


def make_model(mode="inheritance"):
    model = NodeTypeTreeModel()
    model.set_types(type_infos(load_project(FIXTURE, overrides={})), mode)
    return model


def test_the_inheritance_view_passes_qtmodeltester_through_changes(qtmodeltester):
    model = make_model()
    qtmodeltester.check(model, force_py=True)  # stays connected: every change below is checked too
    model.set_findings({TEASER: (1, 2, 0)})
    model.set_dirty({TEASER})
    model.set_types(type_infos(load_project(FIXTURE, overrides={}), show_platform=True))
    model.set_mode("package")
    model.set_types({})


def test_the_package_view_passes_qtmodeltester(qtmodeltester):
    model = make_model("package")
    qtmodeltester.check(model, force_py=True)
    model.set_findings({TEASER: (0, 0, 1)})


def test_the_filter_proxy_passes_qtmodeltester(qtmodeltester):
    proxy = NodeTypeFilter()
    proxy.setSourceModel(make_model())
    proxy.set_text("subtitle")
    qtmodeltester.check(proxy, force_py=True)


def test_inheritance_lists_a_type_under_each_supertype_and_marks_it():
    model = make_model()
    tree = rows(model)
    assert (0, "Neos.Neos:Node") in tree
    teasers = model.indexes_of(TEASER)
    parents = sorted(index.parent().data(NAME_ROLE) for index in teasers)
    assert parents == ["Acme.Studio:Mixin.Styled", "Acme.Studio:Mixin.Titled", "Neos.Neos:Content"]
    under_content = next(i for i in teasers if i.parent().data(NAME_ROLE) == "Neos.Neos:Content")
    assert under_content.data().endswith("\u2225")
    assert "Also listed under: Acme.Studio:Mixin.Titled, Acme.Studio:Mixin.Styled" in under_content.data(Qt.ToolTipRole)
    # platform types the project builds on are the trunk, the others are left out
    names = {name for _depth, name in tree}
    assert "Neos.Neos:Shortcut" not in names


def test_abstract_types_are_italic_and_greyed():
    model = make_model()
    index = model.indexes_of("Acme.Studio:Mixin.Titled")[0]
    assert index.data(Qt.FontRole).italic()
    assert "Abstract" in index.data(Qt.ToolTipRole)
    assert model.indexes_of(TEASER)[0].data(Qt.FontRole) is None


def test_package_view_groups_by_package_and_name_folders():
    model = make_model("package")
    tree = rows(model)
    assert (0, "Acme.Studio") in tree and (1, "Content") in tree and (2, TEASER) in tree
    assert (0, "Neos.Neos") in tree
    package = model.index(0, 0)
    assert package.data(KIND_ROLE) == "package" and package.data(Qt.FontRole).bold()


def test_filter_matches_name_label_and_property_names_and_keeps_parents():
    model = make_model()
    proxy = NodeTypeFilter()
    proxy.setSourceModel(model)
    for needle, wanted in (("teaser", TEASER), ("Page", "Acme.Studio:Document.Page"), ("teasertext", "Acme.Studio:Document.Page"),
                           ("limit", TEASER)):
        proxy.set_text(needle)
        shown = {name for _d, name in rows(proxy)}
        assert wanted in shown, needle
        assert "Acme.Studio:Content.Text" not in shown
    proxy.set_text("subtitle")
    assert {name for _d, name in rows(proxy)} >= {"Neos.Neos:Node", "Neos.Neos:Content", TEASER}
    proxy.set_text("")
    assert len(rows(proxy)) == len(rows(model))


def test_findings_column_counts_per_type_with_the_worst_colour():
    model = make_model()
    model.set_findings({TEASER: (0, 2, 1)})
    index = model.indexes_of(TEASER)[0].siblingAtColumn(1)
    assert index.data() == "3"
    shown = index.data(Qt.ForegroundRole)  # the warning's amber, darkened to read on the light base
    assert abs(shown.hslHue() - QColor("#c77c02").hslHue()) <= 2 and shown.lightness() < QColor("#c77c02").lightness()
    assert "2 warning(s)" in index.data(Qt.ToolTipRole)
    assert model.indexes_of("Acme.Studio:Content.Text")[0].siblingAtColumn(1).data() is None


def test_same_shape_updates_data_without_reset(qtbot):
    model = make_model()
    infos = type_infos(load_project(FIXTURE, overrides={}))
    with qtbot.assertNotEmitted(model.modelReset):
        assert model.set_types(infos) is False
    changed = dict(infos)
    changed["Acme.Studio:Content.New"] = TypeInfo("Acme.Studio:Content.New")
    with qtbot.waitSignal(model.modelReset):
        assert model.set_types(changed) is True


def test_cycles_do_not_recurse_forever():
    infos = {"A:A": TypeInfo("A:A", supertypes=("A:B",)), "A:B": TypeInfo("A:B", supertypes=("A:A",))}
    model = NodeTypeTreeModel()
    model.set_types(infos)
    names = [name for _d, name in rows(model)]
    assert set(names) == {"A:A", "A:B"} and len(names) <= 4


def test_icons_come_from_the_provider_once_per_value():
    asked = []

    def provider(value):
        asked.append(value)
        from PySide6.QtGui import QIcon
        return QIcon()

    model = make_model()
    model.set_icon_provider(provider)
    for _ in range(2):
        for index in model.indexes_of(TEASER):
            index.data(Qt.DecorationRole)
    assert asked == ["fas fa-file-alt"]  # the CMS maps icon-file-text (IconNameMappingPostprocessor)


def test_a_changed_label_refreshes_only_that_types_rows(qtbot):
    model = make_model()
    infos = type_infos(load_project(FIXTURE, overrides={}))
    changed = dict(infos)
    old = infos[TEASER]
    changed[TEASER] = TypeInfo(old.name, "Teaser box", old.icon, old.abstract, old.final, old.platform, old.supertypes,
                               old.search)
    seen = []
    model.dataChanged.connect(lambda first, last, roles=(): seen.append(first.data(NAME_ROLE)))
    assert model.set_types(changed) is False
    assert seen == [TEASER] * len(model.indexes_of(TEASER))
    assert "Label: Teaser box" in model.indexes_of(TEASER)[0].data(Qt.ToolTipRole)


def test_platform_types_show_and_find_their_english_labels():
    """The baseline's labels are the CMS's translation ids; the tree shows and searches their texts."""
    infos = type_infos(load_project(FIXTURE, overrides={}), show_platform=True)
    assert infos["Neos.NodeTypes:TextWithImage"].label == "Text with Image"
    assert infos["Neos.Neos:ContentCollection"].label == "Content Collection"
    assert "text with image" in infos["Neos.NodeTypes:TextWithImage"].search
    proxy = NodeTypeFilter()
    model = NodeTypeTreeModel()
    model.set_types(infos)
    proxy.setSourceModel(model)
    proxy.set_text("invalid node")  # Neos.Neos:FallbackNode's English label
    names = {n for _, n in rows(proxy)}
    assert "Neos.Neos:FallbackNode" in names and "Neos.NodeTypes:Text" not in names
    assert "Label: Text with Image" in model.indexes_of("Neos.NodeTypes:TextWithImage")[0].data(Qt.ToolTipRole)


def _fields(infos: dict) -> dict:
    return {name: (i.label, i.icon, i.abstract, i.final, i.platform, i.supertypes, i.search) for name, i in infos.items()}


def test_after_an_edit_only_the_edited_types_infos_are_made_again_and_equal_a_full_loads(project):
    from nodetype_studio.model.incremental import reresolve

    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    text = teaser.read_text(encoding="utf-8")
    loaded = load_project(project, overrides={})
    before = type_infos(loaded)
    model = NodeTypeTreeModel()
    model.set_types(before)
    edits = {teaser: text.replace("label: 'Teaser'", "label: 'Teaser box'")}
    edited = reresolve(loaded, {}, edits)
    assert edited is not None
    after = type_infos(edited)
    assert after[TEASER].label == "Teaser box" and "teaser box" in after[TEASER].search
    assert all(after[name] is info for name, info in before.items() if name != TEASER)
    assert model.keeps_outline(after) and model.set_types(after) is False
    assert "Label: Teaser box" in model.indexes_of(TEASER)[0].data(Qt.ToolTipRole)
    assert _fields(after) == _fields(type_infos(load_project(project, overrides=edits)))
    # a supertype taken away: the outline changes, and the infos are those of a full load
    moved = {teaser: edits[teaser].replace("'Acme.Studio:Mixin.Styled': true", "'Acme.Studio:Mixin.Styled': false")}
    again = reresolve(edited, edits, moved)
    assert again is not None
    infos = type_infos(again)
    assert not model.keeps_outline(infos)
    assert _fields(infos) == _fields(type_infos(load_project(project, overrides=moved)))
