"""The platform namespace: `Cms` (as the spec writes it) or `Neos` (as real projects write it).

Both spellings, and the legacy `TYPO3.Neos` / `TYPO3\\Media` / `Content/Inspector/Editors` forms
still found in old packages, name the same platform things. Everything that looks up an editor,
validator, property type or platform node type goes through a ``Platform`` so that all spellings
resolve alike; legacy spellings additionally report a `compat` note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIXES = ("Neos", "Cms")
DEFAULT_PREFIX = "Neos"

_NAME_RE = re.compile(r"^(Neos\.Neos|Cms\.Cms|TYPO3\.Neos)(:.+)$")
_EDITOR_RE = re.compile(r"^(?:(Neos\.Neos|Cms\.Cms|TYPO3\.Neos)/Inspector/Editors/|(Content/Inspector/Editors/))(\w+)$")
_VALIDATOR_RE = re.compile(r"^(Neos\.Neos|Cms\.Cms|TYPO3\.Neos)/Validation/(\w+)$")
_MEDIA_RE = re.compile(r"^(Neos|Cms|TYPO3)\\Media\\(.+)$")


@dataclass(frozen=True, slots=True)
class Normalized:
    """A platform identifier in the project's spelling; ``legacy`` names the old spelling used, if any."""

    value: str
    short: str | None = None  # e.g. "SelectBoxEditor" / "StringLengthValidator" for platform ids
    legacy: str | None = None


# Identifiers repeat across every property of a project: each spelling is normalized once per prefix
# (``Normalized`` is immutable). Bounded: emptied when full.
_MEMO_LIMIT = 50_000
_memo: dict[tuple, Normalized] = {}


def _memoized(method):
    def lookup(self, identifier):
        try:
            key = (method, self.prefix, type(identifier), identifier)
            return _memo[key]
        except KeyError:
            pass
        except TypeError:  # not hashable (a list or mapping where an identifier belongs)
            return method(self, identifier)
        if len(_memo) >= _MEMO_LIMIT:
            _memo.clear()
        found = _memo[key] = method(self, identifier)
        return found

    lookup.__doc__ = method.__doc__
    lookup.__name__ = method.__name__
    return lookup


@dataclass(frozen=True, slots=True)
class Platform:
    prefix: str = DEFAULT_PREFIX

    @property
    def package(self) -> str:
        return f"{self.prefix}.{self.prefix}"

    def node_type(self, short_name: str) -> str:
        """`Document` -> `Neos.Neos:Document` (or `Cms.Cms:Document`)."""
        return f"{self.package}:{short_name}"

    def editor(self, short_name: str) -> str:
        return f"{self.package}/Inspector/Editors/{short_name}"

    def validator(self, short_name: str) -> str:
        return f"{self.package}/Validation/{short_name}"

    def media_type(self, class_name: str) -> str:
        return f"{self.prefix}\\Media\\Domain\\Model\\{class_name}"

    @_memoized
    def normalize_name(self, name: str) -> Normalized:
        m = _NAME_RE.match(name) if isinstance(name, str) else None
        if not m:
            return Normalized(name)
        legacy = m.group(1) if m.group(1) == "TYPO3.Neos" else None
        return Normalized(self.package + m.group(2), m.group(2)[1:], legacy)

    @_memoized
    def normalize_editor(self, identifier: str) -> Normalized:
        m = _EDITOR_RE.match(identifier) if isinstance(identifier, str) else None
        if not m:
            return Normalized(identifier)
        legacy = None
        if m.group(2):
            legacy = m.group(2).rstrip("/")
        elif m.group(1) == "TYPO3.Neos":
            legacy = "TYPO3.Neos"
        return Normalized(self.editor(m.group(3)), m.group(3), legacy)

    @_memoized
    def normalize_validator(self, identifier: str) -> Normalized:
        m = _VALIDATOR_RE.match(identifier) if isinstance(identifier, str) else None
        if not m:
            return Normalized(identifier)
        legacy = "TYPO3.Neos" if m.group(1) == "TYPO3.Neos" else None
        return Normalized(self.validator(m.group(2)), m.group(2), legacy)

    @_memoized
    def normalize_type(self, type_name: str) -> Normalized:
        """Property types: `TYPO3\\Media\\...`, `Cms\\Media\\...` and `array<...>` of them."""
        if not isinstance(type_name, str):
            return Normalized(type_name)
        inner, wrap = type_name, "{}"
        if type_name.startswith("array<") and type_name.endswith(">"):
            inner, wrap = type_name[6:-1], "array<{}>"
        m = _MEDIA_RE.match(inner)
        if not m:
            return Normalized(type_name)
        legacy = "TYPO3\\Media" if m.group(1) == "TYPO3" else None
        value = wrap.format(f"{self.prefix}\\Media\\{m.group(2)}")
        return Normalized(value, wrap.format(f"Media\\{m.group(2)}"), legacy)

