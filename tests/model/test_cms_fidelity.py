"""The CMS's own picture of a project, rule by rule (issue 16), on fixtures of our own under
``tests/fixtures/fidelity/``. Each test names where the expected result comes from: a section of
the facts files (``neos-facts §N`` / ``platform facts §N``) or a CMS source path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project
from nodetype_studio.model.iconnames import map_icon_name
from nodetype_studio.model.yamlload import load_yaml_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "fidelity"
IMAGE = "Neos\\Media\\Domain\\Model\\ImageInterface"


def _open(name: str, **kwargs):
    return load_project(FIXTURES / name, use_cache=False, **kwargs)


# --- 3. real platform packages win completely ---------------------------------------------------------

def test_real_platform_package_is_the_whole_platform():
    project = _open("platform")
    assert not project.uses_baseline
    # nothing of the baseline's Neos.Neos: its NodeTypes and Settings are the folder's own
    baseline = [f for f in project.files + project.settings_files if f.baseline]
    assert baseline and not [f for f in baseline if f.package == "Neos.Neos"]
    assert project.node_types["Neos.ContentRepository:Root"].effective == {"references": {}}
    # e.g. the baseline's Neos.Neos:Node tabs (`meta`) are not merged under the folder's Node
    assert set(project.node_types["Neos.Neos:Node"].effective["ui"]["inspector"]) == {"tabs", "groups"}
    assert set(project.node_types["Neos.Neos:Node"].effective["ui"]["inspector"]["tabs"]) == {"default"}


def test_deleting_a_data_type_from_the_real_settings_gives_the_cms_error(tmp_path):
    # DefaultPropertyEditorPostprocessor throws "Could not find editor" (1436809123) when the data
    # type has no editor (neos-facts §1.2); the baseline must not hide that
    root = tmp_path / "platform"
    shutil.copytree(FIXTURES / "platform", root)
    settings = root / "Neos.Neos" / "Configuration" / "Settings.yaml"
    text = settings.read_text()
    start = text.index("          DateTime:")
    end = text.index("          'Neos\\Media")
    settings.write_text(text[:start] + text[end:])
    project = load_project(root, use_cache=False)
    published = project.node_types["Acme.Site:Image"].effective["properties"]["published"]
    assert "editor" not in published["ui"]["inspector"]
    findings = [d for d in run_checks(project) if d.code == "property-no-default-editor"]
    assert [(d.property_name, Path(d.file).name) for d in findings] == [("published", "Image.yaml")]
    assert "Could not find editor" in findings[0].message


# --- 4. post-processing as the CMS ----------------------------------------------------------------------

def test_a_mixin_outside_node_is_not_postprocessed_but_previewed():
    # platform facts §1: only types inheriting Neos.Neos:Node are post-processed
    mixin = _open("platform").node_types["Acme.Site:ImageMixin"]
    image = mixin.effective["properties"]["image"]
    assert image["ui"]["inspector"] == {"group": "default", "position": 10}
    assert mixin.effective["ui"]["icon"] == "icon-picture"
    assert "creationDialog" not in mixin.effective["ui"]
    # the preview adds the editor the CMS lacks here, and says so
    assert mixin.preview["properties"]["image"]["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/ImageEditor"
    assert mixin.preview_additions == {"image"}


def test_whole_data_type_block_is_merged_into_the_inspector():
    # neos-facts §1.3: merge(editors[editor], dataTypes[type], own ui.inspector), editor set last
    image = _open("platform").node_types["Acme.Site:Image"]
    published = image.effective["properties"]["published"]["ui"]["inspector"]
    assert published == {
        "editorOptions": {"placeholder": "Neos.Neos:Main:content.inspector.editors.dateTimeEditor.noDateSet",
                          "format": "d-m-Y"},
        "editor": "Neos.Neos/Inspector/Editors/DateTimeEditor",
        "typeConverter": "Neos\\Neos\\Service\\Mapping\\DateStringConverter",
        "group": "default",
    }
    assert image.postprocessors == ["presets", "creationDialog", "iconNames", "defaultEditors"]


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_creation_dialog_promotes_the_property_with_editor_defaults(version):
    # neos-facts §5.9; CreationDialogPostprocessor (8.3) / CreationDialogNodeTypePostprocessor (9.x):
    # {type, ui: {label, editor, editorOptions}, position}, then editor defaults merged into `ui`
    image = _open("platform", cms_version=version).node_types["Acme.Site:Image"]
    element = image.effective["ui"]["creationDialog"]["elements"]["image"]
    assert element["type"] == IMAGE and element["position"] == 10
    assert element["ui"]["label"] == "Image"
    assert element["ui"]["editor"] == "Neos.Neos/Inspector/Editors/ImageEditor"
    assert element["ui"]["editorOptions"] == {"fileUploadLabel": "Neos.Neos:Main:choose", "features": {"crop": True}}
    assert element["ui"]["typeConverter"] == "Neos\\Media\\TypeConverter\\ImageInterfaceArrayPresenter"


def test_icon_names_are_mapped_in_postprocessed_types():
    # platform facts §6.6 (IconNameMappingService)
    image = _open("platform").node_types["Acme.Site:Image"]
    assert image.effective["ui"]["icon"] == "far fa-image"
    assert image.effective["ui"]["inspector"]["groups"]["default"]["icon"] == "fas fa-pencil-alt"
    assert image.provenance(("ui", "icon")).layer == "icon name post-processor"


@pytest.mark.parametrize(("name", "v83", "v9"), [
    ("icon-file", "fas fa-file", "fas fa-file"),
    ("icon-folder-open-alt", "far fa-folder-open", "far fa-folder-open"),
    ("icon-remove-sign", "fas fa-remove-sign", "fas fa-remove-sign"),
    ("icon-files-o", "far fa-copy", "far fa-copy"),
    ("icon-github", "fas fa-github", "fab fa-github"),
    ("fas fa-check", "fas fa-check", "fas fa-check"),
    ("resource://Acme.Site/Public/x.svg", "resource://Acme.Site/Public/x.svg", "resource://Acme.Site/Public/x.svg"),
])
def test_icon_name_mapping_table(name, v83, v9):
    # platform facts §6.6; the brand look-up is the one code change between the versions
    assert map_icon_name(name, brands=False) == v83
    assert map_icon_name(name, brands=True) == v9


# --- 5. merge and YAML details ----------------------------------------------------------------------------

def test_merge_key_order_is_symfonys():
    # Symfony YAML Parser::doParse: `$data += $refValue` at the `<<`, later keys overwrite in place
    values = load_yaml_file(FIXTURES / "yaml" / "merge-keys.yaml").data["values"]
    assert list(values) == ["white", "red", "green", "blue", "black"]
    assert values["green"] == {"label": "Lime"}


def test_keys_and_scalars_as_symfony_reads_them():
    # Symfony YAML 6+ Inline::evaluateScalar: `1_000` is 1000, `012` is not an integer (a string), hex is read
    loaded = load_yaml_file(FIXTURES / "yaml" / "keys.yaml")
    assert loaded.diagnostics == []
    assert list(loaded.data["values"]) == ["1000", "012", "26", "1.5"]
    assert loaded.data["plain"] == {"zero": "012", "negative": "-007", "number": 1000}


@pytest.mark.parametrize(("name", "line"), [("key-true.yaml", 2), ("key-null.yaml", 2), ("key-float.yaml", 2)])
def test_keys_the_cms_refuses_refuse_the_whole_file(name, line):
    # Symfony YAML Parser: "Non-string keys are not supported" / "Numeric keys are not supported"
    loaded = load_yaml_file(FIXTURES / "yaml" / name)
    assert loaded.data is None and not loaded.ok
    (finding,) = loaded.diagnostics
    assert finding.code == "yaml-key-type" and finding.line == line
    assert "refuses the whole file" in finding.message and "quote the key" in finding.message


def test_settings_yaml_loads_before_its_split_files():
    # Flow YamlSource: Settings.yaml, then Settings.*.yaml
    project = _open("groups")
    names = [f.path.name for f in project.settings_files if not f.baseline]
    assert names == ["Settings.yaml", "Settings.Acme.yaml"]
    assert project.settings["Vendor"]["Site"]["colour"] == "from Settings.Acme.yaml"


def test_a_packages_files_merge_as_one_group():
    # NodeTypesLoader (neos-facts §5.1): a package's files are merged first, then over earlier packages;
    # the group is {subtitle} (the reset is overwritten inside the group), so Vendor.Base's keys stay
    box = _open("groups").node_types["Vendor.Base:Box"]
    assert box.effective["ui"] == {"label": "Box"}
    assert list(box.effective["properties"]) == ["title", "subtitle"]


def test_each_file_of_a_nodetypes_folder_is_merged_on_its_own(tmp_path):
    # NodeTypesLoader (Neos.ContentRepositoryRegistry/Classes/Configuration/NodeTypesLoader.php, 9.0; 8.3
    # the same): every file below a package's NodeTypes/ is merged into what was loaded before, one by
    # one; only Configuration/NodeTypes.yaml and its NodeTypes.*.yaml split files are merged as a group.
    # So a reset in the folder drops Vendor.Base's keys before Configuration/NodeTypes.yaml redefines Box.
    root = tmp_path / "folder"
    shutil.copytree(FIXTURES / "groups", root)
    site = root / "Vendor.Site"
    (site / "Configuration" / "NodeTypes.Override.yaml").unlink()
    (site / "NodeTypes").mkdir()
    (site / "NodeTypes" / "Reset.yaml").write_text("'Vendor.Base:Box': ~\n")
    (site / "Configuration" / "NodeTypes.yaml").write_text(
        "'Vendor.Base:Box':\n  properties:\n    subtitle:\n      type: string\n")
    box = load_project(root, use_cache=False).node_types["Vendor.Base:Box"]
    assert "label" not in box.effective.get("ui", {})
    assert list(box.effective["properties"]) == ["subtitle"]


def test_abstract_false_of_a_supertype_stays():
    # NodeType constructor: only `abstract: true` is taken out of the local configuration
    project = _open("resolution")
    assert project.node_types["Acme.Res:Sub"].effective["abstract"] is False
    assert not project.node_types["Acme.Res:Sub"].abstract


@pytest.mark.parametrize(("version", "severity"), [("8.3", "warning"), ("9", "error")])
def test_old_list_supertypes_collide_on_integer_keys(version, severity):
    # NodeTypeManager::evaluateSuperTypeConfiguration (the value names the type) and
    # NodeType::getFlattenedSuperTypes (`+=` then `[$key] =`): Chain's key 0 replaces ListBase's key 0
    project = _open("resolution", cms_version=version)
    chain = project.node_types["Acme.Res:Chain"]
    assert chain.ancestors == ["Acme.Res:ListBase", "Acme.Res:MixinB"]
    assert "a" not in chain.effective["properties"] and "b" in chain.effective["properties"]
    assert chain.is_of_type("Acme.Res:MixinA")  # isOfType still follows the declared supertypes
    findings = [d for d in project.diagnostics if d.code == "supertypes-list" and d.node_type == "Acme.Res:Chain"]
    assert [d.severity.value for d in findings] == [severity]


@pytest.mark.parametrize(("version", "translated"), [("8.3", False), ("9", True)])
def test_i18n_editor_lookup_depth(version, translated):
    # platform facts §6.1: 8.3 looks for the editor on the declared supertypes only, 9.x recursively
    child = _open("resolution", cms_version=version).node_types["Acme.Res:Child"]
    placeholder = child.local["properties"]["kind"]["ui"]["inspector"]["editorOptions"]["placeholder"]
    expected = "Acme.Res:NodeTypes.Child:properties.kind.selectBoxEditor.placeholder" if translated else "i18n"
    assert placeholder == expected


# --- 6. load order ambiguity ------------------------------------------------------------------------------

def test_independent_packages_setting_one_key_differently_are_reported():
    project = _open("ambiguous")
    findings = [d for d in project.diagnostics if d.code == "load-order-ambiguous"]
    assert sorted(d.message.split(" sets it")[0] for d in findings) == [
        "Vendor.One:Columns: properties.layout.defaultValue: Vendor.One",
        "Vendor.One:Columns: ui.icon: Vendor.One",
    ]
    assert all(d.severity.value == "warning" and d.node_type == "Vendor.One:Columns" for d in findings)
    icon = next(d.message for d in findings if "ui.icon" in d.message)
    assert "Vendor.One sets it to 'icon-columns' and Vendor.Two sets it to ~" in icon
    assert "neither package depends on the other" in icon


def test_a_dependency_removes_the_ambiguity(tmp_path):
    root = tmp_path / "ambiguous"
    shutil.copytree(FIXTURES / "ambiguous", root)
    (root / "Vendor.Two" / "composer.json").write_text(
        '{"name": "vendor/two", "type": "neos-site", "require": {"vendor/one": "*"}}')
    project = load_project(root, use_cache=False)
    assert not [d for d in project.diagnostics if d.code == "load-order-ambiguous"]


# --- 7. checks never go silent on an unknown supertype ------------------------------------------------------

def test_a_missing_supertype_does_not_silence_the_checks():
    findings = {d.code: d for d in run_checks(_open("unknown-supertype")) if d.node_type == "Acme.Partial:Teaser"}
    assert set(findings) >= {"inspector-group-undefined", "option-required", "editor-type-mismatch",
                             "property-hidden-required"}
    # what the missing type could still define is said; what the type writes itself is not qualified
    assert findings["inspector-group-undefined"].message.endswith(
        "(unless `Vendor.Seo:Mixin` defines `ui.inspector.groups.seo`; it is not part of the opened folder)")
    assert "unless `Vendor.Seo:Mixin` defines `properties.style.ui.inspector.editorOptions.values.plain.label`" in \
        findings["option-required"].message
    assert "unless `Vendor.Seo:Mixin` defines `properties.code.defaultValue`" in findings["property-hidden-required"].message
    assert "unless" not in findings["editor-type-mismatch"].message


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_reference_properties_per_version(version):
    # platform facts §6.4 and §1: 9.x moves `type: reference` into `references` (no type, maxItems 1, editor
    # defaults only); 8.3 keeps it a property with the whole data-type block; 9.x always has `references`
    image = _open("platform", cms_version=version).node_types["Acme.Site:Image"]
    if version == "8.3":
        link = image.effective["properties"]["link"]
        assert "references" not in image.effective
        assert link["ui"]["inspector"]["typeConverter"] == "Neos\\Neos\\Service\\Mapping\\NodeReferenceConverter"
    else:
        assert "link" not in image.effective["properties"]
        link = image.effective["references"]["link"]
        assert "type" not in link and link["constraints"] == {"maxItems": 1}
        assert "typeConverter" not in link["ui"]["inspector"]
        assert image.provenance(("references", "link", "constraints", "maxItems")).layer == "9.x references"
        assert image.provenance(("references", "link", "ui", "label")).location.line > 0
        # the preview shows it from the references section, with the single-reference editor
        from nodetype_studio.preview.inspector import InspectorSource, build_layout
        layout = build_layout(InspectorSource.from_model(image, _open("platform", cms_version=version)))
        assert layout.references["link"].type == "reference"
        assert _open("platform").node_types["Acme.Site:ImageMixin"].effective["references"] == {}
    assert link["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/ReferenceEditor"
    assert link["ui"]["inspector"]["editorOptions"] == {"threshold": 2}


def test_the_9x_root_type_survives_being_set_to_null(open_project):
    # NodeTypeManager::loadNodeTypes (9.0): the root type's configuration is set to [] when it is
    # missing *or null*, so `Neos.ContentRepository:Root: ~` does not remove it (8.3 has no root type).
    # The label enrichment before it fails on the null entry, though (NodeTypeEnrichmentService, 9.0)
    files = {"NodeTypes/Root.yaml": """
        'Neos.ContentRepository:Root': ~
        'Acme.Site:Box':
          superTypes:
            'Neos.ContentRepository:Root': true
        """}
    project = open_project(files, cms_version="9")
    assert project.node_types["Neos.ContentRepository:Root"].effective == {"references": {}}
    assert project.node_types["Acme.Site:Box"].ancestors == ["Neos.ContentRepository:Root"]
    assert not [d for d in project.diagnostics if d.code == "supertype-unknown"]
    assert [(d.code, d.severity.value) for d in project.diagnostics if d.code == "nodetype-unset"] == [
        ("nodetype-unset", "error")]
    assert "Neos.ContentRepository:Root" not in open_project(files, root="Other", cms_version="8.3").node_types


def test_the_9x_root_type_is_the_content_repositorys_in_the_cms_spelling_too(open_project):
    # only `Neos.Neos` is spelled `Cms.Cms` by the spec: the root type keeps its name, and survives null
    project = open_project({"NodeTypes/Root.yaml": """
        'Neos.ContentRepository:Root': ~
        'Acme.Site:Page':
          superTypes:
            'Cms.Cms:Document': true
        """}, cms_version="9")
    assert project.platform.prefix == "Cms"
    assert project.node_types["Neos.ContentRepository:Root"].effective == {"references": {}}
    assert project.node_types["Cms.Cms:Sites"].ancestors == ["Neos.ContentRepository:Root"]
    assert [d.code for d in project.diagnostics if d.code in ("supertype-unknown", "nodetype-unset")] == ["nodetype-unset"]


def test_9x_reference_editor_uses_php_comparisons(open_project):
    # DefaultPropertyEditorPostprocessor (9.0): the single-reference editor only for `maxItems === 1` (an
    # integer; `1.0` and `true` are not), and an editor that PHP finds empty ('0') is replaced by the default
    project = open_project({"NodeTypes/Box.yaml": """
        'Acme.Site:Box':
          superTypes:
            'Neos.Neos:Content': true
          references:
            one:
              constraints: {maxItems: 1}
              ui: {inspector: {group: default}}
            float:
              constraints: {maxItems: 1.0}
              ui: {inspector: {group: default}}
            flag:
              constraints: {maxItems: true}
              ui: {inspector: {group: default}}
            zero:
              ui: {inspector: {group: default, editor: '0'}}
        """}, cms_version="9")
    refs = project.node_types["Acme.Site:Box"].effective["references"]
    editor = {name: ref["ui"]["inspector"]["editor"].rsplit("/", 1)[1] for name, ref in refs.items()}
    assert editor == {"one": "ReferenceEditor", "float": "ReferencesEditor", "flag": "ReferencesEditor",
                      "zero": "ReferencesEditor"}
    # the preview stores what those editors store: one identifier for `one` only, a list for the others
    from nodetype_studio.preview.inspector import reference_type
    assert {name: reference_type(ref) for name, ref in refs.items()} == {
        "one": "reference", "float": "references", "flag": "references", "zero": "references"}
