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
