"""What goes into the frozen bundle: the Qt parts the studio uses, package metadata, system libraries left out.

Used by ``nodetype-studio.spec`` (filtering PyInstaller's tables of contents) and by ``deb.py``
(turning the system libraries the bundle needs into Debian dependencies). Plain data first, then
the small functions that apply it.
"""

from __future__ import annotations

import re
import subprocess
from importlib import metadata
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
SYSTEM_LIBRARIES = HERE.parent / "linux" / "system-libraries.txt"

APP = "nodetype-studio"

# Python modules never wanted in the bundle. The PySide6 ones are Qt modules the studio does not use;
# naming them keeps PyInstaller's Qt hooks from collecting their libraries, plugins and translations.
EXCLUDED_MODULES = [
    "tkinter", "_tkinter", "turtledemo", "idlelib", "pydoc_data", "lib2to3", "ensurepip", "test",
    "unittest.test", "qtawesome.icon_browser", "qtawesome.tests",
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtQuickControls2",
    "PySide6.QtQuick3D", "PySide6.Qt3DCore", "PySide6.Qt3DRender", "PySide6.Qt3DInput", "PySide6.Qt3DLogic",
    "PySide6.Qt3DAnimation", "PySide6.Qt3DExtras", "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebEngineQuick", "PySide6.QtWebChannel", "PySide6.QtWebSockets", "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets", "PySide6.QtSpatialAudio", "PySide6.QtPdf", "PySide6.QtPdfWidgets",
    "PySide6.QtCharts", "PySide6.QtDataVisualization", "PySide6.QtGraphs", "PySide6.QtGraphsWidgets",
    "PySide6.QtDesigner", "PySide6.QtUiTools", "PySide6.QtHelp", "PySide6.QtSql", "PySide6.QtTest",
    "PySide6.QtPrintSupport", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtBluetooth",
    "PySide6.QtNfc", "PySide6.QtPositioning", "PySide6.QtLocation", "PySide6.QtSensors", "PySide6.QtSerialPort",
    "PySide6.QtSerialBus", "PySide6.QtRemoteObjects", "PySide6.QtScxml", "PySide6.QtStateMachine",
    "PySide6.QtTextToSpeech", "PySide6.QtHttpServer", "PySide6.QtNetworkAuth", "PySide6.QtAxContainer",
    "PySide6.QtConcurrent", "PySide6.QtXml", "PySide6.QtCanvasPainter", "PyQt5", "PyQt6", "PySide2",
    # Reached only through optional imports of the libraries above (test runners, notebooks, numpy,
    # dnspython's async back ends); the studio never runs them.
    "IPython", "pytest", "_pytest", "numpy", "matplotlib", "matplotlib_inline", "PIL", "setuptools",
    "pkg_resources", "distutils", "jinja2", "cffi", "pycparser", "psutil", "sqlite3", "_sqlite3", "trio",
    "curio", "httpx", "httpcore", "h2", "aioquic", "hypothesis", "jedi", "parso", "prompt_toolkit",
    "pyparsing", "charset_normalizer", "requests", "urllib3", "curses", "_curses", "readline",
    # The studio works offline: no TLS (saves OpenSSL, ~5 MB); hashlib falls back to its built-in hashes.
    "ssl", "_ssl", "_hashlib",
    # dnspython: email-validator imports it only for deliverability checks (MX look-ups), which the
    # studio never asks for (check_deliverability=False everywhere).
    "dns",
    # CJK codecs of Python (1 MB): the studio reads, writes and decodes UTF-8 only; decoding Shift_JIS,
    # GBK, Big5, EUC-* or ISO-2022 raises LookupError ("unknown encoding") in the frozen app.
    "_codecs_jp", "_codecs_cn", "_codecs_kr", "_codecs_hk", "_codecs_tw", "_codecs_iso2022", "_multibytecodec",
    # The D-Bus bindings: the studio never talks D-Bus itself (Qt's libQt6DBus stays, for the portal theme and ibus).
    "PySide6.QtDBus",
]

