"""Findings speak of the CMS and its documentation, never of "the spec" (a word users never read)."""

from __future__ import annotations

import re
from pathlib import Path

from nodetype_studio.bundled import example_project
from nodetype_studio.catalogue import EDITORS, VALIDATORS
from nodetype_studio.catalogue.vocab import FORMATTING_KEYS
from nodetype_studio.checks import run_checks
from nodetype_studio.checks.codes import CHECK_CODES
from nodetype_studio.model import load_project

SPEC = re.compile(r"\bspec\b|\bspec's\b|\bspecification\b", re.IGNORECASE)
CMS_EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "cms" / "example"


def _option_texts(options):
    for option in options.values():
        yield option.description
        yield option.spec_vs_cms or ""
        yield from _option_texts(option.children)


def test_no_finding_of_the_example_projects_says_spec():
    messages = [f.message for root in (example_project(), CMS_EXAMPLE) for f in run_checks(load_project(root))]
    compat = [m for m in messages if "documentation" in m]
    assert len(compat) >= 3  # the example's compat notes are there, worded for the user
    assert all("the CMS" in m for m in compat)
    assert [m for m in messages if SPEC.search(m)] == []


def test_no_catalogue_text_or_code_description_says_spec():
    texts = list(CHECK_CODES.values()) + [key.spec_vs_cms or "" for key in FORMATTING_KEYS]
    for spec in list(EDITORS.values()) + list(VALIDATORS.values()):
        texts.extend(_option_texts(spec.options))
    assert any("documentation" in text for text in texts)
    assert [text for text in texts if SPEC.search(text)] == []
