"""The frozen Linux build: bundle, .deb (installed with dpkg -x into a scratch root), .tar.xz, NSIS script.

Marked ``packaging``. The session fixture runs packaging/build-linux.sh once (a few minutes on two
cores), or reuses dist/ when it was built from the current, clean commit (set
NTS_PACKAGING_REBUILD=1 to force a build). Tools the tests need (makensis, Xvfb and the X11
libraries) are installed with apt-get when running in CI as root; elsewhere a missing tool skips
its test with the reason.
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
BUNDLE = DIST / "nodetype-studio"
EXE = BUNDLE / "nodetype-studio"
sys.path.insert(0, str(ROOT / "packaging"))

from ntsbuild import deb as debtools  # noqa: E402
from ntsbuild import icudata, policy  # noqa: E402

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux build runs on Linux"),
]

XCB_DEPENDS = ["libxcb-cursor0", "libxkbcommon-x11-0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-shape0",
               "libxcb-render-util0", "libxcb-image0", "libegl1", "libgl1", "libfontconfig1", "libdbus-1-3"]
MUST_PASS = ["metadata", "resources", "plugins", "project", "check", "javascript", "libraries", "validation", "clienteval", "qt",
             "icons", "inspectors", "datasources", "render"]


def _git(*args) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def _reusable() -> bool:
    if os.environ.get("NTS_PACKAGING_REBUILD"):
        return False
    stamp = BUNDLE / ".build-commit"
    if not (stamp.is_file() and EXE.is_file() and list(DIST.glob("*.deb")) and list(DIST.glob("*.tar.xz"))):
        return False
    clean = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", ".", ":!dist", ":!build"], cwd=ROOT).returncode == 0
    return clean and stamp.read_text().strip() == _git("rev-parse", "HEAD")


def _apt_install(*packages: str) -> bool:
    """Install Debian packages, but only in CI as root (never on a developer's machine by surprise)."""
    if not (os.environ.get("CI") and shutil.which("apt-get") and os.geteuid() == 0):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    cmd = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages]
    if subprocess.run(cmd, env=env, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True)
        return subprocess.run(cmd, env=env, capture_output=True).returncode == 0
    return True


@pytest.fixture(scope="session")
def linux_build():
    """Build (or reuse) dist/: returns the build log path and how long the build took (None: reused)."""
    log = ROOT / "build" / "packaging-test-build.log"
    if _reusable():
        return {"log": None, "seconds": None}
    log.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    if sys.prefix != sys.base_prefix:  # in a virtualenv (CI's .venv): build with this very Python
        env["PYTHON"] = sys.executable
    t0 = time.perf_counter()
    with open(log, "w") as fh:
        proc = subprocess.run(["bash", str(ROOT / "packaging" / "build-linux.sh")], cwd=ROOT, env=env,
                              stdout=fh, stderr=subprocess.STDOUT, timeout=1800)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        pytest.fail(f"packaging/build-linux.sh failed ({proc.returncode}); last lines:\n" + "\n".join(log.read_text().splitlines()[-30:]))
    print(f"\nLinux build: {seconds:.0f} s (log {log})")
    return {"log": log, "seconds": seconds}


def _statuses(output: str) -> dict[str, str]:
    rows = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("ok", "failed", "skipped"):
            rows[parts[1]] = parts[0]
    return rows


