"""Presets (facts §5.11), default editors and editor defaults (§1.2/§1.3) and i18n ids (§5.13)."""

from __future__ import annotations

import pytest
from modelkit import codes, only, where

from nodetype_studio.checks import run_checks
from nodetype_studio.diagnostics import Severity

PRESET_SETTINGS = """
    {prefix}:
      {prefix}:
        nodeTypes:
          presets:
            properties:
              text:
                short:
                  type: string
                  defaultValue: ''
                  ui:
                    label: Short text
                    inspector:
                      group: default
                      editorOptions:
                        placeholder: From the preset
                        maxlength: 20
            childNodes:
              column:
                type: '{prefix}.{prefix}:ContentCollection'
                constraints:
                  nodeTypes:
                    '*': true
    """

PRESET_TYPES = """
    'Acme.Site:Teaser':
      superTypes:
        '{prefix}.{prefix}:Content': true
      properties:
        headline:
          options:
            preset: text.short
          ui:
            label: Headline
            inspector:
              editorOptions:
                placeholder: Mine
        missing:
          type: string
          options:
            preset: text.long
      childNodes:
        left:
          options:
            preset: column
    """


@pytest.mark.parametrize("prefix", ["Neos", "Cms"])
def test_presets_apply_under_the_property_for_both_prefixes(open_project, prefix):
    project = open_project({
        "Configuration/Settings.yaml": PRESET_SETTINGS.format(prefix=prefix),
        "NodeTypes/Teaser.yaml": PRESET_TYPES.format(prefix=prefix),
    })
    assert project.platform.prefix == prefix
    nt = project.node_types["Acme.Site:Teaser"]
    headline = nt.effective["properties"]["headline"]
    assert headline["type"] == "string"
    assert headline["defaultValue"] == ""
    # the property's own configuration wins over the preset
    assert headline["ui"]["label"] == "Headline"
    assert headline["ui"]["inspector"]["editorOptions"] == {"placeholder": "Mine", "maxlength": 20}
    assert headline["ui"]["inspector"]["group"] == "default"
    # a preset's type leads to the default editor like any type
    assert headline["ui"]["inspector"]["editor"] == f"{prefix}.{prefix}/Inspector/Editors/TextFieldEditor"
    left = nt.effective["childNodes"]["left"]
    assert left["type"] == f"{prefix}.{prefix}:ContentCollection"
    assert left["constraints"] == {"nodeTypes": {"*": True}}


@pytest.mark.parametrize("prefix", ["Neos", "Cms"])
def test_unknown_preset_is_a_warning_at_the_preset_key(open_project, prefix):
    project = open_project({
        "Configuration/Settings.yaml": PRESET_SETTINGS.format(prefix=prefix),
        "NodeTypes/Teaser.yaml": PRESET_TYPES.format(prefix=prefix),
    })
    finding = only(project, "preset-unknown")
    assert finding.severity == Severity.WARNING
    assert finding.message == (f"Acme.Site:Teaser: properties.missing: preset 'text.long' is not defined under "
                               f"{prefix}.{prefix}.nodeTypes.presets.properties (the CMS silently ignores it)")
    assert where(finding) == ("Teaser.yaml", 16, 9)
    assert finding.property_name == "missing"
    missing = project.node_types["Acme.Site:Teaser"].effective["properties"]["missing"]
    assert missing["options"] == {"preset": "text.long"}


