"""Editor identifier -> widget factory, with a placeholder for editors the preview has no widget for.

Built-in editors and plugin editors register the same way: an object (or mapping) with
``identifier`` and ``widget`` — a callable ``widget(ctx: EditorContext) -> EditorWidget``, usually the
widget class. The catalogue reads the same plugin objects for ``options``/``fits_types``/``description``.
Plugins come from the entry point group ``nodetype_studio.editors`` and the plugin folder
(``nodetype_studio.plugins.plugins("editors")``); a plugin registered for an identifier that a
built-in also uses replaces the built-in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Mapping

from PySide6.QtWidgets import QWidget

from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.plugin import EditorPlugin, Factory

_KEY_PLATFORM = Platform()
BUILT_IN = "built-in"  # the origin of the editors in ui/editors, whose widgets also take a parent


@dataclass(frozen=True, slots=True)
class Registration:
    identifier: str
    factory: Factory
    origin: str


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


@lru_cache(maxsize=1024)  # looked up for every editor built; identifiers repeat
def registry_key(identifier: str) -> str:
    """Every spelling of a platform editor (`Cms.Cms/...`, `Neos.Neos/...`, legacy) shares one key."""
    normalized = _KEY_PLATFORM.normalize_editor(identifier)
    return f"platform:{normalized.short}" if normalized.short else identifier


class EditorRegistry:
    def __init__(self) -> None:
        self._entries: dict[str, Registration] = {}
        self.problems: list[str] = []

    def register(self, plugin: Any, origin: str = BUILT_IN) -> bool:
        """Register an editor plugin object; returns False (and records why) when it has no widget."""
        identifier = _field(plugin, "identifier")
        factory = _field(plugin, "widget")
        if not isinstance(identifier, str) or not identifier.strip():
            self.problems.append(f"editor plugin from {origin} has no identifier")
            return False
        if not callable(factory):
            # A plugin may only describe its options for the checker; the preview shows a placeholder.
            return False
        self._entries[registry_key(identifier.strip())] = Registration(identifier.strip(), factory, origin)
        return True

    def load_plugins(self) -> None:
        from nodetype_studio.plugins import plugin_problems, plugins

        for plugin in plugins("editors"):
            self.register(plugin.obj, plugin.origin)
        self.problems.extend(d.message for d in plugin_problems())

    def registration(self, identifier: str | None) -> Registration | None:
        if not isinstance(identifier, str) or not identifier:
            return None
        return self._entries.get(registry_key(identifier))

    def identifiers(self) -> list[str]:
        return [r.identifier for r in self._entries.values()]

    def create(self, ctx: EditorContext, parent: QWidget | None = None, missing: str = "") -> EditorWidget:
        """The editor widget for ``ctx`` — a placeholder when none is registered or the factory fails.

        A built-in editor is made as a child of ``parent`` (the widget it will be laid out in): made
        without one, it would be a window until the layout adopts it, which then moves it and everything
        in it over. A plugin's factory takes ``ctx`` only; its widget is adopted by the layout as before.
        ``missing`` says why the property has no editor (the placeholder shows it when there is none)."""
        registration = self.registration(ctx.identifier)
        if registration is None:
            if missing:
                reason = missing
            elif not ctx.identifier:
                reason = "no editor is configured for this property type"
            elif ctx.spec is None and _KEY_PLATFORM.normalize_editor(ctx.identifier).short:
                # the Neos UI's registry has no such editor either (a vendor's may exist in the project)
                reason = "the CMS has no such editor either (it shows \u201cMissing Editor\u201d)"
            else:
                reason = "the preview has no widget registered for this editor"
            widget: EditorWidget = _placeholder()(ctx, reason)
        else:
            try:
                if parent is not None and registration.origin == BUILT_IN:
                    widget = registration.factory(ctx, parent)
                else:
                    widget = registration.factory(ctx)
                if not isinstance(widget, EditorWidget):
                    raise TypeError(f"factory returned {type(widget).__name__}, not an EditorWidget")
            except Exception as exc:  # a broken editor must not take the inspector down (the CMS does the same)
                widget = _placeholder()(ctx, f"the editor failed: {exc}  ({registration.origin})")
        if ctx.flag("disabled"):  # a new editor is enabled: only `disabled: true` has anything to do
            widget.apply_disabled(True)
        return widget


@cache
def _placeholder() -> type:
    from nodetype_studio.ui.editors.placeholder import (
        PlaceholderEditor,  # imported late: it imports the editors
    )

    return PlaceholderEditor


def builtin_plugins() -> list[EditorPlugin]:
    from nodetype_studio.ui.editors import BUILTIN_EDITORS

    return list(BUILTIN_EDITORS)


@cache
def default_registry() -> EditorRegistry:
    """Built-in editors, then plugin editors, registered through the same call."""
    registry = EditorRegistry()
    for plugin in builtin_plugins():
        registry.register(plugin)
    registry.load_plugins()
    return registry
