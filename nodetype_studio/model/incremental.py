"""Re-resolving a project after an edit: only the edited node types and their subtypes.

An edit in the studio changes the text of one file (its unsaved buffer). ``reresolve`` parses that file
again and resolves the node types it names plus every type that inherits from them, with the same
functions a full load uses (``project._collect_fragments`` and ``project._resolve``), so their
semantics, findings and provenance are those of a full load. Every other node type keeps its resolved
configuration (the same objects: views that compare identities see that it did not change).

When the edit reaches beyond that, ``reresolve`` returns None and the caller loads the whole project:
a file that is new or not a NodeTypes file of the project, a file changed on disk, a node type added
to or removed from a file, a configuration that is null or not a mapping, a change of the detected
platform prefix, the platform package among the project's, an inheritance cycle.
``tests/model/test_incremental.py`` checks, with random edits, that the result equals a full load.
"""

from __future__ import annotations

import copy
import dataclasses
import gc
from bisect import bisect_right
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nodetype_studio import boundedio
from nodetype_studio.model import loadorder
from nodetype_studio.model import project as full
from nodetype_studio.model.nodetype import NodeType, ProjectRef, SourceFile
from nodetype_studio.model.prefix import Platform
from nodetype_studio.model.yamlload import LoadedYaml, YList, YMap
from nodetype_studio.textspan import changed_span

AMBIGUOUS = "load-order-ambiguous"
AMBIGUITY_LIMIT = 200  # loadorder.ambiguities' default cap


def reresolve(previous: full.Project, before: Mapping[Any, str], after: Mapping[Any, str], *,
              check_disk: bool = True) -> full.Project | None:
    """The project of ``previous`` with the buffers ``after`` instead of ``before`` (both map file paths to
    the texts standing in for them, as ``load_project(overrides=...)`` takes them); None when only a full
    load gives the right answer.

    ``check_disk``: compare every other file's size and modification time with the ones ``previous`` read
    (a file another program changed needs a full load). A caller that watches the files and loads the
    whole project when one changes (the studio window) passes False: one ``stat`` per file is a large
    part of a keystroke in a project of a few hundred files."""
    was_enabled = gc.isenabled()
    gc.disable()  # as load_project: many small containers, no cycles
    try:
        return _reresolve(previous, before, after, check_disk)
    finally:
        if was_enabled:
            gc.enable()


