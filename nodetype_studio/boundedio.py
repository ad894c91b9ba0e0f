"""Reading a project's files with a bound on their size.

A project folder may come from anyone: a file of several gigabytes named ``NodeTypes.yaml``,
``composer.json`` or ``Main.xlf`` must not fill the memory or keep the studio busy. Real files are small
(the largest NodeTypes or Settings file of the corpus of public packages is 32 KB), so a file larger than
``MAX_FILE_BYTES`` is refused with ``FileTooLarge``, an ``OSError``: every reader that already reports a
file it cannot read (``cannot read the file: <strerror>``) reports this one the same way, and only
``MAX_FILE_BYTES + 1`` bytes are ever read. Only regular files are read: a named pipe, a device or a socket
under a file's name is refused with ``NotARegularFile`` (an ``OSError`` too) without waiting, for opening a
pipe blocks until someone writes to it and a device such as ``/dev/zero`` never ends.
"""

from __future__ import annotations

import errno
import os
import stat

MAX_FILE_BYTES = 8 * 1024 * 1024


class FileTooLarge(OSError):
    """A file larger than the studio reads."""

    def __init__(self, path: str | os.PathLike, limit: int):
        super().__init__(errno.EFBIG, f"the file is larger than {limit / 1024 / 1024:g} MB, the most the studio reads "
                                      f"(a real NodeTypes, Settings, composer or XLIFF file is a few KB)", os.fspath(path))


class NotARegularFile(OSError):
    """A pipe, device or socket where the studio expects a file."""

    def __init__(self, path: str | os.PathLike):
        super().__init__(errno.EINVAL, "it is not a regular file (a pipe, device or socket); the studio reads files only",
                         os.fspath(path))


def read_bytes(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes; ``FileTooLarge`` (an ``OSError``) when it holds more than ``limit`` bytes,
    ``NotARegularFile`` (an ``OSError``) when it is no regular file."""
    # O_NONBLOCK: opening a named pipe returns at once instead of waiting for a writer (no effect on files)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(path)
        # The first read asks for the size the file has (and one byte more): asking for the whole bound at once
        # made every read allocate and give back limit + 1 bytes (22 µs for a 500-byte file, 6 µs like this).
        # A file longer than that (it grew meanwhile; /proc files say 0) is read on, up to the bound.
        first = min(info.st_size, limit) + 1
        data = handle.read(first)
        if len(data) == first and first <= limit:
            data += handle.read(limit + 1 - first)
    if len(data) > limit:
        raise FileTooLarge(path, limit)
    return data


def read_text(path: str | os.PathLike, limit: int = MAX_FILE_BYTES, errors: str = "replace") -> str:
    """The file as UTF-8 text (a BOM is kept); ``FileTooLarge`` as ``read_bytes``."""
    return read_bytes(path, limit).decode("utf-8", errors)