def _self_test(executable: Path, tmp_path: Path, *extra: str, env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    env.pop("PYTHONPATH", None)  # the frozen app must not need anything from the build environment
    return subprocess.run([str(executable), "--self-test", "--output", str(tmp_path / "out"), *extra],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)


def _assert_passed(proc: subprocess.CompletedProcess) -> dict[str, str]:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = _statuses(proc.stdout)
    for step in MUST_PASS:
        assert rows.get(step) == "ok", f"{step} did not pass:\n{proc.stdout}"
    assert "(frozen," in proc.stdout.splitlines()[0]
    return rows


def test_frozen_bundle_passes_its_self_test_offscreen(linux_build, tmp_path):
    proc = _self_test(EXE, tmp_path)
    _assert_passed(proc)
    assert "inspector of Acme.Site:" in proc.stdout
    assert (tmp_path / "out" / "render.png").stat().st_size > 5000


def test_bundle_holds_resources_metadata_and_only_wanted_qt(linux_build):
    internal = BUNDLE / "_internal"
    resources = internal / "nodetype_studio" / "resources"
    assert (resources / "example" / ".nodetype-studio").is_dir()  # dot-folders are bundled
    for version in ("8.3", "9"):  # the platform baselines, with their translations
        assert (resources / "baseline" / version / "baseline.yaml").is_file()
        assert (resources / "baseline" / version / "Neos.Neos" / "Resources" / "Private" / "Translations" / "en" / "Main.xlf").is_file()
    assert (BUNDLE / "plugins" / "README.txt").is_file()
    meta = list(internal.glob("nodetype_studio-*.dist-info"))
    assert meta and "nodetype-studio = nodetype_studio.cli:main" in (meta[0] / "entry_points.txt").read_text()
    assert (internal / "py_mini_racer" / "icudtl.dat").is_file()
    assert list((internal / "py_mini_racer").glob("libmini_racer.*"))
    assert list((internal / "qtawesome" / "fonts").glob("fontawesome5-solid-webfont-*.ttf"))
    names = {p.name for p in BUNDLE.rglob("*")}
    for unwanted in ["libQt6Quick.so.6", "libQt6Qml.so.6", "libQt6WebEngineCore.so.6",
                     "libqeglfs.so", "libqgtk3.so", "libqwayland-egl.so"]:
        assert unwanted not in names
    system = policy.load_system_libraries()
    assert not names & set(system), "desktop libraries must come from the system, not the bundle"
    assert "libqxcb.so" in names and "libqoffscreen.so" in names


def bundle_bytes(bundle: Path = BUNDLE) -> int:
    """The unpacked size: every regular file's size (symbolic links and folders not counted)."""
    return sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())


def test_bundle_size_and_what_stays_left_out(linux_build):
    size = bundle_bytes()
    assert size <= 150e6, f"the bundle is {size / 1e6:.1f} MB unpacked (target: 150 MB)"
    internal = BUNDLE / "_internal"
    # Qt's ICU data reduced to what Qt Core reads; V8's without converter tables.
    qt_icu = internal / "PySide6" / "Qt" / "lib" / "libicudata.so.73"
    assert qt_icu.stat().st_size < 5e6
    qt_items = {name for name, _ in icudata.read_package(icudata.read_library(qt_icu)[1]).items}
    assert "coll/ucadata.icu" in qt_items and not any(n.endswith(".cnv") or n.startswith("brkitr/") for n in qt_items)
    v8_items = {name for name, _ in icudata.read_package((internal / "py_mini_racer" / "icudtl.dat").read_bytes()).items}
    assert "brkitr/cjdict.dict" in v8_items and not any(n.endswith(".cnv") for n in v8_items)
    # Font Awesome only; no CJK codecs, D-Bus bindings, dnspython, pip RECORDs, certificate-only TLS.
    fonts = {p.name for p in (internal / "qtawesome" / "fonts").iterdir()}
    assert fonts and all(name.startswith(policy.QTAWESOME_FONTS) for name in fonts)
    names = {p.name for p in BUNDLE.rglob("*")}
    for unwanted in ["_codecs_jp.cpython-311-x86_64-linux-gnu.so", "QtDBus.abi3.so", "RECORD",
                     "libqcertonlybackend.so", "libkrb5.so.3", "libzstd.so.1"]:
        assert unwanted not in names, unwanted
    assert "libqopensslbackend.so" in names and "libQt6DBus.so.6" in names
    # Python modules (the archive inside the executable): the studio's pygments lexers only, no dnspython.
    readers = pytest.importorskip("PyInstaller.archive.readers")
    modules = set(readers.CArchiveReader(str(EXE)).open_embedded_archive("PYZ.pyz").toc)
    lexers = {m for m in modules if m.startswith("pygments.lexers.")}
    assert {"pygments.lexers.data", "pygments.lexers.html", "pygments.lexers.javascript"} <= lexers
    assert len(lexers) < 20 and "pygments.lexers.python" not in lexers
    assert "nodetype_studio.cli" in modules and not {m for m in modules if m == "dns" or m.startswith("dns.")}


