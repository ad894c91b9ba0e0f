"""Checks on data-source select boxes: is there anything to answer them, and is its answer usable.

Findings sit on the line of the select box's ``dataSourceIdentifier`` / ``dataSourceUri``; problems
inside a fixture file name the fixture's own file and line in the message (and in ``related``).
Plugins are not run here (they are the user's code); fixture files and settings are read.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from nodetype_studio.checks.base import Context, PropertyView, property_rule
from nodetype_studio.datasources import (
    DataSourceEnvironment,
    DataSourceQuery,
    collect_options,
    read_fixture,
)
from nodetype_studio.datasources.options import cms_groups, group_order_differs
from nodetype_studio.datasources.resolve import is_absolute_http
from nodetype_studio.datasources.settings import settings_signature
from nodetype_studio.diagnostics import Location, Severity
from nodetype_studio.js.values import is_client_eval

_ENV: dict[str, tuple] = {}


def _environment(ctx: Context) -> DataSourceEnvironment:
    """One environment per project and settings state (the rule runs for every property)."""
    root = getattr(ctx.project, "root", None)
    key = (id(ctx.project), settings_signature(root))
    cached = _ENV.get("last")
    if cached is None or cached[0] != key or cached[1] is not ctx.project:
        cached = (key, ctx.project, DataSourceEnvironment(root))
        _ENV["last"] = cached
    return cached[2]


def _is_select_box(ctx: Context, prop: PropertyView) -> bool:
    if not prop.has_inspector or is_client_eval(prop.written_editor):
        return False
    spec = ctx.editor(prop.editor_id)
    return spec is not None and spec.short_name == "SelectBoxEditor"


@property_rule
def data_source(ctx: Context, prop: PropertyView):
    if not _is_select_box(ctx, prop):
        return
    options = prop.effective_options
    query = DataSourceQuery.from_mapping(options)
    if query is None or is_client_eval(query.key):
        return
    option = "dataSourceUri" if query.uri else "dataSourceIdentifier"
    path = prop.options_path + (option,)

    def at(severity: Severity, code: str, message: str, target: tuple = path):
        return ctx.at(prop.nt, target, severity, code, message, prop.name, nearest=True)

    if query.uri and query.identifier:
        yield at(Severity.INFO, "datasource-uri-wins",
                 f"both `dataSourceUri` and `dataSourceIdentifier` are set: the CMS requests the URI "
                 f"and never asks data source `{query.identifier}`")
    if "values" in prop.written_options:
        yield at(Severity.INFO, "datasource-values-ignored",
                 "`values` next to a data source: the select box shows only the data source's options "
                 "(the CMS ignores `values` here)", prop.options_path + ("values",))
    if not query.uri and query.identifier is not None and query.identifier != query.identifier.strip():
        # set as written (JavaScript truthiness) and sent with its spaces: no data source has that identifier
        name = query.identifier.strip()
        yield at(Severity.WARNING, "datasource-identifier-spaces",
                 f"`dataSourceIdentifier` {query.name} has spaces around it: the CMS sends them, finds no data source "
                 f"of that identifier and the select box stays empty; write `{name}`" if name else
                 "`dataSourceIdentifier` is only spaces: it still counts as set, so the CMS shows a data-source "
                 "select box (`values` ignored) whose request names no data source; name one or remove the option")
        return
    if query.uri and not is_absolute_http(query.uri):
        yield at(Severity.INFO, "compat-datasource-uri-relative",
                 f"`dataSourceUri` {query.name} is not an absolute URL: the CMS builds it with `new URL()`, which "
                 "fails for relative URIs (neos-ui #2984); the studio resolves it against the backend base URL")
    ctx.disk_reads.add(prop.nt.name)  # a fixture file may come, go or change without an edit
    env = _environment(ctx)
    source = env.resolve(query, env.settings.node_address(prop.nt.name))
    if source.kind == "none":
        yield at(Severity.INFO, "datasource-unresolved",
                 f"{source.problem[:1].upper()}{source.problem[1:]}. Add a fixture file (the select box's \u201cCreate fixture file\u2026\u201d link "
                 "writes one), register a data source plugin, or set backend.baseUrl in .nodetype-studio/settings.yaml")
    elif source.kind == "fixture" and source.path is not None:
        yield from _fixture_findings(env, source.path, at)


def _fixture_findings(env: DataSourceEnvironment, path: Path, at):
    content = read_fixture(path)
    shown = env.relative(path)
    for problem in content.errors:
        finding = at(Severity.WARNING, "datasource-fixture-invalid",
                     f"fixture file {shown}{_line(problem.line)} cannot be used: {problem.message}")
        yield _related(finding, problem.location)
    for problem in content.warnings:
        finding = at(Severity.INFO, "datasource-fixture-entry",
                     f"fixture file {shown}{_line(problem.line)}: {problem.message}")
        yield _related(finding, problem.location)
    if content.ok:
        options = collect_options(content.data).options
        if group_order_differs(options):
            yield at(Severity.INFO, "compat-datasource-group-order",
                     f"fixture file {shown}: the preview sorts the choices by group first, as the CMS's documentation describes; "
                     f"the CMS keeps the data source's order (groups by first appearance: {', '.join(cms_groups(options))}). "
                     "Sort the data source's answer by group")


def _line(line: int) -> str:
    return f":{line}" if line else ""


def _related(finding, location: Location):
    return replace(finding, related=(location,)) if finding is not None else None
