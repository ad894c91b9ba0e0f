"""Flow mappings, quoted keys, multi-line strings, CRLF, missing final newline, BOM and the file's own style."""

import pytest
from edit_helpers import changes, copy_fixture, load, reread

from nodetype_studio.editing import YamlDocument

TEASER = "Vendor.Site:Content.Teaser"
TEXT = "Vendor.Site:Content.Text"
QUOTE = "Vendor.Site:Content.Quote"


# -- flow mappings ---------------------------------------------------------------------------------------

def test_flow_mapping_value_is_edited_in_place(tmp_path):
    doc = load("flow.yaml", tmp_path)
    old = doc.text
    doc.set((TEASER, "ui", "label"), "B")
    assert changes(old, doc.text) == (["  ui: {label: 'A', icon: 'x', position: 10}"],
                                      ["  ui: {label: 'B', icon: 'x', position: 10}"])
    doc.set((TEASER, "ui", "icon"), "it's")
    assert "  ui: {label: 'B', icon: 'it''s', position: 10}" in doc.text
    assert reread(doc.text)[TEASER]["ui"]["icon"] == "it's"


def test_flow_mapping_insert_remove_move(tmp_path):
    doc = load("flow.yaml", tmp_path)
    doc.insert_key((TEASER, "ui"), "group", "general", after="label")
    assert "  ui: {label: 'A', group: 'general', icon: 'x', position: 10}" in doc.text  # the file quotes most strings
    doc.unset((TEASER, "ui", "icon"))
    assert "  ui: {label: 'A', group: 'general', position: 10}" in doc.text
    doc.unset((TEASER, "ui", "position"))
    assert "  ui: {label: 'A', group: 'general'}" in doc.text
    doc.move_key((TEASER, "ui", "label"), after="group")
    assert "  ui: {group: 'general', label: 'A'}" in doc.text
    doc.unset((TEASER, "ui", "group"))
    doc.unset((TEASER, "ui", "label"))
    assert "  ui: {}" in doc.text
    assert reread(doc.text)[TEASER]["ui"] == {}


def test_nested_padded_flow_mapping_keeps_its_spacing(tmp_path):
    doc = load("flow.yaml", tmp_path)
    path = (TEASER, "properties", "variant", "ui", "inspector", "editorOptions", "values", "small", "label")
    doc.set(path, "S")
    assert "values: { small: { label: 'S' }, large: { label: 'Large' } }" in doc.text


def test_flow_lists_and_empty_collections(tmp_path):
    doc = load("flow.yaml", tmp_path)
    tags = (TEASER, "properties", "tags", "defaultValue")
    doc.append_item(tags, "x y")
    # a new string item is quoted like the list's last string item
    assert "defaultValue: [news, 'events', 42, 'x y']" in doc.text
    doc.remove_item(tags, 1)
    assert "defaultValue: [news, 42, 'x y']" in doc.text
    doc.set((TEASER, "properties", "empty", "a"), 1)
    assert "    empty:\n      a: 1\n    emptyList: []\n" in doc.text  # the first key makes an empty {} a block
    doc.append_item((TEASER, "properties", "emptyList"), "a")
    assert "    emptyList: ['a']" in doc.text
    assert reread(doc.text)[TEASER]["properties"]["tags"]["defaultValue"] == ["news", 42, "x y"]


def test_multi_line_flow_mapping_gets_a_new_line(tmp_path):
    doc = load("flow.yaml", tmp_path)
    doc.insert_key((TEASER, "properties", "spread"), "three", 3)
    assert "    spread: {\n      one: 1,\n      two: 2,\n      three: 3\n    }" in doc.text


def test_values_inside_flow_are_quoted_when_flow_needs_it(tmp_path):
    doc = load("flow.yaml", tmp_path)
    doc.set((TEASER, "ui", "label"), "a, b")
    doc.set((TEASER, "ui", "icon"), "x: y")
    assert reread(doc.text)[TEASER]["ui"] == {"label": "a, b", "icon": "x: y", "position": 10}


# -- quoted keys -----------------------------------------------------------------------------------------

