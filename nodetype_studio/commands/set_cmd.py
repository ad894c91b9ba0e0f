"""`nodetype-studio set PATH NODETYPE KEYPATH VALUE` and `nodetype-studio unset PATH NODETYPE KEYPATH`.

Edits a node type's own definition with a minimal diff (the editing layer the studio window uses) and
prints what changed. KEYPATH segments are separated by ``.``; a segment containing ``.`` is written in
double quotes. VALUE is YAML: ``42``, ``true``, ``'text'``, ``[a, b]``, ``{label: X}``.
Exit codes: 0 changed (or nothing to change), 1 unknown node type or key path, invalid VALUE, or the file
changed on disk; 2 the command could not run (no such PATH, unreadable file, write failed).
"""

from __future__ import annotations

import sys
from pathlib import Path

from nodetype_studio.commands.common import add_context, display_path, open_node_type
from nodetype_studio.editing import (
    EditError,
    FileChangedOnDisk,
    KeyPathError,
    NodeTypeEditor,
    SaveError,
    YamlParseError,
    parse_keypath,
)
from nodetype_studio.model.yamlload import load_yaml_text


def register(sub) -> None:
    set_parser = sub.add_parser("set", help="set a value in a node type's definition (minimal diff)")
    _common_arguments(set_parser)
    set_parser.add_argument("value", metavar="VALUE", help="the new value as YAML: 42, true, 'text', [a, b], {label: X}")
    set_parser.set_defaults(func=run_set)
    unset_parser = sub.add_parser("unset", help="remove a key from a node type's definition")
    _common_arguments(unset_parser)
    unset_parser.set_defaults(func=run_unset)


def _common_arguments(parser) -> None:
    parser.add_argument("path", metavar="PATH", help="project folder, package or NodeTypes file")
    parser.add_argument("node_type", metavar="NODETYPE")
    parser.add_argument("keypath", metavar="KEYPATH",
                        help='keys separated by "." (quote a key containing dots: a."Neos.Neos/X".b)')
    parser.add_argument("--file", help="write to this file instead of the one the studio chooses")
    parser.add_argument("--force", action="store_true", help="overwrite a file even if it changed on disk")
    parser.add_argument("--dry-run", action="store_true", help="show the change without writing it")
    add_context(parser)


def _fail(message: str, code: int) -> int:
    print(f"nodetype-studio: {message}", file=sys.stderr)
    return code


def _parse_value(text: str):
    loaded = load_yaml_text(text, "VALUE")
    if not loaded.ok:
        problem = next((d.message for d in loaded.diagnostics), "not valid YAML")
        raise ValueError(problem)
    return loaded.data


def run_set(args) -> int:
    try:
        value = _parse_value(args.value)
    except ValueError as exc:
        return _fail(f"VALUE {args.value!r} is not valid YAML: {exc}", 1)
    return _run(args, lambda editor, name, keypath: editor.set(name, keypath, value, file=args.file))


def run_unset(args) -> int:
    return _run(args, lambda editor, name, keypath: editor.unset(name, keypath, file=args.file))


def _run(args, change) -> int:
    try:
        keypath = parse_keypath(args.keypath)
    except KeyPathError as exc:
        return _fail(str(exc), 1)
    if args.file and not Path(args.file).parent.is_dir():
        return _fail(f"{args.file}: the folder does not exist", 2)
    project, nt = open_node_type(args.path, args.node_type, context=args.context)
    if project is None:
        return 2
    if nt is None:
        return 1
    editor = NodeTypeEditor(project)
    try:
        edits = change(editor, nt.name, keypath)
    except YamlParseError as exc:
        return _fail(str(exc), 2)
    except EditError as exc:
        return _fail(str(exc), 1)
    changed = [edit for edit in edits if edit.old_text != edit.new_text]
    if not changed:
        print("nothing to change: the value is already set")
        return 0
    report = "\n".join(_edit_text(editor, edit) for edit in changed)
    if args.dry_run:
        print(report)
        print("(dry run: nothing written)")
        return 0
    try:
        editor.save_all(force=args.force)  # all files or none
    except FileChangedOnDisk as exc:
        return _fail(f"{exc} (use --force to overwrite)", 1)
    except SaveError as exc:
        return _fail(f"{exc} (no file was changed)", 2)
    print(report)  # once written: a failed save shows no diff as if it had been applied
    return 0


def _edit_text(editor: NodeTypeEditor, edit) -> str:
    doc = editor.document(edit.file)
    lines = [f"{display_path(edit.file)}:{max(edit.start_line, 1)}: {edit.description}"]
    old_lines = doc.original_text.splitlines()
    new_lines = doc.text.splitlines()
    first = edit.start_line - 1
    lines.extend(f"-{line}" for line in old_lines[first:first + edit.removed_lines])
    lines.extend(f"+{line}" for line in new_lines[first:edit.end_line])
    return "\n".join(lines)
