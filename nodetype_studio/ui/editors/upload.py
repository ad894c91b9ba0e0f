"""Uploads of the image and asset editors: which files the file dialog offers, which are accepted.

Accepted media types are ``constraints.mediaTypes`` honoured exactly (``image/png`` accepts PNG
only), or the deprecated ``accept`` string when it is set (it wins, as in the CMS). The size limit is
``maximumFileSize`` (``mediatypes.parse_size``). An accepted file is copied into the project's
upload folder and added to the media library.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtWidgets import QFileDialog, QWidget

from nodetype_studio.media.library import MediaLibrary, UploadResult
from nodetype_studio.media.mediatypes import (
    extensions_for,
    human_size,
    parse_size,
    patterns,
)


def choose_file(parent: QWidget, title: str, name_filter: str) -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, title, "", name_filter)
    return path or None


class UploadPolicy:
    def __init__(self, library: MediaLibrary, media_types: list[str], accept: object = None, maximum: object = None):
        self.library = library
        accept_patterns = patterns(accept) if isinstance(accept, str) else []
        self.uses_accept = bool(accept_patterns)
        self.patterns = accept_patterns or list(media_types)
        self.limit = parse_size(maximum)
        #: Replaced in tests: ``chooser(parent, title, name filter) -> path or None``.
        self.chooser: Callable[[QWidget, str, str], str | None] = choose_file

    def name_filter(self) -> str:
        """The file dialog's filter: only the accepted extensions when the types are limited."""
        extensions: list[str] = []
        for pattern in self.patterns:
            found = extensions_for(pattern)
            if not found and pattern.strip() in ("*", "*/*"):
                return "All files (*)"
            extensions.extend(e for e in found if e not in extensions)
        if not self.patterns:
            return "All files (*)"
        if not extensions:
            return f"Accepted files ({' '.join(self.patterns)})"
        names = " ".join(f"*{e}" for e in extensions)
        return f"Accepted files ({names})"

    def describe(self) -> str:
        parts = [("Accepts " + ", ".join(self.patterns)) if self.patterns else "Accepts any file"]
        if self.uses_accept:
            parts[0] += " (from the deprecated `accept`)"
        if self.limit.bytes is not None:
            parts.append(f"at most {human_size(self.limit.bytes)}")
        return ", ".join(parts)

    def choose(self, parent: QWidget) -> Path | None:
        chosen = self.chooser(parent, "Upload a file", self.name_filter())
        return Path(chosen) if chosen else None

    def upload(self, path: Path) -> UploadResult:
        return self.library.upload(path, self.patterns, self.limit)
