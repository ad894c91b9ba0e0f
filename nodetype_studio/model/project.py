"""Opening a project: discovery, parsing, merging files, inheritance, presets, postprocessing.

The result is what the CMS would build (facts §1.3, §5.1-§5.5, §5.11, §5.13), plus provenance for
every value and diagnostics for everything that would make the CMS fail or behave unexpectedly.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from nodetype_studio import boundedio, gcpolicy
from nodetype_studio.diagnostics import Diagnostic, Location, error, info, warning
from nodetype_studio.model import loadorder, parsecache, postprocess, postprocessors
from nodetype_studio.model.baseline import Baseline, load_baseline, omitted_packages
from nodetype_studio.model.discovery import (
    Package,
    add_new_files,
    discover,
)
from nodetype_studio.model.flowcontext import with_context
from nodetype_studio.model.merge import get_path, merge
from nodetype_studio.model.nodetype import Fragment, Layer, NodeType, SourceFile
from nodetype_studio.model.prefix import Platform
from nodetype_studio.model.projectconfig import config_dir, configured_cms_version, resolve_context
from nodetype_studio.model.sorting import php_sort
from nodetype_studio.model.version import (
    DEFAULT_VERSION,
    CmsVersion,
    VersionInfo,
    detect_cms_version,
)
from nodetype_studio.model.yamlload import (
    LoadedYaml,
    YMap,
    decode_yaml_bytes,
    load_yaml_text,
)

# (dashes are common in the name part: `Vendor.Site:Button.properties.url--inspector`)
NAME_RE = re.compile(r"^[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$")
PLATFORM_PACKAGES = {"Neos.Neos", "Cms.Cms"}
#: 9.x's root node type (the content repository's name in both spellings: only `Neos.Neos` becomes `Cms.Cms`)
ROOT_TYPE = "Neos.ContentRepository:Root"


@dataclass
class _Parsed:
    signature: tuple
    loaded: LoadedYaml
    prefix_counts: tuple[int, int]
    i18n: bool = False


_parse_cache: dict[str, _Parsed] = {}
#: (root, context, version) -> (signatures of its files, project), the most recently used last
_project_cache: dict[tuple, tuple[tuple, "Project"]] = {}
#: how many opened projects stay in memory: a window opens one at a time, and without a bound every
#: project a long session opened (and the parsed files of each) would stay until the process ends
PROJECTS_KEPT = 4


def _signature(path: Path) -> tuple:
    try:
        st = path.stat()
    except OSError:
        return ()
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _parse(path: Path, use_cache: bool, text: str | None = None, signature: tuple | None = None) -> _Parsed:
    """``path`` parsed; ``signature``: its ``_signature`` when the caller has just taken it."""
    key = str(path)
    signature = _signature(path) if signature is None else signature
    if text is not None:  # an unsaved buffer stands in for the file: parsed, never cached
        return _parse_text(key, signature, text, [])
    cached = _parse_cache.get(key)
    if use_cache and cached is not None and signature and cached.signature == signature:
        return cached
    try:
        raw = boundedio.read_bytes(path)
    except OSError as exc:
        loaded = LoadedYaml(None, [error("file-unreadable", f"cannot read the file: {exc.strerror or exc}", Location(key))], ok=False)
        return _Parsed(signature, loaded, (0, 0))
    stored = parsecache.get(key, raw) if use_cache else None
    if stored is not None:  # parsed in an earlier session (the persistent cache checks everything it reads)
        data, counts, i18n = stored
        parsed = _Parsed(signature, LoadedYaml(data, []), counts, i18n)
    else:
        text, problems = decode_yaml_bytes(raw, key)
        parsed = _parse_text(key, signature, text, problems)
        if use_cache and parsed.loaded.ok and not parsed.loaded.diagnostics and not ("&" in text and "*" in text):
            parsecache.put(key, raw, parsed.loaded.data, parsed.prefix_counts, parsed.i18n)
    if signature:
        _parse_cache[key] = parsed
    return parsed


def _parse_text(key: str, signature: tuple, text: str, problems: list[Diagnostic]) -> _Parsed:
    loaded = load_yaml_text(text, key)
    loaded.diagnostics[:0] = problems
    counts = (text.count("Neos.Neos") + text.count("Neos\\Media") + text.count("TYPO3.Neos"), text.count("Cms.Cms") + text.count("Cms\\Media"))
    return _Parsed(signature, loaded, counts, "i18n" in text)


@dataclass
class Project:
    root: Path
    kind: str
    context: str
    platform: Platform
    packages: list[Package]
    files: list[SourceFile]
    settings_files: list[SourceFile]
    node_types: dict[str, NodeType] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    uses_baseline: bool = True
    #: the CMS version whose rules apply (detected from composer files and packages, or chosen)
    cms_version: VersionInfo = field(default_factory=lambda: VersionInfo(DEFAULT_VERSION, "default", "not detected"))
    _memo: dict = field(default_factory=dict, repr=False)
    #: per file: its parse findings and platform-prefix counts (what an incremental re-resolution reuses)
    _files: dict = field(default_factory=dict, repr=False)

    def node_type(self, name: str) -> NodeType | None:
        return self.node_types.get(self.platform.normalize_name(name).value)

    def project_node_types(self) -> list[NodeType]:
        """Node types declared by the opened project (not the studio's baseline), in name order."""
        return sorted((nt for nt in self.node_types.values() if not nt.from_baseline), key=lambda nt: nt.name)

    @property
    def package_names(self) -> list[str]:
        return [p.name for p in self.packages]

    def platform_setting(self, *path: str, default=None):
        node = self.settings.get(self.platform.prefix, {})
        node = node.get(self.platform.prefix, {}) if isinstance(node, dict) else {}
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return default
            node = node[key]
        return node


def load_project(path: str | os.PathLike, *, context: str | None = None, use_cache: bool = True,
                 overrides: Mapping[str | os.PathLike, str] | None = None, cms_version: str | None = None) -> Project:
    """Open a package, a distribution, a folder of packages or one NodeTypes file.

    Raises ``FileNotFoundError`` only when ``path`` does not exist; every problem inside the
    project is a diagnostic. ``context`` is the Flow context (``Production/Live``); without it the project's
    ``.nodetype-studio.yaml``, then ``FLOW_CONTEXT``, then ``Development`` decide (model/flowcontext.py), and
    a name Flow refuses there is an error finding; a refused ``context`` raises ``InvalidContext``. ``cms_version`` ("8.3" or "9") overrides the detected CMS version. With ``use_cache`` an unchanged project (same files, same sizes and
    modification times) is returned from memory, and unchanged files are not parsed again.

    ``overrides`` maps file paths to texts read instead of the files (an editor's unsaved buffers);
    a NodeTypes file that does not exist yet joins its package where discovery would find it. A
    project loaded with ``overrides`` (even an empty mapping) is a fresh object and is not cached.
    """
    # The loader allocates many small containers and no cycles: pausing the cyclic garbage
    # collector keeps the cost per node type flat as projects grow.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _load_project(path, context, use_cache, overrides, cms_version, promote=was_enabled or gcpolicy.scheduled())
    finally:
        if was_enabled:
            gc.enable()
        parsecache.flush_async(parsecache.WRITE_DELAY_S)  # files parsed now: written to the persistent cache later


# -- the collector and a loaded project (docs/performance.md, "The collector after a load") ----------------
#: how many promoted objects wait for a full collection before a build runs one (a project of 150 node
#: types is about 20,000 objects, one of 1,000 about 200,000)
PROMOTED_BEFORE_COLLECTION = 100_000
_collector = {"promoted": 0}  # objects promoted since the last full collection


def _after_collection(phase: str, info: dict) -> None:
    if phase == "stop" and info.get("generation") == 2:
        _collector["promoted"] = 0


gc.callbacks.append(_after_collection)


def _collect_replaced() -> None:
    """Before a project is built: projects that earlier builds promoted and that are no longer used (the
    one this build replaces, once its holders let go of it) are freed by a full collection, once enough
    were promoted. Promoted objects do not count towards the collector's own reason for a full
    collection; without this, projects replaced by reloads could wait for one for a long time. (Not
    before every build: a process that opens many small projects would pay a full collection of
    everything it holds for each.)"""
    if _collector["promoted"] >= PROMOTED_BEFORE_COLLECTION and gcpolicy.may_collect_here():
        gc.collect()  # (runs while automatic collection is paused, too)


def _promote() -> None:
    """After a project is built: everything the build allocated (with the collector paused) goes to the
    oldest generation at once. ``gc.freeze()`` then ``gc.unfreeze()`` move the collector's lists as a
    whole; without it, the young collections that follow would each walk every object of the project
    (at 1,000 node types, about 30 ms, then about 35 ms more) only to find that it is all still alive.
    Nothing stays frozen: full collections see the project as before. (Not when the process has frozen
    objects of its own, e.g. before forking workers: ``unfreeze`` would thaw them too.)"""
    if gc.get_freeze_count():
        return
    _collector["promoted"] += gc.get_count()[0]  # (the objects made since the last young collection)
    gc.freeze()
    gc.unfreeze()


def _load_project(path, context: str | None, use_cache: bool, overrides, cms_version: str | None = None, *,
                  promote: bool = False) -> Project:
    if not Path(path).exists():
        raise FileNotFoundError(f"{Path(path).resolve()} does not exist")
    resolved = resolve_context(config_dir(Path(path).resolve()), context)
    context = resolved.name
    found = discover(path, context)
    found.diagnostics.extend(resolved.diagnostics)
    texts = _override_texts(found, overrides) if overrides else {}
    if overrides is not None:  # (an editor's unsaved buffers: short-lived projects, left to the young collections)
        return _build(found, context, use_cache, texts, cms_version)
    all_paths = [f for _, _, f in found.load_order()]
    # the project's configuration and composer files decide the CMS version: a change re-opens it
    folder = found.root if found.root.is_dir() else found.root.parent
    extra = [folder / name for name in (".nodetype-studio.yaml", "pyproject.toml", "composer.json", "composer.lock")]
    extra += [pkg.path / "composer.json" for pkg in found.packages if not pkg.is_global and pkg.path != folder]
    signatures = tuple((str(p), _signature(p)) for p in all_paths + extra)
    cache_key = (str(found.root), context, cms_version)
    if use_cache:
        cached = _project_cache.get(cache_key)
        if cached is not None and cached[0] == signatures:
            _project_cache[cache_key] = _project_cache.pop(cache_key)  # the most recently used
            return cached[1]
        del cached
    taken = dict(zip(all_paths, (signature for _name, signature in signatures)))
    if promote:
        _project_cache.pop(cache_key, None)  # (the project this build replaces: freed now if nothing else holds it)
        _collect_replaced()
    project = _build(found, context, use_cache, {}, cms_version, taken)
    _project_cache.pop(cache_key, None)
    _project_cache[cache_key] = (signatures, project)
    _forget_old_projects()
    if promote:
        _promote()
    return project


def _forget_old_projects() -> None:
    """Keep the ``PROJECTS_KEPT`` most recently used projects; the parsed files of the others go too,
    unless a kept project reads them."""
    if len(_project_cache) <= PROJECTS_KEPT:
        return
    gone = list(_project_cache)[:len(_project_cache) - PROJECTS_KEPT]
    dropped = [_project_cache.pop(key) for key in gone]
    kept = {name for signatures, _project in _project_cache.values() for name, _signature in signatures}
    for signatures, _project in dropped:
        for name, _signature in signatures:
            if name not in kept:
                _parse_cache.pop(name, None)


def _override_texts(found, overrides: Mapping) -> dict[Path, str]:
    """Override texts keyed by the discovered path of their file (paths compared resolved)."""
    wanted = {Path(p).resolve(): text for p, text in overrides.items()}
    texts: dict[Path, str] = {}
    order = [p for _pkg, _kind, p in found.load_order()]
    for p in order:  # discovered paths are absolute: most match as they are
        if p in wanted:
            texts[p] = wanted.pop(p)
    if wanted:  # the rest may be reached through symbolic links
        for p in order:
            if p not in texts and p.resolve() in wanted:
                texts[p] = wanted.pop(p.resolve())
    for p in add_new_files(found, list(wanted)):
        texts[p] = wanted[p]
    return texts


def _build(found, context: str, use_cache: bool, texts: Mapping[Path, str], cms_version: str | None = None,
           signatures: Mapping[Path, tuple] | None = None) -> Project:
    diagnostics = list(found.diagnostics)
    if cms_version is None:  # the window's choice wins over the project's configuration file
        cms_version, problems = configured_cms_version(found.root)
        diagnostics.extend(problems)
    version = detect_cms_version(found.root, cms_version, [p for p in found.packages if not p.is_global])
    parsed_files: list[tuple[Package, Path, _Parsed, str]] = []
    neos = cms = 0
    for pkg, kind, p in found.load_order():
        parsed = _parse(p, use_cache, texts.get(p), signatures.get(p) if signatures else None)
        parsed_files.append((pkg, p, parsed, kind))
        neos += parsed.prefix_counts[0]
        cms += parsed.prefix_counts[1]
        diagnostics.extend(parsed.loaded.diagnostics)
    platform = Platform("Cms" if cms > neos else "Neos")
    uses_baseline = not any(pkg.name in PLATFORM_PACKAGES for pkg in found.packages)

    files: list[SourceFile] = []
    settings_files: list[SourceFile] = []
    # The platform of the project's CMS version, without optional packages its composer.lock does not
    # install, and without the platform packages the folder holds itself: those real packages (their
    # NodeTypes and Settings) win completely, nothing of the baseline's version of them is merged underneath.
    v = version.version.value
    present = {pkg.name for pkg in found.packages} | {pkg.composer_name for pkg in found.packages if pkg.composer_name}
    real = frozenset(p.name for p in load_baseline(v, platform.prefix).packages
                     if p.name in present or p.composer_name in present)
    baseline = load_baseline(v, platform.prefix, omitted_packages(found.root, v) | real)
    settings_files.extend(baseline.settings_files)
    files.extend(baseline.nodetype_files)
    for pkg, p, parsed, kind in parsed_files:
        source = SourceFile(p, None if pkg.is_global else pkg.name, parsed.loaded.data, kind, signature=parsed.signature,
                            i18n=parsed.i18n, group=_merge_group(pkg, p))
        (files if kind == "nodetypes" else settings_files).append(source)

    project = Project(found.root, found.kind, context, platform, found.packages, files, settings_files,
                      diagnostics=diagnostics, uses_baseline=uses_baseline, cms_version=version)
    project._files = {p: (parsed.loaded.diagnostics, parsed.prefix_counts) for _pkg, p, parsed, _kind in parsed_files}
    project.settings = with_context(_merged_settings(_baseline_settings(baseline),
                                                     settings_files[len(baseline.settings_files):], diagnostics),
                                    context, platform.prefix)
    if version.version is not CmsVersion.V8_3 and "Neos.ContentRepository.Core" not in {p.name for p in baseline.packages}:
        # 9.x's content repository always has its root type (NodeTypeManager; platform facts §7.1), also
        # when the folder holds Neos.ContentRepository.Core itself (which ships no NodeTypes file)
        root_type = YMap({ROOT_TYPE: YMap()})
        files.insert(0, SourceFile(Path("<Neos.ContentRepository.Core built-in>"), None, root_type, "nodetypes", baseline=True))
    written = [(pkg, kind, str(p), parsed.loaded.data) for pkg, p, parsed, kind in parsed_files]
    diagnostics.extend(loadorder.ambiguities(written, found.packages))
    diagnostics.extend(loadorder.folder_ambiguities(written, found.packages))
    _collect_fragments(project)
    _resolve(project)
    return project


def _merge_group(pkg: Package, path: Path) -> tuple:
    """The files the CMS merges with each other before merging them over what was loaded before: a
    package's Configuration/NodeTypes.yaml with its NodeTypes.*.yaml split files (per context level);
    a file below the package's NodeTypes/ folder is merged on its own (NodeTypesLoader)."""
    name = str(path)
    if not pkg.is_global and name.startswith(os.path.join(str(pkg.path), "NodeTypes", "")):  # (lexical, as is_relative_to)
        return (name,)
    return (str(pkg.path), pkg.is_global, pkg.context_level.get(path, 0))


def _merged_settings(settings: dict, files: list[SourceFile], diagnostics: list[Diagnostic]) -> dict:
    """The project's Settings files merged over ``settings`` as Flow's SettingsLoader does: the files of
    one group (a folder's Settings.yaml and Settings.*.yaml, YamlSource) are merged with each other
    first, then the group over what the earlier groups said."""
    group_key, group = None, None
    for sf in files:
        if sf.group != group_key and group is not None:
            settings = merge(settings, group)
            group = None
        group_key = sf.group
        if isinstance(sf.data, dict):
            group = merge(group if group is not None else {}, sf.data)
        elif sf.data is not None:
            diagnostics.append(error("settings-not-mapping", "a Settings file must be a mapping", Location(str(sf.path), 1, 1)))
    return merge(settings, group) if group is not None else settings


_baseline_merged: dict[int, tuple[Baseline, dict]] = {}


def _baseline_settings(baseline: Baseline) -> dict:
    """The merged Settings files of ``baseline`` (``load_baseline`` keeps one object per version, spelling
    and omitted packages), merged once: every project merges its own Settings over them. Merged values
    are never changed in place, so the projects share them."""
    known = _baseline_merged.get(id(baseline))
    if known is None or known[0] is not baseline:
        settings: dict = {}
        for sf in baseline.settings_files:
            if isinstance(sf.data, dict):  # (always: the baseline's files are mappings, tested)
                settings = merge(settings, sf.data)
        known = _baseline_merged[id(baseline)] = (baseline, settings)
    return known[1]


def _collect_fragments(project: Project) -> None:
    platform = project.platform
    diags = project.diagnostics
    declared: set[str] = set()
    if not project.uses_baseline:  # the platform package is part of the project: it defines its own types
        declared = {platform.normalize_name(n).value for f in project.files if not f.baseline and isinstance(f.data, dict) for n in f.data}
    is_9 = project.cms_version.version is not CmsVersion.V8_3
    for source in project.files:
        data = source.data
        if data is None:
            continue
        if source.baseline:
            if not isinstance(data, dict):
                continue
            key_pos = data.key_pos if isinstance(data, YMap) else {}
            for name, config in data.items():
                if name not in declared:
                    baseline_type = project.node_types.get(name)
                    if baseline_type is None:  # a platform type may be spread over several baseline files
                        baseline_type = project.node_types[name] = NodeType(name, None, True)
                        baseline_type._project = project
                    baseline_type.fragments.append(Fragment(source, config, key_pos.get(name, (0, 0))))
            continue
        if not isinstance(data, dict):
            diags.append(error("nodetypes-not-mapping",
                               "a NodeTypes file must be a mapping of node type names to their configuration",
                               Location(str(source.path), *(getattr(data, "pos", (1, 1))))))
            continue
        for raw_name, config in data.items():
            pos = data.key_pos.get(raw_name, (0, 0)) if isinstance(data, YMap) else (0, 0)
            where = Location(str(source.path), *pos)
            normalized = platform.normalize_name(raw_name)
            name = normalized.value
            if normalized.legacy:
                diags.append(warning("legacy-name",
                                     f"{raw_name!r} is a node type of its own in Neos 8.3 and 9.x, not {name!r}: "
                                     f"{_LEGACY_RENAMED}, so this changes nothing of {name!r} there (the studio "
                                     f"reads it as {name!r}). Write {name!r}",
                                     where, node_type=name))
            # (8.3's content repository has a node type of that name, which packages may configure)
            if not NAME_RE.match(name) and not (name == "unstructured" and project.cms_version.version is CmsVersion.V8_3):
                from nodetype_studio.php.yamldump import php_key  # (a malformed name: rare, and not on the start path)

                if is_9 and isinstance(php_key(raw_name), int):
                    # (NodeTypeEnrichmentService::addLabelsToNodeTypeConfiguration(string $nodeTypeName, ...),
                    # strict types, called for every top-level key before the NodeTypeManager skips non-strings)
                    diags.append(error("nodetype-name",
                                       f"node type name {raw_name!r} is not of the form Vendor.Package:Name, and PHP "
                                       f"keys it as an integer: Neos 9 fails to load the node types (its "
                                       f"NodeTypeEnrichmentService takes each node type's name as text, a TypeError "
                                       f"under strict types). Name the type `Vendor.Package:Name`",
                                       where, node_type=name))
                elif is_9 and raw_name == "" and isinstance(config, (dict, list)):
                    # (NodeTypeManager::loadNodeType() -> NodeTypeName::fromString(''))
                    diags.append(error("nodetype-name",
                                       "node type name '' is the empty name: Neos 9 fails to load the node types "
                                       "(NodeTypeName refuses it, exception 1505835958). Name the type "
                                       "`Vendor.Package:Name`", where, node_type=name))
                else:
                    diags.append(warning("nodetype-name",
                                         f"node type name {raw_name!r} is not of the form Vendor.Package:Name",
                                         where, node_type=name))
            if isinstance(config, list) and not config:
                config = YMap()  # `Name: []` is PHP's empty array, as `Name: {}`: a type with nothing configured
            if config is not None and not isinstance(config, dict):
                diags.append(error("nodetype-not-mapping",
                                   f"the configuration of {raw_name!r} must be a mapping, not "
                                   f"{'a list' if isinstance(config, list) else type(config).__name__}",
                                   where, node_type=name))
                continue
            nt = project.node_types.get(name)
            if nt is None:
                nt = NodeType(name, source.package, source.baseline)
                nt._project = project
                project.node_types[name] = nt
            elif nt.from_baseline and not source.baseline:
                nt.from_baseline = False  # the project extends a platform type: it is now (also) the project's
                nt.package = nt.package or source.package
            nt.fragments.append(Fragment(source, config, pos))
    # A node type whose merged configuration ends up null (`Name: ~` in the last file that names it)
    # is skipped by 8.3's NodeTypeManager: it does not exist, and using it as a supertype fails. 9.x
    # fails before that: its NodeTypeEnrichmentService passes every entry of the loaded configuration
    # to a method that takes an `array` (a TypeError for null). The studio drops the type in both.
    # 9.x's root type stays: the NodeTypeManager gives it an empty configuration when it is missing.
    root = ROOT_TYPE if is_9 else None
    for name, nt in list(project.node_types.items()):
        last = nt.fragments[-1] if nt.fragments else None
        if last is not None and not last.file.baseline and _merged_fragments(nt.fragments) is None:
            last = next(f for f in reversed(nt.fragments) if f.config is None)
            where = Location(str(last.file.path), *last.key_pos)
            if is_9:
                diags.append(error("nodetype-unset",
                                   f"{name!r} is set to null here: Neos 9 fails to load the node types (its "
                                   f"NodeTypeEnrichmentService takes each node type's configuration as a map, a "
                                   f"TypeError for null; Neos 8.3 drops the type). Delete the entry; to keep editors from "
                                   f"creating another package's type, give it `abstract: true`",
                                   where, node_type=name))
            else:
                diags.append(info("nodetype-unset", f"{name!r} is set to null here, so the CMS drops the node type",
                                  where, node_type=name))
            if name != root:
                del project.node_types[name]


def _compute_local(nt: NodeType, project: Project) -> None:
    local = dict(_merged_fragments(nt.fragments) or {})
    supertypes = local.get("superTypes")
    listed = isinstance(supertypes, list)
    if isinstance(supertypes, list):
        supertypes = {str(i): v for i, v in enumerate(supertypes)}
    if supertypes is not None and not isinstance(supertypes, dict):
        project.diagnostics.append(error("supertypes-invalid", f"{nt.name}: superTypes must be a map of node type names to true/false",
                                         _at(nt, ("superTypes",)), node_type=nt.name))
        supertypes = {}
    # (key, name, enabled): the CMS keys the flattened supertypes by these keys, so the integer keys of
    # the old list form (`superTypes: ['A']`, the value is the name) collide across levels (NodeTypeManager,
    # NodeType::getFlattenedSuperTypes; facts §5.3)
    entries: list[tuple[str, str, bool]] = []
    old_form = False
    normalized: dict[str, object] = {}
    is_9 = project.cms_version.version is not CmsVersion.V8_3
    for raw, enabled in (supertypes or {}).items():
        if not listed and enabled is not None and not isinstance(enabled, bool):
            _supertype_value_finding(nt, project, raw, enabled, is_9)
        if isinstance(enabled, str):  # the old list form: the value names the supertype
            old_form = old_form or listed
            norm = project.platform.normalize_name(enabled)
            if norm.legacy:
                _legacy_supertype_finding(nt, project, enabled, norm.value, True, ("superTypes",))
            entries.append((str(raw), norm.value, True))
            normalized[str(raw)] = norm.value
            continue
        norm = project.platform.normalize_name(raw)
        if norm.legacy:
            _legacy_supertype_finding(nt, project, raw, norm.value, enabled is not None and enabled is not False,
                                      ("superTypes", raw))
        normalized[norm.value] = enabled
        entries.append((norm.value, norm.value, enabled is not None and enabled is not False))
    if old_form:
        make = error if is_9 else warning
        consequence = ("Neos 9 rejects this (exception 1651821391)" if is_9 else
                       "Neos 8.3 accepts this with a deprecation, and its integer keys collide with the list keys of supertypes")
        project.diagnostics.append(make(
            "supertypes-list",
            f"{nt.name}: superTypes is written as a list; {consequence}. Write a map: `Name: true`",
            _at(nt, ("superTypes",)), node_type=nt.name))
    nt._supertype_entries = entries
    nt._supertype_map = {name: on for _key, name, on in entries}
    nt.declared_supertypes = list(dict.fromkeys(name for _key, name, on in entries if on))
    nt.disabled_supertypes = [name for _key, name, on in entries if not on]
    if isinstance(local.get("superTypes"), (dict, list)):
        # (a null `superTypes` stays null: the CMS merges the local configuration as written, so
        # nodetypes:show prints `superTypes: null` for a type that switched all of them off with `~`)
        local["superTypes"] = normalized
    if "properties" in local:
        # As the CMS's NodeTypeManager: null properties are dropped, and properties that end up
        # empty (or are not an array) are removed altogether, so an empty map never replaces the
        # inherited properties (`properties: ~`, `properties: {}` and `{foo: ~}` leave them alone).
        # A list is a PHP array keyed 0, 1...: its entries are properties of those names.
        properties = local["properties"]
        if isinstance(properties, list):
            properties = local["properties"] = {str(index): value for index, value in enumerate(properties)}
        if isinstance(properties, dict) and any(v is None for v in properties.values()):
            properties = local["properties"] = {k: v for k, v in properties.items() if v is not None}
        if not isinstance(properties, dict) or not properties:
            del local["properties"]
    _listed_properties_findings(nt, project)
    nt.local = local


def _listed_properties_findings(nt: NodeType, project: Project) -> None:
    """A warning where one of the type's own files writes `properties` as a list; under 9.x an error where the
    last file that writes `properties` makes it a text, number or boolean: 9.x's NodeTypeEnrichmentService
    (strict types) hands each type's own `properties` that is set to `setLabels(array &...)`, a TypeError before
    any node type loads (8.3's NodeTypeManager drops a `properties` that is no array)."""
    last = None  # (fragment, value) of the last file that writes `properties` (`Name: ~` starts again)
    for fragment in nt.fragments:
        config = fragment.config
        if config is None:
            last = None
        elif isinstance(config, dict) and "properties" in config:
            last = (fragment, config["properties"])
        written = config.get("properties") if isinstance(config, dict) and not fragment.file.baseline else None
        if isinstance(written, list) and written:
            pos = config.key_pos.get("properties") if isinstance(config, YMap) else None
            project.diagnostics.append(warning(
                "properties-not-map",
                f"{nt.name}: `properties` is a list, not a map: the CMS reads it as a map keyed 0, 1..., so its "
                f"entries are properties named 0, 1... Write each property as `name: {{type: ...}}`",
                Location(str(fragment.file.path), *(pos or fragment.key_pos)), node_type=nt.name))
    if last is None or project.cms_version.version is CmsVersion.V8_3:
        return
    fragment, value = last
    if value is None or isinstance(value, (dict, list)) or fragment.file.baseline:
        return
    pos = fragment.config.key_pos.get("properties") if isinstance(fragment.config, YMap) else None
    project.diagnostics.append(error(
        "properties-not-map",
        f"{nt.name}: `properties` is {postprocess.shown_value(value)}, not a map: Neos 9 fails to load the node types "
        f"(its NodeTypeEnrichmentService hands the section to a method that takes an array: a TypeError). Write "
        f"each property as `name: {{type: ...}}`, or remove the line",
        Location(str(fragment.file.path), *(pos or fragment.key_pos)), node_type=nt.name))


#: Why a `TYPO3.Neos:` name is not the platform's type in the CMS versions the studio follows.
_LEGACY_RENAMED = ("Neos 3.0 renamed the TYPO3.Neos namespace to Neos.Neos with one-off code migrations, and "
                   "nothing maps the old names since")


def _legacy_supertype_finding(nt: NodeType, project: Project, raw: str, name: str, enabled: bool, path: tuple) -> None:
    """A supertype named in the `TYPO3.Neos:` namespace: the studio reads it as the platform's type; the
    CMS looks the name up as written (NodeTypeManager), where no such type exists."""
    if enabled:
        project.diagnostics.append(error(
            "legacy-name",
            f"{nt.name}: supertype {raw!r} does not exist in Neos 8.3 and 9.x ({_LEGACY_RENAMED}), so the CMS fails "
            f"to load the node types; the studio reads it as {name!r}. Write {name!r}",
            _at(nt, path), node_type=nt.name))
    else:
        project.diagnostics.append(warning(
            "legacy-name",
            f"{nt.name}: switching off supertype {raw!r} does not switch off {name!r} in Neos 8.3 and 9.x "
            f"({_LEGACY_RENAMED}); the studio reads it as {name!r}. Write {name!r}",
            _at(nt, path), node_type=nt.name))


def _supertype_value_finding(nt: NodeType, project: Project, key: str, value, is_9: bool) -> None:
    """A `superTypes` entry whose value is not true, false or ~. NodeTypeManager of 9.x takes the value as
    ``?bool`` under strict types (a TypeError); 8.3 takes any other value as the supertype's name (the
    old list form): a string names a type, anything else names none and the load fails."""
    shown = (f"the string {value[:60]!r}" if isinstance(value, str) else f"the number {value}"
             if isinstance(value, (int, float)) else "a map" if isinstance(value, dict) else "a list"
             if isinstance(value, list) else type(value).__name__)
    if isinstance(value, str) and not is_9:
        project.diagnostics.append(warning(
            "supertypes-invalid",
            f"{nt.name}: the value of superTypes.{key} is {shown}, not true or false: Neos 8.3 reads it as the name "
            f"of the supertype (the deprecated list form) and Neos 9 fails with a TypeError. Write `{value}: true`",
            _at(nt, ("superTypes", key)), node_type=nt.name))
        return
    consequence = ("Neos 9 fails with a TypeError" if is_9 else
                   "Neos 8.3 reads it as the name of a node type and fails to load the node types")
    project.diagnostics.append(error(
        "supertypes-invalid",
        f"{nt.name}: the value of superTypes.{key} is {shown}, not true, false or ~: {consequence}. "
        f"Write `{key}: true` (or `false` / `~` to remove it)",
        _at(nt, ("superTypes", key)), node_type=nt.name))


def _at(nt: NodeType, path: tuple) -> Location | None:
    """Where a finding about ``path`` of ``nt`` points: the key, else the type's definition (worked out
    only for a finding: most types have none)."""
    return nt.location_of_key(path) or nt.location_of_definition()


def _merged_fragments(fragments: list[Fragment]):
    """A type's configuration from its fragments as the CMS loads them: the files of one package (one
    context level) are merged with each other first, then that group over the earlier groups, so a
    `Name: ~` in one file of a group and a redefinition in the next keep the earlier packages' keys.
    A later `Name: {}` / `Name: ~` replaces what the earlier groups said (facts §5.1, §5.2)."""
    result = None
    group_key, group_value, started = None, None, False
    for fragment in fragments:
        source = fragment.file
        key = source.group or ((None, source.package) if source.baseline and source.package else (id(source),))
        if started and key != group_key:
            result = _over(result, group_value)
            group_value = None
        group_key, started = key, True
        group_value = _over(group_value, fragment.config)
    if started:
        result = _over(result, group_value)
    return result


def _over(base, value):
    """``arrayMergeRecursiveOverrule`` of one type's entry: a non-empty map merges, anything else replaces."""
    if isinstance(value, dict) and value and isinstance(base, dict):
        return merge(base, value)
    return value


def _flatten(nt: NodeType, project: Project, memo: dict, stack: list) -> list[tuple[str, str]]:
    """(key, name) of every supertype whose local configuration the CMS merges, in merge order
    (NodeType::getFlattenedSuperTypes): each enabled supertype's own flattened supertypes first (keys
    already present keep their place), then the supertype itself under its key; then the keys this
    type switches off (`false`/`~`) are removed, also when inherited indirectly (facts §5.3)."""
    if nt.name in memo:
        return memo[nt.name]
    if nt.name in stack:
        cycle = " -> ".join(stack[stack.index(nt.name):] + [nt.name])
        project.diagnostics.append(error("supertype-cycle", f"inheritance cycle: {cycle}",
                                         nt.location_of_definition(), node_type=nt.name))
        return []
    stack.append(nt.name)
    flat: dict[str, str] = {}
    for key, parent_name, enabled in getattr(nt, "_supertype_entries", ()):
        if not enabled:
            continue
        parent = project.node_types.get(parent_name)
        if parent is None:
            # One opened file is not its whole package: a sibling file may define the type.
            package_opened = project.kind != "file" and parent_name.split(":")[0] in project.package_names
            known_namespace = package_opened or parent_name.startswith(project.platform.package + ":")
            make = error if known_namespace else warning
            hint = "" if known_namespace else " (is the package that defines it part of the opened folder?)"
            project.diagnostics.append(make("supertype-unknown", f"{nt.name}: supertype {parent_name!r} is not defined{hint}",
                                            _at(nt, ("superTypes", key)), node_type=nt.name))
            continue
        if parent.final:
            project.diagnostics.append(error("supertype-final", f"{nt.name}: {parent_name!r} is final and cannot be used as a supertype",
                                             _at(nt, ("superTypes", key)), node_type=nt.name))
        if parent_name in stack:
            cycle = " -> ".join(stack[stack.index(parent_name):] + [parent_name])
            project.diagnostics.append(error("supertype-cycle", f"inheritance cycle: {cycle}", _at(nt, ("superTypes", key)),
                                             node_type=nt.name))
            continue
        for inherited_key, inherited in _flatten(parent, project, memo, stack):
            flat.setdefault(inherited_key, inherited)
        flat[key] = parent_name
    stack.pop()
    for key, _name, enabled in getattr(nt, "_supertype_entries", ()):
        if not enabled:
            flat.pop(key, None)
    memo[nt.name] = order = list(flat.items())
    return order


def _without_flags(config: dict) -> dict:
    """A type's local configuration as the CMS keeps it: `abstract`/`final` are taken out only when
    they are `true` (NodeType constructor), so `abstract: false` of a supertype is inherited."""
    if config.get("abstract") is True or config.get("final") is True:
        return {k: v for k, v in config.items() if not (k in ("abstract", "final") and v is True)}
    return config


def _resolve(project: Project, types: list[NodeType] | None = None,
             memo: dict[str, list[tuple[str, str]]] | None = None) -> None:
    """Resolve ``types`` (default: every node type of the project). An edit resolves only the edited types
    and their subtypes (``model/incremental.py``); ``memo`` then holds the flattened supertypes of the others."""
    types = list(project.node_types.values()) if types is None else types
    for nt in types:
        _compute_local(nt, project)
    for nt in types:
        if any(f.file.i18n for f in nt.fragments):
            postprocess.enrich_i18n(nt, project)
        project.diagnostics.extend(postprocess.legacy_spelling_findings(nt, project))
    memo = {} if memo is None else memo
    for nt in types:
        nt._flattened = _flatten(nt, project, memo, [])
        nt._merge_chain = [name for _key, name in nt._flattened]
        nt.ancestors = list(dict.fromkeys(nt._merge_chain))
    presets = project.platform_setting("nodeTypes", "presets", default={}) or {}
    settings = postprocessors.Settings(project)
    version = project.cms_version.version.value
    implicit = _implicit_postprocessing(project)
    chains: dict[tuple[str, ...], dict] = {(): {}}
    for nt in types:
        # superTypes merges like any key (facts 5.3: the full configuration is the merge of every listed
        # supertype's local configuration, then the type's own), as the CMS's nodetypes:show prints it
        nt.merged = merge(_merged_chain(tuple(nt._merge_chain), project, chains), _without_flags(nt.local))
        _sort_child_nodes(nt, project)
        chain = postprocessors.declared_chain(nt.merged, settings.chains)
        _report_positions(nt, project, "postprocessors",
                          postprocessors.position_problems(nt.merged, settings.chains),
                          lambda key: ("postprocessors", key, "position"))
        if chain is None and implicit:
            chain = _implicit_chain(nt, project)
        kinds = [kind for kind, _cls in chain or ()]
        nt.postprocessors = kinds
        written = None
        preset_layers = {}
        if postprocessors.PRESETS in kinds:
            written = {section: nt.merged.get(section) for section in _PRESET_SECTIONS}
            preset_layers = postprocess.apply_presets(nt, presets, project, settings.entry_facts)
        nt.effective = _postprocess(nt, project, settings, version, kinds, _with_presets(nt, written))
        nt.preview_additions = frozenset()
        nt._preview = None  # 9.x references are shown from their own section (preview/inspector.py)
        if postprocessors.DEFAULT_EDITORS not in kinds:
            # The CMS gives this type no editors (it does not inherit the post-processor): the preview
            # still wants them, so it gets a copy with the default editors, marked as the studio's addition.
            preview = postprocessors.default_editors(nt.preview, settings, version, [])
            preview = _with_platform_layout(preview, project)
            nt._preview = preview
            found = preview.get("properties")
            props: dict = found if isinstance(found, dict) else {}
            nt.preview_additions = frozenset(n for n, prop in props.items()
                                             if prop is not (nt.effective.get("properties") or {}).get(n))
        nt._layer_builder = (lambda nt=nt, preset_layers=preset_layers: _build_layers(nt, project, preset_layers))


def _merged_chain(chain: tuple[str, ...], project: Project, chains: dict[tuple[str, ...], dict]) -> dict:
    """The merge of the local configurations of ``chain`` (supertype names, in merge order). Types with
    the same supertypes share the longest chain merged before (``chains``, one resolution's memo):
    most types of a project start with the same platform chain. Merged values are never changed in
    place, so sharing them is safe."""
    known = len(chain)
    while chain[:known] not in chains:
        known -= 1
    merged = chains[chain[:known]]
    for end in range(known + 1, len(chain) + 1):
        merged = merge(merged, _without_flags(project.node_types[chain[end - 1]].local))
        chains[chain[:end]] = merged
    return merged


def _legacy_references(nt: NodeType, project: Project, settings: postprocessors.Settings,
                       config: dict | None = None) -> dict:
    """9.x: properties of `type: reference` / `references` become entries of `references` (without their
    `type`; `reference` gets `constraints.maxItems: 1`), and the configuration always has `references`
    (NodeType::buildFullConfiguration; platform facts §6.4, §1). ``nt.merged`` keeps them as written
    (the checks read them there); the returned copy of ``config`` (default ``nt.merged``) is what the
    post-processors get."""
    merged = dict(nt.merged if config is None else config)
    properties = merged.get("properties")
    references = merged.get("references")
    references = dict(references) if isinstance(references, dict) else {}
    if isinstance(properties, dict) and settings.entry_facts(properties).references:
        kept = {}
        for name, prop in properties.items():
            kind = prop.get("type") if isinstance(prop, dict) else None
            if kind not in ("reference", "references"):
                kept[name] = prop
                continue
            where = nt.location_of_key(("properties", name, "type")) or nt.location_of_definition()
            if name in references or "constraints" in prop or "properties" in prop:
                project.diagnostics.append(error(
                    "reference-conflict",
                    f"{nt.name}: property {name!r} of type {kind} is also declared under `references`, or has "
                    f"`constraints`/`properties` of its own: Neos 9 fails (exception 1708022344)",
                    where, node_type=nt.name, property_name=name))
                kept[name] = prop
                continue
            moved = {k: v for k, v in prop.items() if k != "type"}
            if kind == "reference":
                moved["constraints"] = {"maxItems": 1}
            references[name] = moved
            nt._moved_references[name] = kind
        if len(kept) != len(properties):
            merged["properties"] = kept
            if not kept:
                del merged["properties"]
    merged["references"] = references
    return merged


def _with_platform_layout(config: dict, project: Project) -> dict:
    """``config`` over the tabs and groups of the platform's ``Node`` type, so that a mixin's properties
    have somewhere to show in its preview (the types that use it inherit them anyway)."""
    node = project.node_types.get(project.platform.node_type("Node"))
    inspector = get_path(node.local, ("ui", "inspector"), None) if node is not None else None
    if not isinstance(inspector, dict):
        return config
    layout = {kind: inspector[kind] for kind in ("tabs", "groups") if isinstance(inspector.get(kind), dict)}
    return merge({"ui": {"inspector": layout}}, config) if layout else config


def _implicit_postprocessing(project: Project) -> bool:
    """True when the platform comes from a baseline that declares no `postprocessors` (the older,
    version-less one): the studio then runs the platform's chain on `<Prefix>.<Prefix>:Node` types."""
    if not project.uses_baseline:
        return False
    for source in project.files:
        if source.baseline and isinstance(source.data, dict):
            if any(isinstance(config, dict) and "postprocessors" in config for config in source.data.values()):
                return False
    return True


def _implicit_chain(nt: NodeType, project: Project) -> list | None:
    platform = project.platform
    if not nt.is_of_type(platform.node_type("Node")):
        return None
    kinds = [postprocessors.PRESETS]
    if nt.is_of_type(platform.node_type("Document")) or nt.is_of_type(platform.node_type("Content")):
        kinds.append(postprocessors.CREATION_DIALOG)
    kinds += [postprocessors.ICON_NAMES, postprocessors.DEFAULT_EDITORS]
    return [(kind, None) for kind in kinds]


_PRESET_SECTIONS = ("properties", "childNodes")


def _with_presets(nt: NodeType, written: dict | None) -> dict:
    """{section: (its entries as written, {name: entry with its preset})} for the sections in which
    ``apply_presets`` gave an entry a preset, found by comparing ``nt.merged`` with the sections as ``written``
    before it (empty for most types)."""
    found: dict = {}
    for section, entries in (written or {}).items():
        now = nt.merged.get(section)
        if not isinstance(entries, dict) or not isinstance(now, dict) or now is entries:
            continue
        changed = {name: entry for name, entry in now.items() if entry is not entries.get(name)}
        if changed:
            found[section] = (entries, changed)
    return found


def _postprocess(nt: NodeType, project: Project, settings, version: str, kinds: list,
                 with_presets: dict | None = None) -> dict:
    """The full configuration after the post-processors the type declares, in their order.

    NodeTypePresetPostprocessor reads the entries through ``$nodeType->getConfiguration()``, i.e. as they are
    before any post-processor ran (NodeType::initialize() keeps that configuration and post-processes a copy;
    8.3 and 9.x), and writes each entry with a preset over the copy, at its place in the chain. ``nt.merged``
    has the presets merged already (``apply_presets``; the checks read it): when presets do not run first, or
    9.x moves references out of ``properties`` before them, the chain starts from the entries as written."""
    config = dict(nt.merged)
    exact = bool(with_presets) and (version != "8.3" or kinds[0] != postprocessors.PRESETS)
    if exact:
        for section, (written, _changed) in (with_presets or {}).items():
            config[section] = written
    if version != "8.3":
        config = _legacy_references(nt, project, settings, config)
    before = config
    for kind in kinds:
        if kind == postprocessors.PRESETS and exact:
            config = _preset_step(config, before, with_presets or {})
        elif kind == postprocessors.CREATION_DIALOG:
            problems: list = []
            bad_ui: list = []
            bad_elements: list = []
            config = postprocessors.creation_dialog(config, settings, version, problems, bad_ui, bad_elements)
            _report_positions(nt, project, "ui.creationDialog.elements", problems, lambda key: _element_position_path(nt, key))
            _report_element_ui(nt, project, config, bad_ui, version)
            if bad_elements:
                _report_elements(nt, project, bad_elements, version)
        elif kind == postprocessors.ICON_NAMES:
            config = postprocessors.icon_names(config, version, settings.icons)
        elif kind == postprocessors.PLUGIN and version == "8.3":  # (the class does not exist in 9.x)
            config = postprocessors.plugin_views(config)
        elif kind == postprocessors.DEFAULT_EDITORS:
            # a property the CMS finds no editor for is reported by the `property-no-default-editor` check
            bad_ui = []
            config = postprocessors.default_editors(config, settings, version, [], bad_ui)
            _report_element_ui(nt, project, config, bad_ui, version)
    return config


def _preset_step(config: dict, before: dict, with_presets: dict) -> dict:
    """NodeTypePresetPostprocessor at its place in the chain: each entry of ``before`` (the configuration the
    post-processors started from) that has a preset is written over ``config`` with its preset."""
    for section, (written, changed) in with_presets.items():
        start = before.get(section)
        names = [name for name in changed if isinstance(start, dict) and name in start and start[name] is written.get(name)]
        if not names:
            continue  # (9.x: the entries with a preset were references, moved out before the post-processors)
        entries = config.get(section)
        entries = dict(entries) if isinstance(entries, dict) else {}
        for name in names:
            entries[name] = changed[name]
        config = {**config, section: entries}
    return config


def _report_element_ui(nt: NodeType, project: Project, config: dict, names: list, version: str) -> None:
    """An error for each creation dialog element whose `ui` the CMS's post-processor cannot merge."""
    processor = "DefaultPropertyEditorPostprocessor" if version == "8.3" else "CreationDialogNodeTypePostprocessor"
    cms = "Neos 8.3" if version == "8.3" else "Neos 9"
    for name in names:
        ui = get_path(config, ("ui", "creationDialog", "elements", name, "ui"), None)
        what = "no `ui` map" if ui is None else f"its `ui` is {postprocess.shown_value(ui)}, not a map"
        path = ("ui", "creationDialog", "elements", name)
        project.diagnostics.append(error(
            "creation-element-ui-invalid",
            f"{nt.name}: creation dialog element `{name}` has a `type` with a default editor but {what}: {cms} cannot "
            f"load the node types (its {processor} merges the element's `ui` with "
            f"Arrays::arrayMergeRecursiveOverrule(), which takes an array: a TypeError). Write `ui: {{label: ...}}`",
            nt.location_of_key(path + ("ui",)) or nt.location_of_key(path) or nt.location_of_definition(),
            node_type=nt.name))


def _report_elements(nt: NodeType, project: Project, failures: list, version: str) -> None:
    """An error for each thing the CMS's creation dialog post-processor fails on (``postprocessors._element_failures``)."""
    cms = "Neos 8.3" if version == "8.3" else "Neos 9"
    root = ("ui", "creationDialog", "elements")
    for what, name in failures:
        if what == "elements":
            written = get_path(nt.merged, root, None)
            if name is None:
                why = "its CreationDialogNodeTypePostprocessor takes the elements as an array: a TypeError"
            else:
                why = f"its CreationDialogPostprocessor adds the promoted property `{name}` to them: an Error"
            message = (f"`ui.creationDialog.elements` is {postprocess.shown_value(written)}, not a map: {cms} cannot "
                       f"load the node types ({why}). Write a map of elements, or `~` for none")
            path: tuple = root
        elif what == "explicit":
            written = get_path(nt.merged, root + (name,), None)
            message = (f"creation dialog element `{name}` is {postprocess.shown_value(written)}, not a map, and "
                       f"completes the promoted property `{name}`: {cms} cannot load the node types (its creation "
                       f"dialog post-processor merges it into the promoted element with "
                       f"Arrays::arrayMergeRecursiveOverrule(), which takes an array: a TypeError). Write "
                       f"`{name}: {{ui: {{label: ...}}}}`, or `~` to keep the promoted element as it is")
            path = root + (name,)
        else:
            message = (f"property `{name}` is shown in the creation dialog, and PHP keys its name as an integer: "
                       f"{cms} cannot load the node types (its CreationDialogNodeTypePostprocessor takes the "
                       f"property's name as text, a TypeError under strict types). Give the property a name that "
                       f"starts with a letter")
            path = ("properties", name)
        project.diagnostics.append(error("creation-element-invalid", f"{nt.name}: {message}",
                                         nt.location_of_key(path) or nt.location_of_definition(),
                                         node_type=nt.name))


def _sort_child_nodes(nt: NodeType, project: Project) -> None:
    children = nt.merged.get("childNodes")
    if not isinstance(children, dict) or not children:
        return
    items = [(k, v.get("position") if isinstance(v, dict) else None) for k, v in children.items() if v is not None]
    order, problems = php_sort(items)
    _report_positions(nt, project, "childNodes", problems, lambda key: ("childNodes", key, "position"))
    nt.merged["childNodes"] = {k: children[k] for k in order}


def _report_positions(nt: NodeType, project: Project, section: str, problems: list, path_of) -> None:
    """A finding for every problem Flow's positional sorter has with ``section`` of ``nt``, where the type
    writes ``path_of(key)`` (else at its definition)."""
    for problem in problems:
        consequence = "the CMS leaves it out" if problem.position is None else "the CMS throws"
        project.diagnostics.append(error("position-invalid", f"{nt.name}: {section}: {problem.message}; {consequence}",
                                         nt.location_of_key(path_of(problem.key)) or nt.location_of_definition(),
                                         node_type=nt.name))


def _element_position_path(nt: NodeType, key) -> tuple:
    """Where a creation dialog element's position is written: on the element, else on the promoted property."""
    element = ("ui", "creationDialog", "elements", key, "position")
    if get_path(nt.merged, element, None) is not None:
        return element
    return ("properties", key, "ui", "inspector", "position")


def _added(after, before):
    """The parts of ``after`` that ``before`` does not have (equal values are the written ones)."""
    if isinstance(after, dict) and isinstance(before, dict):
        diff = {}
        for key, value in after.items():
            if key not in before:
                diff[key] = value
            elif value != before[key]:
                sub = _added(value, before[key])
                if sub is not None:
                    diff[key] = sub
        return diff or None
    return None if after == before else after


def _postprocessor_layers(nt: NodeType) -> list[Layer]:
    """Layers for what the creation dialog and icon name post-processors write (no file: computed)."""
    found: list[Layer] = []
    root = ("ui", "creationDialog", "elements")
    elements = get_path(nt.effective, root)
    if postprocessors.CREATION_DIALOG in nt.postprocessors and isinstance(elements, dict) \
            and elements is not get_path(nt.merged, root):
        added = _added(elements, get_path(nt.merged, root, None))
        if added:
            found.append(Layer("creation dialog post-processor", None, added, root))
    if "references" in nt.effective and not nt.local.get("references"):
        # 9.x always has `references`; a moved `reference` gets `constraints.maxItems: 1`
        added = {name: {"constraints": {"maxItems": 1}} for name, kind in nt._moved_references.items()
                 if kind == "reference"}
        if added or nt.effective["references"] == {}:
            found.append(Layer("9.x references", None, {"references": added}, ()))
    if postprocessors.PLUGIN in nt.postprocessors and nt._project is not None \
            and nt._project.cms_version.version is CmsVersion.V8_3:
        views = postprocessors.plugin_views_of(nt.merged)
        if views and postprocessors.plugin_views(nt.merged) is not nt.merged:
            added = postprocessors.plugin_views({"options": {"pluginViews": views}})
            found.append(Layer("plugin post-processor", None, {"ui": added["ui"], "properties": added["properties"]}, ()))
    if postprocessors.ICON_NAMES in nt.postprocessors:
        icons: dict = {}
        ui, before = nt.effective.get("ui"), nt.merged.get("ui")
        if isinstance(ui, dict) and isinstance(before, dict):
            if ui.get("icon") != before.get("icon"):
                icons["icon"] = ui.get("icon")
            for kind, items in (ui.get("inspector") or {}).items() if isinstance(ui.get("inspector"), dict) else ():
                for item_id, item in items.items() if isinstance(items, dict) else ():
                    old = get_path(before, ("inspector", kind, item_id, "icon"), None)
                    if isinstance(item, dict) and item.get("icon") is not None and item.get("icon") != old:
                        icons.setdefault("inspector", {}).setdefault(kind, {})[item_id] = {"icon": item["icon"]}
        if icons:
            found.append(Layer("icon name post-processor", None, icons, ("ui",)))
    return found


def _build_layers(nt: NodeType, project: Project, preset_layers: dict[str, list[Layer]]) -> None:
    layers: list[Layer] = []
    chain = [project.node_types[n] for n in nt.ancestors] + [nt]
    for owner in chain:
        props = owner.local.get("properties")
        skip: set[tuple[str, ...]] = set()
        if props is None:
            skip.add(("properties",))  # the type's own properties were dropped (see _compute_local)
        for fragment in owner.fragments:
            fprops = fragment.config.get("properties") if isinstance(fragment.config, dict) else None
            if isinstance(fprops, dict):
                for pname in fprops:
                    if not isinstance(props, dict) or pname not in props:
                        skip.add(("properties", pname))
        if owner is not nt:
            skip |= {("abstract",), ("final",)}
        label = "own" if owner is nt else ("platform baseline" if owner.from_baseline else f"supertype {owner.name}")
        for fragment in owner.fragments:
            lab = "platform baseline" if fragment.file.baseline else label
            layers.append(Layer(lab, fragment.file, fragment.config if fragment.config is not None else {}, (), frozenset(skip)))
    layers += _postprocessor_layers(nt)
    nt._layers = layers
    nt._property_layers = {}
    with_defaults = postprocessors.DEFAULT_EDITORS in nt.postprocessors or nt.preview_additions
    defaults = postprocess.default_layers(nt, project) if with_defaults else {}
    for pname in set(preset_layers) | set(defaults):
        nt._property_layers[pname] = defaults.get(pname, []) + preset_layers.get(pname, []) + layers
