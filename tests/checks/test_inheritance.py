"""Findings land where the value is written, once, whatever inherits it; mixins and partial types."""

import pytest

from nodetype_studio.checks.base import Context
from nodetype_studio.plugins import reload_plugins

MIXIN = """'Vendor.Site:Mixin.Kind':
  abstract: true
  properties:
    kind:
      type: string
      ui:
        label: Kind
        inspector:
          group: 'kind'
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            minimumResultsForSearch: -1
            allowEmty: true
            values:
              a:
                label: A
'Vendor.Site:One':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Kind': true
  ui:
    inspector:
      groups:
        kind:
          label: Kind
          position: 900
'Vendor.Site:Two':
  superTypes:
    'Vendor.Site:One': true
'Vendor.Site:Three':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Kind': true
"""


def test_inherited_mistake_reported_once_at_the_supertype_file(check):
    _, findings = check(MIXIN)
    unknown = [d for d in findings if d.code == "option-unknown"]
    assert [(d.line, d.column) for d in unknown] == [(13, 13)]
    assert unknown[0].node_type == "Vendor.Site:Mixin.Kind"  # attributed to the type that wrote it


def test_combined_checks_run_on_the_types_that_use_a_mixin(check):
    _, findings = check(MIXIN)
    groups = [d for d in findings if d.code == "inspector-group-undefined"]
    # `kind` is defined for One (and Two) but not for Three: one finding, at the mixin's line, through Three
    assert [(d.line, d.node_type) for d in groups] == [(9, "Vendor.Site:Three")]


def test_abstract_mixin_alone_is_not_judged_on_combinations(check):
    text = MIXIN.split("'Vendor.Site:One':")[0]
    _, findings = check(text)
    assert {d.code for d in findings} == {"option-unknown"}


OVERRIDE = """'Vendor.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    title2:
      type: string
'{name}':
  properties:
    layout:
      ui:
        inspector:
          group: 'layout'
          editorOptions:
            values:
              wide: ~
"""


# Neos.NodeTypes:Form: a name of the platform's namespace that no platform package defines (any more)
@pytest.mark.parametrize("name", ["Vendor.Other:Page", "Neos.NodeTypes:Form"])
def test_override_of_a_type_outside_the_project_is_partial(check, name):
    _, findings = check(OVERRIDE.format(name=name))
    assert findings == []


def test_override_of_a_platform_type_is_checked_with_the_baselines_declaration(check):
    # Neos.NodeTypes:Page is in the platform baseline: its `layout` select box keeps its one value ''
    _, findings = check(OVERRIDE.format(name="Neos.NodeTypes:Page"))
    assert [(d.code, d.node_type, d.property_name, d.line) for d in findings] == [
        ("compat-minimum-results-for-search", "Neos.NodeTypes:Page", "layout", 14)]
    assert findings[0].message.startswith("1 choice(s) and no `minimumResultsForSearch`")


def test_custom_postprocessor_turns_missing_options_into_a_note(check):
    text = """'Vendor.Site:Form':
  superTypes:
    'Neos.Neos:Content': true
  postprocessors:
    fill:
      postprocessor: 'Vendor\\Site\\FillPresets'
  properties:
    preset:
      type: string
      ui:
        label: Preset
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
"""
    _, findings = check(text)
    required = [d for d in findings if d.code == "option-required"]
    assert len(required) == 1 and required[0].severity.value == "info"
    assert "unless postprocessor `Vendor\\Site\\FillPresets` adds it" in required[0].message


def test_empty_mixin_does_not_wipe_inherited_config(check):
    """Model fix: a supertype whose config is only `abstract: true` merges as nothing (the CMS's behaviour)."""
    text = """'Vendor.Site:Mixin.Empty':
  abstract: true
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Empty': true
  properties:
    p:
      type: string
      ui:
        label: P
        inspector:
          group: default
"""
    project, findings = check(text)
    assert findings == []
    assert "default" in project.node_types["Vendor.Site:Thing"].effective["ui"]["inspector"]["groups"]


