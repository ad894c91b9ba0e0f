"""Where a data source's options come from, and what came back (Qt-free).

A result never raises: a failed request is a ``DataSourceResult`` with ``error`` (a short sentence)
and ``detail`` (status text, parser message, body excerpt). A good one keeps the decoded answer in
``data``; the select box turns it into choices with its own translator (``options``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from nodetype_studio.datasources.options import (
    SelectOption,
    Translate,
    collect_options,
    group_order_note,
)
from nodetype_studio.js.values import json_kind

_MAX_LISTED = 4
_EXCERPT = 300


@dataclass(frozen=True)
class Source:
    """One resolved way to get a data source's answer."""

    kind: str  # "plugin" | "fixture" | "backend" | "uri" | "none"
    label: str  # what the UI names: a file, a plugin, a URL
    url: str | None = None  # HTTP request URL, query included ("backend" and "uri")
    path: Path | None = None  # fixture file ("fixture")
    plugin: Any = None  # DataSourcePlugin ("plugin")
    arguments: Mapping[str, Any] | None = None  # what a plugin's get_data receives
    problem: str = ""  # why nothing can answer ("none")

    @property
    def is_http(self) -> bool:
        return self.kind in ("backend", "uri")

    def describe(self) -> str:
        """"options from fixture file X" and the like."""
        if self.kind == "fixture":
            return f"Options from fixture file {self.label}"
        if self.kind == "plugin":
            return f"Options from plugin {self.label}"
        if self.is_http:
            return f"Options from {self.label}"
        return self.problem


@dataclass(frozen=True)
class DataSourceResult:
    source: Source
    data: Any = None  # the decoded answer (list or map) when ok
    notes: tuple[str, ...] = ()
    error: str = ""
    detail: str = ""
    size: int = 0  # bytes received (HTTP)
    #: the request succeeded and its answer is JSON, only not a usable list or map; any other failure is a
    #: request the CMS's data loader rejects (neos-facts §4.1)
    shape_only: bool = False

    @property
    def ok(self) -> bool:
        return not self.error

    def options(self, translate: Translate | None = None) -> list[SelectOption]:
        return collect_options(self.data, translate).options if self.ok else []

    def message(self) -> str:
        """The error as one line for the editor (empty when ok)."""
        if self.ok:
            return ""
        return f"{self.error}: {self.detail}" if self.detail else self.error


def failure(source: Source, error: str, detail: str = "", size: int = 0, *, shape_only: bool = False) -> DataSourceResult:
    return DataSourceResult(source, error=error, detail=detail, size=size, shape_only=shape_only)


def _listed(items: list[str]) -> str:
    shown = "; ".join(items[:_MAX_LISTED])
    return shown + (f"; and {len(items) - _MAX_LISTED} more" if len(items) > _MAX_LISTED else "")


