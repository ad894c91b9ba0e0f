"""Where the CMS's result depends on the file system: packages that do not depend on each other.

Flow orders packages by their ``composer.json`` dependencies (``require`` and
``extra.neos.loading-order.after``; facts §5.1). Two packages with no dependency path between them
may load in either order, so when both write the same key with different values, which one wins
depends on the file system. The studio picks one order (ties by name) and reports the others here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from nodetype_studio.diagnostics import Diagnostic, Location, warning
from nodetype_studio.model.discovery import is_composer_name
from nodetype_studio.model.yamlload import YList, YMap

# a leaf: a scalar, null or an empty container (it replaces what an earlier package wrote)
_Leaf = tuple[object, tuple[int, int]]


def dependency_closure(packages: Sequence) -> dict[str, set[str]]:
    """Package name -> names of every package it depends on, directly or not (as discovery orders them)."""
    by_composer = {p.composer_name: p.name for p in packages if getattr(p, "composer_name", None)}
    direct: dict[str, set[str]] = {}
    for p in packages:
        wanted = set()
        for req in list(p.requires) + list(p.load_after):
            target = by_composer.get(req) if is_composer_name(req) else None
            if target is not None and target != p.name:
                wanted.add(target)
        direct[p.name] = wanted
    closure: dict[str, set[str]] = {}

    def visit(name: str, stack: set[str]) -> set[str]:
        if name in closure:
            return closure[name]
        found: set[str] = set()
        for dep in direct.get(name, ()):
            found.add(dep)
            if dep not in stack:
                found |= visit(dep, stack | {dep})
        closure[name] = found
        return found

    for name in direct:
        visit(name, {name})
    return closure


def _leaves(value, path: tuple, pos, out: dict) -> None:
    if isinstance(value, dict) and value:
        key_pos: dict = value.key_pos if isinstance(value, YMap) else {}
        for key, child in value.items():
            _leaves(child, path + (key,), key_pos.get(key, pos), out)
    elif isinstance(value, list) and value:
        item_pos: list = value.item_pos if isinstance(value, YList) else []
        for index, child in enumerate(value):
            _leaves(child, path + (index,), item_pos[index] if index < len(item_pos) else pos, out)
    else:
        out[path] = (value, pos)


def _any_independent(names: set[str], closure: dict[str, set[str]]) -> bool:
    ordered = sorted(names)
    return any(b not in closure[a] and a not in closure[b] for i, a in enumerate(ordered) for b in ordered[i + 1:])


def _same(a, b) -> bool:
    return type(a) is type(b) and a == b


def ambiguities(files: Iterable[tuple[Any, str, str, object]], packages: Sequence,
                limit: int = 200) -> list[Diagnostic]:
    """``load-order-ambiguous`` findings for ``files``: (package, kind, path, data) in load order.

    A conflict is a key one package sets to a value (a leaf) while an independent package sets the
    same key to another value or writes keys below it. At most ``limit`` findings.
    """
    closure = dependency_closure([p for p in packages if not getattr(p, "is_global", False)])
    # Every conflict is between two packages writing below the same top-level entry of the same kind
    # of file (a node type's name, a settings root): only entries that two independent packages write
    # are taken apart into leaves, so a project whose packages each define their own types costs little.
    entries: list[tuple[str, str, str, dict]] = []
    writers: dict[tuple, set[str]] = {}
    for pkg, kind, path, data in files:
        if getattr(pkg, "is_global", False) or not isinstance(data, dict) or pkg.name not in closure:
            continue
        entries.append((pkg.name, kind, path, data))
        for top in data:
            writers.setdefault((kind, top), set()).add(pkg.name)
    shared = {top for top, who in writers.items() if len(who) > 1 and _any_independent(who, closure)}
    # (a leaf's Location is made only for the findings: most leaves make none)
    per_package: dict[str, dict[tuple, tuple]] = {}
    for name, kind, path, data in entries:
        key_pos: dict = data.key_pos if isinstance(data, YMap) else {}
        target = per_package.setdefault(name, {})
        for top, value in data.items():
            if (kind, top) not in shared:
                continue
            leaves: dict[tuple, _Leaf] = {}
            _leaves(value, (top,), key_pos.get(top, (0, 0)), leaves)
            for key, (leaf, pos) in leaves.items():
                target[(kind,) + key] = (leaf, path, pos)
    names = [n for n in per_package if n in closure]
    if len(names) < 2:
        return []
    owners: dict[tuple, list[str]] = {}
    for n in names:
        for key in per_package[n]:
            owners.setdefault(key, []).append(n)
    below: dict[tuple, list[str]] = {}  # key -> packages that write keys below it (only keys a package sets)
    for n in names:
        for prefix in {key[:i] for key in per_package[n] for i in range(2, len(key))}:
            if prefix in owners:
                below.setdefault(prefix, []).append(n)

    def independent(a: str, b: str) -> bool:
        return a != b and b not in closure[a] and a not in closure[b]

    found: list[Diagnostic] = []
    for key, who in owners.items():
        others = below.get(key, ())
        if len(who) == 1 and not others:
            continue  # one package sets it and none writes below it: nothing to compare
        for a in who:
            value, path, pos = per_package[a][key]
            for b in who:
                if b > a and independent(a, b) and not _same(value, per_package[b][key][0]):
                    found.append(_finding(key, a, b, value, per_package[b][key], _location(path, pos)))
            for b in others:
                if independent(a, b):
                    found.append(_finding(key, a, b, value, None, _location(path, pos)))
            if len(found) >= limit:
                return found[:limit]
    return found


def _location(path: str, pos) -> Location:
    return Location(path, *pos) if pos else Location(path)


def _show(value) -> str:
    if value is None:
        return "~"
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return repr(value)


def _finding(key: tuple, a: str, b: str, value, other, where: Location) -> Diagnostic:
    kind, rest = key[0], key[1:]
    dotted = ".".join(str(k) for k in rest[1:])
    what = f"{rest[0]}: {dotted}" if kind == "nodetypes" else ".".join(str(k) for k in rest)
    theirs = f"sets it to {_show(other[0])}" if other is not None else "writes keys below it"
    node_type = rest[0] if kind == "nodetypes" and isinstance(rest[0], str) else None
    return warning("load-order-ambiguous",
                   f"{what}: {a} sets it to {_show(value)} and {b} {theirs}; neither package depends on the other, "
                   f"so which one wins depends on the order the file system lists them (add a `require` to "
                   f"composer.json or `extra.neos.loading-order.after`)",
                   where, node_type=node_type)


def folder_ambiguities(files: Iterable[tuple[Any, str, str, object]], packages: Sequence,
                       limit: int = 200) -> list[Diagnostic]:
    """``load-order-ambiguous`` findings between the files of one package's NodeTypes/ folder: the CMS
    merges them in the order its directory iterator lists them (facts §5.1), so of two files setting one
    key differently (or one setting it, the other writing below it) either may win. A key that a file
    loading after the folder sets anyway (the package's Configuration files, a package depending on it)
    is left out. ``files``: (package, kind, path, data) in load order; at most ``limit`` findings."""
    closure = dependency_closure([p for p in packages if not getattr(p, "is_global", False)])
    folder_files: dict[str, list[tuple[str, str, dict]]] = {}  # package -> (shown name, path, data)
    later: dict[str, list[dict]] = {}  # package -> the files that load after its NodeTypes folder
    for pkg, kind, path, data in files:
        if kind != "nodetypes" or getattr(pkg, "is_global", False) or not isinstance(data, dict):
            continue
        folder = os.path.join(str(pkg.path), "NodeTypes", "")
        if path.startswith(folder):
            folder_files.setdefault(pkg.name, []).append(("NodeTypes/" + Path(path[len(folder):]).as_posix(), path, data))
        else:
            later.setdefault(pkg.name, []).append(data)
        for dependency in closure.get(pkg.name, ()):
            later.setdefault(dependency, []).append(data)
    found: list[Diagnostic] = []
    for package, own in folder_files.items():
        counts: dict[object, int] = {}
        for _shown, _path, data in own:
            for top in data:
                counts[top] = counts.get(top, 0) + 1
        shared = {top for top, count in counts.items() if count > 1}
        if not shared:
            continue
        overridden: dict[tuple, _Leaf] = {}
        for data in later.get(package, ()):
            for top in shared.intersection(data):
                _leaves(data[top], (top,), (0, 0), overridden)
        per_file = []
        for shown, path, data in own:
            key_pos: dict = data.key_pos if isinstance(data, YMap) else {}
            leaves: dict[tuple, _Leaf] = {}
            for top in shared.intersection(data):
                _leaves(data[top], (top,), key_pos.get(top, (0, 0)), leaves)
            kept = {key: leaf for key, leaf in leaves.items()
                    if not any(key[:n] in overridden for n in range(1, len(key) + 1))}
            per_file.append((shown, path, kept, {key[:n] for key in leaves for n in range(1, len(key))}))
        for i, (shown_a, path_a, leaves_a, below_a) in enumerate(per_file):
            for shown_b, path_b, leaves_b, below_b in per_file[i + 1:]:
                for key, (value, pos) in leaves_a.items():
                    if key in leaves_b and not _same(value, leaves_b[key][0]):
                        found.append(_folder_finding(key, package, shown_a, shown_b, value, leaves_b[key],
                                                     _location(path_a, pos)))
                    elif key in below_b:
                        found.append(_folder_finding(key, package, shown_a, shown_b, value, None, _location(path_a, pos)))
                for key, (value, pos) in leaves_b.items():
                    if key in below_a:
                        found.append(_folder_finding(key, package, shown_b, shown_a, value, None, _location(path_b, pos)))
                if len(found) >= limit:
                    return found[:limit]
    return found


def _folder_finding(key: tuple, package: str, a: str, b: str, value, other, where: Location) -> Diagnostic:
    dotted = ".".join(str(k) for k in key[1:])
    theirs = f"sets it to {_show(other[0])}" if other is not None else "writes keys below it"
    return warning("load-order-ambiguous",
                   f"{key[0]}: {dotted}: {a} sets it to {_show(value)} and {b} {theirs}; the CMS reads the files of "
                   f"{package}'s NodeTypes folder in the order the file system lists them, so which one wins depends "
                   f"on the file system (set it in one file)", where, node_type=key[0] if isinstance(key[0], str) else None)
