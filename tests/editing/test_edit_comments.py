"""Comments stay with their keys: above, beside and below edited, inserted, removed, renamed and moved keys."""

from edit_helpers import changes, load, reread

PAGE = "Vendor.Site:Document.Page"
FOLDER = "Vendor.Site:Document.Folder"


def test_scalar_edit_changes_one_line_and_keeps_the_comment_beside(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    edit = doc.set((PAGE, "ui", "label"), "Home")
    removed, added = changes(old, doc.text)
    assert removed == ["    label: 'Page'      # shown in the create dialog"]
    assert added == ["    label: 'Home'      # shown in the create dialog"]
    assert (edit.start_line, edit.end_line, edit.removed_lines) == (8, 8, 1)
    assert reread(doc.text)[PAGE]["ui"]["label"] == "Home"


def test_removed_key_takes_the_comments_directly_above_and_inside_it(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.unset((PAGE, "properties", "title"))
    removed, added = changes(old, doc.text)
    assert added == []
    assert removed[0] == "    # The main headline."
    assert removed[-1] == "      # trailing comment inside title, below its last key"
    assert "    # A comment after a blank line, above subtitle." in doc.text
    assert "  properties:\n\n    # A comment after a blank line" in doc.text


def test_removing_a_key_leaves_the_comments_of_its_neighbours(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.unset((PAGE, "properties", "layout"))
    removed, _ = changes(old, doc.text)
    assert removed == ["    # directly above layout", "    layout:", "      type: string", "      defaultValue: 'default'"]
    assert "      defaultValue: ''   # empty by default\n  # below properties, above childNodes\n" in doc.text


def test_removing_the_only_comment_free_key_keeps_the_beside_comments_of_others(tmp_path):
    doc = load("comments.yaml", tmp_path)
    doc.unset((PAGE, "ui", "icon"))
    assert "    label: 'Page'      # shown in the create dialog\n  properties:" in doc.text


def test_insert_before_a_key_goes_above_the_comments_attached_to_it(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.insert_key((PAGE, "properties"), "intro", {"type": "string"}, before="layout")
    removed, added = changes(old, doc.text)
    assert removed == []
    assert added == ["    intro:", "      type: string"]
    assert "    intro:\n      type: string\n    # directly above layout\n    layout:" in doc.text
    assert list(reread(doc.text)[PAGE]["properties"]) == ["title", "subtitle", "intro", "layout"]


def test_insert_after_a_key_goes_below_its_content_and_its_inner_comments_stay(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.insert_key((PAGE, "properties"), "intro", {"type": "string"}, after="subtitle")
    removed, added = changes(old, doc.text)
    assert removed == [] and added == ["    intro:", "      type: string"]
    assert "defaultValue: ''   # empty by default\n    intro:\n      type: string\n    # directly above layout" in doc.text


def test_insert_after_a_key_goes_below_the_comments_indented_inside_it(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.insert_key((PAGE, "properties"), "intro", {"type": "string"}, after="title")
    removed, added = changes(old, doc.text)
    assert removed == [] and added == ["    intro:", "      type: string"]
    assert ("      # trailing comment inside title, below its last key\n    intro:\n      type: string\n\n"
            "    # A comment after a blank line, above subtitle.") in doc.text


COMMENTED_OUT = """'Vendor.Site:Content.Text':
  ui:
    label: 'Text'
  properties:
    text:
      type: string
    # subtitle:
    #   type: string
'Vendor.Site:Content.Image':
  ui:
    label: 'Image'
"""


def test_a_commented_out_property_stays_in_properties_when_keys_are_added_or_moved_after_it():
    from nodetype_studio.editing import YamlDocument

    text_type = "Vendor.Site:Content.Text"
    commented = "      type: string\n    # subtitle:\n    #   type: string\n"
    doc = YamlDocument.from_text(COMMENTED_OUT)
    doc.insert_key((text_type,), "childNodes", {"main": {"type": "Neos.Neos:ContentCollection"}})
    assert commented + "  childNodes:\n" in doc.text

    doc = YamlDocument.from_text(COMMENTED_OUT)
    doc.move_key((text_type, "ui"), after="properties")
    assert commented + "  ui:\n    label: 'Text'\n'Vendor.Site:Content.Image':" in doc.text
    assert list(reread(doc.text)[text_type]) == ["properties", "ui"]

    doc = YamlDocument.from_text(COMMENTED_OUT)
    doc.insert_key((), "Vendor.Site:Content.Quote", {"ui": {"label": "Quote"}}, after=text_type)
    assert commented + "'Vendor.Site:Content.Quote':\n" in doc.text


def test_an_appended_list_item_goes_below_the_comments_inside_the_last_item():
    from nodetype_studio.editing import YamlDocument

    text = ("'Vendor.Site:Content.Choice':\n  properties:\n    size:\n      ui:\n        inspector:\n"
            "          editorOptions:\n            values:\n              - label: 'Small'\n"
            "                value: 's'\n                # disabled: true\n    colour:\n      type: string\n")
    doc = YamlDocument.from_text(text)
    doc.append_item(("Vendor.Site:Content.Choice", "properties", "size", "ui", "inspector", "editorOptions", "values"),
                    {"label": "Large", "value": "l"})
    assert ("                value: 's'\n                # disabled: true\n"
            "              - label: 'Large'\n                value: 'l'\n    colour:") in doc.text


def test_insert_at_the_end_of_a_mapping(tmp_path):
    doc = load("comments.yaml", tmp_path)
    doc.insert_key((PAGE, "ui"), "group", "general")
    # the file quotes the values of `group` (and most strings): the new value follows
    assert "    icon: 'icon-file'\n    group: 'general'\n  properties:" in doc.text


def test_rename_keeps_the_comments_above_and_beside(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.rename_key((PAGE, "properties", "title"), "headline")
    removed, added = changes(old, doc.text)
    assert removed == ["    title:"] and added == ["    headline:"]
    data = reread(doc.text)[PAGE]["properties"]
    assert list(data) == ["headline", "subtitle", "layout"]


def test_rename_to_an_existing_sibling_is_refused(tmp_path):
    from nodetype_studio.editing import EditError

    doc = load("comments.yaml", tmp_path)
    old = doc.text
    try:
        doc.rename_key((PAGE, "properties", "title"), "layout")
    except EditError as exc:
        assert "already exists" in str(exc)
    else:
        raise AssertionError("renaming onto an existing key must fail")
    assert doc.text == old


def test_move_takes_the_comments_above_along(tmp_path):
    doc = load("comments.yaml", tmp_path)
    doc.move_key((PAGE, "properties", "layout"), before="title")
    assert "  properties:\n    # directly above layout\n    layout:\n      type: string\n      defaultValue: 'default'\n    # The main headline." in doc.text
    assert list(reread(doc.text)[PAGE]["properties"]) == ["layout", "title", "subtitle"]


def test_move_after_and_to_the_same_place(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    edit = doc.move_key((PAGE, "properties", "title"), before="subtitle")
    assert doc.text == old and edit.old_text == edit.new_text
    doc.move_key((PAGE, "ui", "label"), after="icon")
    assert "  ui:\n    icon: 'icon-file'\n    label: 'Page'      # shown in the create dialog\n" in doc.text


def test_removing_a_node_type_keeps_the_file_header_and_footer(tmp_path):
    doc = load("comments.yaml", tmp_path)
    doc.unset((FOLDER,))
    assert doc.text.startswith("# Page types of the site.\n# (file header: stays where it is)\n\n'Vendor.Site:Document.Page':")
    assert doc.text.endswith("      type: 'Neos.Neos:ContentCollection'\n\n# last line of the file is a comment\n")
    doc.unset((PAGE,))
    assert doc.text == "# Page types of the site.\n# (file header: stays where it is)\n\n# last line of the file is a comment\n"
    assert reread(doc.text) is None


def test_adding_a_node_type_between_blank_separated_ones(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    doc.insert_key((), "Vendor.Site:Document.Blog", {"superTypes": {PAGE: True}}, after=PAGE)
    removed, added = changes(old, doc.text)
    assert removed == [] and len(added) == 4
    assert ("      type: 'Neos.Neos:ContentCollection'\n\n'Vendor.Site:Document.Blog':\n  superTypes:\n"
            "    'Vendor.Site:Document.Page': true\n\n'Vendor.Site:Document.Folder':") in doc.text
    assert list(reread(doc.text)) == [PAGE, "Vendor.Site:Document.Blog", FOLDER]


def test_setting_a_mapping_changes_only_the_keys_that_differ(tmp_path):
    doc = load("comments.yaml", tmp_path)
    old = doc.text
    edit = doc.set((PAGE, "ui"), {"label": "Page", "icon": "icon-file-o", "group": "x"})
    removed, added = changes(old, doc.text)
    assert removed == ["    icon: 'icon-file'"]
    assert added == ["    icon: 'icon-file-o'", "    group: 'x'"]
    assert "# shown in the create dialog" in doc.text
    doc.apply(edit.inverse())
    assert doc.text == old


def test_setting_a_mapping_in_a_new_order_moves_keys(tmp_path):
    doc = load("comments.yaml", tmp_path)
    properties = doc.get((PAGE, "properties"))
    reordered = {key: properties[key] for key in ("layout", "title", "subtitle")}
    doc.set((PAGE, "properties"), reordered)
    assert list(reread(doc.text)[PAGE]["properties"]) == ["layout", "title", "subtitle"]
    assert "# The main headline." in doc.text and "# directly above layout" in doc.text


def _saved_and_reloaded(path, doc):
    from nodetype_studio.editing import YamlDocument

    doc.save()
    return YamlDocument.load(path)


def test_a_key_added_to_a_multi_line_flow_map_leaves_the_last_entrys_comment_beside_it(tmp_path):
    path = tmp_path / "NodeTypes.Flow.yaml"
    path.write_text("'Vendor.Site:Text':\n  ui:\n    inspector: {group: 'text',\n      position: 10  # after the title\n    }\n",
                    encoding="utf-8")
    from nodetype_studio.editing import YamlDocument

    doc = YamlDocument.load(path)
    doc.insert_key(("Vendor.Site:Text", "ui", "inspector"), "editor", "Neos.Neos/Inspector/Editors/TextFieldEditor")
    assert "      position: 10,  # after the title\n      editor: " in doc.text
    reloaded = _saved_and_reloaded(path, doc)
    assert reread(reloaded.text)["Vendor.Site:Text"]["ui"]["inspector"] == {
        "group": "text", "position": 10, "editor": "Neos.Neos/Inspector/Editors/TextFieldEditor"}


def test_an_entry_added_after_a_commented_flow_entry_with_its_comma_goes_below_the_comment(tmp_path):
    path = tmp_path / "NodeTypes.Flow.yaml"
    path.write_text("A:\n  ui: {\n    a: 1,  # first\n    b: 2,  # second, a trailing comma\n  }\n  list: [x,\n    y  # last\n  ]\n",
                    encoding="utf-8")
    from nodetype_studio.editing import YamlDocument

    doc = YamlDocument.load(path)
    doc.insert_key(("A", "ui"), "c", 3, after="a")
    doc.insert_key(("A", "ui"), "d", 4)
    doc.append_item(("A", "list"), "z")
    assert doc.text == ("A:\n  ui: {\n    a: 1,  # first\n    c: 3,\n    b: 2,  # second, a trailing comma\n    d: 4,\n  }\n"
                        "  list: [x,\n    y,  # last\n    z\n  ]\n")
    assert reread(_saved_and_reloaded(path, doc).text) == {"A": {"ui": {"a": 1, "c": 3, "b": 2, "d": 4},
                                                                 "list": ["x", "y", "z"]}}


def test_a_tab_before_a_beside_comment_stays_whatever_the_new_value_is(tmp_path):
    from nodetype_studio.editing import YamlDocument

    path = tmp_path / "NodeTypes.Tab.yaml"
    original = "A:\n  label: 'x'\t# note\n  options:\t# options\n    a: 1\n"
    expected = {
        "y": "A:\n  label: 'y'\t# note\n  options:\t# options\n    a: 1\n",
        "two\nlines\n": "A:\n  label: |\t# note\n    two\n    lines\n  options:\t# options\n    a: 1\n",
        "mapping": "A:\n  label:\t# note\n    b: 2\n  options:\t# options\n    a: 1\n",
    }
    for name, text in expected.items():
        path.write_text(original, encoding="utf-8")
        doc = YamlDocument.load(path)
        doc.set(("A", "label"), {"b": 2} if name == "mapping" else name)
        assert doc.text == text
        assert _saved_and_reloaded(path, doc).text == text
    path.write_text(original, encoding="utf-8")
    doc = YamlDocument.load(path)
    doc.set(("A", "options"), "none")
    assert doc.text == "A:\n  label: 'x'\t# note\n  options: 'none'\t# options\n"
    assert reread(doc.text) == {"A": {"label": "x", "options": "none"}}


def test_the_comment_beside_a_block_scalar_header_survives_a_new_value(tmp_path):
    from nodetype_studio.editing import YamlDocument

    path = tmp_path / "NodeTypes.Block.yaml"
    path.write_text("A:\n  help: |  # shown below the field\n    first\n    second\n  list:\n    - >-\t# folded\n      a\n"
                    "    - b\n", encoding="utf-8")
    doc = YamlDocument.load(path)
    doc.set(("A", "help"), "one\nthree\n")
    doc.set(("A", "list", 0), "c d")
    assert doc.text == ("A:\n  help: |  # shown below the field\n    one\n    three\n  list:\n    - >-\t# folded\n"
                        "      c d\n    - b\n")
    doc.set(("A", "help"), "short")
    assert "  help: |-  # shown below the field\n    short\n" in doc.text
    assert reread(_saved_and_reloaded(path, doc).text) == {"A": {"help": "short", "list": ["c d", "b"]}}


def test_removing_the_last_entry_of_a_multi_line_flow_map_takes_its_beside_comment(tmp_path):
    from nodetype_studio.editing import YamlDocument

    path = tmp_path / "NodeTypes.Flow.yaml"
    path.write_text("A:\n  ui: {\n    group: 'text',  # the group\n    position: 10  # after the title\n  }\n"
                    "  list: [x,  # first\n    y,  # second\n  ]\n", encoding="utf-8")
    doc = YamlDocument.load(path)
    doc.unset(("A", "ui", "position"))
    doc.remove_item(("A", "list"), 1)
    assert doc.text == "A:\n  ui: {\n    group: 'text'  # the group\n  }\n  list: [x,  # first\n  ]\n"
    assert reread(_saved_and_reloaded(path, doc).text) == {"A": {"ui": {"group": "text"}, "list": ["x"]}}


def test_a_commented_list_item_that_becomes_several_lines_keeps_its_comment_on_the_dash_line(tmp_path):
    from nodetype_studio.editing import YamlDocument

    path = tmp_path / "NodeTypes.List.yaml"
    path.write_text("A:\n  options:\n    - one  # first\n    - # empty\n    - three\n", encoding="utf-8")
    doc = YamlDocument.load(path)
    doc.set(("A", "options", 0), "line one\nline two\n")
    doc.set(("A", "options", 1), {"value": "b", "label": "B"})
    assert doc.text == ("A:\n  options:\n    - |  # first\n      line one\n      line two\n    - value: b # empty\n"
                        "      label: B\n    - three\n")
    assert reread(_saved_and_reloaded(path, doc).text) == {
        "A": {"options": ["line one\nline two\n", {"value": "b", "label": "B"}, "three"]}}