def test_presets_of_the_other_prefix_are_not_used(open_project):
    project = open_project({
        "Configuration/Settings.yaml": PRESET_SETTINGS.format(prefix="Cms"),
        "NodeTypes/Teaser.yaml": PRESET_TYPES.format(prefix="Neos"),
    })
    assert project.platform.prefix == "Neos"
    # Neos.Neos.nodeTypes.presets is not set at all: the CMS fails on the first preset (see below)
    found = codes(project, "preset-table-missing")
    assert [d.message.split(":")[2].strip() for d in found] == ["properties.headline", "properties.missing", "childNodes.left"]
    assert codes(project, "preset-unknown") == []


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_a_preset_without_the_presets_setting_is_an_error(open_project, version):
    # The CMS ships no `Neos.Neos.nodeTypes.presets` (8.3 and 9.0 Neos.Neos/Configuration/Settings.yaml), so
    # NodeTypePresetPostprocessor's injected preset table is null, and it hands it to Flow's
    # `Arrays::getValueByPath(array &$array, $path)` (Neos.Neos/Classes/NodeTypePostprocessor/
    # NodeTypePresetPostprocessor.php, `getValueByPath($this->propertyPresetConfiguration, $preset)`): a
    # TypeError, the node types cannot be loaded. Not "silently ignored".
    project = open_project({"NodeTypes/Teaser.yaml": PRESET_TYPES.format(prefix="Neos")}, cms_version=version)
    found = codes(project, "preset-table-missing")
    assert [(d.severity, d.property_name, where(d)) for d in found] == [
        (Severity.ERROR, "headline", ("Teaser.yaml", 7, 9)),
        (Severity.ERROR, "missing", ("Teaser.yaml", 16, 9)),
        (Severity.ERROR, None, ("Teaser.yaml", 20, 9)),
    ]
    assert found[0].message == (
        "Acme.Site:Teaser: properties.headline: preset 'text.short' needs the setting "
        "Neos.Neos.nodeTypes.presets.properties, which is not set (the CMS ships none): the CMS cannot load the "
        "node types (NodeTypePresetPostprocessor passes the missing table to Arrays::getValueByPath(), a TypeError). "
        "Define the preset in Settings.yaml or remove `options.preset`")
    assert "Neos.Neos.nodeTypes.presets.childNodes" in found[2].message
    assert codes(project, "preset-unknown") == []
    # nothing is merged
    assert project.node_types["Acme.Site:Teaser"].effective["properties"]["headline"]["options"] == {"preset": "text.short"}


def test_a_preset_table_of_one_kind_does_not_stand_in_for_the_other(open_project):
    project = open_project({
        "Configuration/Settings.yaml": """
            Neos:
              Neos:
                nodeTypes:
                  presets:
                    properties:
                      text:
                        short: {type: string}
            """,
        "NodeTypes/Teaser.yaml": PRESET_TYPES.format(prefix="Neos"),
    })
    assert [d.message.split(":")[2].strip() for d in codes(project, "preset-table-missing")] == ["childNodes.left"]
    assert [d.message.split(":")[2].strip() for d in codes(project, "preset-unknown")] == ["properties.missing"]
    assert project.node_types["Acme.Site:Teaser"].effective["properties"]["headline"]["type"] == "string"


def test_a_preset_that_is_no_map_is_an_error(open_project):
    # `if ($presetConfiguration)` then Arrays::arrayMergeRecursiveOverrule($presetConfiguration, ...), which
    # takes arrays: a truthy scalar is a TypeError; a falsy one is skipped silently
    project = open_project({
        "Configuration/Settings.yaml": """
            Neos:
              Neos:
                nodeTypes:
                  presets:
                    properties:
                      text:
                        short: 'a text'
                        off: false
                      list: [{type: string}]
            """,
        "NodeTypes/Teaser.yaml": """
            'Acme.Site:Teaser':
              superTypes:
                'Neos.Neos:Content': true
              properties:
                one:
                  options: {preset: text.short}
                two:
                  type: integer
                  options: {preset: text.off}
                three:
                  options: {preset: list}
            """,
    })
    finding = only(project, "preset-not-map")
    assert finding.severity == Severity.ERROR
    assert finding.message == (
        "Acme.Site:Teaser: properties.one: preset 'text.short' is the text 'a text', not a map: the CMS cannot load "
        "the node types (Arrays::arrayMergeRecursiveOverrule() takes arrays, a TypeError)")
    assert where(finding) == ("Teaser.yaml", 6, 17)
    assert [d.message.split(":")[2].strip() for d in codes(project, "preset-unknown")] == ["properties.two"]
    # a list is an array to PHP: merged by key like any preset
    assert project.node_types["Acme.Site:Teaser"].effective["properties"]["three"]["0"] == {"type": "string"}


def test_a_preset_set_in_a_supertype_applies_to_the_subtype(open_project):
    project = open_project({
        "Configuration/Settings.yaml": PRESET_SETTINGS.format(prefix="Neos"),
        "NodeTypes/Types.yaml": """
            'Acme.Site:Mixin':
              properties:
                subtitle:
                  options: {preset: text.short}
            'Acme.Site:Box':
              superTypes: {'Acme.Site:Mixin': true, 'Neos.Neos:Content': true}
              properties:
                subtitle:
                  ui: {label: Subtitle}
            """,
    })
    subtitle = project.node_types["Acme.Site:Box"].effective["properties"]["subtitle"]
    assert subtitle["ui"]["label"] == "Subtitle"
    assert subtitle["ui"]["inspector"]["editorOptions"]["maxlength"] == 20


