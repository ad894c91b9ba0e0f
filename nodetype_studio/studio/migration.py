"""The 8.3 → 9.x migration of a project's NodeTypes files (Qt-free; used by `migrate` and the window).

``plan_migration(project)`` scans the project (``checks.neos9.scan_for_9``) and sorts the issues into
mechanical fixes, grouped by file, and findings that need a human. ``apply_file`` applies one file's
fixes through the editing layer, so every change is a minimal, verified text splice: keys are renamed
in place, removed with their comments, and a reference property moves to ``references:`` as the very
lines it was written with (comments included), only re-indented when the target is indented otherwise.
Applying the plan twice changes nothing the second time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from nodetype_studio.checks.neos9 import Issue, Op, scan_for_9
from nodetype_studio.diagnostics import Diagnostic, Location, Severity
from nodetype_studio.editing import Edit, EditError, NodeTypeEditor, PathNotFound, YamlDocument
from nodetype_studio.studio.textdiff import unified_diff


@dataclass
class FilePlan:
    path: Path
    issues: list[Issue] = field(default_factory=list)  # the fixable issues written in this file


@dataclass
class MigrationPlan:
    files: dict[Path, FilePlan]
    findings: list[Diagnostic]  # what needs a human (also notes on what the fixes imply)

    @property
    def fix_count(self) -> int:
        return sum(len(plan.issues) for plan in self.files.values())


@dataclass
class FileResult:
    path: Path
    old_text: str
    new_text: str
    edits: list[Edit]
    problems: list[str]  # fixes that the editing layer refused (the file keeps those lines)

    @property
    def changed(self) -> bool:
        return self.old_text != self.new_text

    def diff(self, label: str | None = None) -> str:
        name = label or str(self.path)
        return unified_diff(self.old_text, self.new_text, name)


def plan_migration(project) -> MigrationPlan:
    files: dict[Path, FilePlan] = {}
    findings: list[Diagnostic] = []
    for issue in scan_for_9(project):
        if issue.ops:
            path = Path(issue.file)
            files.setdefault(path, FilePlan(path)).issues.append(issue)
            findings += _implied_notes(issue)
        else:
            findings.append(issue.diagnostic())
    return MigrationPlan(dict(sorted(files.items())), findings)


def _implied_notes(issue: Issue) -> list[Diagnostic]:
    """What a fix does not reach: Fusion, PHP and composer requirements."""
    op = issue.ops[0]
    where = dict(node_type=issue.node_type, property_name=issue.property_name)
    if op.kind == "to_references" and op.value:
        name = issue.property_name
        return [Diagnostic.at(issue.location, Severity.INFO, "migrate-reference-usage",
                              f"{issue.node_type}: {name} is a reference now: Fusion and PHP that read it as a property "
                              f"(`q(node).property('{name}')`, `node.properties.{name}`) must read "
                              f"`q(node).referenceNodes('{name}')` (or `node.references`) instead", **where)]
    if issue.code == "neos9-supertype-removed" and op.kind == "rename":
        return [Diagnostic.at(issue.location, Severity.INFO, "migrate-package-required",
                              f"{issue.node_type}: {op.value} comes with the package neos/timeable-node-visibility; "
                              "require it in composer.json", **where)]
    if issue.code == "neos9-property-renamed":
        return [Diagnostic.at(issue.location, Severity.INFO, "migrate-property-usage",
                              f"{issue.node_type}: {issue.property_name} is now {op.value}: Fusion and PHP that read "
                              "the old name must read the new one", **where)]
    return []


class BufferEditor(NodeTypeEditor):
    """An editor over copies: of ``texts`` (e.g. a window's unsaved buffers, by path) and of files read
    from disk; for showing what a migration would do without touching anyone's documents."""

    def __init__(self, project, texts: dict | None = None):
        super().__init__(project)
        self._texts = {Path(path).resolve(): text for path, text in (texts or {}).items()}
        self._copies: dict[Path, YamlDocument] = {}

    def document(self, path) -> YamlDocument:
        key = Path(path).resolve()
        if key not in self._copies:
            text = self._texts.get(key)
            self._copies[key] = YamlDocument.from_text(text, key) if text is not None else YamlDocument.load(key)
        return self._copies[key]


# -- applying ------------------------------------------------------------------------------------------------
OpenDocument = Callable[[Path], YamlDocument]


def apply_plan(plan: MigrationPlan, editor: NodeTypeEditor) -> list[FileResult]:
    return [apply_file(plan.files[path], editor) for path in plan.files]


def apply_file(file_plan: FilePlan, editor: NodeTypeEditor) -> FileResult:
    """Apply one file's fixes to its document (in memory; the caller saves)."""
    doc = editor.document(file_plan.path)
    before = doc.text
    edits: list[Edit] = []
    problems: list[str] = []
    by_entry: dict[str, list[Issue]] = {}
    for issue in file_plan.issues:
        by_entry.setdefault(issue.node_type, []).append(issue)
    for name, issues in by_entry.items():
        entry = editor.entry_key(doc, name)
        if entry is None:
            problems.append(f"{name}: not found in {file_plan.path}")
            continue
        moves = [op for issue in issues for op in issue.ops if op.kind == "to_references"]
        others = [(issue, op) for issue in issues for op in issue.ops if op.kind != "to_references"]
        try:
            edits += _move_references(doc, entry, moves)
        except EditError as exc:
            problems.append(f"{name}: moving to references: {exc.message}")
        for issue, op in others:
            try:
                edits += _apply_op(doc, entry, op)
            except PathNotFound:
                continue  # an earlier fix of this entry already took care of it
            except EditError as exc:
                problems.append(f"{name}: {issue.code}: {exc.message}")
    return FileResult(file_plan.path, before, doc.text, [e for e in edits if e.old_text != e.new_text], problems)


def _apply_op(doc: YamlDocument, entry: str, op: Op) -> list[Edit]:
    path = (entry,) + tuple(op.path)
    if op.kind == "rename":
        return [doc.rename_key(path, op.value)]
    if op.kind == "unset":
        return [doc.unset(path)] + _prune_empty(doc, path[:-1])
    if op.kind == "set":
        return [doc.set(path, op.value)]
    if op.kind == "remove_entry":
        return [doc.unset((entry,))]
    raise EditError(f"unknown operation {op.kind}")


def _prune_empty(doc: YamlDocument, path: tuple) -> list[Edit]:
    """Remove maps the fix left empty (an empty map in an override replaces the inherited one)."""
    edits = []
    while len(path) > 1 and doc.has(path) and doc.get(path) in ({}, None):
        edits.append(doc.unset(path))
        path = path[:-1]
    return edits


def _move_references(doc: YamlDocument, entry: str, moves: list[Op]) -> list[Edit]:
    if not moves:
        return []
    edits: list[Edit] = []
    names = [op.path[-1] for op in moves]
    properties = doc.get((entry, "properties"))
    if isinstance(properties, dict) and set(properties) == set(names) and not doc.has((entry, "references")):
        # every property is a reference: the section itself is renamed, not a line of it moves
        edits.append(doc.rename_key((entry, "properties"), "references"))
    else:
        for name in names:
            edits += _move_one(doc, entry, name)
        if doc.has((entry, "properties")) and not doc.get((entry, "properties")):
            # an empty or null `properties:` would replace every inherited property: it goes too
            edits.append(doc.unset((entry, "properties")))
    for op in moves:
        name = op.path[-1]
        if op.value and doc.has((entry, "references", name, "type")):
            edits.append(doc.unset((entry, "references", name, "type")))
        if op.value == "reference" and not doc.has((entry, "references", name, "constraints", "maxItems")):
            edits.append(doc.set((entry, "references", name, "constraints", "maxItems"), 1))
    return edits


def _move_one(doc: YamlDocument, entry: str, name) -> list[Edit]:
    source = (entry, "properties", name)
    value = doc.get(source)
    text_before = doc.text
    removal = doc.unset(source)
    verbatim = removal.old_text if _whole_lines(text_before, removal.offset, removal.old_text) else None
    references = (entry, "references")
    if doc.has(references) and isinstance(doc.get(references), dict):
        insertion = doc.insert_key(references, name, value)
        header = False
    elif doc.has(references):  # `references: ~`
        insertion = doc.set(references, {name: value})
        header = None  # the value replaces `~`: left as rendered
    else:
        after = "properties" if doc.has((entry, "properties")) else None
        insertion = doc.insert_key((entry,), "references", {name: value}, after=after)
        header = True
    edits = [removal, insertion]
    if verbatim is not None and header is not None:
        exact = _verbatim(doc, insertion, header, verbatim, references + (name,), value)
        if exact is not None:
            edits.append(exact)
    return edits


def _whole_lines(text: str, offset: int, block: str) -> bool:
    return bool(block) and block.endswith("\n") and (offset == 0 or text[offset - 1] == "\n")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _verbatim(doc: YamlDocument, insertion: Edit, header: bool, block: str, path: tuple, value) -> Edit | None:
    """Replace the rendered insertion by the original lines (re-indented); None when that does not read
    back as the same value (the rendered text stays)."""
    rendered = insertion.new_text
    nl = "\r\n" if "\r\n" in block else "\n"
    if rendered.startswith(nl) and not rendered.endswith(nl):
        lead, body, trail = nl, rendered[len(nl):], ""  # inserted after the previous line's content
    elif _whole_lines(doc.text, insertion.offset, rendered) and rendered.endswith(nl):
        lead, body, trail = "", rendered[:-len(nl)], nl
    else:
        return None
    target_lines = body.split(nl)
    head: list[str] = []
    if header:
        if not target_lines or target_lines[0].strip() != "references:":
            return None
        head, target_lines = target_lines[:1], target_lines[1:]
    lines = block[:-len(nl)].split(nl) if block.endswith(nl) else []
    code = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    target = next((line for line in target_lines if line.strip()), None)
    if not code or target is None:
        return None
    delta = _indent(target) - _indent(code[0])
    if delta < 0 and any(line.strip() and _indent(line) < -delta for line in lines):
        return None
    moved = [(" " * delta + line if delta >= 0 else line[-delta:]) if line.strip() else line for line in lines]
    new_text = lead + nl.join(head + moved) + trail
    if new_text == rendered:
        return None
    replacement = Edit(doc.path, f"keep the written lines of {'.'.join(map(str, path))}", insertion.offset, rendered,
                       new_text, insertion.start_line, insertion.end_line,
                       max(insertion.end_line - insertion.start_line + 1, 0))
    try:
        applied = doc.apply(replacement)
    except EditError:
        return None
    try:
        same = doc.get(path) == value
    except PathNotFound:
        same = False
    if not same:
        doc.apply(applied.inverse())
        return None
    return applied


def migrate_findings_for(project) -> list[Diagnostic]:
    """Findings of a plan, for callers that only want to list what needs a human."""
    return plan_migration(project).findings


def location_text(location: Location, root: Path | None) -> str:
    path = Path(location.file)
    if root is not None:
        try:
            path = path.relative_to(root)
        except ValueError:
            pass
    return f"{path}:{location.line}" if location.line else str(path)
