"""A persistent cache of parsed NodeTypes and Settings files: re-opening a project after a restart does
not parse its YAML again.

An entry holds what parsing one file gives (its data with the position of every key and list item,
the platform-prefix counts, the ``i18n`` flag). It is found by the SHA-256 of the parser's version,
the file's path and the file's bytes: a changed file, a moved file or a new version of the parser
(a change to ``yamlload.py`` or to the entry format) simply finds no entry. Entries live in the user's
cache folder (``$NODETYPE_STUDIO_CACHE_DIR``, else ``$XDG_CACHE_HOME/nodetype-studio``, else the
platform's cache folder) under ``parse-v<N>/``; deleting that folder at any time is safe.

The cache folder is not trusted. Entries are JSON, read with the standard library's decoder, which
creates only strings, numbers, booleans, None, lists and dicts: a forged entry cannot make the studio
construct an object of its choosing or run code, as a pickle (or ``marshal``, which the Python
documentation calls unsafe on untrusted data, and whose format changes between Python versions) could.
Every entry is then checked completely (header, key, shape, positions) before it is used; anything
unexpected, a truncated file, an entry of another version or another file, is a miss, and the file is
parsed from its text as if there were no cache. Files with findings (syntax errors, duplicate keys...)
or with aliases are never cached: they are parsed each time, so their findings are always those of the
current parser.

Bounded: an entry above ``MAX_ENTRY_BYTES`` is neither written nor read, and after writing, the folder
is trimmed to ``MAX_TOTAL_BYTES`` (the least recently used entries go first). Entries are encoded and
written by a background thread a moment after the project is open (``WRITE_DELAY_S``: the studio's
first preview is built meanwhile), each to a temporary file renamed into place, so a reader never sees
half an entry. A process that ends sooner (a one-shot command) may leave its entries unwritten.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
import time
from array import array
from pathlib import Path

from nodetype_studio import boundedio
from nodetype_studio.model.yamlload import MAX_NESTING, POSITION_TYPE, YList, YMap, flat_positions

FORMAT = 2
MAX_ENTRY_BYTES = 8 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024

_state: dict = {}
_lock = threading.Lock()
_pending: list[tuple] = []  # (path, raw, data, counts, i18n) parsed but not written yet
WRITE_DELAY_S = 1.0  # after a load, entries are written this much later


class _Invalid(Exception):
    """An entry that is not exactly what this version writes."""


def cache_root() -> Path | None:
    """The folder entries live in; None when the cache is switched off (``NODETYPE_STUDIO_CACHE_DIR=off``)."""
    explicit = os.environ.get("NODETYPE_STUDIO_CACHE_DIR")
    if explicit is not None:
        return None if explicit.strip().lower() in ("", "off", "0", "none") else Path(explicit)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "nodetype-studio"


def _parser_version() -> bytes:
    """The entry format and a hash of the parser's source: a changed parser never reads old entries."""
    if "version" not in _state:
        from nodetype_studio.model import yamlguard, yamlload

        digest = hashlib.sha256(f"format {FORMAT}".encode())
        for module in (yamlload, yamlguard, sys.modules[__name__]):
            try:
                digest.update(Path(module.__file__ or "").read_bytes())
            except OSError:  # a frozen build without sources: its version names the parser
                from nodetype_studio import __version__

                digest.update(__version__.encode())
        _state["version"] = digest.hexdigest().encode()
    return _state["version"]


def _folder() -> Path | None:
    setting = os.environ.get("NODETYPE_STUDIO_CACHE_DIR")  # (asked for every file: remembered per setting)
    known = _state.get("folder")
    if known is None or known[0] != setting:
        root = cache_root()
        known = _state["folder"] = (setting, None if root is None else root / f"parse-v{FORMAT}")
    return known[1]