def test_empty_later_fragment_still_replaces(tmp_path):
    from nodetype_studio.model import load_project

    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.A.yaml").write_text("'Vendor.Site:T':\n  properties:\n    a:\n      type: string\n")
    (folder / "NodeTypes.B.yaml").write_text("'Vendor.Site:T': {}\n")
    project = load_project(tmp_path / "Vendor.Site", use_cache=False)
    assert "properties" not in project.node_types["Vendor.Site:T"].local


PLUGIN = '''
editors = [{"identifier": "Vendor.Colors/ColorEditor", "options": {"palette": "list"}, "fits_types": ["string"]}]
validators = [{"identifier": "Vendor.Site/Validation/SlugValidator", "options": {"maxLength": "integer"}}]
'''

USES_PLUGINS = """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    color:
      type: string
      ui:
        label: Color
        inspector:
          group: default
          editor: 'Vendor.Colors/ColorEditor'
          editorOptions:
            palete: [red]
      validation:
        'Vendor.Site/Validation/SlugValidator':
          maxLength: long
    amount:
      type: integer
      ui:
        label: Amount
        inspector:
          group: default
          editor: 'Vendor.Colors/ColorEditor'
"""


def _check_with_plugin(check, tmp_path, monkeypatch, plugin: str, text: str):
    """Findings for ``text`` while a plugin folder holds ``plugin`` (as a module)."""
    plugin_dir = tmp_path / "plugins"
    plugin_dir.mkdir()
    (plugin_dir / "plugin.py").write_text(plugin)
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(plugin_dir))
    reload_plugins()
    try:
        return check(text)[1]
    finally:
        monkeypatch.delenv("NODETYPE_STUDIO_PLUGIN_PATH")
        reload_plugins()


def test_plugin_editors_and_validators_are_known(check, tmp_path, monkeypatch):
    findings = _check_with_plugin(check, tmp_path, monkeypatch, PLUGIN, USES_PLUGINS)
    codes = {(d.code, d.line) for d in findings}
    assert ("option-unknown", 13) in codes  # palete: the plugin declared `palette`
    assert ("validator-option-type", 16) in codes  # maxLength must be an integer
    assert ("editor-type-mismatch", 23) in codes  # the plugin editor fits strings only
    assert not any(d.code.endswith("unregistered") for d in findings)
    message = next(d.message for d in findings if d.code == "option-unknown")
    assert "did you mean `palette`?" in message


def test_without_plugins_custom_identifiers_are_warnings(check):
    _, findings = check(USES_PLUGINS)
    assert {(d.code, d.severity.value) for d in findings} == {("editor-unregistered", "warning"),
                                                              ("validator-unregistered", "warning")}


def test_context_knows_project_files(check):
    project, _ = check(MIXIN)
    ctx = Context.for_project(project)
    assert any(f.endswith("NodeTypes.Test.yaml") for f in ctx.user_files)
    assert not any("baseline" in f for f in ctx.user_files)


REQUIRED_PLUGIN = '''
from nodetype_studio.validation import OptionInfo, custom_validator

@custom_validator("Vendor.Site/Validation/PhoneValidator", options={"country": OptionInfo("string", required=True)})
def phone(value, options):
    return None

validators = [phone]
'''

USES_PHONE = """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    phone:
      type: string
      validation:
        'Vendor.Site/Validation/PhoneValidator': {}
"""


def test_plugin_validators_reach_the_checker_through_the_validation_registry(check, tmp_path, monkeypatch):
    findings = _check_with_plugin(check, tmp_path, monkeypatch, REQUIRED_PLUGIN, USES_PHONE)
    assert [(d.code, d.line) for d in findings] == [("validator-option-required", 8)]
    assert "`country`" in findings[0].message


