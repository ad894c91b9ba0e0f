"""An inspector with 200 data-source select boxes answered by a local HTTP server, against the same
inspector with static ``values``, in the same run: the time until the inspector is first painted.

    python benchmarks/bench_datasources.py [--boxes 200] [--repeat 7]

Every box has its own ``dataSourceUri`` (200 distinct requests, nothing served from the cache: a
fresh service per run). The server is a separate process, as a real backend is, answering each
request with six grouped options; the static inspector's boxes carry the same six options as
``values``. As in the app, one inspector widget stays on screen and is rebuilt for each run; the
clock stops when the new page has received its first paint event. Runs alternate; best of N.
Columns: wall-clock time and CPU time of the GUI thread until the first paint, and for the data
sources the wall-clock time until all 200 answers were shown. Target (issue 8): <= 1.2x.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEvent, QObject  # noqa: E402
from PySide6.QtWidgets import QApplication, QScrollArea  # noqa: E402

from nodetype_studio.datasources import BackendSettings, DataSourceEnvironment  # noqa: E402
from nodetype_studio.model.prefix import Platform  # noqa: E402
from nodetype_studio.preview.inspector import InspectorSource  # noqa: E402
from nodetype_studio.ui.datasource_loader import DataSourceService  # noqa: E402
from nodetype_studio.ui.inspector import InspectorWidget  # noqa: E402

NEOS = Platform("Neos")
ENTRIES = [{"value": f"v{i}", "label": f"Choice {i}", "group": "AB"[i // 3]} for i in range(6)]
SELECT = "Neos.Neos/Inspector/Editors/SelectBoxEditor"

# The backend: a process of its own (a real CMS is one), so its work does not compete for this GIL.
SERVER = r"""
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
body = sys.argv[1].encode()
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
"""


def node_type(boxes: int, base_url: str | None) -> dict:
    properties = {}
    for i in range(boxes):
        options = ({"dataSourceUri": f"{base_url}/options/{i}", "dataSourceAdditionalData": {"box": i}}
                   if base_url else {"values": {e["value"]: {"label": e["label"], "group": e["group"]} for e in ENTRIES}})
        properties[f"p{i}"] = {"type": "string", "ui": {"label": f"Property {i}", "inspector": {
            "group": "main", "position": i, "editor": SELECT, "editorOptions": options}}}
    return {
        "ui": {"label": "Bench", "inspector": {
            "tabs": {"default": {"label": "General", "icon": "icon-pencil"}},
            "groups": {"main": {"label": "Main", "icon": "icon-file"}},
        }},
        "properties": properties,
    }


class PaintWatch(QObject):
    def __init__(self):
        super().__init__()
        self.painted = False

    def eventFilter(self, obj, event):  # noqa: N802 (Qt override)
        if event.type() == QEvent.Paint:
            self.painted = True
        return False


class Run:
    """One inspector on screen, rebuilt per run; returns (wall, cpu) until the new page is painted."""

    def __init__(self, app: QApplication, env: DataSourceEnvironment):
        self.app = app
        self.env = env
        self.widget = InspectorWidget()
        self.widget.resize(380, 800)
        self.widget.show()
        self.app.processEvents()
        self.service: DataSourceService | None = None

    def __call__(self, source: InspectorSource) -> tuple[float, float]:
        if self.service is not None:
            self.service.shutdown()
            self.service.deleteLater()
        self.service = DataSourceService(self.env)  # an empty cache: every box really asks the server
        self.widget.data_service = self.service
        watch = PaintWatch()
        gc.collect()
        wall, cpu = time.perf_counter(), time.thread_time()
        self.widget.show_node_type(source)
        page = self.widget.tabs.currentWidget()
        page = page.widget() if isinstance(page, QScrollArea) else page
        page.installEventFilter(watch)
        while not watch.painted:
            self.app.processEvents()
        result = time.perf_counter() - wall, time.thread_time() - cpu
        page.removeEventFilter(watch)
        self.app.sendPostedEvents(None, QEvent.DeferredDelete)
        return result

    def wait_for_answers(self, start: float, deadline: float = 60.0) -> float:
        """Wall time from ``start`` until no request is running (every box shows its options)."""
        limit = time.perf_counter() + deadline
        while not self.service.idle() and time.perf_counter() < limit:
            self.app.processEvents()
        return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boxes", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication([])
    app.setStyle("Fusion")
    server = subprocess.Popen([sys.executable, "-c", SERVER, json.dumps(ENTRIES)], stdout=subprocess.PIPE, text=True)
    try:
        base_url = f"http://127.0.0.1:{server.stdout.readline().strip()}"
        env = DataSourceEnvironment(None, BackendSettings(base_url=base_url, timeout=30))
        static = InspectorSource("Bench:Static", node_type(args.boxes, None), NEOS)
        remote = InspectorSource("Bench:Remote", node_type(args.boxes, base_url), NEOS)
        run = Run(app, env)
        run(static)  # warm-up: imports, style, icon caches, the network stack
        run(remote)
        run.wait_for_answers(time.perf_counter())
        samples = {"static": [], "remote": [], "loaded": []}
        for _ in range(args.repeat):
            samples["static"].append(run(static))
            start = time.perf_counter()
            samples["remote"].append(run(remote))
            samples["loaded"].append(run.wait_for_answers(start))
            boxes = run.widget.editors.values()
            if not all(len(e.options) == len(ENTRIES) and not e.data_source_error() for e in boxes):
                print("error: not every box got its options", file=sys.stderr)
                return 1
        requests = run.service.requests_sent
    finally:
        server.terminate()
        server.wait(10)

    static_wall = min(s[0] for s in samples["static"])
    static_cpu = min(s[1] for s in samples["static"])
    remote_wall = min(s[0] for s in samples["remote"])
    remote_cpu = min(s[1] for s in samples["remote"])
    loaded = min(samples["loaded"])
    print(f"{args.boxes} select boxes, best of {args.repeat}; {requests} HTTP requests per data-source run\n")
    print(f"{'inspector':<28}{'first paint wall':>18}{'GUI CPU':>12}{'all options shown':>20}")
    print(f"{'static values':<28}{static_wall * 1000:>15.1f} ms{static_cpu * 1000:>9.1f} ms{'-':>20}")
    print(f"{'data sources (HTTP)':<28}{remote_wall * 1000:>15.1f} ms{remote_cpu * 1000:>9.1f} ms{loaded * 1000:>17.1f} ms")
    print(f"{'ratio':<28}{remote_wall / static_wall:>17.2f}x{remote_cpu / static_cpu:>11.2f}x")
    print(f"\ntarget (issue 8): first paint <= 1.2x the static inspector: "
          f"wall {'met' if remote_wall / static_wall <= 1.2 else 'NOT met'}, "
          f"GUI CPU {'met' if remote_cpu / static_cpu <= 1.2 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
