"""The request URL the browser makes of a data-source URL string (Qt-free).

neos-ui joins the data-source route and the identifier as text (``${route}/${dataSourceIdentifier}``),
appends the query (``urlWithParams``) and hands the string to ``fetch``, which parses it as the WHATWG URL
standard says: tabs and newlines are dropped, a ``#`` starts the fragment (never sent), the first ``?``
the query, ``\\`` is a ``/``, ``.`` and ``..`` segments are resolved, and only the characters of the path's
and the query's percent-encode sets are encoded (a ``/``, ``,``, ``;`` or ``=`` of an identifier stays as
written; a space, ``"``, ``<``, ``>``, a backtick, braces and anything beyond ASCII are encoded).
``browser_href`` does that for the path, query and fragment of an absolute http(s) URL; scheme and
authority stay as written. ``tests/datasources/test_browserurl.py`` compares it with Node's ``URL``.
"""

from __future__ import annotations

import re

_TAB_OR_NEWLINE = re.compile("[\t\n\r]")
_AUTHORITY = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*:)(//[^/\\?#]*)?")
# beyond the C0 controls, DEL and everything past "~", which every set encodes
_PATH_SET = frozenset(' "#<>?`{}')
_QUERY_SET = frozenset(" \"#<>'")  # the special-query set (http and https)
_SINGLE_DOT = {".", "%2e"}
_DOUBLE_DOT = {"..", ".%2e", "%2e.", "%2e%2e"}


def _encode(text: str, extra: frozenset[str]) -> str:
    out = []
    for char in text:
        if char in extra or ord(char) < 0x20 or ord(char) > 0x7E:
            out.append("".join(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass")))
        else:
            out.append(char)
    return "".join(out)


def _path(raw: str) -> str:
    segments: list[str] = []
    parts = raw.replace("\\", "/").split("/")[1:]  # (the path of an absolute URL starts with "/")
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        lowered = part.lower()
        if lowered in _DOUBLE_DOT:
            if segments:
                segments.pop()
            if last:
                segments.append("")
        elif lowered in _SINGLE_DOT:
            if last:
                segments.append("")
        else:
            segments.append(_encode(part, _PATH_SET))
    return "/" + "/".join(segments)


def browser_href(url: str) -> str:
    """``url`` (an absolute http or https URL, as text) as ``new URL(url).href`` gives it, without the
    fragment (which a request never carries)."""
    url = _TAB_OR_NEWLINE.sub("", url).strip("".join(map(chr, range(0x21))))
    match = _AUTHORITY.match(url)
    if match is None or match.group(2) is None:
        return url  # not an absolute URL with an authority: left to the caller's checks
    head, rest = match.group(0), url[match.end():]
    rest = rest.split("#", 1)[0]
    path, question, query = rest.partition("?")
    return head + _path(path or "/") + (question + _encode(query, _QUERY_SET) if question else "")