def test_a_preset_path_written_as_a_list_of_keys_applies(open_project):
    # the CMS looks the path up with Flow's Arrays::getValueByPath, which takes a list of keys as well
    project = open_project({
        "Configuration/Settings.yaml": PRESET_SETTINGS.format(prefix="Neos"),
        "NodeTypes/Types.yaml": """
            'Acme.Site:Box':
              superTypes: {'Neos.Neos:Content': true}
              properties:
                subtitle:
                  options: {preset: [text, short]}
                other:
                  options: {preset: [text, long]}
            """,
    })
    subtitle = project.node_types["Acme.Site:Box"].effective["properties"]["subtitle"]
    assert subtitle["type"] == "string"
    assert subtitle["ui"]["inspector"]["editorOptions"]["maxlength"] == 20
    finding = only(project, "preset-unknown")
    assert finding.message == ("Acme.Site:Box: properties.other: preset 'text.long' is not defined under "
                               "Neos.Neos.nodeTypes.presets.properties (the CMS silently ignores it)")


def test_a_preset_that_is_no_path_is_an_error_and_a_falsy_one_is_no_preset(open_project):
    project = open_project({
        "Configuration/Settings.yaml": PRESET_SETTINGS.format(prefix="Neos"),
        "NodeTypes/Types.yaml": """
            'Acme.Site:Box':
              superTypes: {'Neos.Neos:Content': true}
              properties:
                flagged:
                  type: string
                  options: {preset: true}
                zero:
                  type: string
                  options: {preset: '0'}
            """,
    })
    finding = only(project, "preset-invalid")
    assert finding.severity == Severity.ERROR
    assert finding.message == (
        "Acme.Site:Box: properties.flagged: `options.preset` must be a preset path such as 'text.short' (or a list "
        "of its keys), not bool True: the CMS cannot load the node types (Arrays::getValueByPath() expects $path "
        "to be string or array)")
    assert where(finding) == ("Types.yaml", 6, 17)
    assert finding.property_name == "flagged"
    # PHP reads '0' as false: the CMS applies no preset and says nothing
    assert codes(project, "preset-unknown") == []


# --- default editors and editor defaults ---------------------------------------------------------

EDITORS = {"NodeTypes/Editors.yaml": """
    'Acme.Site:Editors':
      superTypes:
        'Neos.Neos:Content': true
      properties:
        text:
          type: string
          ui:
            inspector:
              group: default
        number:
          type: integer
          ui:
            inspector: {}
        flag:
          type: boolean
          ui:
            inspector:
              group: default
        date:
          type: DateTime
          ui:
            inspector:
              group: default
        dateNoDefaults:
          type: DateTime
          ui:
            inspector:
              editorOptions: {}
        dateOwnFormat:
          type: DateTime
          ui:
            inspector:
              editorOptions:
                format: 'Y-m-d'
        link:
          type: reference
          ui:
            inspector:
              editorOptions:
                nodeTypes: ['Acme.Site:Page']
        image:
          type: Neos\\Media\\Domain\\Model\\ImageInterface
          ui:
            inspector:
              editorOptions:
                features:
                  crop: false
        tags:
          type: array
          ui:
            inspector:
              editorOptions:
                placeholder: Pick some
        legacyArea:
          type: string
          ui:
            inspector:
              editor: 'Content/Inspector/Editors/TextAreaEditor'
        legacySelect:
          type: string
          ui:
            inspector:
              editor: 'TYPO3.Neos/Inspector/Editors/SelectBoxEditor'
        noInspector:
          type: string
          ui:
            label: No inspector
        noType:
          ui:
            inspector:
              group: default
        nullInspector:
          type: string
          ui:
            inspector: ~
    """}

EDITOR = "Neos.Neos/Inspector/Editors/"


def inspector(project, prop: str) -> dict:
    effective = project.node_types["Acme.Site:Editors"].effective
    # 9.x moves reference(s) properties into `references` (platform facts §6.4)
    section = "properties" if prop in effective.get("properties", {}) else "references"
    return effective[section][prop]["ui"]["inspector"]


def test_default_editor_by_type(open_project):
    project = open_project(EDITORS)
    # the whole data-type block is merged (neos-facts §1.3): `defaultValue: ''` of `string` too
    assert inspector(project, "text") == {"editor": EDITOR + "TextFieldEditor", "defaultValue": "", "group": "default"}
    assert inspector(project, "number")["editor"] == EDITOR + "TextFieldEditor"
    assert inspector(project, "flag")["editor"] == EDITOR + "BooleanEditor"
    assert inspector(project, "image")["editor"] == EDITOR + "ImageEditor"