def test_quoted_keys_are_found_renamed_and_written_quoted(tmp_path):
    doc = load("flow.yaml", tmp_path)
    doc.rename_key((TEASER, "superTypes", "Vendor.Site:Mixin.Link"), "Vendor.Site:Mixin.Url")
    assert "superTypes: {'Neos.Neos:Content': true, 'Vendor.Site:Mixin.Url': true}" in doc.text
    doc.set((TEASER, "superTypes", "Neos.Neos:Content"), False)
    assert "superTypes: {'Neos.Neos:Content': false," in doc.text
    doc.insert_key((TEASER,), "constraints", {"nodeTypes": {"Neos.Neos:Content": True}})
    assert "  constraints:\n    nodeTypes:\n      'Neos.Neos:Content': true" in doc.text


def test_double_quoted_keys_stay_double_quoted(tmp_path):
    doc = load("style4.yaml", tmp_path)
    doc.rename_key((QUOTE, "superTypes", "Neos.Neos:Content"), "Neos.Neos:Document")
    assert '        "Neos.Neos:Document": TRUE' in doc.text


def test_key_path_segment_with_dots(tmp_path):
    doc = load("style4.yaml", tmp_path)
    path = (QUOTE, "properties", "quote", "validation", "Neos.Neos/Validation/NotEmptyValidator")
    doc.set(path, {"x": 1})
    assert '"Neos.Neos/Validation/NotEmptyValidator":\n                    x: 1\n' in doc.text  # block, 4 columns
    assert doc.line_of(path) == 11


# -- multi-line strings ----------------------------------------------------------------------------------

def test_literal_block_is_rewritten_as_a_literal_block(tmp_path):
    doc = load("multiline.yaml", tmp_path)
    old = doc.text
    doc.set((TEXT, "ui", "help", "message"), "One\nTwo\n")
    removed, added = changes(old, doc.text)
    assert added == ["        One", "        Two"]
    assert len(removed) == 2
    assert "      message: |\n        One\n        Two\n      note: >" in doc.text


def test_folded_block_stays_folded_and_long_lines_are_not_wrapped(tmp_path):
    doc = load("multiline.yaml", tmp_path)
    long_line = [line for line in doc.text.split("\n") if "never be wrapped" in line][0]
    doc.set((TEXT, "ui", "help", "note"), "Folded again and it is a very long line that goes on and on" * 4 + "\n")
    assert "      note: >\n        Folded again" in doc.text
    assert long_line in doc.text
    assert reread(doc.text)[TEXT]["ui"]["help"]["note"].startswith("Folded again")
    assert max(len(line) for line in doc.text.split("\n")) > 200


def test_strip_chomped_block_and_new_multi_line_values(tmp_path):
    doc = load("multiline.yaml", tmp_path)
    doc.set((TEXT, "properties", "text", "defaultValue"), "a\nb")
    assert "      defaultValue: |-\n        a\n        b\n      ui:" in doc.text
    doc.set((TEXT, "ui", "label"), "line1\nline2\n")
    assert "    label: |\n      line1\n      line2\n    help:" in doc.text
    data = reread(doc.text)[TEXT]
    assert data["properties"]["text"]["defaultValue"] == "a\nb"
    assert data["ui"]["label"] == "line1\nline2\n"


def test_block_scalar_replaced_by_a_short_value(tmp_path):
    doc = load("multiline.yaml", tmp_path)
    doc.set((TEXT, "ui", "help", "message"), "Short")
    assert "      message: |-\n        Short\n" in doc.text
    doc.set((TEXT, "ui", "description"), "short")
    assert "    description: short\n" in doc.text


def test_removing_a_block_scalar_removes_all_its_lines(tmp_path):
    doc = load("multiline.yaml", tmp_path)
    old = doc.text
    doc.unset((TEXT, "ui", "help", "message"))
    removed, added = changes(old, doc.text)
    assert added == [] and len(removed) == 3


# -- line endings, final newline, BOM --------------------------------------------------------------------

