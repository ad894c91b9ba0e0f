"""The same edits applied to plain data: what a document must read back as after an edit.

Every function copies only the containers along the path, so the original data stays untouched.
"""

from __future__ import annotations


def normalize(value):
    """A value as it reads back from YAML: tuples become lists, mapping keys strings."""
    if isinstance(value, dict):
        return {str(key): normalize(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalize(item) for item in value]
    return value


def get_in(data, path):
    for name in path:
        if isinstance(data, dict):
            data = data[str(name)]
        elif isinstance(data, list):
            data = data[int(name)]
        else:
            raise KeyError(name)
    return data


def _update(data, path, change):
    """Apply ``change`` to the container at ``path`` (copying it and every container above it)."""
    if not path:
        return change(data)
    name, rest = path[0], path[1:]
    if isinstance(data, dict):
        copy = dict(data)
        copy[str(name)] = _update(copy.get(str(name)), rest, change)
        return copy
    if isinstance(data, list):
        copy = list(data)
        index = int(name)
        if index == len(copy):
            copy.append(_update(None, rest, change))
        else:
            copy[index] = _update(copy[index], rest, change)
        return copy
    # a missing or null level becomes a mapping, as ``set`` creates it
    return {str(name): _update(None, rest, change)}


def with_set(data, path, value):
    return _update(data, path, lambda _old: normalize(value))


def with_unset(data, path):
    def drop(container):
        copy = dict(container) if isinstance(container, dict) else list(container)
        del copy[path[-1] if isinstance(copy, list) else str(path[-1])]
        return copy

    return _update(data, path[:-1], drop)


def with_renamed(data, path, new_key):
    def rename(container):
        old = str(path[-1])
        return {(str(new_key) if key == old else key): value for key, value in container.items()}

    return _update(data, path[:-1], rename)


def _place(container: dict, key: str, value, before=None, after=None) -> dict:
    items = [(k, v) for k, v in container.items() if k != key]
    if before is not None:
        position = next(i for i, (k, _) in enumerate(items) if k == str(before))
    elif after is not None:
        position = next(i for i, (k, _) in enumerate(items) if k == str(after)) + 1
    else:
        position = len(items)
    items.insert(position, (key, value))
    return dict(items)


def with_inserted(data, parent_path, key, value, before=None, after=None):
    def insert(container):
        return _place(container if isinstance(container, dict) else {}, str(key), normalize(value), before, after)

    return _update(data, parent_path, insert)


def with_moved(data, path, before=None, after=None):
    def move(container):
        key = str(path[-1])
        return _place(container, key, container[key], before, after)

    return _update(data, path[:-1], move)


def with_appended(data, path, value):
    return _update(data, path, lambda items: list(items or []) + [normalize(value)])


def with_removed_item(data, path, index):
    def remove(items):
        copy = list(items)
        del copy[index]
        return copy

    return _update(data, path, remove)
