"""The checks after an edit: only the node types whose findings can have changed are checked again.

    state = check_state(project)                  # every check, kept per node type
    state = recheck(state, edited_project)        # after ``model.incremental.reresolve``
    state.findings(select, ignore) == collect_findings(edited_project, select, ignore)

What is kept per node type, and reused while the type is *unchanged*: the same resolved objects
(``merged``, ``effective``, the preview, ``local``, fragments, ancestors, declared supertypes) and the
same fragments of every supertype (findings are placed where a value is written, in a supertype's file
too), with the same project-wide flags (a final combination that runs the ``combined`` rules; the
missing supertypes its findings name). ``model.incremental.reresolve`` keeps those objects exactly for
the types an edit does not reach, so the rest of the project is not checked again; a full load gives
new objects everywhere, and everything is checked again.

* **Per node type**: every rule of ``base.PROPERTY_RULES`` and ``base.NODE_RULES`` (they read the type,
  its supertypes' fragments, the settings and the catalogue); the ClientEval sites of a type
  (``clienteval.checker.type_sites``); the 9.x entry issues, creation-dialog findings and 8.3
  ``references:`` notes (``neos9``, ``per_type``).
* **Across node types, worked out again every time from the kept parts**: the order types are checked
  in and the de-duplication of a finding several types report (``checks.assemble``); which types are
  final combinations or lack supertypes (``checks.TypePlan``); the ClientEval findings (one site is
  shared by every type carrying it, judged against all of them, its V8 compilation); the 9.x legacy
  reference moves and what blocks them; the 9.x reference sections (their editors name other types,
  judged by those types' supertypes).
* **Project-wide**: the loader's findings, the plugins' problems.

A node type whose findings read a data-source fixture file (``Context.disk_reads``) is checked again
after every edit: the file may have been written meanwhile (the select box's "Create fixture file" link).

When the project's settings, platform, CMS version, files, packages or the registered editors and
validators differ from the previous state's, everything is checked again.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable, Sequence

from nodetype_studio.checks import (
    TypePlan,
    TypeRecord,
    assemble,
    code_selected,
    collector_paused,
    finding_order,
    neos9,
    without_restated,
)
from nodetype_studio.checks.base import Context
from nodetype_studio.diagnostics import Diagnostic

__all__ = ["CheckState", "check_state", "recheck"]

#: what the rules read of a node type itself
_OWN = ("merged", "effective", "_preview", "local", "fragments", "ancestors", "declared_supertypes",
        "disabled_supertypes", "postprocessors", "preview_additions", "_moved_references", "from_baseline")
_OWN_GETTER = attrgetter(*_OWN)


class CheckState:
    """The findings of one project, kept per node type (see the module docstring)."""

    project: Any
    ctx: Context
    environment: tuple[tuple, tuple]
    identities: dict[str, tuple[int, ...]]  # node type -> ids of what its findings were worked out from
    records: dict[str, TypeRecord]  # node type -> its rule findings
    parts: dict[tuple[str, str], Any]  # (kind, node type) -> its part of the ClientEval / version findings
    rule_findings: list[Diagnostic]
    clienteval: list[Diagnostic]
    version: list[Diagnostic]
    rechecked: frozenset[str]  # the node types checked again (not reused from the previous state)
    volatile: frozenset[str]  # node types whose findings read other files (data-source fixtures)

    def findings(self, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None) -> list[Diagnostic]:
        """What ``collect_findings(project, select, ignore)`` returns, in its order."""
        from nodetype_studio.plugins import plugin_problems

        found = (list(self.project.diagnostics) + plugin_problems() + self.rule_findings + self.clienteval
                 + self.version)
        return sorted(set(without_restated([d for d in found if code_selected(d.code, select, ignore)])),
                      key=finding_order)


def check_state(project: Any) -> CheckState:
    """Every check of ``project``, kept per node type."""
    return recheck(None, project)


def recheck(previous: CheckState | None, project: Any, affected: Iterable[str] = ()) -> CheckState:
    """The checks of ``project`` reusing what ``previous`` found for the node types that did not change
    (``affected``: names to check again whatever their objects say, e.g. ``reresolve``'s)."""
    with collector_paused():
        return _recheck(previous, project, affected)


def _recheck(previous: CheckState | None, project: Any, affected: Iterable[str]) -> CheckState:
    from nodetype_studio.clienteval import check_clienteval

    ctx = Context.for_project(project)
    state = CheckState()
    state.project, state.ctx = project, ctx
    state.environment = _environment(ctx)
    nodes = project.node_types
    usable = previous is not None and _same_environment(previous.environment, state.environment)
    old_records = previous.records if usable and previous is not None else {}
    old_identities = previous.identities if usable and previous is not None else {}
    old_parts = previous.parts if usable and previous is not None else {}
    affected = set(affected) | (previous.volatile if previous is not None else frozenset())
    plan = TypePlan.of(ctx, list(nodes.values()))
    state.identities, state.records, state.parts = {}, {}, {}
    unchanged: set[str] = set()
    for nt in plan.ordered:
        identity = state.identities[nt.name] = _identity(nt, nodes)
        record = old_records.get(nt.name)
        if (record is not None and nt.name not in affected and record.flags == plan.flags(nt)
                and old_identities.get(nt.name) == identity):
            state.records[nt.name] = record
            unchanged.add(nt.name)
        else:
            state.records[nt.name] = TypeRecord.build(ctx, nt, plan)
    state.rechecked = frozenset(nodes) - unchanged
    state.rule_findings = assemble(ctx, plan, state.records)
    state.volatile = frozenset(ctx.disk_reads)

    parts = state.parts

    def per_type(kind: str, nt: Any, compute):
        key = (kind, nt.name)
        if nt.name in unchanged and key in old_parts:
            value = parts[key] = old_parts[key]
        else:
            value = parts[key] = compute()
        return value

    def sites_of(nt: Any, baseline: set[str], memo: Any):
        from nodetype_studio.clienteval.checker import type_sites

        return per_type("clienteval", nt, lambda: type_sites(nt, baseline, memo))

    state.clienteval = check_clienteval(project, sites_of=sites_of)
    state.version = neos9.version_findings(project, per_type)
    return state


def _identity(nt: Any, nodes: dict) -> tuple[int, ...]:
    """The ids of what the findings of ``nt`` are worked out from (valid while the state that keeps them
    holds its project: no object of either project is freed meanwhile)."""
    try:
        own = _OWN_GETTER(nt)
    except AttributeError:  # a stand-in without every attribute of a NodeType
        own = tuple(getattr(nt, name, None) for name in _OWN)
    ids = list(map(id, own))
    for name in own[5] or ():  # ancestors: their fragments are where inherited findings are placed
        other = nodes.get(name)
        ids += (0, 0) if other is None else (id(getattr(other, "fragments", None)), id(getattr(other, "from_baseline", None)))
    return tuple(ids)


def _environment(ctx: Context) -> tuple[tuple, tuple]:
    """(values compared equal, objects compared by identity): what every rule may read besides the types."""
    from nodetype_studio.datasources.settings import settings_signature

    project = ctx.project
    root = getattr(project, "root", None)
    values = (str(root), getattr(project, "kind", None), ctx.platform, neos9.cms_version(project), ctx.user_files,
              tuple(getattr(project, "package_names", ()) or ()), settings_signature(root),
              tuple(ctx.editors.items()), tuple(ctx.validators.items()))
    objects = (getattr(project, "settings", None), getattr(project, "settings_files", None),
               getattr(project, "packages", None))
    return values, objects


def _same_environment(a: tuple[tuple, tuple], b: tuple[tuple, tuple]) -> bool:
    return a[0] == b[0] and len(a[1]) == len(b[1]) and all(x is y for x, y in zip(a[1], b[1]))
