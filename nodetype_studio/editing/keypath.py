"""Key paths as users type them: ``properties.title.validation."Neos.Neos/Validation/StringLengthValidator".maximum``.

Segments are separated by ``.``; a segment containing ``.`` is written in double quotes (``\\"`` and ``\\\\``
escape inside). Digits-only segments stay strings here; they index lists where the path meets a list.
"""

from __future__ import annotations

from nodetype_studio.editing.errors import EditError


class KeyPathError(EditError, ValueError):
    """A key path that cannot be read (with the position of the problem)."""


def parse_keypath(text: str) -> tuple[str, ...]:
    segments: list[str] = []
    index = 0
    length = len(text)
    if not text:
        raise KeyPathError("the key path is empty")
    while True:
        if index < length and text[index] in "\"'":
            quote = text[index]
            index += 1
            chars: list[str] = []
            while True:
                if index >= length:
                    raise KeyPathError(f"unterminated quote in key path {text!r}")
                char = text[index]
                if char == "\\" and quote == '"' and index + 1 < length:
                    chars.append(text[index + 1])
                    index += 2
                    continue
                if char == quote:
                    index += 1
                    break
                chars.append(char)
                index += 1
            segments.append("".join(chars))
            if index < length and text[index] != ".":
                raise KeyPathError(f"expected '.' after a quoted segment at position {index + 1} of {text!r}")
        else:
            end = text.find(".", index)
            end = length if end < 0 else end
            segment = text[index:end]
            if not segment:
                raise KeyPathError(f"empty segment at position {index + 1} of {text!r}")
            if '"' in segment:
                raise KeyPathError(f"a quote may only start a segment (position {index + 1} of {text!r})")
            segments.append(segment)
            index = end
        if index >= length:
            return tuple(segments)
        index += 1  # the dot
        if index >= length:
            raise KeyPathError(f"the key path {text!r} ends with '.'")


def format_path(path) -> str:
    """The inverse of :func:`parse_keypath` (for messages): quotes segments that contain dots."""
    parts = []
    for name in path:
        text = str(name)
        if "." in text or not text or text[0] in "\"'":
            text = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        parts.append(text)
    return ".".join(parts) or "(document)"
