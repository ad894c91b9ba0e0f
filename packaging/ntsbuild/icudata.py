"""ICU data packages (ICU's "common data" ``.dat`` format): read, filter, write; and a libicudata that holds one.

Two runtimes in the bundle carry ICU data. The PySide6 wheel's Qt links ICU 73, whose
``libicudata.so.73`` (32 MB) is nothing but one package exported as the symbol ``icudt73_dat``, with
data for every ICU service. Qt Core calls four of them (``policy.QT_ICU_DATA_KEPT`` says which and
why); the build keeps those items and links a new ``libicudata.so.73`` around them (a C compiler's
assembler, ``cc``, does the linking). V8's ``icudtl.dat`` (mini-racer, ICU 77) is a plain package
file; the build drops the items V8 never reads (``policy.V8_ICU_DATA_DROPPED``).

Package layout (little-endian): a data header (``headerSize``, magic ``0xda27``, format ``CmnD``),
then a table of contents — item count, then per item the offsets of its name and its data, both
relative to the table's start — then the names (``icudt73l/coll/root.res``, sorted, NUL-ended),
then the items, each 16-byte aligned. ICU finds an item by binary search over the names.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

MAGIC = b"\xda\x27"
FORMAT = b"CmnD"
ALIGN = 16


@dataclass
class Package:
    header: bytes  # the data header, copied unchanged
    prefix: str  # "icudt73l/": the tree every item name starts with
    items: list[tuple[str, bytes]]  # (name without the prefix, data), in ICU's sorted order

    @property
    def size(self) -> int:
        return len(write_package(self))


def read_package(data: bytes) -> Package:
    """Parse a common-data package; raises ValueError when ``data`` is not one (or not little-endian)."""
    if len(data) < 32 or data[2:4] != MAGIC:
        raise ValueError("not an ICU data file (no 0xda27 magic)")
    header_size, = struct.unpack_from("<H", data, 0)
    big_endian = data[8]
    if data[12:16] != FORMAT:
        raise ValueError(f"not an ICU common-data package (format {data[12:16]!r})")
    if big_endian:
        raise ValueError("big-endian ICU data is not supported")
    count, = struct.unpack_from("<I", data, header_size)
    entries = []
    for i in range(count):
        name_offset, data_offset = struct.unpack_from("<II", data, header_size + 4 + 8 * i)
        start = header_size + name_offset
        name = data[start:data.index(b"\0", start)].decode("ascii")
        entries.append((name, header_size + data_offset))
    if not entries:
        raise ValueError("empty ICU data package")
    prefix = entries[0][0].split("/", 1)[0] + "/"
    items = []
    for index, (name, start) in enumerate(entries):
        end = entries[index + 1][1] if index + 1 < len(entries) else len(data)
        if not name.startswith(prefix):
            raise ValueError(f"item {name!r} is outside the package's tree {prefix!r}")
        items.append((name[len(prefix):], data[start:end]))
    return Package(data[:header_size], prefix, items)


def _pad(length: int) -> int:
    return -length % ALIGN


def write_package(package: Package) -> bytes:
    """The package as bytes (items keep their order, which must stay ICU's sorted order)."""
    header = package.header
    count = len(package.items)
    names = b"".join((package.prefix + name).encode("ascii") + b"\0" for name, _ in package.items)
    toc_size = 4 + 8 * count
    names_start = toc_size
    data_start = names_start + len(names)
    data_start += _pad(len(header) + data_start)
    toc = [struct.pack("<I", count)]
    body = []
    name_pos, data_pos = names_start, data_start
    for name, item in package.items:
        toc.append(struct.pack("<II", name_pos, data_pos))
        name_pos += len(package.prefix) + len(name) + 1
        padded = item + b"\0" * _pad(len(item))
        body.append(padded)
        data_pos += len(padded)
    gap = b"\xaa" * (data_start - names_start - len(names))  # ICU's own filler (round trips byte for byte)
    return header + b"".join(toc) + names + gap + b"".join(body)


def filter_package(package: Package, keep: Callable[[str], bool]) -> tuple[Package, list[str]]:
    """``(package with the items keep() accepts, names of the removed items)``."""
    kept = [(name, data) for name, data in package.items if keep(name)]
    removed = [name for name, _ in package.items if not keep(name)]
    return Package(package.header, package.prefix, kept), removed


def matcher(patterns: Iterable[str]) -> Callable[[str], bool]:
    """A predicate: the item name (without the tree prefix) fully matches one of the regular expressions."""
    compiled = re.compile("|".join(f"(?:{p})" for p in patterns))
    return lambda name: compiled.fullmatch(name) is not None


# --- the data inside libicudata.so ----------------------------------------------------------------


def read_library(path: Path) -> tuple[str, bytes]:
    """``(symbol, package bytes)`` of an ICU data library: the exported ``icudtNN_dat`` object."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(f"{path}: not a little-endian 64-bit ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    # section: name, type, flags, addr, offset, size, link, info, addralign, entsize
    for section in sections:
        if section[1] != 11:  # SHT_DYNSYM
            continue
        strtab = sections[section[6]]
        for offset in range(section[4], section[4] + section[5], section[9]):
            st_name, st_info, _other, st_shndx, st_value, st_size = struct.unpack_from("<IBBHQQ", data, offset)
            end = data.index(b"\0", strtab[4] + st_name)
            name = data[strtab[4] + st_name:end].decode("ascii", "replace")
            if re.fullmatch(r"icudt\d+_dat", name) and st_shndx and st_size:
                home = sections[st_shndx]
                start = home[4] + (st_value - home[3])
                return name, data[start:start + st_size]
    raise ValueError(f"{path}: no icudtNN_dat symbol (not an ICU data library)")


def find_compiler() -> str | None:
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    return None


def build_library(package_bytes: bytes, symbol: str, soname: str, out: Path, compiler: str | None = None) -> Path:
    """Link a shared library that exports ``package_bytes`` as ``symbol`` (what libicuuc looks up)."""
    compiler = compiler or find_compiler()
    if not compiler:
        raise RuntimeError("no C compiler (cc/gcc/clang) to link the reduced ICU data library; install gcc")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        blob = Path(tmp) / "icudata.dat"
        blob.write_bytes(package_bytes)
        source = Path(tmp) / "icudata.S"
        source.write_text(
            "\t.section .rodata\n"
            f"\t.globl {symbol}\n"
            f"\t.type {symbol}, @object\n"
            "\t.balign 16\n"
            f"{symbol}:\n"
            f"\t.incbin \"{blob}\"\n"
            f"\t.size {symbol}, . - {symbol}\n"
            "\t.section .note.GNU-stack,\"\",@progbits\n",
            encoding="ascii",
        )
        subprocess.run([compiler, "-shared", "-nostdlib", f"-Wl,-soname,{soname}", "-Wl,-z,noexecstack",
                        "-o", str(out), str(source)], check=True)
    return out


def reduce_library(source: Path, out: Path, keep: Callable[[str], bool]) -> tuple[int, int, list[str]]:
    """Write a reduced copy of the ICU data library ``source`` to ``out``: ``(old bytes, new bytes, removed)``."""
    symbol, blob = read_library(source)
    package, removed = filter_package(read_package(blob), keep)
    soname = Path(source).name
    build_library(write_package(package), symbol, soname, out)
    return Path(source).stat().st_size, Path(out).stat().st_size, removed


def reduce_file(source: Path, out: Path, keep: Callable[[str], bool]) -> tuple[int, int, list[str]]:
    """Write a reduced copy of the ICU data file ``source`` (``icudtl.dat``) to ``out``."""
    package, removed = filter_package(read_package(Path(source).read_bytes()), keep)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(write_package(package))
    return Path(source).stat().st_size, out.stat().st_size, removed
