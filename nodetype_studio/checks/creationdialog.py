"""Checks on the creation dialog's elements (`ui.creationDialog.elements`) as the CMS resolves them.

The editor post-processor (8.3: Neos.Neos DefaultPropertyEditorPostprocessor; 9.x: the UI package's
CreationDialogNodeTypePostprocessor) gives an element its `ui.editor` from a written one, else from its
`type`'s data type (`userInterface.inspector.dataTypes`); an element without `type`, or of a type without a
default editor, is left as written ("the configuration could be a partial configuration", the CMS's comment).
The dialog (neos-ui `NodeCreationDialog`) hands `ui.editor` to its `EditorEnvelope`, which renders "Missing
editor definition" instead of a field when it is empty: the value cannot be entered.
"""

from __future__ import annotations

from typing import Any

from nodetype_studio.checks.base import Context, always_hidden, get, node_rule
from nodetype_studio.checks.editors import _has_default_editor
from nodetype_studio.diagnostics import Severity


@node_rule(combined=True)
def creation_element_without_editor(ctx: Context, nt: Any):
    """On the final types only: a mixin's element may get its `type` or editor from the type that uses it."""
    elements = get(nt.effective, "ui", "creationDialog", "elements")
    if not isinstance(elements, dict):
        return
    for key, element in elements.items():
        if not isinstance(element, dict):
            continue
        ui = element.get("ui")
        type_name = element.get("type")
        if not isinstance(ui, dict) and isinstance(type_name, str) and _has_default_editor(ctx, type_name):
            continue  # the post-processor fails on this `ui`: the model's `creation-element-ui-invalid` says so
        ui = ui if isinstance(ui, dict) else {}
        if ui.get("editor") not in (None, "") or always_hidden(ui):
            continue
        yield ctx.at(nt, ("ui", "creationDialog", "elements", key), Severity.WARNING, "creation-element-no-editor",
                     f"creation dialog element `{key}` has no editor ({_why_no_editor(element, ui)}): the CMS's "
                     "creation dialog shows \"Missing editor definition\" in its place, so the value cannot be "
                     "entered; set `ui.editor`, or a `type` whose data type has an editor (e.g. `type: string`)")


def _why_no_editor(element: dict, ui: dict) -> str:
    if ui.get("editor") == "":
        return "its `ui.editor` is empty"  # (the CMS keeps an empty editor: PHP's isset() of '' is true)
    type_name = element.get("type")
    if type_name is None:
        return "no `ui.editor`, and no `type` to take the default editor from"
    return f"no `ui.editor`, and type `{type_name}` has no default editor"
