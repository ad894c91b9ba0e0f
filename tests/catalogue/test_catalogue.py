"""The catalogue holds what the spec (and, where it is silent, the facts) says about editors and validators."""

import pytest

from nodetype_studio.catalogue import (
    EDITORS,
    VALIDATORS,
    EditorSpec,
    OptionSpec,
    ValidatorSpec,
    editor_for_type,
    editor_spec,
    suggest,
    validator_spec,
)
from nodetype_studio.catalogue.types import (
    canonical_type,
    is_known_type,
    looks_like_class,
)
from nodetype_studio.model.prefix import Platform

NEOS, CMS = Platform("Neos"), Platform("Cms")

SPEC_EDITORS = ["BooleanEditor", "TextFieldEditor", "TextAreaEditor", "RichTextEditor", "CodeEditor",
                "SelectBoxEditor", "LinkEditor", "RangeEditor", "ReferenceEditor", "ReferencesEditor",
                "DateTimeEditor", "ImageEditor", "AssetEditor"]
SPEC_VALIDATORS = ["AlphanumericValidator", "CountValidator", "DateTimeRangeValidator", "DateTimeValidator",
                   "EmailAddressValidator", "FloatValidator", "IntegerValidator", "LabelValidator",
                   "NotEmptyValidator", "NumberRangeValidator", "RegularExpressionValidator",
                   "StringLengthValidator", "StringValidator", "TextValidator", "UuidValidator"]


@pytest.mark.parametrize("short", SPEC_EDITORS + ["NodeTypeEditor", "UriPathSegmentEditor"])
def test_every_editor_under_every_spelling(short):
    spec = EDITORS[short]
    assert isinstance(spec, EditorSpec) and spec.status == "current"
    assert spec.identifier(CMS) == f"Cms.Cms/Inspector/Editors/{short}"
    assert spec.identifier(NEOS) == f"Neos.Neos/Inspector/Editors/{short}"
    for spelling in (f"Cms.Cms/Inspector/Editors/{short}", f"Neos.Neos/Inspector/Editors/{short}",
                     f"TYPO3.Neos/Inspector/Editors/{short}", f"Content/Inspector/Editors/{short}", short):
        assert editor_spec(spelling) is spec, spelling
    assert spec.option("disabled").type == "boolean"


def test_unknown_editor_spellings():
    assert editor_spec("Neos.Neos/Inspector/Editors/SelectboxEditor") is None
    assert editor_spec("Vendor/Editor") is None
    assert editor_spec(None) is None
    assert editor_spec("Neos.Neos/Inspector/Editors") is None


@pytest.mark.parametrize("short", ["MasterPluginEditor", "PluginViewsEditor", "PluginViewEditor"])
def test_plugin_editors_removed_in_9(short):
    assert EDITORS[short].status == "removed-in-9"


def test_own_label_as_in_the_facts():
    own = {name for name, spec in EDITORS.items() if spec.has_own_label}
    assert own == {"BooleanEditor", "CodeEditor", "RichTextEditor", "PluginViewsEditor"}


@pytest.mark.parametrize("type_name, editor", [
    ("string", "TextFieldEditor"), ("integer", "TextFieldEditor"), ("boolean", "BooleanEditor"),
    ("array", "SelectBoxEditor"), ("DateTime", "DateTimeEditor"), ("reference", "ReferenceEditor"),
    ("references", "ReferencesEditor"), ("Cms\\Media\\Domain\\Model\\ImageInterface", "ImageEditor"),
    ("Neos\\Media\\Domain\\Model\\ImageInterface", "ImageEditor"), ("TYPO3\\Media\\Domain\\Model\\Asset", "AssetEditor"),
    ("array<Neos\\Media\\Domain\\Model\\Asset>", "AssetEditor"), ("Neos\\Media\\Domain\\Model\\Video", "AssetEditor"),
])
def test_default_editor_per_type(type_name, editor):
    assert editor_for_type(type_name).short_name == editor
    assert EDITORS[editor].fits(type_name, NEOS)


@pytest.mark.parametrize("type_name", ["float", "array<string>", "double", "Vendor\\Thing"])
def test_types_without_default_editor(type_name):
    assert editor_for_type(type_name) is None


def test_type_vocabulary():
    assert canonical_type("\\DateTime") == "DateTime"
    assert canonical_type("array<Cms\\Media\\Domain\\Model\\Asset>") == "array<Media\\Domain\\Model\\Asset>"
    assert is_known_type("float") and is_known_type("array<string>") and is_known_type("Neos\\Media\\Domain\\Model\\Audio")
    assert not is_known_type("strng") and not is_known_type("array<reference>")
    assert looks_like_class("Vendor\\Package\\Domain\\Thing") and not looks_like_class("strng")


