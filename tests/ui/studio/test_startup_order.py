"""Ready when the window is: after the tree, the first preview comes before the other panels and before
the checks; ClientEval's V8 worker starts with the first node type that has an expression; the editors
that pull in the media library, the content tree or pygments are imported when first used. (How long
this takes is measured by ``benchmarks/bench_studio.py``.)"""

from __future__ import annotations

import json
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from tests.fresh_process import last_line

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_the_first_preview_comes_before_the_other_panels_and_the_checks(qtbot, make_window, project):
    window = make_window(None)
    order: list[str] = []
    show_first, ensure_panels = window._show_first_preview, window.ensure_panels

    def first_preview():
        order.append("preview")
        show_first()
        order.append("preview shown" if window._preview.current() is not None else "no preview")

    def panels():
        if not window._panels_built:
            order.append("panels")
        ensure_panels()

    window._show_first_preview, window.ensure_panels = first_preview, panels
    window.checks.started.connect(lambda: order.append("checks"))
    window.checks.set_delay(0)
    window.open_project(project)  # in the background, as the studio opens a project
    qtbot.waitUntil(lambda: "checks" in order, timeout=20000)
    assert order[:3] == ["preview", "preview shown", "panels"]
    assert order.index("checks") > order.index("panels")
    assert window.preview.current() is not None and window.definition.node_type is not None


class _Paints(QObject):
    """Notes in ``order`` when an inspector is first painted."""

    def __init__(self, order):
        super().__init__()
        self.order = order

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Paint and isinstance(watched, InspectorWidget) and "preview painted" not in self.order:
            self.order.append("preview painted")
        return False


def _record_panels(window, order):
    ensure_panels = window.ensure_panels

    def panels():
        if not window._panels_built:
            order.append("panels")
        ensure_panels()

    window.ensure_panels = panels


def test_the_other_panels_wait_until_the_first_preview_is_painted(qtbot, make_window, project):
    window = make_window(None)
    order: list[str] = []
    _record_panels(window, order)
    paints = _Paints(order)
    QApplication.instance().installEventFilter(paints)
    try:
        window.open_project(project)
        qtbot.waitUntil(lambda: "panels" in order, timeout=20000)
    finally:
        QApplication.instance().removeEventFilter(paints)
    assert order == ["preview painted", "panels"]
    assert window.preview.current().isVisible()


def test_the_panels_come_without_a_preview_paint_when_the_preview_is_collapsed(qtbot, make_window, project):
    window = make_window(None)
    window.top_splitter.setSizes([900, 0])  # the preview pane collapsed: its inspector is never painted
    order: list[str] = []
    _record_panels(window, order)
    window.open_project(project)
    qtbot.waitUntil(lambda: "panels" in order, timeout=20000)
    assert window.preview.current() is not None and window.definition.node_type is not None


def test_the_start_goes_on_when_the_waited_for_preview_is_deleted_before_its_paint(qtbot, make_window, project):
    """The first preview's inspector may be replaced or deleted before it is painted (another project
    opened at once, the window closing): the remaining start-up steps still run, and nothing is raised
    (pytest-qt fails the test on an exception in the event loop)."""
    window = make_window(project)
    qtbot.waitUntil(lambda: window.preview.current() is not None, timeout=20000)
    inspector = window.preview.current()
    inspector.show()
    ran: list[str] = []
    assert window._wait_for_preview_paint(lambda: ran.append("next step"))
    window._preview.forget_all()  # as when the project is closed or replaced: its inspectors are deleted
    qtbot.waitUntil(lambda: not shiboken6.isValid(inspector), timeout=5000)
    qtbot.waitUntil(lambda: ran == ["next step"], timeout=5000)


def _project(tmp_path):
    folder = tmp_path / "Acme.Site" / "NodeTypes"
    folder.mkdir(parents=True)
    (folder / "Types.yaml").write_text(
        "'Acme.Site:Plain':\n  superTypes: {'Neos.Neos:Content': true}\n  properties:\n"
        "    title: {type: string, ui: {label: Title, inspector: {group: text}}}\n"
        "'Acme.Site:Live':\n  superTypes: {'Neos.Neos:Content': true}\n  properties:\n"
        "    title: {type: string, ui: {label: 'ClientEval:node.properties.title ? \"Set\" : \"Empty\"',"
        " inspector: {group: text}}}\n", encoding="utf-8")
    return load_project(tmp_path / "Acme.Site")