def _reresolve(previous: full.Project, before: Mapping[Any, str], after: Mapping[Any, str],
               check_disk: bool = True) -> full.Project | None:
    if not previous.uses_baseline or any(d.code == "supertype-cycle" for d in previous.diagnostics):
        return None
    by_path = {_path(f.path): f for f in previous.files if not f.baseline}
    changed: dict[int, tuple[SourceFile, str | None, str | None]] = {}  # by id: a SourceFile is not hashable
    for path in set(before) | set(after):
        old, new = before.get(path), after.get(path)
        if old == new or (old is None and new == _disk_text(path)) or (new is None and old == _disk_text(path)):
            continue  # the same text: nothing changed for the model
        source = by_path.get(_path(path)) or by_path.get(Path(path).resolve())
        if source is None:
            return None  # a new file, or a Settings file: discovery and settings are a full load's job
        changed[id(source)] = (source, after.get(path), old)
    overridden = {id(by_path.get(_path(p)) or by_path.get(Path(p).resolve())) for p in after}
    for source in previous.files if check_disk else ():  # a file another program changed: a full load reads it
        if not source.baseline and id(source) not in overridden and id(source) not in changed \
                and full._signature(_path(source.path)) != source.signature:
            return None
    if not changed:
        return previous

    platform = previous.platform
    counts = {p: c for p, (_d, c) in previous._files.items()}
    parse_findings = {p: d for p, (d, _c) in previous._files.items()}
    files = list(previous.files)
    touched: set[str] = set()
    for source, text, old_text in changed.values():
        path = Path(source.path)
        parsed = None
        if text is not None and old_text is not None and not parse_findings.get(path):
            parsed = _parse_entry(path, source, old_text, text, counts.get(path))
        if parsed is None:
            parsed = full._parse(path, True, text)
        old_names = _names(source.data, platform)
        new_names = _names(parsed.loaded.data, platform)
        if old_names is None or new_names is None or old_names != new_names:
            return None  # node types added, removed, nulled or not mappings
        fresh = dataclasses.replace(source, data=parsed.loaded.data, signature=parsed.signature, i18n=parsed.i18n)
        files[next(i for i, f in enumerate(files) if f is source)] = fresh
        counts[path] = parsed.prefix_counts
        parse_findings[path] = parsed.loaded.diagnostics
        touched |= _edited(source.data, parsed.loaded.data, platform)
    neos = sum(c[0] for c in counts.values())
    cms = sum(c[1] for c in counts.values())
    if Platform("Cms" if cms > neos else "Neos").prefix != platform.prefix:
        return None

    affected = _affected(previous, touched)

    project = copy.copy(previous)
    project.files = files
    # what the settings alone decide (data types, editors) stays valid; anything else is worked out again
    kept = ("datatype", "editor", "names", "defined_in", "settings_subtrees", "default_layers")
    project._memo = {k: v for k, v in previous._memo.items() if k in kept}
    project._files = {p: (parse_findings[p], counts[p]) for p in previous._files}
    old_parse = {id(d) for source, _text, _old in changed.values() for d in previous._files[Path(source.path)][0]}
    kept_parse = {id(d) for path, (found, _c) in project._files.items() for d in found}
    ambiguous = [d for d in previous.diagnostics if d.code == AMBIGUOUS]
    if len(ambiguous) >= AMBIGUITY_LIMIT // 2:
        return None  # near the cap of the findings: which ones a full load keeps is its job
    # load-order ambiguities are about keys below a node type's name: those of the touched types are found
    # again below, the others stand (their entries did not change)
    project.diagnostics = [d for d in previous.diagnostics
                           if id(d) not in old_parse and (d.node_type not in affected or id(d) in kept_parse
                                                          or (d.code == AMBIGUOUS and d.node_type not in touched))]
    for source, _text, _old in changed.values():
        project.diagnostics.extend(parse_findings[Path(source.path)])

    project.diagnostics.extend(_ambiguities(project, touched))
    # The node types the edit leaves alone are the same objects in both projects. A type reaches its project
    # (``NodeType._project``, which resolves supertype names) through the lineage's ProjectRef, which names the
    # newest project: the same answers in every project that holds the same object, since the types it reaches
    # through its supertypes are unaffected too (see _affected). The types replaced here name ``previous``.
    lineage = getattr(previous, "_lineage", None)
    if lineage is None or lineage.project is not previous:  # a full load's project, or an older one again
        lineage = ProjectRef(previous)
    fresh_types = _collect(project, affected, lineage)
    memo: dict[str, list[tuple[str, str]]] = {}
    nodes: dict[str, NodeType] = {}  # the full load's order (the order of first definition) is kept
    for name, nt in previous.node_types.items():
        if name in affected:
            resolved = fresh_types.get(name)
            if resolved is not None:
                nodes[name] = resolved
        else:
            nodes[name] = nt
            memo[name] = nt._flattened
    project.node_types = nodes
    for name in affected:
        replaced = previous.node_types.get(name)
        if replaced is not None:
            replaced._project = previous
    setattr(project, "_lineage", lineage)  # (an attribute of incremental projects only)
    lineage.project = project
    full._resolve(project, [nodes[n] for n in previous.node_types if n in fresh_types], memo)
    project._memo["subtypes"] = _subtypes_after(previous, project, affected)
    return project


def _subtypes_after(previous: full.Project, project: full.Project, affected: set[str]) -> dict[str, list[str]]:
    """``previous``'s index of direct subtypes (by enabled supertype) with the edges of ``affected`` redone
    (the others' supertypes did not change); the lists of ``previous`` are not changed."""
    subtypes = dict(previous._memo["subtypes"])
    for name in affected:
        old, new = previous.node_types.get(name), project.node_types.get(name)
        before = old.declared_supertypes if old is not None else []
        after = new.declared_supertypes if new is not None else []
        if before == after:
            continue
        for parent in before:
            subtypes[parent] = [child for child in subtypes.get(parent, ()) if child != name]
        for parent in after:
            subtypes[parent] = [*subtypes.get(parent, ()), name]
    return subtypes


def _affected(project: full.Project, touched: set[str]) -> set[str]:
    """The touched node types and every type that reaches one of them through its (enabled) supertypes, also
    through one it switches off further down (``Name: false``: it is no ancestor then, but the supertypes it
    brings along still are). Exactly these types are resolved again; every other type's supertypes, and all
    that ``is_of_type`` walks through, are unchanged."""
    subtypes = project._memo.get("subtypes")
    if subtypes is None:
        subtypes = project._memo["subtypes"] = {}
        for nt in project.node_types.values():
            for parent in nt.declared_supertypes:
                subtypes.setdefault(parent, []).append(nt.name)
    affected = set(touched)
    queue = list(touched)
    while queue:
        for child in subtypes.get(queue.pop(), ()):
            if child not in affected:
                affected.add(child)
                queue.append(child)
    return affected


_PIECES: dict[tuple[str, str], tuple[tuple[int, int], bool]] = {}  # (file, entry text) -> its counts, i18n


