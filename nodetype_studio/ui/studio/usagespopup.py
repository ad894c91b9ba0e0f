"""Subtypes (Ctrl+Alt+B) and usages (Alt+F7) of the selected node type, in a filterable popup.

Usages are the places where another type's own definition names it: ``superTypes``,
``constraints.nodeTypes``, ``childNodes`` (type and constraints) and a property's
``editorOptions.nodeTypes``. Choosing a row selects that type and shows the line in the source.
"""

from __future__ import annotations

from nodetype_studio.studio.usages import subtypes, usages
from nodetype_studio.ui.studio.fuzzypopup import Choice, FuzzyPopup


def choices(project, name: str, *, subtypes_only: bool = False) -> list[Choice]:
    found: list[Choice] = []
    direct = set(subtypes(project, name))
    for subtype in subtypes(project, name, transitive=True):
        node_type = project.node_type(subtype)
        how = "subtype" if subtype in direct else "subtype (through " + _via(node_type, name, project) + ")"
        location = node_type.location_of_definition() if node_type is not None else None
        found.append(Choice(subtype, how, (subtype, location)))
    if not subtypes_only:
        for usage in usages(project, name):
            if usage.kind == "supertype" and usage.allowed:
                continue  # listed as a subtype above
            found.append(Choice(usage.node_type, usage.describe(), (usage.node_type, usage.location)))
    return found


def _via(node_type, name: str, project) -> str:
    for parent in node_type.declared_supertypes:
        other = project.node_type(parent)
        if other is not None and (parent == name or name in other.ancestors):
            return parent
    return "?"


def open_usages(window, *, subtypes_only: bool = False) -> FuzzyPopup | None:
    node_type = window.node_type()
    if node_type is None:
        window.status("Select a node type first")
        return None
    rows = choices(window.session.project, node_type.name, subtypes_only=subtypes_only)
    what = "Subtypes" if subtypes_only else "Subtypes and usages"

    def chosen(choice: Choice) -> None:
        name, location = choice.payload
        if window.navigator.go_to(name) and location is not None and location.line:
            window.show_source(location.file, location.line, switch=True)

    popup = FuzzyPopup(window, rows, chosen, placeholder="Filter by node type name",
                       empty_text=f"Nothing inherits from or names {node_type.name}",
                       title=f"{what} of {node_type.name} ({len(rows)})")
    popup.setObjectName("usagesPopup")
    popup.open_at_top()
    window.usages_popup = popup
    return popup
