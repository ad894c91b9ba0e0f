"""The 9.x legacy-reference check finds the fragment that writes each property's type from one index per
node type (``neos9._type_writers``); it must name what looking fragment by fragment names
(``neos9._written_reference_type``): in the corpus, and where a fragment writes ``properties`` as a list."""

from __future__ import annotations

from pathlib import Path

from nodetype_studio.checks import collect_findings, neos9
from nodetype_studio.model import load_project


def _assert_index_agrees(project) -> int:
    writers: dict = {}
    compared = 0
    for nt in project.node_types.values():
        chain = neos9._chain(project, nt)
        index = neos9._type_writers(chain, writers)
        if index is None:
            continue
        for prop in neos9._section_names(nt):
            writer = index.get(prop)
            expected_type, expected = neos9._written_reference_type(chain, prop)
            assert writer is expected, (nt.name, prop)
            assert (neos9._written_type(writer, prop) if writer is not None else None) == expected_type
            compared += 1
    return compared


def test_the_index_names_the_same_writers_in_the_corpus(corpus):
    project = load_project(corpus, use_cache=False, cms_version="9")
    assert _assert_index_agrees(project) > 1000


def test_properties_written_as_a_list_are_looked_up_one_by_one(tmp_path: Path):
    root = tmp_path / "Acme.Site"
    (root / "NodeTypes").mkdir(parents=True)
    (root / "NodeTypes" / "A.yaml").write_text(
        "'Acme.Site:Base':\n  properties:\n    related: {type: references}\n    title: {type: string}\n"
        "'Acme.Site:Odd':\n  superTypes: {'Acme.Site:Base': true, 'Neos.Neos:Content': true}\n"
        "  properties:\n    - {type: reference}\n", encoding="utf-8")
    (root / ".nodetype-studio.yaml").write_text("cmsVersion: '9'\n", encoding="utf-8")
    project = load_project(root, use_cache=False)
    writers: dict = {}
    odd = project.node_types["Acme.Site:Odd"]
    assert neos9._type_writers(neos9._chain(project, odd), writers) is None
    assert _assert_index_agrees(project) > 0
    moved = [d for d in collect_findings(project) if d.code == "neos9-reference-property"]
    assert [(d.node_type, d.property_name) for d in moved] == [("Acme.Site:Base", "related")]
