"""The package key of a package whose composer.json names no valid `extra.neos.package-key`, as Flow
derives it (Flow 9 `FlowPackageKey::derivePackageKey`, Flow 8 `PackageManager::derivePackageKey`): the
folder's name when it is a key (has a dot), else the first `autoload.psr-0` namespace, else the
composer name with `/` as `.` and only letters, digits and dots kept. A folder without composer.json
keeps its folder's name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.model.discovery import discover
from nodetype_studio.model.translations import project_translator
from tests.model.modelkit import write_files

EN = "Resources/Private/Translations/en"
CARD = "'Acme.Site:Card':\n  superTypes:\n    'Neos.Neos:Content': true\n  ui:\n    label: i18n\n"
INCLUDE = "Neos:\n  Neos:\n    userInterface:\n      translation:\n        autoInclude:\n          Acme.Site: ['NodeTypes/*']\n"
XLF = ('<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
       '<file source-language="en" datatype="plaintext"><body>'
       '<trans-unit id="ui.label"><source>Teaser card</source></trans-unit></body></file></xliff>')


@pytest.mark.parametrize(("folder", "composer", "key"), [
    ("Acme.Site", {"name": "acme/whatever", "type": "neos-site"}, "Acme.Site"),  # the folder's name first
    ("site", {"name": "acme/site", "type": "neos-site", "autoload": {"psr-0": {"Acme\\Site\\": "Classes"}}}, "Acme.Site"),
    ("site", {"name": "acme/site", "type": "neos-site", "autoload": {"psr-4": {"Acme\\Site\\": "Classes"}}}, "acme.site"),
    ("site", {"name": "acme/my-site", "type": "neos-site"}, "acme.mysite"),
    ("Acme.Site-2", {"name": "acme/site-two", "type": "neos-site"}, "acme.sitetwo"),  # (a dot, yet no key)
    ("site", {"name": "acme/site", "autoload": {"psr-0": {"Acme\\": "Classes"}}}, "acme.site"),  # (`Acme.` is no key)
    ("site", {"name": "acme/site", "type": "neos-site", "extra": {"neos": {"package-key": "Acme.Real"}}}, "Acme.Real"),
    ("site", {"name": "acme/site", "type": "neos-site", "extra": {"neos": {"package-key": "no key"}}}, "acme.site"),
])
def test_the_package_key_is_derived_as_flow_derives_it(tmp_path, folder, composer, key):
    write_files(tmp_path / "pkgs" / folder, {"composer.json": json.dumps(composer),
                                             "Configuration/NodeTypes.yaml": CARD})
    assert [p.name for p in discover(tmp_path / "pkgs").packages] == [key]


def test_without_composer_json_the_folder_names_the_package(tmp_path):
    write_files(tmp_path / "pkgs" / "site", {"Configuration/NodeTypes.yaml": CARD})
    assert [p.name for p in discover(tmp_path / "pkgs").packages] == ["site"]
    from nodetype_studio.model.discovery import derived_package_key

    assert derived_package_key({}, Path("site")) is None


def _site(tmp_path: Path) -> Path:
    """A distribution whose site package lies in a folder that is no package key."""
    composer = {"name": "acme/site", "type": "neos-site", "autoload": {"psr-0": {"Acme\\Site\\": "Classes"}}}
    write_files(tmp_path / "dist" / "DistributionPackages" / "site", {
        "composer.json": json.dumps(composer),
        "NodeTypes/Card.yaml": CARD,
        "Configuration/Settings.yaml": INCLUDE,
        f"{EN}/NodeTypes/Card.xlf": XLF,
    })
    return tmp_path / "dist"


def test_the_derived_key_names_the_package_and_finds_its_translations(tmp_path):
    project = load_project(_site(tmp_path), use_cache=False)
    assert "Acme.Site" in project.package_names
    assert project.node_types["Acme.Site:Card"].package == "Acme.Site"
    # the translation files of the package name their package by its key (Flow's XliffFileProvider)
    assert project_translator(project).lookup("Acme.Site:NodeTypes.Card:ui.label") == "Teaser card"
