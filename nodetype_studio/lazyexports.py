"""A package whose names are imported with their first use (PEP 562 module ``__getattr__``).

The studio's start imports as little as it can before the first preview is painted: a package that
only re-exports names from its modules sets ``__getattr__ = lazy_exports(__name__, {name: module})``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def lazy_exports(package: str, where: Mapping[str, str]) -> Callable[[str], object]:
    """The ``__getattr__`` of ``package``: ``name`` comes from ``package.<where[name]>``, imported when it is
    first asked for, then kept in the package (later look-ups do not come here)."""

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