def test_clienteval_starts_with_the_first_node_type_that_has_an_expression(qtbot, monkeypatch, tmp_path):
    from nodetype_studio.ui import clienteval_view

    project = _project(tmp_path)
    real = clienteval_view.shared_engine
    started = []
    monkeypatch.setattr(clienteval_view, "shared_engine", lambda: started.append(True) or real())
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_types["Acme.Site:Plain"], project))
    assert widget.clienteval.live is None and started == []
    widget.show_node_type(InspectorSource.from_model(project.node_types["Acme.Site:Live"], project))
    assert started == [True] and widget.clienteval.live is not None
    assert clienteval_view.has_client_eval({"a": [1, {"b": "ClientEval:node.properties.x"}]})
    assert not clienteval_view.has_client_eval({"a": [" ClientEval:x", "clienteval:x"]})


def test_the_inspector_loads_without_the_heavy_editors_clienteval_and_markdown():
    code = ("import sys\n"
            "import nodetype_studio.ui.inspector\n"
            "heavy = ['nodetype_studio.ui.editors.image', 'nodetype_studio.ui.editors.code',\n"
            "         'nodetype_studio.ui.editors.richtext', 'nodetype_studio.ui.editors.link',\n"
            "         'nodetype_studio.media', 'nodetype_studio.clienteval', 'py_mini_racer', 'markdown']\n"
            "print(sorted(m for m in heavy if m in sys.modules))\n")
    line = last_line(code)
    assert line == "[]"


def test_a_lazily_imported_editor_is_made_on_first_use(qtbot):
    from nodetype_studio.ui.editors import BUILTIN_EDITORS
    from nodetype_studio.ui.editors.registry import default_registry

    code = next(p for p in BUILTIN_EDITORS if p.identifier.endswith("/CodeEditor"))
    assert code.widget.__name__ == "CodeEditor"
    assert default_registry().registration("Neos.Neos/Inspector/Editors/CodeEditor").factory is code.widget


def test_the_command_loads_clienteval_only_when_it_is_to_become_its_worker():
    from nodetype_studio import cli
    from nodetype_studio.clienteval.worker import WORKER_ENV

    assert cli.CLIENTEVAL_WORKER_ENV == WORKER_ENV
    code = ("import sys\n"
            "from nodetype_studio import cli\n"
            "try:\n"
            "    cli.main(['list', '--help'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('clienteval' in ' '.join(m for m in sys.modules if m.startswith('nodetype_studio.clienteval')))\n")
    assert last_line(code, offscreen=False) == "False"


def test_the_window_is_built_without_the_model_the_check_runner_and_the_file_watcher(tmp_path):
    """What the first paint does not need is imported after it (the model with the project's load)."""
    code = ("import sys\n"
            "from PySide6.QtCore import QSettings\n"
            "from nodetype_studio.ui.render import ensure_app\n"
            "from nodetype_studio.ui.app import run_app\n"
            "from nodetype_studio.ui.studio.mainwindow import StudioWindow\n"
            "from nodetype_studio.ui.studio.settings import Settings\n"
            "app = ensure_app()\n"
            f"window = StudioWindow(settings=Settings(QSettings({str(tmp_path / 's.ini')!r}, QSettings.IniFormat)))\n"
            "window.show()\n"
            "app.processEvents()\n"
            "late = ['nodetype_studio.model', 'nodetype_studio.ui.studio.checkrunner',\n"
            "        'nodetype_studio.ui.studio.filewatch', 'nodetype_studio.studio.session', 'qtawesome']\n"
            "print(sorted(m for m in late if m in sys.modules))\n")
    line = last_line(code)
    assert line == "[]"


