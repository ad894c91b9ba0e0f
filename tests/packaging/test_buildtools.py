"""The packaging build helpers (packaging/ntsbuild): ELF reading, icons, bundle policy, Debian dependencies.

Fast: no PyInstaller run. The frozen bundle itself is tested in test_bundle.py.
"""

import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

from ntsbuild import deb, elfdeps, icons, icudata, policy  # noqa: E402

QT_DIR = None
try:
    import PySide6

    QT_DIR = Path(PySide6.__file__).parent / "Qt"
except ImportError:  # pragma: no cover - PySide6 is a hard dependency
    pass

XCB_PLUGIN = QT_DIR / "plugins" / "platforms" / "libqxcb.so" if QT_DIR else None
needs_linux_qt = pytest.mark.skipif(not (XCB_PLUGIN and XCB_PLUGIN.is_file()), reason="needs the Linux PySide6 wheel")


# --- ELF reader ---------------------------------------------------------------------------------


@needs_linux_qt
def test_read_elf_lists_needed_libraries_and_symbol_versions():
    info = elfdeps.read_elf(XCB_PLUGIN)
    assert "libQt6XcbQpa.so.6" in info.needed
    assert "libxcb-cursor.so.0" in info.needed
    assert "libc.so.6" in info.needed
    assert any(v.startswith("GLIBC_2.") for v in info.versions["libc.so.6"])
    core = elfdeps.read_elf(QT_DIR / "lib" / "libQt6Core.so.6")
    assert core.soname == "libQt6Core.so.6"


@needs_linux_qt
def test_read_elf_agrees_with_readelf():
    if not shutil.which("readelf"):
        pytest.skip("readelf (binutils) is not installed")
    out = subprocess.run(["readelf", "-d", str(XCB_PLUGIN)], capture_output=True, text=True, check=True).stdout
    expected = [line.split("[", 1)[1].rstrip("]") for line in out.splitlines() if "(NEEDED)" in line]
    assert elfdeps.read_elf(XCB_PLUGIN).needed == expected


def test_read_elf_rejects_other_files(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert not elfdeps.is_elf(text)
    with pytest.raises(ValueError, match="not an ELF file"):
        elfdeps.read_elf(text)
    truncated = tmp_path / "broken.so"
    truncated.write_bytes(b"\x7fELF\x02\x01\x01" + b"\0" * 9)
    with pytest.raises(ValueError, match="truncated"):
        elfdeps.read_elf(truncated)
    assert not elfdeps.is_elf(tmp_path / "missing.so")


def test_highest_version_compares_numerically():
    a = elfdeps.ElfInfo(Path("a"), versions={"libc.so.6": {"GLIBC_2.9", "GLIBC_2.2.5"}})
    b = elfdeps.ElfInfo(Path("b"), versions={"libm.so.6": {"GLIBC_2.29", "GLIBC_PRIVATE"}})
    assert elfdeps.highest_version([a, b], "GLIBC_") == "GLIBC_2.29"
    assert elfdeps.highest_version([a], "GLIBCXX_") is None


# --- icons --------------------------------------------------------------------------------------


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_icons_render_every_size_and_containers_hold_them(tmp_path):
    made = icons.build_icons(ROOT / "resources" / "icons" / "nodetype-studio.svg", tmp_path)
    for size in icons.HICOLOR_SIZES:
        assert _png_size((made["png"] / f"{size}.png").read_bytes()) == (size, size)
    ico = made["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    for i, size in enumerate(sorted(icons.ICO_SIZES)):
        w, h, _, _, planes, bpp, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i:22 + 16 * i])
        assert (w or 256, h or 256) == (size, size) and (planes, bpp) == (1, 32)
        assert _png_size(ico[offset:offset + length]) == (size, size)
    icns = made["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, kinds = 8, []
    while pos < len(icns):
        kind, length = icns[pos:pos + 4], struct.unpack(">I", icns[pos + 4:pos + 8])[0]
        kinds.append(kind)
        assert icns[pos + 8:pos + 16] == b"\x89PNG\r\n\x1a\n"
        pos += length
    assert pos == len(icns) and kinds == [k for k, _ in icons.ICNS_TYPES]


def test_icons_reject_an_invalid_svg(tmp_path):
    bad = tmp_path / "bad.svg"
    bad.write_text("<svg")
    with pytest.raises(ValueError, match="not a valid SVG"):
        icons.build_icons(bad, tmp_path / "out")


# --- bundle policy ------------------------------------------------------------------------------


@pytest.mark.parametrize("dest, pruned", [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", False),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", False),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", True),
    ("PySide6/Qt/plugins/platforms/libqwayland-egl.so", True),
    ("PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so", True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", True),
    ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", False),
    ("PySide6/Qt/plugins/imageformats/libqpdf.so", True),
    ("PySide6/Qt/lib/libQt6Quick.so.6", True),
    ("libQt6Network.so.6", False),  # data sources use QtNetwork
    ("PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6", True),
    ("PySide6/Qt/lib/libQt6Widgets.so.6", False),
    ("PySide6/Qt/translations/qtbase_de.qm", True),
    ("PySide6\\Qt6Quick.dll", True),
    ("PySide6/QtCore.pyi", True),
    ("nodetype_studio/resources/example/.nodetype-studio/data-sources/x.yaml", False),
    ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),  # https data sources
    ("PySide6/Qt/plugins/tls/libqcertonlybackend.so", True),
    ("pygments-2.20.0.dist-info/RECORD", True),
    ("pygments-2.20.0.dist-info/entry_points.txt", False),
    ("qtawesome/fonts/fontawesome5-solid-webfont-5.15.4.ttf", False),
    ("qtawesome/fonts/fontawesome6-brands-webfont-charmap-6.7.2.json", False),
    ("qtawesome/fonts/materialdesignicons6-webfont-6.9.96.ttf", True),
    ("qtawesome/fonts/phosphor-charmap-1.3.0.json", True),
])
def test_pruned_paths(dest, pruned):
    assert policy.is_pruned(dest) is pruned


