"""YamlDocument behaviour: anchors and aliases, refusals, undo/redo records, lookups, verification."""

import pytest
from edit_helpers import changes, load, reread

from nodetype_studio.editing import (
    AliasEditError,
    EditError,
    PathNotFound,
    YamlDocument,
)
from nodetype_studio.editing.errors import YamlParseError

SHARED = "Vendor.Site:Mixin.Shared"
PAGE = "Vendor.Site:Document.Page"


# -- anchors and aliases ---------------------------------------------------------------------------------

def test_edit_through_an_alias_is_refused(tmp_path):
    doc = load("anchors.yaml", tmp_path)
    old = doc.text
    with pytest.raises(AliasEditError) as caught:
        doc.set((SHARED, "properties", "background", "ui", "label"), "BG")
    assert "*colorUi" in str(caught.value) and caught.value.line == 12
    assert doc.text == old and not doc.dirty


def test_edit_inside_an_anchor_that_is_reused_is_refused(tmp_path):
    doc = load("anchors.yaml", tmp_path)
    with pytest.raises(AliasEditError) as caught:
        doc.set((SHARED, "properties", "color", "ui", "label"), "C")
    assert "&colorUi" in str(caught.value)
    with pytest.raises(AliasEditError):
        doc.unset((SHARED, "properties", "color", "ui"))
    assert not doc.dirty


def test_keys_that_only_come_from_a_merge_key_are_refused(tmp_path):
    doc = load("anchors.yaml", tmp_path)
    with pytest.raises(AliasEditError) as caught:
        doc.set((SHARED, "properties", "border", "ui", "inspector", "group"), "g")
    assert "merge key" in str(caught.value)


def test_own_keys_next_to_a_merge_key_and_the_alias_itself_can_be_edited(tmp_path):
    doc = load("anchors.yaml", tmp_path)
    doc.set((SHARED, "properties", "border", "ui", "label"), "B2")
    assert "        <<: *colorUi\n        label: 'B2'\n" in doc.text
    doc.set((SHARED, "properties", "background", "ui"), {"label": "Own"})
    assert "      ui: {label: 'Own'}\n" in doc.text
    data = reread(doc.text)[SHARED]["properties"]
    assert data["background"]["ui"] == {"label": "Own"}
    assert data["color"]["ui"]["label"] == "Color"
    assert data["border"]["ui"]["inspector"] == {"group": "style"}


def test_removing_an_alias_entry_and_editing_beside_anchors(tmp_path):
    doc = load("anchors.yaml", tmp_path)
    old = doc.text
    doc.unset((SHARED, "properties", "background", "ui"))
    assert changes(old, doc.text) == (["      ui: *colorUi"], [])
    doc.set((SHARED, "properties", "color", "type"), "integer")
    assert reread(doc.text)[SHARED]["properties"]["color"]["type"] == "integer"


# -- refusals ----------------------------------------------------------------------------------------------

def test_missing_paths_and_wrong_containers(tmp_path):
    doc = load("comments.yaml", tmp_path)
    with pytest.raises(PathNotFound):
        doc.unset((PAGE, "properties", "nope"))
    with pytest.raises(PathNotFound):
        doc.get((PAGE, "nope"))
    with pytest.raises(EditError, match="not a mapping"):
        doc.set((PAGE, "ui", "label", "x"), 1)
    with pytest.raises(EditError, match="already exists"):
        doc.insert_key((PAGE, "ui"), "label", "again")
    with pytest.raises(PathNotFound):
        doc.insert_key((PAGE, "ui"), "x", 1, before="nope")
    with pytest.raises(EditError, match="cannot write"):
        doc.set((PAGE, "ui", "label"), object())
    with pytest.raises(EditError):
        doc.set((), {"a": 1})
    assert not doc.dirty