def test_deb_control_and_contents(linux_build):
    deb = next(DIST.glob("nodetype-studio_*.deb"))
    assert deb.stat().st_size <= 50e6, f"{deb.name} is {deb.stat().st_size / 1e6:.1f} MB (target: 50 MB)"
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Architecture", "Depends", "Installed-Size"],
                            capture_output=True, text=True, check=True).stdout
    assert "Package: nodetype-studio" in fields
    depends = fields.split("Depends:", 1)[1].split("\n")[0]
    names = [d.strip().split(" ")[0] for d in depends.split(",")]
    for package in XCB_DEPENDS:
        assert package in names
    assert any(d.strip().startswith("libc6 (>= 2.") for d in depends.split(","))
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    paths = {line.split()[5] for line in listing.splitlines()}
    app_id = debtools.APP_ID
    for expected in ["./usr/bin/nodetype-studio", "./opt/nodetype-studio/nodetype-studio",
                     f"./usr/share/applications/{app_id}.desktop", f"./usr/share/metainfo/{app_id}.metainfo.xml",
                     f"./usr/share/mime/packages/{app_id}.xml", f"./usr/share/icons/hicolor/scalable/apps/{app_id}.svg",
                     "./usr/share/doc/nodetype-studio/copyright"]:
        assert expected in paths
    for size in [16, 24, 32, 48, 64, 128, 256, 512]:
        assert f"./usr/share/icons/hicolor/{size}x{size}/apps/{app_id}.png" in paths


@pytest.fixture(scope="module")
def deb_root(linux_build, tmp_path_factory):
    """The .deb unpacked with dpkg -x into a scratch root (as dpkg would install it, minus scripts)."""
    deb = next(DIST.glob("nodetype-studio_*.deb"))
    root = tmp_path_factory.mktemp("deb") / "root"
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    return root


def test_deb_installed_with_dpkg_x_runs_its_self_test_and_plugin_folder(deb_root, tmp_path):
    root = deb_root
    launcher = (root / "usr" / "bin" / "nodetype-studio").read_text()
    assert "exec /opt/nodetype-studio/nodetype-studio" in launcher
    installed = root / "opt" / "nodetype-studio" / "nodetype-studio"
    assert os.access(installed, os.X_OK)
    # A plugin dropped into the folder beside the executable is found (this one fails on purpose).
    (root / "opt" / "nodetype-studio" / "plugins" / "broken_plugin.py").write_text("raise RuntimeError('boom from plugin')\n")
    proc = _self_test(installed, tmp_path)
    _assert_passed(proc)
    assert str(root / "opt" / "nodetype-studio" / "plugins") in proc.stdout
    assert "boom from plugin" in proc.stdout


