"""The one catalogue of inspector editors and validators, read by the checker and the preview.

    from nodetype_studio.catalogue import EDITORS, VALIDATORS, editor_spec, editor_for_type, validator_spec

Lookups accept every spelling of a platform identifier (`Cms.Cms/...`, `Neos.Neos/...`,
`TYPO3.Neos/...`, `Content/Inspector/Editors/...`) and the short name (`SelectBoxEditor`).
Editors registered by plugins are found too (``status``/``origin`` tell them apart); validators
registered by plugins are read by ``nodetype_studio.validation`` (their ``.spec``).
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any, Iterable, Mapping

from nodetype_studio.catalogue.build import declared_options, plugin_field
from nodetype_studio.catalogue.editors import EDITORS
from nodetype_studio.catalogue.specs import (
    ANY_KEY,
    EditorSpec,
    OptionSpec,
    Rule,
    ValidatorSpec,
    type_accepts,
)
from nodetype_studio.catalogue.types import (
    DATA_TYPES,
    DataType,
    canonical_type,
    data_type,
)
from nodetype_studio.catalogue.validators import VALIDATORS
from nodetype_studio.model.prefix import Platform

__all__ = [
    "ANY_KEY", "DATA_TYPES", "EDITORS", "VALIDATORS", "DataType", "EditorSpec", "OptionSpec", "Rule",
    "ValidatorSpec", "canonical_type", "custom_editors", "data_type", "declared_options", "editor_for_type",
    "editor_spec", "suggest", "type_accepts", "validator_spec",
]

_ANY_PLATFORM = Platform()


def _lookup(table: Mapping[str, Any], identifier: Any, normalized) -> Any:
    """The entry for a platform identifier (any spelling) or a bare short name; None when unknown."""
    found = table.get(normalized.short) if normalized.short else None
    if found is None and "/" not in identifier:
        found = table.get(identifier)
    return found


def editor_spec(identifier: str, platform: Platform | None = None, *, plugins: bool = True) -> EditorSpec | None:
    """The editor for any spelling of its identifier, or its short name (plugin editors with ``plugins``)."""
    if not isinstance(identifier, str):
        return None
    found = _lookup(EDITORS, identifier, (platform or _ANY_PLATFORM).normalize_editor(identifier))
    if found is None and plugins:
        found = custom_editors().get(identifier)
    return found


def editor_for_type(property_type: str, platform: Platform | None = None) -> EditorSpec | None:
    """The default editor of a property type (neos-facts §1.2); None for types without one."""
    dt = data_type(property_type, platform)
    return EDITORS.get(dt.editor) if dt else None


def validator_spec(identifier: str, platform: Platform | None = None) -> ValidatorSpec | None:
    """The built-in validator for any spelling of its identifier, or its short name; None when unknown.
    (Plugin validators: ``nodetype_studio.validation.get_validator(identifier).spec``.)"""
    if not isinstance(identifier, str):
        return None
    return _lookup(VALIDATORS, identifier, (platform or _ANY_PLATFORM).normalize_validator(identifier))


def suggest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The closest candidate for a misspelling ("did you mean"), comparing case-insensitively first."""
    pool = tuple(candidates)
    if isinstance(word, str):
        return _remembered_suggestion(word, pool, cutoff)
    return _closest(word, pool, cutoff)


@lru_cache(maxsize=4096)
def _remembered_suggestion(word: str, pool: tuple[str, ...], cutoff: float) -> str | None:
    """``_closest``, remembered: the checks ask again about the same misspelling for every property and
    type that carries it (difflib compares it with every candidate)."""
    return _closest(word, pool, cutoff)


def _closest(word, pool: tuple[str, ...], cutoff: float) -> str | None:
    lowered = {c.lower(): c for c in pool}
    if isinstance(word, str) and word.lower() in lowered and lowered[word.lower()] != word:
        return lowered[word.lower()]
    match = difflib.get_close_matches(str(word), pool, n=1, cutoff=cutoff)
    if match:
        return match[0]
    match = difflib.get_close_matches(str(word).lower(), list(lowered), n=1, cutoff=cutoff)
    return lowered[match[0]] if match else None


# -- plugins ---------------------------------------------------------------------------------
# Plugin validators are registered (and their options read) by ``nodetype_studio.validation``:
# ``registered_validators()[id].spec`` is their ValidatorSpec. Only editors are read here.


def custom_editors() -> dict[str, EditorSpec]:
    """Editors registered by plugins, by their identifier."""
    from nodetype_studio.plugins import plugins

    specs: dict[str, EditorSpec] = {}
    for plugin in plugins("editors"):
        identifier = plugin_field(plugin.obj, "identifier")
        if not isinstance(identifier, str) or not identifier:
            continue
        opts, declared = declared_options(plugin_field(plugin.obj, "options"))
        fits = plugin_field(plugin.obj, "fits_types") or ()
        specs[identifier] = EditorSpec(
            short_name=identifier.rsplit("/", 1)[-1], fits_types=tuple(canonical_type(t) for t in fits),
            options=opts, status="custom", custom_identifier=identifier, origin=plugin.origin,
            options_declared=declared, description=str(plugin_field(plugin.obj, "description", "") or ""))
    return specs
