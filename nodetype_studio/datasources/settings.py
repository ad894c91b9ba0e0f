"""Project settings for data sources: ``.nodetype-studio/settings.yaml`` and the environment (Qt-free).

    backend:
      baseUrl: 'http://localhost:8081'    # or env NODETYPE_STUDIO_BACKEND (the environment wins)
      timeout: 10                         # seconds per request
      maxResponseSize: 2MB                # bytes, or a size with a unit (KB, MB)
      dataSourcePath: '/neos/service/data-source'
      node: '/sites/nodetype-studio/{nodeTypeSlug}@user-admin'   # the `node` parameter
      headers: {Cookie: '...'}            # sent with requests to the baseUrl's origin only (a session)

The ``.nodetype-studio`` folder is looked for in the project root and then in its parent folders
(a package opened inside a distribution finds the distribution's folder). Unreadable settings never
stop the preview: each problem is a message in ``problems`` and the default is used.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from nodetype_studio.model.yamlload import load_yaml_file

STUDIO_DIR = ".nodetype-studio"
SETTINGS_FILE = "settings.yaml"
ENV_BACKEND = "NODETYPE_STUDIO_BACKEND"
DEFAULT_TIMEOUT = 10.0
#: The longest ``backend.timeout`` (seconds): finite, and far below what Qt's millisecond timers hold.
MAX_TIMEOUT = 600.0
DEFAULT_MAX_BYTES = 2 * 1024 * 1024
DEFAULT_DATA_SOURCE_PATH = "/neos/service/data-source"
DEFAULT_NODE = "/sites/nodetype-studio/{nodeTypeSlug}@user-admin"
_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?i?b?)\s*$", re.IGNORECASE)
_SIZE_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1024**2, "mb": 1024**2, "mib": 1024**2,
               "g": 1024**3, "gb": 1024**3, "gib": 1024**3}


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
    problems: tuple[str, ...] = field(default=(), compare=False)

    def headers_for(self, url: str) -> tuple[tuple[str, str], ...]:
        """The configured headers (a session cookie, a token) for a request to ``url``: only to the
        backend's own origin (scheme, host and port), never to another server a ``dataSourceUri`` names."""
        if not self.headers or not self.base_url:
            return ()
        return self.headers if origin_of(url) == origin_of(self.base_url) else ()

    def node_address(self, node_type: str) -> str:
        """The ``node`` parameter for a preview node of ``node_type``."""
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


def parse_size(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str):
        m = _SIZE_RE.match(value)
        if m and m.group(2).lower() in _SIZE_UNITS:
            size = int(float(m.group(1)) * _SIZE_UNITS[m.group(2).lower()])
            return size if size > 0 else None
    return None


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


def _check_url(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return None
    parts = urlsplit(value.strip())
    return value.strip() if parts.scheme in ("http", "https") and parts.netloc else None


def load_settings(root: Path | None, environ: Mapping[str, str] | None = None) -> BackendSettings:
    """The backend settings of the project at ``root`` (defaults when there is no settings file)."""
    environ = os.environ if environ is None else environ
    problems: list[str] = []
    studio = find_studio_dir(root)
    path = studio / SETTINGS_FILE if studio is not None else None
    backend: Mapping = {}
    if path is not None and path.is_file():
        loaded = load_yaml_file(path)
        problems += [f"{path}:{d.line or 1}: {d.message}" for d in loaded.diagnostics if d.severity == "error"]
        data = loaded.data
        if data is not None and not isinstance(data, Mapping):
            problems.append(f"{path}: the settings file must be a map")
        elif isinstance(data, Mapping) and data.get("backend") is not None:
            if isinstance(data["backend"], Mapping):
                backend = data["backend"]
            else:
                problems.append(f"{path}: `backend` must be a map")
    else:
        path = None
    values: dict[str, Any] = {"file": path}

    def where(key: str) -> str:
        line = getattr(backend, "key_pos", {}).get(key, (0, 0))[0]
        return f"{path}:{line}" if line else str(path)

    if backend.get("baseUrl") is not None:
        url = _check_url(backend["baseUrl"])
        if url is None:
            problems.append(f"{where('baseUrl')}: backend.baseUrl must be an http(s) URL, not {backend['baseUrl']!r}")
        else:
            values.update(base_url=url, base_url_origin=str(path))
    env_value = environ.get(ENV_BACKEND, "")
    if env_value.strip():
        url = _check_url(env_value)
        if url is None:
            problems.append(f"{ENV_BACKEND} must be an http(s) URL, not {env_value!r}")
        else:
            values.update(base_url=url, base_url_origin=f"env {ENV_BACKEND}")
    timeout = backend.get("timeout")
    if timeout is not None:
        if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and 0 < timeout <= MAX_TIMEOUT:
            values["timeout"] = float(timeout)
        else:
            problems.append(f"{where('timeout')}: backend.timeout must be a number of seconds above 0 and at most "
                            f"{MAX_TIMEOUT:g}")
    size = backend.get("maxResponseSize")
    if size is not None:
        parsed = parse_size(size)
        if parsed is None:
            problems.append(f"{where('maxResponseSize')}: backend.maxResponseSize must be a size such as 2MB")
        else:
            values["max_response_bytes"] = parsed
    for key, attr in (("dataSourcePath", "data_source_path"), ("node", "node")):
        value = backend.get(key)
        if value is None:
            continue
        if isinstance(value, str) and value.strip():
            values[attr] = value.strip()
        else:
            problems.append(f"{where(key)}: backend.{key} must be a non-empty string")
    headers = backend.get("headers")
    if headers is not None:
        if isinstance(headers, Mapping) and all(isinstance(v, (str, int)) for v in headers.values()):
            values["headers"] = tuple((str(k), str(v)) for k, v in headers.items())
        else:
            problems.append(f"{where('headers')}: backend.headers must be a map of header names to strings")
    return BackendSettings(problems=tuple(problems), **values)


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
