from pathlib import Path

import pytest

from nodetype_studio.clienteval import ClientEvalEngine
from nodetype_studio.model import load_project

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "clienteval"


@pytest.fixture(scope="module")
def engine():
    """One isolated engine per test module (starting V8 in a child takes a moment)."""
    with ClientEvalEngine(time_limit_ms=100, memory_limit_mb=64) as eng:
        yield eng


@pytest.fixture(scope="module")
def live_project():
    return load_project(FIXTURES / "live")
