"""The CMS version of a project: composer.lock, composer.json constraints, platform packages, default."""

import json

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.model.version import CmsVersion, detect_cms_version, parse_version

NODETYPES = "'Acme.Site:Page':\n  superTypes:\n    'Neos.Neos:Document': true\n"


def _package(root, name="Acme.Site", require=None):
    pkg = root / "DistributionPackages" / name
    (pkg / "Configuration").mkdir(parents=True)
    (pkg / "Configuration" / "NodeTypes.yaml").write_text(NODETYPES)
    (pkg / "composer.json").write_text(json.dumps({"name": "acme/site", "type": "neos-site", "require": require or {}}))
    return pkg


@pytest.mark.parametrize("text, expected", [
    ("8.3.12", CmsVersion.V8_3), ("v9.0.3", CmsVersion.V9), ("9.x", CmsVersion.V9), ("8", CmsVersion.V8_3),
    ("9.1.0-beta1", CmsVersion.V9), (9, CmsVersion.V9), ("dev-main", None), ("10.0", None), (None, None),
])
def test_version_names(text, expected):
    assert parse_version(text) is expected


def test_composer_lock_names_the_installed_version(tmp_path):
    _package(tmp_path, require={"neos/neos": "^9.0"})
    (tmp_path / "composer.lock").write_text(json.dumps({"packages": [{"name": "neos/neos", "version": "8.3.17"}]}))
    info = detect_cms_version(tmp_path)
    assert (info.version, info.source) == (CmsVersion.V8_3, "composer.lock")
    assert "8.3.17" in info.detail


def test_a_package_inside_a_distribution_uses_the_distribution_lock(tmp_path):
    pkg = _package(tmp_path)
    (tmp_path / "composer.lock").write_text(json.dumps({"packages": [{"name": "neos/neos", "version": "v9.0.1"}]}))
    assert detect_cms_version(pkg).version is CmsVersion.V9


def test_composer_json_constraints_when_there_is_no_lock(tmp_path):
    _package(tmp_path, require={"neos/neos": "~8.3.0"})
    info = detect_cms_version(tmp_path)
    assert (info.version, info.source) == (CmsVersion.V8_3, "composer.json")
    assert "neos/neos ~8.3.0" in info.detail


@pytest.mark.parametrize(("package", "constraint", "expected"), [
    ("neos/contentrepository-core", "^9.0", CmsVersion.V9),  # 9.0:Neos.ContentRepository.Core/composer.json
    ("neos/content-repository", "^8.3", CmsVersion.V8_3),  # 8.3's Neos.ContentRepository, gone in 9.x
])
def test_a_package_that_requires_only_the_content_repository(tmp_path, package, constraint, expected):
    _package(tmp_path, require={package: constraint})
    info = detect_cms_version(tmp_path)
    assert (info.version, info.source) == (expected, "composer.json")
    assert f"{package} {constraint}" in info.detail


def test_a_constraint_allowing_both_versions_decides_nothing(tmp_path):
    _package(tmp_path, require={"neos/neos": "^8.3 || ^9.0"})
    assert detect_cms_version(tmp_path).source == "default"


def test_platform_packages_in_the_folder(tmp_path):
    neos = tmp_path / "Packages" / "Application" / "Neos.Neos"
    (neos / "NodeTypes" / "Mixin").mkdir(parents=True)
    (neos / "NodeTypes" / "Mixin" / "Timable.yaml").write_text("'Neos.Neos:Timable':\n  abstract: true\n")
    info = detect_cms_version(tmp_path)
    assert (info.version, info.source) == (CmsVersion.V8_3, "platform packages")
    (tmp_path / "Packages" / "Application" / "Neos.ContentRepository.Core").mkdir()
    assert detect_cms_version(tmp_path).version is CmsVersion.V9


def test_default_is_9_with_a_note(tmp_path):
    _package(tmp_path)
    info = detect_cms_version(tmp_path)
    assert (info.version, info.source) == (CmsVersion.V9, "default")
    assert "using Neos 9.x" in info.detail


@pytest.mark.parametrize("content", [b"{", b"[" * 100000, b'{"packages": 5}', b"\xff\xfe{"])
def test_broken_composer_files_are_passed_over(tmp_path, content):
    _package(tmp_path)
    (tmp_path / "composer.lock").write_bytes(content)
    assert detect_cms_version(tmp_path).source == "default"


def test_the_project_carries_its_version_and_an_override_wins(tmp_path):
    _package(tmp_path, require={"neos/neos": "^8.3"})
    assert load_project(tmp_path).cms_version.version is CmsVersion.V8_3
    chosen = load_project(tmp_path, cms_version="9")
    assert (chosen.cms_version.version, chosen.cms_version.source) == (CmsVersion.V9, "setting")


def _site(folder, require: dict) -> None:
    (folder / "Configuration").mkdir(parents=True)
    (folder / "Configuration" / "NodeTypes.yaml").write_text("'Acme.Site:Page':\n  superTypes:\n    'Neos.Neos:Document': true\n")
    (folder / "composer.json").write_text(json.dumps({"name": f"acme/{folder.name.lower()}", "type": "neos-site",
                                                      "require": require}))


def test_a_folder_of_packages_uses_the_version_its_packages_require(tmp_path):
    """Opening the folder that holds one's packages (not a distribution): their composer.json files name
    the version when those that name one agree."""
    _site(tmp_path / "Site", {"neos/neos": "^8.3"})
    _site(tmp_path / "Plugin", {"php": ">=8.1"})
    project = load_project(tmp_path, use_cache=False)
    info = project.cms_version
    assert (info.version, info.source) == (CmsVersion.V8_3, "composer.json")
    assert info.detail == "Site/composer.json requires neos/neos ^8.3"
    assert "Neos.Neos:Timable" in project.node_types  # the 8.3 baseline


def test_packages_that_disagree_name_no_version(tmp_path):
    _site(tmp_path / "Old", {"neos/neos": "^8.3"})
    _site(tmp_path / "New", {"neos/neos": "^9.0"})
    assert load_project(tmp_path, use_cache=False).cms_version.source == "default"


def test_a_changed_package_requirement_reopens_the_project(tmp_path):
    _site(tmp_path / "Site", {"neos/neos": "^8.3"})
    assert load_project(tmp_path).cms_version.version is CmsVersion.V8_3
    composer = tmp_path / "Site" / "composer.json"
    composer.write_text(json.dumps({"name": "acme/site", "require": {"neos/neos": "^9.0"}}) + " ")
    assert load_project(tmp_path).cms_version.version is CmsVersion.V9
