"""Labels as the CMS's UI shows them: translation ids, ``i18n`` shorthands and XLIFF translations.

Qt-free. A string that looks like ``Package:Source:id`` is a translation id (Flow's shorthand
``Package:id`` is none to the UI): it is shown as its English text when the package ships
``Resources/Private/Translations/en/<Source as folders>.xlf`` (XLIFF 1.2, read as Flow reads it)
holding it (or, for the platform's own ids, from a small table of English texts), and as the id
itself otherwise — the CMS shows the raw id when no translation exists. A value of exactly ``i18n``
stands for a generated id (neos-facts §5.13).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fnmatch import fnmatchcase
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from nodetype_studio import boundedio
from nodetype_studio.model.baseline import load_baseline

# Package keys are dotted (`Neos.Neos`, `Vendor.Site`); an id is everything after the last colon.
# The source is a dotted path below the package's translation folder (a node type name's: letters, digits,
# `_`, `-`); the unit is anything up to the next colon (a select box value such as `1/2` or `#fff` is part
# of a generated id, and the UI looks it up as written).
_ID_RE = re.compile(r"^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+):(?:([A-Za-z][\w.\-]*):)?([^:]+)$")
# The UI splits an id at its colons into package, source and unit (neos-ui `I18nRegistry.js`
# `getTranslationAddress`): Flow's shorthand `Package:id` (source `Main`) names a source and no unit there,
# finds no text and is shown as written.

# English texts of the platform ids that editor defaults and baseline node types use. The platform's
# own translation files are not part of a project, so these few are carried as data.
PLATFORM_TEXTS: Mapping[str, str] = {
    "Main:choose": "Choose",
    "Main:typeToSearch": "Type to search",
    "Main:content.inspector.editors.codeEditor.editCode": "Edit code",
    "Main:content.inspector.editors.dateTimeEditor.noDateSet": "No date set",
    "Main:content.inspector.editors.linkEditor.search": "Paste a link, or type to search",
    "Main:invalidValue": "Invalid value",
}
_PLATFORM_PACKAGES = ("Neos.Neos", "Cms.Cms", "TYPO3.Neos")


def split_id(text: str) -> tuple[str, str, str] | None:
    """``(package, source, id)`` if ``text`` is a translation id the UI looks up, else None."""
    if not isinstance(text, str):
        return None
    m = _ID_RE.match(text.strip())
    if not m or m.group(2) is None:
        return None
    return m.group(1), m.group(2), m.group(3)


def looks_like_id(text: str) -> bool:
    """Whether ``text`` is shaped as a translation id, ``Package:Source:id`` or the shorthand ``Package:id``."""
    return isinstance(text, str) and _ID_RE.match(text.strip()) is not None


# HTML's white space (space, tab, line feed, form feed, carriage return; not the no-break space).
_HTML_SPACE = re.compile(r"[ \t\n\f\r]+")


def as_rendered(text: str) -> str:
    """A label as the browser shows it (``white-space: normal``): each run of white space one space, none at
    either end. An XLIFF source wrapped over two lines is one line in the CMS's inspector, and a text of
    spaces only is an empty label there (the UI shows such a translation, not its id)."""
    return _HTML_SPACE.sub(" ", text).strip(" ")


def generated_id(node_type: str, *suffix: str) -> str:
    """The id the CMS generates for an ``i18n`` value: ``Vendor.Pkg:NodeTypes.Name:<suffix>``."""
    package, _, name = node_type.partition(":")
    return f"{package}:NodeTypes.{name}:{'.'.join(suffix)}"


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
def _read_xliff(path: Path, mtime_ns: int, package: str, source: str) -> dict[str, str]:
    """Trans-unit id -> text of the XLIFF file that holds ``package:source`` (source as a path, e.g.
    ``NodeTypes/Content/Teaser``), read as Flow reads translations (``XliffFileProvider``, ``V12/XliffParser``):
    only XLIFF 1.2 documents that start with their ``<xliff>`` element; of several ``<file>`` elements the
    last whose ``product-name`` (default: the package) and ``original`` (default: the path) name
    ``package:source``. The platform package's files name it ``Neos.Neos`` in every spelling."""
    names = {package, "Neos.Neos"} if package in _PLATFORM_PACKAGES else {package}
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


