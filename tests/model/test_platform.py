"""The platform prefix (`Cms` as the spec writes it, `Neos` as real files do), the baseline and legacy names."""

from __future__ import annotations

import pytest
from modelkit import codes, where

from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import load_project

PAGE = """
    'Acme.Site:Page':
      superTypes:
        '{prefix}.{prefix}:Document': true
      properties:
        teaser:
          type: string
          ui:
            label: Teaser
            inspector:
              group: document
    'Acme.Site:Text':
      superTypes:
        '{prefix}.{prefix}:Content': true
    """


TIMABLE = {"8.3": "{prefix}.{prefix}:Timable", "9": "Neos.TimeableNodeVisibility:Timeable"}


@pytest.mark.parametrize("version", ["8.3", "9"])
@pytest.mark.parametrize("prefix", ["Neos", "Cms"])
def test_each_prefix_gets_the_baseline_in_its_own_spelling(open_project, prefix, version):
    project = open_project({"NodeTypes/Page.yaml": PAGE.format(prefix=prefix)}, cms_version=version)
    p = f"{prefix}.{prefix}"
    other = "Cms" if prefix == "Neos" else "Neos"
    assert project.platform.prefix == prefix
    assert not project.diagnostics
    document = project.node_types[f"{p}:Document"]
    assert document.from_baseline and document.package is None and document.abstract
    assert not any(name.startswith(f"{other}.{other}:") for name in project.node_types)
    page = project.node_types["Acme.Site:Page"]
    assert page.ancestors == [f"{p}:Node", f"{p}:Hidable", TIMABLE[version].format(prefix=prefix), f"{p}:Document"]
    title = page.effective["properties"]["title"]
    assert title["type"] == "string"
    assert title["ui"]["label"] == f"{p}:NodeTypes.Document:properties.title"
    assert title["ui"]["inspector"]["editor"] == f"{p}/Inspector/Editors/TextFieldEditor"
    assert title["validation"] == {
        f"{p}/Validation/NotEmptyValidator": [],
        f"{p}/Validation/StringLengthValidator": {"minimum": 1, "maximum": 255},
    }
    assert page.effective["properties"]["uriPathSegment"]["ui"]["inspector"]["editor"] == \
        f"{p}/Inspector/Editors/UriPathSegmentEditor"
    assert page.effective["ui"]["inspector"]["groups"]["document"]["label"] == f"{p}:NodeTypes.Document:groups.document"
    assert set(page.effective["ui"]["inspector"]["tabs"]) == {"default", "meta"}
    text = project.node_types["Acme.Site:Text"]
    assert text.effective["ui"]["inspector"]["groups"]["type"] == {
        "label": f"{p}:NodeTypes.Content:groups.type", "position": 100, "tab": "meta",
        "icon": "fas fa-exchange-alt"}  # icon mapped by IconNameMappingPostprocessor (platform facts §6.6)
    assert text.effective["properties"]["_hidden"]["ui"]["inspector"]["editor"] == f"{p}/Inspector/Editors/BooleanEditor"


def test_baseline_types_are_not_listed_as_the_projects_own(open_project):
    project = open_project({"NodeTypes/Page.yaml": PAGE.format(prefix="Neos")})
    assert [nt.name for nt in project.project_node_types()] == ["Acme.Site:Page", "Acme.Site:Text"]
    assert {"Neos.Neos:Node", "Neos.Neos:Document", "Neos.Neos:Content", "Neos.Neos:ContentCollection",
            "Neos.Neos:Hidable", "Neos.Neos:Shortcut", "Neos.Neos:Plugin"} <= set(project.node_types)


