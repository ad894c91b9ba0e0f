"""Where NodeTypes files are found and in which order they load (facts §5.1)."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
from modelkit import codes, write_files

from nodetype_studio.model import load_project
from nodetype_studio.model.discovery import discover

DISTRIBUTION = Path(__file__).parent.parent / "fixtures" / "model" / "distribution"


def relative_files(project) -> list[str]:
    return [f.path.relative_to(project.root).as_posix() for f in project.files if not f.baseline]


def test_distribution_package_order_dependencies_first(fixtures):
    project = load_project(fixtures / "model" / "distribution", use_cache=False)
    assert project.kind == "distribution"
    # Zeta.Mixins loads after Alpha.Base (loading-order.after), Acme.Site requires Zeta.Mixins,
    # Beta.Tools is independent; the distribution's own Configuration comes last
    assert project.package_names == ["Alpha.Base", "Zeta.Mixins", "Acme.Site", "Beta.Tools", "(global configuration)"]


def test_distribution_file_order(fixtures):
    project = load_project(fixtures / "model" / "distribution", use_cache=False)
    assert relative_files(project) == [
        "Packages/Application/Alpha.Base/Configuration/NodeTypes.yaml",
        "Packages/Application/Zeta.Mixins/Configuration/NodeTypes.Seo.yaml",
        # a package: NodeTypes/ files, then Configuration/NodeTypes.yaml, then NodeTypes.*.yaml by name
        "DistributionPackages/Acme.Site/NodeTypes/Content/Text.yaml",
        "DistributionPackages/Acme.Site/NodeTypes/Document/Page.yaml",
        "DistributionPackages/Acme.Site/Configuration/NodeTypes.yaml",
        "DistributionPackages/Acme.Site/Configuration/NodeTypes.Override.yaml",
        "Packages/Framework/Beta.Tools/Configuration/NodeTypes.yaml",
        "Configuration/NodeTypes.yaml",
        # the context level comes after every package's and the global base files
        "DistributionPackages/Acme.Site/Configuration/Development/NodeTypes.yaml",
        "Configuration/Development/NodeTypes.yaml",
    ]
    assert project.files[0].baseline


def test_distribution_later_files_win(fixtures):
    project = load_project(fixtures / "model" / "distribution", use_cache=False)
    page = project.node_types["Acme.Site:Document.Page"]
    assert page.effective["ui"]["label"] == "Page (Development)"
    # the page inherits Neos.Neos:Node, so the CMS maps the legacy icon name (platform facts §6.6)
    assert page.effective["ui"]["icon"] == "fas fa-wrench"
    assert page.package == "Acme.Site"
    # supertypes across packages resolve
    assert page.is_of_type("Alpha.Base:Mixin")
    assert "metaDescription" in page.effective["properties"]
    assert not [d for d in project.diagnostics if d.severity.value == "error"], [d.format_text() for d in project.diagnostics]


def test_tests_folders_and_other_contexts_are_not_loaded(fixtures):
    project = load_project(fixtures / "model" / "distribution", use_cache=False)
    assert "Acme.Site:Test.Fixture" not in project.node_types
    assert all("Production" not in f.path.parts for f in project.files)


def test_another_context(fixtures):
    project = load_project(fixtures / "model" / "distribution", context="Production", use_cache=False)
    assert relative_files(project)[-1] == "Configuration/Production/NodeTypes.yaml"
    page = project.node_types["Acme.Site:Document.Page"]
    assert page.effective["ui"]["label"] == "Page (Production)"
    assert page.effective["ui"]["icon"] == "fas fa-globe"


def test_nested_context_levels_load_in_hierarchy_order(make_project):
    root = make_project({
        "Configuration/NodeTypes.yaml": "'Acme.Site:T': {ui: {label: base, icon: base}}\n",
        "Configuration/Development/NodeTypes.yaml": "'Acme.Site:T': {ui: {label: dev}}\n",
        "Configuration/Development/Sub/NodeTypes.yaml": "'Acme.Site:T': {ui: {icon: sub}}\n",
    })
    project = load_project(root, context="Development/Sub", use_cache=False)
    assert relative_files(project) == ["Configuration/NodeTypes.yaml", "Configuration/Development/NodeTypes.yaml",
                                       "Configuration/Development/Sub/NodeTypes.yaml"]
    assert project.node_types["Acme.Site:T"].effective["ui"] == {"label": "dev", "icon": "sub"}


def test_context_settings_load_after_every_base_settings_file(make_project):
    root = make_project({
        "Acme.Site/Configuration/Settings.yaml": "Neos:\n  Neos:\n    nodeTypes:\n      presets:\n        properties:\n          p: {type: integer}\n",
        "Acme.Site/Configuration/Development/Settings.yaml": "Neos:\n  Neos:\n    nodeTypes:\n      presets:\n        properties:\n          p: {type: boolean}\n",
        "Acme.Site/NodeTypes/T.yaml": "'Acme.Site:T':\n  superTypes: {'Neos.Neos:Content': true}\n  properties:\n    x: {options: {preset: p}}\n",
        "Zed.Other/Configuration/Settings.yaml": "Neos:\n  Neos:\n    nodeTypes:\n      presets:\n        properties:\n          p: {type: string}\n",
    }, root="packages")
    project = load_project(root, use_cache=False)
    assert [f.path.relative_to(root).as_posix() for f in project.settings_files if not f.baseline] == [
        "Acme.Site/Configuration/Settings.yaml", "Zed.Other/Configuration/Settings.yaml",
        "Acme.Site/Configuration/Development/Settings.yaml"]
    assert project.node_types["Acme.Site:T"].effective["properties"]["x"]["type"] == "boolean"


def test_package_file_order(make_project):
    root = make_project({
        "Configuration/NodeTypes.Zz.yaml": "'Acme.Site:T': {ui: {label: zz}}\n",
        "Configuration/NodeTypes.Aa.yaml": "'Acme.Site:T': {ui: {label: aa}}\n",
        "Configuration/NodeTypes.yaml": "'Acme.Site:T': {ui: {label: main}}\n",
        "NodeTypes/Zeta.yaml": "'Acme.Site:T': {ui: {label: folder-zeta}}\n",
        "NodeTypes/Alpha/Beta.yaml": "'Acme.Site:T': {ui: {label: folder-alpha-beta}}\n",
        "NodeTypes/Alpha.yaml": "'Acme.Site:T': {ui: {label: folder-alpha}}\n",
        "Configuration/Settings.yaml": "Neos: {}\n",
        "Configuration/Other.yaml": "'Acme.Site:Other': {}\n",
    })
    project = load_project(root, use_cache=False)
    assert project.kind == "package"
    assert project.package_names == ["Acme.Site"]
    assert relative_files(project) == [
        "NodeTypes/Alpha.yaml", "NodeTypes/Zeta.yaml", "NodeTypes/Alpha/Beta.yaml",
        "Configuration/NodeTypes.yaml", "Configuration/NodeTypes.Aa.yaml", "Configuration/NodeTypes.Zz.yaml",
    ]
    assert project.node_types["Acme.Site:T"].effective["ui"]["label"] == "zz"
    assert "Acme.Site:Other" not in project.node_types


def test_package_with_only_a_nodetypes_folder(make_project):
    project = load_project(make_project({"NodeTypes/Content/Text.yaml": "'Acme.Site:Text': {}\n"}), use_cache=False)
    assert project.kind == "package"
    assert [nt.name for nt in project.project_node_types()] == ["Acme.Site:Text"]


def test_package_key_from_composer_extra(make_project):
    root = make_project({
        "composer.json": json.dumps({"name": "acme/site", "type": "neos-site", "extra": {"neos": {"package-key": "Acme.Site"}}}),
        "Configuration/NodeTypes.yaml": "'Acme.Site:T': {}\n",
    }, root="acme-site-checkout")
    project = load_project(root, use_cache=False)
    assert project.package_names == ["Acme.Site"]
    assert project.node_types["Acme.Site:T"].package == "Acme.Site"


def test_folder_of_packages_with_dependencies_and_tests_skipped(make_project):
    root = make_project({
        "Vendor/Acme.Blog/composer.json": json.dumps({"name": "acme/blog", "type": "neos-package", "require": {"acme/base": "*"}}),
        "Vendor/Acme.Blog/Configuration/NodeTypes.yaml": "'Acme.Blog:Post': {superTypes: {'Acme.Base:Doc': true}}\n",
        "Acme.Base/composer.json": json.dumps({"name": "acme/base", "type": "neos-package"}),
        "Acme.Base/NodeTypes/Doc.yaml": "'Acme.Base:Doc': {ui: {label: Doc}}\n",
        "Acme.Alpha/Configuration/NodeTypes.yaml": "'Acme.Alpha:A': {}\n",
        "Tests/Fixtures/Fake.Package/Configuration/NodeTypes.yaml": "'Fake.Package:Broken': [\n",
        "node_modules/some.Package/Configuration/NodeTypes.yaml": "'Node.Modules:X': {}\n",
        "README.md": "not a package\n",
    }, root="workspace")
    project = load_project(root, use_cache=False)
    assert project.kind == "folder"
    assert project.package_names == ["Acme.Alpha", "Acme.Base", "Acme.Blog"]
    assert {nt.name for nt in project.project_node_types()} == {"Acme.Alpha:A", "Acme.Base:Doc", "Acme.Blog:Post"}
    assert project.node_types["Acme.Blog:Post"].effective["ui"]["label"] == "Doc"
    assert not project.diagnostics


def test_package_order_is_deterministic_and_dependency_cycles_terminate(make_project):
    root = make_project({
        "B.Pkg/composer.json": json.dumps({"name": "v/b", "require": {"v/a": "*"}}),
        "B.Pkg/Configuration/NodeTypes.yaml": "'B.Pkg:T': {}\n",
        "A.Pkg/composer.json": json.dumps({"name": "v/a", "require": {"v/b": "*"}}),
        "A.Pkg/Configuration/NodeTypes.yaml": "'A.Pkg:T': {}\n",
        "C.Pkg/composer.json": json.dumps({"name": "v/c", "extra": {"neos": {"loading-order": {"after": ["v/b"]}}}}),
        "C.Pkg/Configuration/NodeTypes.yaml": "'C.Pkg:T': {}\n",
    }, root="cyclic")
    orders = {tuple(pkg.name for pkg in discover(root).packages) for _ in range(3)}
    assert len(orders) == 1
    (order,) = orders
    assert sorted(order) == ["A.Pkg", "B.Pkg", "C.Pkg"]
    assert order.index("B.Pkg") < order.index("C.Pkg")


def test_broken_composer_json_is_a_warning_and_the_name_orders(make_project):
    root = make_project({"composer.json": "{ not json", "Configuration/NodeTypes.yaml": "'Acme.Site:T': {}\n"})
    project = load_project(root, use_cache=False)
    (finding,) = codes(project, "composer-json")
    assert finding.severity.value == "warning"
    assert finding.message.startswith("composer.json is not valid JSON")
    assert (Path(finding.file).name, finding.line, finding.column) == ("composer.json", 1, 3)
    assert "Acme.Site:T" in project.node_types


def test_a_single_file(make_project):
    root = make_project({
        "NodeTypes/Content/Text.yaml": "'Acme.Site:Text':\n  superTypes: {'Neos.Neos:Content': true}\n",
        "NodeTypes/Content/Other.yaml": "'Acme.Site:Other': {}\n",
    })
    project = load_project(root / "NodeTypes" / "Content" / "Text.yaml", use_cache=False)
    assert project.kind == "file"
    assert [f.path.name for f in project.files if not f.baseline] == ["Text.yaml"]
    assert project.package_names == ["Acme.Site"]
    assert [nt.name for nt in project.project_node_types()] == ["Acme.Site:Text"]
    assert project.node_types["Acme.Site:Text"].package == "Acme.Site"
    assert project.node_types["Acme.Site:Text"].is_of_type("Neos.Neos:Node")


def test_a_single_yml_file_is_read_with_a_finding(tmp_path):
    path = write_files(tmp_path, {"NodeTypes.yml": "'Acme.Site:Yml': {}\n"}) / "NodeTypes.yml"
    project = load_project(path, use_cache=False)
    (finding,) = codes(project, "file-yml-extension")
    assert finding.message == "NodeTypes.yml: NodeTypes files must end in .yaml; the CMS refuses .yml"
    assert "Acme.Site:Yml" in project.node_types


def test_distribution_without_packages_folder(tmp_path):
    root = tmp_path / "dist"
    shutil.copytree(DISTRIBUTION / "DistributionPackages", root / "DistributionPackages")
    write_files(root, {"Configuration/NodeTypes.yaml": "'Acme.Site:Document.Page': {ui: {label: Global}}\n"})
    project = load_project(root, use_cache=False)
    assert project.kind == "distribution"
    assert project.package_names == ["Acme.Site", "(global configuration)"]
    # Zeta.Mixins is not part of this folder: an unknown supertype from a foreign namespace is a warning
    (finding,) = codes(project, "supertype-unknown")
    assert finding.severity.value == "warning"
    assert "'Zeta.Mixins:Seo'" in finding.message


@pytest.mark.parametrize("name", ["Packages", "DistributionPackages"])
def test_empty_distribution_folders(tmp_path, name):
    (tmp_path / name).mkdir()
    project = load_project(tmp_path, use_cache=False)
    assert project.kind == "distribution"
    assert project.project_node_types() == []
    assert not project.diagnostics


def test_a_packages_settings_split_files_merge_with_each_other_first(make_project):
    # Flow's YamlSource merges Settings.yaml and Settings.*.yaml of one folder into one array, and the
    # SettingsLoader merges that array over the earlier packages' settings: `p: ~` in Settings.yaml and
    # `p: {type: boolean}` in Settings.Presets.yaml make `{type: boolean}` for the package, which merges
    # into Alpha.Base's preset and keeps its label
    preset = "Neos:\n  Neos:\n    nodeTypes:\n      presets:\n        properties:\n          p: {}\n"
    root = make_project({
        "Alpha.Base/Configuration/Settings.yaml": preset.replace("{}", "{ui: {label: From Alpha}}"),
        "Beta.Site/Configuration/Settings.yaml": preset.replace("{}", "~"),
        "Beta.Site/Configuration/Settings.Presets.yaml": preset.replace("{}", "{type: boolean}"),
        "Beta.Site/NodeTypes/T.yaml": "'Beta.Site:T':\n  superTypes: {'Neos.Neos:Content': true}\n"
                                      "  properties:\n    x: {options: {preset: p}}\n",
    }, root="packages")
    project = load_project(root, use_cache=False)
    assert project.platform_setting("nodeTypes", "presets", "properties", "p") == {
        "ui": {"label": "From Alpha"}, "type": "boolean"}
    x = project.node_types["Beta.Site:T"].effective["properties"]["x"]
    assert (x["type"], x["ui"]["label"]) == ("boolean", "From Alpha")


def test_a_loading_order_entry_that_is_not_a_composer_name_orders_nothing(make_project):
    # PackageOrderResolver::sortListBefore skips every entry without a slash (`php`, `ext-json`, and a
    # package key such as `Zed.Base`): Acme.Site does not load after Zed.Base, the two are independent
    root = make_project({
        "Acme.Site/composer.json": json.dumps({"name": "acme/site", "type": "neos-site",
                                               "require": {"php": ">=8.1", "Zed.Base": "*"},
                                               "extra": {"neos": {"loading-order": {"after": ["Zed.Base"]}}}}),
        "Acme.Site/Configuration/NodeTypes.yaml": "'Zed.Base:T': {ui: {label: Site}}\n",
        "Zed.Base/composer.json": json.dumps({"name": "zed/base", "type": "neos-package"}),
        "Zed.Base/Configuration/NodeTypes.yaml": "'Zed.Base:T': {ui: {label: Base}}\n",
    }, root="packages")
    project = load_project(root, use_cache=False)
    assert project.package_names == ["Acme.Site", "Zed.Base"]
    assert "load-order-ambiguous" in {d.code for d in project.diagnostics}
    (finding,) = codes(project, "composer-loading-order")
    assert finding.severity.value == "warning"
    assert finding.message == ("extra.neos.loading-order.after: 'Zed.Base' is not a composer package name "
                               "(vendor/name); Flow ignores it when it orders the packages")
    assert Path(finding.file).parent.name == "Acme.Site"


@pytest.mark.parametrize("composer_type", [None, "library", "project"])
def test_a_distribution_loads_no_configuration_of_a_package_that_is_not_a_flow_package(tmp_path, composer_type):
    # Flow makes a package of another composer type than `neos-*` / `typo3-flow-*` a GenericPackage
    # (PackageFactory, ComposerUtility::isFlowPackageType; composer's default type is `library`), and
    # the configuration loaders only see Flow packages (PackageManager::getFlowPackages)
    shutil.copytree(DISTRIBUTION, tmp_path / "dist")
    composer = tmp_path / "dist" / "Packages" / "Framework" / "Beta.Tools" / "composer.json"
    meta = {"name": "vendor/beta-tools"} | ({"type": composer_type} if composer_type else {})
    composer.write_text(json.dumps(meta), encoding="utf-8")
    write_files(tmp_path / "dist", {"Packages/Framework/Beta.Tools/Configuration/Settings.yaml": "Vendor: {x: 1}\n"})
    project = load_project(tmp_path / "dist", use_cache=False)
    assert "Beta.Tools" not in project.package_names
    assert not [f for f in project.files + project.settings_files if "Beta.Tools" in f.path.parts]
    (finding,) = codes(project, "package-not-flow")
    assert finding.severity.value == "warning"
    assert finding.message == (
        f"Beta.Tools: composer.json has the type {composer_type or 'library'!r}, which is not a Flow package "
        "type (neos-*); Flow loads none of the package's configuration, so its 2 NodeTypes and Settings "
        "files are ignored (set \"type\": \"neos-package\")")
    assert Path(finding.file) == composer
    assert "Acme.Site:Document.Page" in project.node_types


def test_symbolic_link_loops_in_a_folder_of_packages_are_read_once(make_project):
    root = make_project({
        "Acme.Site/Configuration/NodeTypes.yaml": "'Acme.Site:T': {}\n",
        "Acme.Site/NodeTypes/T.yml": "'Acme.Site:Yml': {}\n",
        "Vendor/Acme.Blog/Configuration/NodeTypes.yaml": "'Acme.Blog:Post': {}\n",
    }, root="workspace")
    for name in ("up", "here", "again"):  # (each link leads back into the folder being read)
        (root / name).symlink_to(root.parent, target_is_directory=True)
    (root / "Vendor" / "back").symlink_to(root, target_is_directory=True)
    (root / "Vendor" / "self").symlink_to(".", target_is_directory=True)
    (root / "Blog.Link").symlink_to(root / "Vendor" / "Acme.Blog", target_is_directory=True)  # (read by its own path)
    project = load_project(root, use_cache=False)
    assert project.package_names == ["Acme.Blog", "Acme.Site"]
    assert [f.path.relative_to(root).as_posix() for f in project.files if not f.baseline] == [
        "Vendor/Acme.Blog/Configuration/NodeTypes.yaml", "Acme.Site/Configuration/NodeTypes.yaml"]
    assert len(codes(project, "file-yml-extension")) == 1
    loops = codes(project, "folder-link-loop")
    assert sorted(Path(d.file).relative_to(root).as_posix() for d in loops) == [
        "Vendor/back", "Vendor/self", "again", "here", "up"]
    assert all(d.severity.value == "info" for d in loops)
    assert loops[0].message.endswith("links back to a folder that is being read; not followed")


def test_hidden_folders_below_the_nodetypes_folder_are_loaded(make_project):
    # NodeTypesLoader walks NodeTypes/ with a RecursiveDirectoryIterator, which skips only `.` and `..`:
    # a folder such as `.archive` is read like any other
    project = load_project(make_project({
        "NodeTypes/Page.yaml": "'Acme.Site:Page': {ui: {label: Page}}\n",
        "NodeTypes/.archive/Page.yaml": "'Acme.Site:Page': {ui: {label: Archived}}\n'Acme.Site:Old': {}\n",
    }), use_cache=False)
    assert relative_files(project) == ["NodeTypes/Page.yaml", "NodeTypes/.archive/Page.yaml"]
    assert "Acme.Site:Old" in project.node_types
    assert project.node_types["Acme.Site:Page"].effective["ui"]["label"] == "Archived"


def test_a_yml_file_next_to_its_yaml_twin_in_the_nodetypes_folder_stops_the_cms(make_project):
    # NodeTypesLoader skips a lone `.yml` file, but loading `Text.yaml` makes YamlSource look for
    # `Text.yml` as well and throw (exception 1516893322) when it exists
    project = load_project(make_project({
        "NodeTypes/Text.yaml": "'Acme.Site:Text': {}\n",
        "NodeTypes/Text.yml": "'Acme.Site:Text': {ui: {label: yml}}\n",
        "NodeTypes/Lone.yml": "'Acme.Site:Lone': {}\n",
    }), use_cache=False)
    found = {Path(d.file).name: d for d in codes(project, "file-yml-extension")}
    assert found["Text.yml"].message == (
        "Text.yml: next to Text.yaml, a .yml file makes the CMS stop with an error when it loads the node types "
        "(Flow exception 1516893322); rename or remove it")
    assert found["Lone.yml"].message == "Lone.yml: NodeTypes files must end in .yaml; the CMS ignores .yml here"
    assert all(d.severity.value == "error" for d in found.values())


def test_packages_in_the_legacy_inactive_folder_are_not_loaded(tmp_path):
    # PackageManager::scanAvailablePackages skips every package below Packages/Inactive
    shutil.copytree(DISTRIBUTION, tmp_path / "dist")
    write_files(tmp_path / "dist", {
        "Packages/Inactive/Old.Pkg/composer.json": json.dumps({"name": "old/pkg", "type": "neos-package"}),
        "Packages/Inactive/Old.Pkg/Configuration/NodeTypes.yaml": "'Acme.Site:Document.Page': {ui: {label: Old}}\n",
    })
    project = load_project(tmp_path / "dist", use_cache=False)
    assert "Old.Pkg" not in project.package_names
    assert project.node_types["Acme.Site:Document.Page"].effective["ui"]["label"] == "Page (Development)"
    (finding,) = codes(project, "packages-inactive")
    assert (finding.severity.value, Path(finding.file).name) == ("info", "Inactive")
    assert finding.message == "Packages/Inactive: Flow skips the packages of this legacy folder; none of them is loaded"


@pytest.mark.parametrize("key", ["Acme_Site", "AcmeSite", "Acme.Site!", ".Acme.Site"])
def test_an_invalid_package_key_in_composer_extra_is_ignored(make_project, key):
    # PackageManager::getPackageKeyFromManifest uses extra.neos.package-key only when it matches
    # PackageInterface::PATTERN_MATCH_PACKAGEKEY; otherwise the key comes from the folder name
    root = make_project({
        "composer.json": json.dumps({"name": "acme/site", "type": "neos-site", "extra": {"neos": {"package-key": key}}}),
        "Configuration/NodeTypes.yaml": "'Acme.Site:T': {}\n",
    })
    project = load_project(root, use_cache=False)
    assert project.package_names == ["Acme.Site"]
    assert project.node_types["Acme.Site:T"].package == "Acme.Site"
    (finding,) = codes(project, "composer-package-key")
    assert finding.severity.value == "warning"
    assert finding.message == (f"extra.neos.package-key: {key!r} is not a valid package key (such as Vendor.Package); "
                               "Flow ignores it")


def test_an_unreadable_folder_below_the_nodetypes_folder_is_a_finding(make_project, monkeypatch):
    # (the tests run as root, which chmod cannot lock out: listing the folder fails as it would)
    # The CMS's RecursiveDirectoryIterator throws when it cannot open a folder, so the node types do not load
    root = make_project({
        "NodeTypes/Page.yaml": "'Acme.Site:Page': {}\n",
        "NodeTypes/Locked/Secret.yaml": "'Acme.Site:Secret': {}\n",
    })
    real_scandir = os.scandir

    def scandir(path="."):
        if Path(path).name == "Locked":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    project = load_project(root, use_cache=False)
    assert relative_files(project) == ["NodeTypes/Page.yaml"]
    (finding,) = codes(project, "folder-unreadable")
    assert finding.severity.value == "error"
    assert Path(finding.file) == root / "NodeTypes" / "Locked"
    assert finding.message == ("Locked: cannot list this folder (Permission denied); the CMS stops with an error "
                               "when it loads the node types, and the studio leaves the folder out")


def test_only_settings_names_flow_reads_are_refused_as_yml(make_project):
    # YamlSource::detectFilesWithWrongExtension looks for `Settings.yml` and `Settings.*.yml` only
    project = load_project(make_project({
        "Configuration/NodeTypes.yaml": "'Acme.Site:T': {}\n",
        "Configuration/SettingsBackup.yml": "Neos: {}\n",
        "Configuration/Settings.Old.yml": "Neos: {}\n",
        "Configuration/Development/Settings.yml": "Neos: {}\n",
    }), use_cache=False)
    assert sorted(Path(d.file).relative_to(project.root).as_posix() for d in codes(project, "file-yml-extension")) == [
        "Configuration/Development/Settings.yml", "Configuration/Settings.Old.yml"]


def test_a_distribution_package_linked_into_packages_is_one_package(tmp_path):
    shutil.copytree(DISTRIBUTION, tmp_path / "dist")
    (tmp_path / "dist" / "Packages" / "Sites").mkdir()
    (tmp_path / "dist" / "Packages" / "Sites" / "Acme.Site").symlink_to(
        tmp_path / "dist" / "DistributionPackages" / "Acme.Site", target_is_directory=True)
    project = load_project(tmp_path / "dist", use_cache=False)
    assert project.package_names.count("Acme.Site") == 1
    assert not codes(project, "composer-name")


def test_flow_cannot_scan_packages_without_or_with_the_same_composer_name(tmp_path):
    # PackageManager::scanAvailablePackages throws for a composer.json without "name" (1445933572) and
    # for a composer name found twice (1493030262)
    shutil.copytree(DISTRIBUTION, tmp_path / "dist")
    write_files(tmp_path / "dist", {
        "Packages/Application/No.Name/composer.json": json.dumps({"type": "neos-package"}),
        "Packages/Application/Copy.Base/composer.json": json.dumps({"name": "vendor/alpha-base", "type": "neos-package"}),
    })
    project = load_project(tmp_path / "dist", use_cache=False)
    found = sorted((Path(d.file).parent.name, d.severity.value, d.message) for d in codes(project, "composer-name"))
    assert found == [
        ("Copy.Base", "error", "the composer name 'vendor/alpha-base' is also the name of Packages/Application/"
                               "Alpha.Base; Flow stops when it scans the packages (exception 1493030262)"),
        ("No.Name", "error", "composer.json has no \"name\"; Flow stops when it scans the packages "
                             "(exception 1445933572)"),
    ]


def test_a_dangling_link_in_the_nodetypes_folder_is_skipped_as_the_cms_does(make_project):
    # NodeTypesLoader keeps only entries for which SplFileInfo::isFile() is true: a link to nothing is not one
    root = make_project({"NodeTypes/Page.yaml": "'Acme.Site:Page': {}\n"})
    (root / "NodeTypes" / "Gone.yaml").symlink_to(root / "NodeTypes" / "Missing.yaml")
    project = load_project(root, use_cache=False)
    assert relative_files(project) == ["NodeTypes/Page.yaml"]
    assert not [d for d in project.diagnostics if d.severity.value == "error"], [d.format_text() for d in project.diagnostics]
    (finding,) = codes(project, "file-link-broken")
    assert (finding.severity.value, Path(finding.file).name) == ("info", "Gone.yaml")
    assert finding.message == "Gone.yaml: this symbolic link leads to no file; the CMS skips it"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_the_nodetypes_folder_is_skipped_not_read(make_project):
    # a pipe is no regular file for the CMS (isFile() is false); reading it would wait for a writer forever
    root = make_project({"NodeTypes/Page.yaml": "'Acme.Site:Page': {}\n"})
    os.mkfifo(root / "NodeTypes" / "Pipe.yaml")
    project = load_project(root, use_cache=False)
    assert relative_files(project) == ["NodeTypes/Page.yaml"]
    (finding,) = codes(project, "file-link-broken")
    assert finding.message == "Pipe.yaml: this is no regular file; the CMS skips it"


def test_split_files_below_a_path_with_glob_brackets_are_not_loaded(tmp_path):
    # YamlSource finds split files with glob('<folder>/NodeTypes.*.yaml'): brackets in the folder's path
    # are a character class there, so `Acme.Site [old]` matches no folder and no split file loads;
    # NodeTypes.yaml and Settings.yaml themselves are read by name (is_file)
    root = write_files(tmp_path / "Acme.Site [old]", {
        "Configuration/NodeTypes.yaml": "'Acme.Site:T': {ui: {label: main}}\n",
        "Configuration/NodeTypes.Extra.yaml": "'Acme.Site:T': {ui: {label: split}}\n",
        "Configuration/Settings.yaml": "Acme: {a: 1}\n",
        "Configuration/Settings.More.yaml": "Acme: {b: 2}\n",
    })
    project = load_project(root, use_cache=False)
    assert relative_files(project) == ["Configuration/NodeTypes.yaml"]
    assert project.node_types["Acme.Site:T"].effective["ui"]["label"] == "main"
    assert project.settings["Acme"] == {"a": 1}
    found = {Path(d.file).name: d for d in codes(project, "file-glob-path")}
    assert set(found) == {"NodeTypes.Extra.yaml", "Settings.More.yaml"}
    assert found["NodeTypes.Extra.yaml"].severity.value == "warning"
    assert found["NodeTypes.Extra.yaml"].message == (
        "NodeTypes.Extra.yaml: Flow looks for split files with glob(), which reads the [ ] * ? in this folder's "
        "path as a pattern and does not find this file: the CMS does not load it (rename the folder)")


def test_files_of_one_nodetypes_folder_setting_one_key_differently_are_reported(make_project):
    # NodeTypesLoader merges the files below NodeTypes/ in the order the directory iterator lists them
    # (facts 5.1: not sorted), so of two files that set one key differently either may win
    project = load_project(make_project({
        "NodeTypes/Content/Teaser.yaml": "'Acme.Site:Teaser':\n  ui: {label: Teaser, icon: star}\n",
        "NodeTypes/Override/Teaser.yaml": "'Acme.Site:Teaser':\n  ui: {label: Promo, icon: star}\n",
        # (the package's Configuration files always load after its NodeTypes folder: no finding)
        "Configuration/NodeTypes.yaml": "'Acme.Site:Teaser':\n  ui: {help: {message: Later}}\n",
    }), use_cache=False)
    (finding,) = codes(project, "load-order-ambiguous")
    assert finding.severity.value == "warning"
    assert finding.node_type == "Acme.Site:Teaser"
    assert (Path(finding.file).parent.name, finding.line) == ("Content", 2)
    assert finding.message == (
        "Acme.Site:Teaser: ui.label: NodeTypes/Content/Teaser.yaml sets it to 'Teaser' and "
        "NodeTypes/Override/Teaser.yaml sets it to 'Promo'; the CMS reads the files of Acme.Site's NodeTypes "
        "folder in the order the file system lists them, so which one wins depends on the file system "
        "(set it in one file)")
