"""The one catalogue of inspector editors and validators, read by the checker and the preview.

    from nodetype_studio.catalogue import EDITORS, VALIDATORS, editor_spec, editor_for_type, validator_spec

Lookups accept every spelling of a platform identifier (`Cms.Cms/...`, `Neos.Neos/...`,
`TYPO3.Neos/...`, `Content/Inspector/Editors/...`) and the short name (`SelectBoxEditor`).
Editors and validators registered by plugins are found too (``status``/``origin`` tell them apart).
"""

from __future__ import annotations

import difflib
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from nodetype_studio.catalogue.editors import EDITORS
from nodetype_studio.catalogue.specs import ANY_KEY, TYPE_CHECKS, EditorSpec, OptionSpec, Rule, ValidatorSpec, type_accepts
from nodetype_studio.catalogue.types import DATA_TYPES, DataType, canonical_type, data_type
from nodetype_studio.catalogue.validators import VALIDATORS
from nodetype_studio.platform import Platform

__all__ = [
    "ANY_KEY", "DATA_TYPES", "EDITORS", "VALIDATORS", "DataType", "EditorSpec", "OptionSpec", "Rule",
    "ValidatorSpec", "canonical_type", "custom_editors", "custom_validators", "data_type", "editor_for_type",
    "editor_spec", "suggest", "type_accepts", "validator_spec",
]

_ANY_PLATFORM = Platform()


def editor_spec(identifier: str, platform: Platform | None = None, *, plugins: bool = True) -> EditorSpec | None:
    """The editor for any spelling of its identifier, or its short name; None when unknown."""
    if not isinstance(identifier, str):
        return None
    normalized = (platform or _ANY_PLATFORM).normalize_editor(identifier)
    found = EDITORS.get(normalized.short) if normalized.short else None
    if found is None and "/" not in identifier:
        found = EDITORS.get(identifier)
    if found is None and plugins:
        found = custom_editors().get(identifier)
    return found


def editor_for_type(property_type: str, platform: Platform | None = None) -> EditorSpec | None:
    """The default editor of a property type (neos-facts §1.2); None for types without one."""
    dt = data_type(property_type, platform)
    return EDITORS.get(dt.editor) if dt else None


def validator_spec(identifier: str, platform: Platform | None = None, *, plugins: bool = True) -> ValidatorSpec | None:
    """The validator for any spelling of its identifier, or its short name; None when unknown."""
    if not isinstance(identifier, str):
        return None
    normalized = (platform or _ANY_PLATFORM).normalize_validator(identifier)
    found = VALIDATORS.get(normalized.short) if normalized.short else None
    if found is None and "/" not in identifier:
        found = VALIDATORS.get(identifier)
    if found is None and plugins:
        found = custom_validators().get(identifier)
    return found


def suggest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The closest candidate for a misspelling ("did you mean"), comparing case-insensitively first."""
    pool = list(candidates)
    lowered = {c.lower(): c for c in pool}
    if isinstance(word, str) and word.lower() in lowered and lowered[word.lower()] != word:
        return lowered[word.lower()]
    match = difflib.get_close_matches(str(word), pool, n=1, cutoff=cutoff)
    if match:
        return match[0]
    match = difflib.get_close_matches(str(word).lower(), list(lowered), n=1, cutoff=cutoff)
    return lowered[match[0]] if match else None


# -- plugins ---------------------------------------------------------------------------------


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _plugin_options(declared: Any) -> tuple[Mapping[str, OptionSpec], bool]:
    """Plugin options are ``name -> type`` (or ``name -> OptionSpec``); None means "not declared"."""
    if declared is None:
        return MappingProxyType({}), False
    result = {}
    items = declared.items() if isinstance(declared, Mapping) else ((name, "any") for name in declared)
    for name, kind in items:
        if isinstance(kind, OptionSpec):
            result[name] = kind
        else:
            kind = kind if isinstance(kind, str) and all(t in TYPE_CHECKS for t in kind.split("|")) else "any"
            result[name] = OptionSpec(name=name, type=kind, source="plugin")
    return MappingProxyType(result), True


def _plugin_specs(kind: str) -> dict[str, Any]:
    from nodetype_studio.plugins import plugins

    specs: dict[str, Any] = {}
    for plugin in plugins(kind):
        identifier = _field(plugin.obj, "identifier")
        if not isinstance(identifier, str) or not identifier:
            continue
        opts, declared = _plugin_options(_field(plugin.obj, "options"))
        if kind == "editors":
            fits = _field(plugin.obj, "fits_types") or ()
            specs[identifier] = EditorSpec(
                short_name=identifier.rsplit("/", 1)[-1], fits_types=tuple(canonical_type(t) for t in fits),
                options=opts, status="custom", custom_identifier=identifier, origin=plugin.origin,
                options_declared=declared, description=str(_field(plugin.obj, "description", "") or ""))
        else:
            specs[identifier] = ValidatorSpec(
                short_name=identifier.rsplit("/", 1)[-1], options=opts, custom_identifier=identifier,
                origin=plugin.origin, options_declared=declared)
    return specs


def custom_editors() -> dict[str, EditorSpec]:
    """Editors registered by plugins, by their identifier."""
    return _plugin_specs("editors")


def custom_validators() -> dict[str, ValidatorSpec]:
    """Validators registered by plugins, by their identifier."""
    return _plugin_specs("validators")

