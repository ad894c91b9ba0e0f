"""Test helpers: the example data-source plugin installed like pip would, and a real local HTTP server."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

from tests.plugin_helpers import forget_modules, install_like_pip

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_PLUGIN = ROOT / "examples" / "plugin-datasource"
FIXTURE_PROJECT = ROOT / "tests" / "fixtures" / "datasources" / "Acme.Sources"


def install_example_plugin(site: Path) -> None:
    install_like_pip(EXAMPLE_PLUGIN, "nts_example_datasources", site)


def forget_plugin_modules() -> None:
    forget_modules("nts_example_datasources")


# -- a real HTTP server on 127.0.0.1 --------------------------------------------------------------


@dataclass
class Answer:
    """What a route answers: status, body, headers; ``delay`` seconds first (cut short when the test ends);
    ``hang`` waits until the test ends; ``chunked`` streams the body without Content-Length."""

    body: bytes | str = b"[]"
    status: int = 200
    reason: str | None = None
    content_type: str = "application/json"
    delay: float = 0.0
    hang: bool = False
    chunked: bool = False
    headers: dict = field(default_factory=dict)


@dataclass
class Received:
    path: str
    query: str
    headers: dict


class LocalServer:
    """``http.server`` in a daemon thread on an ephemeral port; ``routes`` maps a path to an Answer or a
    callable returning one. ``close()`` releases waiting handlers and stops it (bounded)."""

    def __init__(self, routes: dict[str, Answer | Callable[[Received], Answer]] | None = None, ssl_context=None):
        self.routes = dict(routes or {})
        self.received: list[Received] = []
        self.completed: list[str] = []  # paths whose handler has finished (answered, or the client left)
        self.released = threading.Event()
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):  # noqa: N802
                try:
                    self._answer()
                finally:
                    with server.lock:
                        server.completed.append(self.path.partition("?")[0])

            def _answer(self):
                path, _, query = self.path.partition("?")
                request = Received(path, query, dict(self.headers))
                with server.lock:
                    server.received.append(request)
                answer = server.routes.get(path, Answer(b'{"error": "no route"}', 404))
                if callable(answer):
                    answer = answer(request)
                if answer.hang:
                    server.released.wait(30)
                    return
                if answer.delay:
                    server.released.wait(answer.delay)
                body = answer.body.encode() if isinstance(answer.body, str) else answer.body
                try:
                    self.send_response(answer.status, answer.reason)
                    self.send_header("Content-Type", answer.content_type)
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    if answer.chunked:
                        self.send_header("Transfer-Encoding", "chunked")
                        self.end_headers()
                        for start in range(0, len(body), 1024):
                            chunk = body[start:start + 1024]
                            self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                        self.wfile.write(b"0\r\n\r\n")
                    else:
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (cancelled, too large): expected

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        if ssl_context is not None:
            self.httpd.socket = ssl_context.wrap_socket(self.httpd.socket, server_side=True)
        scheme = "https" if ssl_context is not None else "http"
        self.url = f"{scheme}://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def requests_to(self, path: str) -> list[Received]:
        with self.lock:
            return [r for r in self.received if r.path == path]

    def close(self) -> None:
        self.released.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
