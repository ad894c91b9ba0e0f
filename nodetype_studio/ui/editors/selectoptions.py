"""The choices of a select box: from the static ``values`` map or a data-source response (Qt-free).

Entries without a label (or null/false entries, e.g. ``values.x: ~`` removing an inherited choice)
are skipped; an entry's own ``value`` wins over its key. When any choice has a ``group``, choices
are sorted by group first (stable inside a group; choices without a group come last), as the spec
requires of the select box.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, Callable

WITHOUT_GROUP = "Without group"


@dataclass(frozen=True, slots=True)
class SelectOption:
    value: str
    label: str
    group: str | None = None
    icon: str | None = None
    disabled: bool = False


def _stored(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def parse_options(entries: Any, translate: Callable[[Any, str], str] | None = None) -> list[SelectOption]:
    """Choices from a ``values``-style map or a list of ``{value, label, ...}`` entries.

    ``translate(label, key)`` turns a label into display text (``key`` is the entry's key).
    """
    if isinstance(entries, Mapping):
        items = [(str(key), entry) for key, entry in entries.items()]
    elif isinstance(entries, list):
        items = [(str(index), entry) for index, entry in enumerate(entries)]
    else:
        return []
    options = []
    for key, entry in items:
        if not isinstance(entry, Mapping) or entry.get("label") in (None, ""):
            continue
        value = _stored(entry["value"]) if "value" in entry else key
        label = translate(entry["label"], key) if translate else str(entry["label"])
        group = entry.get("group")
        icon = entry.get("icon")
        options.append(
            SelectOption(
                value=value,
                label=label,
                group=str(group) if group not in (None, "") else None,
                icon=icon if isinstance(icon, str) and icon else None,
                disabled=entry.get("disabled") is True,
            )
        )
    return options


def sort_by_group(options: list[SelectOption]) -> list[SelectOption]:
    """Grouped choices first by group name (case-insensitive), then the ungrouped ones."""
    if not any(o.group for o in options):
        return list(options)
    return sorted(options, key=lambda o: (o.group is None, (o.group or "").casefold(), o.group or ""))


def grouped(options: list[SelectOption]) -> list[tuple[str | None, list[SelectOption]]]:
    """``[(group label or None, options)]`` in display order; None only when nothing is grouped."""
    ordered = sort_by_group(options)
    if not any(o.group for o in ordered):
        return [(None, ordered)] if ordered else []
    buckets: dict[str, list[SelectOption]] = {}
    for option in ordered:
        buckets.setdefault(option.group or WITHOUT_GROUP, []).append(option)
    return list(buckets.items())
