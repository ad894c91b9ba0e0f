"""What the content and media editors share: the workspace they search, and lenient option readers.

Options come from hand-written YAML, so a list option may be one string (``nodeTypes: 'X'``) and a
number may be a string (``threshold: '3'``). Values that cannot be used fall back to the catalogue
default and produce a note the editor shows under its field.
"""

from __future__ import annotations

import math
from typing import Any

from nodetype_studio.content.workspace import Workspace
from nodetype_studio.js.values import truthy
from nodetype_studio.preview.context import EditorContext


def workspace_of(ctx: EditorContext) -> Workspace:
    """The workspace the inspector passed, else one without a project (example content, sample media)."""
    workspace = getattr(ctx, "workspace", None)
    return workspace if workspace is not None else Workspace.standalone()


def string_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, (list, tuple)):
        return [v.strip() for v in value if isinstance(v, str) and v.strip()]
    if isinstance(value, dict):  # `nodeTypes: {A: true, B: false}` is sometimes written
        return [k for k, v in value.items() if v]
    return []


def number(ctx: EditorContext, path: str, notes: list[str], minimum: int = 0, *, or_default: bool = False) -> int:
    """A count option (a threshold the typed length is compared with, ``length >= x``): a fraction rounds
    up; unusable values (text, an infinite number) give the catalogue default and a note. ``or_default``:
    read as the CMS reads ``options.x || default``, so a falsy value (0, null, '', NaN) gives the default too."""
    value = ctx.option(path)
    default = ctx.spec.default(path, ctx.platform) if ctx.spec is not None else None
    if or_default and not truthy(value) and isinstance(default, int):
        return default
    try:
        if isinstance(value, bool):
            raise ValueError
        amount = float(value)
        if amount == -math.inf:
            return minimum  # every length reaches it
        result = math.ceil(amount)  # ValueError for NaN, OverflowError for inf
    except (TypeError, ValueError, OverflowError):
        fallback = default if isinstance(default, int) else minimum
        if value is not None:
            notes.append(f"`{path}` \u201c{value}\u201d is not a number; using {fallback}")
        return fallback
    return max(result, minimum)


def plain_text(value: Any) -> str:
    return "" if value is None else str(value)
