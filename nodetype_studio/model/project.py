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

from nodetype_studio.diagnostics import Diagnostic, Location, error, info, warning
from nodetype_studio.model import postprocess
from nodetype_studio.model.baseline import load_baseline, omitted_packages
from nodetype_studio.model.discovery import (
    DEFAULT_CONTEXT,
    Package,
    add_new_files,
    discover,
)
from nodetype_studio.model.merge import merge
from nodetype_studio.model.nodetype import Fragment, Layer, NodeType, SourceFile
from nodetype_studio.model.prefix import Platform
from nodetype_studio.model.sorting import php_sort
from nodetype_studio.model.version import (
    DEFAULT_VERSION,
    VersionInfo,
    detect_cms_version,
)
from nodetype_studio.model.yamlload import (
    LoadedYaml,
    YMap,
    decode_yaml_bytes,
    load_yaml_text,
)

NAME_RE = re.compile(r"^[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*:[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$")
PLATFORM_PACKAGES = {"Neos.Neos", "Cms.Cms"}


@dataclass
class _Parsed:
    signature: tuple
    loaded: LoadedYaml
    prefix_counts: tuple[int, int]
    i18n: bool = False


_parse_cache: dict[str, _Parsed] = {}
_project_cache: dict[tuple, tuple[tuple, "Project"]] = {}


def _signature(path: Path) -> tuple:
    try:
        st = path.stat()
    except OSError:
        return ()
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _parse(path: Path, use_cache: bool, text: str | None = None) -> _Parsed:
    key = str(path)
    signature = _signature(path)
    if text is not None:  # an unsaved buffer stands in for the file: parsed, never cached
        return _parse_text(key, signature, text, [])
    cached = _parse_cache.get(key)
    if use_cache and cached is not None and signature and cached.signature == signature:
        return cached
    try:
        raw = path.read_bytes()
    except OSError as exc:
        loaded = LoadedYaml(None, [error("file-unreadable", f"cannot read the file: {exc.strerror or exc}", Location(key))], ok=False)
        return _Parsed(signature, loaded, (0, 0))
    text, problems = decode_yaml_bytes(raw, key)
    parsed = _parse_text(key, signature, text, problems)
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


