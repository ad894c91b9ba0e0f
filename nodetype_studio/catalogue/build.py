"""Small constructors that keep the catalogue tables short and readable."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping

from nodetype_studio.catalogue.specs import TYPE_CHECKS, OptionSpec

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


def plugin_field(obj: Any, name: str, default: Any = None) -> Any:
    """A field of a plugin object, which may be a mapping or any object with attributes."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def declared_options(declared: Any) -> tuple[MappingProxyType, bool]:
    """The options a plugin declares, as OptionSpecs, and whether it declared any (None: any option goes).

    ``declared`` maps names to an OptionSpec, a type name (``"integer"``, ``"string|list"``), a mapping of
    type/required/default/description, or an object with those attributes (``validation.OptionInfo``);
    a list of names declares options of any type. Type names the catalogue does not know become ``any``."""
    if declared is None:
        return MappingProxyType({}), False
    items: Iterable[tuple[Any, Any]]
    if isinstance(declared, Mapping):
        items = declared.items()
    elif isinstance(declared, str):
        items = ((declared, "any"),)
    else:
        try:
            items = [(name, "any") for name in declared]
        except TypeError:
            return MappingProxyType({}), False
    result: dict[str, OptionSpec] = {}
    for name, spec in items:
        if isinstance(spec, OptionSpec):
            result[str(name)] = spec
            continue
        fields = {"type": spec} if isinstance(spec, str) else {
            key: plugin_field(spec, key) for key in ("type", "required", "default", "description")}
        kind = fields.get("type")
        kind = kind if isinstance(kind, str) and all(t in TYPE_CHECKS for t in kind.split("|")) else "any"
        default = fields.get("default")
        result[str(name)] = opt(str(name), kind, _MISSING if default is None else default,
                                required=bool(fields.get("required")), description=str(fields.get("description") or ""),
                                source="plugin")
    return MappingProxyType(result), True