# pygments lexers the studio uses, by alias: the code editor's modes (ui/editors/code.py LEXERS),
# the data-source dialog (JSON, YAML), the source view (YAML), the diff dialog. The
# build keeps the lexer modules these import (pygments.lexers.html pulls in css, javascript, jvm,
# ruby) and leaves the other ~250 out; get_lexer_by_name() of any other alias raises ClassNotFound.
PYGMENTS_LEXERS = ["text", "xml", "html", "css", "javascript", "json", "yaml", "markdown", "handlebars", "typescript", "scss", "less", "diff"]

# qtawesome's icon fonts that are bundled (file name prefixes): the studio draws Font Awesome 5 and 6
# icons only (ui/icons.py). Material Design, Phosphor, Remix, Elusive and Codicons (5 MB) are left out;
# packaging/rthook_qtawesome.py makes qtawesome load only the fonts that are present.
QTAWESOME_FONTS = ("fontawesome5-", "fontawesome6-")

# Bundle paths (POSIX style, relative to the bundle's content folder) that are dropped even when a
# hook collects them: Qt plugins for hardware/back ends the desktop app does not use, and
# libraries only those plugins need. Regular expressions matched against the whole path.
PRUNED_PATHS = [
    r"PySide6/Qt/plugins/platforms/lib(qeglfs|qlinuxfb|qminimalegl|qvkkhrdisplay|qvnc|qwayland[^/]*)\.so",
    r"PySide6/Qt/plugins/(egldeviceintegrations|wayland-[^/]+|generic|designer|qmltooling|sqldrivers|printsupport"
    r"|networkinformation|vectorimageformats|platformthemes/libqgtk3\.so)(/.*)?",
    r"PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin\.so",
    r"PySide6/Qt/plugins/imageformats/libq(pdf|tiff|tga|wbmp|icns)\.so",
    # TLS: the OpenSSL back end (https data sources, with the system's libssl); the certificate-only
    # fallback cannot make connections.
    r"PySide6/Qt/plugins/tls/libqcertonlybackend\.so",
    # pip's list of installed files: nothing reads it at run time (importlib.metadata needs METADATA
    # and entry_points.txt).
    r"[^/]+\.dist-info/RECORD",
    # qtawesome's fonts other than Font Awesome (QTAWESOME_FONTS).
    r"qtawesome/fonts/(?!" + "|".join(re.escape(p) for p in QTAWESOME_FONTS) + r")[^/]+",
    r"(.*/)?libQt6(Wayland|Wl|Quick|Qml|Pdf|VirtualKeyboard|EglFS|EglFs|OpenGL|Designer)[^/]*",
    # Qt's translations: the studio is in English; Qt's own dialogs keep their English texts.
    r"PySide6/Qt/translations/.*",
    r".*\.pyi",
    # Cython sources some wheels ship next to their compiled modules (selectolax: 3 MB of C).
    r"(.*/)?[^/]+\.(pyx|pxd|pxi)",
    r"selectolax/.*\.c",
]

# Windows and macOS build the same bundle; their Qt files have other names but the same folders.
PRUNED_PATHS_OTHER_PLATFORMS = [
    r"PySide6/(plugins|Qt/plugins)/(platforms/q(direct2d|minimalegl|vnc)|qmltooling|sqldrivers|designer|"
    r"printsupport|networkinformation|vectorimageformats|virtualkeyboard)(/.*)?",
    r"PySide6/(translations|Qt/translations)/.*",
    r"PySide6/(Qt6|lib/Qt6|Qt/lib/Qt)(Quick|Qml|Pdf|VirtualKeyboard|OpenGL|Designer)[^/]*",
    r"PySide6/opengl32sw\.dll",
]

