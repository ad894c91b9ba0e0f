"""The local media library: asset sources made of folders, assets found in them, uploads (Qt-free).

Asset sources:

- ``default`` — the project itself: every package's ``Resources/Public`` and ``Resources/Private``
  folders plus the upload folder ``.nodetype-studio/uploads``. The CMS calls its local source
  ``neos``; that name finds this source too.
- ``samples`` — the bundled sample images and documents, so the library is never empty.
- one source per folder the user adds, kept in ``.nodetype-studio/media.yaml`` (see ``config``).

Only media files are assets (images, audio, video, PDF, office and plain-text documents); templates,
translations and code in ``Resources/Private`` are skipped. Asset identifiers are UUIDs derived from
the source and the file's path, so they stay the same between sessions.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from nodetype_studio import boundedio
from nodetype_studio.bundled import resource
from nodetype_studio.diagnostics import Diagnostic, Location, warning
from nodetype_studio.media import config
from nodetype_studio.media.detect import HEAD_BYTES, detect_media_type, image_size, read_head
from nodetype_studio.media.mediatypes import SizeLimit, accepts, human_size, parse_size
from nodetype_studio.media.metadata import (
    FOLDER_META,
    META_SUFFIX,
    MetaReader,
    tags_from_folders,
    title_from_name,
)

PROJECT_SOURCE = "default"
SAMPLES_SOURCE = "samples"
PROJECT_ALIASES = ("neos",)
CONFIG_DIR = ".nodetype-studio"
UPLOAD_DIR = "uploads"
MAX_FILES_PER_FOLDER = 5000
CHUNK_BYTES = 1 << 16  # what an upload is copied and compared in
ASSET_NAMESPACE = uuid.UUID("5d0c3a1e-7f4b-4c35-9a8e-2b1f6c7d8e90")

_DOCUMENT_TYPES = frozenset({
    "application/pdf", "application/zip", "application/rtf", "application/msword", "application/vnd.ms-excel",
    "application/vnd.ms-powerpoint", "text/plain", "text/csv", "text/markdown",
})
_DOCUMENT_PREFIXES = ("application/vnd.openxmlformats-officedocument.", "application/vnd.oasis.opendocument.")
_SKIPPED_DIRS = frozenset({"node_modules", "__pycache__", "Translations", "Templates", "Fusion"})


def is_media(media_type: str) -> bool:
    """Whether a file of this type belongs in a media library (not code, templates or translations)."""
    top = media_type.split("/", 1)[0]
    return top in ("image", "audio", "video") or media_type in _DOCUMENT_TYPES or media_type.startswith(_DOCUMENT_PREFIXES)


@dataclass(frozen=True, slots=True)
class Asset:
    identifier: str
    source: str
    path: Path
    media_type: str
    title: str
    tags: tuple[str, ...] = ()
    size: int = 0
    width: int | None = None
    height: int | None = None
    caption: str = ""
    #: title, file name and tags in one case-folded string (searched on every keystroke)
    haystack: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.haystack:
            text = "\n".join((self.title, self.path.name, *self.tags)).casefold()
            object.__setattr__(self, "haystack", text)

    @property
    def filename(self) -> str:
        return self.path.name

    @property
    def is_image(self) -> bool:
        return self.media_type.startswith("image/")

    @property
    def is_svg(self) -> bool:
        return self.media_type == "image/svg+xml"

    @property
    def dimensions(self) -> str:
        return f"{self.width} \u00d7 {self.height}" if self.width and self.height else ""

    def matches_text(self, text: str) -> bool:
        """Title, file name or a tag contains ``text`` (case-insensitive)."""
        needle = text.casefold().strip()
        return not needle or needle in self.haystack


@dataclass
class AssetSource:
    identifier: str
    label: str
    folders: list[Path]
    removable: bool = False
    aliases: tuple[str, ...] = ()
    #: folder -> the folder asset paths are made relative to for identifiers
    anchors: dict[Path, Path] = field(default_factory=dict)

    def answers_to(self, name: str) -> bool:
        return name == self.identifier or name in self.aliases


@dataclass(frozen=True, slots=True)
class UploadResult:
    asset: Asset | None
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.asset is not None


class MediaLibrary:
    """Assets of a project's asset sources; scanned on first use, ``refresh()`` rescans."""

    def __init__(self, sources: list[AssetSource], upload_folder: Path, config_file: Path | None = None,
                 base: Path | None = None, diagnostics: list[Diagnostic] | None = None):
        self._sources = list(sources)
        self.upload_folder = upload_folder
        self.config_file = config_file
        self.base = base
        self.diagnostics: list[Diagnostic] = list(diagnostics or [])
        self._assets: dict[str, Asset] | None = None
        self._scan_diagnostics: list[Diagnostic] = []

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def for_project(cls, root: Path, package_folders: Iterable[Path], *, writable: bool = True) -> "MediaLibrary":
        """The library of a project at ``root``: its Resources folders, its uploads, the samples and
        the folders listed in ``.nodetype-studio/media.yaml``. Not ``writable``: nothing is written
        into the project (uploads go to a folder of this session, added folders are not remembered)."""
        root = Path(root)
        upload = root / CONFIG_DIR / UPLOAD_DIR if writable else Path(tempfile.mkdtemp(prefix="nodetype-studio-uploads-"))
        project = AssetSource(PROJECT_SOURCE, "Project", [], aliases=PROJECT_ALIASES)
        seen = set()
        for package in package_folders:
            for part in ("Public", "Private"):
                folder = Path(package) / "Resources" / part
                if folder.is_dir() and folder.resolve() not in seen:
                    seen.add(folder.resolve())
                    project.folders.append(folder)
                    project.anchors[folder] = root
        project.folders.append(upload)
        project.anchors[upload] = root if writable else upload
        config_file = root / CONFIG_DIR / config.CONFIG_FILE
        user_sources, problems = config.load_sources(config_file, root)
        sources = [project, _samples_source()]
        taken = {PROJECT_SOURCE, SAMPLES_SOURCE, *PROJECT_ALIASES}
        for entry in user_sources:
            if entry.identifier in taken:
                problems.append(warning("media-source-duplicate",
                                        f"asset source \u201c{entry.identifier}\u201d is defined twice; the later one is ignored",
                                        Location(str(config_file), entry.line, 1)))
                continue
            taken.add(entry.identifier)
            sources.append(AssetSource(entry.identifier, entry.label, [entry.path], removable=True))
        return cls(sources, upload, config_file if writable else None, root, problems)

    @classmethod
    def standalone(cls) -> "MediaLibrary":
        """Without a project: the samples, and uploads into a folder of this session."""
        upload = Path(tempfile.mkdtemp(prefix="nodetype-studio-uploads-"))
        session = AssetSource(PROJECT_SOURCE, "Uploads of this session", [upload], aliases=PROJECT_ALIASES,
                              anchors={upload: upload})
        return cls([session, _samples_source()], upload)

    # -- sources -------------------------------------------------------------------------------
    def sources(self) -> list[AssetSource]:
        return list(self._sources)

    def source(self, name: str) -> AssetSource | None:
        return next((s for s in self._sources if s.answers_to(name)), None)

    def unknown_sources(self, names: Iterable[str]) -> list[str]:
        return [n for n in names if self.source(n) is None]

    def add_folder(self, folder: Path, identifier: str | None = None, label: str | None = None) -> tuple[AssetSource | None, str]:
        """Add ``folder`` as a new asset source and remember it; ``(source, "")`` or ``(None, why)``."""
        folder = Path(folder).expanduser()
        if not folder.is_dir():
            return None, f"\u201c{folder}\u201d is not a folder"
        for source in self._sources:
            if any(_same(folder, f) for f in source.folders):
                return None, f"\u201c{folder}\u201d is already in the asset source \u201c{source.label}\u201d"
        identifier = config.slug(identifier or folder.name) or "folder"
        base, number = identifier, 2
        while self.source(identifier) is not None:
            identifier, number = f"{base}-{number}", number + 1
        source = AssetSource(identifier, label or folder.name, [folder], removable=True)
        self._sources.append(source)
        problem = self._save()
        self.refresh()
        return source, problem

    def remove_source(self, identifier: str) -> str:
        """Forget a user-added source (its files stay where they are); returns a problem or ""."""
        source = self.source(identifier)
        if source is None:
            return f"there is no asset source \u201c{identifier}\u201d"
        if not source.removable:
            return f"the asset source \u201c{source.label}\u201d is built in and cannot be removed"
        self._sources.remove(source)
        problem = self._save()
        self.refresh()
        return problem

    def _save(self) -> str:
        if self.config_file is None:
            return ""
        entries = [config.SourceEntry(s.identifier, s.label, s.folders[0]) for s in self._sources if s.removable]
        return config.save_sources(self.config_file, entries, self.base)

    # -- assets --------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._assets = None

    def _all(self) -> dict[str, Asset]:
        if self._assets is None:
            self._scan_diagnostics = []
            reader = MetaReader(self._scan_diagnostics)
            assets: dict[str, Asset] = {}
            for source in self._sources:
                for folder in source.folders:
                    for asset in self._scan(source, folder, reader):
                        assets.setdefault(asset.identifier, asset)
            self._assets = assets
        return self._assets

    @property
    def problems(self) -> list[Diagnostic]:
        """Configuration and scanning findings (bad side files, missing folders, too many files)."""
        self._all()
        return self.diagnostics + self._scan_diagnostics

    def assets(self, sources: Iterable[str] = ()) -> list[Asset]:
        names = list(sources)
        result = list(self._all().values())
        if names:
            wanted = {s.identifier for s in (self.source(n) for n in names) if s is not None}
            result = [a for a in result if a.source in wanted]
        return result

    def asset(self, identifier: str | None) -> Asset | None:
        if not isinstance(identifier, str):
            return None
        return self._all().get(identifier)

    def browse(self, media_types: Iterable[str] = (), sources: Iterable[str] = (), text: str = "") -> list[Asset]:
        """What the media browser shows: the sub type of ``media_types`` is ignored (spec)."""
        return self._filtered(text, list(media_types), sources, ignore_subtype=True)

    def search(self, text: str, media_types: Iterable[str] = (), sources: Iterable[str] = ()) -> list[Asset]:
        """Assets whose title, file name or tags contain ``text``; media types honoured exactly."""
        if not text.strip():
            return []
        return self._filtered(text, list(media_types), sources, ignore_subtype=False)

    def _filtered(self, text: str, types: list[str], sources: Iterable[str], ignore_subtype: bool) -> list[Asset]:
        verdicts: dict[str, bool] = {}  # a library holds few distinct media types
        result = []
        for asset in self.assets(sources):
            fits = verdicts.get(asset.media_type)
            if fits is None:
                fits = verdicts[asset.media_type] = accepts(asset.media_type, types, ignore_subtype=ignore_subtype)
            if fits and asset.matches_text(text):
                result.append(asset)
        return result

    # -- uploads -------------------------------------------------------------------------------
    def check_upload(self, path: Path, media_types: Iterable[str] = (), limit: SizeLimit | None = None) -> tuple[str, str]:
        """``(media type, problem)`` for a file about to be uploaded; the problem is "" when it may be."""
        path = Path(path)
        try:
            size = path.stat().st_size
            if not path.is_file():
                return "", f"\u201c{path.name}\u201d is not a file"
            head = read_head(path, HEAD_BYTES)  # (a pipe put there since is_file: refused, not waited for)
        except OSError as exc:
            return "", f"\u201c{path.name}\u201d cannot be read: {exc.strerror or exc}"
        media_type = detect_media_type(path, head)
        types = list(media_types)
        if not accepts(media_type, types):
            return media_type, (f"\u201c{path.name}\u201d is {media_type}; this field accepts only {', '.join(types)}")
        limit = limit or parse_size(None)
        if not limit.allows(size):
            return media_type, (f"\u201c{path.name}\u201d is too large: {human_size(size)} ({size:,} bytes); "
                                f"the maximum is {human_size(limit.bytes or 0)} ({limit.bytes or 0:,} bytes)")
        return media_type, ""

    def upload(self, path: Path, media_types: Iterable[str] = (), limit: SizeLimit | None = None) -> UploadResult:
        """Copy an accepted file into the upload folder and add it to the library."""
        path = Path(path)
        limit = limit or parse_size(None)
        _media_type, problem = self.check_upload(path, media_types, limit)
        if problem:
            return UploadResult(None, problem)
        try:
            self.upload_folder.mkdir(parents=True, exist_ok=True)
            # the size checked above may be old by now: the copy itself stops one byte past the maximum
            copy, digest, size = _bounded_copy(path, self.upload_folder, limit.bytes)
            if copy is None:
                return UploadResult(None, f"\u201c{path.name}\u201d is too large: it grew past the maximum of "
                                          f"{human_size(limit.bytes or 0)} ({limit.bytes or 0:,} bytes) while it was copied")
            try:
                target = self._target(path, size, digest)
                if not target.exists():
                    os.replace(copy, target)
            finally:
                if copy.exists():
                    copy.unlink()
        except OSError as exc:
            return UploadResult(None, f"\u201c{path.name}\u201d could not be copied to {self.upload_folder}: {exc.strerror or exc}")
        self.refresh()
        identifier = self._identifier(self._sources[0], self.upload_folder, target)
        asset = self.asset(identifier)
        if asset is None:
            return UploadResult(None, f"\u201c{path.name}\u201d was copied but is not a media file the library shows")
        return UploadResult(asset, f"Uploaded \u201c{path.name}\u201d to {self.upload_folder}")

    def _target(self, path: Path, size: int, digest: str) -> Path:
        """Where an upload goes: its own name, or name-2, name-3 ... unless the same file (``size`` bytes with
        the SHA-256 ``digest``) is there already."""
        candidate, number = self.upload_folder / path.name, 2
        while candidate.exists():
            if _holds(candidate, size, digest):
                return candidate
            candidate = self.upload_folder / f"{path.stem}-{number}{path.suffix}"
            number += 1
        return candidate

    # -- scanning ------------------------------------------------------------------------------
    def _identifier(self, source: AssetSource, folder: Path, path: Path) -> str:
        anchor = source.anchors.get(folder, folder)
        try:
            key = path.relative_to(anchor).as_posix()
        except ValueError:
            key = path.as_posix()
        return str(uuid.uuid5(ASSET_NAMESPACE, f"{source.identifier}:{key}"))

    def _scan(self, source: AssetSource, folder: Path, reader: MetaReader) -> Iterable[Asset]:
        if not folder.is_dir():
            if source.removable:
                self._scan_diagnostics.append(warning("media-folder-missing",
                                                      f"the folder of asset source \u201c{source.identifier}\u201d does not exist: {folder}",
                                                      Location(str(self.config_file or folder))))
            return
        count = 0
        for current, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIPPED_DIRS)
            for name in sorted(files):
                if name.startswith(".") or name.endswith(META_SUFFIX) or name == FOLDER_META:
                    continue
                if count >= MAX_FILES_PER_FOLDER:
                    self._scan_diagnostics.append(warning(
                        "media-folder-large", f"{folder} holds more than {MAX_FILES_PER_FOLDER} files; the rest are not shown"))
                    return
                asset = self._read(source, folder, Path(current) / name, reader)
                if asset is not None:
                    count += 1
                    yield asset

    def _read(self, source: AssetSource, folder: Path, path: Path, reader: MetaReader) -> Asset | None:
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                return None  # a pipe or device: opening a pipe would wait for a writer
            size = info.st_size
            with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)), "rb") as handle:
                head = handle.read(HEAD_BYTES)
        except OSError:
            return None
        media_type = detect_media_type(path, head)
        if not is_media(media_type):
            return None
        meta = reader.meta(path)
        dims = image_size(head, media_type) if media_type.startswith("image/") else None
        try:
            relative_parent = path.parent.relative_to(folder)
        except ValueError:
            relative_parent = Path()
        tags = tuple(dict.fromkeys(meta.tags + tags_from_folders(relative_parent)))
        return Asset(
            identifier=self._identifier(source, folder, path),
            source=source.identifier,
            path=path,
            media_type=media_type,
            title=meta.title or title_from_name(path.name),
            tags=tags,
            size=size,
            width=dims[0] if dims else None,
            height=dims[1] if dims else None,
            caption=meta.caption,
        )


