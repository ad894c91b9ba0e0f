"""The query string of a data-source request, built as the CMS's browser builds it (neos-facts §4.1).

Parameters are ``node`` plus every ``dataSourceAdditionalData`` entry (an entry named ``node``
replaces the node, keeping its place). Nested maps and lists become PHP-style keys (``a[b]``,
``list[0]``); the whole key and the value are each passed through ``encodeURIComponent`` (so the
brackets travel as ``%5B``/``%5D``); ``null`` values are left out; booleans are ``true``/``false``
and numbers are written as JavaScript writes them. An empty map or list contributes an empty
segment, exactly like the browser (``a=1&&b=2``); PHP ignores it.

``php_arguments`` reads such a query string back the way PHP fills ``$arguments`` for a server-side
data source: every scalar is a string. ``DataSourceQuery`` is what one select box asks for (its
data-source options); ``resolve`` decides where it is answered from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import quote, unquote_plus, urlsplit

from nodetype_studio.js.values import JsError, js_entries, to_string, truthy

# encodeURIComponent leaves letters, digits and these characters alone
_UNRESERVED = "-_.!~*'()"
#: Request arguments the server-side data-source controller takes for itself (not passed on).
CONTROLLER_ARGUMENTS = ("node", "dataSourceIdentifier")


class QueryEncodingError(ValueError):
    """A value the browser cannot encode (``encodeURIComponent`` throws ``URIError``)."""


def encode_uri_component(text: str) -> str:
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate
        raise QueryEncodingError(f"{text!r} contains a lone surrogate (U+{ord(text[exc.start]):04X}); "
                                 "the browser refuses to encode it (URIError)") from None
    return quote(data, safe=_UNRESERVED)


def request_params(node: str | None, additional_data: Any) -> dict[str, Any]:
    """``{node, ...dataSourceAdditionalData}`` as the CMS merges them (``Object.assign({node}, data || {})``).

    A list spreads its items under their indices; a text spreads its UTF-16 code units, as
    ``Object.assign`` copies a string's indices (a lone surrogate then fails to encode, as in the
    browser); numbers and booleans add nothing.
    """
    params: dict[str, Any] = {"node": node}
    if isinstance(additional_data, str):
        additional_data = _code_units(additional_data)
    if isinstance(additional_data, (Mapping, list)):
        for key, value in js_entries(additional_data):
            params[key] = value
    return params


def _code_units(text: str) -> list[str]:
    """``text`` as JavaScript indexes it: one item per UTF-16 code unit (a character beyond U+FFFF is two
    lone surrogates)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i:i + 2].decode("utf-16-le", "surrogatepass") for i in range(0, len(data), 2)]


def encode_query(params: Mapping | list, prefix: str = "") -> str:
    """The PHP-compatible query string of ``params`` (without the leading ``?``)."""
    parts: list[str] = []
    for key, value in js_entries(params):
        name = f"{prefix}[{key}]" if prefix else key
        if value is None:
            continue
        if isinstance(value, (Mapping, list)):
            parts.append(encode_query(value, name))
        else:
            parts.append(encode_uri_component(name) + "=" + encode_uri_component(to_string(value)))
    return "&".join(parts)


def url_with_params(url: str, query: str) -> str:
    """``url`` with ``query`` appended (``?`` or ``&``); an empty query leaves the URL as it is."""
    if not query:
        return url
    return url + ("&" if urlsplit(url).query else "?") + query


def request_url(url: str, node: str | None, additional_data: Any) -> str:
    return url_with_params(url, encode_query(request_params(node, additional_data)))


# -- the server's side ---------------------------------------------------------------------------

_NAME_RE = re.compile(r"([^\[]*)((?:\[[^\]]*\])*)")
_SEGMENT_RE = re.compile(r"\[([^\]]*)\]")


