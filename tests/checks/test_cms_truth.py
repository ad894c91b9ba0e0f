"""Findings checked against what the CMS really does, from real projects whose findings were wrong."""

from __future__ import annotations

from tests.checks.helpers import FIXTURES, load_case


def test_select_box_placeholder_without_allow_empty_is_only_a_compat_note(check):
    # The CMS's select box header shows the placeholder whenever no option is selected; `allowEmpty`
    # only adds the reset button (neos/neos-ui react-ui-components SelectBox `renderHeader`). The
    # documentation's "needs allowEmpty" is a spec-vs-CMS difference: one info, no warning.
    case = load_case(FIXTURES / "compat-placeholder.yaml")
    _project, findings = check(case.text)
    at_placeholder = [(d.code, d.severity.value) for d in findings if d.line == case.line]
    assert at_placeholder == [("compat-placeholder", "info")]
