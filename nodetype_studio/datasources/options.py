"""The choices of a select box: from the static ``values`` map or a data-source response (Qt-free).

Both shapes are read the way the CMS reads them (neos-facts §4.3): a map ``{key: {label, ...}}`` or a
list ``[{value, label, ...}]``, iterated in JavaScript key order; an entry's own ``value`` wins over
its key (the list index for lists; an object identity ``{__identity, __type}`` stands for its id); entries whose ``label`` is falsy (or that are not objects, e.g.
``values.x: ~`` removing an inherited choice) are skipped. When any choice has a ``group``, the
select box sorts choices by group first (stable inside a group; choices without a group come last),
as the spec requires; ``cms_order`` gives the order the CMS's browser shows instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable

from nodetype_studio.js.values import (
    JsError,
    array_index,
    js_entries,
    json_kind,
    to_string,
    truthy,
)

WITHOUT_GROUP = "Without group"
Translate = Callable[[Any, str], str]


@dataclass(frozen=True, slots=True)
class SelectOption:
    value: str
    label: str
    group: str | None = None
    icon: str | None = None
    disabled: bool = False
    #: What choosing it commits when that is not ``value`` itself: the entry's own number or boolean
    #: ``value`` (the CMS commits the entry's value as it is; ``value`` is its text, for matching).
    stored: int | float | bool | None = field(default=None, compare=False)

    @property
    def commits(self) -> Any:
        """The value the select box commits for this choice."""
        return self.value if self.stored is None else self.stored


@dataclass
class CollectedOptions:
    """Choices read from entries, with what was dropped and why (for data-source notes)."""

    options: list[SelectOption] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (key, why) per dropped entry


def stored_value(value: Any) -> str:
    """A choice value as the select box stores it (JavaScript ``String()`` of the value)."""
    return "" if value is None else to_string(value)


def _describe(key: str, entry: Any, is_list: bool) -> str:
    where = f"item {key}" if is_list else f"key \u201c{key}\u201d"
    if not isinstance(entry, Mapping):
        return f"{where} is {json_kind(entry)}, not an object"
    if "label" not in entry:
        return f"{where} has no label"
    return f"{where} has an empty label"


def collect_options(entries: Any, translate: Translate | None = None) -> CollectedOptions:
    """Choices from a map or list of entries; ``translate(label, key)`` gives display text."""
    result = CollectedOptions()
    if not isinstance(entries, (Mapping, list)):
        return result
    is_list = isinstance(entries, list)
    for key, entry in js_entries(entries):
        # plain dicts first: the abstract check is slow, and every choice of every box built is read here
        raw_label = entry.get("label") if type(entry) is dict or isinstance(entry, Mapping) else None
        if not truthy(raw_label):
            result.dropped.append((key, _describe(key, entry, is_list)))
            continue
        group = entry.get("group")
        icon = entry.get("icon")
        try:
            value = stored_value(_identity(entry["value"])) if "value" in entry else key
            label = translate(raw_label, key) if translate else to_string(raw_label)
            # a falsy group (0, false, "", null) files the choice under "Without group", as the CMS's list does;
            # a string is its own String() (the common case, without the general conversion)
            group_text = (group or None) if type(group) is str else to_string(group) if truthy(group) else None
        except JsError as exc:  # e.g. an object with its own "toString" key: the browser throws
            where = f"item {key}" if is_list else f"key \u201c{key}\u201d"
            result.dropped.append((key, f"{where} cannot be turned into text ({exc})"))
            continue
        result.options.append(
            SelectOption(
                value=value,
                label=label,
                group=group_text,
                icon=icon if isinstance(icon, str) and icon else None,
                disabled=truthy(entry.get("disabled")),  # the CMS's list ignores clicks on any truthy `disabled`
                stored=None if type(raw_value := entry.get("value")) is str or raw_value is None else _stored(raw_value),
            )
        )
    return result


def _identity(value: Any) -> Any:
    """An entry's object identity value (``{"__identity": "<id>", "__type": ...}``, how a data source offers
    entities) as its id, as the CMS's select box reads it; any other value as it is."""
    if isinstance(value, Mapping) and isinstance(value.get("__identity"), str):
        return value["__identity"]
    return value


def _stored(value: Any) -> int | float | bool | None:
    """An entry's own number or boolean ``value`` as the browser holds it (``2.0`` is the number 2)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, (bool, int, float)) else None


def parse_options(entries: Any, translate: Translate | None = None) -> list[SelectOption]:
    """Choices from a ``values``-style map or a list of ``{value, label, ...}`` entries."""
    return collect_options(entries, translate).options


def sort_by_group(options: list[SelectOption]) -> list[SelectOption]:
    """Grouped choices first by group name (case-insensitive), then the ungrouped ones."""
    if not any(o.group for o in options):
        return list(options)
    return sorted(options, key=lambda o: (o.group is None, (o.group or "").casefold(), o.group or ""))


def _bucket(options: list[SelectOption]) -> list[tuple[str, list[SelectOption]]]:
    buckets: dict[str, list[SelectOption]] = {}
    for option in options:
        buckets.setdefault(option.group or WITHOUT_GROUP, []).append(option)
    return list(buckets.items())


def grouped(options: list[SelectOption]) -> list[tuple[str | None, list[SelectOption]]]:
    """``[(group label or None, options)]`` in display order; None only when nothing is grouped."""
    ordered = sort_by_group(options)
    if not any(o.group for o in ordered):
        return [(None, ordered)] if ordered else []
    return list(_bucket(ordered))


def cms_order(options: list[SelectOption]) -> list[tuple[str | None, list[SelectOption]]]:
    """What the CMS's browser shows: groups in order of first appearance, nothing sorted (facts §4.4).

    JavaScript object key order puts integer-like group names first, in numeric order.
    """
    if not any(o.group for o in options):
        return [(None, list(options))] if options else []
    buckets = _bucket(options)
    numeric = sorted((b for b in buckets if array_index(b[0]) is not None), key=lambda b: array_index(b[0]) or 0)
    others = [b for b in buckets if array_index(b[0]) is None]
    return [(name, items) for name, items in numeric + others]


def group_order_differs(options: list[SelectOption]) -> bool:
    """Whether the CMS's browser shows these choices in another order than the spec's sorting."""
    spec = [(g, [o.value for o in opts]) for g, opts in grouped(options)]
    cms = [(g, [o.value for o in opts]) for g, opts in cms_order(options)]
    return spec != cms


def cms_groups(options: list[SelectOption]) -> list[str]:
    """The group headings in the CMS's order."""
    return [g or WITHOUT_GROUP for g, _ in cms_order(options)]


def group_order_note(options: list[SelectOption]) -> str:
    """A ``compat`` note when the CMS would show these choices in another order; empty otherwise."""
    if not group_order_differs(options):
        return ""
    return ("compat: the preview sorts the choices by group as the CMS's documentation describes; the CMS keeps the "
            f"data source's order (groups by first appearance: {', '.join(cms_groups(options))}). "
            "Sort the answer by group.")
