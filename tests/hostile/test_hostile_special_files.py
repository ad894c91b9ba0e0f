"""Pipes and devices under a project file's name: refused at once, never waited for."""

from __future__ import annotations

import os
import subprocess
import threading

import pytest

from nodetype_studio import boundedio
from nodetype_studio.editing.document import YamlDocument
from nodetype_studio.studio.session import read_text
from tests.hostile.hostile_helpers import PAGE, package, run_process  # noqa: F401  (package: a fixture)

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def _outcome(function, *args, limit_s: float = 20.0, result: bool = False):
    """``function(*args)``'s exception (None if it raised none), or its ``result``, if it returns within a
    generous deadline; "hang" else."""
    box: dict = {}

    def run() -> None:
        try:
            value = function(*args)
            box["raised"] = value if result else None
        except Exception as exc:  # noqa: BLE001 - the exception is the outcome
            box["raised"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(limit_s)
    return box.get("raised", "hang")


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "composer.json"
    os.mkfifo(path)
    yield path
    try:  # release a reader the old code left waiting for a writer
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def test_a_pipe_is_refused_without_waiting_for_a_writer(fifo):
    raised = _outcome(boundedio.read_bytes, fifo)
    assert isinstance(raised, boundedio.NotARegularFile)
    assert isinstance(raised, OSError) and "not a regular file" in raised.strerror


def test_an_endless_device_is_refused_before_reading(tmp_path):
    link = tmp_path / "NodeTypes.yaml"
    link.symlink_to("/dev/zero")
    assert isinstance(_outcome(boundedio.read_text, link), boundedio.NotARegularFile)


def test_a_regular_file_is_read_as_before(tmp_path):
    path = tmp_path / "composer.json"
    path.write_bytes(b'{"type": "neos-site"}')
    assert boundedio.read_bytes(path) == b'{"type": "neos-site"}'


def test_an_open_file_that_became_a_pipe_is_changed_on_disk_not_waited_for(tmp_path):
    path = tmp_path / "NodeTypes.Page.yaml"
    path.write_text(PAGE, encoding="utf-8")
    document = YamlDocument.load(path)
    path.unlink()
    os.mkfifo(path)  # another program put a pipe where the file was
    try:
        assert _outcome(document.changed_on_disk, result=True) == "modified"
        assert _outcome(read_text, path, result=True) is None  # what the reload and compare views read
    finally:
        try:  # release a reader the old code left waiting for a writer
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def test_content_of_a_package_whose_composer_json_is_a_pipe_does_not_hang(package):  # noqa: F811
    os.mkfifo(package / "composer.json")
    try:
        done = run_process("content", package, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("`content` waited for a writer on the composer.json pipe")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "Acme.Site:Page" in done.stdout


#: Every file a project may hold that the studio reads, besides the NodeTypes files (discovery skips pipes).
PROJECT_FILES = ("composer.lock", "pyproject.toml", ".nodetype-studio.yaml", ".nodetype-studio/settings.yaml",
                 ".nodetype-studio/media.yaml", ".nodetype-studio/content.yaml",
                 ".nodetype-studio/data-sources/colours.yaml", "Configuration/Settings.yaml",
                 "Configuration/NodeTypes.Other.yaml", "Resources/Private/Translations/en/NodeTypes/Page.xlf",
                 "Resources/Private/Translations/en/Main.xlf")


@pytest.mark.parametrize("argv", [("check", "{p}"), ("list", "{p}"), ("show", "{p}", "Acme.Site:Page"),
                                  ("validate", "{p}", "Acme.Site:Page", "title", "x"), ("content", "{p}"),
                                  ("render", "{p}", "Acme.Site:Page", "--out", "{out}")])
def test_every_command_runs_on_a_project_of_pipes(package, tmp_path, argv):  # noqa: F811
    os.mkfifo(package / "composer.json")
    for relative in PROJECT_FILES:
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(package / relative)
    args = [a.format(p=package, out=tmp_path / "page.png") for a in argv]
    try:
        done = run_process(*args, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`{argv[0]}` waited for a writer on a pipe")
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 1), done.stderr  # findings at most, never an internal error (2)


def test_the_studio_opens_a_project_of_pipes(qtbot, package, make_window):  # noqa: F811
    os.mkfifo(package / "composer.json")
    for relative in PROJECT_FILES:
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(package / relative)
    window = make_window(package)
    assert window.session is not None and "Acme.Site:Page" in window.session.project.node_types
    qtbot.waitUntil(lambda: not window.checks.busy, timeout=15000)


def test_version_detection_does_not_wait_on_a_pipe_in_the_platform_packages(tmp_path):
    neos = tmp_path / "Packages" / "Application" / "Neos.Neos"
    (neos / "Configuration").mkdir(parents=True)
    (neos / "composer.json").write_text('{"name": "neos/neos", "type": "neos-package"}', encoding="utf-8")
    os.mkfifo(neos / "Configuration" / "NodeTypes.Timable.yaml")  # read for Neos.Neos:Timable (8.3 or 9.x?)
    site = tmp_path / "Packages" / "Sites" / "Acme.Site"
    (site / "Configuration").mkdir(parents=True)
    (site / "Configuration" / "NodeTypes.Page.yaml").write_text(PAGE, encoding="utf-8")
    try:
        done = run_process("list", tmp_path, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("`list` waited for a writer on a pipe in Neos.Neos")
    assert done.returncode == 0, done.stderr
    assert "Acme.Site:Page" in done.stdout


def test_the_media_library_skips_a_pipe_among_the_images(tmp_path):
    from nodetype_studio.media.library import PROJECT_SOURCE, MediaLibrary
    from tests.media_support import write_png

    images = tmp_path / "Resources" / "Public" / "Images"
    write_png(images / "red-square.png", 40, 40)
    os.mkfifo(images / "pipe.png")
    library = MediaLibrary.for_project(tmp_path, [tmp_path])
    titles = _outcome(lambda: {asset.title for asset in library.assets([PROJECT_SOURCE])}, result=True)
    try:
        assert titles == {"Red square"}
    finally:
        try:  # release a reader the old code left waiting for a writer
            os.close(os.open(images / "pipe.png", os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def _release(path) -> None:
    try:  # release a reader the old code left waiting for a writer
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def test_a_pipe_as_the_project_configuration_is_a_finding_not_waited_for(package):  # noqa: F811
    from nodetype_studio.model.projectconfig import read_project_config

    config = package / ".nodetype-studio.yaml"
    os.mkfifo(config)
    try:
        read = _outcome(read_project_config, package, result=True)
    finally:
        _release(config)
    assert read != "hang" and not read.loaded
    [finding] = read.diagnostics
    assert finding.file == str(config) and finding.code == "config-invalid"
    assert finding.message == ("cannot read .nodetype-studio.yaml: the file cannot be read: it is not a regular file "
                               "(a pipe, device or socket); the studio reads files only")


def test_pipes_as_configuration_files_are_findings_like_pipes_in_the_nodetypes_folder(package):  # noqa: F811
    from nodetype_studio.model import load_project

    pipes = [package / "Configuration" / name for name in ("Settings.yaml", "Settings.Acme.yaml", "NodeTypes.Other.yaml")]
    pipes.append(package / "NodeTypes" / "Other.yaml")
    for pipe in pipes:
        pipe.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(pipe)
    try:
        project = _outcome(lambda: load_project(package, use_cache=False), result=True)
    finally:
        for pipe in pipes:
            _release(pipe)
    assert project != "hang" and "Acme.Site:Page" in project.node_types
    found = {d.file: (d.code, d.severity.name, d.message) for d in project.diagnostics}
    for pipe in pipes:  # Flow's YamlSource loads only what is_file() accepts, as the NodeTypes loader does
        assert found[str(pipe)] == ("file-link-broken", "INFO", f"{pipe.name}: this is no regular file; the CMS skips it")


def test_check_reports_the_pipes_it_does_not_read(package):  # noqa: F811
    os.mkfifo(package / ".nodetype-studio.yaml")
    os.mkfifo(package / "Configuration" / "Settings.yaml")
    try:
        done = run_process("check", package, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("`check` waited for a writer on a pipe")
    assert done.returncode == 1, done.stderr  # the configuration cannot be read: an error
    assert f"{package / '.nodetype-studio.yaml'}: error config-invalid: cannot read .nodetype-studio.yaml" in done.stdout
    assert f"{package / 'Configuration' / 'Settings.yaml'}: info file-link-broken:" in done.stdout
