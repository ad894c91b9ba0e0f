"""What an editor widget is told about the property it edits (Qt-free).

Options an editor reads come through ``option()``: the property's (effective) ``editorOptions`` first,
then the default the catalogue gives for that option. Widgets never carry their own defaults.
"""

from __future__ import annotations

import re
from collections import abc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from nodetype_studio.js.values import truthy
from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.i18n import Translator

_MISSING = object()
# The five entities lodash's `unescape` decodes (the CMS's text field decodes its placeholder with it).
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'"}
_ENTITY_RE = re.compile("&(?:amp|lt|gt|quot|#39);")
# Catalogue defaults are looked up for every option of every editor built; they never change.
_DEFAULTS: dict[tuple, tuple[Any, Any]] = {}


def catalogue_default(spec: Any, path: str, platform: Platform, settings_merged: bool = False) -> Any:
    """The catalogue's default of the option at ``path``; with ``settings_merged``, None for a default only
    the platform's Settings give (options they were merged into and that lack it have none in the CMS)."""
    key = (id(spec), path, platform.prefix, settings_merged)
    cached = _DEFAULTS.get(key)
    if cached is None or cached[0] is not spec:
        option = spec.option(path) if settings_merged else None
        settings_only = option is not None and getattr(option, "settings_default", False)
        cached = (spec, None if settings_only else spec.default(path, platform))
        _DEFAULTS[key] = cached
    return cached[1]


def lookup(options: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted ``path`` of nested mappings, or ``_MISSING``."""
    if "." not in path:  # most options are top-level keys of a plain dict
        if isinstance(options, dict):
            return options.get(path, _MISSING)
    current: Any = options
    for key in path.split("."):
        if not (isinstance(current, dict) or isinstance(current, abc.Mapping)) or key not in current:
            return _MISSING
        current = current[key]
    return current


@dataclass
class EditorContext:
    identifier: str  # the editor identifier as configured (normalized to the project's prefix)
    property_name: str = "value"
    property_type: str = "string"
    options: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    spec: Any = None  # catalogue EditorSpec, or None for editors the catalogue does not know
    platform: Platform = field(default_factory=Platform)
    translator: Translator = field(default_factory=Translator)
    #: Generated translation id prefix of the property, for `i18n` values of a configuration the CMS's
    #: enrichment has not run on. The inspector leaves it unset: the model already replaced each `i18n`
    #: the CMS replaces, and the Neos UI shows any other `i18n` as written.
    i18n_base: str | None = None
    packages: Mapping[str, Path] = field(default_factory=dict)
    #: The preview node's value of another property (set by the inspector), for editors that use one.
    node_value: Callable[[str], Any] | None = None
    #: Sample content and media library of the project (``nodetype_studio.content.Workspace``); editors
    #: that need them use ``workspace_of(ctx)``, which falls back to a project-less workspace.
    workspace: Any = None
    #: The inspector's data-source session (``ui.datasource_loader.DataSourceSession``): select boxes with a
    #: data source ask it for their options; None outside an inspector (then they only say where from).
    data_sources: Any = None
    #: The property has ``editorOptions`` (a map, maybe empty): the CMS hands an editor its options only
    #: then; without them some editors use their own defaults throughout (non-empty ``options`` are set).
    options_set: bool = False
    #: ``options`` are the CMS's effective ones, the platform's Settings defaults merged in (the inspector):
    #: a default only those Settings give is not filled in again where the options lack it.
    settings_merged: bool = False
    #: ``Neos.Neos.transliterationRules`` of the language the project's CMS makes URL path segments in
    #: (``preview.urisegment``); empty: the CMS's default, English, has none.
    transliteration: Mapping[str, str] = field(default_factory=dict)
    #: The preview node's label (``preview.urisegment.node_label``), set by the inspector.
    node_label: Callable[[], str] | None = None

    @property
    def short_name(self) -> str:
        if self.spec is not None:
            return self.spec.short_name
        return self.identifier.rsplit("/", 1)[-1]

    def option(self, path: str, fallback: Any = None) -> Any:
        """``editorOptions`` value at the dotted ``path``, else the catalogue default, else ``fallback``."""
        options = self.options
        # asked several times per editor built: the common case (a top-level key of a plain dict) inline
        value = options.get(path, _MISSING) if type(options) is dict and "." not in path else lookup(options, path)
        if value is not _MISSING:
            return value
        spec = self.spec
        if spec is not None:
            default = catalogue_default(spec, path, self.platform, self.settings_merged)
            if default is not None:
                return default
        return fallback

    def option_or_default(self, path: str, fallback: Any = None) -> Any:
        """``option()``, with the catalogue default also for a falsy value (``options.x || default``,
        as editors of the CMS read some options)."""
        value = self.option(path)
        if truthy(value):
            return value
        default = catalogue_default(self.spec, path, self.platform, self.settings_merged) if self.spec is not None else None
        return fallback if default is None else default

    def has_option(self, path: str) -> bool:
        return lookup(self.options, path) is not _MISSING

    def flag(self, path: str) -> bool:
        """An option used as a boolean switch (JavaScript truthiness, as the CMS reads it)."""
        value = self.option(path)
        if isinstance(value, (dict, list)):
            return True
        return bool(value)

    def text(self, value: Any, *i18n_suffix: str) -> str:
        """Display text of a label-like option value (translated; ``i18n`` -> generated id)."""
        if type(value) is str and ":" not in value and value.strip() != "i18n":
            return self.translator.bare_text(value)  # a plain label (the common case), or a unit of Neos.Neos:Main
        generated = f"{self.i18n_base}.{'.'.join(i18n_suffix)}" if self.i18n_base and i18n_suffix else None
        return self.translator.text(value, generated)

    def text_unescaped(self, value: Any, *i18n_suffix: str) -> str:
        """``text()`` of the value with ``&amp; &lt; &gt; &quot; &#39;`` decoded first, as the CMS's text
        field shows its placeholder (other entities stay as written)."""
        if type(value) is str and "&" in value:
            value = _ENTITY_RE.sub(lambda m: _ENTITIES[m.group(0)], value)
        return self.text(value, *i18n_suffix)

    @property
    def is_array_type(self) -> bool:
        return isinstance(self.property_type, str) and (self.property_type == "array" or self.property_type.startswith("array<"))
