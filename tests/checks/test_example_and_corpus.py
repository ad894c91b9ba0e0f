"""The bundled example project's deliberate mistakes, and a run over the real corpus."""

from collections import Counter
from pathlib import Path

import pytest

from nodetype_studio.bundled import example_project
from nodetype_studio.checks import run_checks
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import load_project


def _mistake_lines(path: Path) -> list[int]:
    """Lines of the first YAML key after each `# deliberate mistake:` comment block."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        if "# deliberate mistake:" in line:
            j = i + 1
            while lines[j].lstrip().startswith("#"):
                j += 1
            found.append(j + 1)
    return found


@pytest.fixture(scope="module")
def example():
    project = load_project(example_project(), use_cache=False)
    return project, run_checks(project)


def test_example_mistakes_are_found(example):
    project, findings = example
    content = example_project() / "DistributionPackages" / "Acme.Site" / "NodeTypes" / "Content"
    video, contact = content / "Video.yaml", content / "ContactForm.yaml"
    allow_emty, accept_video, accept_image, range_min = _mistake_lines(video)
    (phone,) = _mistake_lines(contact)
    at = {(Path(d.file).name, d.line, d.code): d for d in findings}
    assert "did you mean `allowEmpty`?" in at[("Video.yaml", allow_emty, "option-unknown")].message
    assert ("Video.yaml", allow_emty + 1, "option-placeholder-needs-allowempty") not in at  # the CMS shows it
    assert ("Video.yaml", allow_emty + 1, "compat-placeholder") in at
    assert ("Video.yaml", accept_video, "option-deprecated") in at
    assert ("Video.yaml", accept_image, "option-deprecated") in at
    assert at[("Video.yaml", range_min, "option-min-max")].severity == Severity.ERROR
    # the CMS ignores an unknown validator (nothing fails, nothing is lost): the validation does not happen
    assert at[("ContactForm.yaml", phone, "validator-unknown")].severity == Severity.WARNING
    assert any(d.code == "default-value-range" and Path(d.file).name == "Video.yaml" for d in findings)


def test_example_has_no_other_errors(example):
    _, findings = example
    errors = {(Path(d.file).name, d.code) for d in findings if d.severity == Severity.ERROR}
    assert errors == {("Video.yaml", "option-min-max")}


def test_example_compat_notes(example):
    _, findings = example
    codes = Counter(d.code for d in findings if d.code.startswith("compat"))
    assert codes["compat-rows"] == 4  # three NodeTypes files and the `acme.shortText` preset in Settings.yaml
    assert any(d.code == "compat-rows" and d.file.endswith("Settings.yaml") for d in findings)
    # (its CodeEditors name their modes, and `text/css` is in the CMS too: no compat-highlighting-mode)
    assert codes["compat-highlighting-mode"] == 0
    for code in ("compat-html-attribute", "compat-button-label", "compat-formatting-u", "compat-formatting-del", "compat-maximum-file-size", "compat-datetime-range-validator",
                 "compat-editor-default-value", "compat-placeholder"):
        assert codes[code] >= 1, code


@pytest.mark.corpus
def test_corpus_runs_without_crash_and_platform_packages_have_no_errors(corpus):
    counts: Counter = Counter()
    platform_errors = []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        project = load_project(folder, use_cache=False)
        findings = run_checks(project)
        counts.update(d.code for d in findings)
        if folder.name.startswith("neos__neos-development-collection"):
            platform_errors += [d.format_text() for d in findings if d.severity == Severity.ERROR]
        for d in findings:
            assert d.file and d.line >= 1 and d.column >= 1, d
            assert "resources/baseline" not in d.file
    print("\n" + "\n".join(f"{n:5} {code}" for code, n in counts.most_common()))
    assert platform_errors == []
    assert counts  # the corpus has real findings