def test_system_library_table_parses_and_rejects_bad_lines(tmp_path):
    table = policy.load_system_libraries()
    assert table["libxcb-cursor.so.0"] == "libxcb-cursor0"
    assert table["libEGL.so.1"] == "libegl1"
    bad = tmp_path / "libs.txt"
    bad.write_text("# comment\nlibfoo.so.1 libfoo1\nlibbar.so.2\n")
    with pytest.raises(ValueError, match=r"libs.txt:3: expected 'soname package'"):
        policy.load_system_libraries(bad)


@needs_linux_qt
def test_filter_toc_drops_system_libraries_and_orphans(tmp_path):
    lib = QT_DIR / "lib"
    toc = [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", str(XCB_PLUGIN), "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", str(lib / "libQt6XcbQpa.so.6"), "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", str(lib / "libQt6Core.so.6"), "BINARY"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Svg.so.6", str(lib / "libQt6Svg.so.6"), "BINARY"),  # nothing here links it
        ("libSvgLink.so.6", "PySide6/Qt/lib/libQt6Svg.so.6", "SYMLINK"),
        ("libxcb-cursor.so.0", "/usr/lib/libxcb-cursor.so.0", "BINARY"),  # host copy of a desktop library
        ("PySide6/Qt/plugins/platforms/libqvnc.so", "/x/libqvnc.so", "BINARY"),
        ("nodetype_studio/resources/baseline/9/baseline.yaml", "/x/baseline.yaml", "DATA"),
    ]
    kept = [e[0] for e in policy.filter_toc(toc, {"libxcb-cursor.so.0": "libxcb-cursor0"}, prune_orphans=True)]
    assert "libxcb-cursor.so.0" not in kept and "PySide6/Qt/plugins/platforms/libqvnc.so" not in kept
    assert "PySide6/Qt/lib/libQt6Svg.so.6" not in kept  # orphan once nothing needs it
    assert "PySide6/Qt/plugins/platforms/libqxcb.so" in kept  # plugins are loaded by name, never orphans
    assert {"PySide6/Qt/lib/libQt6XcbQpa.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "libQt6Core.so.6"} <= set(kept)
    assert "nodetype_studio/resources/baseline/9/baseline.yaml" in kept


def test_runtime_distributions_follow_requirements():
    try:
        found = policy.runtime_distributions("nodetype-studio")
    except RuntimeError as exc:
        pytest.skip(str(exc))
    lowered = {re.sub(r"[-_.]+", "-", d).lower() for d in found}
    assert {"nodetype-studio", "pyside6-essentials", "shiboken6", "mini-racer", "markdown", "qtawesome", "qtpy"} <= lowered
    assert "pytest" not in lowered  # test extras are not bundled


def test_runtime_distributions_explains_a_missing_app():
    with pytest.raises(RuntimeError, match="is not installed"):
        policy.runtime_distributions("no-such-distribution-nts")


def test_bundle_version_reads_the_metadata_folder(tmp_path):
    (tmp_path / "_internal" / "nodetype_studio-1.2.3.dist-info").mkdir(parents=True)
    assert policy.bundle_version(tmp_path) == "1.2.3"
    with pytest.raises(RuntimeError, match="metadata is not bundled"):
        policy.bundle_version(tmp_path / "_internal" / "nodetype_studio-1.2.3.dist-info")


# --- Debian dependencies and desktop files ------------------------------------------------------


@needs_linux_qt
def test_dependencies_come_from_the_bundled_files(tmp_path):
    bundle = tmp_path / "bundle"
    for name in ["libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libQt6Core.so.6", "libQt6DBus.so.6",
                 "libicui18n.so.73", "libicuuc.so.73", "libicudata.so.73"]:
        target = bundle / "PySide6" / "Qt" / "lib" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (QT_DIR / "lib" / name).exists():
            shutil.copy(QT_DIR / "lib" / name, target)
    shutil.copy(XCB_PLUGIN, bundle / "libqxcb.so")
    # zlib and zstd are bundled in the real build (PyInstaller copies them); here the table covers them.
    table = {**policy.load_system_libraries(), "libz.so.1": "zlib1g", "libzstd.so.1": "libzstd1"}
    deps = deb.compute_dependencies(bundle, table)
    names = [p.split(" ")[0] for p in deps.packages]
    for package in ["libxcb-cursor0", "libxkbcommon-x11-0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-shape0",
                    "libxcb-render-util0", "libxcb-image0", "libegl1", "libgl1", "libfontconfig1", "libdbus-1-3"]:
        assert package in names
    assert any(p.startswith("libc6 (>= 2.") for p in deps.packages)
    assert "libxcb-cursor.so.0" in deps.system_sonames
    assert not any("libssl" in p for p in deps.packages)
    # Qt's OpenSSL back end opens libssl with dlopen: the package depends on it when the plugin is bundled
    tls = bundle / "PySide6" / "Qt" / "plugins" / "tls" / "libqopensslbackend.so"
    tls.parent.mkdir(parents=True)
    tls.write_bytes(b"")
    assert "libssl3 | libssl3t64" in deb.compute_dependencies(bundle, table).packages
    tls.unlink()
    del table["libxcb-cursor.so.0"]
    with pytest.raises(deb.BuildError, match=r"libxcb-cursor\.so\.0 \(needed by .*libqxcb\.so"):
        deb.compute_dependencies(bundle, table)


def test_desktop_files_are_complete_and_valid(tmp_path):
    made = icons.build_icons(ROOT / "resources" / "icons" / "nodetype-studio.svg", tmp_path / "icons")
    share = tmp_path / "share"
    deb.desktop_files(share, "9.8.7", tmp_path / "icons")
    desktop = share / "applications" / f"{deb.APP_ID}.desktop"
    text = desktop.read_text()
    assert f"MimeType={deb.MIME_TYPE};" in text and f"Icon={deb.APP_ID}" in text and "Exec=nodetype-studio %f" in text
    assert "@" not in text
    for size in icons.HICOLOR_SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{deb.APP_ID}.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{deb.APP_ID}.svg").is_file()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ET.parse(share / "mime" / "packages" / f"{deb.APP_ID}.xml").getroot()
    kind = mime.find("m:mime-type", ns)
    assert kind.get("type") == deb.MIME_TYPE
    assert "NodeTypes*.yaml" in [g.get("pattern") for g in kind.findall("m:glob", ns)]
    meta = ET.parse(share / "metainfo" / f"{deb.APP_ID}.metainfo.xml").getroot()
    assert meta.findtext("id") == deb.APP_ID
    assert meta.find("releases/release").get("version") == "9.8.7"
    assert made["png"].is_dir()
    if shutil.which("desktop-file-validate"):
        out = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr
    if shutil.which("appstreamcli"):
        out = subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic",
                              str(share / "metainfo" / f"{deb.APP_ID}.metainfo.xml")], capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr


def test_mime_glob_matches_nodetypes_files(tmp_path):
    """The MIME database built from our XML maps NodeTypes files to our type and leaves other YAML alone."""
    if not (shutil.which("update-mime-database") and Path("/usr/share/mime/packages/freedesktop.org.xml").is_file()):
        pytest.skip("shared-mime-info is not installed")
    share = tmp_path / "share"
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy("/usr/share/mime/packages/freedesktop.org.xml", share / "mime" / "packages")
    deb.desktop_files(share, "1.0", icons.build_icons(ROOT / "resources" / "icons" / "nodetype-studio.svg", tmp_path / "i")["png"].parent)
    subprocess.run(["update-mime-database", str(share / "mime")], check=True, capture_output=True)
    globs = (share / "mime" / "globs2").read_text()
    assert f"60:{deb.MIME_TYPE}:nodetypes*.yaml" in globs  # globs are case-insensitive, stored lowercased
    assert f"{deb.MIME_TYPE} application/yaml" in (share / "mime" / "subclasses").read_text()


# --- what the bundle leaves out: ICU data, pygments lexers, icon fonts ----------------------------

QT_ICU = QT_DIR / "lib" / "libicudata.so.73" if QT_DIR else None
needs_qt_icu = pytest.mark.skipif(not (QT_ICU and QT_ICU.is_file()), reason="needs the Linux PySide6 wheel (ICU 73)")
needs_cc = pytest.mark.skipif(not icudata.find_compiler(), reason="needs a C compiler to link the ICU data library")


