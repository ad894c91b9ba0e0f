"""XLIFF files read as Flow reads them (``Neos.Flow`` ``XliffReader``, ``V12/XliffParser``): which documents
count, which source each ``<file>`` element serves, the text of each trans-unit; and the texts of a source
merged from every file of every translation folder that serves it, as ``XliffFileProvider`` merges them
for the CMS and its UI (Neos.Neos ``XliffService``). Qt-free; used by ``model.translations``."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from nodetype_studio import boundedio
from nodetype_studio.bundled import resources_dir

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


def _starts_with_root(data: bytes) -> bool:
    """Whether the document's first node is an element (after an XML declaration). Told before the document is
    parsed: its entities can only be declared in a DOCTYPE before that element, and expat lets them expand a
    file to a hundred times its size (hundreds of MB for one of 8 MB) before it refuses."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # (UTF-16: its beginning told in UTF-8)
        data = data[:4096].decode("utf-16", errors="replace").encode("utf-8")
    return _ROOT_FIRST_RE.match(data) is not None


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


#: (product-name, original, trans-unit id -> text) of one ``<file>`` element; "" for an absent attribute
FileElement = tuple[str, str, Mapping[str, str]]


@lru_cache(maxsize=1024)
def read_document(path: Path, mtime_ns: int) -> tuple[FileElement, ...]:
    """The ``<file>`` elements of the XLIFF document at ``path``, read as Flow reads translations
    (``XliffReader``, ``V12/XliffParser``): only XLIFF 1.2 documents that start with their ``<xliff>``
    element give any; a broken, too large or too deeply nested file gives none. The texts are as written
    (not stripped): a later file's empty unit still replaces an earlier one's."""
    try:
        data = boundedio.read_bytes(path)  # (a file larger than the studio reads: no texts)
        if not _starts_with_root(data):
            return ()
        root = _parse_bounded(data)
    except (ET.ParseError, OSError, _TooDeep):
        return ()
    if _local(root) != "xliff" or root.get("version") != "1.2":
        return ()  # (Flow reads no other version: an XLIFF 2.0 file gives no texts)
    return tuple((file.get("product-name") or "", file.get("original") or "", _file_units(file))
                 for file in root if _local(file) == "file")


def refusal(path: Path) -> str | None:
    """Why the document at ``path`` gives no texts (``read_document``), in words for a finding; None when it
    is read."""
    try:
        data = boundedio.read_bytes(path)
    except boundedio.FileTooLarge:
        return f"it is larger than the {boundedio.MAX_FILE_BYTES // 2**20} MB the studio reads"
    except OSError as problem:
        return f"it cannot be read ({problem.strerror or problem})"
    if not _starts_with_root(data):
        return ("its first node is not its <xliff> element (a DOCTYPE, comment or processing instruction "
                "comes first), so Flow skips it")
    try:
        root = _parse_bounded(data)
    except ET.ParseError as problem:
        return f"it is not well-formed XML ({problem})"
    except _TooDeep:
        return f"its elements nest deeper than {MAX_XLIFF_DEPTH} levels"
    if _local(root) != "xliff" or root.get("version") != "1.2":
        return "it is not an XLIFF 1.2 document, the only version Flow reads"
    return None


def package_key(name: str) -> str:
    """The key a file id is made of: the platform package's spellings are one package."""
    return "Neos.Neos" if name in PLATFORM_PACKAGES else name


def _php_or(value: str, default: str) -> str:
    """PHP's ``$value ?: $default`` for an attribute: ``""`` and ``"0"`` are falsy."""
    return value if value not in ("", "0") else default


def served_ids(document: tuple[FileElement, ...], packages: tuple[str, ...], source: str) -> dict[str, Mapping[str, str]]:
    """File id (``Package:Source/Path``) -> texts of each id a document serves, as ``XliffFileProvider`` matches
    it: a ``<file>`` names (its ``product-name``, else the package the document is in) ``:`` (its ``original``,
    else ``source``, the document's path below the locale folder without its extension); of a document the
    last ``<file>`` naming an id counts. ``packages``: the keys of the package the document is in."""
    served: dict[str, Mapping[str, str]] = {}
    for product, original, units in document:
        named = (package_key(product),) if product not in ("", "0") else packages
        for package in named:
            served[f"{package}:{_php_or(original, source)}"] = units
    return served


