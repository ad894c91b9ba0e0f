"""Loading data-source options without blocking the UI: Qt's network stack, plugin threads, a cache.

``DataSourceService`` (one per project) resolves a select box's data source (see
``nodetype_studio.datasources.resolve``), answers fixtures at once, runs plugins on a worker thread
and HTTP requests through ``QNetworkAccessManager``, each with a deadline (``backend.timeout``) and a
size limit (``backend.maxResponseSize``). Answers are cached as the CMS caches them (neos-facts §4.2):
an LRU of 500 entries keyed by node, identifier, URI, additional data and the caching flag; a
pending request is shared by everyone asking the same; ``dataSourceDisableCaching`` bypasses it;
failures are kept like answers (the CMS keeps the failed request's promise), so only ``forget``
("Retry") asks again.

A ``Ticket`` is one editor's wait. Cancelling the last ticket of a request aborts it. A
``DataSourceSession`` (``ui.datasource_session``) groups the tickets of one inspector page: the
inspector closes it when it shows another node type, and an answer for an editor that is gone is
dropped, never delivered.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import shiboken6
from PySide6.QtCore import QByteArray, QObject, QTimer, QUrl, Signal
from PySide6.QtNetwork import QNetworkAccessManager, QNetworkReply, QNetworkRequest

from nodetype_studio import __version__
from nodetype_studio.datasources import (
    DataSourceEnvironment,
    DataSourceQuery,
    DataSourceResult,
    PreviewNodeRef,
)
from nodetype_studio.datasources.fixtures import read_fixture
from nodetype_studio.datasources.registry import call_plugin
from nodetype_studio.datasources.result import (
    Source,
    failure,
    from_body,
    from_data,
    http_error_answer,
)
from nodetype_studio.datasources.settings import settings_signature
from nodetype_studio.ui.mainthread import deliver

CACHE_SIZE = 500
#: Answers that arrive within this many milliseconds are shown together: each batch lays the inspector out
#: once, instead of once per answer (which made a page of many boxes quadratic).
DELIVERY_BATCH_MS = 25
Callback = Callable[[DataSourceResult], None]
_E = QNetworkReply.NetworkError
_NETWORK_ERRORS = {
    _E.ConnectionRefusedError: "Connection refused (is the server running?)",
    _E.RemoteHostClosedError: "The server closed the connection",
    _E.HostNotFoundError: "Host not found",
    _E.TimeoutError: "The connection timed out",
    _E.SslHandshakeFailedError: "TLS error",
    _E.TemporaryNetworkFailureError: "The network is not available",
    _E.NetworkSessionFailedError: "The network is not available",
    _E.ProxyConnectionRefusedError: "The proxy refused the connection",
    _E.ProxyNotFoundError: "Proxy not found",
    _E.ProtocolUnknownError: "Unsupported URL scheme",
    _E.TooManyRedirectsError: "Too many redirects",
    _E.InsecureRedirectError: "Redirected from https to http (refused)",
    _E.UnknownNetworkError: "Network error",
}


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):g} MB"
    if count >= 1024:
        return f"{count / 1024:g} KB"
    return f"{count} bytes"


class Ticket:
    """One editor's wait for one answer."""

    def __init__(self, service: "DataSourceService", owner: QObject | None, callback: Callback, source: Source,
                 key: str):
        self.service = service
        self.owner = owner
        self.callback = callback
        self.source = source
        self.key = key
        self.pending: _Pending | None = None
        self.result: DataSourceResult | None = None
        self.cancelled = False

    @property
    def waiting(self) -> bool:
        return self.result is None and not self.cancelled

    def cancel(self) -> None:
        """Drop this wait; the request is aborted when nobody else waits for it."""
        if self.cancelled or self.result is not None:
            self.cancelled = True
            return
        self.cancelled = True
        if self.pending is not None:
            self.service._unsubscribe(self.pending, self)

    def _deliver(self, result: DataSourceResult) -> None:
        if self.cancelled or self.result is not None:
            return
        self.result = result
        # the editor may have been deleted since it asked (a node type switch rebuilds the inspector)
        if self.owner is not None and not shiboken6.isValid(self.owner):
            return
        self.callback(result)