def test_datetime_gets_its_format_and_the_editor_placeholder(open_project):
    project = open_project(EDITORS)
    date = inspector(project, "date")
    assert date["editor"] == EDITOR + "DateTimeEditor"
    no_date = "Neos.Neos:Main:content.inspector.editors.dateTimeEditor.noDateSet"  # the CMS's id (facts §5.2)
    assert date["editorOptions"] == {"placeholder": no_date, "format": "d-m-Y"}
    assert inspector(project, "dateOwnFormat")["editorOptions"] == {"placeholder": no_date, "format": "Y-m-d"}


def test_empty_editor_options_drop_every_default(open_project):
    project = open_project(EDITORS)
    assert inspector(project, "dateNoDefaults") == {"editor": EDITOR + "DateTimeEditor", "editorOptions": {},
                                                    "typeConverter": "Neos\\Neos\\Service\\Mapping\\DateStringConverter"}


def test_editor_defaults_merge_under_the_users_options(open_project):
    project = open_project(EDITORS)
    link = inspector(project, "link")
    assert link["editor"] == EDITOR + "ReferenceEditor"
    assert link["editorOptions"] == {"placeholder": "Neos.Neos:Main:typeToSearch", "nodeTypes": ["Acme.Site:Page"], "threshold": 2}
    features = inspector(project, "image")["editorOptions"]["features"]
    assert features == {"crop": False, "upload": True, "mediaBrowser": True, "resize": False}
    assert inspector(project, "image")["editorOptions"]["crop"]["aspectRatio"]["options"]["square"]["label"] == "Square"
    # array: editor default (SelectBox placeholder), data-type default (multiple) and the user's placeholder
    assert inspector(project, "tags") == {"editor": EDITOR + "SelectBoxEditor",
                                          "editorOptions": {"placeholder": "Pick some", "multiple": True},
                                          "typeConverter": "Neos\\Flow\\Property\\TypeConverter\\ArrayConverter",
                                          "defaultValue": {}}


def test_legacy_editor_spellings_are_normalized(open_project):
    project = open_project(EDITORS)
    assert inspector(project, "legacyArea")["editor"] == EDITOR + "TextAreaEditor"
    select = inspector(project, "legacySelect")
    assert select["editor"] == EDITOR + "SelectBoxEditor"
    assert select["editorOptions"] == {"placeholder": "Neos.Neos:Main:choose"}


def test_properties_without_inspector_or_type_are_untouched(open_project):
    project = open_project(EDITORS)
    props = project.node_types["Acme.Site:Editors"].effective["properties"]
    assert props["noInspector"] == {"type": "string", "ui": {"label": "No inspector"}}
    assert props["noType"] == {"ui": {"inspector": {"group": "default"}}}
    assert props["nullInspector"] == {"type": "string", "ui": {"inspector": None}}


def test_project_settings_override_editor_defaults_merged_by_index(open_project):
    project = open_project({
        **EDITORS,
        "Configuration/Settings.yaml": """
            Neos:
              Neos:
                userInterface:
                  inspector:
                    editors:
                      'Neos.Neos/Inspector/Editors/ReferenceEditor':
                        editorOptions:
                          nodeTypes: ['Neos.Neos:Document', 'Neos.Neos:Shortcut']
                    dataTypes:
                      string:
                        editor: 'Acme.Site/Inspector/Editors/Fancy'
            """,
    })
    # a 1-item list over a 2-item default keeps the default's second item
    assert inspector(project, "link")["editorOptions"]["nodeTypes"] == ["Acme.Site:Page", "Neos.Neos:Shortcut"]
    assert inspector(project, "text")["editor"] == "Acme.Site/Inspector/Editors/Fancy"
    # an explicit editor still wins over the data type
    assert inspector(project, "legacyArea")["editor"] == EDITOR + "TextAreaEditor"


def test_cms_prefix_gets_cms_editor_ids(open_project):
    project = open_project({"NodeTypes/Cms.yaml": """
        'Acme.Site:Box':
          superTypes:
            'Cms.Cms:Content': true
            'Cms.Cms:Hidable': true
          properties:
            when:
              type: DateTime
              ui:
                inspector:
                  group: default
            old:
              type: string
              ui:
                inspector:
                  editor: 'Neos.Neos/Inspector/Editors/TextAreaEditor'
        """})
    assert project.platform.prefix == "Cms"
    props = project.node_types["Acme.Site:Box"].effective["properties"]
    assert props["when"]["ui"]["inspector"]["editor"] == "Cms.Cms/Inspector/Editors/DateTimeEditor"
    assert props["when"]["ui"]["inspector"]["editorOptions"]["format"] == "d-m-Y"
    assert props["old"]["ui"]["inspector"]["editor"] == "Cms.Cms/Inspector/Editors/TextAreaEditor"


