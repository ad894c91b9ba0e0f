"""Which CMS version a project is written for: Neos 8.3 or 9.x (Qt-free).

The version decides the platform baseline, the post-processing and the checks. It is read, in this
order, from an explicit override, the installed ``neos/neos`` in ``composer.lock``, the constraints
on ``neos/neos`` (or ``neos/contentrepository-core``, ``neos/content-repository``, ``neos/neos-ui``) in
``composer.json`` files, the platform packages found in the folder, and else the default (9.x) with a
note saying so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from nodetype_studio import boundedio

#: composer files larger than this are not read for the version (a lock file of a big site is ~1 MB)
MAX_COMPOSER_BYTES = 8 * 1024 * 1024


class CmsVersion(str, Enum):
    """The CMS versions whose rules the studio knows."""

    V8_3 = "8.3"
    V9 = "9"

    @property
    def label(self) -> str:
        return "Neos 8.3" if self is CmsVersion.V8_3 else "Neos 9.x"


DEFAULT_VERSION = CmsVersion.V9


@dataclass(frozen=True)
class VersionInfo:
    """The detected (or chosen) version, where it came from, and a sentence for the user."""

    version: CmsVersion
    source: str  # "setting", "composer.lock", "composer.json", "platform packages", "default"
    detail: str

    def to_json(self) -> dict[str, str]:
        return {"version": self.version.value, "source": self.source, "detail": self.detail}


def parse_version(text: Any) -> CmsVersion | None:
    """``"8.3"``, ``"8"``, ``"9"``, ``"9.0"``, ``"9.x"``, ``"v9.1.2"`` → the version they name."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str):
        return None
    match = re.fullmatch(r"\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.[0-9x*]+)*(?:[-@+].*)?\s*", text, re.I)
    if not match:
        return None
    major = int(match.group(1))
    if major == 9:
        return CmsVersion.V9
    if major in (7, 8):  # 7.x and 8.x follow the 8.3 rules as far as node types go
        return CmsVersion.V8_3
    return None


#: composer names of packages that come in one CMS version each: 9.x's content repository core is
#: ``neos/contentrepository-core`` (9.0:Neos.ContentRepository.Core/composer.json); 8.3's is
#: ``neos/content-repository`` (Neos.ContentRepository, gone in 9.x: platform facts §0)
_PLATFORM_PACKAGES = ("neos/neos", "neos/contentrepository-core", "neos/content-repository", "neos/neos-ui")


