"""The real-world corpus (NODETYPE_STUDIO_CORPUS): every project opens, every node type shows, and the
platform's own packages have no error finding. Prints a table of finding counts per code (run with -s or -rP)."""

from __future__ import annotations

import collections
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from nodetype_studio.cli import main
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import load_project

pytestmark = pytest.mark.corpus

PLATFORM_DIRS = "neos__neos-development-collection"


def _leaves(value, path=()):
    if isinstance(value, dict) and value:
        for key, child in value.items():
            yield from _leaves(child, path + (key,))
    elif isinstance(value, list) and value:
        for index, child in enumerate(value):
            yield from _leaves(child, path + (index,))
    else:
        yield path


@pytest.fixture(scope="module")
def corpus_projects(corpus) -> dict[Path, object]:
    """Every top-level corpus directory, opened once (cold) for this module."""
    projects, failures = {}, []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        try:
            projects[folder] = load_project(folder, use_cache=False)
        except Exception as exc:  # noqa: BLE001 - the test reports every failing folder at once
            failures.append(f"{folder.name}: {type(exc).__name__}: {exc}")
    assert not failures, "\n".join(failures)
    return projects


def test_every_corpus_directory_loads(corpus, corpus_projects):
    folders = [p for p in corpus.iterdir() if p.is_dir()]
    assert len(corpus_projects) == len(folders) > 50
    total = sum(len(p.project_node_types()) for p in corpus_projects.values())
    assert total > 1000
    for folder, project in corpus_projects.items():
        assert project.files, folder.name
        for nt in project.node_types.values():
            assert isinstance(nt.effective, dict), (folder.name, nt.name)


def test_every_yaml_file_of_the_corpus_opens_on_its_own(corpus, corpus_projects):
    """Files the project discovery skips (Tests/, Testing context, examples) still open as a single file."""
    loaded = {f.path for p in corpus_projects.values() for f in p.files + p.settings_files}
    skipped = [p for p in sorted(corpus.rglob("*.yaml")) if p.resolve() not in loaded]
    assert all("Tests" in p.parts or "Testing" in p.parts or "examples" in p.parts for p in skipped), skipped
    for path in skipped:
        project = load_project(path, use_cache=False)
        assert project.kind == "file"


def test_show_json_for_every_node_type(corpus_projects):
    shown = 0
    for folder, project in corpus_projects.items():
        for nt in project.project_node_types():
            out = io.StringIO()
            with redirect_stdout(out):
                code = main(["show", str(folder), nt.name, "--json"])
            assert code == 0, (folder.name, nt.name)
            data = json.loads(out.getvalue())
            assert data["name"] == nt.name
            assert data["configuration"] == json.loads(json.dumps(nt.effective, default=str))
            shown += 1
    assert shown > 1000


def test_provenance_of_every_leaf_for_a_sample(corpus_projects):
    """Every third node type of every folder (and every type of the platform's own packages)."""
    leaves = 0
    for folder, project in corpus_projects.items():
        types = project.project_node_types()
        sample = types if folder.name.startswith(PLATFORM_DIRS) else types[::3]
        for nt in sample:
            for path in _leaves(nt.effective):
                prov = nt.provenance(path)
                if prov.location is not None:
                    assert prov.layer, (folder.name, nt.name, path)
                    assert prov.location.file, (folder.name, nt.name, path)
                leaves += 1
    assert leaves > 10_000


def test_show_provenance_text_for_one_type_per_folder(corpus_projects):
    for folder, project in corpus_projects.items():
        types = project.project_node_types()
        if not types:
            continue
        out = io.StringIO()
        with redirect_stdout(out):
            code = main(["show", str(folder), types[len(types) // 2].name, "--provenance"])
        assert code == 0, folder.name
        assert out.getvalue().startswith(f"# {types[len(types) // 2].name}")


def test_no_error_finding_on_the_platforms_own_packages(corpus_projects):
    platform = {f: p for f, p in corpus_projects.items() if f.name.startswith(PLATFORM_DIRS)}
    assert len(platform) == 2
    errors = [d.format_text() for p in platform.values() for d in p.diagnostics if d.severity == Severity.ERROR]
    assert errors == []
    for project in platform.values():
        assert not project.uses_baseline  # the folders contain Neos.Neos itself
        assert "Neos.Neos:Document" in project.node_types
        assert not project.node_types["Neos.Neos:Document"].from_baseline


def test_finding_counts_per_code(corpus_projects, request):
    counts: collections.Counter = collections.Counter()
    folders: dict[tuple, set] = collections.defaultdict(set)
    for folder, project in corpus_projects.items():
        for d in project.diagnostics:
            counts[(d.severity.value, d.code)] += 1
            folders[(d.severity.value, d.code)].add(folder.name)
    rows = sorted(counts.items(), key=lambda item: (Severity(item[0][0]).rank, item[0][1]))
    width = max((len(code) for (_, code), _ in rows), default=4)
    lines = [f"{'severity':8}  {'code':{width}}  {'count':>5}  {'folders':>7}"]
    lines += [f"{sev:8}  {code:{width}}  {n:5d}  {len(folders[(sev, code)]):7d}" for (sev, code), n in rows]
    table = "\n".join(lines)
    print("\nFindings over the corpus:\n" + table)
    request.node.add_report_section("call", "corpus finding counts", table)
    # every finding carries a code and a file position
    for project in corpus_projects.values():
        for d in project.diagnostics:
            assert d.code and d.message and d.file, d
