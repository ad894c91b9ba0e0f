"""Configuration checks over a resolved project: editors, options, validators, inspector layout, compat.

    from nodetype_studio.checks import check_project
    findings = check_project(project, select=["option"], ignore=["compat"])

Each rule family lives in its own module and registers small rule functions (see ``base``).
Findings are reported once per written location, however many subtypes inherit the value.
"""

from __future__ import annotations

import gc
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable, Sequence

from nodetype_studio.checks import (  # noqa: F401  (registers rules)
    childnodes,
    compat,
    constraints,
    creationdialog,
    datasources,
    editors,
    groups,
    icons,
    neos9,
    options,
    plugins,
    properties,
    startpoint,
    translations,
    validators,
)
from nodetype_studio.checks.base import (
    COMBINED,
    NODE_RULES,
    PROPERTY_RULES,
    Context,
    iter_properties,
    own_property_names,
)
from nodetype_studio.checks.groups import NO_GROUPS_HINT
from nodetype_studio.diagnostics import Diagnostic, sort_key

__all__ = ["check_node_types", "check_project", "code_selected", "collect_findings", "finding_order", "run_checks",
           "without_restated"]


def code_selected(code: str, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None) -> bool:
    """Prefix matching as in linters: `compat` selects `compat-rows`; ignore wins over select. The check
    configuration's own findings (`config-...`) are not left out by a selection, only by an ignore: a
    selection made in that file must not hide a mistake in it."""
    def matches(patterns: Sequence[str]) -> bool:
        return any(p and code.startswith(p) for p in patterns)
    if select and not matches(select) and not code.startswith("config-"):
        return False
    return not (ignore and matches(ignore))


def check_node_types(ctx: Context, node_types: Iterable[Any]) -> list[Diagnostic]:
    """Run every rule over ``node_types``; one finding per (code, location, message)."""
    node_types = list(node_types)
    plan = TypePlan.of(ctx, node_types)
    records = {nt.name: TypeRecord.build(ctx, nt, plan) for nt in plan.ordered}
    return assemble(ctx, plan, records)


class TypePlan:
    """What the rules of one node type need to know about the others: the order the types are checked in,
    which are final combinations (``combined`` rules), which lack supertypes, which properties are the
    project's own."""

    ordered: list
    complete: dict[str, bool]
    missing: dict[str, tuple[str, ...]]
    inherited: set[str]
    by_name: dict[str, Any]
    own_names: dict[str, set[str] | None]  # filled when first asked (``own``): most types are not checked again
    local_rules: list
    combined_rules: list

    @classmethod
    def of(cls, ctx: Context, node_types: list) -> "TypePlan":
        plan = cls()
        overrides = outside_overrides(ctx, node_types)
        plan.complete = completeness(ctx, node_types, overrides)
        plan.missing = missing_supertypes(node_types, overrides)
        plan.inherited = {a for nt in node_types for a in getattr(nt, "ancestors", ())}  # not leaves
        plan.by_name = {nt.name: nt for nt in node_types}
        plan.own_names = {}
        plan.local_rules = [r for r in PROPERTY_RULES if r not in COMBINED]
        plan.combined_rules = [r for r in PROPERTY_RULES if r in COMBINED]
        # supertypes first, so an inherited mistake is attributed to the type that wrote it
        plan.ordered = sorted(node_types, key=lambda nt: (len(getattr(nt, "ancestors", ())), nt.name))
        return plan

    def own(self, name: str) -> set[str] | None:
        """``own_property_names`` of the node type ``name`` (None: not a loaded type, or a stand-in)."""
        try:
            return self.own_names[name]
        except KeyError:
            nt = self.by_name.get(name)
            own = self.own_names[name] = own_property_names(nt) if nt is not None else None
            return own

    def flags(self, nt: Any) -> tuple[bool, tuple[str, ...] | None]:
        """(run the ``combined`` rules, the missing supertypes their findings name or None)."""
        combined = self.complete.get(nt.name, False)
        unknown = self.missing.get(nt.name, ())
        if unknown and not combined and not getattr(nt, "abstract", False) and nt.name not in self.inherited:
            # checks never go silent on a supertype the folder lacks: everything known is checked, and
            # a finding the missing type could change says so
            return True, unknown
        return combined, None