def _read_json(path: Path) -> Any:
    try:  # (a pipe or device under the name is refused at once, a larger file unread: both OSErrors)
        return json.loads(boundedio.read_bytes(path, MAX_COMPOSER_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def _from_lock(root: Path) -> VersionInfo | None:
    # a package opened inside a distribution: the distribution's lock file is a few levels up
    locks = [folder / "composer.lock" for folder in [root, *list(root.parents)[:3]]]
    lock = next((path for path in locks if path.is_file()), None)
    data = _read_json(lock) if lock is not None else None
    if not isinstance(data, dict):
        return None
    for section in ("packages", "packages-dev"):
        packages = data.get(section)
        if not isinstance(packages, list):
            continue
        for entry in packages:
            if isinstance(entry, dict) and entry.get("name") == "neos/neos":
                version = parse_version(entry.get("version"))
                if version is not None:
                    return VersionInfo(version, "composer.lock",
                                       f"neos/neos {entry.get('version')} is installed (composer.lock)")
    return None


def _constraint_version(constraint: Any) -> CmsVersion | None:
    """The version a composer constraint allows; None when it allows both or none we know."""
    if not isinstance(constraint, str):
        return None
    found = {v for v in (parse_version(part) for part in re.findall(r"v?\d+(?:\.[0-9x*]+)*", constraint)) if v}
    return found.pop() if len(found) == 1 else None


def _platform_requirement(sections: Iterable[Any]) -> tuple[CmsVersion, str] | None:
    """The version that composer ``require`` sections (``require``, then ``require-dev``) allow for a
    platform package, and what they say."""
    for requirements in sections:
        if not isinstance(requirements, dict):
            continue
        for package in _PLATFORM_PACKAGES:
            version = _constraint_version(requirements.get(package))
            if version is not None:
                return version, f"requires {package} {requirements[package]}"
    return None


def _from_packages(root: Path, packages: Sequence[Any]) -> VersionInfo | None:
    """A folder of packages (no distribution around them): the version their composer.json files require
    (as discovery read them: ``Package.constraints``), when those that name one agree."""
    found: dict[CmsVersion, str] = {}
    for package in packages:
        required = _platform_requirement(getattr(package, "constraints", ()))
        if required is not None:
            path = Path(package.path)
            where = path.relative_to(root) if path.is_relative_to(root) else path
            found.setdefault(required[0], f"{where / 'composer.json'} {required[1]}")
    if len(found) != 1:
        return None  # none, or packages for both versions: the user chooses (View › CMS Version)
    version, detail = found.popitem()
    return VersionInfo(version, "composer.json", detail)


def _from_composer_json(root: Path) -> VersionInfo | None:
    candidates = [root / "composer.json"]
    for folder in ("DistributionPackages", "Packages/Sites", "Packages/Plugins", "Packages/Application"):
        base = root / folder
        if base.is_dir():
            try:
                candidates += sorted(p / "composer.json" for p in base.iterdir() if p.is_dir())
            except OSError:
                continue
    for path in candidates:
        data = _read_json(path) if path.is_file() else None
        required = _platform_requirement((data.get("require"), data.get("require-dev"))) if isinstance(data, dict) else None
        if required is not None:
            where = path.relative_to(root) if path.is_relative_to(root) else path
            return VersionInfo(required[0], "composer.json", f"{where} {required[1]}")
    return None


def _platform_package_dirs(root: Path) -> list[Path]:
    found = []
    for folder in ("Packages/Application", "Packages/Framework", "Packages/Neos", "Packages/Libraries", ""):
        base = root / folder if folder else root
        for name in ("Neos.Neos", "Neos.ContentRepository.Core", "Neos.ContentRepository"):
            if (base / name).is_dir():
                found.append(base / name)
    return found


def _from_platform_packages(root: Path) -> VersionInfo | None:
    packages = _platform_package_dirs(root)
    if any(package.name == "Neos.ContentRepository.Core" for package in packages):
        return VersionInfo(CmsVersion.V9, "platform packages",
                           "Neos.ContentRepository.Core (the 9.x content repository) is in the folder")
    for package in packages:
        data = _read_json(package / "composer.json") if (package / "composer.json").is_file() else None
        declared = data.get("version") if isinstance(data, dict) else None
        version = parse_version(declared)
        if version is not None:
            return VersionInfo(version, "platform packages", f"{package.name} declares version {declared}")
        if package.name == "Neos.ContentRepository":
            return VersionInfo(CmsVersion.V8_3, "platform packages",
                               "Neos.ContentRepository (the 8.x content repository) is in the folder")
        if package.name == "Neos.Neos" and _defines(package, "Neos.Neos:Timable"):
            return VersionInfo(CmsVersion.V8_3, "platform packages",
                               "Neos.Neos defines Neos.Neos:Timable, which 9.x removed")
        if package.name == "Neos.Neos":
            return VersionInfo(CmsVersion.V9, "platform packages",
                               "Neos.Neos without Neos.Neos:Timable (removed in 9.x) is in the folder")
    return None


def _defines(package: Path, name: str) -> bool:
    pattern = re.compile(rf"^['\"]?{re.escape(name)}['\"]?\s*:", re.M)
    files = list((package / "Configuration").glob("NodeTypes*.yaml")) + list((package / "NodeTypes").rglob("*.yaml"))
    for path in files[:500]:
        try:
            if pattern.search(boundedio.read_text(path, MAX_COMPOSER_BYTES)):
                return True
        except OSError:
            continue
    return False


def detect_cms_version(root: str | Path, override: Any = None, packages: Sequence[Any] = ()) -> VersionInfo:
    """The CMS version of the project at ``root`` (a folder, or a file whose folder is used); ``packages``:
    the packages discovery found there (``discovery.Package``: a folder of packages names its version in
    their composer.json files)."""
    if override is not None:
        version = parse_version(override)
        if version is not None:
            return VersionInfo(version, "setting", f"{version.label}, as configured")
    folder = Path(root)
    if folder.is_file():
        folder = folder.parent
    for finder in (_from_lock, _from_composer_json, _from_platform_packages):
        found = finder(folder)
        if found is not None:
            return found
    found = _from_packages(folder, packages)
    if found is not None:
        return found
    return VersionInfo(DEFAULT_VERSION, "default",
                       f"no composer.lock, composer.json constraint or platform package names the version; "
                       f"using {DEFAULT_VERSION.label}")
