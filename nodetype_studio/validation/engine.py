"""Run a property's validators on a value, in configuration order, as the browser does.

One function serves the inspector preview, the CLI and the tests. Every configured validator
runs and every finding is returned; nothing raises for user input: unknown validators, values
the browser's validator would throw on, patterns that do not finish, and broken plugins all
become findings.
"""

from __future__ import annotations

from collections.abc import Mapping

from nodetype_studio.js import values as jsvalue
from nodetype_studio.js.regex import CannotEvaluate, RegexTimeout
from nodetype_studio.js.regex import budget as regex_budget
from nodetype_studio.model.prefix import Platform
from nodetype_studio.validation.builtin import empty_string
from nodetype_studio.validation.builtins_date import NOT_IN_BROWSER
from nodetype_studio.validation.messages import MessageThrows
from nodetype_studio.validation.registry import normalize_result, resolve
from nodetype_studio.validation.types import (
    ERROR,
    WARNING,
    ValidationMessage,
    Validator,
)

THROWS_ID = "studio.validation.validatorThrows"
TIMEOUT_ID = "studio.validation.timeout"
CANNOT_EVALUATE_ID = "studio.validation.cannotEvaluate"
UNKNOWN_ID = "studio.validation.unknownValidator"
PENDING_ID = "studio.validation.pending"  # the preview's note while a slow evaluation runs in the background
FAILED_ID = "studio.validation.evaluationFailed"
MISSING_OPTION_ID = "studio.validation.missingOption"
MESSAGE_THROWS_ID = "studio.validation.messageThrows"

#: What Neos 8.3's UI throws where it reads `validatorOptions.validationErrorMessage` of options written `~`.
NULL_OPTIONS_ERROR = "TypeError: Cannot read properties of null (reading 'validationErrorMessage')"

LEGACY_NOTE = (
    "Configured with the legacy {legacy} spelling: the studio resolves it, but the current CMS UI looks "
    "validators up by their exact identifier and would skip this one."
)


def _custom_options(validator: Validator, options) -> tuple[dict, list[str]]:
    """Declared defaults filled in for a plugin validator; the required options that are missing."""
    given = options if isinstance(options, dict) else {}
    filled = dict(given)
    missing = []
    for name, info in validator.options.items():
        if name not in given:
            if info.required:
                missing.append(name)
            elif info.has_default and info.default is not None:
                filled[name] = info.default
    return filled, missing


def _null_options_throw(validator: Validator, options, cms_version: str | None) -> str | None:
    """When the validator of Neos 8.3's UI throws on options written `~` (ValidatorSpec.null_options_83);
    the validators that read other options throw in every version by themselves."""
    if cms_version != "8.3" or options is not None or validator.origin != "built-in":
        return None
    return getattr(validator.spec, "null_options_83", None)


def _run(validator: Validator, identifier: str, value, options, cms_version: str | None = None) -> list[ValidationMessage]:
    short = validator.short_name or identifier
    builtin = validator.origin == "built-in"
    null_throw = _null_options_throw(validator, options, cms_version)
    if not builtin:
        options, missing = _custom_options(validator, options)
        if missing:
            names = ", ".join(f'"{m}"' for m in missing)
            return [ValidationMessage(identifier, f"{short} needs the option {names}; it was not run.", MISSING_OPTION_ID,
                                    {"options": missing}, WARNING)]
    try:
        if null_throw == "non-empty" and not empty_string(value):
            raise jsvalue.JsError(NULL_OPTIONS_ERROR)
        issues = validator.validate(value, options)
        if not builtin:
            issues = normalize_result(issues, identifier)
        if null_throw == "on failure" and issues:
            raise jsvalue.JsError(NULL_OPTIONS_ERROR)
    except MessageThrows as exc:
        # EditorEnvelope catches the error of rendering the message and shows it in place of the editor
        return [ValidationMessage(
            identifier, f"The CMS cannot show this error: its translator throws on a `validationErrorMessage` of "
            f"{short} that is not text ({exc}), and the property shows that TypeError in place of its label and "
            "editor. Write the message in quotes.",
            MESSAGE_THROWS_ID, {"error": str(exc)}, ERROR if validator.runs_in_browser else WARNING,
            None if validator.runs_in_browser else NOT_IN_BROWSER,
        )]
    except jsvalue.JsError as exc:
        if str(exc) == NULL_OPTIONS_ERROR:
            return [ValidationMessage(
                identifier, f"Neos 8.3's {short} reads `validationErrorMessage` from its options, which are null (`~`): "
                f"it throws in the browser ({exc}) instead of showing its message. Write `{{}}` instead of `~` "
                "(Neos 9 shows the default message).",
                THROWS_ID, {"error": str(exc)}, ERROR,
            )]
        return [ValidationMessage(
            identifier, f"The CMS's {short} throws on this value in the browser ({exc}); the inspector cannot validate it.",
            THROWS_ID, {"error": str(exc)}, ERROR,
        )]
    except RegexTimeout as exc:
        return [ValidationMessage(
            identifier, f"The pattern did not finish on this value ({exc}): catastrophic backtracking; the browser "
            "would freeze here until it is done.",
            TIMEOUT_ID, {"error": str(exc)}, WARNING,
        )]
    except CannotEvaluate as exc:
        return [ValidationMessage(identifier, f"{short} cannot be evaluated faithfully here: {exc}.", CANNOT_EVALUATE_ID,
                                {"error": str(exc)}, WARNING)]
    except Exception as exc:  # a plugin bug (or ours) must not take the inspector down
        return [ValidationMessage(identifier, f"{short} failed while checking this value: {type(exc).__name__}: {exc}",
                                FAILED_ID, {"error": repr(exc)}, WARNING)]
    compat = None if validator.runs_in_browser else NOT_IN_BROWSER
    return [ValidationMessage(identifier, i.message, i.message_id, dict(i.arguments), i.severity, compat) for i in issues]


