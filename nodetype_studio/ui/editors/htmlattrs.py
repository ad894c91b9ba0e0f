"""Options TextFieldEditor and TextAreaEditor share: placeholder, maxlength, readonly, required, title,
and the HTML attributes passed through to the browser's input (kept as widget properties here)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import QLabel, QWidget

from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import style

PASSTHROUGH = ("form", "selectionDirection", "spellcheck", "autocapitalize", "autocorrect")


def _attribute_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


_LEADING_INTEGER = re.compile(r"[\t\n\f\r ]*([+-]?)([0-9]+)")


def max_length(ctx: EditorContext) -> int | None:
    """``maxlength`` as the browser reads the attribute the CMS sets from it (the option's text, HTML's
    rules for non-negative integers: leading digits, trailing text ignored), else None. 0 lets nothing in."""
    value = ctx.option("maxlength")
    if value is None or isinstance(value, bool):  # most fields have none; React sets no attribute for a boolean
        return None
    try:
        text = jsvalue.to_string(value)
    except jsvalue.JsError:
        return None
    match = _LEADING_INTEGER.match(text)
    if match is None or (match.group(1) == "-" and int(match.group(2)) != 0):
        return None
    return min(int(match.group(2)), 2**31 - 1)  # a Qt widget's limit is a C int


def apply_html_options(ctx: EditorContext, widget: QWidget, i18n_key: str, *, percent_decoded: bool = False,
                       html_attributes: bool = True) -> QLabel | None:
    """Configure ``widget`` (QLineEdit or QPlainTextEdit); returns the required marker, if any.
    ``html_attributes=False``: only the placeholder and ``readonly`` (no ``title``, ``required`` or other
    HTML attribute options).

    The placeholder is decoded before it is translated, each editor as the CMS's does it: the text
    field decodes HTML entities (lodash ``unescape``), the text area (``percent_decoded``) calls the
    browser's global ``unescape()``, which decodes ``%XX`` / ``%uXXXX`` and leaves entities as written."""
    placeholder = ctx.option("placeholder")
    if placeholder not in (None, "") and placeholder is not False:
        # both editors: `options.placeholder && translate(unescape(options.placeholder))`; either unescape makes
        # a string of a number or `true` first (0 is shown: React writes the number)
        if not percent_decoded:
            shown = ctx.text_unescaped(jsvalue.to_string(placeholder), i18n_key, "placeholder")
        else:
            shown = ctx.text(jsvalue.unescape(jsvalue.to_string(placeholder)), i18n_key, "placeholder")
        widget.setPlaceholderText(shown)
    if ctx.flag("readonly"):
        widget.setReadOnly(True)
    if not html_attributes:
        return None
    title = ctx.option("title")
    if title not in (None, ""):
        widget.setToolTip(ctx.text(_attribute_text(title)))
    options = ctx.options
    # most fields set none of them: with plain dict options, one look at each key (no dotted paths here)
    for name in PASSTHROUGH if type(options) is not dict else [n for n in PASSTHROUGH if n in options]:
        if ctx.has_option(name):
            widget.setProperty(f"html_{name}", _attribute_text(ctx.option(name)))
    if ctx.flag("required"):
        widget.setProperty("html_required", True)
        marker = QLabel("*")
        marker.setObjectName("requiredMarker")
        marker.setToolTip("Required")
        style.emphasise(style.tint(marker, style.ERROR), bold=True)
        widget.setAccessibleDescription("required")
        return marker
    return None