def parse_php_query(query: str) -> dict[str, Any]:
    """What PHP makes of a query string: nested maps of strings (``a[b]=1`` -> ``{"a": {"b": "1"}}``).

    Nested maps whose keys are ``"0".."n-1"`` in order become lists. A leading ``?`` is ignored.
    """
    result: dict[str, Any] = {}
    for pair in query.lstrip("?").split("&"):
        if not pair:
            continue
        raw_name, _, raw_value = pair.partition("=")
        name, value = unquote_plus(raw_name), unquote_plus(raw_value)
        match = _NAME_RE.match(name)
        if match is None:
            continue
        base = match.group(1).lstrip(" ").replace(".", "_").replace(" ", "_")
        if not base:
            continue
        segments = _SEGMENT_RE.findall(match.group(2))
        _insert(result, [base, *segments], value)
    return {key: _listify(value) for key, value in result.items()}


def _insert(target: dict, path: list[str], value: str) -> None:
    for index, segment in enumerate(path):
        if segment == "":  # `[]` appends
            numbers = [int(k) for k in target if k.isdigit()]
            segment = str(max(numbers) + 1 if numbers else 0)
        if index == len(path) - 1:
            target[segment] = value
            return
        child = target.get(segment)
        if not isinstance(child, dict):
            child = target[segment] = {}
        target = child


def _listify(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    converted = {k: _listify(v) for k, v in value.items()}
    if converted and list(converted) == [str(i) for i in range(len(converted))]:
        return list(converted.values())
    return converted


def data_source_arguments(query: str) -> dict[str, Any]:
    """``$arguments`` of a server-side data source: the request arguments minus the controller's own."""
    arguments = parse_php_query(query)
    for name in CONTROLLER_ARGUMENTS:
        arguments.pop(name, None)
    return arguments


def _option_text(value: Any) -> str | None:
    """A data-source option as the Neos UI uses it: set when truthy in JavaScript (a text of spaces is
    set; 0 and '' are not), and put into the URL as ``String(value)`` would spell it, spaces kept
    (neos-ui ``SelectBoxEditor`` and the backend connector's ``dataSource`` endpoint)."""
    if not truthy(value):
        return None
    try:
        return to_string(value)
    except JsError:  # (a map with its own `toString`: the browser fails to build the URL)
        return "[object Object]"


@dataclass(frozen=True)
class DataSourceQuery:
    """What one select box asks for (its data-source editor options)."""

    identifier: str | None = None
    uri: str | None = None
    additional_data: Any = None
    disable_caching: bool = False

    @classmethod
    def from_options(cls, option: Callable[[str], Any]) -> "DataSourceQuery | None":
        """From an option getter (``ctx.option``); None when the box has no data source."""
        identifier, uri = _option_text(option("dataSourceIdentifier")), _option_text(option("dataSourceUri"))
        if identifier is None and uri is None:
            return None
        # the CMS passes Boolean(dataSourceDisableCaching) on: any truthy value ('true', 1) disables the cache
        return cls(identifier, uri, option("dataSourceAdditionalData"), truthy(option("dataSourceDisableCaching")))

    @classmethod
    def from_mapping(cls, options: Mapping) -> "DataSourceQuery | None":
        return cls.from_options(options.get)

    @property
    def kind(self) -> str:
        return "uri" if self.uri else "identifier"

    @property
    def key(self) -> str:
        return self.uri or self.identifier or ""

    @property
    def name(self) -> str:
        """How messages name it: the URI or the identifier, quoted."""
        return f"\u201c{self.key}\u201d"

    def cache_key(self, node: str | None) -> str:
        """The CMS's cache key: the JSON of node, identifier, URI, additional data and the caching flag."""
        return json.dumps(
            {"contextNodePath": node, "dataSourceIdentifier": self.identifier, "dataSourceUri": self.uri,
             "dataSourceAdditionalData": self.additional_data, "dataSourceDisableCaching": self.disable_caching},
            separators=(",", ":"), ensure_ascii=False, default=str,
        )
