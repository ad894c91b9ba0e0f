"""The platform baselines of 8.3 and 9.x against the platform facts (issue 16, point 2).

Every platform type is printed with ``show --json`` in-process, as a user runs it, and compared with
the hand-written table in ``platform_facts.py`` (shared/reference/platform-nodetypes.md, cited as
"facts §N"). The table is the configuration after merging and inheritance; what the CMS's build
and postprocessing steps add on top (icon mapping, default editors and data-type blocks, the promoted
creation dialog, 9.x's ``references`` section, dropping ``abstract: true``) is checked in
``test_platform_postprocessing.py`` and taken out of this comparison by ``platformkit.comparable``,
one named rule each, so this file checks exactly the parts that do not depend on it.
"""

from __future__ import annotations

import json

import pytest
from platform_facts import EDITOR_DEFAULTS, ENGLISH, EXPECTED, NODE_TYPE_GROUPS, PROPERTY_ORDER, VERSIONS, data_types
from platformkit import comparable, differences, map_icons, platform_project, run, run_show

from nodetype_studio.model import load_project
from nodetype_studio.model.baseline import load_baseline, versions
from nodetype_studio.model.version import CmsVersion
from nodetype_studio.preview.i18n import Translator
from nodetype_studio.preview.inspector import InspectorSource, package_folders, project_translator

CASES = [(version, name) for version in VERSIONS for name in EXPECTED[version]]


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """``shown(version, name)``: the parsed ``show --json`` of a platform type in an empty project of that version."""
    cache: dict = {}

    def show(version: str, name: str) -> dict:
        key = (version, name)
        if key not in cache:
            root = platform_project(tmp_path_factory.mktemp(f"v{version}"), version)
            cache[key] = run_show(root, name)
        return cache[key]

    return show


def test_inventory_counts_match_the_facts():
    """Facts §2: 39 types (21 abstract) in 8.3, 40 (22 abstract) in 9.x with Neos.TimeableNodeVisibility."""
    assert (len(EXPECTED["8.3"]), sum(e["abstract"] for e in EXPECTED["8.3"].values())) == (39, 21)
    assert (len(EXPECTED["9"]), sum(e["abstract"] for e in EXPECTED["9"].values())) == (40, 22)


@pytest.mark.parametrize("version", VERSIONS)
def test_list_offers_exactly_the_platform_types_of_the_version(tmp_path, version):
    code, out = run("list", str(platform_project(tmp_path, version)), "--json", "--all")
    assert code == 0
    assert {entry["name"] for entry in json.loads(out)["nodeTypes"]} == set(EXPECTED[version])


@pytest.mark.parametrize(("version", "name"), CASES, ids=[f"{v}-{n}" for v, n in CASES])
def test_show_of_a_platform_type_matches_the_facts(shown, version, name):
    expected = EXPECTED[version][name]
    data = shown(version, name)
    assert data["abstract"] == expected["abstract"]
    assert data["supertypes"] == expected["supertypes"]
    config = data["configuration"]
    assert differences(comparable(config, expected["configuration"], version), map_icons(expected["configuration"])) == []
    order = PROPERTY_ORDER[version].get(name)
    if order is not None:  # facts §4.1: resolved property order (9.x references are listed apart)
        properties = config.get("properties") or {}
        assert [p for p, c in properties.items() if c.get("type") not in ("reference", "references") or version == "8.3"] == order


@pytest.mark.parametrize(("version", "name"), CASES, ids=[f"{v}-{n}" for v, n in CASES])
def test_every_editor_shown_is_the_one_the_cms_resolves(shown, version, name):
    """An editor in the printed configuration is the declared one, else the data type's (neos-facts §1.3)."""
    editors = {t: block["editor"] for t, block in data_types(version).items()}
    expected_props = EXPECTED[version][name]["configuration"].get("properties") or {}
    for prop, config in (shown(version, name)["configuration"].get("properties") or {}).items():
        inspector = (config.get("ui") or {}).get("inspector") or {}
        if "editor" not in inspector:
            continue
        declared = ((expected_props[prop].get("ui") or {}).get("inspector") or {}).get("editor")
        assert inspector["editor"] == (declared or editors[expected_props[prop].get("type", "string")]), prop