# Qt's ICU data (libicudata.so.73, 32 MB): the items kept, as regular expressions over item names
# (``coll/root.res``). Qt Core calls ICU for four things (its imported ICU functions): case mapping
# with a locale (u_strToUpper/Lower: ICU's code, no data), collation (QCollator, which sorts the
# file dialog: ucol_*), text converters (QStringConverter for encodings Qt lacks: ucnv_*) and
# time-zone display names (QTimeZone::displayName: ucal_*). Everything else in the file serves ICU
# services Qt never calls (number, date, unit and currency formatting, locale display names, break
# iteration, transliteration, StringPrep, spoof checks), and goes.
QT_ICU_DATA_KEPT = [
    # What every service opens: the root and English bundles, their key pools, the locale index,
    # likely subtags, supplemental (calendar/week) data, and Unicode normalisation beyond NFC.
    r"(root|en|pool|res_index|supplementalData|likelySubtags|langInfo|metadata|keyTypeData|icuver|icustd"
    r"|numberingSystems|plurals|pluralRanges|dayPeriods|currencyNumericCodes|genderList|grammaticalFeatures"
    r"|units)\.res",
    r"[^/]+\.nrm", r"(uemoji|ulayout)\.icu",
    # Collation: the root order (Unicode's default collation, DUCET) for every language. Language
    # tailorings (coll/sv.res, coll/zh.res, ...: 2.4 MB) are left out: those locales sort in the root order.
    r"coll/(root|res_index)\.res", r"coll/ucadata\.icu",
    # Converters: the alias table only. ICU's algorithmic converters (UTF-8/16/32, ISO-8859-1,
    # US-ASCII) are code; the table-driven ones (Windows/ISO/EBCDIC code pages, CJK: 5 MB) are left
    # out. The studio reads and writes UTF-8 only and decodes in Python.
    r"cnvalias\.icu",
    # Time zones: the tz rules and English display names (other languages fall back to English / GMT
    # offsets). The studio's dates go through Python's zone handling; Qt's names are unused today.
    r"(zoneinfo64|metaZones|timezoneTypes|windowsZones)\.res", r"zone/(root|en|pool|res_index|tzdbNames)\.res",
]

# V8's ICU data (mini-racer's icudtl.dat, Chromium's set): the items dropped. V8 uses ICU for Intl,
# case mapping, normalisation and regular expressions, never for text conversion; the converter
# tables are there for Chromium's HTML decoder.
V8_ICU_DATA_DROPPED = [r"[^/]+\.cnv"]

_pruned = re.compile("|".join(f"(?:{p})" for p in PRUNED_PATHS + PRUNED_PATHS_OTHER_PLATFORMS))


def load_system_libraries(path: Path = SYSTEM_LIBRARIES) -> dict[str, str]:
    """soname -> Debian package, for libraries every desktop provides (never bundled)."""
    table: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{path}:{number}: expected 'soname package', got {line!r}")
        table[parts[0]] = parts[1]
    return table


def _dest(entry) -> str:
    return str(PurePosixPath(*Path(entry[0]).parts))


def is_pruned(dest: str) -> bool:
    return _pruned.fullmatch(dest.replace("\\", "/")) is not None


_SHARED_LIB = re.compile(r"lib[^/]*\.so(\.[0-9.]+)?")
_LINKED_DIRS = ("", "PySide6/Qt/lib")  # libraries loaded through DT_NEEDED; plugins are dlopen()ed


def _needed_by(entries) -> set[str]:
    from ntsbuild.elfdeps import is_elf, read_elf

    needed: set[str] = set()
    for entry in entries:
        src = Path(entry[1])
        if entry[2] != "SYMLINK" and src.is_file() and is_elf(src):
            needed.update(read_elf(src).needed)
    return needed


def _orphan_candidate(dest: str) -> bool:
    path = PurePosixPath(dest)
    parent = "" if str(path.parent) == "." else str(path.parent)
    return parent in _LINKED_DIRS and _SHARED_LIB.fullmatch(path.name) is not None and not path.name.startswith("libpython")


def filter_toc(toc, system_libraries: dict[str, str] | None = None, prune_orphans: bool = False):
    """Drop pruned paths and (Linux) the desktop's own libraries; then libraries nothing links any more.

    A library PyInstaller copied from the build machine that the target desktop provides (the
    ``system_libraries`` table) is left out: the .deb depends on its package instead. Dropping a Qt
    plugin leaves the libraries only it needed; ``prune_orphans`` removes those, repeatedly, by
    reading every remaining ELF file's needed list.
    """
    system = system_libraries or {}
    kept = []
    for entry in toc:
        dest = _dest(entry)
        if is_pruned(dest) or (PurePosixPath(dest).name in system and _orphan_candidate(dest)):
            continue
        kept.append(entry)
    while prune_orphans:
        needed = _needed_by(kept)
        orphans = [e for e in kept if _orphan_candidate(_dest(e)) and PurePosixPath(_dest(e)).name not in needed]
        if not orphans:
            break
        kept = [e for e in kept if e not in orphans]
    return type(toc)(kept) if not isinstance(toc, list) else kept


