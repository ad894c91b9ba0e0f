"""Finding the packages and NodeTypes files of a project, in the CMS's load order (facts §5.1).

PATH may be a single file, a package, a distribution (the packages below ``Packages/`` and
``DistributionPackages/`` as Flow's package scan finds them, plus its global ``Configuration/``), or any
folder holding packages. Packages are ordered by their
``composer.json`` dependencies and ``extra.neos.loading-order.after`` (dependencies first), ties by
name, so the order is deterministic and can be shown.
"""

from __future__ import annotations

import glob
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.diagnostics import Diagnostic, Location, error, info, warning
from nodetype_studio.model.flowcontext import DEFAULT_CONTEXT

SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "vendor", "Tests", "Migrations", ".nodetype-studio", "__pycache__", "Build"}
#: Flow's PackageInterface::PATTERN_MATCH_PACKAGEKEY (case-insensitive)
#: the package whose Settings Flow loads before every other package's (SettingsLoader)
FLOW_PACKAGE = "Neos.Flow"
PACKAGE_KEY_RE = re.compile(r"[A-Za-z0-9]+\.(?:[A-Za-z0-9][.A-Za-z0-9]*)+")


@dataclass
class Package:
    name: str
    path: Path
    composer_name: str | None = None
    #: composer.json's ``type`` (``library`` when a readable composer.json names none); None without one
    composer_type: str | None = None
    requires: list[str] = field(default_factory=list)
    #: composer.json's ``require`` and ``require-dev`` (package name -> constraint); the CMS version of a
    #: folder of packages is read from them (model/version.py)
    constraints: tuple[dict[str, str], ...] = ()
    load_after: list[str] = field(default_factory=list)
    nodetype_files: list[Path] = field(default_factory=list)
    settings_files: list[Path] = field(default_factory=list)
    is_global: bool = False  # the distribution's own Configuration folder
    context_level: dict[Path, int] = field(default_factory=dict)  # files of Configuration/<Context>/: 1, 2, ...


@dataclass
class Discovery:
    root: Path
    kind: str  # "file" | "package" | "distribution" | "folder"
    packages: list[Package]
    diagnostics: list[Diagnostic]

    def load_order(self) -> list[tuple[Package, str, Path]]:
        """(package, "nodetypes"|"settings", file) in the CMS's order (facts §5.1): every package's
        base files (packages in load order, the global Configuration last), then, for each context
        level (``Development``, then ``Development/Sub``), every package's files of that level."""
        levels = sorted({lvl for pkg in self.packages for lvl in pkg.context_level.values()})
        # Flow's SettingsLoader moves the Neos.Flow package first, for the Settings only (the NodeTypes
        # loader keeps the package order)
        settings_order = sorted(self.packages, key=lambda pkg: pkg.name != FLOW_PACKAGE)
        order: list = []
        for level in [0] + levels:
            for pkg in self.packages:
                order.extend((pkg, "nodetypes", p) for p in pkg.nodetype_files if pkg.context_level.get(p, 0) == level)
            for pkg in settings_order:
                order.extend((pkg, "settings", p) for p in pkg.settings_files if pkg.context_level.get(p, 0) == level)
        return order


def _is_nodetypes_name(name: str) -> bool:
    return name == "NodeTypes.yaml" or (name.startswith("NodeTypes.") and name.endswith(".yaml"))


def _is_yml_mistake(name: str) -> bool:
    """`NodeTypes.yml`, `NodeTypes.*.yml`, `Settings.yml`, `Settings.*.yml`: the names Flow's YamlSource refuses."""
    return name.endswith(".yml") and name.startswith(("NodeTypes.", "Settings."))


def _is_package_dir(path: Path) -> bool:
    if (path / "NodeTypes").is_dir():
        return True
    conf = path / "Configuration"
    if conf.is_dir():
        try:
            return any(_is_nodetypes_name(p.name) or p.name.startswith("Settings") for p in conf.iterdir())
        except OSError:
            return False
    composer = path / "composer.json"
    if not composer.is_file():
        return False
    text = _read_text(composer)
    return '"neos-' in text and not _is_collection(text)


COLLECTION_TYPE = "neos-package-collection"


