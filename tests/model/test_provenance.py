"""Where each value of a node type's effective configuration came from: file, line, column, layer, overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from nodetype_studio.bundled import resource
from nodetype_studio.model import load_project
from nodetype_studio.model.incremental import reresolve

FILES = {
    "Configuration/Settings.yaml": """
        Neos:
          Neos:
            nodeTypes:
              presets:
                properties:
                  limited:
                    type: string
                    ui:
                      inspector:
                        editorOptions:
                          maxlength: 80
            userInterface:
              inspector:
                editors:
                  'Neos.Neos/Inspector/Editors/LinkEditor':
                    editorOptions:
                      placeholder: Project link placeholder
        """,
    "NodeTypes/Mixin/Teaser.yaml": """
        'Acme.Site:Mixin.Teaser':
          abstract: true
          properties:
            teaserText:
              type: string
              ui:
                label: Teaser text
                inspector:
                  group: document
                  editorOptions:
                    placeholder: From the mixin
        """,
    "NodeTypes/Document/Page.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
            'Acme.Site:Mixin.Teaser': true
          properties:
            summary:
              options:
                preset: limited
              ui:
                inspector:
                  group: document
            published:
              type: DateTime
              ui:
                inspector:
                  group: document
            link:
              type: string
              ui:
                inspector:
                  editor: 'Neos.Neos/Inspector/Editors/LinkEditor'
        """,
    "Configuration/NodeTypes.Override.yaml": """
        'Acme.Site:Page':
          properties:
            teaserText:
              ui:
                label: Page teaser
        """,
}


@pytest.fixture
def page(open_project):
    project = open_project(FILES)
    return project.node_types["Acme.Site:Page"]


def at(location) -> tuple[str, int, int]:
    return Path(location.file).name, location.line, location.column


def test_value_from_a_supertype_file(page):
    prov = page.provenance(("properties", "teaserText", "ui", "inspector", "editorOptions", "placeholder"))
    assert prov.value == "From the mixin"
    assert prov.layer == "supertype Acme.Site:Mixin.Teaser"
    assert at(prov.location) == ("Teaser.yaml", 11, 13)
    assert prov.overridden == []
    assert page.locate(("properties", "teaserText", "ui", "inspector", "editorOptions", "placeholder")) == prov.location


def test_override_in_another_file_keeps_the_overridden_value_and_its_location(page):
    prov = page.provenance(("properties", "teaserText", "ui", "label"))
    assert prov.value == "Page teaser"
    assert prov.layer == "own"
    assert at(prov.location) == ("NodeTypes.Override.yaml", 5, 9)
    assert [(value, at(location), layer) for value, location, layer in prov.overridden] == [
        ("Teaser text", ("Teaser.yaml", 7, 9), "supertype Acme.Site:Mixin.Teaser"),
    ]


def test_value_from_a_preset(page):
    prov = page.provenance(("properties", "summary", "ui", "inspector", "editorOptions", "maxlength"))
    assert prov.value == 80
    assert prov.layer == "preset limited"
    assert at(prov.location) == ("Settings.yaml", 11, 19)
    kind = page.provenance(("properties", "summary", "type"))
    assert kind.value == "string" and kind.layer == "preset limited"
    assert at(kind.location) == ("Settings.yaml", 7, 13)
    # the property's own key is its own
    group = page.provenance(("properties", "summary", "ui", "inspector", "group"))
    assert group.layer == "own" and at(group.location) == ("Page.yaml", 11, 11)


# a project without composer files gets the 9.x baseline (model/version.py)
BASELINE_SETTINGS = resource("baseline", "9", "Neos.Neos", "Configuration", "Settings.yaml")
NO_DATE_SET = "Neos.Neos:Main:content.inspector.editors.dateTimeEditor.noDateSet"


def baseline_settings_line(text: str) -> int:
    lines = BASELINE_SETTINGS.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip() == text)


def test_value_from_an_editor_default_in_the_baseline_settings(page):
    prov = page.provenance(("properties", "published", "ui", "inspector", "editorOptions", "placeholder"))
    assert prov.value == NO_DATE_SET
    assert prov.layer == "editor default"
    assert Path(prov.location.file) == BASELINE_SETTINGS
    assert prov.location.line == baseline_settings_line(f"placeholder: '{NO_DATE_SET}'")


def test_value_from_the_data_type_default(page):
    prov = page.provenance(("properties", "published", "ui", "inspector", "editorOptions", "format"))
    assert prov.value == "d-m-Y"
    assert prov.layer == "data-type default"
    assert Path(prov.location.file) == BASELINE_SETTINGS
    assert prov.location.line == baseline_settings_line("format: 'd-m-Y'")
    editor = page.provenance(("properties", "published", "ui", "inspector", "editor"))
    assert editor.value == "Neos.Neos/Inspector/Editors/DateTimeEditor"
    assert editor.layer == "data-type default"


def test_project_settings_override_the_baseline_editor_default(page):
    prov = page.provenance(("properties", "link", "ui", "inspector", "editorOptions", "placeholder"))
    assert prov.value == "Project link placeholder"
    assert prov.layer == "editor default"
    assert at(prov.location) == ("Settings.yaml", 17, 15)
    assert [(value, layer) for value, _, layer in prov.overridden] == [
        ("Neos.Neos:Main:content.inspector.editors.linkEditor.search", "editor default")]
    assert Path(prov.overridden[0][1].file) == BASELINE_SETTINGS