class TypeRecord:
    """The rule findings of one node type, in the order the rules report them, as pieces: a property's
    ``local`` rules (which read only the property's configuration: an inherited configuration, the same
    object in every subtype, is checked the first time only, so their piece is computed when first
    needed) and everything else."""

    __slots__ = ("nt", "flags", "pieces")

    def __init__(self, nt: Any, flags: tuple, pieces: list):
        self.nt, self.flags, self.pieces = nt, flags, pieces

    @classmethod
    def build(cls, ctx: Context, nt: Any, plan: TypePlan) -> "TypeRecord":
        flags = plan.flags(nt)
        pieces: list[list] = []
        if getattr(nt, "from_baseline", False):
            return cls(nt, flags, pieces)
        combined, unknown = flags
        qualify = _qualifier(unknown) if unknown else None
        for prop in iter_properties(nt, _written_here(nt, plan.by_name, plan.own)):
            pieces.append([prop, None])  # local rules: run by ``assemble`` when the configuration is fresh
            if combined:
                pieces.append([None, _run(plan.combined_rules, ctx, prop, qualify)])
        node = []
        for rule in NODE_RULES:
            if rule not in COMBINED:
                node += _run((rule,), ctx, nt)
            elif combined:
                node += _run((rule,), ctx, nt, qualify)
        pieces.append([None, node])
        return cls(nt, flags, pieces)


def _run(rules, ctx: Context, subject: Any, qualify=None) -> list[Diagnostic]:
    found = [d for rule in rules for d in (rule(ctx, subject) or ()) if d is not None]
    return qualify(found) if qualify is not None else found


def assemble(ctx: Context, plan: TypePlan, records: dict[str, TypeRecord]) -> list[Diagnostic]:
    """The findings of ``records`` in ``plan.ordered``: a finding reported by an earlier type (same code,
    location and message) is not repeated, a property configuration seen in an earlier type is not checked
    by the local rules again."""
    seen: set[tuple] = set()
    found: list[Diagnostic] = []
    done: set[int] = set()
    local_rules = plan.local_rules
    for nt in plan.ordered:
        for piece in records[nt.name].pieces:
            prop, diagnostics = piece
            if prop is not None:
                if id(prop.written) in done:
                    continue
                done.add(id(prop.written))
                if diagnostics is None:
                    diagnostics = piece[1] = _run(local_rules, ctx, prop)
            for diagnostic in diagnostics:
                key = (diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.message)
                if key not in seen:
                    seen.add(key)
                    found.append(diagnostic)
    return found


def missing_supertypes(node_types: list, overrides: frozenset[str] = frozenset()) -> dict[str, tuple[str, ...]]:
    """Node type -> the supertypes (its own or its ancestors') that no loaded node type defines. Where there
    are any, the ``overrides`` among the supertypes (types the folder only overrides: their definition is
    missing too) are named with them, in declaration order."""
    known = {nt.name for nt in node_types}
    by_name = {nt.name: nt for nt in node_types}
    result: dict[str, tuple[str, ...]] = {}
    for nt in node_types:
        chain = [nt] + [by_name[a] for a in getattr(nt, "ancestors", ()) if a in by_name]
        declared = [s for owner in chain for s in getattr(owner, "declared_supertypes", ())]
        if any(s not in known for s in declared):
            result[nt.name] = tuple(dict.fromkeys(s for s in declared if s not in known or s in overrides))
    return result


_GROUP = re.compile(r"group `([^`]+)`")
_TAB = re.compile(r"tab `([^`]+)`")
_NEEDS = re.compile(r"needs `([^`]+)`$")