def _is_collection(composer_text: str) -> bool:
    """Whether a composer.json is of the type ``neos-package-collection``: Flow's package scan
    (PackageManager::findComposerPackagesInPath) does not take such a folder as a package but looks for
    packages inside it (the development collections hold their packages this way)."""
    if COLLECTION_TYPE not in composer_text:
        return False
    try:
        meta = json.loads(composer_text)
    except (ValueError, RecursionError):
        return False
    return isinstance(meta, dict) and meta.get("type") == COLLECTION_TYPE


def _distribution_package_paths(base: Path, diags: list[Diagnostic], max_depth: int = 6) -> list[Path]:
    """The package folders below ``Packages/`` (or ``DistributionPackages/``) as Flow's package scan
    finds them (PackageManager::findComposerPackagesInPath): a folder with a composer.json is a package,
    unless it is a ``neos-package-collection``, whose folders are searched; a folder without one is
    searched too (``Packages/Libraries/<vendor>/``: not a package itself), unless it holds NodeTypes or
    Settings files (a checkout may leave composer.json out: read as a package). Hidden folders and the
    legacy ``Packages/Inactive`` are skipped; the names in each folder are sorted."""
    found: list[Path] = []
    seen: set[str] = set()

    def search(folder: Path, depth: int) -> None:
        try:
            children = sorted(p for p in folder.iterdir() if not p.name.startswith(".") and p.is_dir())
        except OSError:
            return
        for child in children:
            if depth == 0 and base.name == "Packages" and child.name == "Inactive":
                diags.append(info("packages-inactive", "Packages/Inactive: Flow skips the packages of this legacy "
                                  "folder; none of them is loaded", Location(str(child))))
                continue
            real = os.path.realpath(child)
            if real in seen:
                continue
            seen.add(real)
            composer = child / "composer.json"
            if composer.is_file():
                if _is_collection(_read_text(composer)):
                    search(child, depth + 1)
                else:
                    found.append(child)
            elif (depth > 0 or base.name != "Packages") and _is_package_dir(child):
                found.append(child)
            elif depth < max_depth:
                search(child, depth + 1)

    search(base, 0)
    return found


def _read_text(path: Path) -> str:
    try:
        return boundedio.read_text(path)
    except OSError:
        return ""


_GLOB_MAGIC = re.compile(r"[*?\[]")


def _globbed(folder: Path, split_files: list[str], diags: list[Diagnostic]) -> list[str]:
    """The split files (``NodeTypes.*.yaml``, ``Settings.*.yaml``) of ``folder`` that Flow finds: YamlSource
    lists them with PHP's glob() on the folder's path, so ``[ ] * ?`` in that path are a pattern (brackets
    usually match no folder at all)."""
    if not split_files or not _GLOB_MAGIC.search(str(folder)):
        return split_files
    found = set(glob.glob(os.path.join(str(folder), "*.yaml")))
    for name in split_files:
        if os.path.join(str(folder), name) not in found:
            diags.append(warning("file-glob-path", f"{name}: Flow looks for split files with glob(), which reads the "
                                 "[ ] * ? in this folder's path as a pattern and does not find this file: the CMS does "
                                 "not load it (rename the folder)", Location(str(folder / name))))
    return [name for name in split_files if os.path.join(str(folder), name) in found]


def _config_files(conf: Path, context: str, diags: list[Diagnostic],
                  levels: dict[Path, int] | None = None) -> tuple[list[Path], list[Path]]:
    """NodeTypes and Settings files of one Configuration folder, then of each context level
    (recorded in ``levels``: file -> 1 for ``Development``, 2 for ``Development/Sub``...)."""
    nodetypes: list[Path] = []
    settings: list[Path] = []
    folders = [conf]
    parts = [p for p in context.split("/") if p]
    for i in range(len(parts)):
        folders.append(conf.joinpath(*parts[: i + 1]))
    for level, folder in enumerate(folders):
        try:  # (a scan's entries know their kind: no stat per name)
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:  # not a folder (or not readable)
            continue
        names = [entry.name for entry in entries if _is_file(entry)]
        for entry in entries:
            # YamlSource loads only what is_file() accepts: a pipe or a link to nothing is skipped, and reported
            if _is_config_name(entry.name) and not _is_file(entry) and not _is_dir(entry):
                diags.append(_not_a_file(entry))
        main = [n for n in names if n == "NodeTypes.yaml"]
        rest = _globbed(folder, [n for n in names if n != "NodeTypes.yaml" and _is_nodetypes_name(n)], diags)
        nodetypes.extend(folder / n for n in main + rest)
        # Flow's YamlSource: `Settings.yaml` first, then `Settings.*.yaml` by name (`Settings.Acme.yaml`
        # sorts before `Settings.yaml` by name, yet loads after it)
        settings.extend(folder / n for n in names if n == "Settings.yaml")
        settings.extend(folder / n for n in _globbed(folder, [n for n in names if n.startswith("Settings.")
                                                              and n.endswith(".yaml") and n != "Settings.yaml"], diags))
        if level and levels is not None:
            levels.update((p, level) for p in nodetypes + settings if p.parent == folder)
        for n in names:
            if _is_yml_mistake(n):
                diags.append(error("file-yml-extension",
                                   f"{n}: configuration files must end in .yaml; the CMS refuses .yml files (rename it)",
                                   Location(str(folder / n))))
    return nodetypes, settings


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _is_config_name(name: str) -> bool:
    """A name ``_config_files`` loads when it is a file: ``NodeTypes(.*).yaml``, ``Settings(.*).yaml``."""
    return _is_nodetypes_name(name) or name == "Settings.yaml" or (name.startswith("Settings.") and name.endswith(".yaml"))


