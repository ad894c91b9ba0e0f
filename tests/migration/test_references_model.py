"""The `references:` section in the Qt-free parts: the inspector layout (9.x: Reference/References editors by
`maxItems`, after the properties of a group; 8.3: ignored), i18n ids `references.<name>`, `show`."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.cli import main
from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource, build_layout, item_configs

TEXT = """\
'Vendor.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    title:
      type: string
      ui:
        label: Title
        inspector:
          group: default
          position: 10
  references:
    target:
      ui:
        label: i18n
        inspector:
          group: default
          position: 5
          editorOptions:
            nodeTypes: ['Neos.Neos:Shortcut']
      constraints:
        maxItems: 1
    related:
      ui:
        label: Related
        inspector:
          group: default
"""


def _project(tmp_path, version):
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "NodeTypes.yaml").write_text(TEXT)
    return load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version=version)


def test_layout_under_9_shows_references_with_their_editors(tmp_path):
    project = _project(tmp_path, "9")
    nt = project.node_type("Vendor.Site:Teaser")
    layout = build_layout(InspectorSource.from_model(nt, project))
    target, related = layout.references["target"], layout.references["related"]
    assert (target.type, target.editor.rsplit("/", 1)[-1]) == ("reference", "ReferenceEditor")
    assert (related.type, related.editor.rsplit("/", 1)[-1]) == ("references", "ReferencesEditor")
    assert target.options["nodeTypes"] == ["Neos.Neos:Shortcut"]
    group = next(g for t in layout.tabs for g in t.groups if g.id == "default")
    names = [i.name for i in group.items]
    # properties, then references, sorted together by position; no position: the list index (2) is used
    assert names == ["related", "target", "title"]
    assert "target" not in layout.visible_properties and layout.visible_references == ["related", "target"]
    assert target.label == "Vendor.Site:NodeTypes.Teaser:references.target"  # the i18n id, untranslated
    assert item_configs(nt.effective)["related"]["type"] == "references"


def test_layout_under_8_3_ignores_the_section(tmp_path):
    project = _project(tmp_path, "8.3")
    nt = project.node_type("Vendor.Site:Teaser")
    layout = build_layout(InspectorSource.from_model(nt, project))
    assert layout.references == {}
    assert "target" not in item_configs(nt.effective, "8.3")


def test_show_prints_the_section_with_provenance(tmp_path, capsys):
    _project(tmp_path, "9")
    assert main(["show", str(tmp_path / "Vendor.Site"), "Vendor.Site:Teaser", "--json", "--provenance"]) == 0
    shown = json.loads(capsys.readouterr().out)
    text = json.dumps(shown)
    assert "references" in text and "Vendor.Site:NodeTypes.Teaser:references.target" in text
    assert "NodeTypes.yaml:22" in text  # `maxItems: 1` is located in its file


@pytest.mark.corpus
def test_corpus_carousel_shows_its_case_studies_reference(corpus):
    """The issue's example: `Neos.NeosIo:CaseStudyCarousel`'s "Case studies" reference was in neither
    the definition editor nor the preview."""
    folder = corpus / "neos__Neos.NeosIo"
    if not folder.is_dir():
        pytest.skip("neos__Neos.NeosIo is not in this corpus")
    project = load_project(folder, cms_version="9")
    nt = project.node_type("Neos.NeosIo.CaseStudies:Content.CaseStudyCarousel")
    layout = build_layout(InspectorSource.from_model(nt, project))
    item = layout.references["items"]
    assert (item.label, item.editor.rsplit("/", 1)[-1], item.type) == ("Case studies", "ReferencesEditor", "references")
    assert "items" in layout.visible_references
