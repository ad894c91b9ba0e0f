"""8.3's PluginNodeTypePostprocessor (Neos.Neos, gone in 9.0): a plugin with `options.pluginViews` gets the
`views` property (PluginViewsEditor) and the `pluginViews` group; 9.x gives it neither."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.model import load_project

EDITOR = "Neos.Neos/Inspector/Editors/PluginViewsEditor"
FLICKR = """\
'Vendor.Site:Flickr':
  superTypes:
    'Neos.Neos:Plugin': true
  options:
    pluginViews:
      UserFeed:
        label: 'Vendor.Site:Main:userFeed'
        controllerActions:
          'Vendor\\Site\\Controller\\FlickrController': ['userStream']
  properties:
    tags:
      type: string
"""


def project(tmp_path, text: str, version: str):
    package = tmp_path / "Vendor.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "Configuration" / "NodeTypes.yaml").write_text(text, encoding="utf-8")
    (package / "composer.json").write_text(json.dumps(
        {"name": "vendor/site", "type": "neos-site", "require": {"neos/neos": "^8.3" if version == "8.3" else "^9.0"}}))
    return load_project(package, use_cache=False)


def test_83_plugin_with_views_gets_the_views_property_and_group(tmp_path):
    nt = project(tmp_path, FLICKR, "8.3").node_types["Vendor.Site:Flickr"]
    views = nt.effective["properties"]["views"]
    assert views["type"] == "string"
    assert views["ui"]["inspector"]["editor"] == EDITOR
    assert views["ui"]["inspector"]["group"] == "pluginViews"
    assert views["ui"]["inspector"]["position"] == "20"
    assert nt.effective["ui"]["inspector"]["groups"]["pluginViews"] == {"position": "9999", "label": "Plugin Views"}
    # the type's own property and the inherited group stay
    assert "tags" in nt.effective["properties"]
    assert "pluginSettings" in nt.effective["ui"]["inspector"]["groups"]
    # provenance names the post-processor
    assert nt.provenance(("properties", "views", "ui", "inspector", "editor")).layer == "plugin post-processor"
    assert nt.provenance(("ui", "inspector", "groups", "pluginViews", "label")).layer == "plugin post-processor"


def test_9_has_no_plugin_postprocessor(tmp_path):
    nt = project(tmp_path, FLICKR, "9").node_types["Vendor.Site:Flickr"]
    assert "views" not in (nt.effective.get("properties") or {})
    assert "pluginViews" not in nt.effective["ui"]["inspector"]["groups"]


@pytest.mark.parametrize("views", ["{}", "~", "'Feed'", "{One: ~}", "[Feed]"])
def test_83_no_views_or_views_the_cms_cannot_read_add_nothing(tmp_path, views):
    text = FLICKR.replace(FLICKR[FLICKR.index("    pluginViews:"):FLICKR.index("  properties:")],
                          f"    pluginViews: {views}\n")
    nt = project(tmp_path, text, "8.3").node_types["Vendor.Site:Flickr"]
    assert "views" not in nt.effective["properties"]
    assert "pluginViews" not in nt.effective["ui"]["inspector"]["groups"]


def test_83_a_list_of_views_counts_as_views(tmp_path):
    text = FLICKR.replace(FLICKR[FLICKR.index("    pluginViews:"):FLICKR.index("  properties:")],
                          "    pluginViews:\n      - {label: 'Feed'}\n")
    nt = project(tmp_path, text, "8.3").node_types["Vendor.Site:Flickr"]
    assert nt.effective["properties"]["views"]["ui"]["inspector"]["editor"] == EDITOR


def test_83_own_views_property_is_replaced_as_a_whole(tmp_path):
    text = FLICKR + "    views:\n      type: integer\n      ui:\n        label: 'Mine'\n"
    nt = project(tmp_path, text, "8.3").node_types["Vendor.Site:Flickr"]
    views = nt.effective["properties"]["views"]
    assert views["type"] == "string" and "label" not in views["ui"]


def test_83_types_outside_plugin_are_not_postprocessed(tmp_path):
    text = FLICKR.replace("'Neos.Neos:Plugin': true", "'Neos.Neos:Content': true")
    nt = project(tmp_path, text, "8.3").node_types["Vendor.Site:Flickr"]
    assert "views" not in nt.effective["properties"]
