"""Labels as the inspector shows them: translation ids, ``i18n`` shorthands and XLIFF translations.

Qt-free. A string that looks like ``Package:Source:id`` (or ``Package:id``, source ``Main``) is a
translation id: it is shown as its English text when the package ships
``Resources/Private/Translations/en/<Source as folders>.xlf`` holding it (or, for the platform's own
ids, from a small table of English texts), and as the id itself otherwise — the CMS shows the raw id
when no translation exists. A value of exactly ``i18n`` stands for a generated id (neos-facts §5.13).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from nodetype_studio import boundedio

# Package keys are dotted (`Neos.Neos`, `Vendor.Site`); an id is everything after the last colon.
_ID_RE = re.compile(r"^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+):(?:([A-Za-z][\w.]*):)?([\w.\-]+)$")

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
    """``(package, source, id)`` if ``text`` is a translation id, else None."""
    if not isinstance(text, str):
        return None
    m = _ID_RE.match(text.strip())
    if not m:
        return None
    return m.group(1), m.group(2) or "Main", m.group(3)


def generated_id(node_type: str, *suffix: str) -> str:
    """The id the CMS generates for an ``i18n`` value: ``Vendor.Pkg:NodeTypes.Name:<suffix>``."""
    package, _, name = node_type.partition(":")
    return f"{package}:NodeTypes.{name}:{'.'.join(suffix)}"


@lru_cache(maxsize=256)
def _read_xliff(path: Path, mtime_ns: int) -> dict[str, str]:
    """Trans-unit id -> English text (target if present, else source); XLIFF 1.2 and 2.0."""
    units: dict[str, str] = {}
    try:
        root = ET.fromstring(boundedio.read_bytes(path))  # (a file larger than the studio reads: no texts)
    except (ET.ParseError, OSError):
        return units
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag not in ("trans-unit", "unit"):
            continue
        unit_id = element.get("id")
        if not unit_id:
            continue
        texts = {}
        for child in element.iter():
            child_tag = child.tag.rsplit("}", 1)[-1]
            if child_tag in ("source", "target") and child_tag not in texts:
                texts[child_tag] = "".join(child.itertext()).strip()
        text = texts.get("target") or texts.get("source")
        if text:
            units[unit_id] = text
    return units


class Translator:
    """Turns labels into display text; ``packages`` maps package keys to their folders."""

    def __init__(self, packages: Mapping[str, Path] | None = None, language: str = "en"):
        self.packages = {name: Path(path) for name, path in (packages or {}).items()}
        self.language = language

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
        path = self.xliff_path(package, source)
        if path is not None:
            try:
                stat = path.stat()
            except OSError:
                stat = None
            if stat is not None:
                found = _read_xliff(path, stat.st_mtime_ns).get(unit)
                if found:
                    return found
        if package in _PLATFORM_PACKAGES:
            return PLATFORM_TEXTS.get(f"{source}:{unit}")
        return None

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
