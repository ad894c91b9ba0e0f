"""The preview node: the property values an inspector preview edits, initialised from ``defaultValue``.

Values are typed as the property type stores them (``integer`` -> int, ``boolean`` -> bool, ``array`` ->
list, ``DateTime`` -> ISO 8601 string). Qt-free; the inspector widget owns one and writes edits into it.

Relative dates. A DateTime property's ``defaultValue`` is any string PHP's ``new DateTime()`` accepts,
evaluated when the node is created (``now``, ``tomorrow 09:00``, ``+1 week``, ``first day of next
month``, ``2024-01-31``...). The preview reads them with ``nodetype_studio.php.strtotime``, the one PHP date
parser the validators and the checker use too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, timezone
from typing import Any, Callable


class UnparsableDate(ValueError):
    """The string is not a date/time form PHP reads."""


def resolve_date(text: str, now: datetime) -> datetime:
    """The moment ``text`` names, relative to ``now``; raises UnparsableDate for unknown forms."""
    if not isinstance(text, str) or not text.strip():
        raise UnparsableDate("empty date string")
    # PHP's date syntax is imported with the first date that is not plain ISO 8601 (defaults such as
    # "now" or "+1 day"); the first inspector of most node types does not need it.
    from nodetype_studio.php import strtotime as phptime

    try:
        return phptime.parse(text, now)
    except phptime.PhpTimeError as exc:
        raise UnparsableDate(str(exc)) from None


def iso8601(value: datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SS+HH:MM``, the form the inspector stores DateTime values in."""
    if value.tzinfo is None:
        value = value.astimezone()
    return value.replace(microsecond=0).isoformat()


# --- typing values as the property type stores them -------------------------------------------------

_TRUE_STRINGS = {"true", "on", "1"}


def _as_bool(value: Any) -> Any:
    if isinstance(value, str):
        # The CMS's checkbox reads these strings as checked (lower-cased, not trimmed); any other as unchecked.
        return value.lower() in _TRUE_STRINGS
    return bool(value)


def _as_int(value: Any) -> Any:
    if isinstance(value, bool):
        return value  # a boolean where an integer belongs is a configuration error: keep it visible
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return int(value)
    return value


def _as_float(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def _as_list(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):  # YAML `{}` and PHP-style maps: the values, in order
        return list(value.values())
    return [value]


def _as_string(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


class DateProblem(ValueError):
    """A DateTime default that cannot be resolved."""


_ABSOLUTE_ISO = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})")


def _absolute_iso(text: str) -> str | None:
    """The stored form of an ISO 8601 date-time with an explicit offset (None for anything else).

    Such a value names one moment whatever ``now`` is, so it needs no relative-date parsing: the
    common case of DateTime defaults, typed again for every preview.
    """
    text = text.strip()
    if not _ABSOLUTE_ISO.fullmatch(text):
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:  # e.g. a month 13: the full parser says why
        return None
    return iso8601(parsed) if parsed.tzinfo is not None else None


def _as_datetime(value: Any, now: datetime) -> Any:
    if isinstance(value, datetime):
        return iso8601(value if value.tzinfo else value.replace(tzinfo=now.tzinfo))
    if isinstance(value, date):
        return iso8601(datetime(value.year, value.month, value.day, tzinfo=now.tzinfo))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return iso8601(datetime.fromtimestamp(value, tz=now.tzinfo or timezone.utc))
    if isinstance(value, str):
        if not value.strip():
            return ""
        absolute = _absolute_iso(value)
        if absolute is not None:
            return absolute
        try:
            return iso8601(resolve_date(value, now))
        except UnparsableDate as exc:
            raise DateProblem(str(exc)) from None
    return value


_COERCERS: dict[str, Callable[[Any], Any]] = {
    "boolean": _as_bool,
    "integer": _as_int,
    "int": _as_int,
    "float": _as_float,
    "double": _as_float,
    "string": _as_string,
    "reference": _as_string,
    "references": _as_list,
    "array": _as_list,
}


def coerce_value(property_type: Any, value: Any, now: datetime | None = None) -> Any:
    """``value`` typed as a property of ``property_type`` stores it (None stays None).

    Raises DateProblem for a DateTime string that is not a date.
    """
    if value is None:
        return None
    if property_type == "DateTime":
        return _as_datetime(value, now or datetime.now().astimezone())
    if isinstance(property_type, str) and property_type.startswith("array<"):
        return _as_list(value)
    coerce = _COERCERS.get(property_type) if isinstance(property_type, str) else None
    return coerce(value) if coerce else value


def editor_option_default(config: Mapping[str, Any]) -> Any:
    """The DateTimeEditor option ``defaultValue`` of a property (None: it has none). The spec documents it as
    the value a new node gets; the CMS's editor does not read it (``check`` notes that), so it serves only a
    property without a ``defaultValue`` of its own, which is what the CMS applies."""
    ui = config.get("ui")
    inspector = ui.get("inspector") if isinstance(ui, Mapping) else None
    if not isinstance(inspector, Mapping):
        return None
    editor = inspector.get("editor")
    options = inspector.get("editorOptions")
    if (editor is None or isinstance(editor, str) and editor.endswith("Inspector/Editors/DateTimeEditor")) \
            and isinstance(options, Mapping):
        return options.get("defaultValue")
    return None