def test_deb_dependencies_resolve_in_apt(linux_build):
    if not (shutil.which("apt-get") and os.geteuid() == 0 and list(Path("/var/lib/apt/lists").glob("*Packages*"))):
        pytest.skip("needs apt-get with package lists, as root (simulation only)")
    deb = next(DIST.glob("nodetype-studio_*.deb"))
    proc = subprocess.run(["apt-get", "install", "-s", "-qq", str(deb)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_portable_tarball(linux_build, tmp_path):
    tarball = next(DIST.glob("nodetype-studio-*-linux-*.tar.xz"))
    listing = subprocess.run(["tar", "-tJf", str(tarball)], capture_output=True, text=True, check=True).stdout.split()
    top = tarball.name[:-len(".tar.xz")]
    for expected in ["nodetype-studio", "README-linux.txt", f"share/applications/{debtools.APP_ID}.desktop",
                     "_internal/nodetype_studio/resources/example/.nodetype-studio/", "plugins/README.txt"]:
        assert f"{top}/{expected}" in listing, expected


def test_desktop_entry_validates(deb_root):
    if not shutil.which("desktop-file-validate") and not _apt_install("desktop-file-utils"):
        pytest.skip("desktop-file-validate (desktop-file-utils) is not installed")
    desktop = deb_root / "usr" / "share" / "applications" / f"{debtools.APP_ID}.desktop"
    proc = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _makensis() -> str:
    if not shutil.which("makensis") and not _apt_install("nsis"):
        pytest.skip("makensis (Debian package nsis) is not installed and cannot be installed here (not CI/root)")
    return shutil.which("makensis")


def _windows_layout(tmp_path: Path) -> Path:
    """The files PyInstaller's one-folder build makes on Windows (contents are stand-ins)."""
    layout = tmp_path / "win" / "nodetype-studio"
    internal = layout / "_internal"
    (internal / "PySide6" / "plugins" / "platforms").mkdir(parents=True)
    (layout / "nodetype-studio.exe").write_bytes(b"MZ" + b"\0" * 62)
    for name in ["python311.dll", "base_library.zip", "PySide6/Qt6Core.dll", "PySide6/Qt6Gui.dll",
                 "PySide6/Qt6Widgets.dll", "PySide6/plugins/platforms/qwindows.dll",
                 "py_mini_racer/mini_racer.dll", "py_mini_racer/icudtl.dat"]:
        (internal / name).parent.mkdir(parents=True, exist_ok=True)
        (internal / name).write_bytes(b"stand-in")
    shutil.copytree(ROOT / "nodetype_studio" / "resources", internal / "nodetype_studio" / "resources")
    (layout / "plugins").mkdir()
    shutil.copy(ROOT / "packaging" / "plugins-README.txt", layout / "plugins" / "README.txt")
    return layout


def test_nsis_installer_script_compiles(tmp_path):
    makensis = _makensis()
    from ntsbuild.icons import build_icons

    icons = build_icons(ROOT / "resources" / "icons" / "nodetype-studio.svg", tmp_path / "icons")
    layout = _windows_layout(tmp_path)
    out = tmp_path / "nodetype-studio-0.1.0-win64.exe"
    script = ROOT / "packaging" / "windows" / "installer.nsi"
    proc = subprocess.run([makensis, "-V2", "-WX", "-DVERSION=0.1.0", f"-DBUILD_DIR={layout}", f"-DICON={icons['ico']}",
                           f"-DOUTFILE={out}", str(script)], capture_output=True, text=True, cwd=script.parent)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = out.read_bytes()
    assert data[:2] == b"MZ" and len(data) > 100_000
    # Against an incomplete layout the script stops with a clear message instead of a broken installer.
    (layout / "nodetype-studio.exe").unlink()
    proc = subprocess.run([makensis, "-V1", f"-DBUILD_DIR={layout}", f"-DICON={icons['ico']}", f"-DOUTFILE={out}",
                           str(script)], capture_output=True, text=True, cwd=script.parent)
    assert proc.returncode != 0
    assert "nodetype-studio.exe not found: build the bundle with PyInstaller first" in proc.stdout + proc.stderr


def _xvfb_ready() -> bool:
    needed = [so for so in ["libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0",
                            "libxcb-render-util.so.0", "libxcb-image.so.0", "libxcb-shape.so.0"]]
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    return bool(shutil.which("xvfb-run")) and all(so in cache for so in needed)


def test_frozen_window_under_xvfb(linux_build, tmp_path):
    if not _xvfb_ready():
        _apt_install("xvfb", "xauth", *XCB_DEPENDS)
    if not _xvfb_ready():
        pytest.skip("needs xvfb-run and the X11 libraries of the .deb's Depends (installed in CI only)")
    shot = tmp_path / "window.png"
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "PYTHONPATH")}
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x900x24", str(EXE), "--self-test",
                           "--output", str(tmp_path / "out"), "--screenshot", str(shot)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    rows = _assert_passed(proc)
    assert "platform 'xcb'" in proc.stdout
    assert rows["screenshot"] == "ok" and "studio window" in proc.stdout
    assert shot.stat().st_size > 10_000
