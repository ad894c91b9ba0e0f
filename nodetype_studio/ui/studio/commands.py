"""Undo commands: every change to the project is one QUndoCommand that calls the editing layer.

A command runs its operation once (``operation(editor) -> [Edit]``) and afterwards re-applies or
reverts the exact text edits it recorded; it never touches a widget. The owner (the main window) is
told after every redo/undo and refreshes the views from the model. Consecutive commands with the same
``merge_key`` (keystrokes in one field) merge into one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand

from nodetype_studio.editing import Edit, EditError, PathNotFound
from nodetype_studio.studio.values import REMOVE

MERGE_ID = 0x5E7  # every mergeable command shares the id; merge keys decide what actually merges



Operation = Callable[[Any], list[Edit]]


class CommandOwner(Protocol):
    session: Any

    def command_applied(self, command: EditCommand) -> None: ...

    def command_failed(self, command: EditCommand, error: EditError) -> None: ...


class EditCommand(QUndoCommand):
    """One edit of the project; ``focus`` = (node type, property) to select when it is undone/redone."""

    def __init__(self, owner: CommandOwner, text: str, operation: Operation, *, merge_key: Any = None,
                 focus: tuple[str | None, str | None] = (None, None)):
        super().__init__(text)
        self.owner = owner
        self.operation = operation
        self.merge_key = merge_key
        self.focus = focus
        self.edits: list[Edit] | None = None
        self.error: EditError | None = None
        self._before: dict[Path, str] = {}

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def redo(self) -> None:
        session = self.owner.session
        if self.edits is None:
            # text snapshots are references to immutable strings: cheap, and they tell when merged
            # keystrokes lead back to where the command started
            self._before = {Path(doc.path): doc.text for doc in session.editor.documents}
            try:
                self.edits = [e for e in self.operation(session.editor) if e.old_text != e.new_text]
            except EditError as exc:
                self.error = exc
                self.edits = []
                self.setObsolete(True)  # QUndoStack.push drops it: nothing happened
                self.owner.command_failed(self, exc)
                return
            session.record(self.edits)
            session.link(self.edits)  # one change across several files is saved all or none
            if not self.edits:
                self.setObsolete(True)
                return
        else:
            try:
                self.edits = session.apply(self.edits)
            except EditError as exc:
                self._no_longer_fits(exc)
                return
        self.owner.command_applied(self)

    def undo(self) -> None:
        if self.edits:
            try:
                self.owner.session.apply(self.edits, undo=True)
            except EditError as exc:
                self._no_longer_fits(exc)
                return
        self.owner.command_applied(self)

    def _no_longer_fits(self, error: EditError) -> None:
        """The text changed under this step (``Session.apply`` took back what it had applied): the step
        leaves the history (QUndoStack deletes a command made obsolete in undo or redo) and the window says why."""
        self.error = error
        self.setObsolete(True)
        self.owner.command_failed(self, error)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key or other.error is not None:
            return False
        self.edits = (self.edits or []) + (other.edits or [])
        if self._back_to_start():
            self.setObsolete(True)  # typed and deleted back to the start: no undo step left
        return True

    def _back_to_start(self) -> bool:
        editor = self.owner.session.editor
        for path in {Path(e.file) for e in self.edits or []}:
            doc = editor.open_document(path)
            if doc is None or doc.text != self._before.get(path, doc.original_text):
                return False
        return True


# -- operations (functions of the editor, so a command can run them) -------------------------------------------
def set_value(name: str, keypath: tuple, value: Any) -> Operation:
    """Set ``keypath`` of node type ``name``; ``REMOVE`` removes the key from the own definition."""
    def run(editor) -> list[Edit]:
        if value is REMOVE:
            try:
                return editor.unset(name, keypath)
            except PathNotFound:
                return []
        return editor.set(name, keypath, value)
    return run


def insert_key(name: str, parent: tuple, key: str, value: Any, after: str | None = None) -> Operation:
    def run(editor) -> list[Edit]:
        if after is not None:
            try:
                return editor.insert_key(name, parent, key, value, after=after)
            except PathNotFound:
                pass  # the sibling is inherited, not in the own definition: append instead
        return editor.insert_key(name, parent, key, value)
    return run


def rename_key(name: str, keypath: tuple, new_key: str) -> Operation:
    def run(editor) -> list[Edit]:
        return editor.rename_key(name, keypath, new_key)
    return run


def unset(name: str, keypath: tuple) -> Operation:
    def run(editor) -> list[Edit]:
        return editor.unset(name, keypath)
    return run


def sequence(*operations: Operation) -> Operation:
    """Several operations as one command (one undo step); all or nothing."""
    def run(editor) -> list[Edit]:
        done: list[Edit] = []
        try:
            for operation in operations:
                done.extend(operation(editor))
        except EditError:
            for edit in reversed(done):
                editor.apply(edit.inverse())
            raise
        return done
    return run


def add_node_type(name: str, file, config: dict) -> Operation:
    def run(editor) -> list[Edit]:
        return editor.add_node_type(name, file, config)
    return run
