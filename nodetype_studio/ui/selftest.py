"""The Qt half of ``--self-test``: application start, icon fonts, every inspector, a data source over
HTTP, a PNG, a screenshot.

Called by ``nodetype_studio.selftest.main`` after the Qt-free steps; it appends its steps to the same
report. Parts of the user interface that a build does not contain are reported as skipped, never as
passed.
"""

from __future__ import annotations

import importlib
import time
from pathlib import Path

from nodetype_studio.selftest_report import Report, Skip


def _part(module: str, *names: str):
    """Import ``nodetype_studio.<module>`` and return the named attributes, or Skip if it is absent."""
    full = f"nodetype_studio.{module}"
    try:
        mod = importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(full):
            raise Skip(f"{full} is not part of this build")
        raise
    missing = [n for n in names if not hasattr(mod, n)]
    if missing:
        raise Skip(f"{full} has no {', '.join(missing)} in this build")
    return [getattr(mod, n) for n in names]


def _ui_part(module: str, *names: str):
    return _part(f"ui.{module}", *names)


_KEEP_ALIVE: list = []  # the QApplication must outlive the report that mentions it


def step_qt(report: Report) -> str:
    import PySide6
    from PySide6.QtCore import qVersion
    from PySide6.QtWidgets import QApplication

    try:
        from nodetype_studio.ui.render import ensure_app
    except ImportError:
        app = QApplication.instance() or QApplication(["nodetype-studio", "--self-test"])
        _KEEP_ALIVE.append(app)
    else:
        app = ensure_app()
    report.context["app"] = app
    screen = app.primaryScreen()
    geometry = screen.geometry() if screen else None
    size = f"{geometry.width()}x{geometry.height()}" if geometry else "no screen"
    return f"Qt {qVersion()}, PySide6 {PySide6.__version__}, platform '{app.platformName()}', screen {size}"


def _painted_pixels(image) -> int:
    """How many pixels of a QImage are not fully transparent."""
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).alpha() > 0:
                count += 1
    return count


def step_icons(report: Report) -> str:
    """qtawesome's icon fonts must be bundled: draw one glyph and look at the pixels."""
    report.require("app", "qt")
    import qtawesome

    pixmap = qtawesome.icon("fa5s.cube", color="black").pixmap(32, 32)
    painted = _painted_pixels(pixmap.toImage())
    if painted < 50:
        raise RuntimeError(f"the Font Awesome glyph drew only {painted} pixels; icon fonts are missing")
    return f"qtawesome {qtawesome.__version__}: Font Awesome glyph drawn ({painted} pixels)"


def step_inspectors(report: Report) -> str:
    """Build the inspector of every concrete node type of the example, with every property editor."""
    app = report.require("app", "qt")
    project = report.require("project", "project")
    InspectorWidget, = _ui_part("inspector", "InspectorWidget")
    InspectorSource, = _part("preview.inspector", "InspectorSource")
    from PySide6.QtCore import QEvent

    built = editors = tabs = 0
    largest = None
    widget = InspectorWidget()
    for nt in project.project_node_types():
        if nt.abstract:
            continue
        widget.show_node_type(InspectorSource.from_model(nt, project))
        app.sendPostedEvents(None, QEvent.DeferredDelete)  # pages replaced by show_node_type
        count = sum(1 for name in nt.properties if widget.editor(name) is not None)
        editors += count
        tabs += len(widget.tab_ids())
        built += 1
        if largest is None or count > largest[1]:
            largest = (nt, count)
    widget.deleteLater()
    if not built:
        raise RuntimeError("the example project has no concrete node type to preview")
    if not editors:
        raise RuntimeError("no inspector created a single property editor")
    report.context["inspector_type"] = largest[0]
    return f"{built} inspectors built: {tabs} tabs, {editors} property editors"


_COLOURS = b'{"red": {"label": "Red", "group": "Warm"}, "blue": {"label": "Blue", "group": "Cold"}}'