def _not_a_file(entry: os.DirEntry[str]) -> Diagnostic:
    """The note on a YAML file name the CMS skips because no regular file is behind it."""
    what = "this symbolic link leads to no file" if entry.is_symlink() else "this is no regular file"
    return info("file-link-broken", f"{entry.name}: {what}; the CMS skips it", Location(entry.path))


def _nodetypes_folder_files(folder: Path, diags: list[Diagnostic]) -> list[Path]:
    found: list[Path] = []

    def unreadable(exc: OSError) -> None:  # (the CMS's RecursiveDirectoryIterator throws here)
        where = Path(exc.filename) if exc.filename else folder
        diags.append(error("folder-unreadable", f"{where.name}: cannot list this folder ({exc.strerror or exc}); the CMS "
                           "stops with an error when it loads the node types, and the studio leaves the folder out",
                           Location(str(where))))

    def walk(directory: str) -> None:
        # os.walk's order (a folder's files, then its folders, by name; a linked folder is listed but not
        # entered), on the entries' own types: no stat per file unless it is a link
        try:
            with os.scandir(directory) as listing:
                entries = list(listing)
        except OSError as exc:
            unreadable(exc)
            return
        folders: list[os.DirEntry[str]] = []
        files: list[os.DirEntry[str]] = []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (folders if is_dir else files).append(entry)
        names = {entry.name for entry in files}
        for entry in sorted(files, key=lambda e: e.name):
            name = entry.name
            if name.endswith(".yaml"):
                if not _is_file(entry):  # (a link to nothing, a pipe...: isFile() is false for the CMS)
                    diags.append(_not_a_file(entry))
                    continue
                found.append(Path(entry.path))
            elif name.endswith(".yml"):
                # (loading `X.yaml`, Flow's YamlSource throws when `X.yml` exists too; a lone `.yml` is skipped)
                twin = name[:-4] + ".yaml"
                message = (f"{name}: next to {twin}, a .yml file makes the CMS stop with an error when it loads the "
                           "node types (Flow exception 1516893322); rename or remove it") if twin in names else (
                           f"{name}: NodeTypes files must end in .yaml; the CMS ignores .yml here")
                diags.append(error("file-yml-extension", message, Location(entry.path)))
        for entry in sorted(folders, key=lambda e: e.name):  # (hidden folders too: the CMS skips only `.` and `..`)
            if not entry.is_symlink():
                walk(entry.path)

    walk(str(folder))
    return found