def test_both_spellings_name_the_same_platform_type(open_project):
    project = open_project({"NodeTypes/Mixed.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
        'Acme.Site:Other':
          superTypes:
            'Cms.Cms:Document': true
        'Acme.Site:Third':
          superTypes:
            'Neos.Neos:Content': true
        """})
    assert project.platform.prefix == "Neos"
    assert project.node_types["Acme.Site:Other"].ancestors == project.node_types["Acme.Site:Page"].ancestors
    assert project.node_type("Cms.Cms:Document") is project.node_types["Neos.Neos:Document"]
    assert project.node_type("TYPO3.Neos:Document") is project.node_types["Neos.Neos:Document"]
    assert not codes(project, "supertype-unknown")


def test_legacy_typo3_supertype_resolves_with_a_compat_note(open_project):
    project = open_project({"NodeTypes/Old.yaml": """
        'Acme.Site:Old':
          superTypes:
            'TYPO3.Neos:Content': true
            'Neos.Neos:Hidable': true
        """})
    old = project.node_types["Acme.Site:Old"]
    assert old.declared_supertypes == ["Neos.Neos:Content", "Neos.Neos:Hidable"]
    assert old.is_of_type("Neos.Neos:Content")
    # the CMS looks the name up as written: no such type since Neos 3.0 renamed the namespace
    (finding,) = codes(project, "legacy-name")
    assert finding.severity == Severity.ERROR
    assert finding.message == (
        "Acme.Site:Old: supertype 'TYPO3.Neos:Content' does not exist in Neos 8.3 and 9.x (Neos 3.0 renamed "
        "the TYPO3.Neos namespace to Neos.Neos with one-off code migrations, and nothing maps the old names "
        "since), so the CMS fails to load the node types; the studio reads it as 'Neos.Neos:Content'. Write "
        "'Neos.Neos:Content'")
    assert where(finding) == ("Old.yaml", 3, 5)
    assert finding.node_type == "Acme.Site:Old"
    assert [d.code for d in project.diagnostics if d.severity != Severity.INFO] == ["legacy-name"]


def test_switching_off_a_legacy_named_supertype_is_a_warning(open_project):
    project = open_project({"NodeTypes/Off.yaml": """
        'Acme.Site:Off':
          superTypes:
            'Neos.Neos:Content': true
            'TYPO3.Neos:Hidable': false
        """})
    (finding,) = codes(project, "legacy-name")
    assert finding.severity == Severity.WARNING
    assert finding.message.startswith("Acme.Site:Off: switching off supertype 'TYPO3.Neos:Hidable' does not "
                                      "switch off 'Neos.Neos:Hidable' in Neos 8.3 and 9.x")
    assert where(finding) == ("Off.yaml", 4, 5)


def test_extending_a_legacy_named_platform_type(open_project):
    project = open_project({"NodeTypes/Ext.yaml": """
        'TYPO3.Neos:Document':
          properties:
            extra:
              type: string
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
        """})
    (finding,) = codes(project, "legacy-name")
    assert finding.severity == Severity.WARNING
    assert finding.message.startswith("'TYPO3.Neos:Document' is a node type of its own in Neos 8.3 and 9.x, not "
                                      "'Neos.Neos:Document'")
    assert finding.message.endswith("so this changes nothing of 'Neos.Neos:Document' there (the studio reads it "
                                    "as 'Neos.Neos:Document'). Write 'Neos.Neos:Document'")
    assert where(finding) == ("Ext.yaml", 1, 1)
    document = project.node_types["Neos.Neos:Document"]
    assert not document.from_baseline and document.package == "Acme.Site"
    props = project.node_types["Acme.Site:Page"].effective["properties"]
    assert {"title", "extra"} <= set(props)


def test_a_project_that_contains_the_platform_package_uses_its_own_definition(make_project):
    root = make_project({
        "Neos.Neos/NodeTypes/Document.yaml": """
            'Neos.Neos:Document':
              abstract: true
              aggregate: true
              properties:
                headline:
                  type: string
            """,
        "Acme.Site/composer.json": '{"name": "acme/site", "require": {"neos/neos": "*"}}',
        "Neos.Neos/composer.json": '{"name": "neos/neos"}',
        "Acme.Site/NodeTypes/Page.yaml": """
            'Acme.Site:Page':
              superTypes:
                'Neos.Neos:Document': true
            """,
    }, root="site")
    project = load_project(root, use_cache=False)
    assert project.package_names == ["Neos.Neos", "Acme.Site"]
    assert not project.uses_baseline
    document = project.node_types["Neos.Neos:Document"]
    assert not document.from_baseline and document.package == "Neos.Neos"
    assert [f.file.baseline for f in document.fragments] == [False]
    page = project.node_types["Acme.Site:Page"]
    assert page.ancestors == ["Neos.Neos:Document"]
    assert set(page.effective["properties"]) == {"headline"}
    assert "title" not in page.effective["properties"]


def test_cms_project_with_one_legacy_name_still_detects_cms(open_project):
    project = open_project({"NodeTypes/Cms.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Cms.Cms:Document': true
            'Cms.Cms:Timable': true
        'Acme.Site:Old':
          superTypes:
            'TYPO3.Neos:Content': true
        """}, cms_version="8.3")
    assert project.platform.prefix == "Cms"
    (finding,) = codes(project, "legacy-name")
    assert "the studio reads it as 'Cms.Cms:Content'" in finding.message
    props = project.node_types["Acme.Site:Page"].effective["properties"]
    assert props["_hiddenBeforeDateTime"]["ui"]["inspector"]["editorOptions"] == {
        "placeholder": "Cms.Cms:Main:content.inspector.editors.dateTimeEditor.noDateSet", "format": "d-m-Y H:i"}


