"""The corpus under both CMS versions (issue 16): every project opened as a lone package and as part of a
full 8.3 distribution (the platform's real packages under Packages/Application, a composer.lock naming
neos/neos 8.3) opens without an exception, its checks run, and `show --json` works for every node type
under 8.3 and under 9.x."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.commands.show_cmd import show_json
from nodetype_studio.model import load_project

pytestmark = pytest.mark.corpus

#: the platform in the corpus closest to 8.3 (the 7.3 branch, same layout) and the UI package
PLATFORM_83 = ("neos__neos-development-collection__branch-7.3", "neos__neos-ui")
LOCK_83 = {"packages": [{"name": "neos/neos", "version": "8.3.17"}]}


def _projects(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.iterdir() if p.is_dir() and p.name not in PLATFORM_83
                  and not p.name.startswith("neos__neos-development-collection"))


def _every_type_shows(project) -> int:
    for nt in project.node_types.values():
        data = json.loads(show_json(project, nt))
        assert data["cmsVersion"]["version"] == project.cms_version.version.value
        assert isinstance(data["configuration"], dict)
    return len(project.node_types)


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_every_corpus_project_as_a_lone_package(corpus, version):
    failures, shown = [], 0
    for folder in _projects(corpus):
        try:
            project = load_project(folder, use_cache=False, cms_version=version)
            assert project.cms_version.version.value == version
            run_checks(project)
            shown += _every_type_shows(project)
        except Exception as exc:  # noqa: BLE001 - every failing project is listed at once
            failures.append(f"{folder.name}: {type(exc).__name__}: {exc}")
    assert not failures, "\n".join(failures)
    assert shown > 1000


def _distribution(tmp_path: Path, corpus: Path, folder: Path) -> Path:
    """A distribution made of links: the platform packages and the project's own packages."""
    root = tmp_path / folder.name
    application = root / "Packages" / "Application"
    application.mkdir(parents=True)
    for platform in PLATFORM_83:
        source = corpus / platform
        packages = [p for p in source.iterdir() if p.is_dir()] if platform != "neos__neos-ui" else [source]
        for package in packages:
            name = "Neos.Neos.Ui" if platform == "neos__neos-ui" else package.name
            os.symlink(package, application / name)
    own = root / "DistributionPackages"
    own.mkdir()
    from nodetype_studio.model.discovery import discover

    for index, package in enumerate(p for p in discover(folder).packages if not p.is_global):
        link = own / package.path.name
        if link.exists() or link.is_symlink():  # two packages of one folder with the same folder name
            link = own / f"{package.path.name}-{index}"
        os.symlink(package.path, link)
    (root / "composer.lock").write_text(json.dumps(LOCK_83))
    return root


def test_every_corpus_project_in_a_full_83_distribution(corpus, tmp_path):
    failures, shown = [], 0
    for folder in _projects(corpus):
        try:
            project = load_project(_distribution(tmp_path, corpus, folder), use_cache=False)
            assert project.cms_version.version.value == "8.3" and project.cms_version.source == "composer.lock"
            assert not project.uses_baseline  # the real platform is the whole platform
            run_checks(project)
            shown += _every_type_shows(project)
        except Exception as exc:  # noqa: BLE001
            failures.append(f"{folder.name}: {type(exc).__name__}: {exc}")
    assert not failures, "\n".join(failures)
    assert shown > 1000
