"""One fixture per check (tests/fixtures/checks/*.yaml): the finding at the marked line, with its code,
severity and message; then the same fixture corrected (the `# fix:` edits) gives no finding at all."""

import pytest

from tests.checks.helpers import all_cases

CASES = all_cases()
#: codes reported in a file a fixture cannot be written as, with the tests that cover them instead
OUTSIDE_NODETYPES = {"neos9-site-type": "tests/checks/test_neos9_site_type.py (reported in composer.json)"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_finding_at_the_marked_line(case, check):
    project, findings = check(case.text, case.file_name)
    matching = [d for d in findings if d.code == case.code]
    assert len(matching) == 1, [d.format_text() for d in findings]
    found = matching[0]
    assert (found.line, found.column) == (case.line, case.column), found.format_text()
    assert found.severity.value == case.severity
    assert case.message in found.message, found.message
    assert found.file.endswith(case.file_name)
    assert found.node_type == case.node_type


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_corrected_fixture_is_clean(case, check):
    project, findings = check(case.corrected(), case.file_name)
    assert [d.format_text() for d in findings if d.code not in case.allow] == []
    assert [d.format_text() for d in project.diagnostics] == []


def test_every_check_code_has_a_fixture():
    from nodetype_studio.checks.codes import CHECK_CODES

    covered = {case.code for case in CASES}
    covered |= set(OUTSIDE_NODETYPES)
    missing = {code for code in CHECK_CODES if not code.startswith("config-")} - covered
    assert missing == set()
