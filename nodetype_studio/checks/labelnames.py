"""Where 9.x's label enrichment hands an integer-like name to a string parameter (`neos9-label-integer-name`).

PHP keys an array by a decimal integer text (`'123'`, quoted or not) as that integer. Neos 9's
NodeTypeEnrichmentService (Neos.ContentRepositoryRegistry, `declare(strict_types=1)`) walks a node type's own
configuration and, for every text that is `i18n` (after `trim()`), builds the translation id with a helper whose
name parameter is typed `string`: `getLabelTranslationId()` for a property's or reference's label,
`getConfigurationTranslationId()` for its help message, inline placeholder and the label options of the
Select box, Code, Text field and Text area editors, `getInspectorElementTranslationId()` for a tab's, group's,
view's or creation dialog element's label. With an integer name that call is a TypeError, and no node type
loads. (A Select box value's key, and a creation dialog element's name in its editor options' ids, are joined
to text before the call: no error.) 8.3's aspect has no strict types and makes `...:properties.123`.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from nodetype_studio.model.postprocess import is_i18n
from nodetype_studio.php.yamldump import php_key

#: (path of the `i18n` text in the type's own configuration, what is named: property, reference, tab...)
Site = tuple[tuple, str]

_KINDS = {"tabs": "tab", "groups": "group", "views": "view"}


def integer_name_sites(config: dict, label_keys: Callable[[str, str], tuple[str, ...]]) -> Iterator[Site]:
    """The `i18n` texts of ``config`` (one node type's own) whose id the enrichment makes from an integer-like
    name. ``label_keys(section, name)``: the editor option keys the enrichment translates for that property or
    reference (empty when its editor is none of the four it knows)."""
    ui = config.get("ui")
    if isinstance(ui, dict):
        inspector = ui.get("inspector")
        for kind, items in inspector.items() if isinstance(inspector, dict) else ():
            for item_id, item in items.items() if isinstance(items, dict) else ():
                if _is_integer(item_id) and isinstance(item, dict) and is_i18n(item.get("label")):
                    yield ("ui", "inspector", kind, item_id, "label"), _KINDS.get(kind, "inspector element")
        dialog = ui.get("creationDialog")
        elements = dialog.get("elements") if isinstance(dialog, dict) else None
        for element_id, element in elements.items() if isinstance(elements, dict) else ():
            element_ui = element.get("ui") if isinstance(element, dict) else None
            if _is_integer(element_id) and isinstance(element_ui, dict) and is_i18n(element_ui.get("label")):
                yield ("ui", "creationDialog", "elements", element_id, "ui", "label"), "creation dialog element"
    for section, kind in (("properties", "property"), ("references", "reference")):
        entries = config.get(section)
        for name, entry in entries.items() if isinstance(entries, dict) else ():
            entry_ui = entry.get("ui") if isinstance(entry, dict) else None
            if _is_integer(name) and isinstance(entry_ui, dict):
                for path in _entry_sites(section, name, entry_ui, label_keys):
                    yield path, kind


def _entry_sites(section: str, name: Any, ui: dict, label_keys) -> Iterator[tuple]:
    base = (section, name, "ui")
    if is_i18n(ui.get("label")):
        yield base + ("label",)
    options = _map(_map(ui.get("inspector")).get("editorOptions"))
    for key in label_keys(section, name) if options else ():
        if is_i18n(options.get(key)):
            yield base + ("inspector", "editorOptions", key)
    if "values" in label_keys(section, name) and isinstance(options.get("values"), dict):
        for value, entry in options["values"].items():
            if isinstance(entry, dict) and is_i18n(entry.get("label")):
                yield base + ("inspector", "editorOptions", "values", value, "label")
    if is_i18n(_map(_map(ui.get("inline")).get("editorOptions")).get("placeholder")):
        yield base + ("inline", "editorOptions", "placeholder")
    if is_i18n(_map(ui.get("help")).get("message")):
        yield base + ("help", "message")


def _is_integer(name: Any) -> bool:
    return isinstance(php_key(name), int)


def _map(value: Any) -> dict:
    return value if isinstance(value, dict) else {}