def _read_package(path: Path, context: str, diags: list[Diagnostic], name: str | None = None) -> Package:
    pkg = Package(name=name or path.name, path=path)
    composer = path / "composer.json"
    if composer.is_file():
        try:
            meta = json.loads(boundedio.read_text(composer))
        except OSError as exc:  # unreadable, or larger than the studio reads
            diags.append(warning("composer-json", f"cannot read composer.json: {exc.strerror or exc}; package order uses the name",
                                 Location(str(composer))))
            meta = {}
        except json.JSONDecodeError as exc:
            diags.append(warning("composer-json", f"composer.json is not valid JSON ({exc.msg}); package order uses the name",
                                 Location(str(composer), exc.lineno, exc.colno)))
            meta = {}
        except RecursionError:  # nested deeper than the JSON decoder's stack allows
            diags.append(warning("composer-json", "composer.json is nested too deeply to be read; package order uses the name",
                                 Location(str(composer))))
            meta = {}
        if isinstance(meta, dict):
            keyed = False
            pkg.composer_name = meta.get("name") if isinstance(meta.get("name"), str) else None
            pkg.composer_type = meta.get("type") if isinstance(meta.get("type"), str) else "library"
            requires = meta.get("require") or {}
            pkg.requires = [r for r in requires if isinstance(r, str)] if isinstance(requires, dict) else []
            pkg.constraints = tuple({k: v for k, v in section.items() if isinstance(k, str) and isinstance(v, str)}
                                    for section in (meta.get("require"), meta.get("require-dev")) if isinstance(section, dict))
            neos = (meta.get("extra") or {}).get("neos") or {} if isinstance(meta.get("extra"), dict) else {}
            if isinstance(neos, dict):
                key = neos.get("package-key")
                if isinstance(key, str) and PACKAGE_KEY_RE.fullmatch(key):
                    pkg.name, keyed = key, True
                elif key is not None:  # (PackageManager::getPackageKeyFromManifest passes over an invalid key)
                    diags.append(warning("composer-package-key", f"extra.neos.package-key: {key!r} is not a valid "
                                         "package key (such as Vendor.Package); Flow ignores it", Location(str(composer))))
                after = (neos.get("loading-order") or {}).get("after") if isinstance(neos.get("loading-order"), dict) else None
                if isinstance(after, list):
                    pkg.load_after = [a for a in after if isinstance(a, str)]
                    for entry in pkg.load_after:
                        if not is_composer_name(entry):
                            diags.append(warning("composer-loading-order",
                                                 f"extra.neos.loading-order.after: {entry!r} is not a composer package name "
                                                 "(vendor/name); Flow ignores it when it orders the packages",
                                                 Location(str(composer))))
            if not keyed:  # (no valid extra.neos.package-key: Flow derives the key)
                pkg.name = derived_package_key(meta, path) or pkg.name
    if (path / "NodeTypes").is_dir():
        pkg.nodetype_files.extend(_nodetypes_folder_files(path / "NodeTypes", diags))
    conf_nodetypes, conf_settings = _config_files(path / "Configuration", context, diags, pkg.context_level)
    pkg.nodetype_files.extend(conf_nodetypes)
    pkg.settings_files.extend(conf_settings)
    return pkg


def derived_package_key(meta: dict, path: Path) -> str | None:
    """The package key Flow gives a package whose composer.json names no valid ``extra.neos.package-key``
    (Flow 9 ``FlowPackageKey::derivePackageKey``, Flow 8 ``PackageManager::derivePackageKey``): the folder's
    name when it has a dot and is a valid key, else the
    first ``autoload.psr-0`` namespace (``Acme\\Site\\`` gives ``Acme.Site``) when that is a valid key, else
    the composer name with ``/`` as ``.``; then without dots at either end and without any character
    other than letters, digits and dots (``acme/my-site`` gives ``acme.mysite``). None without a composer name.
    (Flow takes the folder's name only for a package of a Flow type (``neos-*``); a package of another type
    it does not load at all, and the studio, which loads one outside a distribution, reads it as if it were
    of a Flow type.)"""
    composer_name = meta.get("name")
    if not isinstance(composer_name, str):
        return None
    key = path.name if "." in path.name else ""
    autoload = meta.get("autoload")
    psr0 = autoload.get("psr-0") if isinstance(autoload, dict) else None
    if isinstance(psr0, dict) and psr0 and not PACKAGE_KEY_RE.fullmatch(key):
        key = str(next(iter(psr0))).replace("\\", ".")
    if not PACKAGE_KEY_RE.fullmatch(key):
        key = composer_name.replace("/", ".")
    return re.sub(r"[^A-Za-z0-9.]", "", key.strip(".")) or None


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _find_packages(root: Path, diags: list[Diagnostic]) -> list[Path]:
    """The package folders below ``root``. A folder reached through symbolic links too is read once, by
    its own path where the walk meets one (links are followed after every real folder); a link back to
    a folder that is being read (a loop) is reported and not followed."""
    found: list[Path] = []
    links: list[tuple[Path, int]] = []
    seen = {os.path.realpath(root)}

    def visit(folder: Path, real_folder: str, depth: int) -> None:
        if _is_package_dir(folder):
            found.append(folder)
        elif depth <= 6:
            scan(folder, real_folder, depth)

    def scan(folder: Path, real_folder: str, depth: int) -> None:
        try:
            with os.scandir(folder) as entries:
                children = sorted((folder / entry.name, entry.is_symlink()) for entry in entries
                                  if entry.is_dir() and not entry.name.startswith(".") and entry.name not in SKIP_DIRS)
        except OSError:
            return
        for child, is_link in children:
            if not is_link:  # (its real path follows from its folder's: no realpath() per folder)
                real = os.path.join(real_folder, child.name)
                if real not in seen:
                    seen.add(real)
                    visit(child, real, depth + 1)
            elif _within(real_folder, os.path.realpath(child)):
                diags.append(info("folder-link-loop", f"{child.name}: this symbolic link links back to a folder "
                                  "that is being read; not followed", Location(str(child))))
            else:
                links.append((child, depth + 1))

    scan(root, os.path.realpath(root), 0)
    while links:
        link, depth = links.pop(0)
        real = os.path.realpath(link)
        if real not in seen:
            seen.add(real)
            visit(link, real, depth)
    return found


