"""What an ELF shared object or executable asks of the dynamic linker: its needed libraries and symbol versions.

A small reader of the dynamic section (``DT_NEEDED``, ``DT_SONAME``) and the GNU version-needs
section, so the Debian ``Depends`` line is computed from the bundle itself rather than written by hand.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
SHT_DYNAMIC = 6
SHT_GNU_VERNEED = 0x6FFFFFFE
DT_NULL, DT_NEEDED, DT_SONAME = 0, 1, 14


@dataclass
class ElfInfo:
    path: Path
    soname: str | None = None
    needed: list[str] = field(default_factory=list)
    versions: dict[str, set[str]] = field(default_factory=dict)  # library -> version names (GLIBC_2.34, ...)


def is_elf(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == ELF_MAGIC
    except OSError:
        return False


def _cstr(data: bytes, offset: int) -> str:
    end = data.index(b"\0", offset)
    return data[offset:end].decode("utf-8", "replace")


def read_elf(path: Path) -> ElfInfo:
    """Parse ``path``; raises ValueError when it is not a well-formed ELF file."""
    data = Path(path).read_bytes()
    if data[:4] != ELF_MAGIC:
        raise ValueError(f"{path} is not an ELF file")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    try:
        if is64:
            shoff, = struct.unpack_from(end + "Q", data, 0x28)
            shentsize, shnum = struct.unpack_from(end + "HH", data, 0x3A)
            sec_fmt, dyn_fmt = end + "IIQQQQIIQQ", end + "qQ"
        else:
            shoff, = struct.unpack_from(end + "I", data, 0x20)
            shentsize, shnum = struct.unpack_from(end + "HH", data, 0x2E)
            sec_fmt, dyn_fmt = end + "IIIIIIIIII", end + "iI"
        sections = [struct.unpack_from(sec_fmt, data, shoff + i * shentsize) for i in range(shnum)]
    except struct.error as exc:
        raise ValueError(f"{path}: truncated ELF headers ({exc})") from None
    info = ElfInfo(Path(path))
    # section tuple: name, type, flags, addr, offset, size, link, info, addralign, entsize
    for sec in sections:
        _, sh_type, _, _, offset, size, link, sh_info, _, _ = sec
        if sh_type == SHT_DYNAMIC:
            strtab = sections[link]
            strings = data[strtab[4]:strtab[4] + strtab[5]]
            step = struct.calcsize(dyn_fmt)
            for pos in range(offset, offset + size, step):
                tag, val = struct.unpack_from(dyn_fmt, data, pos)
                if tag == DT_NULL:
                    break
                if tag == DT_NEEDED:
                    info.needed.append(_cstr(strings, val))
                elif tag == DT_SONAME:
                    info.soname = _cstr(strings, val)
        elif sh_type == SHT_GNU_VERNEED:
            strtab = sections[link]
            strings = data[strtab[4]:strtab[4] + strtab[5]]
            pos = offset
            for _ in range(sh_info):
                _, cnt, file_off, aux, nxt = struct.unpack_from(end + "HHIII", data, pos)
                lib = _cstr(strings, file_off)
                apos = pos + aux
                for _ in range(cnt):
                    _, _, _, name_off, anext = struct.unpack_from(end + "IHHII", data, apos)
                    info.versions.setdefault(lib, set()).add(_cstr(strings, name_off))
                    if not anext:
                        break
                    apos += anext
                if not nxt:
                    break
                pos += nxt
    return info


def version_key(name: str) -> tuple[int, ...]:
    """``GLIBC_2.34`` -> (2, 34); names without a numeric part sort first."""
    tail = name.rsplit("_", 1)[-1]
    parts = []
    for piece in tail.split("."):
        if not piece.isdigit():
            return ()
        parts.append(int(piece))
    return tuple(parts)


def highest_version(infos: list[ElfInfo], prefix: str) -> str | None:
    """The highest ``prefix``-versioned symbol version any of ``infos`` needs (e.g. ``GLIBC_``)."""
    best: str | None = None
    for info in infos:
        for names in info.versions.values():
            for name in names:
                if name.startswith(prefix) and version_key(name) and (best is None or version_key(name) > version_key(best)):
                    best = name
    return best


def scan_tree(root: Path) -> list[ElfInfo]:
    """Every ELF file below ``root`` (symlinks skipped: their targets are scanned themselves)."""
    found = []
    for path in sorted(Path(root).rglob("*")):
        if path.is_file() and not path.is_symlink() and is_elf(path):
            found.append(read_elf(path))
    return found
