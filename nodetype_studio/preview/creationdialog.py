"""The creation dialog of a node type ("Create new …"), as the inspector preview can show it.

The CMS's dialog (neos-ui ``Containers/Modals/NodeCreationDialog/index.js``) shows the elements of the
node type's ``ui.creationDialog.elements`` (after the platform's post-processing, which promotes properties
with ``ui.showInCreationDialog``; facts §5.9) in their order, each with its ``ui.label``, ``ui.editor``,
``ui.editorOptions`` (the first element also gets ``autoFocus: true``), ``ui.help`` and ``validation``, and
leaves out an element whose ``ui.hidden`` (after ClientEval) is truthy; an element's value starts as its
``defaultValue``. Its validation errors show from the first change on, and
"Create" is refused while any element has one.

``creation_source`` turns those elements into a node type configuration with one tab and one group, so the
inspector's own machinery (editors, validation as you type, ClientEval) shows the dialog's content.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from nodetype_studio.js.values import client_eval_expression, is_client_eval
from nodetype_studio.preview.inspector import InspectorSource

TAB = GROUP = "creationDialog"


def _written_elements(config: Any) -> Mapping:
    """``ui.creationDialog.elements`` as the configuration holds it ({} when it is not a map)."""
    ui = config.get("ui") if isinstance(config, Mapping) else None
    dialog = ui.get("creationDialog") if isinstance(ui, Mapping) else None
    elements = dialog.get("elements") if isinstance(dialog, Mapping) else None
    return elements if isinstance(elements, Mapping) else {}


def creation_elements(config: Mapping[str, Any]) -> dict[str, dict]:
    """The node type's creation dialog elements in their order (entries that are not maps are dropped,
    as the CMS renders no element for them)."""
    return {str(name): dict(element) for name, element in _written_elements(config).items()
            if isinstance(element, Mapping)}


def has_creation_dialog(config: Any, abstract: bool = False) -> bool:
    """Whether a node of this type is created through a dialog: it has elements and is not ``abstract``
    (no node of an abstract type is ever created)."""
    return not abstract and any(isinstance(e, Mapping) for e in _written_elements(config).values())


# The dialog evaluates each element as a whole before it reads `ui.editorOptions` and `ui.help.message`
# (NodeCreationDialog: preprocessNodeConfiguration over `elements`, then `{...element.ui.editorOptions,
# autoFocus}`), so a `ClientEval:` string in place of either map gives its evaluated map. The inspector's
# machinery evaluates an item's `editorOptions` whole but only `help.message`/`help.thumbnail`: the
# expressions below read the parts from the element's result as the dialog does. (The closing `)` starts
# a new line so that an expression ending in a `//` comment still closes.)


def _editor_options(options: Any, first: bool) -> Any:
    """The element's ``ui.editorOptions`` for the inspector; the first element also gets ``autoFocus``."""
    if is_client_eval(options):
        if not first:
            return options
        return f"ClientEval:({{...({client_eval_expression(options)}\n), autoFocus: true}})"
    options = dict(options) if isinstance(options, Mapping) else {}
    if first:
        options["autoFocus"] = True  # (the dialog focuses its first element)
    return options


def _help_of_expression(help_value: str) -> dict[str, str]:
    expression = client_eval_expression(help_value)
    return {part: f"ClientEval:({expression}\n)?.{part}" for part in ("message", "thumbnail")}


def creation_source(source: InspectorSource) -> InspectorSource | None:
    """An inspector source showing the creation dialog of ``source``'s node type (None: it has none)."""
    elements = creation_elements(source.config)
    if not elements:
        return None
    properties: dict[str, Any] = {}
    for index, (name, element) in enumerate(elements.items()):
        found = element.get("ui")
        ui: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
        inspector: dict[str, Any] = {"group": GROUP, "position": index,
                                     "editorOptions": _editor_options(ui.get("editorOptions"), index == 0)}
        if ui.get("editor") is not None:
            inspector["editor"] = ui.get("editor")
        if ui.get("hidden") is not None:  # the dialog renders no element whose (evaluated) `ui.hidden` is truthy
            inspector["hidden"] = ui.get("hidden")
        prop_ui: dict[str, Any] = {"label": ui.get("label") if ui.get("label") is not None else "", "inspector": inspector}
        if isinstance(ui.get("help"), Mapping):
            prop_ui["help"] = dict(ui["help"])
        elif is_client_eval(ui.get("help")):
            prop_ui["help"] = _help_of_expression(ui["help"])
        prop: dict[str, Any] = {"type": element.get("type", "string"), "ui": prop_ui}
        if element.get("validation") is not None:
            prop["validation"] = element["validation"]
        if "defaultValue" in element:
            prop["defaultValue"] = element["defaultValue"]
        properties[name] = prop
    label = source.config.get("ui", {}).get("label") if isinstance(source.config.get("ui"), Mapping) else None
    config: dict[str, Any] = {
        "ui": {"label": label if label is not None else source.name,
               "inspector": {"tabs": {TAB: {"label": "Create new", "icon": "fas fa-plus-square", "position": 0}},
                             "groups": {GROUP: {"label": "", "tab": TAB, "position": 0}}}},
        "properties": properties,
    }
    if source.config.get("aggregate") is True:  # (a document is created into a page: ClientEval's parentNode)
        config["aggregate"] = True
    return replace(source, config=config, studio_editors=frozenset(), creation_dialog=True)
