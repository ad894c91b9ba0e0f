"""The URL path segment the CMS makes from a text (the UriPathSegmentEditor's sync button), Qt-free.

The CMS's ``NodeUriPathSegmentGenerator`` takes the language of the node's ``language`` dimension value
(``de_CH`` -> ``de``), or without one the language of Flow's current locale (``Neos.Flow.i18n.defaultLocale``,
``en`` unless the project sets it); it applies ``Neos.Neos.transliterationRules`` of that language (the
platform has ``de``: ``ä`` -> ``ae``, and ``da``), transliterates the rest to ASCII with
behat/transliterator's ``utf8ToAscii`` and ``urlize``s it: lowercase, an apostrophe inside a word dropped,
every run of other characters one ``-``, none at either end. behat/transliterator's tables (since its
1.1) are generated from Perl's Text::Unidecode; the preview reads the ``text-unidecode`` package's table, made
from an older Text::Unidecode, and corrects it where behat's differs (``preview.behat_translit``: Greek
U+03F4..U+03FF, Cherokee, Middle Welsh, C1 controls, ...). An empty text is replaced by
the node's label (``node_label``), as the generator falls back to ``$node->getLabel()``.

The preview node has no dimension space point: it stands in the one the backend opens first, the
language dimension's default (8.3: the first value of the default preset; 9.x: the first value the
dimension lists, as the backend opens the first root generalization; neos-ui BackendController).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Callable

from nodetype_studio.preview.behat_translit import BANKS_WITHOUT_FILE, OVERRIDES, UNKNOWN_IN_TABLE

# Flow's `Locale`: the language is the identifier's first part (2-8 letters), lowercased.
_LOCALE = re.compile(r"([a-zA-Z]{2,8})(?:[-_][a-zA-Z0-9]+)*")
_DEFAULT_LOCALE = "en"


def locale_language(value: Any) -> str | None:
    """The language of a locale identifier (``de_CH`` -> ``de``), None for a value that is not one."""
    match = _LOCALE.fullmatch(value) if isinstance(value, str) else None
    return match.group(1).lower() if match else None


def _platform(settings: Mapping, prefix: str) -> Mapping:
    root = settings.get(prefix) if isinstance(settings, Mapping) else None
    return root if isinstance(root, Mapping) else {}


def _get(node: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(node, Mapping):
            return None
        node = node.get(key)
    return node


def _dimension_value(settings: Mapping, prefix: str, cms_version: str) -> Any:
    platform = _platform(settings, prefix)
    if cms_version == "8.3":
        dimension = _get(platform, "ContentRepository", "contentDimensions", "language")
        values = _get(dimension, "presets", str(_get(dimension, "defaultPreset")), "values")
        if isinstance(values, list) and values:
            return values[0]
        return _get(dimension, "default")
    repository = _get(platform, "ContentRepositoryRegistry", "contentRepositories", "default")
    key = _get(repository, "localeDimensionKey")
    key = key if isinstance(key, str) and key else "language"
    dimension = _get(repository, "contentDimensions", key)
    if not isinstance(dimension, Mapping):
        return None  # no such dimension: the node's dimension space point has no language
    # the backend opens the first root generalization: each dimension's first top-level value
    values = dimension.get("values")
    return next(iter(values), None) if isinstance(values, Mapping) else None


def slug_language(settings: Mapping, prefix: str = "Neos", cms_version: str = "9") -> str:
    """The language whose transliteration rules the CMS applies for the project's default dimensions."""
    language = locale_language(_dimension_value(settings, prefix, cms_version))
    if language is None:
        language = locale_language(_get(_platform(settings, prefix), "Flow", "i18n", "defaultLocale")) or _DEFAULT_LOCALE
    return language


def transliteration_rules(settings: Mapping, prefix: str = "Neos", cms_version: str = "9") -> dict[str, str]:
    """``Neos.Neos.transliterationRules`` of the language the CMS uses for the project (text -> replacement)."""
    rules = _get(_platform(settings, prefix), prefix, "transliterationRules", slug_language(settings, prefix, cms_version))
    if not isinstance(rules, Mapping):
        return {}
    return {str(k): v if isinstance(v, str) else "" if v is None else str(v) for k, v in rules.items() if str(k)}


def _replace(text: str, rules: Mapping[str, str]) -> str:
    """PHP ``strtr`` with a map: the longest key first, each character replaced at most once."""
    if not rules:
        return text
    keys = sorted(rules, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(k) for k in keys))
    return pattern.sub(lambda m: rules[m.group(0)], text)


def to_ascii(text: str) -> str:
    """``Transliterator::utf8ToAscii``: every non-ASCII character spelled as behat/transliterator's tables spell
    it (``Привет`` -> ``Privet``, ``北京`` -> ``Bei Jing ``), ``?`` for one they have no bank file for."""
    if text.isascii():
        return text
    return "".join(_spell(ch) for ch in text)


def _spell(ch: str) -> str:
    code = ord(ch)
    if code < 0x80:
        return ch
    if code > 0xFFFF or code >> 8 in BANKS_WITHOUT_FILE:
        return "?"
    spelling = OVERRIDES.get(code)
    if spelling is None:
        from text_unidecode import unidecode  # (its 64k-entry table is read on first use)

        spelling = unidecode(ch)
        if spelling == UNKNOWN_IN_TABLE[0]:
            spelling = UNKNOWN_IN_TABLE[1]
    return spelling


# `postProcessText` of behat/transliterator: an apostrophe between two word characters goes ("it's" -> "its",
# and the soft sign "Mal'chik" -> "malchik"), then every run of other characters becomes one separator.
_INNER_APOSTROPHE = re.compile(r"([A-Za-z0-9_])'([A-Za-z0-9_])")
_SEPARATORS = re.compile(r"[^a-z0-9]+")


def uri_path_segment(text: str, rules: Mapping[str, str] | None = None) -> str:
    """``Über uns & more!`` -> ``uber-uns-more`` (with the German rules: ``ueber-uns-more``)."""
    ascii_text = to_ascii(_replace(text, rules or {})).lower()
    return _SEPARATORS.sub("-", _INNER_APOSTROPHE.sub(r"\1\2", ascii_text)).strip("-")


#: How long the platform's node label gets (``NodeLabelToken``: ``cropAtWord(100, '…')``).
LABEL_LENGTH = 100
_LABEL_SPACE = re.compile(r"<br\W*?/?>|\u00a0|[\x00-\x1f\x7f-\x9f]|\s+", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def _php_empty(value: Any) -> bool:
    return value is None or value is False or value in ("", "0", 0, 0.0) or value == [] or value == {}


def node_label(value_of: Callable[[str], Any], type_label: str) -> str:
    """The node's label as the platform's label expression makes it
    (``${Neos.Node.labelForNode(node).properties('title', 'text')}``, Neos.Neos:Node): the first non-empty of
    ``title`` and ``text``, else the node type's (translated) label; tags stripped, white space one space,
    cropped at a word. (A type's own ``label`` expression is not evaluated: the preview uses this one.)"""
    label: Any = ""
    for name in ("title", "text"):
        value = value_of(name)
        if not _php_empty(value) and isinstance(value, (str, int, float)):
            label = str(value)
            break
    if not label:
        label = type_label
    label = _TAG.sub("", _LABEL_SPACE.sub(" ", label)).strip()
    if len(label) > LABEL_LENGTH:
        cut = label[:LABEL_LENGTH]
        word_end = max(cut.rfind(" "), 0)
        label = (cut[:word_end] if word_end else cut) + "\u2026"
    return label