# --- i18n ----------------------------------------------------------------------------------------

I18N = {
    "NodeTypes/Mixin/Title.yaml": """
        'Acme.Site:Mixin.Title':
          abstract: true
          properties:
            title:
              type: string
              ui:
                label: i18n
                help:
                  message: i18n
                inspector:
                  group: text
                  editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
                  editorOptions:
                    placeholder: i18n
        """,
    "NodeTypes/Content/Teaser.yaml": """
        'Acme.Site:Content.Teaser':
          superTypes:
            'Neos.Neos:Content': true
            'Acme.Site:Mixin.Title': true
          ui:
            label: i18n
            help:
              message: ' i18n '
            creationDialog:
              elements:
                layout:
                  type: string
                  ui:
                    label: i18n
                    editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
                    editorOptions:
                      placeholder: i18n
                      values:
                        wide:
                          label: i18n
                        narrow:
                          label: Narrow
                note:
                  type: string
                  ui:
                    label: 'A note'
            inspector:
              tabs:
                extra:
                  label: i18n
              groups:
                text:
                  label: i18n
                  tab: extra
              views:
                stats:
                  label: i18n
          properties:
            title:
              ui:
                inspector:
                  editorOptions:
                    placeholder: i18n
            style:
              type: string
              ui:
                label: i18n
                inspector:
                  group: text
                  editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
                  editorOptions:
                    placeholder: i18n
                    values:
                      light:
                        label: i18n
                      1:
                        label: i18n
                      dark:
                        label: Dark
            plain:
              type: string
              ui:
                inline:
                  editorOptions:
                    placeholder: i18n
                inspector:
                  group: text
                  editorOptions:
                    placeholder: i18n
            notExact:
              type: string
              ui:
                label: i18n please
        """,
}

PREFIX = "Acme.Site:NodeTypes.Content.Teaser:"


def teaser(project):
    return project.node_types["Acme.Site:Content.Teaser"].effective


def test_i18n_node_type_label_help_tabs_groups_views(open_project):
    ui = teaser(open_project(I18N))["ui"]
    assert ui["label"] == PREFIX + "ui.label"
    assert ui["help"]["message"] == PREFIX + "ui.help.message"
    assert ui["inspector"]["tabs"]["extra"]["label"] == PREFIX + "tabs.extra"
    assert ui["inspector"]["groups"]["text"]["label"] == PREFIX + "groups.text"
    assert ui["inspector"]["views"]["stats"]["label"] == PREFIX + "views.stats"
    # groups from the baseline keep the id of the platform type that declares them
    assert ui["inspector"]["groups"]["default"]["label"] == "Neos.Neos:NodeTypes.Node:groups.default"


def test_i18n_property_label_and_select_box_values(open_project):
    style = teaser(open_project(I18N))["properties"]["style"]
    assert style["ui"]["label"] == PREFIX + "properties.style"
    options = style["ui"]["inspector"]["editorOptions"]
    assert options["placeholder"] == PREFIX + "properties.style.selectBoxEditor.placeholder"
    assert options["values"]["light"]["label"] == PREFIX + "properties.style.selectBoxEditor.values.light"
    assert options["values"]["1"]["label"] == PREFIX + "properties.style.selectBoxEditor.values.1"
    assert options["values"]["dark"]["label"] == "Dark"


def test_i18n_creation_dialog_elements_and_their_editor_labels(open_project):
    elements = teaser(open_project(I18N))["ui"]["creationDialog"]["elements"]
    layout = elements["layout"]["ui"]
    assert layout["label"] == PREFIX + "creationDialog.layout"
    assert layout["editorOptions"]["placeholder"] == PREFIX + "creationDialog.layout.selectBoxEditor.placeholder"
    assert layout["editorOptions"]["values"]["wide"]["label"] == PREFIX + "creationDialog.layout.selectBoxEditor.values.wide"
    assert layout["editorOptions"]["values"]["narrow"]["label"] == "Narrow"
    assert elements["note"]["ui"]["label"] == "A note"


