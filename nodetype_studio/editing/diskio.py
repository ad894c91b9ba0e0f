"""Reading files with a signature, and atomic writes that keep the file mode."""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
import time
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.boundedio import MAX_FILE_BYTES, FileTooLarge
from nodetype_studio.editing.errors import FileChangedOnDisk, SaveError


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


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, read as the rest of the studio reads a project's files (``boundedio.read_bytes``):
    ``boundedio.FileTooLarge`` when it holds more than ``limit`` bytes (at most ``limit + 1`` are read),
    ``boundedio.NotARegularFile`` at once when a pipe or device took its place (opening a pipe would wait
    for a writer, reading ``/dev/zero`` would never end). Both are ``OSError``s."""
    return boundedio.read_bytes(path, limit)


def target_of(path: Path) -> Path:
    """The file a save replaces: the target of a symlink rather than the link itself."""
    return Path(os.path.realpath(path))


#: Temporary files of a save are named ``.NAME.PID.XXXX.tmp``; those of a process that is gone are ours to clean.
_TEMP_SUFFIX = ".tmp"
#: A temporary file without a recognisable owner is removed once it is this old (seconds).
STALE_AFTER_S = 3600


class PreparedWrite:
    """Phase one of a save: the new content fsynced in a temporary file next to the target, with the
    target's mode, owner, setuid/setgid bits and extended attributes. ``commit()`` renames it over the
    target; ``discard()`` removes it. Several prepared writes committed together are all-or-nothing
    (see :func:`commit_all`)."""

    def __init__(self, path: Path, data: bytes, expected: bytes | None = None):
        self.path = Path(path)
        self.target = target_of(self.path)
        self.data = data
        self.expected = expected
        self.temp_name: str | None = None
        self.previous: bytes | None = None  # the target's content before the commit (for a rollback)
        self._prepare()

    def _prepare(self) -> None:
        target, folder = self.target, self.target.parent
        try:
            info = os.stat(target)
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise SaveError(f"cannot save: {exc.strerror or exc}", self.path) from None
        if info is not None:
            check_writable(self.path, info)
        elif not folder.is_dir():
            # a new file in a folder that does not exist yet (a new kind of node type: NodeTypes/<Kind>/)
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SaveError(f"cannot save: cannot create the folder {folder}: {exc.strerror or exc}",
                                self.path) from None
        clean_stale_temp_files(target)
        try:
            handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=_TEMP_SUFFIX, dir=folder)
        except OSError as exc:
            raise SaveError(f"cannot save: cannot create a file in {folder}: {exc.strerror or exc}", self.path) from None
        self.temp_name = temp_name
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(self.data)
                stream.flush()
                os.fsync(stream.fileno())
            if info is None:
                os.chmod(temp_name, 0o666 & ~_umask())
            else:
                if hasattr(os, "chown"):
                    try:
                        os.chown(temp_name, info.st_uid, info.st_gid)
                    except OSError:
                        pass  # not allowed to give the file away: keep our own ownership
                # after chown, which clears setuid/setgid bits
                os.chmod(temp_name, stat.S_IMODE(info.st_mode))
                _copy_xattrs(str(target), temp_name)
        except BaseException as exc:
            self.discard()
            if isinstance(exc, OSError):
                raise SaveError(f"cannot save: {exc.strerror or exc}; the file was not changed", self.path) from None
            raise

    def commit(self) -> None:
        """Rename the temporary file over the target, after checking once more, under a lock where the
        platform has one, that the target is still what the caller expects."""
        with _locked(self.target):
            unreadable = False
            try:
                on_disk = read_bytes(self.target)
            except FileNotFoundError:
                on_disk = None
            except FileTooLarge as exc:
                # too large to compare or to keep for a rollback: another program's file this size is not replaced
                self.discard()
                raise SaveError(f"cannot save: {exc.strerror}; the studio does not replace a file it cannot read, "
                                "nothing was written", self.path) from None
            except OSError:  # not readable (but perhaps writable): not compared, nothing to roll back to
                on_disk, unreadable = None, True
            if self.expected is not None and not unreadable and on_disk != self.expected:
                self.discard()
                raise FileChangedOnDisk(self.path, "deleted" if on_disk is None else "modified")
            self.previous = on_disk
            assert self.temp_name is not None, "commit() of a discarded write"
            try:
                os.replace(self.temp_name, self.target)
            except OSError as exc:
                self.discard()
                raise SaveError(f"cannot save: {exc.strerror or exc}; the file was not changed", self.path) from None
        self.temp_name = None
        _sync_folder(self.target.parent)

    def rollback(self) -> None:
        """Put the content from before ``commit()`` back (best effort, itself an atomic write)."""
        if self.previous is None:
            return
        try:
            PreparedWrite(self.target, self.previous).commit()
        except (SaveError, FileChangedOnDisk):
            pass

    def discard(self) -> None:
        if self.temp_name is not None:
            try:
                os.unlink(self.temp_name)
            except OSError:
                pass
            self.temp_name = None


def commit_all(writes: list[PreparedWrite]) -> None:
    """Commit every prepared write or none: when one fails, the files already renamed get their old
    content back and the remaining temporary files are removed."""
    done: list[PreparedWrite] = []
    try:
        for write in writes:
            write.commit()
            done.append(write)
    except BaseException:
        for write in reversed(done):
            write.rollback()
        for write in writes:
            write.discard()
        raise


def atomic_write(path: Path, data: bytes, expected: bytes | None = None) -> None:
    """Write ``data`` to a temporary file next to ``path``, flush and fsync it, then rename it over ``path``.

    The file mode (setuid/setgid bits included), owner (where allowed) and extended attributes of an
    existing file are kept; a file without write permission is refused (also for root). With ``expected``,
    the file is compared with it once more right before the rename (under an advisory lock where the
    platform has one) and ``FileChangedOnDisk`` is raised if another program changed it meanwhile. On any
    failure the temporary file is removed and ``path`` is left as it was.
    """
    PreparedWrite(path, data, expected).commit()


def check_writable(path: Path, info: os.stat_result | None = None) -> None:
    """Refuse a file its mode bits make read-only. Root may write anything, so the bits are read
    explicitly: a file without any write bit is read-only for us as well."""
    if info is None:
        info = os.stat(target_of(path))
    mode = stat.S_IMODE(info.st_mode)
    if not mode & 0o222 or not os.access(target_of(path), os.W_OK):
        raise SaveError(f"cannot save: the file is read-only (mode {mode:04o}); nothing was written", path)


def clean_stale_temp_files(target: Path) -> list[Path]:
    """Remove temporary files of earlier saves of ``target`` that were left behind (the process was killed):
    those of processes that no longer run, and those without a process id older than STALE_AFTER_S."""
    removed: list[Path] = []
    prefix = f".{target.name}."
    try:
        names = [n for n in os.listdir(target.parent) if n.startswith(prefix) and n.endswith(_TEMP_SUFFIX)]
    except OSError:
        return removed
    now = time.time()
    for name in names:
        middle = name[len(prefix):-len(_TEMP_SUFFIX)]
        pid_text = middle.split(".", 1)[0]
        candidate = target.parent / name
        try:
            if "." in middle and pid_text.isdigit():
                if int(pid_text) == os.getpid() or _process_alive(int(pid_text)):
                    continue
            elif now - os.lstat(candidate).st_mtime < STALE_AFTER_S:
                continue
            os.unlink(candidate)
            removed.append(candidate)
        except OSError:
            continue
    return removed


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _copy_xattrs(source: str, destination: str) -> None:
    if not hasattr(os, "listxattr"):
        return
    try:
        names = os.listxattr(source)
    except OSError:
        return
    for name in names:
        try:
            os.setxattr(destination, name, os.getxattr(source, name))
        except OSError:
            continue  # e.g. a security.* attribute we may not set


@contextlib.contextmanager
def _locked(target: Path):
    """An exclusive advisory lock on ``target`` (POSIX ``flock``) while it is checked and replaced."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks on the file; the re-check still runs
        yield
        return
    try:
        fd = os.open(target, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass
        yield
    finally:
        os.close(fd)


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
