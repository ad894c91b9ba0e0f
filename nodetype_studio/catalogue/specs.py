"""Value types of the catalogue: options, editors, validators and the declarative rules between options.

Everything here is immutable data plus small lookups; the tables themselves live in
``editors.py`` and ``validators.py``. Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from nodetype_studio.model.prefix import Platform

#: Child key that stands for "any key of this map" (SelectBox ``values.<key>``, crop presets ...).
ANY_KEY = "*"

#: Option types of the catalogue and the Python values (as loaded from YAML) that satisfy them.
TYPE_CHECKS = {
    "boolean": lambda v: isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "map": lambda v: isinstance(v, dict),
    "list": lambda v: isinstance(v, list),
    "numeric": lambda v: (isinstance(v, (int, float)) and not isinstance(v, bool)) or _numeric_string(v),
    "null": lambda v: v is None,
    "any": lambda v: True,
}


def _numeric_string(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=None)
def _checks_for(type_name: str) -> tuple:
    return tuple(TYPE_CHECKS[t] for t in type_name.split("|"))


def type_accepts(type_name: str, value: Any) -> bool:
    """Whether ``value`` satisfies an option type; ``a|b`` spells alternatives."""
    for check in _checks_for(type_name):  # (a loop, not any(): every written option is asked)
        if check(value):
            return True
    return False


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of an editor or validator.

    ``default`` is meaningful only when ``has_default``; ``children`` describe nested keys
    (``ANY_KEY`` for every key of a map); an ``open`` map accepts keys beyond its children.
    ``source`` says where the option is documented: ``spec`` or ``facts`` (read by the CMS,
    not in the spec). ``spec_vs_cms`` explains a disagreement between the spec and the CMS.
    ``settings_default``: only the platform's Settings give the default (the editor's code has
    none), so options the Settings were merged into and that lack it have no value in the CMS.
    """

    name: str
    type: str = "any"
    default: Any = None
    has_default: bool = False
    allowed: tuple | None = None
    suggested: tuple | None = None
    required: bool = False
    required_unless: tuple[str, ...] = ()
    deprecated: str | None = None
    children: Mapping[str, "OptionSpec"] = field(default_factory=lambda: MappingProxyType({}))
    open: bool = False
    nullable: bool = False
    description: str = ""
    spec_vs_cms: str | None = None
    source: str = "spec"
    settings_default: bool = False

    def child(self, key: str) -> "OptionSpec | None":
        found = self.children.get(key)
        if found is None and key != ANY_KEY:
            found = self.children.get(ANY_KEY)
        return found

    def accepts(self, value: Any) -> bool:
        if value is None:
            return self.nullable or "null" in self.type.split("|") or self.type == "any"
        return type_accepts(self.type, value)


def option_at(options: Mapping[str, OptionSpec], path: str | tuple) -> OptionSpec | None:
    """The option at a dotted path (``crop.aspectRatio.options.square.width``; ``*`` for any map key)."""
    parts = path.split(".") if isinstance(path, str) else [str(p) for p in path]
    if not parts or not parts[0]:
        return None
    spec = options.get(parts[0])
    for part in parts[1:]:
        if spec is None:
            return None
        spec = spec.child(part)
    return spec


