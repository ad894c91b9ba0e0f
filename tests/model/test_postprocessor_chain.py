"""The post-processor chain as NodeType::initialize() runs it (8.3 ``Neos.ContentRepository/Classes/Domain/Model/
NodeType.php``, 9.x ``Neos.ContentRepository.Core/Classes/NodeType/NodeType.php``): ``buildFullConfiguration()``
keeps the merged configuration in ``$this->fullConfiguration`` and hands a copy to the post-processors, sorted with
Flow's PositionalArraySorter (a list as well as a map). NodeTypePresetPostprocessor reads the properties and child
nodes through ``$nodeType->getConfiguration()``, i.e. from that merged configuration, not from the copy the
post-processors before it changed, and writes each entry with a preset back over the copy."""

from __future__ import annotations

import json

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

PRESET_CLASS = "Neos\\Neos\\NodeTypePostprocessor\\NodeTypePresetPostprocessor"
EDITORS_CLASS = "Neos\\Neos\\NodeTypePostprocessor\\DefaultPropertyEditorPostprocessor"
TEXT_FIELD = "Neos.Neos/Inspector/Editors/TextFieldEditor"
SELECT_BOX = "Neos.Neos/Inspector/Editors/SelectBoxEditor"

SETTINGS = """\
Neos:
  Neos:
    nodeTypes:
      presets:
        properties:
          text:
            short:
              type: string
              ui:
                inspector:
                  editorOptions:
                    placeholder: 'Short text'
          choice:
            views:
              type: string
              ui:
                inspector:
                  group: 'general'
                  editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          ref:
            page:
              ui:
                label: 'Linked page'
"""


def project(tmp_path, text: str, version: str):
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "Configuration" / "NodeTypes.yaml").write_text(text, encoding="utf-8")
    (package / "Configuration" / "Settings.yaml").write_text(SETTINGS, encoding="utf-8")
    (package / "composer.json").write_text(json.dumps(
        {"name": "vendor/site", "type": "neos-site", "require": {"neos/neos": "^8.3" if version == "8.3" else "^9.0"}}))
    return load_project(package, use_cache=False)


# --- NodeTypePresetPostprocessor reads the configuration before post-processing ----------------------------

PRESETS_LAST = """\
'Vendor.Site:Text':
  superTypes:
    'Neos.Neos:Content': true
  postprocessors:
    'NodeTypePresetPostprocessor':
      position: 'after DefaultPropertyEditorPostprocessor'
  properties:
    title:
      options:
        preset: 'text.short'
      ui:
        inspector:
          group: 'general'
"""


def test_presets_moved_after_the_editor_postprocessor_leave_the_property_without_editor(tmp_path):
    # The editor post-processor runs first and skips `title` (no `type` yet); the preset post-processor then
    # writes the preset merged with the property as it was before post-processing: no editor (8.3 and 9.x)
    for version in ("8.3", "9"):
        nt = project(tmp_path / version, PRESETS_LAST, version).node_types["Vendor.Site:Text"]
        # (the creation dialog post-processor keeps its place after the preset one)
        assert nt.postprocessors == ["iconNames", "defaultEditors", "presets", "creationDialog"]
        title = nt.effective["properties"]["title"]
        assert title["type"] == "string"
        assert title["ui"]["inspector"] == {"editorOptions": {"placeholder": "Short text"}, "group": "general"}


def test_presets_in_their_usual_place_give_the_property_its_editor(tmp_path):
    text = PRESETS_LAST.replace("      position: 'after DefaultPropertyEditorPostprocessor'\n",
                                "      position: 'start'\n")
    for version in ("8.3", "9"):
        title = project(tmp_path / version, text, version).node_types["Vendor.Site:Text"].effective["properties"]["title"]
        assert title["ui"]["inspector"]["editor"] == TEXT_FIELD
        assert title["ui"]["inspector"]["editorOptions"]["placeholder"] == "Short text"


