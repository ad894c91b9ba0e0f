"""Findings about a project: the one value type every loader and check reports through.

A problem the user can cause is never an exception escaping to the caller: it is a
``Diagnostic`` with a position, a stable code and a message saying how to fix it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Location:
    """A position in a file; ``line`` and ``column`` are 1-based (0 = unknown)."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column or 1}"
        return self.file


@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    node_type: str | None = None
    property_name: str | None = None
    related: tuple[Location, ...] = field(default_factory=tuple)

    @classmethod
    def at(cls, location: Location | None, severity: Severity, code: str, message: str, **extra) -> "Diagnostic":
        if location is None:
            return cls(severity, code, message, **extra)
        return cls(severity, code, message, location.file, location.line, location.column, **extra)

    @property
    def location(self) -> Location:
        return Location(self.file, self.line, self.column)

    @property
    def is_compat(self) -> bool:
        return self.code.startswith("compat")

    def format_text(self) -> str:
        where = str(self.location) if self.file else "<project>"
        return f"{where}: {self.severity.value} {self.code}: {self.message}"

    def to_json(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        data["related"] = [asdict(r) for r in self.related]
        return data


def sort_key(d: Diagnostic):
    return (d.file, d.line, d.column, d.severity.rank, d.code, d.message)


def error(code: str, message: str, location: Location | None = None, **extra) -> Diagnostic:
    return Diagnostic.at(location, Severity.ERROR, code, message, **extra)


def warning(code: str, message: str, location: Location | None = None, **extra) -> Diagnostic:
    return Diagnostic.at(location, Severity.WARNING, code, message, **extra)


def info(code: str, message: str, location: Location | None = None, **extra) -> Diagnostic:
    return Diagnostic.at(location, Severity.INFO, code, message, **extra)
