"""Labels as the CMS's UI shows them: translation ids, ``i18n`` shorthands and XLIFF translations.

Qt-free. A string that looks like ``Package:Source:id`` is a translation id (Flow's shorthand
``Package:id`` is none to the UI): it is shown as its English text when an XLIFF file serving the source
holds it — the package's ``Resources/Private/Translations/en/<Source as folders>.xlf``, or any file of any
package or of a distribution's ``Data/Translations/en`` whose ``<file>`` names the source, merged as Flow
merges them (``model.xliff``), a unit English lacks taken from the next locale of Flow's locale chain
(``locale_chain``) — or, for the platform's own ids, from a small table of English texts, and as the id
itself otherwise: the CMS shows the raw id when no translation exists. A value without a colon is a unit of
``Neos.Neos:Main``, where neos-ui looks it up, shown as written when there is none (``bare_text``). A value of
exactly ``i18n`` stands for a generated id (neos-facts §5.13).
"""

from __future__ import annotations

import os
import re
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Mapping, Sequence

from nodetype_studio.model.baseline import load_baseline
from nodetype_studio.model.xliff import (
    MAX_XLIFF_DEPTH,
    PLATFORM_PACKAGES,
    XliffIndex,
    names_by_path,
    own_sources,
    package_key,
    ui_key,
)

__all__ = ["MAX_XLIFF_DEPTH", "PLATFORM_TEXTS", "Translator", "generated_id", "looks_like_id", "package_folders",
           "project_translator", "split_id"]

# Package keys are dotted (`Neos.Neos`, `Vendor.Site`); an id is everything after the last colon.
# The source is a dotted path below the package's translation folder (a node type name's: letters, digits,
# `_`, `-`); the unit is anything up to the next colon (a select box value such as `1/2` or `#fff` is part
# of a generated id, and the UI looks it up as written).
_ID_RE = re.compile(r"^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+):(?:([A-Za-z][\w.\-]*):)?([^:]+)$")
# The UI splits an id at its colons into package, source and unit (neos-ui `I18nRegistry.js`
# `getTranslationAddress`): Flow's shorthand `Package:id` (source `Main`) names a source and no unit there,
# finds no text and is shown as written.

# Where the UI looks up an id written without package and source (neos-ui `I18nRegistry` `translate()` defaults).
MAIN_SOURCE = "Neos.Neos:Main"

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


def split_id(text: str) -> tuple[str, str, str] | None:
    """``(package, source, id)`` if ``text`` is a translation id the UI looks up, else None."""
    if not isinstance(text, str):
        return None
    # as written: the UI splits the label itself, white space around it stays part of the package or unit
    m = _ID_RE.fullmatch(text)
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



# Flow's `Locale`: language, optional script, region and variant, joined by `-` or `_` (anything after them
# is ignored); its string form, the name of a translation folder, is `de`, `de_CH`, `sr_Latn_RS`.
_LOCALE_RE = re.compile(r"([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{4}))?(?:[-_]([a-zA-Z]{2}|[0-9]{3}))?"
                        r"(?:[-_]((?:[a-zA-Z0-9]{5,8})|(?:[0-9][a-zA-Z0-9]{3})))?(?:[-_].+)*")


def locale_identifier(value: Any) -> str | None:
    """The string form Flow gives a locale identifier (``de-ch`` -> ``de_CH``), None for one it refuses."""
    match = _LOCALE_RE.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        return None
    language, script, region, variant = match.groups()
    return "_".join(part for part in (language.lower(), script and script.capitalize(), region and region.upper(),
                                      variant and variant.upper()) if part)


def _with_parents(locale: str) -> list[str]:
    parts = locale.split("_")
    return ["_".join(parts[:end]) for end in range(len(parts), 0, -1)]


def locale_chain(locale: str, i18n: Any = None) -> tuple[str, ...]:
    """The locales whose translation folders Flow reads for ``locale``, the most specific first (Flow's
    ``I18n\\Service::getLocaleChain``): the locale and, unless ``fallbackRule.strict`` is true, its parents
    (``de_CH``, ``de``); each locale of ``fallbackRule.order`` (with its parents unless strict); last
    ``defaultLocale`` (``en`` unless set). ``i18n``: the project's ``Neos.Flow.i18n`` settings. A locale
    without a folder adds no texts, so the parents stand for Flow's best matching available locales."""
    i18n = i18n if isinstance(i18n, Mapping) else {}
    rule = i18n.get("fallbackRule")
    rule = rule if isinstance(rule, Mapping) else {}
    strict = rule.get("strict") is True
    order = rule.get("order")
    chain: list[str] = [locale] if strict else _with_parents(locale)
    for entry in order.values() if isinstance(order, Mapping) else order if isinstance(order, list) else ():
        identifier = locale_identifier(entry)
        if identifier is not None:
            chain += [identifier] if strict else _with_parents(identifier)
    chain.append(locale_identifier(i18n.get("defaultLocale")) or "en")
    return tuple(dict.fromkeys(chain))  # (a locale already in the chain keeps its place, as a PHP array key)


