"""Checks on the inspector layout: groups, tabs, views and ambiguous positions."""

from __future__ import annotations

from collections import defaultdict

from nodetype_studio.catalogue import suggest
from nodetype_studio.checks.base import (
    Context,
    PropertyView,
    always_hidden,
    as_map,
    fmt_number,
    get,
    node_rule,
    number,
    property_configs,
    property_rule,
)
from nodetype_studio.diagnostics import Severity
from nodetype_studio.js.values import is_client_eval
from nodetype_studio.js.values import truthy as js_truthy

_INSPECTOR = ("ui", "inspector")


def _defined(nt, kind: str) -> dict:
    return as_map(get(nt.effective, "ui", "inspector", kind))


def _no_group(value) -> bool:
    """`~`, `false` or '': the item is taken out of the inspector on purpose (Neos.NodeTypes:Page writes
    `group: ~`); the inspector shows it nowhere, as its author wants."""
    return value is None or value is False or value == ""


#: Why a type may have no groups at all; dropped from the finding of a type whose supertypes the folder
#: lacks (one of them is the likelier place for the groups).
NO_GROUPS_HINT = " (the node type has no inspector groups at all: is its `ui` or `ui.inspector` null?)"


@property_rule(combined=True)
def property_group(ctx: Context, prop: PropertyView):
    group = get(prop.written, "ui", "inspector", "group")
    if _no_group(group) or is_client_eval(group) or not prop.has_inspector:
        return
    groups = _defined(prop.nt, "groups")
    if str(group) in groups:
        if not isinstance(group, str):
            yield ctx.at(prop.nt, prop.path + ("ui", "inspector", "group"), Severity.WARNING,
                         "inspector-group-undefined", f"property `{prop.name}` is in group {_not_text(group)}",
                         prop.name)
        return
    hint = suggest(str(group), list(groups))
    why = f"; did you mean `{hint}`?" if hint else "" if groups else NO_GROUPS_HINT
    yield ctx.at(prop.nt, prop.path + ("ui", "inspector", "group"), Severity.WARNING, "inspector-group-undefined",
                 f"property `{prop.name}` is in group `{group}`, which the node type does not define, so the "
                 f"inspector never shows it{why}", prop.name)


#: (section, key naming its container, container section, code, message): where groups and views are placed.
_PLACEMENTS = (
    ("groups", "tab", "tabs", "inspector-tab-undefined",
     "group `{item}` is on tab `{target}`, which this node type does not define, so the group is never shown"),
    ("views", "group", "groups", "inspector-group-undefined",
     "view `{item}` is in group `{target}`, which this node type does not define"),
)


def _not_text(value) -> str:
    """Why an id written as a number (or a boolean) names nothing: the UI reads node type configuration as
    JSON, where the ids of tabs and groups are object keys (text), and compares with `===`."""
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    return (f"`{shown}`, written as a {'boolean' if isinstance(value, bool) else 'number'}: the UI compares it "
            f"with the id `{value}` as JavaScript's `===`, which a number never equals, so it is never shown; "
            f"quote it: `'{value}'`")


@node_rule(combined=True)
def group_tabs_and_view_groups(ctx: Context, nt):
    for section, key, container, code, message in _PLACEMENTS:
        targets = _defined(nt, container)
        for item_id, item in _defined(nt, section).items():
            target = get(item, key)
            # a group without a tab (`~`, `false`, '', 0: falsy in JavaScript) is on the default tab
            on_default = key == "tab" and not (target is not None and js_truthy(target))
            if target is None or on_default or (key == "group" and _no_group(target)) or is_client_eval(target):
                continue
            if str(target) in targets:
                if not isinstance(target, str):
                    what = "group" if section == "groups" else "view"
                    where = "on tab" if key == "tab" else "in group"
                    yield ctx.at(nt, _INSPECTOR + (section, item_id, key), Severity.WARNING, code,
                                 f"{what} `{item_id}` is {where} {_not_text(target)}")
                continue
            hint = suggest(str(target), list(targets))
            yield ctx.at(nt, _INSPECTOR + (section, item_id, key), Severity.WARNING, code,
                         message.format(item=item_id, target=target) + (f"; did you mean `{hint}`?" if hint else ""))


def _explicit_position(value) -> float | None:
    """Numeric positions only: `start`/`before x` etc. say their intent; 0 is treated as unset by the UI."""
    if isinstance(value, str) and not value.strip().lstrip("-").replace(".", "", 1).isdigit():
        return None
    position = number(value)
    return position if position else None


def _duplicates(ctx: Context, nt, items: list[tuple[str, tuple, object]], what: str, container: str):
    """items: (id, path of its position, position value) in declaration order."""
    first_by_position: dict[float, str] = {}
    for item_id, path, value in items:
        position = _explicit_position(value)
        if position is None:
            continue
        if position not in first_by_position:
            first_by_position[position] = item_id
            continue
        other = first_by_position[position]
        yield ctx.at(nt, path, Severity.WARNING, "position-duplicate",
                     f"{what} `{item_id}` has position {fmt_number(position)} like `{other}` in {container}; their "
                     "order depends on declaration order. Give them distinct positions")


@node_rule(combined=True)
def duplicate_positions(ctx: Context, nt):
    by_group: dict[str, list] = defaultdict(list)
    shown_groups = {str(get(view, "group")) for view in _defined(nt, "views").values() if isinstance(view, dict)}
    for name, _written, effective in property_configs(nt):
        inspector = get(effective, "ui", "inspector")
        if not isinstance(inspector, dict) or always_hidden(inspector):
            continue
        group = inspector.get("group")
        if isinstance(group, str):
            shown_groups.add(group)
            if "position" in inspector:
                name = str(name)
                by_group[group].append((name, ("properties", name, "ui", "inspector", "position"), inspector["position"]))
    for group, items in by_group.items():
        yield from _duplicates(ctx, nt, items, "property", f"group `{group}`")
    # only groups and tabs the inspector shows (a group needs a visible item, a tab a shown group)
    by_tab: dict[str, list] = defaultdict(list)
    for group_id, group in _defined(nt, "groups").items():
        if isinstance(group, dict) and group_id in shown_groups:
            tab = str(group.get("tab") or "default")
            by_tab[tab].append((group_id, _INSPECTOR + ("groups", group_id, "position"), group.get("position")))
    for tab, items in by_tab.items():
        yield from _duplicates(ctx, nt, items, "group", f"tab `{tab}`")
    tabs = [(tab_id, _INSPECTOR + ("tabs", tab_id, "position"), tab.get("position"))
            for tab_id, tab in _defined(nt, "tabs").items() if isinstance(tab, dict) and tab_id in by_tab]
    yield from _duplicates(ctx, nt, tabs, "tab", "the inspector")