class _Pending:
    """One running HTTP request or plugin call and the tickets waiting for it."""

    def __init__(self, key: str, source: Source, cached: bool):
        self.key = key
        self.source = source
        self.cached = cached
        self.tickets: list[Ticket] = []
        self.reply: QNetworkReply | None = None
        self.timer: QTimer | None = None
        self.buffer = bytearray()
        self.reason: str | None = None  # "timeout" | "too-large" | "cancelled"
        self.ssl_errors: list[str] = []
        self.announced: int | None = None  # Content-Length over the limit
        self.same_origin_only = False  # it carries backend.headers: redirects may not leave the origin
        self.started = time.monotonic()
        self.finished = False


class DataSourceService(QObject):
    """Answers data-source requests of one project, asynchronously and cached."""

    #: Emitted whenever a request finishes (success or not); for status bars and tests.
    requestFinished = Signal(object)  # DataSourceResult

    def __init__(self, env: DataSourceEnvironment, parent: QObject | None = None, *, cache_size: int = CACHE_SIZE):
        super().__init__(parent)
        self.env = env
        self.cache: OrderedDict[str, DataSourceResult | _Pending] = OrderedDict()
        self.cache_size = cache_size
        self.in_flight: set[_Pending] = set()
        self._query_ids: dict[str, str] = {}  # cache key -> the query without its node (for forget)
        self.requests_sent = 0
        self._network: QNetworkAccessManager | None = None
        # HTTP requests start from the event loop, after the posted layout and paint events of the page
        # that asked: building an inspector never waits for the network stack
        self._to_start: list[_Pending] = []
        self._start_timer = QTimer(self)
        self._start_timer.setSingleShot(True)
        self._start_timer.setInterval(0)
        self._start_timer.timeout.connect(self._start_queued)
        self._ready: list[tuple[_Pending, DataSourceResult]] = []
        self._deliver_timer = QTimer(self)
        self._deliver_timer.setSingleShot(True)
        self._deliver_timer.setInterval(DELIVERY_BATCH_MS)
        self._deliver_timer.timeout.connect(self._deliver_ready)

    @property
    def network(self) -> QNetworkAccessManager:
        if self._network is None:  # created on first use: fixture-only projects never need it
            self._network = QNetworkAccessManager(self)
        return self._network

    @property
    def settings(self):
        return self.env.settings

    # -- asking ----------------------------------------------------------------------------------
    def request(self, query: DataSourceQuery, node: PreviewNodeRef, owner: QObject | None,
                callback: Callback) -> Ticket:
        """Ask for ``query``'s options for ``node``; ``callback(result)`` runs once, maybe before this returns."""
        source = self.env.resolve(query, node.address)
        # The CMS keys its cache by node; every node type's preview node is a node of its own, although all
        # preview nodes of a role share one address (ClientEval's `node.contextPath`): its type is in the key
        key = f"{source.kind}|{node.node_type}|{query.cache_key(node.address)}"
        ticket = Ticket(self, owner, callback, source, key)
        if source.kind == "none":
            ticket._deliver(failure(source, source.problem))
            return ticket
        if source.kind == "fixture":
            ticket._deliver(self._fixture_result(source))
            return ticket
        use_cache = not query.disable_caching
        entry = self.cache.get(key) if use_cache else None
        if isinstance(entry, DataSourceResult):
            self.cache.move_to_end(key)
            ticket._deliver(entry)
            return ticket
        if isinstance(entry, _Pending):
            self.cache.move_to_end(key)
            self._subscribe(entry, ticket)
            return ticket
        pending = _Pending(key, source, use_cache)
        self._subscribe(pending, ticket)
        if use_cache:
            self._store(key, pending)
            self._query_ids[key] = query.cache_key(None)
        self.in_flight.add(pending)
        if source.kind == "plugin":
            self._start_plugin(pending, node)
        else:
            self._to_start.append(pending)
            if not self._start_timer.isActive():
                self._start_timer.start()
        return ticket

    def forget(self, query: DataSourceQuery | None = None) -> None:
        """Drop cached answers (of ``query`` for any node and source, or all)."""
        if query is None:
            self.cache = OrderedDict((k, v) for k, v in self.cache.items() if isinstance(v, _Pending))
            return
        query_id = query.cache_key(None)
        for key in [k for k, v in self.cache.items()
                    if isinstance(v, DataSourceResult) and self._query_ids.get(k) == query_id]:
            del self.cache[key]

    def idle(self) -> bool:
        """Nothing running and every answer shown."""
        return not self.in_flight and not self._ready

    # -- fixtures --------------------------------------------------------------------------------
    def _fixture_result(self, source: Source) -> DataSourceResult:
        content = read_fixture(source.path)
        if not content.ok:
            first = content.errors[0]
            where = f"{self.env.relative(Path(first.file))}:{first.line}" if first.line else self.env.relative(source.path)
            return failure(source, "The fixture file cannot be used", f"{where}: {first.message}")
        return from_data(content.data, source)

    # -- plugins ---------------------------------------------------------------------------------
    def _start_plugin(self, pending: _Pending, node: PreviewNodeRef) -> None:
        source = pending.source
        arguments = dict(source.arguments or {})

        def work() -> None:
            result = call_plugin(source.plugin, node, arguments, source)
            deliver(self, self._plugin_finished, pending, result)  # not if the service is deleted meanwhile

        self._arm_deadline(pending)
        # a daemon thread: a plugin that never returns must not keep the application from quitting
        threading.Thread(target=work, name=f"datasource {source.plugin.identifier}", daemon=True).start()

    def _plugin_finished(self, pending: _Pending, result: DataSourceResult) -> None:
        if pending.finished:
            return  # timed out or cancelled before
        self._complete(pending, result)

    # -- HTTP ------------------------------------------------------------------------------------
    def _start_queued(self) -> None:
        queued, self._to_start = self._to_start, []
        for pending in queued:
            if not pending.finished:  # not cancelled meanwhile
                self._start_http(pending)

    def _start_http(self, pending: _Pending) -> None:
        url = QUrl.fromEncoded(QByteArray(pending.source.url.encode("utf-8")))
        request = QNetworkRequest(url)
        # what the CMS's fetch() sends (it sets no Accept header): a Flow controller negotiates its media type
        # from it, and one that only lists text/html answers 406 to an Accept of application/json alone
        request.setRawHeader(b"Accept", b"*/*")
        request.setRawHeader(b"User-Agent", f"NodeTypeStudio/{__version__}".encode())
        headers = self.settings.headers_for(pending.source.url)  # the session cookie goes to the backend only
        for name, value in headers:
            request.setRawHeader(name.encode("latin-1", "replace"), value.encode("latin-1", "replace"))
        if headers:  # nor may a redirect carry it to another origin
            request.setAttribute(QNetworkRequest.RedirectPolicyAttribute, QNetworkRequest.SameOriginRedirectPolicy)
            pending.same_origin_only = True
        reply = self.network.get(request)
        # Qt buffers no more than the cap (plus one byte to tell "too large"), whatever the server sends
        reply.setReadBufferSize(self.settings.max_response_bytes + 1)
        self.requests_sent += 1
        pending.reply = reply
        reply.readyRead.connect(lambda p=pending: self._read(p))
        reply.metaDataChanged.connect(lambda p=pending: self._check_length(p))
        reply.sslErrors.connect(lambda errors, p=pending: p.ssl_errors.extend(e.errorString() for e in errors))
        reply.finished.connect(lambda p=pending: self._http_finished(p))
        self._arm_deadline(pending)

    def _arm_deadline(self, pending: _Pending) -> None:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(lambda p=pending: self._deadline(p))
        timer.start(max(1, int(self.settings.timeout * 1000)))
        pending.timer = timer

    def _deadline(self, pending: _Pending) -> None:
        if pending.finished:
            return
        pending.reason = "timeout"
        self._stop(pending, self._timeout_result(pending))

    def _stop(self, pending: _Pending, result: DataSourceResult | None) -> None:
        """Finish ``pending`` now (with ``result``, or silently) and abort its reply if it has one."""
        reply = pending.reply
        self._complete(pending, result)
        if reply is not None:
            reply.abort()  # its finished signal only cleans up now

    def _timeout_result(self, pending: _Pending) -> DataSourceResult:
        what = "the plugin did not return" if pending.source.kind == "plugin" else "no complete answer"
        return failure(pending.source, "No answer in time",
                       f"{what} within {self.settings.timeout:g} s (backend.timeout)", len(pending.buffer))

    def _too_large(self, pending: _Pending) -> None:
        pending.reason = "too-large"
        self._stop(pending, self._too_large_result(pending))

    def _too_large_result(self, pending: _Pending) -> DataSourceResult:
        limit = self.settings.max_response_bytes
        got = (f"the server announced {_size(pending.announced)}" if pending.announced
               else f"aborted after {_size(len(pending.buffer))}")
        return failure(pending.source, "The answer is too large",
                       f"more than {_size(limit)} (backend.maxResponseSize); {got}", len(pending.buffer))

    def _check_length(self, pending: _Pending) -> None:
        length = pending.reply.header(QNetworkRequest.ContentLengthHeader)
        if isinstance(length, int) and length > self.settings.max_response_bytes and not pending.finished:
            pending.announced = length
            self._too_large(pending)

    def _read(self, pending: _Pending) -> None:
        if pending.finished or pending.reply is None:
            return
        room = self.settings.max_response_bytes + 1 - len(pending.buffer)
        pending.buffer += pending.reply.read(max(room, 1)).data()
        if len(pending.buffer) > self.settings.max_response_bytes:
            self._too_large(pending)

    def _http_finished(self, pending: _Pending) -> None:
        reply = pending.reply
        if reply is None:
            return
        reply.deleteLater()
        if pending.finished:
            return  # stopped before (timeout, too large, cancelled)
        room = self.settings.max_response_bytes + 1 - len(pending.buffer)
        pending.buffer += reply.read(max(room, 1)).data()
        work = self._http_result(pending, reply)
        pending.reply = None  # finished and deleted later: nothing to abort any more
        if isinstance(work, DataSourceResult):
            self._complete(pending, work)
            return

        def decode() -> None:  # JSON and error excerpts of up to maxResponseSize: off the GUI thread
            result = work()
            deliver(self, self._plugin_finished, pending, result)  # not if the service is deleted meanwhile

        threading.Thread(target=decode, name="datasource answer", daemon=True).start()

    def _http_result(self, pending: _Pending, reply: QNetworkReply) -> DataSourceResult | Callable[[], DataSourceResult]:
        """The result, or a function computing it from the body (run on a worker thread)."""
        source = pending.source
        if len(pending.buffer) > self.settings.max_response_bytes:
            return self._too_large_result(pending)
        body = bytes(pending.buffer)
        status = reply.attribute(QNetworkRequest.HttpStatusCodeAttribute)
        if isinstance(status, int) and status >= 400:
            reason = str(reply.attribute(QNetworkRequest.HttpReasonPhraseAttribute) or "")
            return lambda: http_error_answer(status, reason, body, source)
        error = reply.error()
        if error != QNetworkReply.NetworkError.NoError:
            message = _NETWORK_ERRORS.get(error, "Network error")
            detail = reply.errorString()
            if error == _E.InsecureRedirectError and pending.same_origin_only:
                # Qt names every redirect its same-origin policy refuses "insecure", http to http too
                message = "Redirected to another origin (refused)"
                detail = "the request carries backend.headers, which go to the backend's origin only"
            if pending.ssl_errors:
                detail = "; ".join(dict.fromkeys(pending.ssl_errors)) + f" ({detail})"
            return failure(source, message, detail)
        return lambda: from_body(body, source)

    # -- bookkeeping -----------------------------------------------------------------------------
    def _store(self, key: str, value: DataSourceResult | _Pending) -> None:
        self.cache[key] = value
        self.cache.move_to_end(key)
        while len(self.cache) > self.cache_size:
            dropped, _ = self.cache.popitem(last=False)
            self._query_ids.pop(dropped, None)

    def _subscribe(self, pending: _Pending, ticket: Ticket) -> None:
        ticket.pending = pending
        pending.tickets.append(ticket)

    def _unsubscribe(self, pending: _Pending, ticket: Ticket) -> None:
        if ticket in pending.tickets:
            pending.tickets.remove(ticket)
        if pending.tickets or pending.finished:
            return
        # nobody waits any more: stop the request and forget it (a later ask starts afresh)
        pending.reason = "cancelled"
        self._stop(pending, None)

    def _complete(self, pending: _Pending, result: DataSourceResult | None) -> None:
        pending.finished = True
        if pending.timer is not None:
            pending.timer.stop()
            pending.timer.deleteLater()
            pending.timer = None
        self.in_flight.discard(pending)
        if self.cache.get(pending.key) is pending:
            if result is not None:
                # failures too: the CMS caches the request's promise, rejected or not, for the page's lifetime
                # (its endpoint re-throws errors); "Retry" forgets it
                self.cache[pending.key] = result
            else:
                del self.cache[pending.key]  # cancelled, nobody waits: a later ask starts afresh
        if result is None:
            return
        self._ready.append((pending, result))
        if not self._deliver_timer.isActive():
            self._deliver_timer.start()

    def _deliver_ready(self) -> None:
        ready, self._ready = self._ready, []
        owners = [t.owner for pending, _ in ready for t in pending.tickets if t.waiting and t.owner is not None]
        suspended = _suspend_layouts(owners)
        try:
            for pending, result in ready:
                for ticket in list(pending.tickets):
                    ticket._deliver(result)  # a ticket cancelled meanwhile ignores it
                pending.tickets.clear()
                self.requestFinished.emit(result)
        finally:
            _resume_layouts(suspended)

    def shutdown(self) -> None:
        """Abort everything still running (the project is closed)."""
        for pending in list(self.in_flight):
            for ticket in list(pending.tickets):
                ticket.cancel()
        self._ready.clear()
        self.cache.clear()