@dataclass(frozen=True, slots=True)
class Rule:
    """A relation between options that the spec (or the CMS) states.

    kinds:
      ``le``        ``paths[0]`` <= ``paths[1]`` when both are numbers
      ``requires``  ``paths[0]`` only works when ``paths[1]`` is truthy
      ``needs_on``  options under ``paths[0]`` apply only while ``paths[1]`` is not written falsy
      ``used_while_off`` ``paths[0]`` is truthy, so it acts, while ``paths[1]`` is written falsy
      ``inert_with`` ``paths[1:]`` have no effect while the lock at ``paths[0]`` is active
      ``null_removes`` a null entry under the map ``paths[0]`` removes an inherited entry
      ``not_null``  each of ``paths`` must not end up null (the editor fails on it)
      ``names_key`` ``paths[0]`` must name a (non-null) entry of the map ``paths[1]``; inert while the lock
                    at ``paths[2]`` (if given) is active
      ``all_or_none`` once the editor has `editorOptions`, each of ``paths`` must be among them (the
                    editor's own defaults apply only without any `editorOptions`)
      ``pair``      the map at ``paths[0]`` acts only when both its ``paths[1:]`` are positive numbers: one
                    of them alone does nothing

    ``unless_off``: the rule holds only while the option at that path is not switched off (a missing
    option counts as on; JavaScript truthiness otherwise).
    ``on_with``: an option that puts what the switch (``unless_off``, or the switch of ``needs_on``)
    governs to use even while the switch is off, when it is truthy.
    """

    kind: str
    paths: tuple[str, ...]
    code: str
    message: str
    severity: str = "warning"
    unless_off: str | None = None
    on_with: str | None = None


def _platform(platform: Platform | None) -> Platform:
    return platform if platform is not None else Platform("Cms")


class _Entry:
    """What editors and validators share: the identifier in a platform's spelling, options by path."""

    __slots__ = ()
    _namespace = ""  # the Platform method that spells a built-in identifier
    # fields of the dataclasses that share this behaviour
    custom_identifier: str | None
    short_name: str
    options: Any

    def identifier(self, platform: Platform | None = None) -> str:
        if self.custom_identifier:
            return self.custom_identifier
        return getattr(_platform(platform), self._namespace)(self.short_name)

    def option(self, path: str | tuple) -> OptionSpec | None:
        return option_at(self.options, path)


@dataclass(frozen=True, slots=True)
class EditorSpec(_Entry):
    _namespace = "editor"

    short_name: str
    fits_types: tuple[str, ...]
    options: Mapping[str, OptionSpec]
    has_own_label: bool = False
    status: str = "current"  # "current" | "removed-in-9" | "custom"
    description: str = ""
    compat_notes: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = ()
    custom_identifier: str | None = None  # plugin editors: the identifier as registered
    origin: str = "built-in"
    options_declared: bool = True  # False: a plugin that did not declare its options (any option goes)
    open_options: bool = False  # options are handed on as is (CKEditor config): only likely typos are reported
    #: Where an option people write here by mistake belongs (the hint of its `option-unknown` finding).
    option_hints: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def default(self, path: str | tuple, platform: Platform | None = None) -> Any:
        """The default of the option at ``path`` (platform node type names in ``platform``'s prefix)."""
        spec = self.option(path)
        if spec is None or not spec.has_default:
            return None
        return _localize(spec.default, platform)

    def fits(self, property_type: str, platform: Platform | None = None) -> bool:
        return not self.fits_types or _canonical(property_type, platform) in self.fits_types


@dataclass(frozen=True, slots=True)
class ValidatorSpec(_Entry):
    _namespace = "validator"

    short_name: str
    options: Mapping[str, OptionSpec]
    runs_in_browser: bool = True
    description: str = ""
    compat_notes: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = ()
    custom_identifier: str | None = None
    origin: str = "built-in"
    options_declared: bool = True
    #: Options written `~` (null): "always" when the browser's validator reads an option of them in every
    #: version (a TypeError); for Neos 8.3 only, "on failure" (it reads `validationErrorMessage` once the
    #: value fails) or "non-empty" (for every value but null and ''); None: read safely.
    null_options: str | None = None
    null_options_83: str | None = None


def _localize(value: Any, platform: Platform | None) -> Any:
    """Defaults are written with the spec's `Cms` prefix; give them in the project's prefix."""
    if platform is None:
        return value
    if isinstance(value, str):
        return platform.normalize_name(value).value
    if isinstance(value, list):
        return [_localize(v, platform) for v in value]
    if isinstance(value, dict):
        return {k: _localize(v, platform) for k, v in value.items()}
    return value


@lru_cache(maxsize=4096)
def _canonical(property_type: str, platform: Platform | None) -> str:
    from nodetype_studio.catalogue.types import (
        canonical_type,  # types imports this module
    )

    return canonical_type(property_type, platform)
