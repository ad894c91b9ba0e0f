"""The value that means "remove this key" in forms and commands (``None`` is YAML null)."""

from __future__ import annotations


class _Remove:
    def __repr__(self) -> str:
        return "REMOVE"


REMOVE = _Remove()
