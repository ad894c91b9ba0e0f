"""Small constructors that keep the catalogue tables short and readable."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from nodetype_studio.catalogue.specs import OptionSpec

_MISSING = object()


def opt(name: str, type: str = "any", default: Any = _MISSING, *children: OptionSpec, **fields: Any) -> OptionSpec:
    """An option; positional ``children`` become its nested options (keyed by name)."""
    kids = {c.name: c for c in children}
    for key in ("allowed", "suggested"):
        if key in fields and fields[key] is not None:
            fields[key] = tuple(fields[key])
    return OptionSpec(
        name=name,
        type=type,
        default=None if default is _MISSING else default,
        has_default=default is not _MISSING,
        children=MappingProxyType(kids),
        **fields,
    )


def options(*specs: OptionSpec) -> MappingProxyType:
    return MappingProxyType({s.name: s for s in specs})


def merged(*groups: MappingProxyType, **extra: OptionSpec) -> MappingProxyType:
    """Option sets combined left to right (later wins), e.g. "all TextFieldEditor options, plus rows"."""
    result: dict[str, OptionSpec] = {}
    for group in groups:
        result.update(group)
    result.update(extra)
    return MappingProxyType(result)