class Translator:
    """Turns labels into display text; ``packages`` maps package keys to their folders.

    The texts of a source are those Flow's ``XliffFileProvider`` gives the UI: every XLIFF file of every
    package's ``Resources/Private/Translations/<language>/`` whose ``<file>`` names the source (by default a
    file names its own package and path), merged in the packages' load order, then those of the
    distribution's ``Data/Translations/<language>/`` (``global_folder``), which override all; the folders of
    each locale of ``locales`` (the locale chain, most specific first; default: ``language`` alone) in turn,
    the last first, so that a unit the more specific locales lack falls back (Flow's ``getMergedFileData``).
    ``folders``: the package folders in the CMS's load order (default: those of ``packages``, in its order);
    the keys ``packages`` gives a folder are the package a file in it names by default.

    ``auto_include`` is the project's ``<Platform>.userInterface.translation.autoInclude`` setting: the
    Neos UI only has the texts of the sources it lists (package key -> wildcard patterns such as
    ``NodeTypes/*``; Neos.Neos ``XliffService``), any other id shows as the id. None: every source.
    """

    def __init__(self, packages: Mapping[str, Path] | None = None, language: str = "en",
                 auto_include: Mapping[str, Any] | None = None, *, folders: Sequence[Path] | None = None,
                 global_folder: Path | None = None, locales: Sequence[str] | None = None):
        self.packages = {name: _path(path) for name, path in (packages or {}).items()}
        self.language = language
        self.locales = tuple(locales) if locales else (language,)
        self.auto_include = auto_include
        self.folders = [_path(folder) for folder in (self.packages.values() if folders is None else folders)]
        self.global_folder = global_folder
        self._index: XliffIndex | None = None
        self._own_sources: dict[str, frozenset[str] | None] = {}
        self._collected: dict[tuple[str, str], bool] = {}
        self._bare: dict[str, str] = {}

    def _xliff(self) -> XliffIndex:
        """The index of the translation files, made on the first question (listing the folders is the cost)."""
        if self._index is None:
            keys: dict[Path, list[str]] = {}
            for name, folder in self.packages.items():
                keys.setdefault(folder, []).append(package_key(name))
            folders: list[tuple[str, tuple[str, ...]]] = []
            for locale in reversed(self.locales):  # (the fallback locales first: a later folder's texts win)
                below = os.path.join("Resources", "Private", "Translations", locale)
                folders += [(os.path.join(folder, below), tuple(dict.fromkeys(keys.get(folder) or [folder.name])))
                            for folder in dict.fromkeys(self.folders)]
                if self.global_folder is not None:  # (files there name `Neos.Flow` by default)
                    folders.append((os.path.join(self.global_folder, locale), ("Neos.Flow",)))
            self._index = XliffIndex(folders)
        return self._index

    def _file_id(self, package: str, source: str) -> str:
        return f"{package_key(package)}:{source.replace('.', '/')}"

    def included(self, package: str, source: str) -> bool:
        """Whether the UI gets the texts of ``package``'s source ``source`` (dotted, as in an id): the setting
        lists it (``listed``) and the package's own files name it (``collected``)."""
        return self.listed(package, source) and self.collected(package, source)

    def collected(self, package: str, source: str) -> bool:
        """Whether ``package``'s own ``.xlf`` files (of any locale) name ``source`` (dotted): Neos' ``XliffService``
        sends the UI only such sources, whichever files hold their texts. True without the setting, or for a
        package without a folder or of the platform baseline."""
        folder = self.packages.get(package)
        if self.auto_include is None or folder is None:
            return True
        if (package, source) not in self._collected:
            translations, path = str(folder / "Resources" / "Private" / "Translations"), source.replace(".", "/")
            found = names_by_path(translations, package, path, self.locales)
            if not found:  # (a source named another way: every file of the package read)
                if package not in self._own_sources:
                    self._own_sources[package] = own_sources(translations, package)
                sources = self._own_sources[package]
                found = sources is None or path in sources
            self._collected[package, source] = found
        return self._collected[package, source]

    def listed(self, package: str, source: str) -> bool:
        """Whether the project's autoInclude setting lists ``package``'s source ``source`` (dotted)."""
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

    def unit_texts(self, package: str, source: str) -> dict[str, str] | None:
        """Unit id -> text of ``package``'s source ``source`` (dotted, as in an id), merged from every file that
        serves it; None when none does."""
        return self._xliff().texts(self._file_id(package, source))

    def unit_text(self, package: str, source: str, unit: str) -> str | None:
        """The text the UI shows for ``unit`` of ``package``'s source ``source``: the unit's id is compared with
        its dots as underscores, as neos-ui's ``I18nRegistry`` and Neos' ``XliffService`` key it."""
        return (self._xliff().ui_texts(self._file_id(package, source)) or {}).get(ui_key(unit))

    def xliff_path(self, package: str, source: str) -> Path | None:
        """The file whose texts of ``package``'s source win (the last that serves it), else where the package's
        own file would be; None for a package without a folder."""
        served = self._xliff().files(self._file_id(package, source))
        if served:
            return served[-1]
        folder = self.packages.get(package)
        if folder is None:
            return None
        return folder / "Resources" / "Private" / "Translations" / self.language / (source.replace(".", "/") + ".xlf")

    def xliff_paths(self, package: str, source: str) -> list[Path]:
        """Every file serving ``package``'s source, in the order their texts are merged."""
        return self._xliff().files(self._file_id(package, source))

    def lookup(self, translation_id: str) -> str | None:
        """The English text of a translation id, or None when there is none."""
        parts = split_id(translation_id)
        if parts is None:
            return None
        package, source, unit = parts
        if not self.listed(package, source):
            return None
        found = self.unit_text(package, source, unit) or (
            PLATFORM_TEXTS.get(f"{source}:{unit}") if package in PLATFORM_PACKAGES else None)
        # (whether the package's files name the source is asked last: it may read them all)
        return found if found and self.collected(package, source) else None

    def bare_text(self, value: str) -> str:
        """The text of a value without a colon: neos-ui's I18nRegistry takes it for a unit of its default package
        and source, ``Neos.Neos:Main`` (``label: cancel`` shows "Cancel"), and shows it as written when that source
        has no such unit (the common case: a plain label)."""
        text = self._bare.get(value)
        if text is None:
            text = self._bare[value] = self.lookup(f"{MAIN_SOURCE}:{value}") or value
        return text

    def label(self, value, generated: str | None = None) -> str:
        """``text()`` of a label, as the browser renders it (``as_rendered``)."""
        return as_rendered(self.text(value, generated))

    def text(self, value, generated: str | None = None) -> str:
        """Display text of a label/placeholder value; ``generated`` is the id an ``i18n`` value stands for."""
        if value is None:
            return ""
        if not isinstance(value, str):
            return str(value)
        if ":" not in value:
            if not (generated and value.strip() == "i18n"):
                return self.bare_text(value)
            value = generated
        if split_id(value) is None:
            return value
        return self.lookup(value) or value