def _samples_source() -> AssetSource:
    folder = resource("sample-media")
    return AssetSource(SAMPLES_SOURCE, "Samples", [folder], anchors={folder: folder})


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _bounded_copy(source: Path, folder: Path, limit: int | None) -> tuple[Path | None, str, int]:
    """``source`` copied to a temporary file in ``folder``, the copy's SHA-256 and size; (None, "", size) when it
    holds more than ``limit`` bytes (None: no limit), judged on what was read, never more than ``limit + 1``
    bytes. A pipe or device put in the file's place meanwhile is refused (``boundedio.NotARegularFile``) without
    waiting."""
    descriptor = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise boundedio.NotARegularFile(source)
        handle_out, temp_name = tempfile.mkstemp(prefix=".upload.", suffix=".tmp", dir=folder)
        copy, hasher, copied = Path(temp_name), hashlib.sha256(), 0
        try:
            with os.fdopen(handle_out, "wb") as out:
                while limit is None or copied <= limit:
                    chunk = handle.read(CHUNK_BYTES if limit is None else min(CHUNK_BYTES, limit + 1 - copied))
                    if not chunk:
                        break
                    copied += len(chunk)
                    hasher.update(chunk)
                    out.write(chunk)
        except BaseException:
            copy.unlink(missing_ok=True)
            raise
    if limit is not None and copied > limit:
        copy.unlink(missing_ok=True)
        return None, "", copied
    return copy, hasher.hexdigest(), copied


def _holds(path: Path, size: int, digest: str) -> bool:
    """Whether the file ``path`` is ``size`` bytes with the SHA-256 ``digest`` (an upload already there). Read
    in chunks and only when the file is that size, never more than ``size + 1`` bytes, so within the upload's
    maximum (``_bounded_copy`` judged the upload on what it read); a file that cannot be read, or a pipe or
    device under that name, is not it (without waiting for a pipe's writer)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    with open(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or info.st_size != size:
            return False
        hasher, read = hashlib.sha256(), 0
        try:
            while read <= size:
                chunk = handle.read(min(CHUNK_BYTES, size + 1 - read))
                if not chunk:
                    break
                read += len(chunk)
                hasher.update(chunk)
        except OSError:
            return False
    return read == size and hasher.hexdigest() == digest
