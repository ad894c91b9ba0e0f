"""Which validators exist: the fifteen built-ins plus custom validators from plugins.

Plugin API (entry point group ``nodetype_studio.validators``, or a module-level ``validators``
list in a plugin-folder file; see docs/validation.md). Each registered object is one of:

* a ``Validator`` subclass or instance with ``identifier``, ``options`` and ``validate(value, options)``;
* a function decorated with ``@custom_validator(identifier, options=...)``;
* any object/class (or mapping) with an ``identifier`` and a ``validate`` method (duck typing);
* an object or mapping with only ``identifier`` and ``options``: it declares a validator the site
  registers in JavaScript, so the checker knows its options; the engine reports that it cannot run it.

Options are declared as ``name -> OptionInfo | type name | mapping of OptionInfo's fields`` (or a
list of names) and registered as the catalogue's ``OptionSpec``; every validator's ``spec`` is its
catalogue entry (``ValidatorSpec``), the one path by which the checker learns plugin validators.

``validate`` receives the value as the browser has it and the options (declared defaults filled
in) and returns findings: None/True/[] when valid, or a message string, an ``Issue``, a
``(message_id, message[, arguments])`` tuple, a mapping with ``message`` (and optionally
``message_id``, ``arguments``, ``severity``), False, or a list of those.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Callable

from nodetype_studio import plugins
from nodetype_studio.catalogue import ValidatorSpec, declared_options
from nodetype_studio.catalogue.build import plugin_field
from nodetype_studio.diagnostics import Diagnostic, warning
from nodetype_studio.js.regex import CannotEvaluate
from nodetype_studio.model.prefix import Platform
from nodetype_studio.validation.builtins_date import (
    DateTimeRangeValidator,
    DateTimeValidator,
    EmailAddressValidator,
)
from nodetype_studio.validation.builtins_number import (
    CountValidator,
    FloatValidator,
    IntegerValidator,
    NumberRangeValidator,
)
from nodetype_studio.validation.builtins_text import (
    AlphanumericValidator,
    LabelValidator,
    NotEmptyValidator,
    RegularExpressionValidator,
    StringLengthValidator,
    StringValidator,
    TextValidator,
    UuidValidator,
)
from nodetype_studio.validation.types import ERROR, Issue, ValidationMessage, Validator

BUILTIN_CLASSES = (
    AlphanumericValidator, CountValidator, DateTimeRangeValidator, DateTimeValidator, EmailAddressValidator,
    FloatValidator, IntegerValidator, LabelValidator, NotEmptyValidator, NumberRangeValidator,
    RegularExpressionValidator, StringLengthValidator, StringValidator, TextValidator, UuidValidator,
)


class FunctionValidator(Validator):
    """A custom validator made from a plain function ``fn(value, options)``."""

    def __init__(self, identifier: str, fn: Callable, options=None, description: str = "", runs_in_browser: bool = True):
        self.identifier = identifier
        self.short_name = identifier.rsplit("/", 1)[-1]
        self.fn = fn
        self.options = options or {}
        self.description = description or (fn.__doc__ or "").strip().split("\n")[0]
        self.runs_in_browser = runs_in_browser
        self.origin = getattr(fn, "__module__", "") or "plugin"

    def validate(self, value, options):
        return normalize_result(self.fn(value, options), self.identifier)


def custom_validator(identifier: str, options: Mapping | None = None, description: str = "", runs_in_browser: bool = True):
    """Decorator turning ``fn(value, options)`` into a registrable custom validator."""

    def wrap(fn: Callable) -> FunctionValidator:
        return FunctionValidator(identifier, fn, options, description, runs_in_browser)

    return wrap


class _PluginObject(Validator):
    """Adapts a plugin object or mapping with an ``identifier`` that is not a Validator. Without a
    ``validate`` it only declares the validator (its options, for the checker): the studio cannot run it."""

    def __init__(self, obj):
        self.obj = obj
        self.identifier = plugin_field(obj, "identifier")
        self.short_name = plugin_field(obj, "short_name", "") or self.identifier.rsplit("/", 1)[-1]
        self.options = plugin_field(obj, "options")
        self.description = plugin_field(obj, "description", "") or ""
        self.runs_in_browser = bool(plugin_field(obj, "runs_in_browser", True))

    def validate(self, value, options):
        check = plugin_field(self.obj, "validate")
        if not callable(check):
            raise CannotEvaluate("its plugin declares it without validate(value, options), so the studio cannot run it")
        return normalize_result(check(value, options), self.identifier)


def _one_issue(item, identifier: str) -> Issue | None:
    if item is None or item is True or item == "":
        return None
    if item is False:
        return Issue(None, f"The value is not valid ({identifier}).")
    if isinstance(item, Issue):
        return item
    if isinstance(item, ValidationMessage):
        return Issue(item.message_id, item.message, dict(item.arguments), item.severity)
    if isinstance(item, str):
        return Issue(None, item)
    if isinstance(item, tuple) and 2 <= len(item) <= 3:
        return Issue(item[0], str(item[1]), dict(item[2]) if len(item) == 3 else {})
    if isinstance(item, Mapping) and "message" in item:
        return Issue(item.get("message_id"), str(item["message"]), dict(item.get("arguments") or {}), item.get("severity", ERROR))
    raise TypeError(f"validator {identifier} returned {item!r}, which is not a finding")


def normalize_result(result, identifier: str) -> list[Issue]:
    """Turn whatever a (plugin) validator returned into a list of Issues."""
    items = result if isinstance(result, list) else [result]
    issues = [_one_issue(item, identifier) for item in items]
    return [i for i in issues if i is not None]


def adapt_plugin(obj, origin: str = "plugin") -> Validator:
    """The Validator for a registered plugin object, its ``options`` and ``spec`` filled in from its
    declaration. Raises TypeError/ValueError if it is not one."""
    if isinstance(obj, type):
        obj = obj()
    if isinstance(obj, Validator):
        validator = obj
        if not getattr(validator, "short_name", ""):
            validator.short_name = str(validator.identifier).rsplit("/", 1)[-1]
    elif callable(obj) and hasattr(obj, "identifier") and not callable(getattr(obj, "validate", None)):
        validator = FunctionValidator(obj.identifier, obj, getattr(obj, "options", None), getattr(obj, "description", ""))
    elif plugin_field(obj, "identifier") is not None:
        validator = _PluginObject(obj)
    else:
        raise TypeError(f"{obj!r} is not a validator (needs an identifier and validate(value, options))")
    if not isinstance(validator.identifier, str) or not validator.identifier.strip():
        raise ValueError(f"{obj!r} has no identifier")
    options, declared = declared_options(validator.options)
    validator.options = options
    validator.origin = origin
    validator.spec = ValidatorSpec(
        short_name=validator.short_name, options=options, runs_in_browser=validator.runs_in_browser,
        description=str(validator.description or ""), custom_identifier=validator.identifier, origin=origin,
        options_declared=declared)
    return validator


def _build(prefix: str, loaded: list) -> tuple[dict, tuple]:
    platform = Platform(prefix)
    table: dict[str, Validator] = {}
    for cls in BUILTIN_CLASSES:
        builtin: Validator = cls(platform)
        table[builtin.identifier] = builtin
    problems: list[Diagnostic] = []
    for plugin in loaded:
        try:
            validator = adapt_plugin(plugin.obj, plugin.origin)
        except Exception as exc:
            problems.append(warning("plugin-validator", f"validator plugin from {plugin.origin} is not usable: {exc}"))
            continue
        key = platform.normalize_validator(validator.identifier).value
        if key in table:
            owner = "a built-in validator" if table[key].origin == "built-in" else table[key].origin
            problems.append(warning(
                "plugin-validator", f"validator {validator.identifier} from {plugin.origin} is ignored: {owner} has that identifier"
            ))
            continue
        table[key] = validator
    return table, tuple(problems)


_built: dict[str, tuple[list, dict, tuple]] = {}  # prefix -> (plugins it was built from, table, problems)


def current_table(prefix: str) -> tuple[dict, tuple]:
    """(validators by canonical identifier, registration problems) for a platform prefix; rebuilt (and
    ``resolve``'s cache dropped) when the plugin loader has loaded other plugins since (reload_plugins())."""
    loaded = plugins.plugins("validators")
    built = _built.get(prefix)
    if built is None or len(built[0]) != len(loaded) or any(a is not b for a, b in zip(built[0], loaded)):
        built = _built[prefix] = (loaded, *_build(prefix, loaded))  # keeps `loaded` alive: identities stay unique
        resolve.cache_clear()
    return built[1], built[2]


def registered_validators(platform: Platform | None = None) -> dict[str, Validator]:
    """Every validator by canonical identifier: built-ins (in the platform's spelling) and plugins."""
    return dict(current_table((platform or Platform()).prefix)[0])


def get_validator(identifier: str, platform: Platform | None = None) -> Validator | None:
    """The validator for a configured identifier (`Neos.Neos/…`, `Cms.Cms/…`, legacy `TYPO3.Neos/…` alike)."""
    if not isinstance(identifier, str):
        return None
    prefix = (platform or Platform()).prefix
    current_table(prefix)  # follow a plugin reload
    return resolve(identifier, prefix)[0]


@lru_cache(maxsize=1024)
def resolve(identifier: str, prefix: str) -> tuple[Validator | None, str | None]:
    """(validator or None, legacy spelling used or None) for a configured identifier; cached per keystroke path."""
    platform = Platform(prefix)
    table = current_table(prefix)[0]
    normalized = platform.normalize_validator(identifier)
    return table.get(normalized.value) or table.get(identifier), normalized.legacy


def registry_problems(platform: Platform | None = None) -> list[Diagnostic]:
    """Plugins that failed to load or could not be registered."""
    return list(plugins.plugin_problems()) + [
        p for p in current_table((platform or Platform()).prefix)[1] if p.code == "plugin-validator"
    ]


def reload_validators() -> None:
    """Forget loaded plugins and rebuild the registry (after installing a plugin or changing folders)."""
    plugins.reload_plugins()
    _built.clear()
    resolve.cache_clear()