def _local_backend():
    """A data-source backend on 127.0.0.1 (a free port) answering ``/options/colours``; returns
    ``(server, requested paths)``. It serves from a daemon thread until ``server.shutdown()``."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    requested: list[str] = []

    class Backend(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            requested.append(self.path)
            found = self.path.split("?", 1)[0] == "/options/colours"
            body = _COLOURS if found else b'{"error": "not found"}'
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # the self-test report says what happened
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Backend)
    threading.Thread(target=server.serve_forever, name="self-test backend", daemon=True).start()
    return server, requested


def step_datasources(report: Report) -> str:
    """A select box asks a real HTTP backend on 127.0.0.1 through Qt Network, and shows its answer;
    then whether Qt can load a TLS back end (https backends need it)."""
    app = report.require("app", "qt")
    InspectorWidget, = _ui_part("inspector", "InspectorWidget")
    InspectorSource, = _part("preview.inspector", "InspectorSource")
    DataSourceService, = _ui_part("datasource_loader", "DataSourceService")
    from PySide6.QtNetwork import QSslSocket

    from nodetype_studio.datasources import BackendSettings, DataSourceEnvironment
    from nodetype_studio.model.prefix import Platform

    server, requested = _local_backend()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    service = DataSourceService(DataSourceEnvironment(None, BackendSettings(base_url=url, timeout=10.0)))
    widget = InspectorWidget(data_sources=service)
    try:
        config = {
            "ui": {"label": "Self-test", "inspector": {"tabs": {"default": {"label": "General"}},
                                                       "groups": {"g": {"label": "Data source", "tab": "default"}}}},
            "properties": {"colour": {"type": "string", "ui": {"label": "Colour", "inspector": {
                "group": "g", "editor": "Neos.Neos/Inspector/Editors/SelectBoxEditor",
                "editorOptions": {"dataSourceUri": "/options/colours"}}}}},
        }
        widget.show_node_type(InspectorSource("NodetypeStudio.SelfTest:DataSource", config, Platform("Neos")))
        box = widget.editor("colour")
        deadline = time.monotonic() + 15
        while box.is_loading() and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.005)
        if box.is_loading():
            raise RuntimeError(f"no answer from {url} within 15 s")
        if box.data_source_error():
            raise RuntimeError(box.data_source_error())
        shown = [text for kind, text in box.display_rows() if kind == "option"]
        if shown != ["Blue", "Red"]:
            raise RuntimeError(f"the select box shows {shown}, expected the backend's Blue and Red (grouped)")
    finally:
        widget.deleteLater()
        service.shutdown()
        server.shutdown()
        server.server_close()
    tls = (f"TLS back end {QSslSocket.activeBackend()} ({QSslSocket.sslLibraryVersionString()})"
           if QSslSocket.supportsSsl() else "no TLS back end loads: https backends will fail (install OpenSSL 3)")
    return f"select box filled from {url}{requested[0].split('?', 1)[0]} through Qt Network; {tls}"


def _overview_widget(project):
    """A plain node type table, rendered when this build has no inspector preview."""
    from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

    tree = QTreeWidget()
    tree.setHeaderLabels(["Node type", "Label", "Properties", "Abstract"])
    for nt in project.project_node_types():
        QTreeWidgetItem(tree, [nt.name, nt.label or "", str(len(nt.properties)), "yes" if nt.abstract else ""])
    for column in range(4):
        tree.resizeColumnToContents(column)
    tree.resize(720, 480)
    return tree


def _check_png(path: Path, min_colours: int = 3) -> str:
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    if image.isNull():
        raise RuntimeError(f"{path} cannot be read back as an image")
    colours = set()
    step = max(1, min(image.width(), image.height()) // 40)
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            colours.add(image.pixel(x, y))
    if len(colours) < min_colours:
        raise RuntimeError(f"{path} is blank ({len(colours)} colours)")
    return f"{image.width()}x{image.height()}, {len(colours)} sampled colours"


def step_render(report: Report) -> str:
    report.require("app", "qt")
    project = report.require("project", "project")
    path = Path(report.context["output"]) / "render.png"
    nt = report.context.get("inspector_type")
    if nt is not None:
        render_pixmap, = _ui_part("render", "render_pixmap")
        InspectorSource, = _part("preview.inspector", "InspectorSource")
        pixmap = render_pixmap(InspectorSource.from_model(nt, project))
        what = f"inspector of {nt.name}"
    else:
        widget = _overview_widget(project)
        pixmap = widget.grab()
        widget.deleteLater()
        what = "node type overview (no inspector preview in this build)"
    if not pixmap.save(str(path), "PNG"):
        raise RuntimeError(f"cannot save {path}")
    return f"{what} -> {path} ({_check_png(path)})"


def _wait_exposed(app, window, timeout: float = 10.0) -> None:
    from PySide6.QtCore import QEventLoop

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.processEvents(QEventLoop.AllEvents, 50)
        handle = window.windowHandle()
        if handle is not None and handle.isExposed():
            break
    else:
        raise RuntimeError(f"the window was not shown within {timeout:.0f} s")
    _settle(app)


def _settle(app, ms: int = 300) -> None:
    """Let the window system deliver pending paints before reading the window back."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


