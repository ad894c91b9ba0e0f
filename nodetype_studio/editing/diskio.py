"""Reading files with a signature, and atomic writes that keep the file mode."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path

from nodetype_studio.editing.errors import SaveError


class DiskSignature:
    """What a file looked like when it was read: size, modification time and content hash.

    The hash is computed on first use (a save compares the bytes themselves, which is exact and cheaper).
    """

    __slots__ = ("size", "mtime_ns", "_content", "_sha256")

    def __init__(self, size: int, mtime_ns: int, content: bytes):
        self.size = size
        self.mtime_ns = mtime_ns
        self._content = content
        self._sha256: str | None = None

    @classmethod
    def of(cls, path: Path, content: bytes) -> "DiskSignature":
        info = os.stat(path)
        return cls(info.st_size, info.st_mtime_ns, content)

    @property
    def sha256(self) -> str:
        if self._sha256 is None:
            self._sha256 = hashlib.sha256(self._content).hexdigest()
        return self._sha256

    def __eq__(self, other) -> bool:
        if not isinstance(other, DiskSignature):
            return NotImplemented
        return (self.size, self.mtime_ns, self.sha256) == (other.size, other.mtime_ns, other.sha256)

    def __hash__(self) -> int:
        return hash((self.size, self.mtime_ns, self.sha256))

    def __repr__(self) -> str:
        return f"DiskSignature(size={self.size}, mtime_ns={self.mtime_ns})"


def read_bytes(path: Path) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def target_of(path: Path) -> Path:
    """The file a save replaces: the target of a symlink rather than the link itself."""
    return Path(os.path.realpath(path))


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file next to ``path``, flush and fsync it, then rename it over ``path``.

    The file mode (and owner, where allowed) of an existing file is kept. On any failure the temporary
    file is removed and ``path`` is left as it was.
    """
    target = target_of(path)
    folder = target.parent
    try:
        info = os.stat(target)
        mode = stat.S_IMODE(info.st_mode)
        owner = (info.st_uid, info.st_gid)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
        owner = None
    except OSError as exc:
        raise SaveError(f"cannot save: {exc.strerror or exc}", path) from None
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveError(f"cannot save: cannot create a file in {folder}: {exc.strerror or exc}", path) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp_name, mode)
        if owner is not None and hasattr(os, "chown"):
            try:
                os.chown(temp_name, *owner)
            except OSError:
                pass  # not allowed to give the file away: keep our own ownership
        os.replace(temp_name, target)
    except BaseException as exc:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise SaveError(f"cannot save: {exc.strerror or exc}; the file was not changed", path) from None
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every platform can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
