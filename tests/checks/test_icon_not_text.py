"""An icon the CMS's IconNameMappingPostprocessor cannot read (`icon-not-text`): it hands `ui.icon` and the `icon`
of every inspector tab, group and view to `IconNameMappingService::convert(string $iconName)`. A list or map is a
TypeError in any PHP mode; 9.x's post-processor has strict types, so a number or boolean is one too. The node types
then fail to load. 8.3 reads a number or boolean as text. Only types that run the post-processor (below
`Neos.Neos:Node`) are judged."""

from __future__ import annotations

import json

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """\
'Vendor.Site:Mixin.Icon':
  abstract: true
  ui:
    icon: ['icon-star']
'Vendor.Site:Box':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Icon': true
'Vendor.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    icon: 42
    inspector:
      groups:
        extra:
          label: Extra
          icon: {name: star}
      tabs:
        more:
          icon: true
      views:
        info:
          icon: 'icon-info'
'Vendor.Site:Plain':
  ui:
    icon: [x]
"""


def _findings(tmp_path, neos: str):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES)
    (root / "composer.json").write_text(json.dumps({"name": "vendor/site", "type": "neos-package",
                                                    "require": {"neos/neos": neos}}))
    project = load_project(root, use_cache=False)
    return [d for d in run_checks(project) if d.code == "icon-not-text"]


def test_icons_9_cannot_map(tmp_path):
    found = _findings(tmp_path, "^9.0")
    assert [(d.line, d.severity.value) for d in found] == [(4, "error"), (13, "error"), (18, "error"), (21, "error")]
    assert found[0].message.startswith("`ui.icon` is a list, not text: Neos 9 fails to load the node types")
    assert "IconNameMappingService::convert()" in found[0].message
    assert found[1].message.startswith("`ui.icon` is the number 42, not text")
    assert found[2].message.startswith("the icon of group `extra` is a map, not text")
    assert found[3].message.startswith("the icon of tab `more` is true, not text")
    assert "a TypeError under strict types" in found[1].message


def test_83_takes_numbers_and_booleans_as_text(tmp_path):
    found = _findings(tmp_path, "^8.3")
    assert [(d.line, d.severity.value) for d in found] == [(4, "error"), (18, "error")]
    assert "Neos 8.3 fails to load the node types" in found[0].message


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_a_type_without_the_post_processor_is_not_judged(tmp_path, neos):
    assert all(d.node_type != "Vendor.Site:Plain" for d in _findings(tmp_path, neos))
