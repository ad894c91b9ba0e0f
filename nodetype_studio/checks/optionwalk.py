"""Walk a written options map against catalogue option specs: unknown keys, wrong types, deprecations,
missing required options. Shared by editor options, inline rich-text options and validator options."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from nodetype_studio.catalogue import ANY_KEY, OptionSpec, suggest
from nodetype_studio.checks.base import Context
from nodetype_studio.diagnostics import Diagnostic, Severity
from nodetype_studio.js.values import is_client_eval

_TYPE_WORDS = {"boolean": "a boolean (true/false)", "string": "a string", "integer": "an integer", "number": "a number",
               "numeric": "a number", "map": "a map", "list": "a list", "null": "null", "any": "any value"}


def describe_type(type_name: str) -> str:
    return " or ".join(_TYPE_WORDS.get(t, t) for t in type_name.split("|"))


def describe_value(value: Any) -> str:
    if value is None:
        return "null (`~`)"
    if isinstance(value, bool):
        return f"boolean `{str(value).lower()}`"
    if isinstance(value, (int, float)):
        return f"number `{value}`"
    if isinstance(value, str):
        return f"string `{value}`" if len(value) < 40 else "a string"
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _false_in_quotes(spec: OptionSpec, value: Any) -> str:
    """For a switch written as the text of "off" (`'false'`, `'0'`, `'no'`): the browser reads any
    non-empty text as true."""
    if spec.type != "boolean" or not isinstance(value, str) or value.strip().lower() not in ("false", "0", "no", "off"):
        return ""
    return f" (the text `{value}` is true in JavaScript: where the editor tests the option, it counts as on; write false without quotes)"


def _type_severity(spec: OptionSpec, value: Any) -> Severity:
    """A number written as a string mostly still works in the browser; everything else does not."""
    wants_number = any(t in ("integer", "number", "numeric") for t in spec.type.split("|"))
    if wants_number and isinstance(value, (str, float)) and not isinstance(value, bool):
        try:
            float(value)
            return Severity.WARNING
        except ValueError:
            pass
    return Severity.ERROR


class OptionWalker:
    """Reports problems of one written options map; ``codes`` prefixes the codes (``option`` / ``validator-option``)."""

    def __init__(self, ctx: Context, nt: Any, prop: str, base_path: tuple, codes: str, owner: str,
                 others: Mapping[str, Mapping[str, OptionSpec]] | None = None, itself: str | None = None,
                 hints: Mapping[str, str] | None = None):
        """``others``: option sets of sibling editors/validators (but ``itself``) for "it is an option of" hints;
        ``hints``: by dotted path, where an option that does not belong there does belong (said instead of a
        guess, also in an open map)."""
        self.ctx, self.nt, self.prop, self.base_path, self.codes, self.owner = ctx, nt, prop, base_path, codes, owner
        self.others = others or {}
        self.itself = itself
        self.hints = hints or {}

    def _at(self, rel: tuple, severity: Severity, suffix: str, message: str, nearest: bool = False) -> Diagnostic | None:
        return self.ctx.at(self.nt, self.base_path + rel, severity, f"{self.codes}-{suffix}", message, self.prop, nearest)

    def written(self, specs: Mapping[str, OptionSpec], written: Any, rel: tuple = (), open_map: bool = False) -> Iterator:
        if not isinstance(written, dict):
            return
        if not rel:
            self.root = specs
        for key, value in written.items():
            key = str(key)
            spec = specs.get(key) or (specs.get(ANY_KEY) if key != ANY_KEY else None)
            here = rel + (key,)
            if spec is None:
                yield from self._unknown(specs, here, key, open_map)
                continue
            if spec.deprecated:
                yield self._at(here, Severity.WARNING, "deprecated",
                               f"`{_dotted(here)}` is deprecated; use `{spec.deprecated}` instead")
            if value is None or is_client_eval(value):
                continue
            if not spec.accepts(value):
                elsewhere = _find_option(getattr(self, "root", specs), key, value, here)
                yield self._at(here, _type_severity(spec, value), "type",
                               f"`{_dotted(here)}` of {self.owner} must be {describe_type(spec.type)}, "
                               f"not {describe_value(value)}" + (f"; did you mean `{elsewhere}`?" if elsewhere else "")
                               + (_false_in_quotes(spec, value) if self.codes == "option" else ""))
                continue
            if spec.allowed is not None and value not in spec.allowed:
                hint = suggest(str(value), [str(a) for a in spec.allowed])
                yield self._at(here, Severity.ERROR, "value",
                               f"`{_dotted(here)}` must be one of {', '.join(f'`{a}`' for a in spec.allowed)}"
                               + (f"; did you mean `{hint}`?" if hint else ""))
            if spec.children and isinstance(value, dict):
                yield from self.written(spec.children, value, here, spec.open)

    def _unknown(self, specs: Mapping[str, OptionSpec], here: tuple, key: str, open_map: bool) -> Iterator:
        known = self.hints.get(_dotted(here)) if self.hints else None
        names = [n for n in specs if n != ANY_KEY]
        hint = suggest(key, names) if known is None else None
        if open_map and not hint and known is None:
            return  # open maps (formatting, timeConstraints ...) take keys custom code may read
        if known is not None:
            fix = f"; {known}"
        elif hint:
            fix = f"; did you mean `{_dotted(here[:-1] + (hint,))}`?"
        else:
            elsewhere = [owner for owner, opts in self.others.items()
                         if owner != self.itself and len(here) == 1 and key in opts]
            fix = (f"; it is an option of {', '.join(f'`{o}`' for o in elsewhere[:3])}" if elsewhere else "")
        yield self._at(here, Severity.WARNING, "unknown",
                       f"unknown option `{_dotted(here)}` for {self.owner}: it is ignored{fix}")

    def required(self, specs: Mapping[str, OptionSpec], effective: Any) -> Iterator:
        """Required options missing from the resolved (defaults included) options map. The map's missing
        options are worked out once per run: a property's resolved options are the same object in every
        type that inherits it, each of which is checked (``combined`` rules)."""
        # (most properties write no options, and get a new empty map each: every empty map of a kind is alike)
        shared = effective if effective else type(effective)
        missing = self.ctx.remembered(("required", id(specs), id(shared), self.owner), (specs, shared),
                                      lambda: tuple(_missing_required(specs, effective, self.owner)))
        for rel, message in missing:
            yield self._at(rel, Severity.ERROR, "required", message, nearest=True)


def _missing_required(specs: Mapping[str, OptionSpec], effective: Any, owner: str, rel: tuple = ()) -> Iterator:
    """(path below the options, message) of each required option missing from ``effective``."""
    if not isinstance(effective, dict):
        return
    for name, spec in specs.items():
        if name == ANY_KEY:
            for key, value in effective.items():
                if isinstance(value, dict) and spec.children:
                    yield from _missing_required(spec.children, value, owner, rel + (str(key),))
            continue
        value = effective.get(name)
        if spec.required and value is None:
            if any(effective.get(alt) not in (None, "") for alt in spec.required_unless):
                continue
            alternatives = "".join(f" or `{_dotted(rel + (alt,))}`" for alt in spec.required_unless)
            yield rel, f"{owner} needs `{_dotted(rel + (name,))}`{alternatives}"
        elif isinstance(value, dict) and spec.children:
            yield from _missing_required(spec.children, value, owner, rel + (name,))


def _dotted(path: tuple) -> str:
    return ".".join(str(p) for p in path)


def _find_option(specs: Mapping[str, OptionSpec], key: str, value: Any, exclude: tuple, prefix: tuple = ()) -> str | None:
    """Another option named ``key`` that would accept ``value`` (`crop: true` -> `features.crop`)."""
    for name, spec in specs.items():
        here = prefix + (name,)
        if name == key and here != exclude and spec.accepts(value):
            return _dotted(here)
        if spec.children and name != ANY_KEY:
            found = _find_option(spec.children, key, value, exclude, here)
            if found:
                return found
    return None
