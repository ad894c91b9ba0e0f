"""Checks of the ClientEval expressions in a project, with file and line.

* ``clienteval-syntax`` (error): the expression does not compile as the CMS compiles it
  (``new Function('node,parentNode', 'return ' + expression)``, checked by V8 without running it).
* ``clienteval-unknown-property`` (warning): ``node.properties.X`` / ``node.properties['X']`` where
  X is not a property of the node type, or a fully private one (``__`` prefix, which the CMS leaves out
  of ``node.properties``): the expression silently sees ``undefined``. An
  expression inherited by several types is checked against the concrete ones and reported
  once, naming the types. In the creation dialog ``node.properties`` holds the dialog's values,
  so there the known names are its elements (and properties shown in it). Types whose definition is incomplete in the project (a supertype is
  missing, or the type belongs to a package that is not loaded and is only overridden here)
  are not judged.
* ``clienteval-mixin-property`` (info): the same for an abstract type that no concrete type of
  the project uses: its users may declare the property, so this is only a hint.
* ``clienteval-not-evaluated`` (warning, or info under ``options``): a ClientEval string where the
  CMS passes the literal text on (validation, inline editor options, positions, ...).
* ``clienteval-too-long`` (error): an expression over ``MAX_EXPRESSION_CHARS`` characters; it is
  neither compiled nor analysed (the CMS would try; the studio bounds its work).
* ``clienteval-engine-unavailable`` (warning): V8 could not be loaded, nothing was compiled.
"""

from __future__ import annotations

import difflib
import threading
from collections import Counter
from dataclasses import dataclass, field

from nodetype_studio import boundedio
from nodetype_studio.clienteval.expressions import (
    PREFIX,
    ClassifyMemo,
    classify_all,
    client_eval_expression,
    path_text,
    too_long,
)
from nodetype_studio.clienteval.jsdeps import property_reads
from nodetype_studio.clienteval.node import is_private
from nodetype_studio.clienteval.sandbox import JsSandbox
from nodetype_studio.diagnostics import (
    Diagnostic,
    Location,
    Severity,
    error,
    info,
    sort_key,
    warning,
)

#: Properties the client adds to every node's ``properties`` besides the declared ones.
SYSTEM_PROPERTIES = frozenset({
    "_nodeType", "_hidden", "_hiddenInIndex", "_hiddenBeforeDateTime", "_hiddenAfterDateTime",
    "_removed", "_creationDateTime", "_lastModificationDateTime", "_lastPublicationDateTime",
    "_path", "_name", "_identifier",
})
MAX_NAMED_TYPES = 3


@dataclass
class _Site:
    """One ClientEval string at one place in a file, and the node types that carry it."""

    location: Location
    path: tuple
    value: str
    reason: tuple[str, str] | None  # (severity, why the CMS does not evaluate it), or None
    carriers: list = field(default_factory=list)
    #: per carrier, the path it carries the string at and the provenance layer that writes it there
    carried_at: list[tuple[tuple, str | None]] = field(default_factory=list)


@dataclass
class ClientEvalStats:
    """Counts over a project (for the corpus report)."""

    expressions: int = 0  # distinct (place, expression) sites
    parsed: int = 0
    failing: int = 0
    property_findings: int = 0  # clienteval-unknown-property
    mixin_hints: int = 0  # clienteval-mixin-property
    not_evaluated: int = 0


def _dialog_elements(nt) -> set[str]:
    """Values the creation dialog's transient node holds: its elements (facts §5.9, §6)."""
    ui = nt.effective.get("ui")
    dialog = ui.get("creationDialog") if isinstance(ui, dict) else None
    elements = dialog.get("elements") if isinstance(dialog, dict) else None
    names = set(elements) if isinstance(elements, dict) else set()
    for name, prop in nt.properties.items():
        prop_ui = prop.get("ui") if isinstance(prop, dict) else None
        if isinstance(prop_ui, dict) and prop_ui.get("showInCreationDialog") is True:
            names.add(name)
    return names | {"_nodeType"}


def _known_properties(nt, in_dialog: bool = False) -> set[str]:
    if in_dialog:
        return _dialog_elements(nt)
    known = {name for name in nt.properties if not is_private(str(name))}  # left out of node.properties
    refs = nt.effective.get("references")
    if isinstance(refs, dict):
        known.update(refs)
    return known | SYSTEM_PROPERTIES


def _dominant_namespaces(project) -> dict[str, str]:
    """For each package, the vendor namespace most of its node types use."""
    counts: dict[str, Counter] = {}
    for nt in project.node_types.values():
        for fragment in nt.fragments:
            if fragment.file.package is not None and not fragment.file.baseline:
                counts.setdefault(fragment.file.package, Counter())[nt.name.split(":", 1)[0]] += 1
    return {package: c.most_common(1)[0][0] for package, c in counts.items()}


