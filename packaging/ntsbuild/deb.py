"""Linux artifacts from the frozen bundle: a ``.deb`` (dpkg-deb) and a portable ``.tar.xz``.

``python -m ntsbuild.deb --bundle dist/nodetype-studio --out dist`` (run by build-linux.sh).
The Debian ``Depends`` is computed: every library a bundled ELF file needs is either in the
bundle, the C library (versioned from the GLIBC_ symbol versions used), or a desktop library
from ``linux/system-libraries.txt``; anything else stops the build with the list of culprits.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ntsbuild import elfdeps, policy

HERE = Path(__file__).resolve().parent
PACKAGING = HERE.parent
#: the app icon, the one drawing every other icon file is rendered from (the repository's resources/ folder)
ICON_SVG = PACKAGING.parent / "resources" / "icons" / "nodetype-studio.svg"
LINUX = PACKAGING / "linux"
APP = policy.APP
APP_ID = "dev.nodetypestudio.NodeTypeStudio"
MIME_TYPE = "application/x-nodetypes+yaml"
INSTALL_DIR = f"opt/{APP}"
GLIBC_SONAMES = {"libc.so.6", "libresolv.so.2", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libutil.so.1",
                 "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "ld-linux.so.2"}
# Lowest libstdc++6 package version providing a GLIBCXX_3.4.N symbol version (rounded up to a release).
GLIBCXX_TO_GCC = {29: "11", 30: "12", 31: "13", 32: "14", 33: "14"}
DEB_ARCH = {"x86_64": "amd64", "aarch64": "arm64"}
# Bundled plugins that load a system library with dlopen (so it is in no NEEDED list): file -> Depends entry.
# Qt's OpenSSL TLS back end opens libssl.so.3 for https data sources (Debian 12 / Ubuntu 22.04: libssl3;
# after the 64-bit time_t transition: libssl3t64).
DLOPENED = {"libqopensslbackend.so": "libssl3 | libssl3t64"}


class BuildError(RuntimeError):
    pass


@dataclass
class Dependencies:
    packages: list[str]  # Debian Depends entries, sorted
    system_sonames: dict[str, list[str]]  # soname -> bundled files needing it


def compute_dependencies(bundle: Path, system_libraries: dict[str, str]) -> Dependencies:
    infos = elfdeps.scan_tree(bundle)
    provided = {p.name for p in bundle.rglob("*") if p.is_file() or p.is_symlink()}
    provided |= {i.soname for i in infos if i.soname}
    missing: dict[str, list[str]] = {}
    system: dict[str, list[str]] = {}
    for info in infos:
        rel = str(info.path.relative_to(bundle))
        for soname in info.needed:
            if soname in provided:
                continue
            if soname in GLIBC_SONAMES or soname in system_libraries:
                system.setdefault(soname, []).append(rel)
            else:
                missing.setdefault(soname, []).append(rel)
    if missing:
        lines = [f"  {so} (needed by {', '.join(sorted(users)[:3])})" for so, users in sorted(missing.items())]
        raise BuildError("libraries neither bundled nor known system libraries (add them to "
                         f"{policy.SYSTEM_LIBRARIES.name} or bundle them):\n" + "\n".join(lines))
    packages: dict[str, str] = {}
    glibc = elfdeps.highest_version(infos, "GLIBC_")
    packages["libc6"] = f"libc6 (>= {glibc.split('_', 1)[1]})" if glibc else "libc6"
    for soname in system:
        if soname in system_libraries:
            packages.setdefault(system_libraries[soname], system_libraries[soname])
    bundled_names = {p.name for p in bundle.rglob("*") if p.is_file()}
    for name, entry in DLOPENED.items():
        if name in bundled_names:
            packages.setdefault(entry, entry)
    if "libstdc++6" in packages:
        cxx = elfdeps.highest_version(infos, "GLIBCXX_")
        minor = elfdeps.version_key(cxx)[-1] if cxx else 0
        need = next((gcc for n, gcc in sorted(GLIBCXX_TO_GCC.items()) if n >= minor), None) if minor >= 29 else None
        if need:
            packages["libstdc++6"] = f"libstdc++6 (>= {need})"
    return Dependencies(sorted(packages.values()), {k: sorted(v) for k, v in sorted(system.items())})


def _fill(template: Path, version: str) -> str:
    text = template.read_text(encoding="utf-8")
    for key, value in {"APP_ID": APP_ID, "MIME_TYPE": MIME_TYPE, "VERSION": version,
                       "DATE": dt.date.today().isoformat()}.items():
        text = text.replace(f"@{key}@", value)
    return text


def _write(path: Path, text: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def desktop_files(share: Path, version: str, icons: Path) -> None:
    """The freedesktop integration under ``share`` (= usr/share): .desktop, icons, metainfo, MIME type."""
    _write(share / "applications" / f"{APP_ID}.desktop", _fill(LINUX / "app.desktop.in", version))
    _write(share / "metainfo" / f"{APP_ID}.metainfo.xml", _fill(LINUX / "metainfo.xml.in", version))
    _write(share / "mime" / "packages" / f"{APP_ID}.xml", _fill(LINUX / "mime.xml.in", version))
    for png in sorted((icons / "png").glob("*.png"), key=lambda p: int(p.stem)):
        size = int(png.stem)
        _write(share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png", png.read_bytes())
    svg = ICON_SVG
    _write(share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg", svg.read_bytes())


def _tree_size_kib(root: Path) -> int:
    total = 0
    for p in root.rglob("*"):
        if p.is_symlink():
            total += 1
        elif p.is_file():
            total += (p.stat().st_size + 1023) // 1024
    return total


def _normalize_modes(root: Path) -> None:
    """0755 for folders and executables, 0644 for the rest (dpkg-deb refuses odd permissions)."""
    for p in [root, *root.rglob("*")]:
        if p.is_symlink():
            continue
        if p.is_dir() or os.access(p, os.X_OK):
            p.chmod(0o755)
        else:
            p.chmod(0o644)


def build_deb(bundle: Path, out: Path, work: Path, version: str, icons: Path, arch: str) -> tuple[Path, Dependencies]:
    deps = compute_dependencies(bundle, policy.load_system_libraries())
    root = work / "deb-root"
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(bundle, root / INSTALL_DIR, symlinks=True)
    _write(root / "usr" / "bin" / APP, (LINUX / "launcher.sh").read_text(encoding="utf-8"), 0o755)
    desktop_files(root / "usr" / "share", version, icons)
    _write(root / "usr" / "share" / "doc" / APP / "copyright", (LINUX / "copyright").read_text(encoding="utf-8"))
    _normalize_modes(root)
    md5 = []
    for p in sorted(root.rglob("*")):
        if p.is_file() and not p.is_symlink():
            md5.append(f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(root)}")
    control = "\n".join([
        f"Package: {APP}",
        f"Version: {version}",
        f"Architecture: {arch}",
        "Maintainer: Node Type Studio developers <maintainers@nodetypestudio.dev>",
        f"Installed-Size: {_tree_size_kib(root)}",
        f"Depends: {', '.join(deps.packages)}",
        "Recommends: shared-mime-info, desktop-file-utils, hicolor-icon-theme",
        "Section: devel",
        "Priority: optional",
        "Description: design and check node types of Neos-style CMS sites",
        " Node Type Studio reads the NodeTypes YAML files of a site offline, resolves them as",
        " the CMS does, previews each inspector with real widgets and validators, edits the",
        " YAML with minimal diffs and reports misconfiguration with file and line.",
        " .",
        " This package bundles its own Python, Qt (PySide6) and V8 runtime in /opt/nodetype-studio.",
        "",
    ])
    _write(root / "DEBIAN" / "control", control)
    _write(root / "DEBIAN" / "md5sums", "\n".join(md5) + "\n")
    (root / "DEBIAN").chmod(0o755)
    deb = out / f"{APP}_{version}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "-z6", "--build", str(root), str(deb)],
                   check=True, stdout=subprocess.DEVNULL)
    shutil.rmtree(root)
    return deb, deps


def build_tarball(bundle: Path, out: Path, work: Path, version: str, icons: Path, machine: str,
                  deps: Dependencies) -> Path:
    name = f"{APP}-{version}-linux-{machine}"
    stage = work / "tar-root"
    if stage.exists():
        shutil.rmtree(stage)
    top = stage / name
    shutil.copytree(bundle, top, symlinks=True)
    desktop_files(top / "share", version, icons)
    packages = ", ".join(p.split(" ")[0] for p in deps.packages)
    _write(top / "README-linux.txt", (
        f"Node Type Studio {version} (portable build for Linux {machine})\n\n"
        f"Run ./{APP} from this folder; `./{APP} --self-test` checks that everything works.\n\n"
        "System libraries it uses (Debian/Ubuntu package names):\n"
        f"  {packages}\n\n"
        "Desktop integration (menu entry, icon, NodeTypes*.yaml file type), per user:\n"
        "  cp -r share/* ~/.local/share/   # then edit Exec= in the .desktop file to this folder's path\n"
        "  update-mime-database ~/.local/share/mime; update-desktop-database ~/.local/share/applications\n"
    ))
    tarball = out / f"{name}.tar.xz"
    env = {**os.environ, "XZ_OPT": "-3 -T0"}  # speed over the last MBs: the .deb carries the size target
    subprocess.run(["tar", "--owner=0", "--group=0", "--numeric-owner", "-cJf", str(tarball), "-C", str(stage), name],
                   check=True, env=env)
    shutil.rmtree(stage)
    return tarball


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ntsbuild.deb", description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, required=True, help="the PyInstaller one-folder output")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--work", type=Path, default=Path("build/linux"))
    parser.add_argument("--icons", type=Path, help="folder made by ntsbuild.icons (rendered here when absent)")
    parser.add_argument("--version")
    parser.add_argument("--no-tarball", action="store_true")
    args = parser.parse_args(argv)
    if not (args.bundle / APP).is_file():
        print(f"{args.bundle}: no frozen {APP} executable here; run PyInstaller first", file=sys.stderr)
        return 2
    version = args.version or policy.bundle_version(args.bundle)
    machine = os.uname().machine
    arch = DEB_ARCH.get(machine, machine)
    args.out.mkdir(parents=True, exist_ok=True)
    args.work.mkdir(parents=True, exist_ok=True)
    icons = args.icons
    if icons is None:
        from ntsbuild.icons import build_icons

        icons = args.work / "icons"
        build_icons(ICON_SVG, icons)
    try:
        deb, deps = build_deb(args.bundle, args.out, args.work, version, icons, arch)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    print(f"{deb} ({deb.stat().st_size / 1e6:.1f} MB)\n  Depends: {', '.join(deps.packages)}")
    if not args.no_tarball:
        tarball = build_tarball(args.bundle, args.out, args.work, version, icons, machine, deps)
        print(f"{tarball} ({tarball.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
