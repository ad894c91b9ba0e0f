"""XLIFF files read as Flow reads them (``Neos.Flow`` ``XliffReader``, ``V12/XliffParser``): which documents
count, which ``<file>`` element names a source, and the text of each trans-unit. Qt-free; used by
``model.translations``."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Any

from nodetype_studio import boundedio

#: the platform package in its spellings: its files name it `Neos.Neos` in every one
PLATFORM_PACKAGES = ("Neos.Neos", "Cms.Cms", "TYPO3.Neos")


# Real XLIFF files nest about five levels; libxml2, which reads them for Flow, refuses a 258th level (PHP 8.2,
# libxml2 2.9.14). A deeper document is refused while it is read, before its tree fills the memory (the
# file-size bound alone lets 8 MB of nested tags cost hundreds of MB and seconds).
MAX_XLIFF_DEPTH = 257
# Flow's XliffReader takes a document for XLIFF only when its first node is the <xliff> element: a
# comment, processing instruction or DOCTYPE before it (after the XML declaration) makes Flow skip the file.
_ROOT_FIRST_RE = re.compile(rb"^(?:\xef\xbb\xbf)?(?:<\?xml\s[^>]*\?>)?\s*<[^!?]")
_FEED_BYTES = 64 * 1024


class _TooDeep(Exception):
    pass


def _parse_bounded(data: bytes) -> ET.Element:
    """The document's root; ``ET.ParseError`` for broken XML (entity amplification is refused by expat),
    ``_TooDeep`` for elements nested deeper than ``MAX_XLIFF_DEPTH``."""
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start", "end"))
    depth, root = 0, None
    for offset in range(0, max(len(data), 1), _FEED_BYTES):
        parser.feed(data[offset:offset + _FEED_BYTES])
        events: Any = parser.read_events()  # ("start" | "end", element) only: no other events were asked for
        for kind, element in events:
            if kind == "start":
                depth += 1
                root = element if root is None else root
                if depth > MAX_XLIFF_DEPTH:
                    raise _TooDeep
            else:
                depth -= 1
    parser.close()
    if root is None:
        raise ET.ParseError("no element")
    return root


def _local(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""


def _own_text(element: ET.Element | None) -> str:
    """The text directly inside ``element``, without that of inline elements in it (what the CMS's XML
    reader gives for ``<source>``)."""
    if element is None:
        return ""
    return (element.text or "") + "".join(child.tail or "" for child in element)


def _child(element: ET.Element, name: str) -> ET.Element | None:
    return next((child for child in element if _local(child) == name), None)


def _unit_text(unit: ET.Element) -> str:
    """``<target>`` unless it is empty (PHP's ``empty()``: also ``"0"``), else ``<source>``."""
    target = _own_text(_child(unit, "target"))
    return target if target not in ("", "0") else _own_text(_child(unit, "source"))


def _file_units(file: ET.Element) -> dict[str, str]:
    """Unit id -> text of one ``<file>``: the trans-units directly in its ``<body>`` (a ``restype`` marks
    Gettext metadata), and of a ``x-gettext-plurals`` group its singular form (``id[0]``) under ``id``."""
    units: dict[str, str] = {}
    body = _child(file, "body")
    for element in body if body is not None else ():
        name = _local(element)
        if name == "trans-unit" and element.get("restype") is None and element.get("id") is not None:
            units[element.get("id", "")] = _unit_text(element)
        elif name == "group" and element.get("restype") == "x-gettext-plurals":
            forms = [child for child in element if _local(child) == "trans-unit"]
            if not forms:
                continue
            first = forms[0].get("id") or ""
            singular = [form for form in forms if _plural_index(form.get("id") or "") == 0]
            if singular:  # (of two forms with one index the later wins, as in Flow's array)
                units[first[:first.find("[")] if "[" in first else ""] = _unit_text(singular[-1])
    return units


def _plural_index(unit_id: str) -> int:
    """The form index of a plural trans-unit id ``base[n]``: Flow takes what lies between the ``[`` (else
    the first character) and the last character, cast as PHP's ``(int)`` does."""
    digits = re.match(r"\s*([+-]?\d+)", unit_id[unit_id.find("[") + 1 if "[" in unit_id else 1:-1])
    return int(digits.group(1)) if digits else 0


@lru_cache(maxsize=256)
def read_xliff(path: Path, mtime_ns: int, package: str, source: str) -> dict[str, str]:
    """Trans-unit id -> text of the XLIFF file that holds ``package:source`` (source as a path, e.g.
    ``NodeTypes/Content/Teaser``), read as Flow reads translations (``XliffFileProvider``, ``V12/XliffParser``):
    only XLIFF 1.2 documents that start with their ``<xliff>`` element; of several ``<file>`` elements the
    last whose ``product-name`` (default: the package) and ``original`` (default: the path) name
    ``package:source``. The platform package's files name it ``Neos.Neos`` in every spelling."""
    names = {package, "Neos.Neos"} if package in PLATFORM_PACKAGES else {package}
    try:
        data = boundedio.read_bytes(path)  # (a file larger than the studio reads: no texts)
        root = _parse_bounded(data)
    except (ET.ParseError, OSError, _TooDeep):
        return {}
    if not data.startswith((b"\xff\xfe", b"\xfe\xff")) and not _ROOT_FIRST_RE.match(data):
        return {}
    if _local(root) != "xliff" or root.get("version") != "1.2":
        return {}  # (Flow reads no other version: an XLIFF 2.0 file gives no texts)
    units: dict[str, str] = {}
    for file in root:
        if _local(file) != "file":
            continue
        if (file.get("product-name") or package) in names and (file.get("original") or source) == source:
            units = _file_units(file)
    return {unit_id: text for unit_id, text in units.items() if text}