def pygments_lexer_modules(aliases: list[str] | None = None) -> set[str]:
    """The ``pygments.lexers`` modules that the lexers of ``aliases`` import (made and run on a sample,
    in a fresh interpreter so that nothing imported before counts)."""
    import json
    import sys

    script = (
        "import json, sys\n"
        "from pygments.lexers import get_lexer_by_name\n"
        "sample = \"<p class='a'>x</p><script>var a = {'b': [1]};</script> a: b\\n- c\\n+d\\n@@ -1 +1 @@\\n\"\n"
        "for alias in json.loads(sys.argv[1]):\n"
        "    list(get_lexer_by_name(alias).get_tokens(sample))\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[:2] == ['pygments', 'lexers'])))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, json.dumps(aliases or PYGMENTS_LEXERS)],
                          capture_output=True, text=True, check=True)
    return set(json.loads(proc.stdout))


def filter_pygments_lexers(toc, keep: set[str]):
    """Drop the ``pygments.lexers.*`` modules that are not in ``keep`` from a table of Python modules."""
    kept = [e for e in toc if not (e[0].startswith("pygments.lexers.") and e[0] not in keep)]
    return type(toc)(kept) if not isinstance(toc, list) else kept


def reduce_icu_data(binaries, datas, work: Path):
    """Qt's ``libicudata`` and V8's ``icudtl.dat`` replaced by reduced copies written under ``work``.

    Without a C compiler (to link the reduced libicudata) Qt's library is kept whole, with a warning.
    """
    from ntsbuild import icudata

    def reduce(entry, kind):
        dest, src = entry[0], entry[1]
        name = PurePosixPath(_dest(entry)).name
        out = Path(work) / name
        try:
            if kind == "qt":
                old, new, removed = icudata.reduce_library(Path(src), out, icudata.matcher(QT_ICU_DATA_KEPT))
            else:
                drop = icudata.matcher(V8_ICU_DATA_DROPPED)
                old, new, removed = icudata.reduce_file(Path(src), out, lambda item: not drop(item))
        except (RuntimeError, OSError, ValueError, subprocess.CalledProcessError) as exc:
            print(f"WARNING: {dest} kept whole ({exc})")
            return entry
        print(f"ICU data {dest}: {old / 1e6:.1f} -> {new / 1e6:.1f} MB ({len(removed)} items left out)")
        return (dest, str(out), entry[2])

    new_binaries = [reduce(e, "qt") if _ICU_QT.fullmatch(_dest(e)) else e for e in binaries]
    new_datas = [reduce(e, "v8") if _ICU_V8.fullmatch(_dest(e)) else e for e in datas]
    return (type(binaries)(new_binaries) if not isinstance(binaries, list) else new_binaries,
            type(datas)(new_datas) if not isinstance(datas, list) else new_datas)


_ICU_QT = re.compile(r"PySide6/Qt/lib/libicudata\.so\.\d+")
_ICU_V8 = re.compile(r"py_mini_racer/icudtl\.dat")


def runtime_distributions(root: str = APP) -> list[str]:
    """``root`` and every distribution it requires at run time (no extras), transitively."""
    seen: dict[str, str] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            if name == root:
                raise RuntimeError(f"{root} is not installed in this Python environment; run 'pip install -e .' first")
            continue  # an optional/platform-specific dependency that is not installed here
        seen[key] = dist.metadata["Name"]
        for req in dist.requires or []:
            spec, _, marker = req.partition(";")
            if "extra" in marker:
                continue
            todo.append(re.split(r"[\s<>=!~\[(]", spec.strip(), 1)[0])
    return sorted(seen.values(), key=str.lower)


def bundle_version(bundle: Path) -> str:
    """The app version recorded in the bundled package metadata (``nodetype_studio-X.dist-info``)."""
    found = sorted(Path(bundle).rglob("nodetype_studio-*.dist-info"))
    if not found:
        raise RuntimeError(f"{bundle}: the nodetype-studio package metadata is not bundled")
    return found[0].name[len("nodetype_studio-"):-len(".dist-info")]
