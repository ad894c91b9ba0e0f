"""Configuration checks over a resolved project: editors, options, validators, inspector layout, compat.

    from nodetype_studio.checks import check_project
    findings = check_project(project, select=["option"], ignore=["compat"])

Each rule family lives in its own module and registers small rule functions (see ``base``).
Findings are reported once per written location, however many subtypes inherit the value.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from nodetype_studio.checks import compat, editors, layout, options, properties, validators  # noqa: F401  (registers rules)
from nodetype_studio.checks.base import NODE_RULES, PROPERTY_RULES, Context, iter_properties
from nodetype_studio.diagnostics import Diagnostic, sort_key

__all__ = ["check_node_types", "check_project", "code_selected", "run_checks"]


def code_selected(code: str, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None) -> bool:
    """Prefix matching as in linters: `compat` selects `compat-rows`; ignore wins over select."""
    def matches(patterns: Sequence[str]) -> bool:
        return any(p and code.startswith(p) for p in patterns)
    if select and not matches(select):
        return False
    return not (ignore and matches(ignore))


def check_node_types(ctx: Context, node_types: Iterable[Any]) -> list[Diagnostic]:
    """Run every rule over ``node_types``; one finding per (code, location, message)."""
    seen: set[tuple] = set()
    found: list[Diagnostic] = []

    def add(diagnostics):
        for diagnostic in diagnostics:
            if diagnostic is None:
                continue
            key = (diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.message)
            if key not in seen:
                seen.add(key)
                found.append(diagnostic)

    # supertypes first, so an inherited mistake is attributed to the type that wrote it
    ordered = sorted(node_types, key=lambda nt: (len(getattr(nt, "ancestors", ())), nt.name))
    for nt in ordered:
        if getattr(nt, "from_baseline", False):
            continue
        for prop in iter_properties(nt):
            for rule in PROPERTY_RULES:
                add(rule(ctx, prop))
        for rule in NODE_RULES:
            add(rule(ctx, nt))
    return found


def run_checks(project: Any) -> list[Diagnostic]:
    """The rule findings of a loaded project (without the loader's own findings), sorted."""
    ctx = Context.for_project(project)
    return sorted(check_node_types(ctx, project.node_types.values()), key=sort_key)


def check_project(project: Any, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None,
                  include_loader: bool = True) -> list[Diagnostic]:
    """Loader findings, plugin problems and rule findings, filtered by code and sorted."""
    from nodetype_studio.plugins import plugin_problems

    findings = list(project.diagnostics) + plugin_problems() if include_loader else []
    findings += run_checks(project)
    return sorted((d for d in findings if code_selected(d.code, select, ignore)), key=sort_key)