def test_i18n_inline_placeholder_and_only_exact_values(open_project):
    props = teaser(open_project(I18N))["properties"]
    assert props["plain"]["ui"]["inline"]["editorOptions"]["placeholder"] == PREFIX + "properties.plain.ui.inline.editorOptions.placeholder"
    assert props["notExact"]["ui"]["label"] == "i18n please"


def test_i18n_editor_options_need_an_explicitly_written_editor(open_project):
    props = teaser(open_project(I18N))["properties"]
    # TextFieldEditor is only the data-type default here: the CMS does not know it when it enriches labels
    assert props["plain"]["ui"]["inspector"]["editor"] == EDITOR + "TextFieldEditor"
    assert props["plain"]["ui"]["inspector"]["editorOptions"]["placeholder"] == "i18n"
    # the editor written on the mixin's declaration of `title` counts for the subtype's own placeholder
    assert props["title"]["ui"]["inspector"]["editorOptions"]["placeholder"] == PREFIX + "properties.title.textFieldEditor.placeholder"


def test_i18n_inherited_values_keep_the_id_of_the_declaring_type(open_project):
    project = open_project(I18N)
    title = teaser(project)["properties"]["title"]
    mixin = "Acme.Site:NodeTypes.Mixin.Title:"
    assert title["ui"]["label"] == mixin + "properties.title"
    assert title["ui"]["help"]["message"] == mixin + "properties.title.ui.help.message"
    assert project.node_types["Acme.Site:Mixin.Title"].effective["properties"]["title"]["ui"]["inspector"]["editorOptions"][
        "placeholder"] == mixin + "properties.title.textFieldEditor.placeholder"


def test_i18n_does_not_alter_the_parsed_files(open_project):
    project = open_project(I18N)
    mixin_file = next(f for f in project.files if f.path.name == "Title.yaml" and not f.baseline)
    assert mixin_file.data["Acme.Site:Mixin.Title"]["properties"]["title"]["ui"]["label"] == "i18n"
    prov = project.node_types["Acme.Site:Content.Teaser"].provenance(("properties", "title", "ui", "label"))
    assert prov.value == "Acme.Site:NodeTypes.Mixin.Title:properties.title"
    assert prov.layer == "supertype Acme.Site:Mixin.Title"
    assert (prov.location.line, prov.location.column) == (7, 9)


def test_i18n_ids_of_a_name_without_package_use_the_platform_package(open_project):
    # the CMS takes Neos.Neos as the package of a node type name without a colon
    project = open_project({"NodeTypes/Loose.yaml": """
        'Loose':
          ui:
            label: i18n
          properties:
            title:
              type: string
              ui:
                label: i18n
        """})
    config = project.node_types["Loose"].effective
    assert config["ui"]["label"] == "Neos.Neos:NodeTypes.Loose:ui.label"
    assert config["properties"]["title"]["ui"]["label"] == "Neos.Neos:NodeTypes.Loose:properties.title"


def test_i18n_labels_of_every_inspector_entry_kind(open_project):
    # the CMS gives an id to the label of any `ui.inspector.<kind>.<id>` entry, not only tabs, groups, views
    project = open_project({"NodeTypes/Box.yaml": """
        'Acme.Site:Box':
          ui:
            inspector:
              group:
                misspelt:
                  label: i18n
              views: ~
        """})
    inspector = project.node_types["Acme.Site:Box"].effective["ui"]["inspector"]
    assert inspector["group"]["misspelt"]["label"] == "Acme.Site:NodeTypes.Box:group.misspelt"


def test_i18n_is_trimmed_as_php_trims(open_project):
    # PHP's trim() takes off spaces, tabs, line breaks, NUL and vertical tab, not a no-break space
    project = open_project({"NodeTypes/Box.yaml": """
        'Acme.Site:Box':
          properties:
            tabbed:
              ui:
                label: "\\ti18n\\0"
            nbsp:
              ui:
                label: "i18n\\u00a0"
        """})
    props = project.node_types["Acme.Site:Box"].effective["properties"]
    assert props["tabbed"]["ui"]["label"] == "Acme.Site:NodeTypes.Box:properties.tabbed"
    assert props["nbsp"]["ui"]["label"] == "i18n\u00a0"


# --- creation dialog elements that the CMS cannot give an editor block ------------------------------------------

ELEMENT_WITHOUT_UI = {"NodeTypes/Teaser.yaml": """
    'Acme.Site:Teaser':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        creationDialog:
          elements:
            headline:
              type: string
            note:
              type: string
              ui: ~
            odd:
              type: string
              ui: 'a label'
            partial:
              type: unknowntype
    """}