def test_required_options_of_a_shared_map_are_judged_per_type(check):
    """The missing options of a property's resolved options are worked out once per run (every type that
    inherits the property has the same map); what depends on the type is still the type's: one of the two
    users has a post-processor that may fill the option."""
    text = """'Vendor.Site:Mixin.Preset':
  abstract: true
  properties:
    preset:
      type: string
      ui:
        label: Preset
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
'Vendor.Site:Plain':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Preset': true
'Vendor.Site:Filled':
  superTypes:
    'Neos.Neos:Content': true
    'Vendor.Site:Mixin.Preset': true
  postprocessors:
    fill:
      postprocessor: 'Vendor\\Site\\FillPresets'
"""
    _, findings = check(text)
    required = sorted((d.node_type, d.severity.value, d.line) for d in findings if d.code == "option-required")
    assert required == [("Vendor.Site:Filled", "info", 8), ("Vendor.Site:Plain", "error", 8)]


GROUPLESS = """'Vendor.Site:Alone':
  properties:
    title:
      type: string
      ui:
        inspector:
          group: 'seo'
'Vendor.Site:Partial':
  superTypes:
    'Vendor.Elsewhere:SeoMixin': true
  properties:
    title:
      type: string
      ui:
        inspector:
          group: 'seo'
"""


def test_a_type_without_groups_is_asked_about_its_ui_unless_a_supertype_is_missing(check):
    _, findings = check(GROUPLESS)
    messages = {d.node_type: d.message for d in findings if d.code == "inspector-group-undefined"}
    assert messages["Vendor.Site:Alone"].endswith(
        "(the node type has no inspector groups at all: is its `ui` or `ui.inspector` null?)")
    # the missing mixin is the likelier place for the groups: the finding names it, not a null `ui`
    assert messages["Vendor.Site:Partial"] == (
        "property `title` is in group `seo`, which the node type does not define, so the inspector never shows "
        "it (unless `Vendor.Elsewhere:SeoMixin` defines `ui.inspector.groups.seo`; it is not part of the opened "
        "folder)")


PLATFORM_OVERRIDE = """'{name}':
  properties:
    layout:
      ui:
        inspector:
          group: 'layout'
"""


@pytest.mark.parametrize("platform", ["Neos.Neos", "Cms.Cms"])
def test_an_override_in_a_folder_not_named_after_its_package_is_partial_in_either_spelling(tmp_path, platform):
    """Without a folder named like the package, the namespace most types use is the project's own, and the
    platform's packages (named `Neos.…`, also in the Cms spelling, where only Neos.Neos becomes Cms.Cms) are not."""
    from nodetype_studio.checks import run_checks
    from nodetype_studio.model import load_project

    folder = tmp_path / "my-site" / "Configuration"
    folder.mkdir(parents=True)
    own = f"'Vendor.Site:Teaser':\n  superTypes:\n    '{platform}:Content': true\n"
    overrides = "".join(PLATFORM_OVERRIDE.format(name=f"Neos.NodeTypes:{name}") for name in ("Form", "Quote"))
    (folder / "NodeTypes.yaml").write_text(own + overrides, encoding="utf-8")  # more of the platform's types than its own
    project = load_project(tmp_path / "my-site", use_cache=False)
    assert project.platform.prefix == platform.split(".")[0]
    assert [(d.code, d.node_type) for d in run_checks(project)] == []


def test_custom_postprocessor_in_a_list_turns_missing_options_into_a_note(check):
    # `postprocessors` written as a list runs as a map does (NodeType::applyPostprocessing() sorts either)
    text = """'Vendor.Site:Form':
  postprocessors:
    - postprocessor: 'Vendor\\Site\\FillPresets'
  properties:
    preset:
      type: string
      ui:
        label: Preset
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
"""
    _, findings = check(text)
    required = [d for d in findings if d.code == "option-required"]
    assert len(required) == 1 and required[0].severity.value == "info"
    assert "unless postprocessor `Vendor\\Site\\FillPresets` adds it" in required[0].message
