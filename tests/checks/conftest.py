import pytest

from tests.checks.helpers import check_text


@pytest.fixture
def check(tmp_path):
    """Run the checks on YAML text written as a NodeTypes file of a fresh package: (project, findings)."""
    def run(text: str, name: str = "NodeTypes.Test.yaml"):
        return check_text(tmp_path, text, name)
    return run
