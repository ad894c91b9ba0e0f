"""A one-package project written into a test's folder: `Acme.Site` with its NodeTypes, optional Settings
and a composer.json requiring the CMS version the test needs."""

from __future__ import annotations

import json
from pathlib import Path


def write_site_package(folder: Path, types: str, *, settings: str | None = None, neos: str = "^9.0") -> Path:
    root = folder / "Acme.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(types)
    if settings is not None:
        (root / "Configuration" / "Settings.yaml").write_text(settings)
    (root / "composer.json").write_text(json.dumps({"name": "acme/site", "type": "neos-site",
                                                    "require": {"neos/neos": neos}}))
    return root
