"""Small vocabularies the editors use: rich-text keys, DateTime format letters, code highlighting
modes and the `maximumFileSize` syntax. Data first; the few parsers work on that data."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from nodetype_studio.js.values import truthy

# ---------------------------------------------------------------------------------------------
# Rich text (spec §RichTextEditor options; neos-facts §2.5)


@dataclass(frozen=True, slots=True)
class FormattingKey:
    name: str
    effect: str
    in_spec: bool = True
    ignored: bool = False  # listed by the spec but read nowhere in the CMS
    spec_vs_cms: str | None = None
    needs_heading: bool = False  # a style-list entry that works only with the heading plugin (an h1-h6 on)


def _ignored(name: str, use: str) -> FormattingKey:
    return FormattingKey(name, f"(ignored; use `{use}`)", True, True,
                         f"`formatting.{name}` is listed in the CMS's documentation but the CMS never reads it; use `formatting.{use}`.")


FORMATTING_KEYS = (
    FormattingKey("strong", "Bold"),
    FormattingKey("em", "Italic"),
    _ignored("u", "underline"),
    FormattingKey("sub", "Subscript"),
    FormattingKey("sup", "Superscript"),
    _ignored("del", "strikethrough"),
    FormattingKey("p", "Paragraph style"),
    *(FormattingKey(f"h{n}", f"Heading {n} style") for n in range(1, 7)),
    FormattingKey("pre", "Preformatted style (needs a heading enabled)", needs_heading=True),
    FormattingKey("underline", "Underline"),
    FormattingKey("strikethrough", "Strikethrough"),
    FormattingKey("removeFormat", "Remove formatting"),
    FormattingKey("left", "Align left"),
    FormattingKey("right", "Align right"),
    FormattingKey("center", "Align center"),
    FormattingKey("justify", "Justify"),
    FormattingKey("table", "Tables"),
    FormattingKey("ol", "Numbered list"),
    FormattingKey("ul", "Bulleted list"),
    FormattingKey("a", "Links"),
    FormattingKey("blockquote", "Block quote style (needs a heading enabled)", in_spec=False, needs_heading=True),
    FormattingKey("indent", "Indent button", in_spec=False),
    FormattingKey("outdent", "Outdent button", in_spec=False),
)
FORMATTING = MappingProxyType({k.name: k for k in FORMATTING_KEYS})

#: `formatting` keys people write for a switch the CMS names otherwise (CKEditor's command names, HTML tags).
FORMATTING_ALIASES = MappingProxyType({
    "bold": "strong", "b": "strong", "italic": "em", "i": "em", "strike": "strikethrough", "s": "strikethrough",
    "link": "a", "numberedList": "ol", "bulletedList": "ul", "subscript": "sub", "superscript": "sup",
    "quote": "blockquote", "paragraph": "p",
})


@dataclass(frozen=True, slots=True)
class LinkingKey:
    name: str
    type: str
    default: object
    effect: str
    in_spec: bool = True


LINKING_KEYS = (
    LinkingKey("anchor", "boolean", False, "Field for the #anchor of the link"),
    LinkingKey("title", "boolean", False, "Field for the link title"),
    LinkingKey("relNofollow", "boolean", False, "Checkbox rel=nofollow"),
    LinkingKey("targetBlank", "boolean", False, "Checkbox open in new window"),
    LinkingKey("download", "boolean", False, "Checkbox download link"),
    LinkingKey("nodeTypes", "list|string", ["Cms.Cms:Document"], "Node types the link search offers", False),
    LinkingKey("startingPoint", "string", None, "Node path the link search starts from", False),
    LinkingKey("assets", "boolean", True, "false disables asset search", False),
    LinkingKey("nodes", "boolean", True, "false disables node search", False),
    LinkingKey("constraints", "map", None, "Asset search constraints", False),
)
LINKING = MappingProxyType({k.name: k for k in LINKING_KEYS})

# ---------------------------------------------------------------------------------------------
# CodeEditor highlighting modes

#: Built in according to the spec.
CODE_MODES = ("text/plain", "text/xml", "text/html", "text/css", "text/javascript")
#: The spec's default (the CMS's is `htmlmixed`, CodeMirror's name for the same HTML highlighting).
DEFAULT_CODE_MODE = "text/html"

#: Every mode name and MIME type the CMS's code editor highlights -> the language it highlights (a MIME
#: type). The UI bundles CodeMirror 5's xml, htmlmixed, javascript, handlebars, markdown and yaml modes
#: (neos-facts §2.4); htmlmixed loads the css mode with it (its module requires ``../css/css``), so the
#: spec's `text/css` is there too. Names are matched exactly, as CodeMirror matches them.
CMS_CODE_MODES = MappingProxyType({
    "text/plain": "text/plain",
    "xml": "text/xml", "text/xml": "text/xml", "application/xml": "text/xml",
    "htmlmixed": "text/html", "text/html": "text/html",
    "javascript": "text/javascript", "text/javascript": "text/javascript", "application/javascript": "text/javascript",
    "application/x-javascript": "text/javascript", "text/ecmascript": "text/javascript",
    "application/ecmascript": "text/javascript",
    "application/json": "application/json", "application/x-json": "application/json",
    "application/ld+json": "application/json",
    "text/typescript": "application/typescript", "application/typescript": "application/typescript",
    "css": "text/css", "text/css": "text/css", "text/x-scss": "text/x-scss", "text/x-less": "text/x-less",
    "markdown": "text/x-markdown", "text/x-markdown": "text/x-markdown", "text/markdown": "text/x-markdown",
    "yaml": "text/x-yaml", "text/x-yaml": "text/x-yaml", "text/yaml": "text/x-yaml",
    "handlebars": "text/x-handlebars-template", "text/x-handlebars-template": "text/x-handlebars-template",
})


def code_mode(value: Any) -> tuple[str, str | None]:
    """``(language, note)`` of a `highlightingMode`: a missing or empty one (JavaScript-falsy, as the CMS
    tests it) is the default; one the editor does not have gives plain text and a note saying so."""
    if not truthy(value):
        return DEFAULT_CODE_MODE, None
    if isinstance(value, str) and value in CMS_CODE_MODES:
        return CMS_CODE_MODES[value], None
    return "text/plain", f"Highlighting mode \u201c{value}\u201d is not built in; showing plain text."

# ---------------------------------------------------------------------------------------------
# DateTime format letters (spec table; neos-facts §2.10 conversion table)


@dataclass(frozen=True, slots=True)
class FormatLetter:
    letter: str
    group: str  # year | month | day | hour | minute | second | zone | other
    meaning: str
    in_spec: bool
    moment: str | None  # what the CMS converts it to; None = passed through literally


FORMAT_LETTERS = (
    FormatLetter("y", "year", "two-digit year", True, "YY"),
    FormatLetter("Y", "year", "four-digit year", True, "YYYY"),
    FormatLetter("F", "month", "full month name", True, "MMMM"),
    FormatLetter("m", "month", "month number with leading zeros", True, "MM"),
    FormatLetter("M", "month", "three-letter month", True, "MMM"),
    FormatLetter("n", "month", "month number without leading zeros", True, "M"),
    FormatLetter("t", "month", "number of days in the month", True, None),
    FormatLetter("d", "day", "day of month, two digits", True, "DD"),
    FormatLetter("D", "day", "three-letter weekday", True, "ddd"),
    FormatLetter("j", "day", "day of month without leading zeros", True, "D"),
    FormatLetter("l", "day", "full weekday name", True, "dddd"),
    FormatLetter("N", "day", "ISO-8601 weekday number", True, "E"),
    FormatLetter("S", "day", "English ordinal suffix", True, None),
    FormatLetter("w", "day", "weekday number (0 = Sunday)", True, "d"),
    FormatLetter("a", "hour", "am or pm", True, "a"),
    FormatLetter("A", "hour", "AM or PM", True, "A"),
    FormatLetter("g", "hour", "12-hour without leading zeros", True, "h"),
    FormatLetter("G", "hour", "24-hour without leading zeros", True, "H"),
    FormatLetter("h", "hour", "12-hour with leading zeros", True, "hh"),
    FormatLetter("H", "hour", "24-hour with leading zeros", True, "HH"),
    FormatLetter("i", "minute", "minutes, two digits", True, "mm"),
    FormatLetter("s", "second", "seconds, two digits", True, "ss"),
    FormatLetter("o", "year", "ISO-8601 week-numbering year", False, "GGGG"),
    FormatLetter("W", "other", "ISO-8601 week number", False, "W"),
    FormatLetter("O", "zone", "offset to UTC (+0200)", False, "ZZ"),
    FormatLetter("P", "zone", "offset to UTC (+02:00)", False, "Z"),
    FormatLetter("U", "other", "seconds since the Unix epoch", False, "X"),
)
FORMAT_LETTER = MappingProxyType({f.letter: f for f in FORMAT_LETTERS})

#: PHP date() letters outside both tables: valid PHP, but the CMS shows them literally.
PHP_ONLY_LETTERS = frozenset("zLeTcruvBIZXxp")

#: Letters whose presence makes the picker show a date / a time part (neos-facts §2.10).
DATE_PART_LETTERS = frozenset("yYFmMntdDjlNSw")
TIME_PART_LETTERS = frozenset("gGhHis")


@dataclass(frozen=True, slots=True)
class FormatProblem:
    index: int  # 0-based offset in the format string
    letter: str
    kind: str  # "unknown" | "not-in-spec" | "php-only" | "not-converted" | "escape"


def format_problems(fmt: str) -> list[FormatProblem]:
    """Letters of a DateTime ``format`` the spec does not list or the CMS cannot show."""
    problems = []
    for index, char in enumerate(fmt):
        if char == "\\":
            problems.append(FormatProblem(index, char, "escape"))
        elif not char.isascii() or not char.isalpha():
            continue
        elif char in FORMAT_LETTER:
            spec = FORMAT_LETTER[char]
            if not spec.in_spec:
                problems.append(FormatProblem(index, char, "not-in-spec"))
            elif spec.moment is None:
                problems.append(FormatProblem(index, char, "not-converted"))
        elif char in PHP_ONLY_LETTERS:
            problems.append(FormatProblem(index, char, "php-only"))
        else:
            problems.append(FormatProblem(index, char, "unknown"))
    return problems


# ---------------------------------------------------------------------------------------------
# maximumFileSize (spec: plain bytes, `b`, `kb`; the old uploader also took `m`/`g`, neos-facts §2.11)

_UNITS = MappingProxyType({"": 1, "b": 1, "k": 1024, "kb": 1024, "m": 1024 ** 2, "mb": 1024 ** 2,
                           "g": 1024 ** 3, "gb": 1024 ** 3})
SPEC_SIZE_UNITS = ("", "b", "kb")
_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class FileSize:
    bytes: int
    unit: str
    in_spec: bool  # one of the spec's forms (bytes, `b`, `kb`)
    legacy_bytes: int | None  # what the old plupload parser made of it, when it differs


def parse_file_size(value) -> FileSize | None:
    """Parse a `maximumFileSize`; None when it is not a size (``None`` itself means "server default")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return FileSize(value, "", True, None) if value >= 0 else None
    if not isinstance(value, str):
        return None
    m = _SIZE_RE.match(value)
    if not m or m.group(2).lower() not in _UNITS:
        return None
    number, unit = m.group(1), m.group(2).lower()
    size = int(float(number) * _UNITS[unit])
    legacy = _legacy_size(value)
    return FileSize(size, unit, unit in SPEC_SIZE_UNITS and "." not in number, legacy if legacy != size else None)


def _legacy_size(value: str) -> int | None:
    """plupload 1.5: keep digits and k/m/g only, then digits + optional unit letter."""
    kept = re.sub(r"[^0-9kmg]", "", value.lower())
    m = re.fullmatch(r"(\d+)([kmg]?)", kept)
    if not m:
        return None
    return int(m.group(1)) * _UNITS[m.group(2)]
