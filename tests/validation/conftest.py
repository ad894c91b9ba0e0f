import pytest

from nodetype_studio.js import engine as jsengine


@pytest.fixture(scope="session")
def js():
    """Evaluate JavaScript in V8 – the answer a browser gives."""
    if not jsengine.available():
        pytest.skip(f"V8 (mini-racer) is not available: {jsengine.unavailable_reason()}")
    return jsengine.evaluate
