"""The Flow application context a project is loaded in (``Development``, ``Production/Live``...).

Flow's ``ApplicationContext`` accepts a context whose first part is ``Development``, ``Production``
or ``Testing`` (case as written), followed by any sub contexts (``Production/Live``); any other name
stops Flow (exception 1335436551). Flow's bootstrap reads it from ``FLOW_CONTEXT`` (else
``REDIRECT_FLOW_CONTEXT``, as a web server passes it on) and uses ``Development`` when neither is set
or both are empty. The configuration of a context is that of each level in turn:
``Configuration/Production/`` then ``Configuration/Production/Live/`` (model/discovery.py).

Flow's SettingsLoader then writes the context it runs in to the setting ``Neos.Flow.core.context``, over
whatever a Settings file says there (``with_context``).

The studio chooses it (``projectconfig.resolve_context``), first match wins: the command line's ``--context`` (or the window's choice,
written to the project's file), the ``context`` key of ``.nodetype-studio.yaml``, ``FLOW_CONTEXT``
from the environment, ``Development``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from nodetype_studio.diagnostics import Diagnostic

DEFAULT_CONTEXT = "Development"
ROOT_CONTEXTS = ("Development", "Production", "Testing")
ENVIRONMENT = ("FLOW_CONTEXT", "REDIRECT_FLOW_CONTEXT")
EXPECTED = "Development, Production or Testing, or one of their sub contexts such as Production/Live"


class InvalidContext(ValueError):
    """A context name Flow refuses; the message says which and why."""


def context_problem(name: object) -> str | None:
    """Why Flow refuses ``name`` as a context, or None when it accepts it."""
    if not isinstance(name, str) or not name:
        return f"a Flow context must be {EXPECTED}"
    if name.split("/", 1)[0] not in ROOT_CONTEXTS:
        return f"{name!r} is not a Flow context: it must be {EXPECTED} (Flow stops with exception 1335436551)"
    return None


def check_context(name: str) -> str:
    """``name``; :class:`InvalidContext` when Flow refuses it (as written: Flow trims nothing)."""
    problem = context_problem(name)
    if problem is not None:
        raise InvalidContext(problem)
    return name


def environment_context(environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """(the context, the variable) that Flow's bootstrap reads from the environment, or None.
    (Bootstrap::getEnvironmentConfigurationSetting: the first variable that is set wins, even when empty;
    an empty value then means Development.)"""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        if variable in environ:
            return (environ[variable], variable) if environ[variable] else None
    return None


@dataclass
class ResolvedContext:
    name: str
    #: "option" (command line or the caller), "file" (the project's configuration), "environment", "default"
    source: str
    diagnostics: list[Diagnostic] = field(default_factory=list)


def with_context(settings: dict, context: str, prefix: str = "Neos") -> dict:
    """``settings`` with ``<prefix>.Flow.core.context`` set to ``context``, as Flow's SettingsLoader sets it
    after merging every Settings file (so a file cannot change it). ``settings`` is not changed: merged
    settings are shared (model/project.py)."""
    def put(node, path: tuple[str, ...]):
        node = dict(node) if isinstance(node, dict) else {}
        key, *rest = path
        node[key] = put(node.get(key), tuple(rest)) if rest else context
        return node

    return put(settings, (prefix, "Flow", "core", "context"))