def test_an_element_without_ui_fails_in_83_and_gets_its_editor_in_9(open_project):
    # 8.3 DefaultPropertyEditorPostprocessor (Neos.Neos/Classes/NodeTypePostprocessor/
    # DefaultPropertyEditorPostprocessor.php): for an element with a `type` whose data type has an editor it
    # merges `$elementConfiguration['ui']` (no `?? []`) with Arrays::arrayMergeRecursiveOverrule(), which takes
    # arrays: a missing, null or scalar `ui` is a TypeError. 9.x's CreationDialogNodeTypePostprocessor
    # (neos-ui Classes/Infrastructure/ContentRepository/CreationDialog/) merges `$elementConfiguration['ui'] ?? []`:
    # only a scalar `ui` fails there.
    old = open_project(ELEMENT_WITHOUT_UI, cms_version="8.3")
    found = codes(old, "creation-element-ui-invalid")
    assert [(d.severity, where(d)) for d in found] == [
        (Severity.ERROR, ("Teaser.yaml", 7, 9)), (Severity.ERROR, ("Teaser.yaml", 11, 11)),
        (Severity.ERROR, ("Teaser.yaml", 14, 11))]
    assert found[0].message == (
        "Acme.Site:Teaser: creation dialog element `headline` has a `type` with a default editor but no `ui` map: "
        "Neos 8.3 cannot load the node types (its DefaultPropertyEditorPostprocessor merges the element's `ui` "
        "with Arrays::arrayMergeRecursiveOverrule(), which takes an array: a TypeError). Write `ui: {label: ...}`")
    elements = old.node_types["Acme.Site:Teaser"].effective["ui"]["creationDialog"]["elements"]
    assert elements["headline"] == {"type": "string"}  # left as written: the CMS gets no further
    # (the check for elements without an editor does not blame the type, which has a default editor)
    assert [d.message.split("`")[1] for d in run_checks(old) if d.code == "creation-element-no-editor"] == ["partial"]
    assert elements["partial"] == {"type": "unknowntype"}  # no editor: skipped without merging

    new = open_project(ELEMENT_WITHOUT_UI, cms_version="9")
    found = codes(new, "creation-element-ui-invalid")
    assert [where(d) for d in found] == [("Teaser.yaml", 14, 11)]
    assert found[0].message.startswith("Acme.Site:Teaser: creation dialog element `odd` has a `type` with a default "
                                       "editor but its `ui` is the text 'a label', not a map: Neos 9 cannot load")
    elements = new.node_types["Acme.Site:Teaser"].effective["ui"]["creationDialog"]["elements"]
    assert elements["headline"]["ui"]["editor"] == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert elements["note"]["ui"]["editor"] == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert elements["odd"] == {"type": "string", "ui": "a label"}


REFERENCES_I18N = {
    "NodeTypes/Content/Related.yaml": """
        'Acme.Site:Content.Related':
          superTypes:
            'Neos.Neos:Content': true
          references:
            related:
              ui:
                label: i18n
                inspector:
                  group: 'general'
                  editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
                  editorOptions:
                    placeholder: i18n
                    values:
                      a:
                        label: i18n
                inline:
                  editorOptions:
                    placeholder: i18n
              properties:
                note:
                  type: string
                  ui:
                    label: i18n
                    help:
                      message: i18n
        """,
}


def test_i18n_9x_references_get_ids_as_properties_do(open_project):
    """9.x NodeTypeEnrichmentService::setLabels() runs on `references` as on `properties` (with `references.` in
    the id): label, help, inline placeholder and the written editor's labels; and on each entry's own
    `properties`, whose ids are `<entry>.properties.<name>` (Neos.ContentRepositoryRegistry
    Classes/Configuration/NodeTypeEnrichmentService.php)."""
    project = open_project(REFERENCES_I18N, cms_version="9")
    related = project.node_types["Acme.Site:Content.Related"].effective["references"]["related"]
    prefix = "Acme.Site:NodeTypes.Content.Related:"
    assert related["ui"]["label"] == prefix + "references.related"
    options = related["ui"]["inspector"]["editorOptions"]
    assert options["placeholder"] == prefix + "references.related.selectBoxEditor.placeholder"
    assert options["values"]["a"]["label"] == prefix + "references.related.selectBoxEditor.values.a"
    assert related["ui"]["inline"]["editorOptions"]["placeholder"] == \
        prefix + "references.related.ui.inline.editorOptions.placeholder"
    note = related["properties"]["note"]
    assert note["ui"]["label"] == prefix + "related.properties.note"
    assert note["ui"]["help"]["message"] == prefix + "related.properties.note.ui.help.message"
    # 8.3 knows no `references`: the section stays as written
    project = open_project(REFERENCES_I18N, root="Acme.Site83", cms_version="8.3")
    related = project.node_types["Acme.Site:Content.Related"].effective["references"]["related"]
    assert related["ui"]["label"] == "i18n"


