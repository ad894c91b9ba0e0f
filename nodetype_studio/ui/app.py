"""``nodetype-studio [PATH]``: open the studio window on PATH, else the last project, else the bundled example.

The window appears first; the project loads in the background with progress in the status bar.
``--script FILE`` (a JSON list of edit steps, see ``scripthook.run_script``) runs edits after loading and
prints ``SCRIPT-DONE`` (used by the crash-recovery test and for demos).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

#: ``ui.studio.checkrunner.WORKER_ARG`` (tested equal): the window's start-up does not import the check runner
CHECK_WORKER_ARG = "__check-worker__"


def _default_path(settings) -> Path | None:
    last = settings.get("lastProject")
    if last and Path(last).exists():
        return Path(last)
    from nodetype_studio.bundled import example_project

    try:
        path = example_project()
    except FileNotFoundError:
        return None
    return path if path.exists() else None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nodetype-studio", description="Open the studio window.")
    parser.add_argument("path", nargs="?", help="project folder or NodeTypes file (default: the last project, "
                                                "else the bundled example project)")
    parser.add_argument("--script", metavar="FILE", help=argparse.SUPPRESS)
    return parser


#: top-level packages whose modules never use PySide6: the standard library and the parsers the model uses
_NOT_QT = frozenset(sys.stdlib_module_names) | {"yaml", "_yaml", "ruamel", "pygments"}


def _uses_qt(name: str) -> int | None:
    """PySide6's verdict on module ``name`` as its feature table keeps it (0: uses PySide6; -1: does not),
    or None when it is not known without reading the module."""
    top, _, rest = name.partition(".")
    if top == "nodetype_studio":
        return 0 if rest == "ui" or rest.startswith("ui.") else -1  # (the layer contracts keep Qt under ui/)
    return -1 if top in _NOT_QT else None


class _FeatureTable:
    """An import finder that finds nothing: it enters each module that is about to be imported into
    PySide6's feature table when its verdict is known (``_uses_qt``)."""

    def __init__(self, table: dict):
        self.table = table

    def find_spec(self, name, path=None, target=None):
        verdict = _uses_qt(name)
        if verdict is not None:
            self.table.setdefault(name, verdict)
        return None


def skip_feature_scan() -> None:
    """Tell PySide6 up front which modules use it.

    Once PySide6 is imported, it reads the source of every module imported after it (and of every module
    already loaded, when it is next imported somewhere) to see whether the text names PySide6: a module
    that does may select PySide6 features such as ``snake_case``; the studio selects none. That is about
    0.1 ms per module, some 25 ms for the modules the window imports before its first preview. The answer
    is known without reading them for the studio's own modules (the ones under ``ui/`` use PySide6, no
    other may) and for the standard library's and the YAML and highlighting libraries' (they do not).
    The entries go into the table PySide6 publishes for this (``PySide6.support.feature.pyside_feature_dict``),
    only for modules it has not seen: for modules loaded now, and, through an import finder that finds
    nothing, for each module as it is imported. With another PySide6 that lacks the table, nothing changes."""
    try:
        from PySide6.support import feature
    except ImportError:
        return
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict) or any(isinstance(f, _FeatureTable) for f in sys.meta_path):
        return
    for name in list(sys.modules):
        verdict = _uses_qt(name)
        if verdict is not None:
            table.setdefault(name, verdict)
    sys.meta_path.insert(0, _FeatureTable(table))


def run_app(argv: list[str], *, exit_process: bool = False) -> int:
    """Open the studio window and run the event loop; returns the exit code.

    With ``exit_process`` (the ``nodetype-studio`` command) the process ends as soon as the event loop
    returns (``end_process``) instead of returning the code."""
    if argv[:1] == [CHECK_WORKER_ARG]:  # the studio's background check process (see checkrunner)
        from nodetype_studio.ui.studio.checkrunner import serve

        return serve()
    args = _parser().parse_args(argv)
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    skip_feature_scan()

    if QGuiApplication.instance() is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    from nodetype_studio.ui.render import ensure_app

    app = ensure_app()
    from nodetype_studio.ui.studio.settings import APPLICATION, ORGANIZATION, Settings

    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("Node Type Studio")
    from nodetype_studio.ui.studio.mainwindow import StudioWindow
    from nodetype_studio.ui.studio.theme import Theme

    settings = Settings()
    theme = Theme(app, settings.get("colorScheme"))
    path = Path(args.path) if args.path else _default_path(settings)
    window = StudioWindow(settings=settings)
    window.set_theme(theme)
    window.show()
    if settings.problem:  # the settings file was kept aside
        _say_settings_problem(window, settings.problem)
    if args.script:
        _run_script_when_loaded(window, Path(args.script))
    if path is not None:
        window.open_project(path)
    code = app.exec()
    if exit_process:
        end_process(code)
    return code


def _say_settings_problem(window, problem: str) -> None:
    """Say in the status bar that the settings file was not read, and again once the first project is open
    (opening it says what was opened there), after any other error of the opening."""
    window.show_error(problem)

    def again() -> None:
        window.projectLoaded.disconnect(again)
        shown = window.message.text()
        window.show_error(f"{shown} {problem}" if window.last_error == shown and shown != problem else problem)

    window.projectLoaded.connect(again)


def end_process(code: int) -> None:
    """End the process at once once the window is closed.

    The exit handlers still run (they close V8 and the ClientEval worker), and the output is flushed;
    what is skipped is the interpreter's teardown of every module and Qt object, which took several
    hundred milliseconds after the window had gone and saves nothing: the settings and the crash journal
    are written when the window closes, and the check worker is killed then. Only daemon threads run at
    this point (project loading, data-source requests), and they hold nothing to save either."""
    import atexit
    import os

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _run_script_when_loaded(window, script: Path) -> None:
    from nodetype_studio import boundedio

    try:
        steps = json.loads(boundedio.read_bytes(script))  # bounded, no pipes: read as a project's files are
    except OSError as exc:
        problem = exc.strerror or str(exc)
    except RecursionError:
        problem = "it is nested too deeply to be read"
    except ValueError as exc:
        problem = str(exc)
    else:
        problem = ""
    if problem:
        print(f"nodetype-studio: cannot read the script {script}: {problem}", file=sys.stderr, flush=True)
        return

    def run() -> None:
        try:
            problems = window.run_script(steps if isinstance(steps, list) else [])
        except Exception as exc:  # noqa: BLE001 - the caller waits for an answer: give it the failure
            problems = [f"{type(exc).__name__}: {exc}"]
        journal = str(window.journal.path) if window.journal is not None else ""
        print("SCRIPT-DONE " + json.dumps({"problems": problems, "journal": journal}), flush=True)

    window.projectLoaded.connect(run)
