import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# no persistent parse cache in tests (nor in the processes they start): what a test parses does not depend
# on what an earlier run wrote, or on when the background writer ran; tests/model/test_parse_cache.py
# switches it on in a folder of its own
os.environ["NODETYPE_STUDIO_CACHE_DIR"] = "off"

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