def project_translator(project, packages: Mapping[str, Path] | None = None) -> Translator:
    """The translator of a project: its package folders (``packages``, else ``package_folders``) in the CMS's
    load order, its distribution's ``Data/Translations``, the sources its settings send to the UI
    (``userInterface.translation.autoInclude``, Neos.Neos XliffService), and the English UI's locale chain
    (the project's ``Neos.Flow.i18n`` fallback rule and default locale: ``locale_chain``)."""
    auto_include = project.platform_setting("userInterface", "translation", "autoInclude", default={})
    folders = package_folders(project) if packages is None else packages
    root = getattr(project, "root", None)
    i18n: Any = getattr(project, "settings", None)
    for key in (project.platform.prefix, "Flow", "i18n"):
        i18n = i18n.get(key) if isinstance(i18n, Mapping) else None
    return Translator(folders, auto_include=auto_include if isinstance(auto_include, Mapping) else {},
                      folders=translation_folders(project, folders), locales=locale_chain("en", i18n),
                      global_folder=Path(root) / "Data" / "Translations"
                      if root is not None and getattr(project, "kind", None) == "distribution" else None)


def translation_folders(project, packages: Mapping[str, Path]) -> list[Path]:
    """The package folders whose translations the CMS reads, in its load order: the baseline's platform
    packages (those the project does not hold itself) first, then the project's packages."""
    folders: list[Path] = []
    version = getattr(project, "cms_version", None)
    if version is not None:
        for package in load_baseline(version.version.value, project.platform.prefix).packages:
            if packages.get(package.name) == package.path:
                folders.append(package.path)
    folders += [_path(p.path) for p in getattr(project, "packages", []) if not getattr(p, "is_global", False)]
    return folders


def _path(path) -> Path:
    return path if isinstance(path, Path) else Path(path)  # (a Path made again is parsed again: many per preview)


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
