import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The preview shows dates in the machine's zone, as the CMS shows them in the browser's. The tests state
# their times in UTC, so they run in UTC whatever the machine's zone (a test of another zone sets TZ for
# itself: tests/ui/test_editor_datetime.py `new_york`), in this process and the ones it starts.
os.environ["TZ"] = "UTC"
time.tzset()
# no persistent parse cache in tests (nor in the processes they start): what a test parses does not depend
# on what an earlier run wrote, or on when the background writer ran; tests/model/test_parse_cache.py
# switches it on in a folder of its own
os.environ["NODETYPE_STUDIO_CACHE_DIR"] = "off"

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(request):
    """As in the studio (``ui/render.ensure_app``): once a test has a QApplication, Python's collector runs
    on the GUI thread only (``ui/mainthread.collect_on_gui_thread``), and what each test left is collected
    as it ends, on this thread: never by a worker thread a test left running."""
    if "qapp" in request.fixturenames:
        from nodetype_studio.ui.mainthread import collect_on_gui_thread

        collect_on_gui_thread(request.getfixturevalue("qapp"))
    yield
    from nodetype_studio import gcpolicy

    if gcpolicy.scheduled():
        gcpolicy.collect_due()


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
