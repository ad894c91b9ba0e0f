"""The project controller (issue 15, "the main window owns a project controller object"): it runs a
project through the few public members named by ``ProjectHost``, so it works with a host that is not
the window at all; the window's prompts are an explicit ``dialogs.Prompts`` made on the first question."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtGui import QUndoStack

from nodetype_studio.ui.studio import commands
from nodetype_studio.ui.studio.dialogs import Prompts
from nodetype_studio.ui.studio.projectcontroller import ProjectController

from .conftest import TEASER

PAGE = "Acme.Studio:Document.Page"
TEASER_FILE = Path("NodeTypes/Content/Teaser.yaml")
PAGE_FILE = Path("NodeTypes/Document/Page.yaml")


class Answers:
    def __init__(self):
        self.unsaved: list[list[str]] = []
        self.on_close = "cancel"

    def unsaved_changes(self, files):
        self.unsaved.append(files)
        return self.on_close

    def restore_journal(self, files, when):
        return False


class Host:
    """Only the members ``ProjectHost`` names: a private attribute of the window cannot be reached."""

    def __init__(self, data_dir: Path):
        self.prompts = Answers()
        self.data_dir = data_dir
        self.selected = None
        self.messages: list[str] = []
        self.errors: list[str] = []
        self.busy: list[str | None] = []
        self.forgotten: list[Path] = []
        self.refreshes = 0

    def status(self, text, *, error=False):
        self.messages.append(text)

    def show_error(self, message):
        self.errors.append(message)

    def set_busy(self, text):
        self.busy.append(text)

    def push(self, text, operation):
        raise AssertionError("nothing to restore in these tests")

    def flush(self):
        pass

    def refresh_now(self):
        self.refreshes += 1

    def schedule_refresh(self):
        self.refreshes += 1

    def forget_source(self, path):
        self.forgotten.append(Path(path))


def _controller(qtbot, settings, tmp_path):
    host = Host(tmp_path / "data")
    controller = ProjectController(host, settings=settings, undo_stack=QUndoStack())
    events: list[str] = []
    controller.opened.connect(lambda deferred: events.append(f"opened deferred={deferred}"))
    controller.loaded.connect(lambda: events.append("loaded"))
    controller.loadFailed.connect(lambda message: events.append(f"failed {message}"))
    controller.aboutToClose.connect(lambda: events.append("aboutToClose"))
    controller.closed.connect(lambda: events.append("closed"))
    return host, controller, events


def test_a_project_opens_changes_on_disk_and_closes_through_the_host_alone(qtbot, project, settings, tmp_path):
    host, controller, events = _controller(qtbot, settings, tmp_path)
    assert controller.open_project(project, background=False)
    assert events == ["opened deferred=False", "loaded"]
    assert controller.session.root == project and controller.loading is None
    assert str(project) in settings.get("recentProjects")
    assert str(project / TEASER_FILE) in controller.watcher.watcher.files()  # its files are watched

    # an edit, then the journal: written under the host's data folder
    edits = commands.set_value(TEASER, ("ui", "label"), "Teaser (edited)")(controller.session.editor)
    controller.session.record(edits)
    controller.write_journal()
    journal = controller.journal.path
    assert journal.exists() and journal.is_relative_to(host.data_dir)

    # a clean file changed outside: read again, and the host's source view forgets it
    page = project / PAGE_FILE
    session = controller.session
    session.apply(commands.set_value(PAGE, ("ui", "label"), "Other")(session.editor), undo=True)  # edited, undone
    assert session.editor.open_document(page) is not None and page not in session.dirty_files()
    page.write_text(page.read_text(encoding="utf-8").replace("label: 'Page'", "label: 'Landing page'"), encoding="utf-8")
    controller.disk_changed([page])
    assert host.forgotten == [page]
    assert "Landing page" in controller.session.text_of(page)

    # closing asks about the unsaved edit; cancel keeps everything open
    assert not controller.close_project()
    assert host.prompts.unsaved == [[controller.session.display(project / TEASER_FILE)]]
    assert events[-1] == "aboutToClose" and controller.session is not None and journal.exists()

    host.prompts.on_close = "discard"
    assert controller.close_project()
    assert events[-2:] == ["aboutToClose", "closed"]
    assert controller.session is None and controller.journal is None and not journal.exists()
    assert controller.watcher.watcher.files() == []
    assert "Teaser (edited)" not in (project / TEASER_FILE).read_text(encoding="utf-8")
    assert host.errors == []


def test_a_missing_folder_is_said_to_be_missing(qtbot, settings, tmp_path):
    host, controller, events = _controller(qtbot, settings, tmp_path)
    missing = tmp_path / "gone"
    settings.add_recent(str(missing))
    assert not controller.open_project(missing, background=False)
    assert host.errors == [f"Cannot open {missing}: no such file or folder"]
    assert str(missing) not in settings.get("recentProjects")
    assert events == [] and controller.session is None


def test_a_background_load_waits_until_the_window_is_painted(qtbot, project, settings, tmp_path):
    host, controller, events = _controller(qtbot, settings, tmp_path)
    assert controller.open_project(project)
    assert controller.loading == project and controller.pending_load == project
    assert not [t for t in threading.enumerate() if t.name == "nodetype-studio-load"]  # no load started yet
    assert host.busy == ["Loading Acme.Studio\u2026"]
    with qtbot.waitSignal(controller.loaded, timeout=15000):
        controller.start_pending_load()
    assert events == ["opened deferred=True", "loaded"]
    assert controller.session.root == project and controller.loading is None and host.busy[-1] is None
    controller.close_project()


def test_the_window_delegates_to_its_controller(window, project):
    assert window.session is window.projects.session and window.session.root == project
    assert window.journal is window.projects.journal
    window.close_project()
    assert window.session is None and window.projects.session is None


def test_the_windows_prompts_are_the_real_dialogs_and_one_question_can_be_replaced(qtbot, make_window, project,
                                                                                     settings):
    window = make_window(project)
    prompts = window.prompts
    assert isinstance(prompts, Prompts) and window.prompts is prompts and prompts.parent is window
    prompts.review_setting_changed(False)  # the review dialog's "always review" box writes the setting
    assert settings.get("reviewBeforeSave") is False

    asked = []
    window.prompts.unsaved_changes = lambda files: asked.append(files) or "cancel"
    window.push("set label", commands.set_value(TEASER, ("ui", "label"), "Teaser (edited)"))
    window.flush()
    window.close()
    assert asked == [[window.session.display(project / TEASER_FILE)]]
    assert window.isVisible() and window.session is not None  # cancelled: nothing closed, nothing lost
