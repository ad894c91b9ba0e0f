"""Validators that run as you type, giving the same verdict as the CMS in the browser.

Public API::

    validate_value(value, validation_config, platform=None, cms_version=None, *, budget=None) -> list[ValidationMessage]
    validate_property(node_type, property_name, value, *, budget=None, cms_version=None) -> list[ValidationMessage]
        # budget: seconds a regular expression may take (default: the browser's verdict, 2 s)
        # cms_version: "8.3" or "9" (default), the UI whose validators run (the inspector's `validate`
        # hook is called as validate_value is: value, config, platform, CMS version)
    get_validator(identifier, platform=None) -> Validator | None
    registered_validators(platform=None) -> dict[str, Validator]

Custom validators: subclass ``Validator`` or decorate a function with ``custom_validator`` and
register it under the entry point group ``nodetype_studio.validators`` (or list it in a plugin
folder file's ``validators``). Qt-free.
"""

from nodetype_studio.validation.engine import validate_property, validate_value
from nodetype_studio.validation.registry import (
    custom_validator,
    get_validator,
    registered_validators,
    registry_problems,
    reload_validators,
)
from nodetype_studio.validation.types import (
    ERROR,
    WARNING,
    Issue,
    OptionInfo,
    ValidationMessage,
    Validator,
)

#: The old name of :class:`ValidationMessage` (a record, not an exception); kept for plugins.
ValidationError = ValidationMessage

__all__ = [
    "ERROR", "WARNING", "Issue", "OptionInfo", "ValidationError", "ValidationMessage", "Validator", "custom_validator", "get_validator",
    "registered_validators", "registry_problems", "reload_validators", "validate_property", "validate_value",
]
