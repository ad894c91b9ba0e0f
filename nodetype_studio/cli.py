"""`nodetype-studio`: the GUI with no sub-command, or one of the sub-commands below.

Each sub-command lives in ``nodetype_studio.commands.<name>`` and exposes
``register(subparsers)``, which adds its parser and sets ``func(args) -> int``.
Exit codes: 0 success/clean, 1 findings or invalid input, 2 could not run.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from nodetype_studio import __version__

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
    if not argv or not (argv[0] in COMMANDS or argv[0].startswith("-")):
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


def _open_gui(argv: list[str]) -> int:
    try:
        from nodetype_studio.ui.app import run_app
    except ImportError as exc:
        print(f"nodetype-studio: the studio window is not available: {exc}", file=sys.stderr)
        return 2
    return run_app(argv, exit_process=True)