def test_fits_types_follow_the_spec_table():
    assert EDITORS["SelectBoxEditor"].fits("array<string>")
    assert EDITORS["RangeEditor"].fits("integer") and EDITORS["RangeEditor"].fits("string")
    # beyond the table: the CMS's date editor commits ISO 8601 text, which a string property keeps
    assert EDITORS["DateTimeEditor"].fits("string") and not EDITORS["DateTimeEditor"].fits("integer")
    assert not EDITORS["ImageEditor"].fits("Neos\\Media\\Domain\\Model\\Asset", NEOS)
    assert EDITORS["ReferencesEditor"].fits_types == ("references",)


@pytest.mark.parametrize("editor, path, default", [
    ("TextAreaEditor", "rows", 5),
    ("CodeEditor", "buttonLabel", "Edit code"),
    ("CodeEditor", "highlightingMode", "text/html"),
    ("SelectBoxEditor", "placeholder", "Choose"),
    ("SelectBoxEditor", "multiple", False),
    ("SelectBoxEditor", "minimumResultsForSearch", 5),
    ("ReferenceEditor", "threshold", 2),
    ("DateTimeEditor", "format", "d-m-Y"),
    ("DateTimeEditor", "minuteStep", 5),
    ("ImageEditor", "features.crop", True),
    ("ImageEditor", "features.resize", False),
    ("ImageEditor", "constraints.mediaTypes", ["image/*"]),
    ("ImageEditor", "crop.aspectRatio.enableOriginal", True),
    ("AssetEditor", "constraints.mediaTypes", []),
    ("TextAreaEditor", "minRows", 2),
])
def test_spec_defaults_then_facts_defaults(editor, path, default):
    assert EDITORS[editor].default(path) == default


def test_platform_defaults_follow_the_prefix():
    assert EDITORS["LinkEditor"].default("nodeTypes") == ["Cms.Cms:Document"]
    assert EDITORS["ReferenceEditor"].default("nodeTypes", NEOS) == ["Neos.Neos:Document"]


def test_nested_options_and_wildcards():
    image = EDITORS["ImageEditor"]
    width = image.option("crop.aspectRatio.options.sixteenNine.width")
    assert width.type == "integer" and width.required
    assert image.option(("crop", "aspectRatio", "options", "*", "label")).type == "string"
    assert image.option("crop.aspectRatio.options.x").nullable
    assert image.option("crop.aspectRatio.locked.width").type == "integer"
    assert image.option("crop.aspectRatio.unknown") is None
    select = EDITORS["SelectBoxEditor"]
    assert select.option("values.*.label").required
    assert select.option("values.anything.group").type == "string"
    assert select.option("values").required_unless == ("dataSourceUri", "dataSourceIdentifier")
    assert EDITORS["ReferenceEditor"].option("createNew.titleProperty").default == "title"


def test_deprecation_and_compat_notes():
    for editor in ("ImageEditor", "AssetEditor"):
        assert EDITORS[editor].option("accept").deprecated == "constraints.mediaTypes"
    assert "allowOriginal" in EDITORS["ImageEditor"].option("crop.aspectRatio.enableOriginal").spec_vs_cms
    assert EDITORS["ImageEditor"].option("maximumFileSize").spec_vs_cms
    assert EDITORS["TextAreaEditor"].option("rows").spec_vs_cms
    assert EDITORS["TextFieldEditor"].option("spellcheck").spec_vs_cms
    assert EDITORS["TextFieldEditor"].option("placeholder").spec_vs_cms is None


@pytest.mark.parametrize("editor, path", [
    ("TextAreaEditor", "minRows"), ("TextAreaEditor", "expandedRows"), ("TextAreaEditor", "maxRows"),
    ("SelectBoxEditor", "threshold"), ("SelectBoxEditor", "dataSourceDisableCaching"),
    ("ImageEditor", "crop.aspectRatio.allowOriginal"), ("ImageEditor", "crop.aspectRatio.pixelSnapping"),
    ("LinkEditor", "nodes"), ("LinkEditor", "startingPoint"), ("LinkEditor", "constraints.mediaTypes"),
    ("DateTimeEditor", "timeConstraints"), ("ReferenceEditor", "createNew.titleProperty"),
    ("AssetEditor", "multiple"), ("AssetEditor", "threshold"),
])
def test_options_the_cms_reads_beyond_the_spec(editor, path):
    assert EDITORS[editor].option(path).source == "facts"


def test_rich_text_keys():
    rte = EDITORS["RichTextEditor"]
    for key in ("strong", "em", "u", "del", "underline", "strikethrough", "removeFormat", "table", "a", "h6",
                "blockquote"):
        assert rte.option(f"formatting.{key}").type == "boolean", key
    assert rte.option("formatting.u").spec_vs_cms and rte.option("formatting.del").spec_vs_cms
    assert rte.option("formatting.strong").spec_vs_cms is None
    assert rte.option("formatting").open
    for key in ("anchor", "title", "relNofollow", "targetBlank", "download"):
        assert rte.option(f"linking.{key}").source == "spec"


