"""NodeTypeEditor on a real project (the lead's model): routing of edits to files, saving, undo."""

import shutil

import pytest
from edit_helpers import FIXTURES, reread

from nodetype_studio.editing import (
    EditError,
    FileChangedOnDisk,
    NodeTypeEditor,
    PathNotFound,
)
from nodetype_studio.model import load_project

PAGE = "Vendor.Site:Document.Page"
TEXT = "Vendor.Site:Content.Text"


@pytest.fixture
def project_dir(tmp_path):
    target = tmp_path / "project"
    shutil.copytree(FIXTURES / "project", target)
    return target


@pytest.fixture
def package(project_dir):
    return project_dir / "Vendor.Site"


def _editor(project_dir):
    return NodeTypeEditor(load_project(project_dir, use_cache=False))


def test_files_of_a_node_type_in_load_order(project_dir, package):
    editor = _editor(project_dir)
    page_file = package / "NodeTypes/Document/Page.yaml"
    override = package / "Configuration/NodeTypes.Override.yaml"
    assert editor.files_of(PAGE) == [page_file.resolve(), override.resolve()]
    assert editor.main_file(PAGE) == page_file.resolve()


def test_an_existing_key_is_edited_where_it_is_defined(project_dir, package):
    editor = _editor(project_dir)
    override = (package / "Configuration/NodeTypes.Override.yaml").resolve()
    page_file = (package / "NodeTypes/Document/Page.yaml").resolve()
    # only in the override file
    [edit] = editor.set(PAGE, "properties.tracking.ui.label", "Tracking code")
    assert edit.file == override
    # in both files: the override wins when the CMS merges, so it is edited there
    [edit] = editor.set(PAGE, "properties.layout.defaultValue", "narrow")
    assert edit.file == override and "'narrow'" in edit.new_text
    # only in the main definition
    [edit] = editor.set(PAGE, ("properties", "title", "ui", "label"), "Headline")
    assert edit.file == page_file
    assert editor.locate(PAGE, "properties.layout.defaultValue") == (override, 6)


def test_a_new_key_goes_to_the_file_of_its_parent_or_the_main_definition(project_dir, package):
    editor = _editor(project_dir)
    override = (package / "Configuration/NodeTypes.Override.yaml").resolve()
    page_file = (package / "NodeTypes/Document/Page.yaml").resolve()
    assert editor.set(PAGE, "properties.tracking.defaultValue", "")[0].file == override
    assert editor.set(PAGE, "properties.title.defaultValue", "")[0].file == page_file
    assert editor.set(PAGE, "properties.layout.ui.help.message", "Hi")[0].file == page_file
    assert editor.set(PAGE, "abstract", False)[0].file == page_file
    assert editor.set(PAGE, "options.x", 1, file=override)[0].file == override


def test_unset_and_rename_apply_to_every_defining_file(project_dir, package):
    editor = _editor(project_dir)
    edits = editor.rename_key(PAGE, "properties.layout", "pageLayout")
    assert len(edits) == 2
    edits = editor.unset(PAGE, "properties.pageLayout")
    assert len(edits) == 2
    editor.save_all()
    nt = load_project(project_dir, use_cache=False).node_type(PAGE)
    assert "pageLayout" not in nt.local["properties"] and "layout" not in nt.local["properties"]
    assert "      # wide by default since the relaunch" not in (package / "Configuration/NodeTypes.Override.yaml").read_text()


def test_saved_edits_are_what_the_model_reads_next_time(project_dir, package):
    editor = _editor(project_dir)
    editor.set(TEXT, "properties.text.ui.inlineEditable", False)
    editor.insert_key(TEXT, "properties", "title", {"type": "string"}, before="text")
    editor.append_item(TEXT, "properties.text.validation.list", "x")
    assert [doc.path.name for doc in editor.dirty_documents] == ["Text.yaml"]
    saved = editor.save_all()
    assert [p.name for p in saved] == ["Text.yaml"] and not editor.dirty
    nt = load_project(project_dir, use_cache=False).node_type(TEXT)
    assert list(nt.local["properties"]) == ["title", "text"]
    assert nt.local["properties"]["text"]["ui"]["inlineEditable"] is False