def test_83_plugin_views_property_with_a_preset_is_written_back_by_the_preset_postprocessor(tmp_path):
    # 8.3 sorts the plugin post-processor (no position) before the preset one: the plugin's `views` property is
    # then replaced by the preset merged with the type's own `views` as written
    text = """\
'Vendor.Site:Flickr':
  superTypes:
    'Neos.Neos:Plugin': true
  options:
    pluginViews:
      UserFeed:
        label: 'Vendor.Site:Main:userFeed'
  properties:
    views:
      options:
        preset: 'choice.views'
      ui:
        label: 'Mine'
"""
    nt = project(tmp_path, text, "8.3").node_types["Vendor.Site:Flickr"]
    assert nt.postprocessors[:2] == ["plugin", "presets"]
    views = nt.effective["properties"]["views"]
    assert views["ui"]["label"] == "Mine"
    assert views["ui"]["inspector"]["editor"] == SELECT_BOX
    assert views["ui"]["inspector"]["group"] == "general"
    # the group the plugin post-processor adds stays
    assert "pluginViews" in nt.effective["ui"]["inspector"]["groups"]
    # and the property is not lost: no `plugin-views-replaced` for it
    findings = [d for d in run_checks(nt._project) if d.code == "plugin-views-replaced"]
    assert [d.property_name for d in findings if d.node_type == "Vendor.Site:Flickr"] == []


def test_9_reference_property_gets_no_preset(tmp_path):
    # 9.x moves `type: reference(s)` properties into `references` when it builds the full configuration, before
    # the post-processors: the preset post-processor, which looks at `properties` only, never sees them
    text = """\
'Vendor.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    link:
      type: reference
      options:
        preset: 'ref.page'
      ui:
        inspector:
          group: 'general'
"""
    nt = project(tmp_path, text, "9").node_types["Vendor.Site:Teaser"]
    link = nt.effective["references"]["link"]
    assert "label" not in link["ui"]
    assert link["constraints"] == {"maxItems": 1}
    assert link["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/ReferenceEditor"
    # 8.3 has no `references`: the preset applies to the property
    nt = project(tmp_path / "83", text, "8.3").node_types["Vendor.Site:Teaser"]
    assert nt.effective["properties"]["link"]["ui"]["label"] == "Linked page"


# --- `postprocessors` written as a list ----------------------------------------------------------------------


def test_postprocessors_written_as_a_list_run_on_a_mixin(tmp_path):
    text = f"""\
'Vendor.Site:Mixin.Title':
  abstract: true
  postprocessors:
    - postprocessor: '{EDITORS_CLASS}'
      position: 'end'
    - postprocessor: '{PRESET_CLASS}'
      position: 'start'
  properties:
    title:
      options:
        preset: 'text.short'
      ui:
        inspector:
          group: 'general'
"""
    for version in ("8.3", "9"):
        nt = project(tmp_path / version, text, version).node_types["Vendor.Site:Mixin.Title"]
        assert nt.postprocessors == ["presets", "defaultEditors"]
        inspector = nt.effective["properties"]["title"]["ui"]["inspector"]
        assert inspector["editor"] == TEXT_FIELD
        assert inspector["editorOptions"]["placeholder"] == "Short text"
        # the studio's preview does not add editors of its own: the CMS gives them
        assert nt.preview_additions == frozenset()


def test_a_list_with_an_unknown_class_runs_the_known_ones(tmp_path):
    text = f"""\
'Vendor.Site:Mixin.Title':
  abstract: true
  postprocessors:
    - postprocessor: 'Vendor\\Site\\FillTitle'
    - postprocessor: '{EDITORS_CLASS}'
  properties:
    title:
      type: string
      ui:
        inspector:
          group: 'general'
"""
    nt = project(tmp_path, text, "8.3").node_types["Vendor.Site:Mixin.Title"]
    assert nt.postprocessors == [None, "defaultEditors"]
    assert nt.effective["properties"]["title"]["ui"]["inspector"]["editor"] == TEXT_FIELD


def test_a_list_sorts_with_the_positional_sorter_and_reports_its_problems(tmp_path):
    text = f"""\
'Vendor.Site:Mixin.Title':
  abstract: true
  postprocessors:
    - postprocessor: '{EDITORS_CLASS}'
      position: 'after 7'
"""
    p = project(tmp_path, text, "8.3")
    assert [d.code for d in p.diagnostics if d.node_type == "Vendor.Site:Mixin.Title"] == ["position-invalid"]