# --- creation dialog elements the CMS's creation dialog post-processor cannot take ------------------------------

ELEMENTS_NOT_MAP = {"NodeTypes/Teaser.yaml": """
    'Acme.Site:Quiet':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        creationDialog:
          elements: 'none'
    'Acme.Site:Promoting':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        creationDialog:
          elements: true
      properties:
        headline:
          type: string
          ui:
            showInCreationDialog: true
    'Acme.Site:Off':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        creationDialog:
          elements: ~
    """}


def test_elements_that_are_no_map_fail_in_9_and_with_a_promoted_property_in_83(open_project):
    # 9.x CreationDialogNodeTypePostprocessor (strict types) hands `elements ?? []` to
    # mergeDefaultCreationDialogElementEditors(array &$creationDialogElements): a TypeError for any other value.
    # 8.3's CreationDialogPostprocessor only writes into it for a promoted property (`$elements[$name] = ...` on a
    # string or `true`: an Error).
    new = open_project(ELEMENTS_NOT_MAP, cms_version="9")
    found = codes(new, "creation-element-invalid")
    assert [(d.severity, where(d)) for d in found] == [(Severity.ERROR, ("Teaser.yaml", 6, 7)),
                                                       (Severity.ERROR, ("Teaser.yaml", 12, 7))]
    assert found[0].message == (
        "Acme.Site:Quiet: `ui.creationDialog.elements` is the text 'none', not a map: Neos 9 cannot load the node "
        "types (its CreationDialogNodeTypePostprocessor takes the elements as an array: a TypeError). Write a map "
        "of elements, or `~` for none")
    old = open_project(ELEMENTS_NOT_MAP, cms_version="8.3")
    found = codes(old, "creation-element-invalid")
    assert [where(d) for d in found] == [("Teaser.yaml", 12, 7)]
    assert "Neos 8.3 cannot load the node types (its CreationDialogPostprocessor adds the promoted property " \
           "`headline` to them: an Error)" in found[0].message


EXPLICIT_SCALAR = {"NodeTypes/Teaser.yaml": """
    'Acme.Site:Teaser':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        creationDialog:
          elements:
            headline: 'Headline'
            other: 'not promoted'
            '7':
              type: string
      properties:
        headline:
          type: string
          ui:
            showInCreationDialog: true
        '7':
          type: string
          ui:
            showInCreationDialog: true
    """}


@pytest.mark.parametrize("version", ["8.3", "9"])
def test_an_element_over_a_promoted_property_must_be_a_map(open_project, version):
    project = open_project(EXPLICIT_SCALAR, cms_version=version)
    found = [d for d in codes(project, "creation-element-invalid") if "`headline`" in d.message]
    assert [(d.severity, where(d)) for d in found] == [(Severity.ERROR, ("Teaser.yaml", 7, 9))]
    cms = "Neos 8.3" if version == "8.3" else "Neos 9"
    assert found[0].message == (
        f"Acme.Site:Teaser: creation dialog element `headline` is the text 'Headline', not a map, and completes the "
        f"promoted property `headline`: {cms} cannot load the node types (its creation dialog post-processor merges "
        f"it into the promoted element with Arrays::arrayMergeRecursiveOverrule(), which takes an array: a "
        f"TypeError). Write `headline: {{ui: {{label: ...}}}}`, or `~` to keep the promoted element as it is")


def test_a_promoted_property_named_by_a_number_fails_in_9(open_project):
    project = open_project(EXPLICIT_SCALAR, cms_version="9")
    found = [d for d in codes(project, "creation-element-invalid") if "`7`" in d.message]
    assert [where(d) for d in found] == [("Teaser.yaml", 16, 5)]
    assert found[0].message.startswith(
        "Acme.Site:Teaser: property `7` is shown in the creation dialog, and PHP keys its name as an integer: Neos 9 "
        "cannot load the node types")
    assert not [d for d in codes(open_project(EXPLICIT_SCALAR, cms_version="8.3"), "creation-element-invalid")
                if "`7`" in d.message]