class _NoPrompts:
    """The self-test never leaves edits behind, so a closing window has nothing to ask."""

    def unsaved_changes(self, files):
        return "discard"


def _main_window(report: Report):
    """The studio window on the example project, with private settings and data folders in the output
    folder (the user's own are not touched); in a build without it, the node type overview."""
    from PySide6.QtCore import QSettings

    from nodetype_studio.bundled import example_project

    project = report.require("project", "project")
    try:
        StudioWindow, = _ui_part("studio.mainwindow", "StudioWindow")
        Settings, = _ui_part("studio.settings", "Settings")
    except Skip:
        return _overview_widget(project), "node type overview"
    private = Path(report.context["output"]) / "studio"
    settings = Settings(QSettings(str(private / "settings.ini"), QSettings.IniFormat))
    window = StudioWindow(example_project(), settings=settings, prompts=_NoPrompts(), data_dir=private / "data",
                          background=False)
    nt = report.context.get("inspector_type")
    if nt is not None and not window.select_type(nt.name):
        raise RuntimeError(f"the studio window cannot select {nt.name}")
    window.resize(1100, 820)
    return window, f"studio window ({nt.name if nt else 'example project'})"


def step_screenshot(report: Report) -> str:
    target = report.context.get("screenshot")
    if target is None:
        raise Skip("no --screenshot FILE given")
    app = report.require("app", "qt")
    window, what = _main_window(report)
    window.show()
    t0 = time.perf_counter()
    _wait_exposed(app, window)
    shown = time.perf_counter() - t0
    finish = getattr(window, "finish_startup", None)
    if finish is not None and not getattr(window, "_icons_loaded", True):
        finish()  # the studio builds its icons after the first paint; the picture should have them
        _settle(app)
    screen = window.windowHandle().screen() or app.primaryScreen()
    # What the window system shows (on X11 read back from the server), not a widget re-render.
    picture = screen.grabWindow(window.winId())
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if not picture.save(str(target), "PNG"):
        raise RuntimeError(f"cannot save {target}")
    checks = getattr(window, "checks", None)
    if checks is not None:
        checks.stop()  # the background check process ends with the self-test
    window.close()
    window.deleteLater()
    return f"{what} shown on '{app.platformName()}' in {shown * 1000:.0f} ms -> {target} ({_check_png(target)})"


QT_STEPS = [
    ("qt", step_qt),
    ("icons", step_icons),
    ("inspectors", step_inspectors),
    ("datasources", step_datasources),
    ("render", step_render),
    ("screenshot", step_screenshot),
]


def run_steps(report: Report) -> None:
    for name, func in QT_STEPS:
        report.run(name, func)
