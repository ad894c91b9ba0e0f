"""Which tags and attributes a RichTextEditor configuration can produce (Qt-free).

``formatting`` switches (JavaScript truthiness, absent = off): ``strong``, ``em``, ``underline`` (or
the spec's ``u``), ``strikethrough`` (``<s>``; the spec's ``del`` alone gives ``<del>``), ``sub``,
``sup``, ``p``/``h1``-``h6``/``pre``/``blockquote`` (entries of the paragraph-style list; ``blockquote``
only with a heading on, as in the CMS), ``ol``, ``ul``, ``indent``/``outdent`` (their buttons also show,
as in the CMS, whenever the cursor is in a list), ``left``,
``center``, ``right``, ``justify``, ``table``, ``a``, ``removeFormat``. ``linking`` switches the link
dialog's fields (``anchor``, ``title``, ``targetBlank``, ``relNofollow``, ``download``); what a link keeps
does not depend on them: with ``a`` on, the CMS loads its title, target, rel and download plugins, which
keep any ``title`` and exactly ``target="_blank"``, ``rel="nofollow"`` and ``download="download"``.
``autoparagraph: false`` (strictly false, as the CMS reads it) stores text without ``<p>`` (several
paragraphs, read in or pasted, as ``<span>``s, as the CMS's inline mode writes them) and makes Enter a
line break. Alignment is stored as ``style="text-align:…;"`` on the block, the CMS's own
output, and only for an enabled alignment (left is the default and never written).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from nodetype_studio.catalogue.vocab import HEADING_KEYS
from nodetype_studio.js.values import truthy, unescape

# The Neos UI's stripTags: a tag, or a `<` that is never closed, up to the end of the text.
_TAG_RE = re.compile(r"</?[^>]+(?:>|\Z)")


def placeholder_text(translated: str) -> str:
    """What the CMS's CKEditor shows for a (translated) ``placeholder``: ``%XX`` escapes decoded (the browser's
    global ``unescape()``), then tags removed. Entities stay as written: CSS ``attr()`` shows the text."""
    return _TAG_RE.sub("", unescape(translated))


BLOCK_STYLES = (("p", "Paragraph"), *((h, f"Heading {h[1]}") for h in HEADING_KEYS), ("pre", "Preformatted"),
                ("blockquote", "Block quote"))
ALIGNMENTS = ("left", "center", "right", "justify")
#: Buttons that move list items a level in or out.
LIST_LEVEL_KEYS = ("indent", "outdent")
#: Menus that take the insert-table button's place while the cursor is in a table (the CMS's column, row and
#: merge drop-downs, UI manifest.richtextToolbar.js): (key, label, icon, ((command, label), ...)). The
#: commands in ``TABLE_SWITCHES`` are check boxes, as the CMS's header switches are.
TABLE_MENUS = (
    ("tableColumn", "Column", "fas fa-grip-lines-vertical",
     (("setColumnHeader", "Header column"), ("insertColumnBefore", "Insert column before"),
      ("insertColumnAfter", "Insert column after"), ("removeColumn", "Delete column"))),
    ("tableRow", "Row", "fas fa-grip-lines",
     (("setRowHeader", "Header row"), ("insertRowAbove", "Insert row above"), ("insertRowBelow", "Insert row below"),
      ("removeRow", "Delete row"))),
    ("tableMerge", "Merge cells", "fas fa-object-group",
     (("mergeCellUp", "Merge cell up"), ("mergeCellRight", "Merge cell right"), ("mergeCellDown", "Merge cell down"),
      ("mergeCellLeft", "Merge cell left"), ("splitCellVertically", "Split cell vertically"),
      ("splitCellHorizontally", "Split cell horizontally"))),
)
TABLE_SWITCHES = ("setColumnHeader", "setRowHeader")
_TABLE_MENU_KEYS = tuple(menu[0] for menu in TABLE_MENUS)
#: Link attributes the CMS's link plugins keep, and the one value each of the switched ones has (CKEditor
#: matches the value exactly: `target="_self"` or `rel="nofollow noopener"` is dropped); a title keeps its text.
LINK_ATTRIBUTES = ("title", "target", "rel", "download")
LINK_ATTRIBUTE_VALUES = {"target": "_blank", "rel": "nofollow", "download": "download"}
# Toolbar buttons in the order of the CMS's toolbar (UI manifest.richtextToolbar.js): (key, label, icon). The
# paragraph-style list comes right after the link button (``STYLE_LIST_AFTER``).
BUTTONS = (
    ("strong", "Bold", "fas fa-bold"),
    ("em", "Italic", "fas fa-italic"),
    ("underline", "Underline", "fas fa-underline"),
    ("sub", "Subscript", "fas fa-subscript"),
    ("sup", "Superscript", "fas fa-superscript"),
    ("strikethrough", "Strikethrough", "fas fa-strikethrough"),
    ("a", "Link", "fas fa-link"),
    ("ol", "Numbered list", "fas fa-list-ol"),
    ("ul", "Bulleted list", "fas fa-list-ul"),
    ("indent", "Indent", "fas fa-indent"),
    ("outdent", "Outdent", "fas fa-outdent"),
    ("left", "Align left", "fas fa-align-left"),
    ("center", "Align center", "fas fa-align-center"),
    ("right", "Align right", "fas fa-align-right"),
    ("justify", "Justify", "fas fa-align-justify"),
    ("table", "Insert table", "fas fa-table"),
    ("removeFormat", "Remove formatting", "fas fa-remove-format"),
)
_BUTTON_KEYS = [button[0] for button in BUTTONS]
#: The buttons the paragraph-style list follows (those up to the link button).
STYLE_LIST_AFTER = tuple(_BUTTON_KEYS[:_BUTTON_KEYS.index("a") + 1])


@dataclass(frozen=True, slots=True)
class RichTextRules:
    enabled: frozenset[str]
    linking: frozenset[str]
    autoparagraph: bool = True
    strike_tag: str = "s"

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "RichTextRules":
        raw_formatting, raw_linking = options.get("formatting"), options.get("linking")
        formatting: Mapping = raw_formatting if isinstance(raw_formatting, Mapping) else {}
        linking: Mapping = raw_linking if isinstance(raw_linking, Mapping) else {}
        enabled = {str(k) for k, v in formatting.items() if truthy(v)}
        strike_tag = "s" if "strikethrough" in enabled else "del"
        if "u" in enabled:
            enabled.add("underline")
        if "del" in enabled:
            enabled.add("strikethrough")
        enabled -= {"u", "del"}
        if not enabled.intersection(HEADING_KEYS):
            # `blockquote` (read by the CMS, not in the spec) is an entry of the style list that works only with the
            # heading plugin the CMS loads for h1-h6. (The spec's `pre` has the same condition in the CMS but is
            # kept as the spec lists it; `check` notes the difference: compat-formatting-needs-heading.)
            enabled.discard("blockquote")
        return cls(frozenset(enabled), frozenset(str(k) for k, v in linking.items() if truthy(v)),
                   options.get("autoparagraph") is not False, strike_tag)

    def has(self, key: str) -> bool:
        return key in self.enabled

    @property
    def block_styles(self) -> list[tuple[str, str]]:
        return [(key, label) for key, label in BLOCK_STYLES if key in self.enabled]

    @property
    def has_lists(self) -> bool:
        """Whether lists can be made (the CMS loads its list plugin for `ol` or `ul`)."""
        return "ol" in self.enabled or "ul" in self.enabled

    @property
    def buttons(self) -> list[tuple[str, str, str]]:
        """The toolbar's buttons; those of ``LIST_LEVEL_KEYS`` only show while ``button_shown`` says so."""
        return [button for button in BUTTONS
                if button[0] in self.enabled or (button[0] in LIST_LEVEL_KEYS and self.has_lists)]

    def button_shown(self, key: str, in_list: bool, in_table: bool = False) -> bool:
        """Whether a button (or a ``TABLE_MENUS`` menu) shows with the cursor in a list item (``in_list``)
        and in a table (``in_table``), or not. As the CMS's toolbar (UI manifest.richtextToolbar.js): indent
        and outdent show when switched on and while the cursor is in a list; inside a table the column, row
        and merge menus take the place of the insert-table button."""
        if key in LIST_LEVEL_KEYS:
            return key in self.enabled or (in_list and self.has_lists)
        if key == "table":
            return key in self.enabled and not in_table
        if key in _TABLE_MENU_KEYS:
            return "table" in self.enabled and in_table
        return key in self.enabled

    def link_attributes(self) -> list[str]:
        """The attributes a link keeps besides ``href`` (all of them once links are on, whatever ``linking`` says)."""
        return list(LINK_ATTRIBUTES) if "a" in self.enabled else []

    def allowed_tags(self) -> set[str]:
        tags = {"br"}
        # (without autoparagraph, the CMS writes paragraphs as spans when there is more than one)
        tags.add("p" if self.autoparagraph else "span")
        simple = {"strong": "strong", "em": "em", "underline": "u", "sub": "sub", "sup": "sup"}
        tags.update(tag for key, tag in simple.items() if key in self.enabled)
        if "strikethrough" in self.enabled:
            tags.add(self.strike_tag)
        tags.update(key for key, _label in BLOCK_STYLES[1:] if key in self.enabled)
        for key in ("ol", "ul"):
            if key in self.enabled:
                tags.update({key, "li"})
        if "table" in self.enabled:
            tags.update({"figure", "table", "thead", "tbody", "tr", "th", "td"})
        if "a" in self.enabled:
            tags.add("a")
        return tags