def _is_flow_package(pkg: Package, diags: list[Diagnostic]) -> bool:
    """Whether Flow loads the package's configuration: only a package of a Flow type (``neos-*``,
    ``typo3-flow-*``; ComposerUtility::isFlowPackageType) is a Flow package, the loaders see no other.
    A package without a readable composer.json counts as one (a checkout may leave the file out)."""
    kind = pkg.composer_type
    if kind is None or kind.startswith(("neos-", "typo3-flow-")):
        return True
    ignored = len(pkg.nodetype_files) + len(pkg.settings_files)
    if ignored:
        diags.append(warning("package-not-flow",
                             f"{pkg.name}: composer.json has the type {kind!r}, which is not a Flow package type (neos-*); "
                             f"Flow loads none of the package's configuration, so its {ignored} NodeTypes and Settings files "
                             f"are ignored (set \"type\": \"neos-package\")", Location(str(pkg.path / "composer.json"))))
    return False


def _check_composer_names(packages: list[Package], root: Path, diags: list[Diagnostic]) -> None:
    """What stops Flow's package scan (PackageManager::scanAvailablePackages): a composer.json without a
    name, and a composer name that two packages share."""
    owners: dict[str, Package] = {}
    for pkg in packages:
        composer = Location(str(pkg.path / "composer.json"))
        if pkg.composer_type is not None and pkg.composer_name is None:  # (read, but names nothing)
            diags.append(error("composer-name", 'composer.json has no "name"; Flow stops when it scans the packages '
                               "(exception 1445933572)", composer))
        elif pkg.composer_name is not None:
            first = owners.setdefault(pkg.composer_name, pkg)
            if first is not pkg:
                diags.append(error("composer-name", f"the composer name {pkg.composer_name!r} is also the name of "
                                   f"{first.path.relative_to(root).as_posix()}; Flow stops when it scans the packages "
                                   "(exception 1493030262)", composer))


def is_composer_name(requirement: str) -> bool:
    """Whether a `require` / `loading-order.after` entry names a package for Flow's order: only entries
    with a slash do (PackageOrderResolver: `php`, `ext-json` and package keys such as `Acme.Base` are skipped)."""
    return "/" in requirement


def order_packages(packages: list[Package]) -> list[Package]:
    """Dependencies before dependents (composer require + loading-order.after); ties by name."""
    by_composer = {p.composer_name: p for p in packages if p.composer_name}
    by_name = {p.name: p for p in packages}
    deps: dict[str, set[str]] = {}
    for p in packages:
        wanted = set()
        for req in p.requires + p.load_after:
            target = by_composer.get(req) if is_composer_name(req) else None
            if target is not None and target is not p:
                wanted.add(target.name)
        deps[p.name] = wanted
    ordered: list[Package] = []
    done: set[str] = set()
    visiting: set[str] = set()

    def visit(name: str):
        if name in done or name in visiting:
            return  # a dependency cycle: keep the name order for its members
        visiting.add(name)
        for dep in sorted(deps[name]):
            visit(dep)
        visiting.discard(name)
        done.add(name)
        ordered.append(by_name[name])

    for p in sorted(packages, key=lambda p: p.name):
        visit(p.name)
    return ordered


