"""Reading a project's files with a bound on their size.

A project folder may come from anyone: a file of several gigabytes named ``NodeTypes.yaml``,
``composer.json`` or ``Main.xlf`` must not fill the memory or keep the studio busy. Real files are small
(the largest NodeTypes or Settings file of the corpus of public packages is 32 KB), so a file larger than
``MAX_FILE_BYTES`` is refused with ``FileTooLarge``, an ``OSError``: every reader that already reports a
file it cannot read (``cannot read the file: <strerror>``) reports this one the same way, and only
``MAX_FILE_BYTES + 1`` bytes are ever read.
"""

from __future__ import annotations

import errno
import os

MAX_FILE_BYTES = 8 * 1024 * 1024


class FileTooLarge(OSError):
    """A file larger than the studio reads."""

    def __init__(self, path: str | os.PathLike, limit: int):
        super().__init__(errno.EFBIG, f"the file is larger than {limit / 1024 / 1024:g} MB, the most the studio reads "
                                      f"(a real NodeTypes, Settings, composer or XLIFF file is a few KB)", os.fspath(path))


def read_bytes(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes; ``FileTooLarge`` (an ``OSError``) when it holds more than ``limit`` bytes."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(path, limit)
    return data


def read_text(path: str | os.PathLike, limit: int = MAX_FILE_BYTES, errors: str = "replace") -> str:
    """The file as UTF-8 text (a BOM is kept); ``FileTooLarge`` as ``read_bytes``."""
    return read_bytes(path, limit).decode("utf-8", errors)