# --- a type of one version is not offered in the other (issue 16, point 6) ----------------------------------
ONLY = {"8.3": ["unstructured", "Neos.Neos:Timable", "Neos.Neos:PluginView"],
        "9": ["Neos.ContentRepository:Root", "Neos.Neos:Site", "Neos.Neos:Sites", "Neos.TimeableNodeVisibility:Timeable"]}


@pytest.mark.parametrize(("version", "other"), [("8.3", "9"), ("9", "8.3")])
def test_a_type_of_the_other_version_is_not_offered(tmp_path, version, other):
    root = platform_project(tmp_path, version)
    for name in ONLY[other]:
        code, out = run("show", str(root), name, "--json")
        assert code == 1 and out == "", name


def test_a_site_type_of_an_8_3_project_cannot_build_on_neos_site(tmp_path):
    """9.x's Neos.Neos:Site does not exist in 8.3: a homepage inheriting it has an unknown supertype."""
    root = platform_project(tmp_path, "8.3")
    (root / "NodeTypes").mkdir()
    (root / "NodeTypes" / "Home.yaml").write_text(
        "'Acme.Site:Home':\n  superTypes:\n    'Neos.Neos:Site': true\n    'Neos.NodeTypes:Page': true\n", encoding="utf-8")
    project = load_project(root, use_cache=False)
    assert project.cms_version.version.value == "8.3"
    assert [d.message for d in project.diagnostics if d.code == "supertype-unknown"] == [
        "Acme.Site:Home: supertype 'Neos.Neos:Site' is not defined"]
    home = project.node_types["Acme.Site:Home"]
    assert home.ancestors[-1] == "Neos.NodeTypes:Page" and "Neos.Neos:Site" not in home.ancestors
    assert "_hiddenInIndex" in home.effective["properties"] and "hiddenInMenu" not in home.effective["properties"]


def test_the_same_folder_gets_the_baseline_of_the_chosen_version(tmp_path):
    root = platform_project(tmp_path, "9")
    assert set(load_project(root, use_cache=False).node_types) == set(EXPECTED["9"])
    assert set(load_project(root, use_cache=False, cms_version="8.3").node_types) == set(EXPECTED["8.3"])


