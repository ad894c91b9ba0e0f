"""Value types of the validation engine and the base class every validator (built-in or plugin) has."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Mapping

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class ValidationMessage:
    """One finding for one value.

    ``validator`` is the identifier as configured (spelling kept); ``message_id`` the translation id
    the CMS shows (None for the CMS's literal, untranslated messages and for studio notes);
    ``severity`` is "error" (the browser rejects the value) or "warning" (unknown validator, a check
    the browser does not run, or a problem evaluating it); ``compat`` explains a difference between
    what the studio reports and what the browser does, when there is one.
    """

    validator: str
    message: str
    message_id: str | None = None
    arguments: dict = field(default_factory=dict)
    severity: str = ERROR
    compat: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def to_json(self) -> dict:
        return {
            "validator": self.validator,
            "message": self.message,
            "message_id": self.message_id,
            "arguments": self.arguments,
            "severity": self.severity,
            "compat": self.compat,
        }


@dataclass(frozen=True, slots=True)
class Issue:
    """What a validator's ``validate`` reports; the engine turns it into a ValidationMessage."""

    message_id: str | None
    message: str
    arguments: dict = field(default_factory=dict)
    severity: str = ERROR


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """How a plugin declares a validator option: its type (a catalogue type such as "integer",
    "string", "boolean", "numeric", "number|string"; others count as "any"), whether it must be
    given, its default (filled in when missing) and what it means. A plain type name or a mapping
    of these fields works too. The registry turns declarations into the catalogue's ``OptionSpec``."""

    type: str = "any"
    required: bool = False
    default: Any = None
    description: str = ""


class Validator(ABC):
    """Base class of validators. Subclasses set ``short_name`` (and ``identifier`` for plugins),
    ``options`` and implement ``validate``.

    Once registered, ``options`` maps names to the catalogue's ``OptionSpec`` (type, required,
    default, description) and ``spec`` is the validator's catalogue entry (``ValidatorSpec``), which
    the checker reads: for built-ins the catalogue's own, for plugins one built from their declaration.

    ``validate(value, options)`` receives the value as the browser has it (str, int, float, bool,
    None, list, dict) and the options map as configured; it returns a list of ``Issue`` (or, for
    plugins, anything ``normalize_result`` accepts). It must not raise for user input.
    """

    identifier: str = ""
    short_name: str = ""
    options: Mapping[str, Any] = {}
    spec: Any = None  # ValidatorSpec, set on registration
    runs_in_browser: bool = True
    description: str = ""
    origin: str = "built-in"

    @abstractmethod
    def validate(self, value, options) -> list[Issue]:
        """The findings for ``value`` under ``options`` (empty when valid)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.identifier}>"
