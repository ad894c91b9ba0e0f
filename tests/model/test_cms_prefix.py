"""The bundled example is written as real projects are (`Neos`); its copy in the spec's spelling
(`Cms`, tests/fixtures/cms/example) resolves and checks to the same picture."""

from __future__ import annotations

from pathlib import Path

import pytest

from nodetype_studio.bundled import example_project
from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

CMS_EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "cms" / "example"


def _spelled_as_neos(value):
    if isinstance(value, dict):
        return {_spelled_as_neos(k): _spelled_as_neos(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_spelled_as_neos(v) for v in value]
    if isinstance(value, str):
        return value.replace("Cms.Cms", "Neos.Neos").replace("Cms\\Media", "Neos\\Media")
    return value


@pytest.fixture(scope="module")
def both():
    return load_project(example_project(), use_cache=False), load_project(CMS_EXAMPLE, use_cache=False)


def test_the_bundled_example_uses_the_neos_prefix_and_the_fixture_the_spec_s(both):
    neos, cms = both
    assert neos.platform.prefix == "Neos" and cms.platform.prefix == "Cms"
    texts = "".join(p.read_text(encoding="utf-8") for p in example_project().rglob("*.yaml"))
    assert "Cms.Cms" not in texts and "Cms\\Media" not in texts
    assert neos.platform_setting("nodeTypes", "groups", "marketing", "label") == "Marketing"
    assert cms.platform_setting("nodeTypes", "groups", "marketing", "label") == "Marketing"


def test_both_spellings_resolve_to_the_same_node_types(both):
    neos, cms = both
    assert [nt.name for nt in neos.project_node_types()] == [nt.name for nt in cms.project_node_types()]
    assert len(neos.project_node_types()) == 15
    for node_type in neos.project_node_types():
        other = cms.node_type(node_type.name)
        assert node_type.ancestors == _spelled_as_neos(other.ancestors), node_type.name
        assert node_type.effective == _spelled_as_neos(other.effective), node_type.name


def test_both_spellings_report_the_same_findings_at_the_same_places(both):
    neos, cms = both

    def places(project, root: Path):
        return sorted((f.code, str(Path(f.file).resolve().relative_to(root.resolve())) if f.file else "", f.line)
                      for f in run_checks(project))

    found = places(neos, example_project())
    assert found == places(cms, CMS_EXAMPLE)
    assert len([code for code, _file, _line in found if not code.startswith("compat")]) >= 5  # the mistakes