def _at_first_preview_paint(tmp_path, project, late: list[str], also: str = "", before: str = "") -> str:
    """Start the window on ``project`` in a fresh process (as ``nodetype-studio PROJECT`` does) and, when
    the first inspector is painted, print which of the modules ``late`` are imported, whether the
    inspector shows a node, and ``also`` (an expression over the inspector ``obj``); the printed line.
    ``before``: code run once the application exists, before the window is made."""
    code = ("import sys\n"
            "from PySide6.QtCore import QEvent, QObject, QSettings, QTimer\n"
            "from nodetype_studio.ui.render import ensure_app\n"
            "from nodetype_studio.ui.studio.mainwindow import StudioWindow\n"
            "from nodetype_studio.ui.studio.settings import Settings\n"
            "app = ensure_app()\n"
            + before +
            "class Watch(QObject):\n"
            "    def eventFilter(self, obj, event):\n"
            "        if event.type() == QEvent.Paint and type(obj).__name__ == 'InspectorWidget' and obj.isVisible():\n"
            f"            late = {late!r}\n"
            "            print(sorted(m for m in late if m in sys.modules), obj.node is not None,\n"
            f"                  {also or 'True'}, flush=True)\n"
            "            app.exit(0)\n"
            "        return False\n"
            "watch = Watch()\n"
            "app.installEventFilter(watch)\n"
            f"settings = Settings(QSettings({str(tmp_path / 's.ini')!r}, QSettings.IniFormat))\n"
            f"window = StudioWindow({str(project)!r}, settings=settings, data_dir={str(tmp_path / 'data')!r})\n"
            "window.show()\n"
            "QTimer.singleShot(60000, lambda: app.exit(1))\n"
            "code = app.exec()\n"
            "window.checks.cancel()\n"
            "sys.exit(code)\n")
    line = last_line(code)
    return line


def test_the_first_preview_is_painted_without_the_editing_documents_and_sample_content(tmp_path, project):
    """Loading and previewing a project imports neither YamlDocument's modules (the first edit does),
    nor the sample content's modules (the link and reference editors do); the preview is the real
    inspector."""
    late = ["nodetype_studio.editing.document", "nodetype_studio.editing.indexing", "nodetype_studio.content.generate",
            "nodetype_studio.content.tree", "nodetype_studio.media.library"]
    assert _at_first_preview_paint(tmp_path, project, late) == "[] True True"


def test_no_collection_runs_before_the_first_preview_is_painted(tmp_path, project):
    """The start-up's objects (the modules, Qt's wrappers, the project) all live on: collecting them on the
    200 ms schedule would only delay the first preview, so the collector waits for the last start-up step
    (the next test shows that it then runs)."""
    before = ("import gc\ncollections = []\n"
              "gc.callbacks.append(lambda phase, info: phase == 'start' and collections.append(info['generation']))\n")
    assert _at_first_preview_paint(tmp_path, project, [], also="collections", before=before) == "[] True []"


def test_the_start_up_ends_with_the_later_modules_imported_and_a_full_collection(tmp_path, project):
    """The first edit and the first visit of a type with a pattern, date or e-mail validator find their
    modules imported, and the collector's first full pass over the start-up's objects ran once the
    window was ready (not in the middle of the first interaction): the last start-up step does both."""
    code = ("import gc, sys\n"
            "from PySide6.QtCore import QSettings, QTimer\n"
            "from nodetype_studio.ui.render import ensure_app\n"
            "from nodetype_studio.ui.studio.mainwindow import LATER_MODULES, StudioWindow\n"
            "from nodetype_studio.ui.studio.settings import Settings\n"
            "app = ensure_app()\n"
            f"settings = Settings(QSettings({str(tmp_path / 's.ini')!r}, QSettings.IniFormat))\n"
            f"window = StudioWindow({str(project)!r}, settings=settings, data_dir={str(tmp_path / 'data')!r})\n"
            "full = []\n"
            "gc.callbacks.append(lambda phase, info: phase == 'stop' and info['generation'] == 2\n"
            "                    and full.append(window._panels_built))\n"
            "window.show()\n"
            "def poll():\n"
            "    if all(name in sys.modules for name in LATER_MODULES):\n"
            "        print('imported', window._panels_built, True in full, flush=True)\n"
            "        window.checks.cancel()\n"
            "        app.exit(0)\n"
            "timer = QTimer(interval=20, timeout=poll)\n"
            "timer.start()\n"
            "QTimer.singleShot(60000, lambda: app.exit(1))\n"
            "sys.exit(app.exec())\n")
    line = last_line(code)
    assert line == "imported True True"


