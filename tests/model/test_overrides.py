"""load_project(path, overrides={file: text}): unsaved editor buffers stand in for files."""

from __future__ import annotations

from pathlib import Path

from nodetype_studio.model import load_project

FILES = {
    "NodeTypes/Content/A.yaml": "'Acme.Site:A':\n  ui: {label: A}\n",
    "NodeTypes/Document/B.yaml": "'Acme.Site:B':\n  superTypes: {'Acme.Site:A': true}\n",
    "NodeTypes/Z.yaml": "'Acme.Site:Z': {}\n",
    "Configuration/NodeTypes.yaml": "'Acme.Site:A':\n  ui: {icon: star}\n",
}


def files_of(project) -> list[str]:
    return [str(Path(f.path).relative_to(project.root)) for f in project.files if not f.baseline]


def test_an_override_replaces_the_file_text_and_inheritance_follows(make_project):
    root = make_project(FILES)
    text = "'Acme.Site:A':\n  ui: {label: Changed}\n  properties: {title: {type: string}}\n"
    project = load_project(root, overrides={root / "NodeTypes/Content/A.yaml": text})
    assert project.node_type("Acme.Site:A").label == "Changed"
    assert "title" in project.node_type("Acme.Site:B").properties
    # the file on disk is untouched and a plain load still reads it
    assert load_project(root, use_cache=False).node_type("Acme.Site:A").label == "A"


def test_positions_and_findings_come_from_the_override_text(make_project):
    root = make_project(FILES)
    text = "# moved down\n\n'Acme.Site:A':\n  ui: {label: [unclosed\n"
    project = load_project(root, overrides={str(root / "NodeTypes/Content/A.yaml"): text})
    syntax = [d for d in project.diagnostics if d.code == "yaml-syntax"]
    assert len(syntax) == 1 and syntax[0].file.endswith("A.yaml") and syntax[0].line >= 4
    fine = load_project(root, overrides={root / "NodeTypes/Content/A.yaml": "# one\n# two\n'Acme.Site:A': {}\n"})
    assert fine.node_type("Acme.Site:A").location_of_definition().line == 3


def test_projects_with_overrides_are_never_cached(make_project):
    root = make_project(FILES)
    plain = load_project(root)
    assert load_project(root) is plain
    empty = load_project(root, overrides={})
    assert empty is not plain and empty is not load_project(root, overrides={})
    assert load_project(root) is plain  # the cache still holds the disk version


def test_a_new_file_in_the_nodetypes_folder_joins_in_discovery_order(make_project):
    root = make_project(FILES)
    new = root / "NodeTypes/Content/Teaser.yaml"
    project = load_project(root, overrides={new: "'Acme.Site:Teaser':\n  superTypes: {'Acme.Site:A': true}\n"})
    # os.walk order: a folder's files before its subfolders
    assert files_of(project) == ["NodeTypes/Z.yaml", "NodeTypes/Content/A.yaml", "NodeTypes/Content/Teaser.yaml",
                                 "NodeTypes/Document/B.yaml", "Configuration/NodeTypes.yaml"]
    assert project.node_type("Acme.Site:Teaser").ancestors == ["Acme.Site:A"]
    assert not new.exists()
    # the order equals what discovery finds once the file is written
    new.write_text("'Acme.Site:Teaser': {}\n", encoding="utf-8")
    assert files_of(load_project(root, use_cache=False)) == files_of(project)


def test_new_files_in_new_folders_and_configuration(make_project):
    root = make_project(FILES)
    project = load_project(root, overrides={
        root / "NodeTypes/Mixin/Seo.yaml": "'Acme.Site:Seo': {abstract: true}\n",
        root / "Configuration/NodeTypes.Extra.yaml": "'Acme.Site:Extra': {}\n",
    })
    assert files_of(project) == ["NodeTypes/Z.yaml", "NodeTypes/Content/A.yaml", "NodeTypes/Document/B.yaml",
                                 "NodeTypes/Mixin/Seo.yaml", "Configuration/NodeTypes.yaml",
                                 "Configuration/NodeTypes.Extra.yaml"]
    assert project.node_type("Acme.Site:Seo").abstract


def test_overrides_outside_the_project_layout_are_ignored(make_project, tmp_path):
    root = make_project(FILES)
    project = load_project(root, overrides={
        tmp_path / "elsewhere.yaml": "'Acme.Site:X': {}\n",
        root / "Resources/NodeTypes.yaml": "'Acme.Site:Y': {}\n",
    })
    assert project.node_type("Acme.Site:X") is None and project.node_type("Acme.Site:Y") is None
    assert len(files_of(project)) == 4