def from_data(data: Any, source: Source, size: int = 0) -> DataSourceResult:
    """Check a decoded answer: a list or map of entries; entries without label are dropped with a note."""
    if isinstance(data, Mapping) and set(data) == {"error"}:
        problem = data["error"]
        message = problem.get("message") if isinstance(problem, Mapping) else problem
        return failure(source, "The data source reported an error", str(message), size, shape_only=True)
    if not isinstance(data, (Mapping, list)):
        return failure(source, "Unexpected answer",
                       f"expected a list of {{value, label}} entries or a map of value -> {{label}}, got {json_kind(data)}",
                       size, shape_only=True)
    collected = collect_options(data)
    notes: list[str] = []
    if collected.dropped:
        count = len(collected.dropped)
        notes.append(f"{count} entr{'y' if count == 1 else 'ies'} without a label left out: "
                     + _listed([why for _, why in collected.dropped]))
        if isinstance(data, Mapping) and set(data) == {"data"}:
            notes.append("the answer looks like an inspector data view's ({data: \u2026}); select boxes expect the "
                         "list or map itself")
    order = group_order_note(collected.options)
    if order:
        notes.append(order)
    return DataSourceResult(source, data=data, notes=tuple(notes), size=size)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def from_body(body: bytes, source: Source) -> DataSourceResult:
    """Decode an HTTP body as JSON (as the browser's ``response.json()`` does) and check it."""
    size = len(body)
    if body.startswith(b"\xef\xbb\xbf"):
        body = body[3:]
    # the browser's response.text() decodes UTF-8 whatever the bytes: a bad sequence becomes U+FFFD
    not_utf8 = ""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = body.decode("utf-8", errors="replace")
        not_utf8 = f"byte {exc.start} is not UTF-8"
    if not text.strip():
        return failure(source, "The answer is not JSON", "the body is empty", size)
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        detail = f"{exc.msg} at line {exc.lineno}, column {exc.colno}: {excerpt(text)}"
        return failure(source, "The answer is not JSON", f"{not_utf8}; {detail}" if not_utf8 else detail, size)
    except (ValueError, RecursionError) as exc:
        return failure(source, "The answer is not JSON", str(exc), size)
    result = from_data(data, source, size)
    if not_utf8 and result.ok:
        result = replace(result, notes=(f"{not_utf8}: shown as \ufffd, as the browser decodes it", *result.notes))
    return result


#: ``excerpt`` looks at most at this many characters of a body: its cost is bounded and linear.
EXCERPT_SCAN = 64 * 1024
_SCRIPT_OR_STYLE = re.compile(r"<(script|style)\b", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")  # cannot run past the next "<": linear


def _drop_scripts(text: str) -> str:
    """``text`` without <script>/<style> elements, in one pass (an unclosed one drops the rest)."""
    lower = text.lower()
    parts, pos = [], 0
    while True:
        found = _SCRIPT_OR_STYLE.search(text, pos)
        if found is None:
            parts.append(text[pos:])
            break
        parts.append(text[pos:found.start()])
        close = lower.find("</" + found.group(1).lower(), found.end())
        if close < 0:
            break
        end = lower.find(">", close)
        pos = len(text) if end < 0 else end + 1
        parts.append(" ")
    return "".join(parts)


def excerpt(text: str) -> str:
    """The start of a body as one line (tags of an HTML error page dropped); linear in at most
    EXCERPT_SCAN characters, whatever the body holds."""
    text = text[:EXCERPT_SCAN]
    if "<" in text and ">" in text:
        text = _TAG.sub(" ", _drop_scripts(text))
    text = " ".join(text.split())
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 1] + "\u2026"


def http_failure(status: int, reason: str, body: bytes, source: Source) -> DataSourceResult:
    """An HTTP error status (404, 500, ...), with the start of the body (the server's message)."""
    text = excerpt(body[: EXCERPT_SCAN * 4].decode("utf-8", errors="replace")) if body else ""
    return failure(source, f"HTTP {status} {reason}".strip(), text, len(body))


def http_error_answer(status: int, reason: str, body: bytes, source: Source) -> DataSourceResult:
    """What an answer with an HTTP error status (>= 400) gives.

    The CMS's request helper fails only on 401 (it asks the user to log in again) and on 5xx; any
    other status (404, 409, ...) hands the body on to be read as JSON like a good answer. So a 4xx
    whose body is a usable list or map fills the box there: the preview shows those options too,
    with a note naming the status. Everything else is a failure with the status and the body's start.
    """
    if status == 401 or status >= 500:
        return http_failure(status, reason, body, source)
    result = from_body(body, source)
    if not result.ok:
        return http_failure(status, reason, body, source)
    note = (f"the server answered HTTP {status} {reason}".rstrip() + "; the CMS shows these options all the same "
            "(its requests fail only on 401 and 5xx)")
    return replace(result, notes=(note, *result.notes))


@dataclass
class PreviewNodeRef:
    """The preview node as a plugin data source sees it (``node`` of ``get_data``)."""

    address: str
    node_type: str
    properties: Mapping[str, Any] = field(default_factory=dict)

    def get_property(self, name: str) -> Any:
        return self.properties.get(name)
