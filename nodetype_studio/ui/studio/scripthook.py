"""Scripted edits, the test hook behind ``nodetype-studio PATH --script edits.json``.

The steps drive the window through its public API (selection, undoable edits, the definition
editor), as the user would, and the crash journal is written at the end.
"""

from __future__ import annotations

from typing import Any

from nodetype_studio.ui.studio import commands


def run_script(window: Any, steps: list) -> list[str]:
    """Run edit steps on ``window`` (a ``StudioWindow``) through its undo stack: {"select": name},
    {"set": [name, keypath, value]}, {"unset": [name, keypath]}, {"add_property": [name, property]},
    {"undo": n}. Returns problems."""
    if window.startup_pending:
        window.finish_startup()
    problems = []
    for step in steps:
        try:
            if "select" in step:
                window.select_type(step["select"])
            elif "set" in step:
                name, keypath, value = step["set"]
                window.push(f"set {keypath}", commands.set_value(name, tuple(keypath.split(".")), value))
            elif "unset" in step:
                name, keypath = step["unset"]
                window.push(f"clear {keypath}", commands.set_value(name, tuple(keypath.split(".")), commands.REMOVE))
            elif "add_property" in step:
                name, prop = step["add_property"]
                window.select_type(name)
                window.definition.add_property(prop)
            elif "undo" in step:
                for _ in range(int(step["undo"])):
                    window.undo_stack.undo()
            else:
                problems.append(f"unknown step {step!r}")
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"step {step!r}: {exc}")
        window.flush()
    if window.last_error:
        problems.append(window.last_error)
    window.write_journal()
    return problems