def test_crlf_file_stays_crlf(tmp_path):
    path = copy_fixture("comments.yaml", tmp_path, crlf=True)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    doc.save()
    assert path.read_bytes() == raw
    page = "Vendor.Site:Document.Page"
    doc.set((page, "ui", "label"), "Home")
    doc.insert_key((page, "properties"), "intro", {"type": "string", "ui": {"label": "Intro"}}, after="title")
    doc.append_item((page, "tags"), "x")
    doc.unset((page, "properties", "layout"))
    assert "\n" not in doc.text.replace("\r\n", "")
    doc.save()
    saved = path.read_bytes().decode("utf-8")
    old_lines = raw.decode("utf-8").split("\r\n")
    new_lines = saved.split("\r\n")
    assert "    label: 'Home'      # shown in the create dialog" in new_lines
    assert "    intro:" in new_lines and "        label: 'Intro'" in new_lines
    assert len(new_lines) == len(old_lines) - 4 + 4 + 2
    data = reread(saved)[page]
    assert data["properties"]["intro"] == {"type": "string", "ui": {"label": "Intro"}}
    assert data["tags"] == ["x"]


def test_file_without_final_newline_keeps_it_missing(tmp_path):
    path = copy_fixture("comments.yaml", tmp_path, final_newline=False)
    doc = YamlDocument.load(path)
    assert not doc.style.final_newline
    folder = "Vendor.Site:Document.Folder"
    doc.insert_key((folder, "ui"), "icon", "icon-folder")
    assert doc.text.endswith("    icon: 'icon-folder'\n# last line of the file is a comment")
    doc.unset((folder, "ui", "icon"))
    doc.insert_key((), "Vendor.Site:Last", {"abstract": True})
    # the footer comment (not indented under the last node type) stays the last line
    assert doc.text.endswith("    label: 'Folder'\n\n'Vendor.Site:Last':\n  abstract: true\n# last line of the file is a comment")
    doc.unset(("Vendor.Site:Last",))
    assert doc.text.endswith("    label: 'Folder'\n\n# last line of the file is a comment")
    doc.save()
    assert not path.read_bytes().endswith(b"\n")


def test_no_final_newline_and_a_block_scalar_at_the_end(tmp_path):
    path = tmp_path / "end.yaml"
    path.write_bytes(b"a:\n  msg: |\n    Hello\n    World")
    doc = YamlDocument.load(path)
    assert doc.get(("a", "msg")) == "Hello\nWorld"
    doc.insert_key(("a",), "next", 1)
    assert doc.text == "a:\n  msg: |-\n    Hello\n    World\n  next: 1"
    assert reread(doc.text)["a"]["msg"] == "Hello\nWorld"
    doc.set(("a", "next"), "two\nlines\n")
    assert reread(doc.text)["a"]["next"] == "two\nlines\n"
    assert not doc.text.endswith("\n")


def test_bom_is_kept(tmp_path):
    path = copy_fixture("flow.yaml", tmp_path, bom=True)
    raw = path.read_bytes()
    doc = YamlDocument.load(path)
    assert not doc.text.startswith("\ufeff")
    doc.save()
    assert path.read_bytes() == raw
    doc.set((TEASER, "ui", "position"), 20)
    doc.save()
    saved = path.read_bytes()
    assert saved.startswith(b"\xef\xbb\xbf") and b"position: 20}" in saved


# -- the file's own style ----------------------------------------------------------------------------------

def test_new_structures_follow_indentation_quotes_and_sequence_style(tmp_path):
    doc = load("style4.yaml", tmp_path)
    old = doc.text
    doc.set((QUOTE, "properties", "author"), {"type": "string", "ui": {"label": "Author", "showInCreationDialog": True}})
    doc.set((QUOTE, "options", "more"), ["a", {"b": None}])
    removed, added = changes(old, doc.text)
    assert removed == []
    assert added == [
        "        author:",
        '            type: "string"',
        "            ui:",
        '                label: "Author"',
        "                showInCreationDialog: TRUE",
        "        more:",
        '        - "a"',
        "        - b: ~",
    ]


def test_growing_a_list_appends_only_the_new_item(tmp_path):
    doc = load("style4.yaml", tmp_path)
    old = doc.text
    doc.set((QUOTE, "options", "tags"), ["one", "two", "three"])
    assert changes(old, doc.text) == ([], ["        - three"])
    doc.set((QUOTE, "options", "tags"), ["one"])
    assert "        tags:\n        - one\n" in doc.text and "- two" not in doc.text