def discover(path: str | os.PathLike, context: str = DEFAULT_CONTEXT) -> Discovery:
    root = Path(path).resolve()
    diags: list[Diagnostic] = []
    if root.is_file():
        package_root = _enclosing_package(root)
        pkg = Package(name=package_root.name if package_root else root.parent.name, path=package_root or root.parent)
        if root.suffix == ".yml":
            diags.append(error("file-yml-extension", f"{root.name}: NodeTypes files must end in .yaml; the CMS refuses .yml",
                               Location(str(root))))
        pkg.nodetype_files = [root]
        return Discovery(root, "file", [pkg], diags)
    if not root.is_dir():
        raise FileNotFoundError(f"{root} does not exist")
    distribution_dirs = [d for d in (root / "DistributionPackages", root / "Packages") if d.is_dir()]
    if distribution_dirs:
        package_paths: list[Path] = []
        for base in distribution_dirs:
            package_paths += _distribution_package_paths(base, diags)
        # (a DistributionPackages folder is linked into Packages/ by composer: one package, read by the link)
        package_paths = list({os.path.realpath(p): p for p in package_paths}.values())
        read = [_read_package(p, context, diags) for p in package_paths]
        _check_composer_names(read, root, diags)
        packages = order_packages([pkg for pkg in read if _is_flow_package(pkg, diags)])
        global_pkg = Package(name="(global configuration)", path=root, is_global=True)
        global_pkg.nodetype_files, global_pkg.settings_files = _config_files(root / "Configuration", context, diags,
                                                                             global_pkg.context_level)
        return Discovery(root, "distribution", packages + [global_pkg], diags)
    if _is_package_dir(root):
        return Discovery(root, "package", [_read_package(root, context, diags)], diags)
    packages = order_packages([_read_package(p, context, diags) for p in _find_packages(root, diags)])
    return Discovery(root, "folder", packages, diags)


def _enclosing_package(file: Path) -> Path | None:
    for parent in file.parents:
        if parent.name in ("Configuration", "NodeTypes"):
            return parent.parent
    return None


def _folder_order(relative: Path) -> tuple:
    """os.walk order with sorted names: a folder's files before its subfolders, names ascending."""
    parts = relative.parts
    return tuple((1, name) for name in parts[:-1]) + ((0, parts[-1]),)


def _config_order(name: str) -> tuple:
    return (0 if name == "NodeTypes.yaml" else 1, name)


def add_new_files(found: Discovery, paths) -> list[Path]:
    """Place NodeTypes files that do not exist yet (unsaved new files) where discovery would find them.

    A path counts when it lies in a package's ``NodeTypes/`` folder (``*.yaml``) or is a
    ``Configuration/NodeTypes*.yaml`` of a package; it joins that package's files in load order.
    Returns the paths that were placed.
    """
    placed: list[Path] = []
    for path in paths:
        path = Path(path)
        owners = [pkg for pkg in found.packages if pkg.path in path.parents]
        if found.kind == "file" or not owners or path in {p for pkg in found.packages for p in pkg.nodetype_files}:
            continue
        pkg = max(owners, key=lambda p: len(p.path.parts))
        folder, conf = pkg.path / "NodeTypes", pkg.path / "Configuration"
        if folder in path.parents and path.suffix == ".yaml":
            folder_files = [p for p in pkg.nodetype_files if folder in p.parents]
            rest = pkg.nodetype_files[len(folder_files):]
            folder_files = sorted(folder_files + [path], key=lambda p: _folder_order(p.relative_to(folder)))
            pkg.nodetype_files = folder_files + rest
        elif path.parent == conf and _is_nodetypes_name(path.name):
            config_files = [p for p in pkg.nodetype_files if p.parent == conf]
            first = pkg.nodetype_files.index(config_files[0]) if config_files else len(
                [p for p in pkg.nodetype_files if folder in p.parents])
            others = [p for p in pkg.nodetype_files if p not in config_files]
            config_files = sorted(config_files + [path], key=lambda p: _config_order(p.name))
            pkg.nodetype_files = others[:first] + config_files + others[first:]
        else:
            continue
        placed.append(path)
    return placed
