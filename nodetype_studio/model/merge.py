"""The CMS's merge primitive (Flow's ``Arrays::arrayMergeRecursiveOverrule``) on parsed YAML.

For each key of the later value: when both sides are containers and the later one is a
**non-empty** container, merge recursively; otherwise the later value replaces the earlier one
(``null``, scalars and empty ``{}``/``[]`` included). YAML lists are PHP arrays with integer keys,
so they merge **by index**. Inputs are never modified; shared sub-trees are copied on write.
"""

from __future__ import annotations

_CONTAINERS = (dict, list)


def _is_container(value) -> bool:
    return isinstance(value, (dict, list))


def _as_indexed(value) -> dict:
    """A PHP array keyed as PHP keys it: a list's indexes and a map's integer-like keys are one key space
    (the loader gives every map key as a string, so `0:` and a list's first item meet at "0")."""
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    return {str(k): v for k, v in value.items()}


def merge(base, override):
    """``arrayMergeRecursiveOverrule(base, override)`` for two values of any kind."""
    # An empty override leaves the base alone (PHP loops over no keys); callers replace a *nested*
    # value by an empty container themselves (the `value and` tests below), as the CMS does.
    # (The two common cases, map over map and list over list, are spelled out: this runs for every
    # key a node type inherits.)
    if not (isinstance(override, _CONTAINERS) and isinstance(base, _CONTAINERS)):
        return override
    if isinstance(base, dict) and isinstance(override, dict):
        result = dict(base)
        get = result.get
        for key, value in override.items():
            if value and isinstance(value, _CONTAINERS):
                old = get(key)
                if old is not None and isinstance(old, _CONTAINERS):
                    result[key] = merge(old, value)
                    continue
            result[key] = value
        return result
    if isinstance(base, list) and isinstance(override, list):
        result = list(base)
        for index, value in enumerate(override):
            if index < len(result):
                old = result[index]
                result[index] = merge(old, value) if _is_container(value) and value and _is_container(old) else value
            else:
                result.append(value)
        return result
    # A list merged with a map (or the other way round): PHP sees two arrays and merges by key.
    result = dict(_as_indexed(base))
    for key, value in _as_indexed(override).items():
        old = result.get(key, _MISSING)
        if old is not _MISSING and _is_container(value) and value and _is_container(old):
            result[key] = merge(old, value)
        else:
            result[key] = value
    return result


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()
MISSING = _MISSING


def get_path(data, path, default=_MISSING):
    """The value at a key/index path, or ``default``."""
    current = data
    for key in path:
        if isinstance(current, dict):
            if key not in current:
                return default
            current = current[key]
        elif isinstance(current, list) and isinstance(key, int) and 0 <= key < len(current):
            current = current[key]
        else:
            return default
    return current