# A package's translation folder for one locale holds a few dozen files (Neos.Neos's English one: about 60, in
# two levels of folders); these bounds keep a folder that holds something else from costing much.
MAX_FILES_PER_FOLDER = 2000
MAX_FOLDER_DEPTH = 8


def _listing(folder: str) -> tuple[tuple[Path, str, int], ...]:
    """(file, default source, mtime) of the files below ``folder``, as Flow's ``Files::readDirectoryRecursively``
    finds them (every file, whatever its extension; dot-named files and folders skipped), a folder's files
    before its sub-folders, by name; bounded by ``MAX_FILES_PER_FOLDER`` and ``MAX_FOLDER_DEPTH``. The
    default source is the path below ``folder`` up to its last dot (PHP's ``substr(.., strrpos(.., '.'))``:
    none without a dot)."""
    found: list[tuple[Path, str, int]] = []
    pending: list[tuple[str, str, int]] = [(folder, "", 0)]
    while pending:
        current, prefix, depth = pending.pop()
        try:
            with os.scandir(current) as scan:
                entries = sorted((entry for entry in scan if not entry.name.startswith(".")), key=lambda e: e.name)
        except OSError:  # no such folder (the common case), or not readable
            continue
        folders = []
        for entry in entries:
            relative = prefix + entry.name
            try:
                if entry.is_dir():
                    folders.append((entry.path, relative + "/", depth + 1))
                elif entry.is_file():
                    cut = relative.rfind(".")
                    found.append((Path(entry.path), relative[:cut] if cut >= 0 else "", entry.stat().st_mtime_ns))
            except OSError:
                continue
            if len(found) >= MAX_FILES_PER_FOLDER:
                return tuple(found)
        if depth < MAX_FOLDER_DEPTH:
            pending.extend(reversed(folders))
    return tuple(found)


def own_sources(folder: str, package: str) -> frozenset[str] | None:
    """The sources Neos' ``XliffService`` sends the UI texts of for ``package`` (before its autoInclude patterns):
    those its own ``.xlf`` files name, of every locale below its translation folder ``folder`` — a ``<file>``
    whose ``product-name`` is empty or ``package`` names its ``original``, else the file's path below the
    locale folder. None for the platform baseline's folders (each of their files serves its own path)."""
    if _bundled(folder):
        return None
    sources: set[str] = set()
    for path, relative, mtime in _listing(folder):
        if not path.name.endswith(".xlf"):  # (Files::readDirectoryRecursively with the suffix `.xlf`)
            continue
        default = relative.partition("/")[2] if "/" in relative else relative  # (below the locale folder)
        for product, original, _units in read_document(path, mtime):
            if _php_or(product, package) == package:
                sources.add(_php_or(original, default))
    return frozenset(sources)


def names_by_path(folder: str, package: str, source: str, locales: Sequence[str] = ()) -> bool:
    """Whether a file ``<locale>/<source>.xlf`` of ``package``'s translation folder ``folder`` names the source
    (the common way ``own_sources`` finds one, told from one file per locale; ``locales`` are tried first).
    True for the platform baseline's folders."""
    if _bundled(folder):
        return True
    try:
        with os.scandir(folder) as scan:
            found = sorted(entry.name for entry in scan if not entry.name.startswith(".") and entry.is_dir())
    except OSError:
        return False
    for locale in dict.fromkeys([*(locale for locale in locales if locale in found), *found]):
        path = Path(folder, locale, source + ".xlf")
        try:
            mtime = path.stat().st_mtime_ns
        except OSError:
            continue
        if any(_php_or(product, package) == package and _php_or(original, source) == source
               for product, original, _units in read_document(path, mtime)):
            return True
    return False