def _parse_entry(path: Path, source: SourceFile, old: str, new: str, counts) -> full._Parsed | None:
    """The parse of ``new`` (the file's text after an edit of ``old``, from which ``source`` was parsed) made
    by parsing only the top-level entry the edit lies in: its lines, preceded by as many empty lines as come
    before them (so every position is the one a parse of the whole file gives), put in place of the old
    entry. None when that is not certain to equal parsing the whole file: the line count changed (every
    later position would move), the edit is outside one entry or changes its key, the file has aliases,
    directives, several documents, a BOM, or findings (before or after).

    The file's platform-prefix counts and ``i18n`` flag are those of the old text with the old entry's
    share replaced by the new entry's, both worked out by the full load's own ``_parse_text`` (the counts
    are of words without line breaks, so an entry's lines hold its share); the old entry's share is
    remembered from the previous keystroke (typing in one field parses one entry per keystroke)."""
    data = source.data
    if (not isinstance(data, YMap) or not data or counts is None or old.count("\n") != new.count("\n")
            or "\t" in new or new.startswith(("\ufeff", "%", "---")) or "\n---" in new or "\n..." in new
            or "\n%" in new or ("*" in new and "&" in new)):
        return None
    prefix, suffix = changed_span(old, new)
    keys = list(data)
    lines = [data.key_pos.get(raw, (0, 0)) for raw in keys]
    if any(column != 1 for _line, column in lines) or any(a[0] >= b[0] for a, b in zip(lines, lines[1:])):
        return None
    first_line = old.count("\n", 0, prefix) + 1  # 1-based lines of the edit's first and last character
    last_line = first_line + new.count("\n", prefix, max(prefix, len(new) - suffix))
    index = bisect_right([line for line, _c in lines], first_line) - 1
    if index < 0:
        return None  # before the first node type (a leading comment): not worth the trouble
    start = lines[index][0]
    end = lines[index + 1][0] if index + 1 < len(lines) else None  # the next entry's key line
    if end is not None and last_line >= end:
        return None
    old_piece, new_piece = _lines(old, start, end), _lines(new, start, end)
    padding = "\n" * (start - 1)
    known = _PIECES.get((str(path), old_piece))
    if known is None:  # the first edit of this entry: its old share is worked out once
        before = full._parse_text(str(path), (), padding + old_piece, [])
        known = (before.prefix_counts, before.i18n)
    piece = full._parse_text(str(path), (), padding + new_piece, [])
    loaded = piece.loaded
    raw = keys[index]
    if (not loaded.ok or loaded.diagnostics or not isinstance(loaded.data, YMap) or list(loaded.data) != [raw]
            or loaded.data.key_pos.get(raw) != data.key_pos.get(raw)):
        return None
    old_counts, old_i18n = known
    if old_i18n and not piece.i18n:
        return None  # the entry no longer says `i18n`: whether the rest of the file does is not known
    _remember(path, new_piece, piece)
    merged = YMap((key, loaded.data[raw] if key == raw else value) for key, value in data.items())
    merged.key_pos = dict(data.key_pos)
    merged.pos = data.pos
    file_counts = tuple(c - o + n for c, o, n in zip(counts, old_counts, piece.prefix_counts, strict=True))
    return full._Parsed(full._signature(path), LoadedYaml(merged, []), file_counts,
                        source.i18n or piece.i18n)  # (the flag is the entry's or the rest's)


def _remember(path: Path, piece: str, parsed: full._Parsed) -> None:
    if len(_PIECES) > 64:
        _PIECES.clear()
    _PIECES[(str(path), piece)] = (parsed.prefix_counts, parsed.i18n)


def _lines(text: str, start: int, end: int | None) -> str:
    """Lines ``start`` up to ``end`` (exclusive; None: to the end) of ``text``, 1-based, with their newlines."""
    begin = 0
    for _ in range(start - 1):
        begin = text.index("\n", begin) + 1
    if end is None:
        return text[begin:]
    stop = begin
    for _ in range(end - start):
        stop = text.index("\n", stop) + 1
    return text[begin:stop]


def _path(value) -> Path:
    return value if isinstance(value, Path) else Path(value)


def _ambiguities(project: full.Project, names: set[str]) -> list:
    """The full load's ``load-order-ambiguous`` findings about the keys below ``names``: they depend only on
    what each package writes below those names."""
    packages = {pkg.name: pkg for pkg in project.packages if not pkg.is_global}
    parts = []
    for source in _files_defining(project, names):
        data = source.data
        if source.baseline or source.kind != "nodetypes" or not isinstance(data, dict) or source.package not in packages:
            continue
        subset = _entries_named(project, data, names)
        if subset is not None:
            parts.append((packages[source.package], source.kind, str(source.path), subset))
    found = (loadorder.ambiguities(parts, project.packages, AMBIGUITY_LIMIT)
             + loadorder.folder_ambiguities(parts, project.packages, AMBIGUITY_LIMIT))
    return [d for d in found if d.node_type in names]