def test_every_option_is_well_formed():
    def walk(spec: OptionSpec):
        assert spec.type and all(t in ("boolean", "string", "integer", "number", "numeric", "map", "list", "null", "any")
                                 for t in spec.type.split("|")), spec
        if spec.has_default and spec.default is not None:
            assert spec.accepts(spec.default), spec
        if spec.children:
            assert "map" in spec.type
        for child in spec.children.values():
            walk(child)
    for editor in EDITORS.values():
        for option in editor.options.values():
            walk(option)
    for validator in VALIDATORS.values():
        for option in validator.options.values():
            walk(option)


@pytest.mark.parametrize("short", SPEC_VALIDATORS)
def test_every_validator(short):
    spec = validator_spec(f"Neos.Neos/Validation/{short}")
    assert isinstance(spec, ValidatorSpec)
    assert spec is validator_spec(f"Cms.Cms/Validation/{short}") is validator_spec(short)
    assert spec.identifier(CMS) == f"Cms.Cms/Validation/{short}"
    assert spec.option("validationErrorMessage").type == "string"
    assert spec.runs_in_browser == (short != "DateTimeRangeValidator")


def test_validator_options():
    assert set(VALIDATORS["StringLengthValidator"].options) == {"validationErrorMessage", "minimum", "maximum", "ignoreHtml"}
    assert VALIDATORS["StringLengthValidator"].option("minimum").type == "integer"
    assert VALIDATORS["RegularExpressionValidator"].option("regularExpression").required
    assert set(VALIDATORS["DateTimeRangeValidator"].options) >= {"earliestDate", "latestDate"}
    assert set(VALIDATORS["NotEmptyValidator"].options) == {"validationErrorMessage"}
    assert validator_spec("Neos.Neos/Validation/NoSuchValidator") is None


def test_suggest():
    assert suggest("allowempty", ["allowEmpty", "placeholder"]) == "allowEmpty"
    assert suggest("placholder", ["allowEmpty", "placeholder"]) == "placeholder"
    assert suggest("xyz", ["allowEmpty", "placeholder"]) is None


PLUGIN = '''
editors = [{"identifier": "Vendor.Colors/ColorEditor", "options": {"palette": "list", "alpha": "boolean"},
            "fits_types": ["string"]},
           {"identifier": "Vendor.Free/Editor"}]

class Slug:
    identifier = "Vendor.Site/Validation/SlugValidator"
    options = {"maxLength": "integer"}

validators = [Slug()]
'''


def test_plugin_editors_and_validators(tmp_path, monkeypatch):
    from nodetype_studio.plugins import reload_plugins
    from nodetype_studio.validation import get_validator

    (tmp_path / "colors.py").write_text(PLUGIN)
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(tmp_path))
    reload_plugins()
    try:
        color = editor_spec("Vendor.Colors/ColorEditor")
        assert color.status == "custom" and color.identifier(NEOS) == "Vendor.Colors/ColorEditor"
        assert color.option("palette").type == "list" and color.fits("string") and not color.fits("integer")
        free = editor_spec("Vendor.Free/Editor")
        assert free.options_declared is False and free.fits("integer")
        assert editor_spec("Vendor.Colors/ColorEditor", plugins=False) is None
        slug = get_validator("Vendor.Site/Validation/SlugValidator").spec  # plugin validators: the registry's path
        assert slug.option("maxLength").type == "integer" and slug.runs_in_browser
        assert validator_spec("Vendor.Site/Validation/SlugValidator") is None  # the catalogue holds built-ins only
    finally:
        monkeypatch.delenv("NODETYPE_STUDIO_PLUGIN_PATH")
        reload_plugins()
    assert editor_spec("Vendor.Colors/ColorEditor") is None


def test_declared_options_of_plugins():
    from nodetype_studio.catalogue import declared_options
    from nodetype_studio.validation import OptionInfo

    assert declared_options(None) == ({}, False)
    opts, declared = declared_options({"a": "integer", "b": "string|list", "c": "colour",
                                       "d": {"type": "boolean", "required": True, "default": None},
                                       "e": OptionInfo("numeric", False, 3, "Three."),
                                       "f": OptionSpec(name="f", type="map")})
    assert declared
    assert [(o.name, o.type, o.required, o.has_default) for o in opts.values()] == [
        ("a", "integer", False, False), ("b", "string|list", False, False), ("c", "any", False, False),
        ("d", "boolean", True, False), ("e", "numeric", False, True), ("f", "map", False, False)]
    assert opts["e"].default == 3 and opts["e"].description == "Three." and opts["e"].source == "plugin"
    assert list(declared_options(["x", "y"])[0]) == ["x", "y"] and declared_options("x")[0]["x"].type == "any"
    assert declared_options(42) == ({}, False)
