"""The data-source requests of one inspector page, without Qt's network stack.

Every inspector build opens a ``DataSourceSession`` and hands it to its editors; the service that
runs the requests (``ui.datasource_loader``, with ``QtNetwork``) is made when a box first asks, so a
node type without a data-source box never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from nodetype_studio.datasources import DataSourceQuery, PreviewNodeRef, Source

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from nodetype_studio.datasources import DataSourceEnvironment
    from nodetype_studio.ui.datasource_loader import Callback, DataSourceService, Ticket


class DataSourceSession:
    """The data-source requests of one inspector page (one node type); ``close()`` drops them all."""

    def __init__(self, service: DataSourceService | Callable[[], DataSourceService], node_type: str,
                 values: Callable[[], Mapping[str, Any]] | None = None, cms_version: str = "9", *,
                 document: bool = False, creation_dialog: bool = False):
        """``service`` may be a function giving it: it is then called when a box first asks (most
        node types have no data-source box, and finding a project's service reads its settings).
        ``cms_version`` ("8.3" or "9") shapes the ``node`` parameter as that CMS sends it; ``document`` and
        ``creation_dialog`` say which node it names (``BackendSettings.node_address``)."""
        self._service_factory = service if callable(service) else None
        self._service = None if self._service_factory is not None else service
        self._node_address: str | None = None
        self.cms_version = cms_version
        self.document = document
        self.creation_dialog = creation_dialog
        self.node_type = node_type
        self._values = values
        self.tickets: list[Ticket] = []
        self.closed = False

    @property
    def service(self) -> DataSourceService:
        if self._service is None:
            self._service = self._service_factory()
        return self._service

    @property
    def node_address(self) -> str:
        if self._node_address is None:
            self._node_address = self.service.settings.node_address(
                self.node_type, self.cms_version, document=self.document, creation_dialog=self.creation_dialog)
        return self._node_address

    @property
    def env(self) -> DataSourceEnvironment:
        return self.service.env

    def node_ref(self) -> PreviewNodeRef:
        values = dict(self._values()) if self._values is not None else {}
        return PreviewNodeRef(self.node_address, self.node_type, values)

    def resolve(self, query: DataSourceQuery) -> Source:
        return self.env.resolve(query, self.node_address)

    def request(self, query: DataSourceQuery, owner: QObject | None, callback: Callback) -> Ticket:
        ticket = self.service.request(query, self.node_ref(), owner, callback)
        if self.closed:
            ticket.cancel()
        elif ticket.waiting:
            self.tickets = [t for t in self.tickets if t.waiting]
            self.tickets.append(ticket)
        return ticket

    def close(self) -> None:
        """Cancel every request of this page (the inspector shows something else now)."""
        self.closed = True
        for ticket in self.tickets:
            ticket.cancel()
        self.tickets.clear()