def validate_value(value, validation_config, platform: Platform | None = None, cms_version: str | None = None, *,
                   budget: float | None = None) -> list[ValidationMessage]:
    """All findings of the validators configured in ``validation_config`` (the property's
    ``validation`` map: identifier -> options) for ``value``, in configuration order.

    ``budget``: seconds a regular expression may take on the value (default BROWSER_BUDGET, long
    enough for the verdict the browser reaches); past it the finding is a TIMEOUT_ID warning.
    ``cms_version``: "8.3" or "9" (the default), whose UI's validators run."""
    if budget is not None:
        with regex_budget(budget):
            return validate_value(value, validation_config, platform, cms_version=cms_version)
    if not validation_config:
        return []
    if not isinstance(validation_config, Mapping):
        return [ValidationMessage("validation", "`validation` must be a map of validator identifiers to options.",
                                FAILED_ID, {}, WARNING)]
    platform = platform or Platform()
    js_value = jsvalue.from_python(value)
    findings: list[ValidationMessage] = []
    for identifier, options in validation_config.items():
        validator, legacy = resolve(identifier, platform.prefix) if isinstance(identifier, str) else (None, None)
        if validator is None:
            findings.append(ValidationMessage(
                str(identifier), f"Unknown validator {identifier}: the CMS does not find it and skips it.",
                UNKNOWN_ID, {}, WARNING, "The CMS logs 'Validator … not found' and treats the value as valid.",
            ))
            continue
        results = _run(validator, str(identifier), js_value, jsvalue.from_python(options), cms_version)
        if legacy:
            note = LEGACY_NOTE.format(legacy=legacy)
            results = [ValidationMessage(r.validator, r.message, r.message_id, r.arguments, r.severity, r.compat or note)
                       for r in results]
        findings.extend(results)
    return findings


def validate_property(node_type, property_name: str, value, platform: Platform | None = None, *,
                      budget: float | None = None, cms_version: str | None = None) -> list[ValidationMessage]:
    """Findings for ``value`` of a property, reading ``node_type.effective["properties"][name]["validation"]``.

    Raises KeyError when the node type has no such property (callers know their properties)."""
    properties = (getattr(node_type, "preview", None) or node_type.effective or {}).get("properties") or {}
    if property_name not in properties:
        raise KeyError(f"{node_type.name} has no property {property_name!r}")
    config = properties[property_name]
    validation = config.get("validation") if isinstance(config, Mapping) else None
    return validate_value(value, validation, platform or _platform_of(node_type), budget=budget, cms_version=cms_version)


def _platform_of(node_type) -> Platform:
    names = [getattr(node_type, "name", "")] + list(getattr(node_type, "ancestors", []) or [])
    return Platform("Cms") if any(str(n).startswith("Cms.Cms:") for n in names) else Platform()
