"""Which folders are Flow packages, and in which order Flow reads their Settings (FLOW
`Neos.Flow/Classes/Configuration/Loader/SettingsLoader.php`, `Neos.Flow/Classes/Package/PackageManager.php`)."""

from __future__ import annotations

import json

from nodetype_studio.model import load_project
from nodetype_studio.model.discovery import discover
from tests.model.modelkit import write_files


def test_the_flow_packages_settings_load_before_every_other_packages(tmp_path):
    """Flow's SettingsLoader moves Neos.Flow first (Settings only): a package that sorts before it by
    name, and that nothing orders after it, still overrides its settings; NodeTypes keep the package order."""
    root = tmp_path / "dist"
    write_files(root / "Packages" / "Framework" / "Neos.Flow", {
        "composer.json": json.dumps({"name": "neos/flow", "type": "neos-framework"}),
        "Configuration/Settings.yaml": "Acme:\n  Tools:\n    who: flow\n    flowOnly: true\n",
        "Configuration/Development/Settings.yaml": "Acme:\n  Tools:\n    level: flow\n",
    })
    write_files(root / "DistributionPackages" / "Acme.Aaa", {
        "composer.json": json.dumps({"name": "acme/aaa", "type": "neos-package"}),
        "Configuration/Settings.yaml": "Acme:\n  Tools:\n    who: aaa\n",
        "Configuration/Development/Settings.yaml": "Acme:\n  Tools:\n    level: aaa\n",
    })
    found = discover(root)
    assert [p.name for p in found.packages[:2]] == ["Acme.Aaa", "Neos.Flow"]  # (the package order itself)
    settings = [p.relative_to(root).as_posix() for _pkg, kind, p in found.load_order() if kind == "settings"]
    assert settings == ["Packages/Framework/Neos.Flow/Configuration/Settings.yaml",
                        "DistributionPackages/Acme.Aaa/Configuration/Settings.yaml",
                        "Packages/Framework/Neos.Flow/Configuration/Development/Settings.yaml",
                        "DistributionPackages/Acme.Aaa/Configuration/Development/Settings.yaml"]
    tools = load_project(root, use_cache=False).settings["Acme"]["Tools"]
    assert tools == {"who": "aaa", "flowOnly": True, "level": "aaa"}


def _distribution(tmp_path):
    root = tmp_path / "dist"
    write_files(root, {
        "DistributionPackages/Acme.Site/composer.json": json.dumps({"name": "acme/site", "type": "neos-site"}),
        "DistributionPackages/Acme.Site/Configuration/NodeTypes.yaml": "'Acme.Site:Page': {}\n",
        # composer's libraries: vendor folders hold the packages, which are no Flow packages
        "Packages/Libraries/guzzlehttp/guzzle/composer.json": json.dumps({"name": "guzzlehttp/guzzle", "type": "library"}),
        "Packages/Libraries/guzzlehttp/psr7/composer.json": json.dumps({"name": "guzzlehttp/psr7"}),
        "Packages/Libraries/symfony/yaml/composer.json": json.dumps({"name": "symfony/yaml", "type": "library"}),
        # a collection's packages lie one level further down
        "Packages/Framework/neos-collection/composer.json": json.dumps(
            {"name": "acme/collection", "type": "neos-package-collection"}),
        "Packages/Framework/neos-collection/Acme.Base/composer.json": json.dumps(
            {"name": "acme/base", "type": "neos-package"}),
        "Packages/Framework/neos-collection/Acme.Base/Configuration/NodeTypes.yaml": "'Acme.Base:Mixin': {abstract: true}\n",
        "Packages/Framework/neos-collection/Acme.Tools/composer.json": json.dumps(
            {"name": "acme/tools", "type": "neos-package"}),
    })
    return root


def test_library_vendor_folders_are_no_packages_and_collections_are_searched(tmp_path):
    found = discover(_distribution(tmp_path))
    assert [p.name for p in found.packages] == ["Acme.Base", "Acme.Site", "Acme.Tools", "(global configuration)"]
    assert not [d for d in found.diagnostics if d.severity.value != "info"]
    project = load_project(tmp_path / "dist", use_cache=False)
    assert {"Acme.Base:Mixin", "Acme.Site:Page"} <= set(project.node_types)


def test_a_collection_opened_as_a_folder_is_searched_too(tmp_path):
    collection = _distribution(tmp_path) / "Packages" / "Framework" / "neos-collection"
    found = discover(collection)
    assert found.kind == "folder"
    assert [p.name for p in found.packages] == ["Acme.Base", "Acme.Tools"]


def test_a_package_folder_without_composer_json_is_still_read(tmp_path):
    """(A checkout may leave composer.json out: a folder with NodeTypes files stays a package.)"""
    root = _distribution(tmp_path)
    write_files(root, {"Packages/Application/Acme.Loose/Configuration/NodeTypes.yaml": "'Acme.Loose:T': {}\n"})
    assert "Acme.Loose" in [p.name for p in discover(root).packages]