def test_legacy_editor_validator_and_type_spellings_give_compat_notes_where_written(open_project):
    project = open_project({
        "NodeTypes/Mixin.yaml": """
            'Acme.Site:Mixin':
              properties:
                body:
                  type: string
                  ui:
                    inspector:
                      editor: 'Content/Inspector/Editors/TextAreaEditor'
                  validation:
                    'TYPO3.Neos/Validation/StringLengthValidator': {maximum: 10}
                    'Neos.Neos/Validation/NotEmptyValidator': {}
            """,
        "NodeTypes/Page.yaml": """
            'Acme.Site:Page':
              superTypes:
                'Acme.Site:Mixin': true
              properties:
                picture:
                  type: TYPO3\\Media\\Domain\\Model\\ImageInterface
                  ui:
                    inspector:
                      editor: 'TYPO3.Neos/Inspector/Editors/ImageEditor'
            """,
    })
    found = sorted((where(d), d.code, d.message) for d in project.diagnostics if d.code.startswith("compat-legacy-"))
    assert found == [
        (("Mixin.yaml", 7, 11), "compat-legacy-editor",
         "Acme.Site:Mixin: properties.body: editor 'Content/Inspector/Editors/TextAreaEditor' uses the legacy "
         "Content/Inspector/Editors spelling; it resolves to 'Neos.Neos/Inspector/Editors/TextAreaEditor'"),
        (("Mixin.yaml", 9, 9), "compat-legacy-validator",
         "Acme.Site:Mixin: properties.body: validator 'TYPO3.Neos/Validation/StringLengthValidator' uses the legacy "
         "TYPO3.Neos spelling; it resolves to 'Neos.Neos/Validation/StringLengthValidator'"),
        (("Page.yaml", 6, 7), "compat-legacy-type",
         "Acme.Site:Page: properties.picture: type 'TYPO3\\\\Media\\\\Domain\\\\Model\\\\ImageInterface' uses the legacy "
         "TYPO3\\Media spelling; it resolves to 'Neos\\\\Media\\\\Domain\\\\Model\\\\ImageInterface'"),
        (("Page.yaml", 9, 11), "compat-legacy-editor",
         "Acme.Site:Page: properties.picture: editor 'TYPO3.Neos/Inspector/Editors/ImageEditor' uses the legacy "
         "TYPO3.Neos spelling; it resolves to 'Neos.Neos/Inspector/Editors/ImageEditor'"),
    ]
    assert all(d.severity == Severity.INFO for d in project.diagnostics)
    # inherited by the page, still reported once, where it is written
    # the page does not inherit Neos.Neos:Node: the CMS gives it no editor defaults, the preview does
    picture = project.node_types["Acme.Site:Page"].preview["properties"]["picture"]
    assert picture["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/ImageEditor"
    assert picture["ui"]["inspector"]["editorOptions"]["features"]["crop"] is True
