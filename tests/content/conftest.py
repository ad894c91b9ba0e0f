import pytest

from tests.media_support import load_site


@pytest.fixture
def site(tmp_path):
    return load_site(tmp_path)


@pytest.fixture
def workspace(site):
    from nodetype_studio.content import Workspace

    return Workspace(site)


@pytest.fixture
def tree(workspace):
    return workspace.content