def test_a_project_loaded_before_the_window_is_shown_also_ends_its_start_up(qtbot, make_window, project, monkeypatch):
    """A project loaded before the window is shown (no background load to wait for) gets the last start-up
    step as well, once the window is painted: its first visits do not pay the collector's full pass."""
    from nodetype_studio.ui.studio import mainwindow

    ran: list[str] = []
    monkeypatch.setattr(mainwindow, "settle_in", lambda: ran.append("settled"))
    window = make_window(project)
    qtbot.waitUntil(lambda: ran == ["settled"], timeout=10000)
    window.select_type(window.session.project.project_node_types()[-1].name)
    qtbot.wait(50)
    assert ran == ["settled"]  # once per window


def test_the_first_preview_of_a_project_without_data_sources_is_painted_without_the_network(tmp_path, project):
    """Qt's network stack comes with the data-source service, which is made when a select box first asks
    for its options; PHP's date syntax with the first date that is not ISO 8601, the e-mail rules with
    the first address checked, the JavaScript pattern grammar and translator with the first pattern
    checked (a regular-expression or text validator), the data sources' fixtures, plugins and resolution
    with the first data-source box. The project's first node type has none of these."""
    late = ["PySide6.QtNetwork", "nodetype_studio.ui.datasource_loader", "nodetype_studio.php.strtotime",
            "nodetype_studio.validation.isemail", "nodetype_studio.js.regex.parse", "nodetype_studio.js.regex.translate",
            "nodetype_studio.datasources.fixtures", "nodetype_studio.datasources.registry",
            "nodetype_studio.datasources.resolve"]
    assert _at_first_preview_paint(tmp_path, project, late, "len(obj.editors) > 0 and obj.data_session is not None") \
        == "[] True True"


def test_pyside_reads_the_source_of_no_module_whose_answer_the_studio_knows():
    """PySide6 reads each module imported after it to see whether it names PySide6; the studio tells it the
    answer instead for its own modules (a ui module: yes; another: no, which the layers enforce) and for the
    standard library's and the YAML library's (no): every module PySide6 would find naming it is still
    marked as using it, and Qt keeps working."""
    code = """
import json, sys
import PySide6.QtCore
from PySide6.support import feature
read = []
original = feature._mod_uses_pyside
feature._mod_uses_pyside = lambda module: read.append(module.__name__) or original(module)
from nodetype_studio.ui.app import skip_feature_scan
skip_feature_scan()
read.clear()  # (what was read before the studio could tell it)
from nodetype_studio.ui.render import ensure_app
app = ensure_app()
from nodetype_studio.ui.studio.mainwindow import StudioWindow
from nodetype_studio.ui.inspector import InspectorWidget
import nodetype_studio.model.project, email.mime.text, yaml.composer
window = StudioWindow()
ours = sorted(name for name in sys.modules if name.startswith("nodetype_studio"))
table = feature.pyside_feature_dict
names = ("nodetype_studio.ui.inspector", "nodetype_studio.model.project", "email.mime.text", "yaml.composer", "sys")
agree = all(table[name] == 0 for name in ours if original(sys.modules[name]))
print(json.dumps([read, len(ours), {name: table.get(name) for name in names}, agree, window.windowTitle() != ""]))
"""
    scanned, imported, verdicts, agree, titled = json.loads(last_line(code))
    assert imported > 50
    assert [name for name in scanned if name.split(".")[0] in ("nodetype_studio", "email", "yaml", "json", "re")] == []
    assert verdicts == {"nodetype_studio.ui.inspector": 0, "nodetype_studio.model.project": -1,
                        "email.mime.text": -1, "yaml.composer": -1, "sys": -1}
    assert agree and titled
