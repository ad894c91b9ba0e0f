"""How an editor widget is registered for an identifier: built-ins and plugins use the same record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget

Factory = Callable[[EditorContext], EditorWidget]


@dataclass(frozen=True, slots=True)
class EditorPlugin:
    """How a widget for an editor identifier is registered (built-ins use this too)."""

    identifier: str
    widget: Factory
    description: str = ""
    fits_types: tuple[str, ...] = ()
