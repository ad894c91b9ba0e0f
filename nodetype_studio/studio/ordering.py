"""Where a dragged property lands, written as ``ui.inspector.group`` and ``ui.inspector.position`` (Qt-free).

The inspector orders a group's properties with the UI's positional sorter (numbers, ``start``,
``before x``..., unpositioned items by their index). A drop changes as little as possible: first the
moved property alone gets a number between its new neighbours; if the sorter would not put it there
(strings, ties, unpositioned neighbours; checked with the sorter itself), the group is renumbered
10, 20, 30..., which gives exactly the wanted order.
"""

from __future__ import annotations

from typing import Any

from nodetype_studio.model.sorting import js_sort


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return None


def _sorted(members: list[str], positions: dict[str, Any]) -> list[str]:
    return js_sort(members, lambda name: positions.get(name), lambda name: name)


def plan_drop(members: list[str], positions: dict[str, Any], moved: str, new_order: list[str]) -> dict[str, Any]:
    """The positions to write so that the group shows ``new_order``.

    ``members``: the group's properties in the order the sorter receives them (property order);
    ``positions``: their current ``ui.inspector.position`` (missing: unset); ``new_order``: the wanted
    display order of all ``members``. Returns {property: new position} (only what changes).
    """
    index = new_order.index(moved)
    before = new_order[index - 1] if index > 0 else None
    after = new_order[index + 1] if index + 1 < len(new_order) else None
    low = _number(positions.get(before)) if before else None
    high = _number(positions.get(after)) if after else None
    candidates = []
    if low is not None and high is not None and high - low >= 2:
        candidates.append(int((low + high) // 2))
    elif low is not None and after is None:
        candidates.append(int(low) + 10)
    elif high is not None and before is None:
        candidates.append(int(high) - 10)
    for candidate in candidates:
        trial = dict(positions, **{moved: candidate})
        if _sorted(members, trial) == new_order:
            return {moved: candidate}
    # distinct ascending numbers for every member always give exactly this order
    renumbered = {name: (i + 1) * 10 for i, name in enumerate(new_order)}
    return {name: value for name, value in renumbered.items() if positions.get(name) != value}
