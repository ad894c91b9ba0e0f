"""Project settings for data sources: ``.nodetype-studio/settings.yaml`` and the environment (Qt-free).

    backend:
      baseUrl: 'http://localhost:8081'    # or env NODETYPE_STUDIO_BACKEND (the environment wins)
      timeout: 10                         # seconds per request
      maxResponseSize: 2MB                # bytes, or a size with a unit (KB, MB)
      dataSourcePath: '/neos/service/data-source'
      node: '/sites/x/{nodeTypeSlug}@user-admin'   # the `node` parameter (default: see below)
      headers: {Cookie: '...'}            # sent with requests to the baseUrl's origin only (a session)

The ``.nodetype-studio`` folder is looked for in the project root and then in its parent folders
(a package opened inside a distribution finds the distribution's folder). Unreadable settings never
stop the preview: each problem is a ``Diagnostic`` in ``diagnostics`` (with file and line; as text
in ``problems``) and the default is used. The file is read by ``nodetype_studio.model.settingsfile``
against the table ``FIELDS``.

Without ``backend.node`` the ``node`` parameter is the address of the preview node, the very one
ClientEval's ``node.contextPath`` shows (``nodetype_studio.model.previewnode``), in the shape the
project's CMS sends (facts §4.1): an 8.3 context path, or for 9.x a JSON node address
(``NodeAddress::toJson()``), which a 9.x backend decodes with ``NodeAddress::fromJsonString``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from nodetype_studio.diagnostics import Diagnostic, error
from nodetype_studio.model.previewnode import address, parent_path, preview_path
from nodetype_studio.model.settingsfile import (
    Field,
    Invalid,
    SettingsRead,
    SettingsSpec,
    byte_size,
    defaults,
    http_url,
    number,
    problem_lines,
    read_settings,
    short,
    string_map,
    text,
)
from nodetype_studio.model.settingsfile import parse_size as parse_size  # the size rule, also used by callers here

STUDIO_DIR = ".nodetype-studio"
SETTINGS_FILE = "settings.yaml"
ENV_BACKEND = "NODETYPE_STUDIO_BACKEND"
DEFAULT_TIMEOUT = 10.0
#: The longest ``backend.timeout`` (seconds): finite, and far below what Qt's millisecond timers hold.
MAX_TIMEOUT = 600.0
DEFAULT_MAX_BYTES = 2 * 1024 * 1024
DEFAULT_DATA_SOURCE_PATH = "/neos/service/data-source"
#: No ``backend.node``: the preview node's own address.
DEFAULT_NODE = ""

#: The table of ``settings.yaml``: key path, kind, default, ``BackendSettings`` attribute.
FIELDS = (
    Field("backend.baseUrl", http_url, None, "base_url"),
    Field("backend.timeout", number(0, MAX_TIMEOUT, "seconds"), DEFAULT_TIMEOUT, "timeout"),
    Field("backend.maxResponseSize", byte_size, DEFAULT_MAX_BYTES, "max_response_bytes"),
    Field("backend.dataSourcePath", text, DEFAULT_DATA_SOURCE_PATH, "data_source_path"),
    Field("backend.node", text, DEFAULT_NODE, "node"),
    Field("backend.headers", string_map, (), "headers"),
)
SPEC = SettingsSpec(SETTINGS_FILE, FIELDS)


@dataclass(frozen=True)
class BackendSettings:
    base_url: str | None = None
    base_url_origin: str = ""  # "env NODETYPE_STUDIO_BACKEND" or the settings file
    timeout: float = DEFAULT_TIMEOUT
    max_response_bytes: int = DEFAULT_MAX_BYTES
    data_source_path: str = DEFAULT_DATA_SOURCE_PATH
    node: str = DEFAULT_NODE
    headers: tuple[tuple[str, str], ...] = ()
    file: Path | None = None
    problems: tuple[str, ...] = field(default=(), compare=False)  # ``file:line: message`` of each diagnostic
    diagnostics: tuple[Diagnostic, ...] = field(default=(), compare=False)

    def headers_for(self, url: str) -> tuple[tuple[str, str], ...]:
        """The configured headers (a session cookie, a token) for a request to ``url``: only to the
        backend's own origin (scheme, host and port), never to another server a ``dataSourceUri`` names."""
        if not self.headers or not self.base_url:
            return ()
        return self.headers if origin_of(url) == origin_of(self.base_url) else ()

    def node_address(self, node_type: str, cms_version: str = "8.3", *, document: bool = False,
                     creation_dialog: bool = False) -> str:
        """The ``node`` parameter of a data-source request from the preview of ``node_type``, unless
        ``backend.node`` says otherwise: the focused node's address as ``cms_version``'s CMS sends it.

        In the inspector that is the preview node (a ``document`` or a content node); in the creation
        dialog, whose node does not exist yet, the node it is created into (the one focused when the
        dialog was opened). Both are the addresses ClientEval shows as ``node.contextPath`` and
        ``node.parent``."""
        if not self.node:
            path = preview_path(document)
            return address(parent_path(document) if creation_dialog else path, cms_version)
        slug = re.sub(r"[^a-z0-9]+", "-", node_type.lower()).strip("-") or "node"
        try:
            return self.node.format(nodeType=node_type, nodeTypeSlug=slug)
        except (KeyError, IndexError, ValueError):
            return self.node


def find_studio_dir(root: Path | None) -> Path | None:
    """The ``.nodetype-studio`` folder of the project at ``root`` (or of a parent folder)."""
    if root is None:
        return None
    start = Path(root)
    if not start.is_dir():
        start = start.parent
    for folder in [start, *start.parents]:
        candidate = folder / STUDIO_DIR
        if candidate.is_dir():
            return candidate
    return None


def default_studio_dir(root: Path) -> Path:
    """Where a new ``.nodetype-studio`` folder goes: the existing one, else the project root."""
    found = find_studio_dir(root)
    if found is not None:
        return found
    start = Path(root)
    return (start if start.is_dir() else start.parent) / STUDIO_DIR


_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) URL, as a browser compares origins; None for anything else."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else _DEFAULT_PORTS[scheme]


def load_settings(root: Path | None, environ: Mapping[str, str] | None = None) -> BackendSettings:
    """The backend settings of the project at ``root`` (defaults when there is no settings file)."""
    environ = os.environ if environ is None else environ
    studio = find_studio_dir(root)
    path = studio / SETTINGS_FILE if studio is not None else None
    if path is not None and path.is_file():
        read = read_settings(path, SPEC)
    else:
        path, read = None, SettingsRead(None, defaults(SPEC))
    values = dict(read.values)
    diagnostics = list(read.diagnostics)
    origin = str(path) if "base_url" in read.given else ""
    env_value = environ.get(ENV_BACKEND, "")
    if env_value.strip():
        try:
            values["base_url"], origin = http_url(env_value), f"env {ENV_BACKEND}"
        except Invalid as bad:
            diagnostics.append(error("settings-invalid", f"{ENV_BACKEND} must be {bad.expected}, not {short(env_value)}"))
    return BackendSettings(base_url_origin=origin, file=path, problems=problem_lines(diagnostics),
                           diagnostics=tuple(diagnostics), **values)


def settings_signature(root: Path | None, environ: Mapping[str, str] | None = None) -> tuple:
    """Changes whenever ``load_settings`` could return something else (file touched, env changed)."""
    environ = os.environ if environ is None else environ
    studio = find_studio_dir(root)
    stamp: tuple = ()
    if studio is not None:
        try:
            stat = (studio / SETTINGS_FILE).stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = ()
    return (str(studio), stamp, environ.get(ENV_BACKEND, ""))