def test_values_from_the_platform_baseline(page):
    prov = page.provenance(("properties", "title", "validation", "Neos.Neos/Validation/StringLengthValidator", "maximum"))
    assert prov.value == 255
    assert prov.layer == "platform baseline"
    document = resource("baseline", "9", "Neos.Neos", "NodeTypes", "Mixin", "Document.yaml")
    assert Path(prov.location.file) == document
    assert prov.location.line == next(i for i, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1)
                                      if line.strip() == "maximum: 255")
    aggregate = page.provenance(("aggregate",))
    assert aggregate.value is True and aggregate.layer == "platform baseline"


def test_own_value_set_in_the_nodetypes_folder(page):
    prov = page.provenance(("superTypes", "Acme.Site:Mixin.Teaser"))
    assert prov.value is True and prov.layer == "own"
    assert at(prov.location) == ("Page.yaml", 4, 5)


def test_explicit_editor_is_own_even_though_it_is_normalized(open_project):
    project = open_project({"NodeTypes/Legacy.yaml": """
        'Acme.Site:Legacy':
          superTypes: {'Neos.Neos:Content': true}
          properties:
            body:
              type: string
              ui:
                inspector:
                  editor: 'Content/Inspector/Editors/TextAreaEditor'
        """})
    nt = project.node_types["Acme.Site:Legacy"]
    prov = nt.provenance(("properties", "body", "ui", "inspector", "editor"))
    assert prov.value == "Neos.Neos/Inspector/Editors/TextAreaEditor"
    assert prov.layer == "own"
    assert at(prov.location) == ("Legacy.yaml", 8, 11)


def test_list_items_have_positions(open_project):
    project = open_project({"NodeTypes/Ref.yaml": """
        'Acme.Site:Ref':
          superTypes: {'Neos.Neos:Content': true}
          properties:
            related:
              type: references
              ui:
                inspector:
                  editorOptions:
                    nodeTypes:
                      - 'Acme.Site:Page'
                      - 'Acme.Site:Post'
        """})
    nt = project.node_types["Acme.Site:Ref"]
    # 9.x moves the property into `references`; its provenance is still where it is written
    second = nt.provenance(("references", "related", "ui", "inspector", "editorOptions", "nodeTypes", 1))
    assert second.value == "Acme.Site:Post" and second.layer == "own"
    assert at(second.location) == ("Ref.yaml", 11, 17)
    first = nt.provenance(("references", "related", "ui", "inspector", "editorOptions", "nodeTypes", 0))
    assert first.value == "Acme.Site:Page"
    assert [(value, layer) for value, _, layer in first.overridden] == [("Neos.Neos:Document", "editor default")]


def test_a_value_replaced_by_an_empty_map_has_no_stale_provenance(open_project):
    project = open_project({"NodeTypes/Blank.yaml": """
        'Acme.Site:Base':
          properties:
            foo:
              type: string
              ui: {label: Foo}
        'Acme.Site:Blank':
          superTypes: {'Acme.Site:Base': true}
          properties:
            foo: {}
        """})
    nt = project.node_types["Acme.Site:Blank"]
    prov = nt.provenance(("properties", "foo"))
    assert prov.value == {} and prov.layer == "own"
    assert at(prov.location) == ("Blank.yaml", 9, 5)
    assert nt.provenance(("properties", "foo", "type")).layer is None


def test_unknown_path(page):
    prov = page.provenance(("properties", "nope", "type"))
    assert prov.value is None and prov.location is None and prov.layer is None
    assert page.locate(("properties", "nope")) is None


def test_settings_layers_follow_the_settings_files_across_edits(make_project):
    """The Settings subtrees of presets and editor defaults, and the default layers made of them, are
    remembered per project: an edit of a NodeTypes file keeps them (the same Settings files), an edit of a
    Settings file loads anew."""
    root = make_project(FILES)
    project = load_project(root, overrides={})
    maxlength = ("properties", "summary", "ui", "inspector", "editorOptions", "maxlength")
    placeholder = ("properties", "link", "ui", "inspector", "editorOptions", "placeholder")
    assert at(project.node_types["Acme.Site:Page"].locate(maxlength)) == ("Settings.yaml", 11, 19)
    page_yaml = root / "NodeTypes/Document/Page.yaml"
    edited = reresolve(project, {}, {page_yaml: page_yaml.read_text(encoding="utf-8") + "\n# edited\n"})
    assert edited is not None
    assert all(edited._memo[memo] is project._memo[memo] for memo in ("settings_subtrees", "default_layers"))
    page = edited.node_types["Acme.Site:Page"]
    assert at(page.locate(maxlength)) == ("Settings.yaml", 11, 19)
    assert page.provenance(placeholder).value == "Project link placeholder"
    settings = root / "Configuration/Settings.yaml"
    text = settings.read_text(encoding="utf-8").replace("maxlength: 80", "maxlength: 90").replace(
        "Project link placeholder", "Another placeholder")
    after = {settings: "# moved down\n" + text}
    assert reresolve(edited, {}, after) is None  # a Settings file: a full load's job
    page = load_project(root, overrides=after).node_types["Acme.Site:Page"]
    assert page.provenance(maxlength).value == 90 and at(page.locate(maxlength)) == ("Settings.yaml", 12, 19)
    assert page.provenance(placeholder).value == "Another placeholder"