def load_project(path: str | os.PathLike, *, context: str = DEFAULT_CONTEXT, use_cache: bool = True,
                 overrides: Mapping[str | os.PathLike, str] | None = None, cms_version: str | None = None) -> Project:
    """Open a package, a distribution, a folder of packages or one NodeTypes file.

    Raises ``FileNotFoundError`` only when ``path`` does not exist; every problem inside the
    project is a diagnostic. ``cms_version`` ("8.3" or "9") overrides the detected CMS version. With ``use_cache`` an unchanged project (same files, same sizes and
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
        return _load_project(path, context, use_cache, overrides, cms_version)
    finally:
        if was_enabled:
            gc.enable()


def _load_project(path, context: str, use_cache: bool, overrides, cms_version: str | None = None) -> Project:
    found = discover(path, context)
    texts = _override_texts(found, overrides) if overrides else {}
    if overrides is not None:
        return _build(found, context, use_cache, texts, cms_version)
    all_paths = [f for _, _, f in found.load_order()]
    signatures = tuple((str(p), _signature(p)) for p in all_paths)
    cache_key = (str(found.root), context, cms_version)
    if use_cache:
        cached = _project_cache.get(cache_key)
        if cached is not None and cached[0] == signatures:
            return cached[1]
    project = _build(found, context, use_cache, {}, cms_version)
    _project_cache[cache_key] = (signatures, project)
    return project


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


def _build(found, context: str, use_cache: bool, texts: Mapping[Path, str], cms_version: str | None = None) -> Project:
    diagnostics = list(found.diagnostics)
    version = detect_cms_version(found.root, cms_version)
    parsed_files: list[tuple[Package, Path, _Parsed, str]] = []
    neos = cms = 0
    for pkg, kind, p in found.load_order():
        parsed = _parse(p, use_cache, texts.get(p))
        parsed_files.append((pkg, p, parsed, kind))
        neos += parsed.prefix_counts[0]
        cms += parsed.prefix_counts[1]
        diagnostics.extend(parsed.loaded.diagnostics)
    platform = Platform("Cms" if cms > neos else "Neos")
    uses_baseline = not any(pkg.name in PLATFORM_PACKAGES for pkg in found.packages)

    files: list[SourceFile] = []
    settings_files: list[SourceFile] = []
    # the platform of the project's CMS version, without optional packages its composer.lock does not install
    baseline = load_baseline(version.version.value, platform.prefix, omitted_packages(found.root, version.version.value))
    settings_files.extend(baseline.settings_files)
    files.extend(baseline.nodetype_files)
    for pkg, p, parsed, kind in parsed_files:
        source = SourceFile(p, None if pkg.is_global else pkg.name, parsed.loaded.data, kind, signature=parsed.signature,
                            i18n=parsed.i18n)
        (files if kind == "nodetypes" else settings_files).append(source)

    project = Project(found.root, found.kind, context, platform, found.packages, files, settings_files,
                      diagnostics=diagnostics, uses_baseline=uses_baseline, cms_version=version)
    settings: dict = {}
    for sf in settings_files:
        if isinstance(sf.data, dict):
            settings = merge(settings, sf.data)
        elif sf.data is not None:
            diagnostics.append(error("settings-not-mapping", "a Settings file must be a mapping", Location(str(sf.path), 1, 1)))
    project.settings = settings
    _collect_fragments(project)
    _resolve(project)
    return project


def _collect_fragments(project: Project) -> None:
    platform = project.platform
    diags = project.diagnostics
    declared: set[str] = set()
    if not project.uses_baseline:  # the platform package is part of the project: it defines its own types
        declared = {platform.normalize_name(n).value for f in project.files if not f.baseline and isinstance(f.data, dict) for n in f.data}
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
                    if baseline_type is None:  # a platform type may be spread over several baseline files (its package's, the UI's)
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
                diags.append(info("compat-legacy-name",
                                  f"{raw_name!r} uses the legacy {normalized.legacy} namespace; it resolves to {name!r}",
                                  where, node_type=name))
            if not NAME_RE.match(name):
                diags.append(warning("nodetype-name",
                                     f"node type name {raw_name!r} is not of the form Vendor.Package:Name",
                                     where, node_type=name))
            if config is not None and not isinstance(config, dict):
                diags.append(error("nodetype-not-mapping",
                                   f"the configuration of {raw_name!r} must be a mapping, not {type(config).__name__}",
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
    # is skipped by the CMS's NodeTypeManager: it does not exist, and using it as a supertype fails.
    for name, nt in list(project.node_types.items()):
        last = nt.fragments[-1] if nt.fragments else None
        if last is not None and last.config is None and not last.file.baseline:
            del project.node_types[name]
            diags.append(info("nodetype-unset", f"{name!r} is set to null here, so the CMS drops the node type",
                              Location(str(last.file.path), *last.key_pos), node_type=name))


def _compute_local(nt: NodeType, project: Project) -> None:
    local: dict = {}
    for fragment in nt.fragments:
        # a later `Name: {}` (or `Name: ~`) replaces what earlier files said, as the file-level merge does
        local = merge(local, fragment.config) if fragment.config else {}
    local = dict(local)
    supertypes = local.get("superTypes")
    where = nt.location_of_definition()
    if isinstance(supertypes, list):
        project.diagnostics.append(error(
            "supertypes-list",
            f"{nt.name}: superTypes is written as a list; Neos 9 rejects this (8.3 accepted it with a deprecation). "
            f"Write a map: `Name: true`",
            nt.location_of_key(("superTypes",)) or where, node_type=nt.name))
        supertypes = {s: True for s in supertypes if isinstance(s, str)}
    elif supertypes is not None and not isinstance(supertypes, dict):
        project.diagnostics.append(error("supertypes-invalid", f"{nt.name}: superTypes must be a map of node type names to true/false",
                                         nt.location_of_key(("superTypes",)) or where, node_type=nt.name))
        supertypes = {}
    normalized: dict[str, object] = {}
    for raw, enabled in (supertypes or {}).items():
        norm = project.platform.normalize_name(raw)
        if norm.legacy:
            project.diagnostics.append(info("compat-legacy-name", f"supertype {raw!r} uses the legacy {norm.legacy} namespace; it resolves to {norm.value!r}",
                                            nt.location_of_key(("superTypes", raw)) or where, node_type=nt.name))
        normalized[norm.value] = enabled
    nt._supertype_map = normalized
    nt.declared_supertypes = [n for n, on in normalized.items() if on is not None and on is not False]
    nt.disabled_supertypes = [n for n, on in normalized.items() if on is None or on is False]
    if "superTypes" in local:
        local["superTypes"] = normalized
    if "properties" in local:
        # As the CMS's NodeTypeManager: null properties are dropped, and properties that end up
        # empty (or are not a map) are removed altogether, so an empty map never replaces the
        # inherited properties (`properties: ~`, `properties: {}` and `{foo: ~}` leave them alone).
        properties = local["properties"]
        if isinstance(properties, dict) and any(v is None for v in properties.values()):
            properties = local["properties"] = {k: v for k, v in properties.items() if v is not None}
        if not isinstance(properties, dict) or not properties:
            del local["properties"]
    nt.local = local


def _ancestors(nt: NodeType, project: Project, memo: dict, stack: list) -> list[str]:
    if nt.name in memo:
        return memo[nt.name]
    if nt.name in stack:
        cycle = " -> ".join(stack[stack.index(nt.name):] + [nt.name])
        project.diagnostics.append(error("supertype-cycle", f"inheritance cycle: {cycle}",
                                         nt.location_of_definition(), node_type=nt.name))
        return []
    stack.append(nt.name)
    order: list[str] = []
    for parent_name in nt.declared_supertypes:
        parent = project.node_types.get(parent_name)
        where = nt.location_of_key(("superTypes", parent_name)) or nt.location_of_definition()
        if parent is None:
            # One opened file is not its whole package: a sibling file may define the type.
            package_opened = project.kind != "file" and parent_name.split(":")[0] in project.package_names
            known_namespace = package_opened or parent_name.startswith(project.platform.package + ":")
            make = error if known_namespace else warning
            hint = "" if known_namespace else " (is the package that defines it part of the opened folder?)"
            project.diagnostics.append(make("supertype-unknown", f"{nt.name}: supertype {parent_name!r} is not defined{hint}",
                                            where, node_type=nt.name))
            continue
        if parent.final:
            project.diagnostics.append(error("supertype-final", f"{nt.name}: {parent_name!r} is final and cannot be used as a supertype",
                                             where, node_type=nt.name))
        if parent_name in stack:
            cycle = " -> ".join(stack[stack.index(parent_name):] + [parent_name])
            project.diagnostics.append(error("supertype-cycle", f"inheritance cycle: {cycle}", where, node_type=nt.name))
            continue
        for inherited in _ancestors(parent, project, memo, stack) + [parent_name]:
            if inherited not in order:
                order.append(inherited)
    stack.pop()
    order = [n for n in order if n not in nt.disabled_supertypes]
    memo[nt.name] = order
    return order


def _without_flags(config: dict) -> dict:
    if "abstract" in config or "final" in config:
        return {k: v for k, v in config.items() if k not in ("abstract", "final")}
    return config


def _resolve(project: Project) -> None:
    types = list(project.node_types.values())
    for nt in types:
        _compute_local(nt, project)
    for nt in types:
        if any(f.file.i18n for f in nt.fragments):
            postprocess.enrich_i18n(nt, project)
        project.diagnostics.extend(postprocess.legacy_spelling_findings(nt, project))
    memo: dict[str, list[str]] = {}
    for nt in types:
        nt.ancestors = _ancestors(nt, project, memo, [])
    presets = project.platform_setting("nodeTypes", "presets", default={}) or {}
    for nt in types:
        merged: dict = {}
        for name in nt.ancestors:
            merged = merge(merged, _without_flags(project.node_types[name].local))
        # superTypes merges like any key (facts 5.3: the full configuration is the merge of every listed
        # supertype's local configuration, then the type's own), as the CMS's nodetypes:show prints it
        merged = merge(merged, nt.local)
        for flag in ("abstract", "final"):
            if flag not in nt.local:
                merged.pop(flag, None)
        nt.merged = merged
        preset_layers = postprocess.apply_presets(nt, presets, project)
        _sort_child_nodes(nt, project)
        nt.effective = postprocess.postprocess(nt, project)
        nt._layer_builder = (lambda nt=nt, preset_layers=preset_layers: _build_layers(nt, project, preset_layers))


def _sort_child_nodes(nt: NodeType, project: Project) -> None:
    children = nt.merged.get("childNodes")
    if not isinstance(children, dict) or not children:
        return
    items = [(k, v.get("position") if isinstance(v, dict) else None) for k, v in children.items() if v is not None]
    order, problems = php_sort(items)
    for problem in problems:
        consequence = "the CMS leaves it out" if problem.position is None else "the CMS throws"
        project.diagnostics.append(error("position-invalid", f"{nt.name}: childNodes: {problem.message}; {consequence}",
                                         nt.location_of_key(("childNodes", problem.key, "position")) or nt.location_of_definition(),
                                         node_type=nt.name))
    nt.merged["childNodes"] = {k: children[k] for k in order}


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
    nt._layers = layers
    nt._property_layers = {}
    defaults = postprocess.default_layers(nt, project)
    for pname in set(preset_layers) | set(defaults):
        nt._property_layers[pname] = defaults.get(pname, []) + preset_layers.get(pname, []) + layers