def _suspend_layouts(widgets: list[QObject]) -> list:
    """Switch off the layouts above ``widgets`` while answers fill them.

    Showing a new child widget makes Qt activate every layout above it at once; in a page of many
    select boxes that is a full page layout per shown widget. Switched off, the page is laid out once
    per batch instead.
    """
    suspended, seen = [], set()
    for widget in widgets:
        while widget is not None and shiboken6.isValid(widget) and hasattr(widget, "layout"):
            layout = widget.layout()
            if layout is not None and id(layout) not in seen and layout.isEnabled():
                seen.add(id(layout))
                layout.setEnabled(False)
                suspended.append(layout)
            widget = widget.parentWidget()
    return suspended


def _resume_layouts(layouts: list) -> None:
    alive = [layout for layout in layouts if shiboken6.isValid(layout)]
    for layout in alive:
        layout.setEnabled(True)
        layout.invalidate()
    for layout in reversed(alive):  # the outermost first: it lays out everything below it
        layout.activate()


_SERVICES: dict[str, tuple[tuple, DataSourceService]] = {}


def service_for(root: Path | None) -> DataSourceService:
    """The service of the project at ``root``; a new one when its settings (file or env) changed."""
    key = str(Path(root).resolve()) if root is not None else ""
    signature = settings_signature(Path(root) if root is not None else None)
    entry = _SERVICES.get(key)
    if entry is not None and entry[0] == signature and shiboken6.isValid(entry[1]):
        return entry[1]
    if entry is not None and shiboken6.isValid(entry[1]):
        entry[1].shutdown()
    service = DataSourceService(DataSourceEnvironment(Path(root) if root is not None else None))
    _SERVICES[key] = (signature, service)
    return service