def entry_key(path: str, raw: bytes) -> str:
    digest = hashlib.sha256(_parser_version())
    digest.update(b"\0" + path.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(raw)
    return digest.hexdigest()


# -- reading ------------------------------------------------------------------------------------------------
def get(path: str, raw: bytes):
    """``(data, prefix_counts, i18n)`` of the file ``path`` with content ``raw``, or None (a miss)."""
    folder = _folder()
    if folder is None:
        return None
    key = entry_key(path, raw)
    entry = os.path.join(folder, key + ".json")
    try:
        blob = boundedio.read_bytes(entry, MAX_ENTRY_BYTES)  # (larger: FileTooLarge, an OSError)
    except OSError:
        return None
    try:
        found = _decode_entry(blob, key)
    except (_Invalid, ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError, UnicodeDecodeError):
        return None
    try:
        os.utime(entry)  # recently used: trimmed last
    except OSError:
        pass
    return found


def _decode_entry(blob: bytes, key: str):
    header_line, _, body = blob.partition(b"\n")
    header = json.loads(header_line)
    if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("key") != key:
        raise _Invalid("another format or another file")
    counts = header.get("counts")
    if (not isinstance(counts, list) or len(counts) != 2
            or not all(type(c) is int and c >= 0 for c in counts) or type(header.get("i18n")) is not bool):
        raise _Invalid("header")
    # every mapping is made by the decoder itself (YMap has no __init__ of its own): no Python call per object
    decoded = json.loads(body, object_pairs_hook=YMap)
    if type(decoded) is not list or len(decoded) != 2 or type(decoded[1]) is not list:
        raise _Invalid("body")
    data, numbers = decoded
    # one flat list of positions for the whole file, checked at once: integers only (not booleans), and
    # the array refuses negative ones and ones too large (OverflowError)
    if numbers and not set(map(type, numbers)) <= _INT:
        raise _Invalid("positions")
    positions = array(POSITION_TYPE, numbers)
    placer = _Placer(positions)
    data = placer.placed(data, 0)
    if placer.offset != len(positions):
        raise _Invalid("positions left over")
    return data, (counts[0], counts[1]), header["i18n"]


_INT = {int}
_CONTAINERS = {YMap, list}


class _Placer:
    """Gives every container of decoded data its positions, read from one flat array in the order
    ``_encode`` wrote them (a container's line and column, then each key's or item's: exactly the
    container's ``_flat``), and turns its lists into YList; refuses more nesting than the parser allows
    and too few positions."""

    def __init__(self, positions: array):
        self.positions = positions
        self.offset = 0

    def take(self, value) -> array:
        """The next container's flat positions: its own, then its keys' or items'."""
        start = self.offset
        end = self.offset = start + 2 * len(value) + 2
        if end > len(self.positions):
            raise _Invalid("positions missing")
        return self.positions[start:end]

    def placed(self, value, depth: int):
        if depth > MAX_NESTING:
            raise _Invalid("too deep")
        if type(value) is YMap:
            value._flat = self.take(value)
            for key, item in value.items():
                if type(item) in _CONTAINERS:
                    value[key] = self.placed(item, depth + 1)  # (a value replaced, no key added)
            return value
        result = YList(value)
        result._flat = self.take(value)
        for index, item in enumerate(value):
            if type(item) in _CONTAINERS:
                result[index] = self.placed(item, depth + 1)
        return result


# -- writing ------------------------------------------------------------------------------------------------
def _encode(value, positions: list[int]) -> object:
    """Parsed data as plain JSON values; the positions of each container are appended to ``positions``
    in the order ``_Placer`` reads them: its line and column, then each key's or item's line and column.
    Every container of parsed data is a YMap or a YList; anything else is not cached."""
    kind = type(value)
    if kind is YMap:
        if any(type(key) is not str for key in value):
            raise _Invalid("a key")
        positions.extend(value.pos)
        positions.extend(flat_positions(value))
        return {key: _encode(item, positions) for key, item in value.items()}
    if kind is YList:
        flat = flat_positions(value)
        if len(flat) != 2 * len(value):
            raise _Invalid("positions")
        positions.extend(value.pos)
        positions.extend(flat)
        return [_encode(item, positions) for item in value]
    if value is None or kind in (str, int, float, bool):
        return value
    raise _Invalid(f"a {kind.__name__}")


def put(path: str, raw: bytes, data, counts: tuple[int, int], i18n: bool) -> None:
    """Queue an entry (nothing is encoded or written here: ``flush_async`` does that later)."""
    if _folder() is not None:
        with _lock:
            _pending.append((path, raw, data, counts, i18n))


def _entry(path: str, raw: bytes, data, counts, i18n) -> tuple[str, bytes] | None:
    key = entry_key(path, raw)
    try:
        header = json.dumps({"format": FORMAT, "key": key, "counts": list(counts), "i18n": i18n})
        positions: list = []
        plain = _encode(data, positions)
        body = json.dumps([plain, positions], ensure_ascii=False, separators=(",", ":"))
    except (_Invalid, ValueError, RecursionError):
        return None
    blob = (header + "\n" + body).encode("utf-8", "surrogatepass")
    return (f"{key}.json", blob) if len(blob) <= MAX_ENTRY_BYTES else None


def take_pending() -> list:
    with _lock:
        batch = list(_pending)
        _pending.clear()
    return batch


def discard_pending() -> None:
    """Forget the queued entries, also those a writer is waiting to write (benchmarks of a cold open)."""
    take_pending()
    _state["generation"] = _state.get("generation", 0) + 1


def flush_async(delay: float = 0.0) -> threading.Thread | None:
    """Encode and write the queued entries in a background (daemon) thread, after ``delay`` seconds (so
    that a window being built does not share the interpreter with the writer); returns the thread."""
    batch = take_pending()
    if not batch:
        return None
    generation = _state.get("generation", 0)

    def run() -> None:
        if delay:
            time.sleep(delay)
        if _state.get("generation", 0) == generation:
            write(batch)

    thread = threading.Thread(target=run, name="nodetype-studio-parse-cache", daemon=True)
    thread.start()
    _state["writer"] = thread
    return thread


def wait() -> None:
    """Wait until the last writer has written (tests, benchmarks)."""
    writer = _state.get("writer")
    if writer is not None:
        writer.join()


def write(batch: list) -> None:
    """Encode and write entries (each to a temporary file renamed into place), then trim the folder."""
    folder = _folder()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    for item in batch:
        entry = _entry(*item)
        if entry is None:
            continue
        name, blob = entry
        target = folder / name
        temporary = folder / f".{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            temporary.write_bytes(blob)
            os.replace(temporary, target)
        except OSError:
            try:
                temporary.unlink()
            except OSError:
                pass
    trim(folder)


def trim(folder: Path, limit: int = MAX_TOTAL_BYTES) -> None:
    """Delete the least recently used entries until the folder holds at most ``limit`` bytes."""
    try:
        entries = []
        for entry in os.scandir(folder):
            if entry.is_file(follow_symlinks=False):
                stat = entry.stat(follow_symlinks=False)
                entries.append((stat.st_mtime_ns, stat.st_size, entry.path))
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        try:
            os.unlink(path)
            total -= size
        except OSError:
            pass
