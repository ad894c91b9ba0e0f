"""`nodetype-studio`: the GUI with no sub-command, or one of the sub-commands below.

Each sub-command lives in ``nodetype_studio.commands.<name>`` and exposes
``register(subparsers)``, which adds its parser and sets ``func(args) -> int``.
Exit codes: 0 success/clean, 1 findings or invalid input (also an unknown node type), 2 could not run
(no such path, unreadable project, an unexpected failure: reported with its message, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback

from nodetype_studio import __version__

#: ``ui.studio.checkrunner.WORKER_ARG`` (this module does not import Qt code to know it)
CHECK_WORKER_ARG = "__check-worker__"
CLIENTEVAL_WORKER_ENV = "NODETYPE_STUDIO_CLIENTEVAL_WORKER"  # clienteval.worker.WORKER_ENV (tested equal)
COMMANDS = ["list", "show", "check", "set", "unset", "validate", "render", "content", "migrate"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nodetype-studio",
        description="Design, preview, validate and check Neos-style node types. Without a command, opens the studio window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"nodetype_studio.commands.{name}_cmd")
        except ModuleNotFoundError as exc:
            if exc.name == f"nodetype_studio.commands.{name}_cmd":
                continue  # command not built into this version
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    # A frozen build starts itself again as the sandboxed ClientEval worker: become it before anything else.
    # (Only then is ClientEval imported here: it costs the window's start-up about 0.2 s of CPU.)
    if os.environ.get(CLIENTEVAL_WORKER_ENV):
        from nodetype_studio.clienteval.worker import run_worker_if_requested

        run_worker_if_requested()
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--self-test" in argv:
        from nodetype_studio.selftest import main as self_test

        return self_test(argv)
    if argv[:1] == [CHECK_WORKER_ARG]:  # the studio's background check process: no window
        return _open_gui(argv, window=False)
    if not argv or not (argv[0] in COMMANDS or argv[0].startswith("-")):
        if argv and not os.path.lexists(argv[0]):
            print(f"nodetype-studio: unknown command or path: {argv[0]!r} (commands: {', '.join(COMMANDS)}; "
                  "or a project folder or NodeTypes file to open in the studio)", file=sys.stderr)
            return 2
        return _open_gui(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 2
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - a crash is "could not run" (2), never "findings" (1)
        return could_not_run(exc)


def could_not_run(exc: BaseException) -> int:
    """Report an unexpected failure with its message (traceback with NODETYPE_STUDIO_DEBUG=1); exit code 2."""
    if os.environ.get("NODETYPE_STUDIO_DEBUG"):
        traceback.print_exception(exc)
    message = str(exc) or type(exc).__name__
    print(f"nodetype-studio: could not run: {type(exc).__name__}: {message[:2000]}", file=sys.stderr)
    return 2


def display_problem() -> str | None:
    """Why the studio window cannot be shown here (Linux/BSD without a display), else None."""
    if sys.platform in ("win32", "darwin") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return ("there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so the studio window cannot be "
            "shown; use a sub-command (nodetype-studio --help) or start it in a graphical session")


def _open_gui(argv: list[str], window: bool = True) -> int:
    problem = display_problem() if window else None
    if problem is not None:
        print(f"nodetype-studio: {problem}", file=sys.stderr)
        return 2
    try:
        from nodetype_studio.ui.app import run_app
    except ImportError as exc:
        print(f"nodetype-studio: the studio window is not available: {exc}", file=sys.stderr)
        return 2
    return run_app(argv, exit_process=True)