class XliffIndex:
    """The texts of every source served by the XLIFF files of some translation folders, merged as Flow's
    ``XliffFileProvider`` merges them (``Arrays::arrayMergeRecursiveOverrule``): folder after folder, file
    after file, a later file's unit replacing an earlier one's. ``folders``: (locale folder, keys of the
    package it belongs to) in the order Flow reads them. Listed and read on the first question.

    The platform baseline's folders are the studio's own: each of their files is ``<Source>.xlf`` and
    serves only its own package and path (a test holds them to that), so they are not listed and a file of
    theirs is read only when its source is asked for: a project without XLIFF files costs the listing of
    its packages' (missing) translation folders and nothing more.
    """

    def __init__(self, folders: Sequence[tuple[str, tuple[str, ...]]]):
        self.folders = list(folders)
        self._served: dict[str, list[tuple[int, Path, Mapping[str, str]]]] | None = None
        self._merged: dict[str, dict[str, str] | None] = {}
        self._keyed: dict[str, dict[str, str] | None] = {}

    def _build(self) -> dict[str, list[tuple[int, Path, Mapping[str, str]]]]:
        served: dict[str, list[tuple[int, Path, Mapping[str, str]]]] = {}
        for order, (folder, packages) in enumerate(self.folders):
            if _bundled(folder):
                continue
            for path, source, mtime in _listing(folder):
                for file_id, units in served_ids(read_document(path, mtime), packages, source).items():
                    served.setdefault(file_id, []).append((order, path, units))
        return served

    def _documents(self, file_id: str) -> list[tuple[int, Path, Mapping[str, str]]]:
        """(folder's place, file, texts) of every file serving ``file_id``, in the order they are merged."""
        if self._served is None:
            self._served = self._build()
        found = list(self._served.get(file_id, ()))
        package, _, source = file_id.partition(":")
        for order, (folder, packages) in enumerate(self.folders):
            if package in packages and _bundled(folder):
                path = Path(folder, source + ".xlf")
                try:
                    mtime = path.stat().st_mtime_ns
                except OSError:
                    continue
                units = served_ids(read_document(path, mtime), packages, source).get(file_id)
                if units is not None:
                    found.append((order, path, units))
        return sorted(found, key=lambda entry: entry[0])  # (stable: a folder's files stay in their order)

    def files(self, file_id: str) -> list[Path]:
        """The files serving ``file_id``, in the order their texts are merged (the last wins)."""
        return [path for _order, path, _units in self._documents(file_id)]

    def texts(self, file_id: str) -> dict[str, str] | None:
        """Trans-unit id -> text of ``file_id`` merged from every file serving it (an empty text left out: the
        UI shows the id; one of spaces only is a text), None when no file does."""
        if file_id not in self._merged:
            merged = self._all_texts(file_id)
            self._merged[file_id] = {unit: text for unit, text in merged.items() if text} if merged is not None else None
        return self._merged[file_id]

    def ui_texts(self, file_id: str) -> dict[str, str] | None:
        """``texts()`` keyed as the UI keys them: Neos' ``XliffService`` files each unit under its id with dots as
        underscores, and neos-ui looks an id up the same way, so `a.b` and `a_b` are one unit there (of two
        spellings the later unit wins, an empty one too)."""
        if file_id not in self._keyed:
            merged = self._all_texts(file_id)
            keyed: dict[str, str] = {}
            for unit, text in (merged or {}).items():
                keyed[ui_key(unit)] = text
            self._keyed[file_id] = {unit: text for unit, text in keyed.items() if text} if merged is not None else None
        return self._keyed[file_id]

    def _all_texts(self, file_id: str) -> dict[str, str] | None:
        documents = self._documents(file_id)
        merged: dict[str, str] = {}
        for _order, _path, units in documents:
            merged.update(units)
        return merged if documents else None


def ui_key(unit: str) -> str:
    """A trans-unit id as the UI's translation table keys it (dots as underscores)."""
    return unit.replace(".", "_")


def _bundled(folder: str) -> bool:
    """Whether ``folder`` is one of the platform baseline's (part of the studio, never changed)."""
    return folder.startswith(_resources_prefix())


@cache
def _resources_prefix() -> str:
    return os.path.join(resources_dir(), "")