def _incomplete_types(project) -> set[str]:
    """Types whose full property list the project cannot know (see the module docstring)."""
    nodes = project.node_types
    dominant = _dominant_namespaces(project)
    foreign: set[str] = set()
    for nt in nodes.values():
        namespace = nt.name.split(":", 1)[0]
        if any(f.file.baseline for f in nt.fragments):
            continue  # the platform baseline defines it fully
        packages = {f.file.package for f in nt.fragments}
        if packages and not any(p == namespace or dominant.get(p) == namespace for p in packages):
            foreign.add(nt.name)  # only overridden here; its own package is not loaded
    incomplete: set[str] = set()
    for nt in nodes.values():
        if nt.from_baseline:
            continue
        for name in [nt.name, *nt.ancestors]:
            other = nodes.get(name)
            if other is None or name in foreign or any(s not in nodes for s in other.declared_supertypes):
                incomplete.add(nt.name)
                break
    return incomplete


def _baseline_files(project) -> set[str]:
    return {str(f.path) for f in project.files if getattr(f, "baseline", False)}


def type_sites(nt, baseline: set[str], memo: ClassifyMemo | None = None) -> list[tuple]:
    """(location, path, value, reason, layer) of every ClientEval string of one node type (not in ``baseline``
    files; ``layer``: the provenance layer that writes it): what ``_collect_sites`` gathers per type (the
    incremental checks keep it per type). ``memo``: one run's ``classify_all`` memo (``_collect_sites``
    makes it)."""
    found = []
    for path, value, reason in classify_all(nt.effective, memo):
        provenance = nt.provenance(path)
        location = provenance.location or nt.location_of_definition() or Location("")
        if location.file in baseline:
            continue  # the studio's own platform definitions
        found.append((location, path, value, reason, provenance.layer))
    return found


def _collect_sites(project, sites_of=None) -> list[_Site]:
    """The sites of the project; ``sites_of(nt, baseline, memo)`` stands in for ``type_sites`` (a cache)."""
    baseline = _baseline_files(project)
    sites_of = sites_of or type_sites
    memo = ClassifyMemo()  # the configurations do not change during the run: what types share is classified once
    sites: dict[tuple, _Site] = {}
    for nt in project.node_types.values():
        if nt.from_baseline:
            continue
        for location, path, value, reason, layer in sites_of(nt, baseline, memo):
            key = (location.file, location.line, location.column, value)
            site = sites.get(key)
            if site is None:
                site = sites[key] = _Site(location, path, value, reason)
            site.carriers.append(nt)
            site.carried_at.append((path, layer))
    return list(sites.values())


class _SyntaxSandbox:
    """The V8 context that compiles the expressions, made with the first check of a process and kept:
    making one (a fresh isolate, the runtime frozen in) costs more than compiling a project's expressions,
    and compiling runs nothing, so one check leaves nothing behind for the next. After a failure the next
    check makes a new one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # a sandbox is not thread-safe
        self._sandbox: JsSandbox | None = None

    def check(self, sources: list[str]) -> list[str | None]:
        """``JsSandbox.check_syntax``; raises what making or using the sandbox raises."""
        with self._lock:
            if self._sandbox is None:
                self._sandbox = JsSandbox()
            try:
                return self._sandbox.check_syntax(sources)
            except Exception:
                self._sandbox.close()
                self._sandbox = None
                raise


_SYNTAX = _SyntaxSandbox()


def _column_of(location: Location, value: str, offset: int, cache: dict) -> int:
    """Best-effort column of ``offset`` inside the expression on the key's line (else the key)."""
    if not location.file or not location.line:
        return location.column
    lines = cache.get(location.file)
    if lines is None:
        try:
            lines = boundedio.read_text(location.file).splitlines()
        except OSError:
            lines = []
        cache[location.file] = lines
    if location.line > len(lines):
        return location.column
    index = lines[location.line - 1].find(value, max(location.column - 1, 0))
    return index + len(PREFIX) + offset + 1 if index >= 0 else location.column


def _owner(site: _Site):
    """The first carrier that writes the string itself (its provenance layer at the site's path is its own)."""
    for nt, (path, layer) in zip(site.carriers, site.carried_at):
        if (layer if path == site.path else nt.provenance(site.path).layer) == "own":
            return nt
    return site.carriers[0]


def _type_list(types: list) -> str:
    names = sorted(t.name for t in types)
    if len(names) > MAX_NAMED_TYPES:
        return ", ".join(names[:MAX_NAMED_TYPES]) + f" and {len(names) - MAX_NAMED_TYPES} more"
    return ", ".join(names)


