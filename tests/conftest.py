import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def corpus() -> Path:
    value = os.environ.get("NODETYPE_STUDIO_CORPUS")
    if not value:
        pytest.skip("NODETYPE_STUDIO_CORPUS is not set")
    path = Path(value)
    if not path.is_dir():
        pytest.fail(f"NODETYPE_STUDIO_CORPUS={value} is not a folder")
    return path