def test_platform_types_need_a_file_and_legacy_names_are_found(project_dir, package):
    editor = _editor(project_dir)
    override = (package / "Configuration/NodeTypes.Override.yaml").resolve()
    # declared in the project under its legacy name
    [edit] = editor.set("Neos.Neos:Document", "ui.group", "structure")
    assert edit.file == override
    assert reread(editor.document(override).text)["TYPO3.Neos:Document"]["ui"]["group"] == "structure"
    # a platform type the project never declares
    with pytest.raises(PathNotFound, match="platform baseline"):
        editor.set("Neos.Neos:Content", "ui.label", "X")
    [edit] = editor.set("Neos.Neos:Content", "ui.label", "X", file=override)
    assert "'Neos.Neos:Content':\n  ui:\n    label: 'X'" in editor.document(override).text


def test_add_and_remove_node_types(project_dir, package):
    editor = _editor(project_dir)
    new_file = package / "NodeTypes/Content/Quote.yaml"
    editor.add_node_type("Vendor.Site:Content.Quote", new_file,
                         {"superTypes": {"Neos.Neos:Content": True}, "ui": {"label": "Quote"}})
    with pytest.raises(EditError, match="already declared"):
        editor.add_node_type("Vendor.Site:Content.Quote", new_file)
    editor.set("Vendor.Site:Content.Quote", "ui.icon", "icon-quote")
    page_file = package / "NodeTypes/Document/Page.yaml"
    editor.add_node_type("Vendor.Site:Document.Blog", page_file, {"superTypes": {PAGE: True}})
    editor.save_all()
    # a new file has no style of its own yet: defaults (two spaces, plain where possible, quoted names)
    assert new_file.read_text() == ("'Vendor.Site:Content.Quote':\n  superTypes:\n    'Neos.Neos:Content': true\n"
                                    "  ui:\n    label: Quote\n    icon: icon-quote\n")
    project = load_project(project_dir, use_cache=False)
    assert project.node_type("Vendor.Site:Document.Blog").is_of_type(PAGE)
    editor = NodeTypeEditor(project)
    editor.remove_node_type("Vendor.Site:Document.Blog")
    editor.save_all()
    assert "Blog" not in page_file.read_text()


def test_files_changed_since_the_project_was_loaded_are_refused(project_dir, package):
    editor = _editor(project_dir)
    page_file = package / "NodeTypes/Document/Page.yaml"
    page_file.write_text(page_file.read_text().replace("'Page'", "'Seite'"))
    with pytest.raises(FileChangedOnDisk):
        editor.set(PAGE, "properties.title.ui.label", "X")
    editor = _editor(project_dir)
    editor.set(PAGE, "properties.title.ui.label", "X")
    page_file.write_text("changed: again\n")
    with pytest.raises(FileChangedOnDisk):
        editor.save_all()
    assert page_file.read_text() == "changed: again\n"
    editor.save_all(force=True)
    assert "label: 'X'" in page_file.read_text()


def test_undo_and_redo_through_the_editor(project_dir):
    editor = _editor(project_dir)
    [edit] = editor.set(PAGE, "ui.label", "Home")
    doc = editor.document(edit.file)
    editor.apply(edit.inverse())
    assert not doc.dirty
    editor.apply(edit)
    assert "label: 'Home'" in doc.text


def test_unknown_node_types_and_paths(project_dir):
    editor = _editor(project_dir)
    with pytest.raises(PathNotFound, match="not defined"):
        editor.set("Vendor.Site:Nope", "ui.label", "x")
    with pytest.raises(PathNotFound, match="not set"):
        editor.unset(PAGE, "properties.nope")
    with pytest.raises(EditError):
        editor.set(PAGE, "", 1)


def test_a_rename_one_of_the_files_refuses_changes_none_of_them(project_dir, package):
    override = package / "Configuration/NodeTypes.Override.yaml"
    override.write_text(override.read_text().replace("    tracking:\n", "    pageLayout:\n      type: string\n    tracking:\n"))
    editor = _editor(project_dir)
    files = editor.files_of(PAGE)
    texts = {path: editor.document(path).text for path in files}
    with pytest.raises(EditError, match="already exists"):
        editor.rename_key(PAGE, "properties.layout", "pageLayout")
    assert {path: editor.document(path).text for path in files} == texts
    assert not editor.dirty
