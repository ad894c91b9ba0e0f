"""Quick open (Ctrl+P, Ctrl+Shift+N): a node type by fuzzy name, the project's own first.

The platform's base types are offered too (after the project's), so ``Neos.Neos:Content`` is one
keystroke sequence away like every other type.
"""

from __future__ import annotations

from nodetype_studio.ui.studio.fuzzypopup import Choice, FuzzyPopup


def choices(project) -> list[Choice]:
    own = sorted((nt for nt in project.node_types.values() if not nt.from_baseline), key=lambda nt: nt.name)
    platform = sorted((nt for nt in project.node_types.values() if nt.from_baseline), key=lambda nt: nt.name)
    found = []
    for node_type in own + platform:
        parts = [node_type.label or ""]
        if node_type.abstract:
            parts.append("abstract")
        if node_type.from_baseline:
            parts.append("platform")
        found.append(Choice(node_type.name, " \u00b7 ".join(p for p in parts if p), node_type.name))
    return found


def open_quick_open(window) -> FuzzyPopup | None:
    """Show quick open over ``window`` (a StudioWindow); None without a project."""
    if window.session is None:
        window.status("Quick open needs a project: open one first (Ctrl+O)")
        return None
    popup = FuzzyPopup(window, choices(window.session.project), lambda choice: window.navigator.go_to(choice.payload),
                       placeholder="Go to node type: type part of its name (e.g. cteas for Content.Teaser)",
                       empty_text="No node type matches")
    popup.setObjectName("quickOpen")
    popup.open_at_top()
    window.quick_open_popup = popup
    return popup