def unit_texts(path: Path, package: str, source: str) -> dict[str, str] | None:
    """Unit id -> text of ``package``'s source ``source`` (dotted, as in an id) in the XLIFF file at ``path``,
    read as ``Translator.lookup`` reads it; None when there is no such file."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _read_xliff(path, stat.st_mtime_ns, package, source.replace(".", "/"))


class Translator:
    """Turns labels into display text; ``packages`` maps package keys to their folders.

    ``auto_include`` is the project's ``<Platform>.userInterface.translation.autoInclude`` setting: the
    Neos UI only has the texts of the sources it lists (package key -> wildcard patterns such as
    ``NodeTypes/*``; Neos.Neos ``XliffService``), any other id shows as the id. None: every source.
    """

    def __init__(self, packages: Mapping[str, Path] | None = None, language: str = "en",
                 auto_include: Mapping[str, Any] | None = None):
        self.packages = {name: Path(path) for name, path in (packages or {}).items()}
        self.language = language
        self.auto_include = auto_include

    def included(self, package: str, source: str) -> bool:
        """Whether the UI gets the texts of ``package``'s source ``source`` (dotted, as in an id)."""
        if self.auto_include is None:
            return True
        patterns = self.auto_include.get(package)
        if isinstance(patterns, Mapping):
            patterns = list(patterns.values())  # (a PHP array either way)
        if not isinstance(patterns, list):  # (`true` or `~` include nothing: the setting wants a list)
            return False
        path = source.replace(".", "/")
        # PHP's fnmatch() without flags: case-sensitive, and `*` also matches `/`
        return any(isinstance(pattern, str) and fnmatchcase(path, pattern) for pattern in patterns)

    def xliff_path(self, package: str, source: str) -> Path | None:
        folder = self.packages.get(package)
        if folder is None:
            return None
        return folder / "Resources" / "Private" / "Translations" / self.language / (source.replace(".", "/") + ".xlf")

    def lookup(self, translation_id: str) -> str | None:
        """The English text of a translation id, or None when there is none."""
        parts = split_id(translation_id)
        if parts is None:
            return None
        package, source, unit = parts
        if not self.included(package, source):
            return None
        path = self.xliff_path(package, source)
        if path is not None:
            try:
                stat = path.stat()
            except OSError:
                stat = None
            if stat is not None:
                found = _read_xliff(path, stat.st_mtime_ns, package, source.replace(".", "/")).get(unit)
                if found:
                    return found
        if package in _PLATFORM_PACKAGES:
            return PLATFORM_TEXTS.get(f"{source}:{unit}")
        return None

    def label(self, value, generated: str | None = None) -> str:
        """``text()`` of a label, as the browser renders it (``as_rendered``)."""
        return as_rendered(self.text(value, generated))

    def text(self, value, generated: str | None = None) -> str:
        """Display text of a label/placeholder value; ``generated`` is the id an ``i18n`` value stands for."""
        if value is None:
            return ""
        if not isinstance(value, str):
            return str(value)
        if ":" not in value:  # no translation id has no colon (the common case: a plain label)
            if not (generated and value.strip() == "i18n"):
                return value
            value = generated
        if split_id(value) is None:
            return value
        return self.lookup(value) or value


def project_translator(project, packages: Mapping[str, Path] | None = None) -> Translator:
    """The translator of a project: its package folders (``packages``, else ``package_folders``) and the
    sources its settings send to the UI (``userInterface.translation.autoInclude``, Neos.Neos XliffService)."""
    auto_include = project.platform_setting("userInterface", "translation", "autoInclude", default={})
    return Translator(package_folders(project) if packages is None else packages,
                      auto_include=auto_include if isinstance(auto_include, Mapping) else {})


def package_folders(project) -> dict[str, Path]:
    """Package key -> folder; a node type namespace also maps to the folder of the package declaring it
    (packages found by folder name, e.g. ``Vendor__Vendor.Pkg``, still find their translations/icons)."""
    folders = {p.name: Path(p.path) for p in getattr(project, "packages", [])}
    # platform packages the folder does not hold: the baseline of the project's version has their texts
    # (before the namespaces below: a project package that overrides `Neos.Neos:Document` does not own
    # the `Neos.Neos:` ids, the platform's translation files do)
    version = getattr(project, "cms_version", None)
    if version is not None:
        prefix = project.platform.prefix
        for name, folder in load_baseline(version.version.value, prefix).package_folders(prefix).items():
            folders.setdefault(name, folder)
    for nt in getattr(project, "node_types", {}).values():
        namespace = nt.name.partition(":")[0]
        if namespace not in folders and nt.package in folders:
            folders[namespace] = folders[nt.package]
    return folders