# --- labels: the CMS's translation ids, English texts for the preview (facts §3, §5.2, §5.3) -----------------
def ids_in(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(ids_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(ids_in(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) and value in ENGLISH else set()


@pytest.mark.parametrize("version", VERSIONS)
def test_every_label_id_reads_as_its_english_text(tmp_path, version):
    project = load_project(platform_project(tmp_path, version), use_cache=False)
    # (with the platform's autoInclude settings: the UI only gets the sources they list)
    translator = project_translator(project)
    used = set().union(*(ids_in(e["configuration"]) for e in EXPECTED[version].values()),
                       ids_in(EDITOR_DEFAULTS), ids_in(NODE_TYPE_GROUPS))
    assert len(used) > 90
    texts = {i: translator.lookup(i) for i in sorted(used)}
    assert texts == {i: ENGLISH[i] for i in sorted(used)}
    # the CMS has no text for this id and shows the id itself (facts §3.2 Plugin, §8)
    assert translator.text("Neos.Neos:NodeTypes.Plugin:groups.pluginSettings") == "Neos.Neos:NodeTypes.Plugin:groups.pluginSettings"


def test_the_inspector_preview_shows_english_group_and_property_labels(tmp_path):
    project = load_project(platform_project(tmp_path, "9"), use_cache=False)
    layout = InspectorSource.from_model(project.node_types["Neos.NodeTypes:Page"], project)
    translator = layout.translator
    groups = layout.config["ui"]["inspector"]["groups"]
    assert translator.text(groups["document"]["label"]) == "Title"
    assert translator.text(groups["visibility"]["label"]) == "Visibility"
    properties = layout.config["properties"]
    assert translator.text(properties["hiddenInMenu"]["ui"]["label"]) == "Hide in menus"
    assert translator.text(properties["enableAfterDateTime"]["ui"]["label"]) == "Show after"


def test_the_cms_spelling_gets_the_baseline_and_its_texts_too(tmp_path):
    root = platform_project(tmp_path, "8.3")
    (root / "NodeTypes").mkdir()
    (root / "NodeTypes" / "Page.yaml").write_text(
        "'Acme.Site:Page':\n  superTypes:\n    'Cms.Cms:Document': true\n", encoding="utf-8")
    project = load_project(root, use_cache=False)
    assert project.platform.prefix == "Cms"
    assert not [n for n in project.node_types if n.startswith("Neos.Neos:")]
    page = project.node_types["Acme.Site:Page"]
    assert page.ancestors == ["Cms.Cms:Node", "Cms.Cms:Hidable", "Cms.Cms:Timable", "Cms.Cms:Document"]
    title = page.effective["properties"]["title"]
    assert title["ui"]["label"] == "Cms.Cms:NodeTypes.Document:properties.title"
    assert list(title["validation"]) == ["Cms.Cms/Validation/NotEmptyValidator", "Cms.Cms/Validation/StringLengthValidator"]
    assert Translator(package_folders(project)).text(title["ui"]["label"]) == "Title"


# --- the platform settings (facts §5.1-§5.4) --------------------------------------------------------------------
@pytest.mark.parametrize("version", VERSIONS)
def test_platform_settings_are_the_cms_ones(tmp_path, version):
    project = load_project(platform_project(tmp_path, version), use_cache=False)
    assert project.platform_setting("userInterface", "inspector", "dataTypes") == data_types(version)
    assert project.platform_setting("userInterface", "inspector", "editors") == EDITOR_DEFAULTS
    groups = project.platform_setting("nodeTypes", "groups")
    assert groups == NODE_TYPE_GROUPS and list(groups) == ["general", "structure", "plugins"]
    # not set at all (8.3 and 9.0 Neos.Neos/Configuration/Settings.yaml: `nodeTypes` has `groups` only)
    assert project.platform_setting("nodeTypes", "presets") is None
    assert project.platform_setting("Ui", "nodeTypeRoles") == {
        "ignored": "unstructured", "document": "Neos.Neos:Document", "content": "Neos.Neos:Content",
        "contentCollection": "Neos.Neos:ContentCollection"}
    fallback = project.settings["Neos"].get("ContentRepository", {}).get("fallbackNodeType")
    assert fallback == ("Neos.Neos:FallbackNode" if version == "8.3" else None)
    redirect = project.platform_setting("frontend", "shortcutRedirectHttpStatusCode")
    assert redirect == (None if version == "8.3" else 303)


# --- the baseline files themselves ------------------------------------------------------------------------------
def test_the_shipped_baselines_are_the_versions_the_studio_knows():
    assert versions() == sorted(v.value for v in CmsVersion) == sorted(VERSIONS)


@pytest.mark.parametrize("prefix", ["Neos", "Cms"])
@pytest.mark.parametrize("version", VERSIONS)
def test_every_baseline_file_reads_cleanly_in_both_spellings(version, prefix):
    baseline = load_baseline(version, prefix)
    assert baseline.diagnostics == ()
    assert all(isinstance(f.data, dict) and f.baseline for f in baseline.nodetype_files + baseline.settings_files)
    names = {name for f in baseline.nodetype_files for name in f.data}
    spelled = {name.replace("Neos.Neos:", f"{prefix}.{prefix}:") for name in EXPECTED[version]}
    assert names == spelled
    # every settings file is read once, in the package order of baseline.yaml
    paths = [f.path for f in baseline.settings_files]
    assert len(paths) == len(set(paths))
    assert [f.package for f in baseline.settings_files][:2] == ["Neos.Neos", "Neos.Neos.Ui"]


# --- 9.x without the optional Neos.TimeableNodeVisibility (facts §1, §2) ----------------------------------------
TIMEABLE = "Neos.TimeableNodeVisibility:Timeable"


def lock(root, *names):
    packages = [{"name": "neos/neos", "version": "9.0.1"}] + [{"name": n, "version": "9.0.1"} for n in names]
    (root / "composer.lock").write_text(json.dumps({"packages": packages}), encoding="utf-8")


def test_without_the_visibility_package_in_composer_lock_9x_has_no_timed_properties(tmp_path):
    root = platform_project(tmp_path, "9")
    lock(tmp_path, "neos/neos-ui", "neos/nodetypes")
    project = load_project(root, use_cache=False)
    assert project.cms_version.source == "composer.lock"
    # facts §2: 39 types, 21 abstract; §1: drop the mixin from every inheritance order and its two properties
    assert set(project.node_types) == set(EXPECTED["9"]) - {TIMEABLE}
    assert sum(nt.abstract for nt in project.node_types.values()) == 21
    for name, nt in project.node_types.items():
        assert nt.ancestors == [a for a in EXPECTED["9"][name]["supertypes"] if a != TIMEABLE], name
        # 9.x moves reference(s) properties into `references` (facts §6.4)
        expected = [p for p in EXPECTED["9"][name]["configuration"].get("properties", {})
                    if p not in ("enableAfterDateTime", "disableAfterDateTime") and p not in nt._moved_references]
        assert list(nt.effective.get("properties", {})) == expected, name
    assert project.node_types["Neos.Neos:Content"].declared_supertypes == ["Neos.Neos:Node", "Neos.Neos:Hidable"]


def test_with_the_visibility_package_in_composer_lock_9x_keeps_it(tmp_path):
    root = platform_project(tmp_path, "9")
    lock(tmp_path, "neos/timeable-node-visibility")
    project = load_project(root, use_cache=False)
    assert set(project.node_types) == set(EXPECTED["9"])
    assert "enableAfterDateTime" in project.node_types["Neos.NodeTypes:Text"].effective["properties"]


def test_an_unreadable_lock_file_keeps_the_whole_baseline(tmp_path):
    root = platform_project(tmp_path, "9")
    (tmp_path / "composer.lock").write_text("{not json", encoding="utf-8")
    assert set(load_project(root, use_cache=False).node_types) == set(EXPECTED["9"])


def test_a_package_that_overrides_platform_types_keeps_the_platform_texts(tmp_path):
    """A site package that overrides `Neos.Neos:Document` and `Neos.NodeTypes:Page` (as most sites do) does
    not own their translation ids: the preview still reads the platform's English texts, and the site's
    own types still find the site package's translations through their namespace."""
    root = tmp_path / "Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "composer.json").write_text('{"name": "acme/site", "type": "neos-site", "extra": {"neos": {"package-key": "Acme.Site"}}}',
                                        encoding="utf-8")
    (root / "Configuration" / "NodeTypes.yaml").write_text(
        "'Neos.Neos:Document':\n  properties:\n    title:\n      ui:\n        inspector:\n          position: 5\n"
        "'Neos.NodeTypes:Page':\n  ui:\n    icon: icon-file\n"
        "'Acme.Site:Page':\n  superTypes:\n    'Neos.NodeTypes:Page': true\n  ui:\n    label: i18n\n",
        encoding="utf-8")
    (root / "Configuration" / "Settings.yaml").write_text(  # (the UI only gets the sources listed there)
        "Neos:\n  Neos:\n    userInterface:\n      translation:\n        autoInclude:\n          Acme.Site: ['NodeTypes/*']\n",
        encoding="utf-8")
    xliff = root / "Resources/Private/Translations/en/NodeTypes"
    xliff.mkdir(parents=True)
    (xliff / "Page.xlf").write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file><body>'
        '<trans-unit id="ui.label"><source>Site page</source></trans-unit></body></file></xliff>', encoding="utf-8")
    project = load_project(root, use_cache=False, cms_version="9")
    layout = InspectorSource.from_model(project.node_types["Acme.Site:Page"], project)
    translator = layout.translator
    assert translator.text(layout.config["properties"]["title"]["ui"]["label"]) == "Title"
    assert translator.text(layout.config["ui"]["inspector"]["groups"]["document"]["label"]) == "Title"
    assert translator.text(layout.config["ui"]["inspector"]["tabs"]["default"]["label"]) == "General"
    assert translator.text("Acme.Site:NodeTypes.Page:ui.label") == "Site page"
