"""Titles, tags and captions of assets: from the file name, or from a side file (Qt-free).

Two kinds of side file, both optional:

- ``<file>.meta.yaml`` next to the file (``hero.jpg.meta.yaml``)::

      title: 'Our studio at night'
      tags: [studio, night]
      caption: 'Photo: Jane Doe'

- one ``media.yaml`` per folder mapping file names to the same keys::

      hero.jpg: {title: 'Our studio at night', tags: [studio]}

A ``.meta.yaml`` wins over the folder's ``media.yaml``. Without either, the title comes from the file
name (``team-photo_2024.jpg`` -> "Team photo 2024") and the tags from the folders between the asset
source's folder and the file (``Images/Team/anna.jpg`` -> ``images``, ``team``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nodetype_studio.diagnostics import Diagnostic, Location, warning
from nodetype_studio.model.yamlload import load_yaml_file

META_SUFFIX = ".meta.yaml"
FOLDER_META = "media.yaml"
_SEPARATORS = re.compile(r"[\s_\-.+]+")


@dataclass(frozen=True, slots=True)
class Meta:
    title: str | None = None
    tags: tuple[str, ...] = ()
    caption: str = ""


def title_from_name(filename: str) -> str:
    """A readable title from a file name (``gallery-02.png`` -> "Gallery 02")."""
    stem = filename.rsplit(".", 1)[0] if "." in filename[1:] else filename
    words = _SEPARATORS.sub(" ", stem).strip()
    if not words:
        return filename
    return words[0].upper() + words[1:]


def tags_from_folders(relative_parent: Path) -> tuple[str, ...]:
    return tuple(part.lower() for part in relative_parent.parts if part not in ("", ".", "Public", "Private", "Resources"))


@dataclass
class MetaReader:
    """Reads side files once per folder; problems go to ``diagnostics``."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _folders: dict[Path, dict[str, Meta]] = field(default_factory=dict)

    def meta(self, path: Path) -> Meta:
        own = path.with_name(path.name + META_SUFFIX)
        if own.is_file():
            data = self._load(own)
            if isinstance(data, dict):
                return self._meta(data, own)
            if data is not None:
                self.diagnostics.append(warning("media-meta-shape", "a .meta.yaml file must hold a map with title, tags and caption",
                                                Location(str(own), 1, 1)))
        return self._folder(path.parent).get(path.name, Meta())

    def _folder(self, folder: Path) -> dict[str, Meta]:
        if folder not in self._folders:
            entries: dict[str, Meta] = {}
            side = folder / FOLDER_META
            if side.is_file():
                data = self._load(side)
                if isinstance(data, dict):
                    for name, value in data.items():
                        if isinstance(value, dict):
                            entries[str(name)] = self._meta(value, side)
                        else:
                            line = data.key_pos.get(name, (1, 1)) if hasattr(data, "key_pos") else (1, 1)
                            self.diagnostics.append(warning(
                                "media-meta-shape", f"the entry for \u201c{name}\u201d must be a map with title, tags and caption",
                                Location(str(side), *line)))
                elif data is not None:
                    self.diagnostics.append(warning("media-meta-shape", "media.yaml must map file names to title, tags and caption",
                                                    Location(str(side), 1, 1)))
            self._folders[folder] = entries
        return self._folders[folder]

    def _load(self, path: Path) -> Any:
        loaded = load_yaml_file(path)
        self.diagnostics.extend(loaded.diagnostics)
        return loaded.data

    def _meta(self, data: dict, where: Path) -> Meta:
        title = data.get("title")
        tags = data.get("tags") or ()
        if isinstance(tags, str):
            tags = [t for t in re.split(r"\s*,\s*", tags) if t]
        if not isinstance(tags, (list, tuple)):
            self.diagnostics.append(warning("media-meta-shape", "`tags` must be a list of words", Location(str(where), 1, 1)))
            tags = ()
        caption = data.get("caption")
        return Meta(
            title=str(title) if title not in (None, "") else None,
            tags=tuple(str(t).strip().lower() for t in tags if str(t).strip()),
            caption=str(caption) if caption is not None else "",
        )
