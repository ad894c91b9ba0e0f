"""Python data sources: the studio's stand-in for the CMS's server-side data sources (Qt-free).

A plugin (entry point group ``nodetype_studio.data_sources``, or a ``data_sources`` list in a file
of the plugin folder) registers objects with an ``identifier`` and a ``get_data(node, arguments)``
returning a list or a map, as a PHP data source's ``getData()`` does. Accepted forms: a class
(instantiated once, without arguments), an instance, a mapping ``{"identifier", "get_data"}``, or a
function decorated with ``@data_source("identifier")``.

``arguments`` is what PHP hands a real data source: the request arguments minus ``node`` and
``dataSourceIdentifier`` — the ``dataSourceAdditionalData``, every scalar a string.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

from nodetype_studio.datasources.result import (
    DataSourceResult,
    PreviewNodeRef,
    Source,
    failure,
    from_data,
)


@dataclass(frozen=True)
class DataSourcePlugin:
    identifier: str
    get_data: Callable[[Any, dict], Any]
    origin: str  # entry point "name = module:attr" or plugin file
    name: str  # class or function name

    @property
    def label(self) -> str:
        return f"{self.name} ({self.origin})"


def data_source(identifier: str):
    """Decorator: ``@data_source("acme-rooms")`` on ``def rooms(node, arguments): ...``."""
    def mark(func):
        func.identifier = identifier
        return func
    return mark


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


def _as_plugin(obj: Any, origin: str) -> DataSourcePlugin:
    """One registered object as a plugin; raises ValueError saying what is wrong with it."""
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as exc:
            raise ValueError(f"data source class {obj.__name__} cannot be created without arguments: {exc}") from None
    identifier = _field(obj, "identifier")
    if callable(identifier) and not isinstance(obj, Mapping):
        identifier = identifier()  # PHP style: a static getIdentifier()
    if not isinstance(identifier, str) or not identifier.strip():
        raise ValueError(f"data source {obj!r} has no identifier")
    get_data = _field(obj, "get_data")
    if get_data is None and callable(obj) and not isinstance(obj, Mapping):
        get_data = obj
    if not callable(get_data):
        raise ValueError(f"data source {identifier!r} has no get_data(node, arguments)")
    name = getattr(obj, "__name__", None) or type(obj).__name__
    if isinstance(obj, Mapping):
        name = getattr(get_data, "__name__", "mapping")
    return DataSourcePlugin(identifier.strip(), get_data, origin, name)


@cache
def _registry() -> tuple[dict[str, DataSourcePlugin], tuple[str, ...]]:
    from nodetype_studio.plugins import plugins

    found: dict[str, DataSourcePlugin] = {}
    problems: list[str] = []
    for plugin in plugins("data_sources"):
        try:
            entry = _as_plugin(plugin.obj, plugin.origin)
        except ValueError as exc:
            problems.append(f"{exc} ({plugin.origin})")
            continue
        if entry.identifier in found:
            # the CMS refuses duplicate identifiers (exception 1414088185): the first one is kept
            problems.append(f"data source {entry.identifier!r} is registered twice: {found[entry.identifier].origin} "
                            f"and {entry.origin}; the first is used")
            continue
        found[entry.identifier] = entry
    return found, tuple(problems)


def data_source_plugins() -> dict[str, DataSourcePlugin]:
    return dict(_registry()[0])


def data_source_plugin(identifier: str | None) -> DataSourcePlugin | None:
    return _registry()[0].get(identifier) if identifier else None


def data_source_problems() -> list[str]:
    return list(_registry()[1])


def reload_data_sources() -> None:
    """Forget the registered data sources (and the plugin modules' registry) and find them again."""
    from nodetype_studio.plugins import reload_plugins

    reload_plugins()
    _registry.cache_clear()


def _jsonable(value: Any) -> Any:
    # the CMS JSON-encodes getData()'s return value: tuples become lists, keys strings
    return json.loads(json.dumps(value, default=str, allow_nan=False))


def call_plugin(plugin: DataSourcePlugin, node: PreviewNodeRef, arguments: dict, source: Source) -> DataSourceResult:
    """Run ``get_data``; an exception or an answer JSON cannot hold is a failed result."""
    try:
        data = plugin.get_data(node, arguments)
    except Exception as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        where = f" ({frames[-1].filename}:{frames[-1].lineno})" if frames else ""
        return failure(source, "The data source plugin failed", f"{type(exc).__name__}: {exc}{where}")
    try:
        data = _jsonable(data)
    except (TypeError, ValueError, RecursionError) as exc:
        return failure(source, "The data source plugin returned something JSON cannot hold", str(exc))
    return from_data(data, source)