def _v8_icu_data() -> Path | None:
    try:
        import py_mini_racer
    except ImportError:  # pragma: no cover - a hard dependency
        return None
    path = Path(py_mini_racer.__file__).parent / "icudtl.dat"
    return path if path.is_file() else None


@needs_qt_icu
def test_icu_packages_round_trip_byte_for_byte():
    symbol, blob = icudata.read_library(QT_ICU)
    assert symbol == "icudt73_dat"
    package = icudata.read_package(blob)
    assert package.prefix == "icudt73l/" and len(package.items) > 1000
    assert icudata.write_package(package) == blob
    v8 = _v8_icu_data()
    if v8:
        assert icudata.write_package(icudata.read_package(v8.read_bytes())) == v8.read_bytes()
    with pytest.raises(ValueError, match="not an ICU data file"):
        icudata.read_package(b"\0" * 64)


@needs_qt_icu
def test_qt_icu_filter_keeps_what_qt_core_reads():
    keep = icudata.matcher(policy.QT_ICU_DATA_KEPT)
    package, removed = icudata.filter_package(icudata.read_package(icudata.read_library(QT_ICU)[1]), keep)
    names = {name for name, _ in package.items}
    assert {"root.res", "pool.res", "coll/root.res", "coll/ucadata.icu", "cnvalias.icu", "zoneinfo64.res",
            "zone/root.res", "supplementalData.res", "nfkc.nrm"} <= names
    assert not [n for n in names if n.endswith(".cnv") or n.split("/")[0] in ("brkitr", "curr", "lang", "unit", "translit")]
    assert "de.res" in removed and "coll/de.res" not in names
    assert package.size < 3.5e6  # of 32 MB


@needs_qt_icu
@needs_cc
def test_reduced_qt_icu_library_serves_qt(tmp_path):
    """Qt with the reduced libicudata (preloaded): collation, case mapping, UTF codecs, zone names."""
    out = tmp_path / "libicudata.so.73"
    old, new, removed = icudata.reduce_library(QT_ICU, out, icudata.matcher(policy.QT_ICU_DATA_KEPT))
    assert new < old / 10 and removed
    assert icudata.read_library(out)[0] == "icudt73_dat"
    elf = elfdeps.read_elf(out)
    assert elf.soname == "libicudata.so.73" and not elf.needed
    script = (
        "import functools\n"
        "from PySide6.QtCore import QCollator, QLocale, QStringDecoder, QTimeZone\n"
        "c = QCollator(QLocale('de_DE')); c.setNumericMode(True)\n"
        "print(sorted(['b', 'file10', 'Äpfel', 'file2', 'a'], key=functools.cmp_to_key(c.compare)))\n"
        "print(QLocale('tr_TR').toUpper('istanbul'), QStringDecoder('UTF-16LE').isValid(), QStringDecoder('windows-1252').isValid())\n"
        "print(QTimeZone(b'Europe/Berlin').displayName(QTimeZone.StandardTime, QTimeZone.LongName, QLocale('en_US')))\n"
    )
    env = {**__import__("os").environ, "LD_PRELOAD": str(out), "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "['a', 'Äpfel', 'b', 'file2', 'file10']",  # ICU's root collation, numeric mode
        "İSTANBUL True False",  # Turkish casing is ICU code; table-driven code pages are left out
        "Central European Standard Time",
    ], proc.stdout + proc.stderr


