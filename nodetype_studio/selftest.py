"""`nodetype-studio --self-test`: prove that an installation (frozen or pip) really works.

Each step runs for real against the bundled example project and is reported as ``ok``, ``failed``
(with the reason) or ``skipped`` (with the reason, only for parts this build does not contain). The
exit code is 0 when no step failed, 1 otherwise. The Qt steps live in ``nodetype_studio.ui.selftest``
so that this module stays importable without Qt.

Options: ``--output DIR`` (where the PNG and ``report.txt`` go; default a new temporary folder),
``--screenshot FILE`` (show a real top-level window and save what the window system shows of it).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

from nodetype_studio import __version__
from nodetype_studio.selftest_report import (  # noqa: F401 (re-exported)
    FAILED,
    OK,
    SKIPPED,
    Report,
    Skip,
    Step,
    header,
)

# --- Qt-free steps ------------------------------------------------------------------------------


def step_metadata(report: Report) -> str:
    """The distribution metadata must be present: entry-point plugins and version lookups need it."""
    from importlib import metadata

    try:
        dist = metadata.distribution("nodetype-studio")
    except metadata.PackageNotFoundError:
        if getattr(sys, "frozen", False):
            raise RuntimeError("the package metadata of nodetype-studio is not bundled; entry points cannot work")
        raise Skip("running from a source tree that is not pip-installed (no package metadata)")
    if dist.version != __version__:
        raise RuntimeError(f"metadata says version {dist.version}, the code says {__version__}")
    scripts = [ep.name for ep in dist.entry_points if ep.group == "console_scripts"]
    if "nodetype-studio" not in scripts:
        raise RuntimeError(f"console script entry point missing from the metadata (found {scripts})")
    return f"nodetype-studio {dist.version}, {len(list(dist.entry_points))} entry points"


def step_resources(report: Report) -> str:
    from nodetype_studio.bundled import example_project, resources_dir

    root = resources_dir()
    needed = [root / "baseline" / version / "baseline.yaml" for version in ("8.3", "9")]
    needed.append(example_project() / "composer.json")
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:
        raise RuntimeError("missing resource files: " + ", ".join(missing))
    dot = example_project() / ".nodetype-studio"
    if not dot.is_dir() or not any(dot.rglob("*")):
        raise RuntimeError(f"the example's dot-folder {dot} is missing or empty")
    files = sum(1 for p in root.rglob("*") if p.is_file())
    return f"{files} files in {root}"


def step_plugins(report: Report) -> str:
    from nodetype_studio import plugins

    found = {kind: len(plugins.plugins(kind)) for kind in plugins.GROUPS}
    problems = plugins.plugin_problems()
    folders = plugins.plugin_folders()
    text = ", ".join(f"{n} {kind}" for kind, n in found.items())
    where = ", ".join(str(f) for f in folders) or "no plugin folder present"
    detail = f"{text}; folders: {where}"
    if problems:
        detail += f"; {len(problems)} failed to load: " + "; ".join(d.message for d in problems)
    return detail


def step_project(report: Report) -> str:
    from nodetype_studio.bundled import example_project
    from nodetype_studio.model import load_project

    project = load_project(example_project(), use_cache=False)
    own = project.project_node_types()
    if not own:
        raise RuntimeError(f"no node types found in the example project {project.root}")
    report.context["project"] = project
    props = sum(len(nt.properties) for nt in own)
    return f"{len(own)} node types ({len(project.node_types)} with the baseline), {props} properties, {len(project.files)} files"


def step_check(report: Report) -> str:
    from nodetype_studio.checks import collect_findings
    from nodetype_studio.checks.report import summary

    project = report.require("project", "project")
    findings = collect_findings(project)
    codes = len({d.code for d in findings})
    return f"{summary(findings)} ({codes} distinct codes)"


def step_javascript(report: Report) -> str:
    """The bundled V8 (mini-racer): its shared library and ICU data must load."""
    from py_mini_racer import MiniRacer

    ctx = MiniRacer()
    # A Unicode property escape and Intl both need V8's ICU data file.
    ok = ctx.eval(r"/^\p{Lu}\p{Ll}+$/u.test('Über') && !/^\d+$/.test('12a')")
    number = ctx.eval("new Intl.NumberFormat('de-DE').format(1234.5)")
    if ok is not True or number != "1.234,5":
        raise RuntimeError(f"V8 gave unexpected results ({ok!r}, {number!r})")
    return f"V8 {ctx.v8_version}: Unicode regex and Intl ok"


def step_libraries(report: Report) -> str:
    """Libraries that load parts of themselves dynamically, which a frozen build easily misses."""
    import email_validator
    import markdown
    import pygments  # type: ignore[import-untyped]
    import regex
    import yaml
    from pygments import highlight
    from pygments.formatters import get_formatter_by_name  # type: ignore[import-untyped]
    from pygments.lexers import get_lexer_by_name  # type: ignore[import-untyped]
    from ruamel.yaml import YAML

    sample = "Acme.Site:Page:\n  superTypes:\n    'Cms.Cms:Document': true\n"
    html = highlight(sample, get_lexer_by_name("yaml"), get_formatter_by_name("html"))
    if "<span" not in html:
        raise RuntimeError("pygments produced no highlighting for YAML")
    if not getattr(yaml, "__with_libyaml__", False):
        raise RuntimeError("PyYAML's C extension (yaml._yaml) is missing")
    if yaml.load(sample, Loader=yaml.CSafeLoader) != {"Acme.Site:Page": {"superTypes": {"Cms.Cms:Document": True}}}:
        raise RuntimeError("PyYAML's C loader read the sample wrongly")
    import io

    out = io.StringIO()
    rt = YAML()
    rt.preserve_quotes = True
    rt.dump(rt.load(sample), out)
    if out.getvalue() != sample:
        raise RuntimeError("ruamel.yaml did not round-trip the sample unchanged")
    if "<strong>" not in markdown.markdown("**bold**"):
        raise RuntimeError("markdown did not render emphasis")
    if not regex.fullmatch(r"\p{L}+", "Grüße"):
        raise RuntimeError("regex failed a Unicode property match")
    email_validator.validate_email("editor@example.com", check_deliverability=False)
    names = f"pygments {pygments.__version__}, PyYAML {yaml.__version__} (libyaml), ruamel.yaml, markdown, regex, email-validator"
    from selectolax.lexbor import (
        LexborHTMLParser,  # HTML text for StringLength's ignoreHtml
    )

    if LexborHTMLParser("<p>Gr\u00fc<b>\u00dfe</b></p>").text() != "Gr\u00fc\u00dfe":
        raise RuntimeError("selectolax extracted the wrong text from HTML")
    from nodetype_studio.preview.urisegment import uri_path_segment  # text-unidecode's table (a data file)

    if uri_path_segment("\u041f\u0440\u0438\u0432\u0435\u0442") != "privet":
        raise RuntimeError("text-unidecode's table is missing or wrong")
    return names + ", selectolax, text-unidecode"


def step_validation(report: Report) -> str:
    """Run the validation engine on every property that declares validators, when it is built in."""
    try:
        module = importlib.import_module("nodetype_studio.validation")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("nodetype_studio.validation"):
            raise Skip("the validation engine is not part of this build")
        raise
    validate_property = getattr(module, "validate_property", None)
    if validate_property is None:
        raise Skip("nodetype_studio.validation has no validate_property() in this build")
    project = report.require("project", "project")
    properties = findings = 0
    for nt in project.project_node_types():
        for name, config in nt.properties.items():
            if not isinstance(config, dict) or not config.get("validation"):
                continue
            # The default value, and an empty value (what a new node starts with without a default).
            for value in (config.get("defaultValue"), ""):
                findings += len(validate_property(nt, name, value))
            properties += 1
    if not properties:
        raise RuntimeError("no property of the example declares validators")
    detail = f"{properties} properties validated (default and empty values), {findings} findings"
    # Broken user plugins are reported, not failed: they say nothing about this installation.
    problems: list = getattr(module, "registry_problems", lambda: [])()
    return detail + (f"; {len(problems)} validator plugin problems" if problems else "")


def step_clienteval(report: Report) -> str:
    """ClientEval expressions in the sandboxed worker (a frozen build starts itself again as the worker)."""
    try:
        from nodetype_studio.clienteval import ClientEvalEngine
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("nodetype_studio.clienteval"):
            raise Skip("ClientEval evaluation is not part of this build")
        raise
    with ClientEvalEngine() as engine:
        value, problem = engine.evaluate_value("ClientEval:[1, 2, 3].map(x => x * 2).join(',')", None)
        if problem is not None or value != "2,4,6":
            raise RuntimeError(f"the expression gave {value!r} ({problem.message if problem else 'no problem'})")
        _, stuck = engine.evaluate_value("ClientEval:(() => { while (true) {} })()", None)
        if stuck is None or stuck.kind != "timeout":
            raise RuntimeError(f"an endless loop was not stopped by the time limit ({stuck})")
        value, problem = engine.evaluate_value("ClientEval:6 * 7", None)  # usable again after the stop
        if value != 42:
            raise RuntimeError(f"the engine did not recover after stopping a loop ({value!r}, {problem})")
        pid = getattr(getattr(engine, "_backend", None), "pid", None)
    where = f"worker process {pid}" if pid and pid != os.getpid() else "in-process sandbox"
    return f"expressions evaluated in a {where}; an endless loop was stopped by the time limit"


QT_FREE_STEPS: list[tuple[str, Callable[[Report], str]]] = [
    ("metadata", step_metadata),
    ("resources", step_resources),
    ("plugins", step_plugins),
    ("project", step_project),
    ("check", step_check),
    ("javascript", step_javascript),
    ("libraries", step_libraries),
    ("validation", step_validation),
    ("clienteval", step_clienteval),
]


def _choose_platform(screenshot: bool) -> None:
    """Without a display, render offscreen rather than fail; a screenshot needs a real window system."""
    if screenshot or os.environ.get("QT_QPA_PLATFORM"):
        return
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nodetype-studio --self-test", description="Check that this installation works.")
    parser.add_argument("--self-test", action="store_true", required=True)
    parser.add_argument("--output", metavar="DIR", help="folder for the rendered PNG and report.txt (default: a new temporary folder)")
    parser.add_argument("--screenshot", metavar="FILE", help="also show a real window and save a screenshot of it (PNG)")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    out = Path(args.output) if args.output else Path(tempfile.mkdtemp(prefix="nodetype-studio-selftest-"))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"nodetype-studio: cannot create the output folder {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    _choose_platform(bool(args.screenshot))
    print(header(), flush=True)
    report = Report(context={"output": out, "screenshot": Path(args.screenshot) if args.screenshot else None})
    for name, func in QT_FREE_STEPS:
        report.run(name, func)
    try:
        from nodetype_studio.ui import selftest as qt_selftest
    except ImportError as exc:
        reason = f"the Qt user interface cannot load: {exc}"

        def qt_unavailable(_report: Report) -> str:
            raise RuntimeError(reason)

        report.run("qt", qt_unavailable)
    else:
        qt_selftest.run_steps(report)
    print(report.summary(), flush=True)
    try:
        (out / "report.txt").write_text(report.text(), encoding="utf-8")
        print(f"report and rendering in {out}")
    except OSError as exc:
        print(f"nodetype-studio: cannot write the report to {out}: {exc.strerror or exc}", file=sys.stderr)
    return 0 if report.counts()[FAILED] == 0 else 1