def check_clienteval(project, stats: ClientEvalStats | None = None, sites_of=None) -> list[Diagnostic]:
    """Findings about every ClientEval string of ``project``; fills ``stats`` when given. ``sites_of``:
    see ``_collect_sites``."""
    sites = _collect_sites(project, sites_of)
    stats = stats if stats is not None else ClientEvalStats()
    stats.expressions += len(sites)
    if not sites:
        return []
    findings: list[Diagnostic] = []
    for site in [s for s in sites if too_long(client_eval_expression(s.value))]:
        sites.remove(site)
        stats.failing += 1
        findings.append(error("clienteval-too-long", f"ClientEval expression at {path_text(site.path)}: "
                              f"{too_long(client_eval_expression(site.value))}", site.location))
    sources = sorted({client_eval_expression(site.value) for site in sites})
    try:
        syntax = dict(zip(sources, _SYNTAX.check(sources)))
    except Exception as exc:  # noqa: BLE001 - any failure to load V8; property names are still checked
        syntax = {}
        findings.append(warning(
            "clienteval-engine-unavailable",
            f"{len(sources)} ClientEval expressions were not compiled: the JavaScript engine is not available ({exc})",
            Location(str(project.root))))
    lines_cache: dict = {}
    incomplete = _incomplete_types(project)
    for site in sites:
        source = client_eval_expression(site.value)
        owner = _owner(site)
        prop = site.path[1] if len(site.path) > 1 and site.path[0] in ("properties", "references") else None
        extra = {"node_type": owner.name, "property_name": prop}
        if site.reason is not None:
            stats.not_evaluated += 1
            severity, why = site.reason
            findings.append(Diagnostic.at(
                site.location, Severity(severity), "clienteval-not-evaluated",
                f"`{site.value}` at {path_text(site.path)} is never evaluated by the CMS: {why}", **extra))
        problem = syntax.get(source)
        if problem is not None:
            stats.failing += 1
            findings.append(error(
                "clienteval-syntax",
                f"ClientEval expression does not compile in the browser: {problem} (expression: {source.strip()})",
                site.location, **extra))
            continue
        stats.parsed += 1
        if site.reason is not None:
            continue
        findings.extend(_unknown_property_findings(site, source, extra, lines_cache, stats, incomplete))
    return sorted(findings, key=sort_key)


def _unknown_property_findings(site: _Site, source: str, extra: dict, lines_cache: dict,
                               stats: ClientEvalStats, incomplete: set[str]) -> list[Diagnostic]:
    reads = property_reads(source)
    if not reads.refs:
        return []
    judged = [nt for nt in site.carriers if nt.name not in incomplete]
    concrete = [nt for nt in judged if not nt.abstract]
    checked = concrete or judged
    typos_only = False
    if not checked or (not concrete and any(not nt.abstract for nt in site.carriers)):
        # Only users whose definition is incomplete here: report nothing but likely typos.
        checked = [nt for nt in site.carriers if not nt.abstract] or site.carriers
        concrete, typos_only = checked, True
    in_dialog = site.path[:3] == ("ui", "creationDialog", "elements")
    known = {nt.name: _known_properties(nt, in_dialog) for nt in checked}
    findings = []
    reported: set[str] = set()
    for ref in reads.refs:
        if ref.name in reported:
            continue
        missing = [nt for nt in checked if ref.name not in known[nt.name]]
        if not missing:
            continue
        close = difflib.get_close_matches(ref.name, sorted(set().union(*(known[nt.name] for nt in missing))), n=1, cutoff=0.85)
        if typos_only and not close:
            continue
        reported.add(ref.name)
        hint = f" (did you mean `{close[0]}`?)" if close else ""
        if typos_only:
            hint += "; the node type's definition is incomplete in this project (a supertype or its package is missing)"
        column = _column_of(site.location, site.value, ref.offset, lines_cache)
        location = Location(site.location.file, site.location.line, column)
        if not in_dialog and is_private(ref.name) and any(ref.name in nt.properties for nt in missing):
            stats.property_findings += 1
            findings.append(warning(
                "clienteval-unknown-property",
                f"ClientEval reads node.properties.{ref.name}, but the CMS leaves properties whose name starts "
                f"with `__` out of node.properties; the expression sees undefined until the property is edited "
                f"in the inspector", location, **extra))
            continue
        if not concrete:
            stats.mixin_hints += 1
            findings.append(info(
                "clienteval-mixin-property",
                f"ClientEval reads node.properties.{ref.name}, which the abstract type {_type_list(missing)} does not "
                f"declare; no concrete type in the project uses it, so whether its users declare `{ref.name}` "
                f"cannot be checked{hint}", location, **extra))
            continue
        stats.property_findings += 1
        if in_dialog:
            who = f"the creation dialog of {_type_list(missing)} has no element `{ref.name}`"
        elif len(missing) == 1:
            who = f"node type {missing[0].name} has no property `{ref.name}`"
        elif len(missing) == len(checked):
            who = f"none of the node types using it ({_type_list(missing)}) has a property `{ref.name}`"
        else:
            who = f"{_type_list(missing)} have no property `{ref.name}`"
        findings.append(warning(
            "clienteval-unknown-property",
            f"ClientEval reads node.properties.{ref.name}, but {who}; the expression sees undefined{hint}",
            location, **extra))
    return findings
