"""Which source answers a data-source select box, in a documented order (Qt-free).

``dataSourceUri`` wins over ``dataSourceIdentifier`` when both are set (as in the CMS).

For ``dataSourceIdentifier``:
  1. a Python data source plugin registered for the identifier;
  2. a fixture file ``.nodetype-studio/data-sources/<identifier>.yaml|.yml|.json``;
  3. the CMS's own endpoint ``<baseUrl><dataSourcePath>/<identifier>`` (default path
     ``/neos/service/data-source``, also for the ``Cms`` prefix) when a backend base URL is set.

For ``dataSourceUri``:
  1. a fixture file ``.nodetype-studio/data-sources/uri/<sanitized URI>.yaml|.yml|.json``;
  2. an HTTP GET to the URI (a relative URI is resolved against the backend base URL).

Local sources come first: a plugin or fixture is something the developer wrote for the studio on
purpose, and it keeps previews fast and reproducible; remove it to see the live answer.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urljoin, urlsplit

from nodetype_studio.datasources.browserurl import browser_href
from nodetype_studio.datasources.fixtures import find_fixture, new_fixture_path
from nodetype_studio.datasources.query import (  # DataSourceQuery: also this module's name, as before
    DataSourceQuery,
    QueryEncodingError,
    data_source_arguments,
    encode_query,
    request_params,
    url_with_params,
)
from nodetype_studio.datasources.registry import data_source_plugin
from nodetype_studio.datasources.result import Source
from nodetype_studio.datasources.settings import (
    BackendSettings,
    default_studio_dir,
    find_studio_dir,
    load_settings,
)
from nodetype_studio.js.values import CLIENT_EVAL_PREFIX as CLIENT_EVAL


def is_absolute_http(uri: str) -> bool:
    parts = urlsplit(uri)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


class DataSourceEnvironment:
    """Plugins, fixtures and backend settings of one project."""

    def __init__(self, root: Path | None, settings: BackendSettings | None = None):
        self.root = Path(root) if root is not None else None
        self.settings = settings if settings is not None else load_settings(self.root)
        self._studio_dir = find_studio_dir(self.root)

    @property
    def studio_dir(self) -> Path | None:
        """The project's ``.nodetype-studio`` folder (looked for again until it exists: it may be created)."""
        if self._studio_dir is None:
            self._studio_dir = find_studio_dir(self.root)
        return self._studio_dir

    def relative(self, path: Path) -> str:
        """``path`` as the UI shows it: relative to the folder holding ``.nodetype-studio``."""
        base = self.studio_dir.parent if self.studio_dir is not None else self.root
        try:
            return str(path.relative_to(base)) if base is not None else str(path)
        except ValueError:
            return str(path)

    def fixture_path(self, query: DataSourceQuery) -> Path | None:
        return find_fixture(self.studio_dir, query.kind, query.key)

    def fixture_target(self, query: DataSourceQuery) -> Path | None:
        """The fixture file to edit or create for ``query`` (None without a project root)."""
        existing = self.fixture_path(query)
        if existing is not None:
            return existing
        studio = self.studio_dir or (default_studio_dir(self.root) if self.root is not None else None)
        return new_fixture_path(studio, query.kind, query.key) if studio is not None else None

    def http_url(self, query: DataSourceQuery) -> tuple[str | None, str]:
        """The request URL without the query string, or None and why there is none."""
        base = self.settings.base_url
        if query.uri:
            if is_absolute_http(query.uri):
                return query.uri, ""
            if urlsplit(query.uri).scheme:
                return None, f"the URI scheme of {query.name} is not http or https"
            if base is None:
                return None, (f"{query.name} is relative: set a backend base URL (backend.baseUrl in "
                              ".nodetype-studio/settings.yaml or NODETYPE_STUDIO_BACKEND) or add a fixture file")
            return urljoin(base, query.uri), ""
        if base is None or query.identifier is None:
            return None, ""
        path = "/" + self.settings.data_source_path.strip("/")
        return base.rstrip("/") + path + "/" + query.identifier, ""  # joined as text, as neos-ui joins them

    def resolve(self, query: DataSourceQuery, node: str | None) -> Source:
        """The source that answers ``query`` for the preview node at address ``node``."""
        if CLIENT_EVAL in query.key:
            return Source("none", "", problem=f"{query.name} is a ClientEval expression: the preview cannot evaluate it")
        if query.kind == "identifier":
            plugin = data_source_plugin(query.identifier)
            if plugin is not None:
                try:
                    arguments = data_source_arguments(encode_query(request_params(node, query.additional_data)))
                except QueryEncodingError as exc:
                    return Source("none", "", problem=f"dataSourceAdditionalData cannot be sent: {exc}")
                return Source("plugin", plugin.label, plugin=plugin, arguments=arguments)
        fixture = self.fixture_path(query)
        if fixture is not None:
            return Source("fixture", self.relative(fixture), path=fixture)
        url, why = self.http_url(query)
        if url is None:
            return Source("none", "", problem=why or self.unresolved_text(query))
        try:
            full = url_with_params(url, encode_query(request_params(node, query.additional_data)))
        except QueryEncodingError as exc:
            return Source("none", "", problem=f"dataSourceAdditionalData cannot be sent: {exc}")
        # the string as fetch() parses it (a `#` ends it, `..` climbs, only some characters are encoded)
        return Source("backend" if query.kind == "identifier" else "uri", browser_href(url), url=browser_href(full))

    def unresolved_text(self, query: DataSourceQuery) -> str:
        target = self.fixture_target(query)
        where = self.relative(target) if target is not None else f"data-sources/{query.key}.yaml"
        return (f"nothing answers data source {query.name}: no plugin, no fixture file ({where}) "
                "and no backend base URL")
