import pytest

from nodetype_studio.validation import v8


@pytest.fixture(scope="session")
def js():
    """Evaluate JavaScript in V8 – the answer a browser gives."""
    if not v8.available():
        pytest.skip(f"V8 (mini-racer) is not available: {v8.unavailable_reason()}")
    return v8.evaluate