#: Property types whose stored null the CMS's UI shows as null: it reads references from the graph and
#: returns before the default fallback (neos-ui ``NodePropertyConverterService::getProperty``).
_NO_DEFAULT_FALLBACK = ("reference", "references")


class PreviewNode:
    """The values of one node being edited in the preview.

    ``properties`` is the node type's (effective) ``properties`` mapping. ``problems`` maps a property
    name to a message for defaults that could not be typed (e.g. an unreadable relative date).
    ``raw_dates``: DateTime defaults stay as written, as the CMS's creation dialog hands an element's
    ``defaultValue`` to its editor (facts §5.9, §8: ``now`` shows as an invalid date there, neos-ui
    issue #3391); the server resolves them only when it creates the node.
    ``cms_version`` ("8.3" or "9") decides a blank DateTime ``defaultValue``: 8.3 creates the node with
    ``new \\DateTime('')``, the current moment; 9.x refuses it (its DateTime normalizer rejects a blank
    string), which is reported as a problem.
    """

    def __init__(self, properties: Mapping[str, Any] | None, now: datetime | None = None, *,
                 raw_dates: bool = False, cms_version: str = "9"):
        self._now = now
        self.types: dict[str, Any] = {}
        self.defaults: dict[str, Any] = {}
        self.problems: dict[str, str] = {}
        now = None  # one moment for every relative DateTime default, taken when the first needs it
        for name, config in (properties or {}).items():
            if type(config) is not dict and not isinstance(config, Mapping):  # (the abstract check is slow)
                continue
            prop_type = config.get("type", "string")
            self.types[name] = prop_type
            try:
                default = config.get("defaultValue")
                if default is None and prop_type == "references":
                    default = []  # the CMS hands multiple references to the inspector as a list, never null
                if raw_dates and prop_type == "DateTime":
                    self.defaults[name] = default
                    continue
                if prop_type == "DateTime" and isinstance(default, str) and not default.strip():
                    if cms_version != "8.3":
                        raise DateProblem("Neos 9 cannot create a node with a blank DateTime default (write `now`)")
                    default = "now"  # 8.3: new \DateTime('') is this moment
                if default is None and prop_type == "DateTime":
                    default = editor_option_default(config)
                if now is None and default is not None and prop_type == "DateTime":
                    now = self.now
                self.defaults[name] = coerce_value(prop_type, default, now)
            except DateProblem as exc:
                self.problems[name] = f"defaultValue {default!r} is not a date: {exc}"
                self.defaults[name] = default
        self.values: dict[str, Any] = dict(self.defaults)
        #: what the editors handed over since the values were loaded, unconverted (see validation_value)
        self.edits: dict[str, Any] = {}

    @property
    def now(self) -> datetime:
        return self._now or datetime.now().astimezone()

    def get(self, name: str) -> Any:
        return self.values.get(name)

    def set(self, name: str, value: Any) -> Any:
        """Store ``value`` (typed for the property) and return what was stored: a value loaded from
        outside (a stored node, ``render --values``), which the validators see as stored."""
        self.edits.pop(name, None)
        try:
            value = coerce_value(self.types.get(name), value, self.now)
        except DateProblem:
            pass  # keep the raw text: the DateTime validator reports it
        self.values[name] = value
        return value

    def edit(self, name: str, value: Any) -> Any:
        """An edit in the property's editor: stored typed like ``set``, and kept as handed over, which is
        what the CMS's validators check until the node is reloaded (a text field hands over the typed
        string, also for an integer property)."""
        stored = self.set(name, value)
        self.edits[name] = value
        return stored

    def validation_value(self, name: str) -> Any:
        """The value the CMS's validators receive now: the editor's unconverted value after an edit,
        otherwise the stored value."""
        return self.edits[name] if name in self.edits else self.values.get(name)

    def update(self, values: Mapping[str, Any]) -> None:
        """Load stored values (a stored node, ``render --values``, a node just created). A null value shows
        the property's default, as the CMS hands a node to its inspector (neos-ui
        ``NodePropertyConverterService::getProperty``, facts §5.10); references come without that fallback."""
        for name, value in values.items():
            if value is None and self.types.get(name) not in _NO_DEFAULT_FALLBACK:
                value = self.defaults.get(name)
            self.set(name, value)

    def set_node_type(self, name: str) -> None:
        """The node's own type: the CMS gives every node its type's name as the `_nodeType` value (what the
        NodeTypeEditor shows), whatever the property's configuration says."""
        if "_nodeType" in self.types:
            self.defaults["_nodeType"] = self.values["_nodeType"] = name

    def reset(self) -> None:
        """Back to the default values."""
        self.values = dict(self.defaults)
        self.edits.clear()

    def is_default(self, name: str) -> bool:
        return self.values.get(name) == self.defaults.get(name)
