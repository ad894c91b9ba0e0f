"""A 9.x site needs a concrete node type of `Neos.Neos:Site` (`neos9-site-type`): 9.x creates a site's node only
of such a type (SiteNodeTypeIsInvalid, 9.0:Neos.Neos/Classes/Domain/Service/SiteServiceInternals.php) and
`Neos.Neos:Sites` allows no other child (platform facts §7.1). Reported only for a site: a package of
composer type `neos-site`, or a distribution with one."""

from __future__ import annotations

import json
from pathlib import Path

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

HOMEPAGE = "'Acme.Site:Document.HomePage':\n  superTypes:\n    'Neos.Neos:Document': true\n"
SITE_HOMEPAGE = "'Acme.Site:Document.HomePage':\n  superTypes:\n    'Neos.Neos:Site': true\n"


def write_package(folder: Path, nodetypes: str, kind: str = "neos-site", version: str = "^9.0") -> Path:
    (folder / "Configuration").mkdir(parents=True)
    (folder / "composer.json").write_text(json.dumps({"name": "acme/site", "type": kind,
                                                      "require": {"neos/neos": version}}, indent=2), encoding="utf-8")
    (folder / "Configuration" / "NodeTypes.yaml").write_text(nodetypes, encoding="utf-8")
    return folder


def site_findings(path: Path):
    return [d for d in run_checks(load_project(path, use_cache=False)) if d.code == "neos9-site-type"]


def test_a_9x_site_package_without_a_site_type_is_reported_at_its_composer_type(tmp_path):
    package = write_package(tmp_path / "Acme.Site", HOMEPAGE)
    [found] = site_findings(package)
    assert found.severity.value == "warning"
    assert Path(found.file).name == "composer.json" and (found.line, found.column) == (3, 3)
    assert "no node type here is a concrete Neos.Neos:Site" in found.message
    assert "add `Neos.Neos:Site: true` to the `superTypes`" in found.message


def test_a_site_type_inheriting_neos_site_is_enough(tmp_path):
    text = SITE_HOMEPAGE + "'Acme.Site:Document.Page':\n  superTypes:\n    'Neos.Neos:Document': true\n"
    assert site_findings(write_package(tmp_path / "Acme.Site", text)) == []


def test_an_abstract_site_type_alone_is_not_enough(tmp_path):
    [found] = site_findings(write_package(tmp_path / "Acme.Site", SITE_HOMEPAGE + "  abstract: true\n"))
    assert "(Acme.Site:Document.HomePage is abstract)" in found.message


def test_only_a_9x_site_is_checked(tmp_path):
    assert site_findings(write_package(tmp_path / "a" / "Acme.Site", HOMEPAGE, version="^8.3")) == []
    assert site_findings(write_package(tmp_path / "b" / "Acme.Site", HOMEPAGE, kind="neos-package")) == []


def test_a_distribution_with_a_site_package(tmp_path):
    root = tmp_path / "dist"
    (root / "Packages" / "Sites").mkdir(parents=True)
    (root / "composer.json").write_text(json.dumps({"name": "acme/dist", "type": "project",
                                                    "require": {"neos/neos": "^9.0"}}), encoding="utf-8")
    write_package(root / "Packages" / "Sites" / "Acme.Site", HOMEPAGE)
    [found] = site_findings(root)
    assert found.file.endswith("Acme.Site/composer.json")
    write_package(root / "Packages" / "Application" / "Acme.Base", SITE_HOMEPAGE.replace("Site:", "Base:"),
                  kind="neos-package")
    assert site_findings(root) == []  # the site type may come from another package


def test_a_site_that_names_no_cms_version_is_not_judged(tmp_path):
    package = write_package(tmp_path / "Acme.Site", HOMEPAGE)
    (package / "composer.json").write_text('{"name": "acme/site", "type": "neos-site"}', encoding="utf-8")
    assert site_findings(package) == []
    (package / ".nodetype-studio.yaml").write_text("cmsVersion: '9'\n", encoding="utf-8")
    assert len(site_findings(package)) == 1


def test_a_composer_json_grown_past_the_bound_since_the_load_is_not_read_for_the_position(tmp_path):
    from nodetype_studio.boundedio import MAX_FILE_BYTES

    package = write_package(tmp_path / "Acme.Site", HOMEPAGE)
    project = load_project(package, use_cache=False)
    composer = package / "composer.json"  # another program rewrites it, megabytes long, "type" at the end
    composer.write_text("{\n" + "\n" * MAX_FILE_BYTES + '"type": "neos-site"}\n', encoding="utf-8")
    [found] = [d for d in run_checks(project) if d.code == "neos9-site-type"]
    assert Path(found.file) == composer and (found.line, found.column) == (1, 1)  # not read: its first line


def test_a_pipe_in_place_of_the_composer_json_is_not_waited_for(tmp_path):
    import os
    import threading

    package = write_package(tmp_path / "Acme.Site", HOMEPAGE)
    project = load_project(package, use_cache=False)
    composer = package / "composer.json"
    composer.unlink()
    os.mkfifo(composer)
    found = []
    worker = threading.Thread(target=lambda: found.extend(d for d in run_checks(project) if d.code == "neos9-site-type"),
                              daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():
        os.close(os.open(composer, os.O_WRONLY | os.O_NONBLOCK))  # a writer, so that the thread ends
        worker.join(30)
        raise AssertionError("the check waited for a writer to the pipe")
    assert [(d.line, d.column) for d in found] == [(1, 1)]
