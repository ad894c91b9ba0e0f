"""The studio's platform baseline: the node types and settings of the CMS's own packages, per version.

Written by us from ``shared/reference/platform-nodetypes.md`` and kept in
``resources/baseline/<version>/``, one folder per platform package laid out as the package is
(``NodeTypes/**.yaml``, ``Configuration/NodeTypes*.yaml``, ``Configuration/Settings*.yaml`` and the
English ``Resources/Private/Translations/en/**.xlf``), plus ``baseline.yaml`` naming the packages in
the CMS's load order. The baseline is written with the CMS's ``Neos`` spelling; a project that
writes the spec's ``Cms`` spelling gets it rewritten to ``Cms``. A package marked ``optional``
(9.x's Neos.TimeableNodeVisibility) is left out when the project's ``composer.lock`` does not
install it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from nodetype_studio import boundedio
from nodetype_studio.bundled import resource
from nodetype_studio.diagnostics import Diagnostic
from nodetype_studio.model.nodetype import SourceFile
from nodetype_studio.model.yamlload import load_yaml_text

INDEX = "baseline.yaml"
MAX_LOCK_BYTES = 8 * 1024 * 1024  # a lock file of a big site is about 1 MB
_SETTINGS_ROOT = re.compile(r"^Neos:\n  Neos:\n", re.MULTILINE)


@dataclass(frozen=True)
class BaselinePackage:
    """One platform package of a baseline: its key, composer name and folder."""

    name: str
    composer_name: str
    path: Path
    optional: bool = False


@dataclass(frozen=True)
class Baseline:
    """The parsed baseline of one CMS version in one spelling, in load order."""

    version: str
    packages: tuple[BaselinePackage, ...]
    nodetype_files: tuple[SourceFile, ...]
    settings_files: tuple[SourceFile, ...]
    diagnostics: tuple[Diagnostic, ...] = ()  # what the YAML reader says about our own files (none: tested)

    def package_folders(self, prefix: str = "Neos") -> dict[str, Path]:
        """Package key -> folder (translations); the ``Cms`` spelling also names Neos.Neos's folder."""
        folders = {p.name: p.path for p in self.packages}
        if prefix != "Neos" and "Neos.Neos" in folders:
            folders[f"{prefix}.{prefix}"] = folders["Neos.Neos"]
        return folders


def baseline_root(version: str) -> Path:
    return resource("baseline", str(version))


def versions() -> list[str]:
    """The versions a baseline ships for (folder names under ``resources/baseline``)."""
    return sorted(p.name for p in resource("baseline").iterdir() if (p / INDEX).is_file())


def _respell(text: str, prefix: str) -> str:
    """The baseline in the spec's spelling: `Neos.Neos` -> `Cms.Cms`, `Neos\\Media` -> `Cms\\Media`."""
    if prefix == "Neos":
        return text
    text = text.replace("Neos.Neos", f"{prefix}.{prefix}").replace("Neos\\Media", f"{prefix}\\Media")
    return _SETTINGS_ROOT.sub(f"{prefix}:\n  {prefix}:\n", text)


def _package_files(folder: Path) -> tuple[list[Path], list[Path]]:
    """NodeTypes and Settings files of one package folder in the CMS's order (neos-facts §5.1)."""
    nodetypes = sorted((folder / "NodeTypes").rglob("*.yaml")) if (folder / "NodeTypes").is_dir() else []
    conf = folder / "Configuration"
    names = sorted(p.name for p in conf.iterdir()) if conf.is_dir() else []
    main = [n for n in names if n == "NodeTypes.yaml"]
    rest = [n for n in names if n != "NodeTypes.yaml" and n.startswith("NodeTypes.") and n.endswith(".yaml")]
    settings = [n for n in names if n == "Settings.yaml"] + \
        [n for n in names if n != "Settings.yaml" and n.startswith("Settings.") and n.endswith(".yaml")]
    return nodetypes + [conf / n for n in main + rest], [conf / n for n in settings]


@cache
def _index(version: str) -> tuple[BaselinePackage, ...]:
    root = baseline_root(version)
    index = yaml.safe_load((root / INDEX).read_text(encoding="utf-8"))
    return tuple(BaselinePackage(e["name"], e["composer"], root / e["name"], bool(e.get("optional")))
                 for e in index["packages"])


def _installed(root: Path) -> frozenset[str] | None:
    """Composer names in the ``composer.lock`` of ``root`` or up to three folders above (a package
    opened inside its distribution); None without a readable lock file."""
    for folder in [root, *list(root.parents)[:3]]:
        lock = folder / "composer.lock"
        try:
            if not lock.is_file():
                continue
            # one bounded read, judged on what was read: a size taken first says nothing about a file still growing
            data = json.loads(boundedio.read_bytes(lock, MAX_LOCK_BYTES).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            continue
        if not isinstance(data, dict):
            continue
        entries = [e for key in ("packages", "packages-dev") if isinstance(data.get(key), list) for e in data[key]]
        return frozenset(e["name"] for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str))
    return None


def omitted_packages(root: Path, version: str) -> frozenset[str]:
    """The optional baseline packages the project's ``composer.lock`` does not install."""
    installed = _installed(root if root.is_dir() else root.parent)
    if installed is None:
        return frozenset()
    return frozenset(p.name for p in _index(version) if p.optional and p.composer_name not in installed)


@cache
def load_baseline(version: str, prefix: str = "Neos", omit: frozenset[str] = frozenset()) -> Baseline:
    """The baseline of ``version`` ("8.3" or "9") without the packages named in ``omit``, parsed once
    per spelling."""
    packages: list[BaselinePackage] = []
    nodetype_files: list[SourceFile] = []
    settings_files: list[SourceFile] = []
    diagnostics: list[Diagnostic] = []
    for package in _index(version):
        if package.name in omit:
            continue
        packages.append(package)
        nodetypes, settings = _package_files(package.path)
        for kind, paths, out in (("nodetypes", nodetypes, nodetype_files), ("settings", settings, settings_files)):
            for path in paths:
                loaded = load_yaml_text(_respell(path.read_text(encoding="utf-8"), prefix), str(path))
                diagnostics.extend(loaded.diagnostics)
                out.append(SourceFile(path, package.name, loaded.data, kind, baseline=True))
    return Baseline(str(version), tuple(packages), tuple(nodetype_files), tuple(settings_files), tuple(diagnostics))