def _entries_named(project: full.Project, data: dict, names: set[str], normalize: bool = True) -> YMap | None:
    """The entries of one file's ``data`` whose node type is one of ``names`` (raw names normalized to the
    platform's spelling unless ``normalize`` is False: the baseline's are written normalized), with their
    positions; None when there is none."""
    if normalize:
        normalized = project._memo.setdefault("names", {})  # raw name -> normalized (the platform is the same)
        wanted = []
        for raw in data:
            name = normalized.get(raw)
            if name is None:
                name = normalized[raw] = project.platform.normalize_name(raw).value
            if name in names:
                wanted.append(raw)
    else:
        wanted = [raw for raw in data if raw in names]
    if not wanted:
        return None
    subset = YMap((raw, data[raw]) for raw in wanted)
    if isinstance(data, YMap):
        subset.key_pos = {raw: data.key_pos[raw] for raw in wanted if raw in data.key_pos}
        subset.pos = data.pos
    return subset


def _files_defining(project: full.Project, names: set[str]) -> list[SourceFile]:
    """The files that have an entry for one of ``names`` (normalized; a baseline file's names as written), in
    the project's order. The index (name -> positions in ``project.files``) is made once and kept by every
    later re-resolution: an edit replaces a file at its position and keeps the names it defines."""
    index = project._memo.get("defined_in")
    if index is None:
        index = project._memo["defined_in"] = {}
        normalized = project._memo.setdefault("names", {})
        for position, source in enumerate(project.files):
            data = source.data
            if not isinstance(data, dict):
                continue
            for raw in data:
                if source.baseline:
                    name = raw
                else:
                    name = normalized.get(raw)
                    if name is None:
                        name = normalized[raw] = project.platform.normalize_name(raw).value
                positions = index.setdefault(name, [])
                if not positions or positions[-1] != position:
                    positions.append(position)
    found = sorted({position for name in names for position in index.get(name, ())})
    return [project.files[position] for position in found]


def _disk_text(path) -> str | None:
    try:
        raw = boundedio.read_bytes(path)
    except OSError:
        return None
    return raw[3:].decode("utf-8", "replace") if raw.startswith(b"\xef\xbb\xbf") else raw.decode("utf-8", "replace")


def _names(data, platform) -> set[str] | None:
    """The normalized node type names a file defines; None when an entry is null or not a mapping, or the
    file is not a mapping (cases whose findings and consequences a full load works out)."""
    if data is None:
        return set()
    if not isinstance(data, dict):
        return None
    names = set()
    for raw, config in data.items():
        if not isinstance(config, dict):
            return None
        names.add(platform.normalize_name(raw).value)
    return names


def _edited(old, new, platform) -> set[str]:
    """The node types whose entries differ between two versions of a file, positions included (an entry
    that only moved to other lines is edited too: its provenance names the lines)."""
    def entries(data) -> dict[str, list]:
        found: dict[str, list] = {}
        for raw, config in (data or {}).items():
            pos = data.key_pos.get(raw) if isinstance(data, YMap) else None
            found.setdefault(platform.normalize_name(raw).value, []).append((raw, pos, config))
        return found

    before, after = entries(old), entries(new)
    return {name for name in set(before) | set(after)
            if not _same(before.get(name), after.get(name))}


def _same(a, b) -> bool:
    """Equal values with equal positions (YMap/YList)."""
    if a is b:
        return True  # (an entry the edit did not reach: _parse_entry keeps it)
    if type(a) is not type(b):
        return False
    if isinstance(a, YMap):
        return (a.pos == b.pos and a.key_pos == b.key_pos and list(a) == list(b)
                and all(_same(a[k], b[k]) for k in a))
    if isinstance(a, (list, tuple)):
        if isinstance(a, YList) and (a.pos != b.pos or a.item_pos != b.item_pos):
            return False
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return a == b or (a != a and b != b)  # NaN equals NaN here


def _collect(project: full.Project, names: set[str], owner: ProjectRef) -> dict[str, NodeType]:
    """Fresh node types (fragments and collection findings) for ``names``, by the full load's own
    ``_collect_fragments`` run over the parts of the files that define them."""
    stub = copy.copy(project)
    stub.node_types = {}
    stub.diagnostics = project.diagnostics  # collection findings go to the new project
    real: dict[int, SourceFile] = {}
    parts = []
    for source in _files_defining(project, names):
        data = source.data
        if not isinstance(data, dict):
            continue
        subset = _entries_named(project, data, names, normalize=not source.baseline)
        if subset is None:
            continue
        part = copy.copy(source)
        part.data = subset
        real[id(part)] = source
        parts.append(part)
    stub.files = parts
    full._collect_fragments(stub)
    for nt in stub.node_types.values():
        nt._project = owner
        for fragment in nt.fragments:
            fragment.file = real[id(fragment.file)]
    return stub.node_types