def test_duplicate_keys_are_refused_with_both_lines(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text("a:\n  x: 1\nb: 2\na:\n  x: 3\n")
    doc = YamlDocument.load(path)
    assert doc.get(("a", "x")) == 1  # the first occurrence counts, as in the project model
    with pytest.raises(EditError, match=r"lines 1, 4"):
        doc.set(("a", "x"), 5)
    doc.set(("b",), 5)
    assert doc.text == "a:\n  x: 1\nb: 5\na:\n  x: 3\n"


def test_invalid_and_non_utf8_files_cannot_be_edited(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(YamlParseError) as caught:
        YamlDocument.load(bad)
    assert caught.value.line >= 1
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("a: 'caf\xe9'\n".encode("latin-1"))
    with pytest.raises(YamlParseError, match="UTF-8"):
        YamlDocument.load(latin)
    with pytest.raises(EditError, match="not found"):
        YamlDocument.load(tmp_path / "missing.yaml")


def test_an_edit_that_would_read_back_differently_is_refused(tmp_path, monkeypatch):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    monkeypatch.setattr(doc.renderer, "scalar", lambda value, **kw: "yes and no: broken")
    with pytest.raises(EditError, match="nothing changed"):
        doc.set((PAGE, "ui", "label"), "Home")
    monkeypatch.setattr(doc.renderer, "scalar", lambda value, **kw: "changed")
    with pytest.raises(EditError, match="would not read back as intended"):
        doc.set((PAGE, "ui", "label"), "Home")
    assert doc.text == old and not doc.dirty


# -- records, undo, lookups --------------------------------------------------------------------------------

def test_edit_records_undo_and_redo_exactly(tmp_path):
    doc = load("comments.yaml", tmp_path)
    original = doc.text
    first = doc.set((PAGE, "ui", "label"), "Home")
    after_first = doc.text
    second = doc.insert_key((PAGE, "properties"), "intro", {"type": "string"}, before="title")
    assert second.start_line == 11 and second.end_line == 12 and second.removed_lines == 0
    third = doc.unset((PAGE, "childNodes"))
    assert third.end_line == third.start_line - 1 and third.removed_lines == 4
    for edit in (third, second):
        doc.apply(edit.inverse())
    assert doc.text == after_first
    doc.apply(first.inverse())
    assert doc.text == original and not doc.dirty
    doc.apply(first)
    assert doc.text == after_first
    with pytest.raises(EditError, match="changed since"):
        doc.apply(second.inverse())


def test_lookups_and_changed_lines(tmp_path):
    doc = load("comments.yaml", tmp_path)
    assert doc.line_of((PAGE, "properties", "title")) == 13
    assert doc.line_of((PAGE, "superTypes", "Neos.Neos:Document")) == 6
    assert doc.get((PAGE, "properties", "title", "ui", "inspector", "group")) == "document"
    assert doc.top_level_keys() == [PAGE, "Vendor.Site:Document.Folder"]
    assert doc.changed_lines() == []
    doc.set((PAGE, "ui", "icon"), "icon-home")
    doc.insert_key((PAGE, "ui"), "group", "general")
    assert doc.changed_lines() == [9, 10]
    assert doc.line_of((PAGE, "properties", "title")) == 14


def test_nested_set_creates_mappings_and_list_items(tmp_path):
    doc = load("comments.yaml", tmp_path)
    doc.set((PAGE, "options", "fusion", "prototypeGenerator"), None)
    assert "  options:\n    fusion:\n      prototypeGenerator: null\n" in doc.text
    doc.set((PAGE, "tags"), ["a"])
    doc.set((PAGE, "tags", 1), "b")
    doc.set((PAGE, "tags", 0), {"name": "x", "on": True})
    assert reread(doc.text)[PAGE]["tags"] == [{"name": "x", "on": True}, "b"]
    with pytest.raises(PathNotFound):
        doc.set((PAGE, "tags", 5), "c")
    doc.remove_item((PAGE, "tags"), 0)
    doc.remove_item((PAGE, "tags"), -1)
    assert reread(doc.text)[PAGE]["tags"] == []


def test_empty_and_comment_only_documents_get_their_first_key(tmp_path):
    empty = YamlDocument.new(tmp_path / "NodeTypes.New.yaml")
    empty.insert_key((), "Vendor.Site:New", {"abstract": True})
    assert empty.text == "'Vendor.Site:New':\n  abstract: true\n"
    commented = YamlDocument.from_text("# only a comment\n")
    commented.set(("Vendor.Site:New", "ui", "label"), "New")
    assert commented.text == "# only a comment\n'Vendor.Site:New':\n  ui:\n    label: New\n"


def test_null_values_become_mappings_or_lists(tmp_path):
    doc = YamlDocument.from_text("a:\n  props:\n  list: ~\n  b: 1\n")
    doc.set(("a", "props", "title"), "x")
    doc.append_item(("a", "list"), "y")
    assert doc.text == "a:\n  props:\n    title: x\n  list:\n    - y\n  b: 1\n"


def test_an_empty_list_takes_keys_like_an_empty_mapping():
    # PHP reads `[]` and `{}` as the same empty array: validator options are often written `[]`
    length = "Neos.Neos/Validation/StringLengthValidator"
    text = ("'Vendor.Site:Text':\n  properties:\n    title:\n      validation:\n"
            f"        '{length}': []\n        'Neos.Neos/Validation/NotEmptyValidator': []\n")
    doc = YamlDocument.from_text(text)
    doc.set(("Vendor.Site:Text", "properties", "title", "validation", length, "maximum"), 50)
    removed, added = changes(text, doc.text)
    assert removed == [f"        '{length}': []"]
    assert added == [f"        '{length}':", "          maximum: 50"]
    doc = YamlDocument.from_text(text)
    doc.insert_key(("Vendor.Site:Text", "properties", "title", "validation", length), "minimum", 1)
    assert reread(doc.text)["Vendor.Site:Text"]["properties"]["title"]["validation"] == {
        length: {"minimum": 1}, "Neos.Neos/Validation/NotEmptyValidator": []}
    flow = YamlDocument.from_text("a: {options: [], b: 1}\n")
    flow.set(("a", "options", "x"), "y")
    assert flow.text == "a: {options: {x: y}, b: 1}\n"
    listed = YamlDocument.from_text("a:\n  items: []\n")
    listed.set(("a", "items", 0), "first")  # an index still adds a list item
    assert reread(listed.text) == {"a": {"items": ["first"]}}


def test_replacing_block_collections_and_scalars_with_each_other(tmp_path):
    doc = YamlDocument.from_text("a:\n  m: # keep me\n    x: 1\n    y: 2\n  s: plain   # beside\nb: end\n")
    doc.set(("a", "m"), "now a scalar")
    assert doc.text == "a:\n  m: now a scalar # keep me\n  s: plain   # beside\nb: end\n"
    doc.set(("a", "s"), {"k": [1, 2]})
    assert doc.text == "a:\n  m: now a scalar # keep me\n  s: # beside\n    k:\n      - 1\n      - 2\nb: end\n"
    assert reread(doc.text) == {"a": {"m": "now a scalar", "s": {"k": [1, 2]}}, "b": "end"}


def test_keys_of_compact_list_items_can_be_moved_and_removed():
    doc = YamlDocument.from_text("items:\n- name: a\n  label: A\n  icon: x\n- name: b\n")
    doc.move_key(("items", 0, "name"), after="label")
    assert doc.text == "items:\n- label: A\n  name: a\n  icon: x\n- name: b\n"
    doc.move_key(("items", 0, "icon"), before="label")
    assert doc.text == "items:\n- icon: x\n  label: A\n  name: a\n- name: b\n"
    doc.unset(("items", 0, "icon"))
    assert doc.text == "items:\n- label: A\n  name: a\n- name: b\n"
    doc.unset(("items", 1, "name"))
    assert reread(doc.text)["items"] == [{"label": "A", "name": "a"}, {}]


def test_a_comment_on_the_last_line_of_a_replaced_block_goes_with_it():
    doc = YamlDocument.from_text("a:\n  - x  # about x\nb: 1\n")
    doc.set(("a",), "multi\nline\n")
    assert doc.text == "a: |\n  multi\n  line\nb: 1\n"
    assert reread(doc.text)["a"] == "multi\nline\n"


def test_a_block_scalar_becomes_a_mapping_or_list_without_taking_the_next_key(tmp_path):
    path = tmp_path / "NodeTypes.Help.yaml"
    path.write_bytes(b"A:\r\n  help: |  # note\r\n    first\r\n    second\r\n  position: 10\r\n  list: >-\r\n    a\r\n")
    doc = YamlDocument.load(path)
    doc.set(("A", "help"), {"message": "Hi"})
    doc.set(("A", "list"), ["a", "b"])
    assert doc.text == "A:\r\n  help: # note\r\n    message: Hi\r\n  position: 10\r\n  list:\r\n    - a\r\n    - b\r\n"
    doc.save()
    assert YamlDocument.load(path).get(("A",)) == {"help": {"message": "Hi"}, "position": 10, "list": ["a", "b"]}


def test_a_node_type_goes_into_a_file_that_holds_only_document_markers(tmp_path):
    path = tmp_path / "NodeTypes.New.yaml"
    path.write_bytes(b"# Vendor.Site node types\r\n---\r\n...\r\n")
    doc = YamlDocument.load(path)
    doc.insert_key((), "Vendor.Site:Box", {"superTypes": {"Neos.Neos:Content": True}})
    assert doc.text == "# Vendor.Site node types\r\n---\r\n'Vendor.Site:Box':\r\n  superTypes:\r\n    'Neos.Neos:Content': true\r\n...\r\n"
    doc.save()
    assert YamlDocument.load(path).get(()) == {"Vendor.Site:Box": {"superTypes": {"Neos.Neos:Content": True}}}
    empty = tmp_path / "NodeTypes.Empty.yaml"
    empty.write_text("---\n", encoding="utf-8")
    doc = YamlDocument.load(empty)
    doc.set(("Vendor.Site:Text", "ui", "label"), "Text")
    assert doc.text == "---\n'Vendor.Site:Text':\n  ui:\n    label: Text\n"


def test_removing_the_only_node_type_before_an_end_marker_leaves_a_readable_file(tmp_path):
    path = tmp_path / "NodeTypes.Box.yaml"
    path.write_text("'Vendor.Site:Box':\n  ui:\n    label: Box\n...\n# end of file\n", encoding="utf-8")
    doc = YamlDocument.load(path)
    doc.unset(("Vendor.Site:Box",))
    assert doc.text == "# end of file\n"
    doc.save()
    assert YamlDocument.load(path).get(()) is None