def _could_change(diagnostic: Diagnostic) -> str | None:
    """The configuration path a missing supertype could define to change ``diagnostic``; None when it
    cannot (what the type writes itself stays, whatever a supertype says)."""
    prop = f"properties.{diagnostic.property_name}" if diagnostic.property_name else None
    code = diagnostic.code
    group, tab = _GROUP.search(diagnostic.message), _TAB.search(diagnostic.message)
    if code == "inspector-group-undefined" and group:
        return f"ui.inspector.groups.{group.group(1)}"
    if code == "inspector-tab-undefined" and tab:
        return f"ui.inspector.tabs.{tab.group(1)}"
    if prop is None:
        return None
    option = _NEEDS.search(diagnostic.message)
    if code == "option-required" and option:
        return f"{prop}.ui.inspector.editorOptions.{option.group(1)}"
    return {"option-required": f"{prop}.ui.inspector.editorOptions",
            "property-hidden-required": f"{prop}.defaultValue",
            "property-type-missing": f"{prop}.type",
            "property-no-default-editor": f"{prop}.ui.inspector.editor"}.get(code)


def _qualifier(unknown: tuple[str, ...]):
    """For the findings of a type with missing supertypes: each finding such a supertype could change
    ends with "unless `X` defines `path`"."""
    names = " or ".join(f"`{name}`" for name in unknown)

    def qualified(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        out = []
        for diagnostic in diagnostics:
            path = _could_change(diagnostic)
            if path is not None:
                message = diagnostic.message.replace(NO_GROUPS_HINT, "")
                diagnostic = replace(diagnostic, message=f"{message} (unless {names} defines `{path}`; "
                                                         f"it is not part of the opened folder)")
            out.append(diagnostic)
        return out

    return qualified


def _written_here(nt: Any, by_name: dict, own_names) -> set[str] | None:
    """Properties the project writes for ``nt`` or a supertype: the platform's own are not the user's to fix.
    ``own_names(name)``: ``own_property_names`` of a loaded node type, None for another name."""
    names: set[str] = set()
    for owner in [nt.name, *getattr(nt, "ancestors", ())]:
        own = own_names(owner)
        if own is None and owner in by_name and not getattr(by_name[owner], "from_baseline", False):
            return None
        names |= own or set()
    return names


def completeness(ctx: Context, node_types: list, overrides: frozenset[str] | None = None) -> dict[str, bool]:
    """Which node types are final combinations worth the `combined` rules.

    Not: abstract types and types other types inherit from (mixins are completed by their users,
    who are checked instead), and partial types: those with supertypes missing from the project,
    or overrides of a node type whose package is outside the project (``Neos.NodeTypes:Page``
    patched by a site package), and everything inheriting from them.
    """
    own = [nt for nt in node_types if not getattr(nt, "from_baseline", False)]
    inherited = {name for nt in own for name in getattr(nt, "ancestors", ())}
    known = {nt.name for nt in node_types}
    partial = set(outside_overrides(ctx, node_types) if overrides is None else overrides)
    for nt in own:
        if any(s not in known for s in getattr(nt, "declared_supertypes", ())):
            partial.add(nt.name)
    return {nt.name: not (getattr(nt, "abstract", False) or nt.name in inherited or nt.name in partial
                          or any(a in partial for a in getattr(nt, "ancestors", ())))
            for nt in own}


def outside_overrides(ctx: Context, node_types: list) -> frozenset[str]:
    """The node types the project only overrides: their package is not part of it, nor of the platform's
    baseline (`Vendor.Seo:Mixin` patched by a site package)."""
    own = [nt for nt in node_types if not getattr(nt, "from_baseline", False)]
    owned = _owned_namespaces(ctx, own)
    return frozenset(nt.name for nt in own if nt.name.split(":")[0] not in owned
                     and not any(getattr(f.file, "baseline", False) for f in getattr(nt, "fragments", ())))


def _owned_namespaces(ctx: Context, own: list) -> set[str]:
    """Node type namespaces (`Vendor.Package`) whose package is part of the project."""
    namespaces = Counter(nt.name.split(":")[0] for nt in own)
    folders = _folder_names(tuple(str(f.path) for f in getattr(ctx.project, "files", ())
                                  if not getattr(f, "baseline", False)))  # the baseline's are named like the platform's packages
    names = set(getattr(ctx.project, "package_names", ()) or ())
    owned = {ns for ns in namespaces
             if ns in folders or ns in names or any(n.endswith(("__" + ns, "/" + ns)) for n in names)}
    if not owned and namespaces:
        # folder names unrelated to package keys: the namespace most types use is the project's own,
        # except the platform's packages (Neos.NodeTypes...), which come with the CMS (named `Neos.` in
        # the Cms spelling too: only Neos.Neos is spelled Cms.Cms)
        platform = tuple({"Neos.", ctx.platform.prefix + "."})
        candidates = {ns: n for ns, n in namespaces.items() if not ns.startswith(platform)} or namespaces
        top = max(candidates.values())
        owned = {ns for ns, n in candidates.items() if n == top}
    return owned


_FOLDERS: dict[tuple[str, ...], set[str]] = {}


def _folder_names(paths: tuple[str, ...]) -> set[str]:
    """The names of every folder the files at ``paths`` are in (the last answer is kept: an edit keeps
    the project's files)."""
    found = _FOLDERS.get(paths)
    if found is None:
        _FOLDERS.clear()
        found = _FOLDERS[paths] = {p.name for path in paths for p in Path(path).parents}
    return found


@contextmanager
def collector_paused():
    """The cyclic garbage collector paused for a check run, as for a load (``load_project``): the checks
    make many small containers that live until the run's end (findings per type, views of properties,
    what the run remembers) and no cycles, so the collector's passes over the whole project would free
    nothing; in a large project they were a quarter of the check."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def run_checks(project: Any) -> list[Diagnostic]:
    """The rule findings of a loaded project (without the loader's own findings), sorted."""
    from nodetype_studio.clienteval import check_clienteval

    with collector_paused():
        ctx = Context.for_project(project)
        findings = check_node_types(ctx, project.node_types.values()) + check_clienteval(project)
        findings += neos9.version_findings(project)
        return sorted(findings, key=sort_key)


def check_project(project: Any, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None,
                  include_loader: bool = True) -> list[Diagnostic]:
    """Loader findings, plugin problems and rule findings, filtered by code and sorted."""
    from nodetype_studio.plugins import plugin_problems

    findings = list(project.diagnostics) + plugin_problems() if include_loader else []
    findings += run_checks(project)
    return sorted(without_restated([d for d in findings if code_selected(d.code, select, ignore)]), key=sort_key)


#: A loader finding -> the check findings that report the same problem at the same place, with its fix.
_RESTATED_BY = {
    "supertypes-list": ("neos9-supertypes-list",),
    "compat-legacy-editor": ("compat-legacy-identifier", "editor-unknown"),
    "compat-legacy-validator": ("validator-unknown",),
    "compat-legacy-type": ("property-no-default-editor",),
    "nodetype-name": ("neos9-removed-type-override",),  # `unstructured`: 8.3's own type, removed in 9.x
}
_RESTATING = frozenset(code for codes in _RESTATED_BY.values() for code in codes)


def without_restated(findings: list[Diagnostic]) -> list[Diagnostic]:
    """``findings`` less the loader findings that a selected check finding restates at the same place
    (9.x: the list form of `superTypes` is one error, not two; a legacy editor spelling is one note)."""
    places = {(d.code, d.file, d.line, d.column) for d in findings if d.code in _RESTATING}
    if not places:
        return findings
    return [d for d in findings if d.code not in _RESTATED_BY
            or not any((code, d.file, d.line, d.column) in places for code in _RESTATED_BY[d.code])]


def collect_findings(project: Any, select: Sequence[str] | None = None,
                     ignore: Sequence[str] | None = None) -> list[Diagnostic]:
    """Loader findings plus every check, filtered and sorted (one finding per location and message)."""
    return sorted(set(check_project(project, select, ignore)), key=finding_order)


def finding_order(diagnostic: Diagnostic) -> tuple:
    """``sort_key``, then what tells apart findings it puts level (their node type, property, related
    places): the order of a list of findings depends on nothing but its findings (the incremental checks
    give the same list as ``collect_findings``)."""
    return sort_key(diagnostic) + (diagnostic.node_type or "", diagnostic.property_name or "",
                                   tuple((r.file, r.line, r.column) for r in diagnostic.related))
