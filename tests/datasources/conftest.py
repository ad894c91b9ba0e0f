import importlib

import pytest

from nodetype_studio.datasources import reload_data_sources
from tests.datasources.helpers import forget_plugin_modules, install_example_plugin


@pytest.fixture
def clean_plugins(monkeypatch, tmp_path):
    """No plugin folder and no user plugins: only what a test installs."""
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    reload_data_sources()
    yield
    forget_plugin_modules()
    reload_data_sources()


@pytest.fixture
def example_plugin(clean_plugins, tmp_path, monkeypatch):
    """The example plugin installed: discovered through its entry point by importlib.metadata."""
    site = tmp_path / "site"
    site.mkdir()
    install_example_plugin(site)
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    reload_data_sources()
    return site