def test_v8_icu_filter_drops_only_converter_tables():
    v8 = _v8_icu_data()
    if not v8:
        pytest.skip("mini-racer's icudtl.dat is not installed")
    drop = icudata.matcher(policy.V8_ICU_DATA_DROPPED)
    package, removed = icudata.filter_package(icudata.read_package(v8.read_bytes()), lambda item: not drop(item))
    assert removed and all(name.endswith(".cnv") for name in removed)
    names = {name for name, _ in package.items}
    assert {"coll/ucadata.icu", "brkitr/cjdict.dict", "zoneinfo64.res", "de.res", "curr/de.res"} <= names


def test_pygments_lexers_cover_what_the_studio_highlights():
    from nodetype_studio.ui.editors.code import LEXERS

    assert set(LEXERS.values()) <= set(policy.PYGMENTS_LEXERS)
    modules = policy.pygments_lexer_modules()
    assert {"pygments.lexers.html", "pygments.lexers.css", "pygments.lexers.javascript", "pygments.lexers.data",
            "pygments.lexers.diff", "pygments.lexers.special", "pygments.lexers._mapping"} <= modules
    # Every lexer class the studio's code imports by module lives in a kept module.
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "nodetype_studio").rglob("*.py"))
    for module in set(re.findall(r"from (pygments\.lexers\.\w+) import", sources)):
        assert module in modules, module
    toc = [("pygments.lexers.python", "/x", "PYMODULE"), ("pygments.lexers.data", "/x", "PYMODULE"),
           ("pygments.lexer", "/x", "PYMODULE"), ("yaml", "/x", "PYMODULE")]
    assert [e[0] for e in policy.filter_pygments_lexers(toc, modules)] == ["pygments.lexers.data", "pygments.lexer", "yaml"]


def test_studio_icons_use_only_the_bundled_fonts():
    from nodetype_studio.ui import icons

    prefixes = {"fa5": "fontawesome5-", "fa5s": "fontawesome5-", "fa5b": "fontawesome5-",
                "fa6": "fontawesome6-", "fa6s": "fontawesome6-", "fa6b": "fontawesome6-"}
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "nodetype_studio").rglob("*.py"))
    used = set(re.findall(r"[\"'](fa\w*|mdi6?|ph|ri|msc|ei)\.[a-z0-9-]+[\"']", sources))
    used |= set(icons._STYLE_PREFIX.values()) | {icons.FALLBACK.split(".")[0]}
    for prefix in used:
        assert prefixes.get(prefix, "").startswith(policy.QTAWESOME_FONTS), prefix


def test_qtawesome_hook_loads_only_the_fonts_present(tmp_path):
    """rthook_qtawesome.py with a copy of qtawesome that lacks the non-Font Awesome fonts."""
    import qtawesome

    copy = tmp_path / "qtawesome"
    shutil.copytree(Path(qtawesome.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for font in (copy / "fonts").iterdir():
        if not font.name.startswith(policy.QTAWESOME_FONTS):
            font.unlink()
    hook = ROOT / "packaging" / "rthook_qtawesome.py"
    script = (
        f"exec(open({str(hook)!r}).read())\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "import qtawesome\n"
        "assert qtawesome.__file__.startswith(%r), qtawesome.__file__\n"
        "print(sorted(f[0] for f in qtawesome._BUNDLED_FONTS))\n"
        "print(qtawesome.icon('fa5s.cube').pixmap(16, 16).isNull(), qtawesome.icon('fa6b.github').pixmap(16, 16).isNull())\n"
    ) % str(copy)
    env = {**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == ["['fa5', 'fa5b', 'fa5s', 'fa6', 'fa6b', 'fa6s']", "False False"], proc.stdout