@pytest.mark.parametrize("value, text", [
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("true", "'true'"), ("TRUE", "'TRUE'"), ("null", "'null'"),
    ("~", "'~'"), ("", "''"), ("123", "'123'"), ("1.5", "'1.5'"), ("0x1A", "'0x1A'"), ("2024-01-31", "'2024-01-31'"),
    ("@service", "'@service'"), ("%param%", "'%param%'"), ("a: b", "'a: b'"), ("# not a comment", "'# not a comment'"),
    ("- item", "'- item'"), ("it's", "it's"), ("tab\there", '"tab\\there"'), ("Neos.Neos:Content", "Neos.Neos:Content"),
    (True, "true"), (False, "false"), (None, "null"), (42, "42"), (-7, "-7"), (2.5, "2.5"), (3.0, "3.0"),
])
def test_scalars_are_written_so_symfony_reads_them_back(tmp_path, value, text):
    path = tmp_path / "s.yaml"
    path.write_text("a:\n  type: string\n  v: old\n")
    doc = YamlDocument.load(path)
    doc.set(("a", "v"), value)
    assert doc.text == f"a:\n  type: string\n  v: {text}\n"
    read = reread(doc.text)["a"]["v"]
    assert read == value and type(read) is type(value)


@pytest.mark.parametrize("value, text", [
    ("012", "'012'"), ("0777", "'0777'"), ("00", "'00'"), ("0b1", "'0b1'"), ("+.inf", "'+.inf'"), ("=", "'='"),
    ("<<", "'<<'"), ("007x", "007x"), ("-", "'-'"), ("0_1", "'0_1'"),
])
def test_strings_other_yaml_readers_take_for_numbers_are_quoted(tmp_path, value, text):
    import io

    from ruamel.yaml import YAML

    path = tmp_path / "s.yaml"
    path.write_text("a:\n  type: string\n  v: old\n")
    doc = YamlDocument.load(path)
    doc.set(("a", "v"), value)
    doc.insert_key(("a",), value, "key")
    assert doc.text == f"a:\n  type: string\n  v: {text}\n  {text}: key\n"
    doc.save()
    expected = {"type": "string", "v": value, value: "key"}
    assert reread(path.read_text())["a"] == expected
    assert YAML(typ="safe", pure=True).load(io.StringIO(path.read_text()))["a"] == expected


def test_a_file_that_declares_yaml_1_1_gets_yes_on_and_sexagesimals_quoted(tmp_path):
    import io

    from ruamel.yaml import YAML

    path = tmp_path / "NodeTypes.Old.yaml"
    path.write_bytes(b"# old file\n%YAML 1.1\n---\nA:\n  ui:\n    label: x\n...\n")
    doc = YamlDocument.load(path)
    doc.set(("A", "ui", "label"), "yes")
    doc.insert_key(("A", "ui"), "on", "12:30")
    doc.set(("A", "ui", "list"), ["y", "n"])
    assert doc.text == ("# old file\n%YAML 1.1\n---\nA:\n  ui:\n    label: 'yes'\n    'on': '12:30'\n    list:\n"
                        "      - 'y'\n      - 'n'\n...\n")
    doc.save()
    expected = {"A": {"ui": {"label": "yes", "on": "12:30", "list": ["y", "n"]}}}
    assert YAML(typ="safe", pure=True).load(io.StringIO(path.read_text())) == expected
    assert reread(path.read_text()) == expected
    plain = YamlDocument.from_text("A:\n  ui:\n    label: x\n")
    plain.set(("A", "ui", "label"), "yes")  # no directive: the CMS and YAML 1.2 both read a plain yes as a string
    assert plain.text == "A:\n  ui:\n    label: yes\n"


def test_a_flow_mapping_key_written_without_a_colon_gets_a_value(tmp_path):
    path = tmp_path / "NodeTypes.Flow.yaml"
    path.write_text("A:\n  superTypes: {'Neos.Neos:Content', 'Vendor.Site:Mixin': true}\n", encoding="utf-8")
    doc = YamlDocument.load(path)
    assert doc.get(("A", "superTypes", "Neos.Neos:Content")) is None
    doc.set(("A", "superTypes", "Neos.Neos:Content"), True)
    assert doc.text == "A:\n  superTypes: {'Neos.Neos:Content': true, 'Vendor.Site:Mixin': true}\n"
    doc.save()
    assert reread(path.read_text())["A"]["superTypes"] == {"Neos.Neos:Content": True, "Vendor.Site:Mixin": True}
