"""Options TextFieldEditor and TextAreaEditor share: placeholder, maxlength, readonly, required, title,
and the HTML attributes passed through to the browser's input (kept as widget properties here)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QWidget

from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui import style

PASSTHROUGH = ("form", "selectionDirection", "spellcheck", "autocapitalize", "autocorrect")


def _attribute_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def max_length(ctx: EditorContext) -> int | None:
    """``maxlength`` as a positive int (numeric strings accepted), else None."""
    value = ctx.option("maxlength")
    if value is None or isinstance(value, bool):  # most fields have none (int(None) would raise)
        return None
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):  # (OverflowError: infinity)
        return None
    return min(number, 2**31 - 1) if number > 0 else None  # a Qt widget's limit is a C int


def apply_html_options(ctx: EditorContext, widget: QWidget, i18n_key: str) -> QLabel | None:
    """Configure ``widget`` (QLineEdit or QPlainTextEdit); returns the required marker, if any."""
    placeholder = ctx.option("placeholder")
    if placeholder not in (None, ""):
        widget.setPlaceholderText(ctx.text_unescaped(placeholder, i18n_key, "placeholder"))
    if ctx.flag("readonly"):
        widget.setReadOnly(True)
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
