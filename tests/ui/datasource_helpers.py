"""Shared pieces of the data-source UI tests: a local server per test, inspectors with their own service."""

from __future__ import annotations

import shutil

import pytest

from nodetype_studio.datasources import BackendSettings, DataSourceEnvironment
from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.datasource_loader import DataSourceService
from nodetype_studio.ui.inspector import InspectorWidget
from tests.datasources.helpers import FIXTURE_PROJECT, LocalServer

WAIT_MS = 5000


@pytest.fixture
def server():
    """``server(routes)`` starts a real HTTP server on 127.0.0.1 (ephemeral port), stopped after the test."""
    started: list[LocalServer] = []

    def start(routes=None, **kwargs) -> LocalServer:
        instance = LocalServer(routes, **kwargs)
        started.append(instance)
        return instance

    yield start
    for instance in started:
        instance.close()


@pytest.fixture
def project_root(tmp_path):
    """A copy of the fixture project (tests may add fixture files and settings to it)."""
    root = tmp_path / "Acme.Sources"
    shutil.copytree(FIXTURE_PROJECT, root)
    return root


@pytest.fixture
def services():
    made: list[DataSourceService] = []

    def make(root, **settings) -> DataSourceService:
        service = DataSourceService(DataSourceEnvironment(root, BackendSettings(**settings)))
        made.append(service)
        return service

    yield make
    for service in made:
        service.shutdown()


@pytest.fixture
def open_inspector(qtbot):
    def show(root, node_type: str, service=None, widget=None) -> InspectorWidget:
        project = load_project(root, use_cache=False)
        if widget is None:
            widget = InspectorWidget(data_sources=service)
            qtbot.addWidget(widget)
            widget.resize(420, 900)
            widget.show()
        widget.show_node_type(InspectorSource.from_model(project.node_type(node_type), project))
        return widget

    return show


def wait_answer(qtbot, editor, timeout=WAIT_MS):
    """Wait until ``editor``'s data-source request is answered; returns the result."""
    if not editor.is_loading():
        return editor.binding.last
    with qtbot.waitSignal(editor.dataSourceAnswered, timeout=timeout) as blocker:
        pass
    return blocker.args[0]


def options(editor):
    return [(kind, text) for kind, text in editor.display_rows()]
