"""Findings checked against what the CMS really does, from real projects whose findings were wrong."""

from __future__ import annotations

import pytest

from tests.checks.helpers import FIXTURES, load_case


def test_select_box_placeholder_without_allow_empty_is_only_a_compat_note(check):
    # The CMS's select box header shows the placeholder whenever no option is selected; `allowEmpty`
    # only adds the reset button (neos/neos-ui react-ui-components SelectBox `renderHeader`). The
    # documentation's "needs allowEmpty" is a spec-vs-CMS difference: one info, no warning.
    case = load_case(FIXTURES / "compat-placeholder.yaml")
    _project, findings = check(case.text)
    at_placeholder = [(d.code, d.severity.value) for d in findings if d.line == case.line]
    assert at_placeholder == [("compat-placeholder", "info")]


LIST_FORM = """\
'Vendor.Site:Thing':
  superTypes: ['Neos.Neos:Content']
"""


def _package(tmp_path, text: str, cms_version: str | None = None):
    """``text`` as the NodeTypes file of a package, loaded (the CMS version as detected, or the one given)."""
    from nodetype_studio.model import load_project

    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.Test.yaml").write_text(text, encoding="utf-8")
    return load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version=cms_version)


def _list_form_project(tmp_path, version: str):
    return _package(tmp_path, LIST_FORM, version)


def test_text_area_max_rows_is_only_an_8_3_note(tmp_path):
    # 9.x reads `maxRows` (default 24); 8.3 does not (compat-max-rows, tests/fixtures/checks/compat-max-rows.yaml)
    from tests.checks.helpers import check_text

    text = load_case(FIXTURES / "compat-max-rows.yaml").text
    _project, findings = check_text(tmp_path / "83", text)
    assert [d.code for d in findings] == ["compat-max-rows"]
    nine = "\n".join(line for line in text.splitlines() if not line.startswith("# file:"))
    _project, findings = check_text(tmp_path / "9", nine)
    assert [d.format_text() for d in findings] == []


def test_the_list_form_of_supertypes_is_one_error_under_9(tmp_path):
    # NodeTypeManager of 9.x throws 1651821391 on a supertype key that is not a string: one problem,
    # reported once (the 9.x code, which `migrate` fixes), not again by the loader's `supertypes-list`
    from nodetype_studio.checks import collect_findings
    from nodetype_studio.checks.incremental import check_state

    project = _list_form_project(tmp_path, "9")
    for findings in (collect_findings(project), check_state(project).findings()):
        at_line = [(d.code, d.severity.value) for d in findings if d.line == 2]
        assert at_line == [("neos9-supertypes-list", "error")]
    # whoever leaves out the 9.x codes still hears of the error
    assert [d.code for d in collect_findings(project, ignore=["neos9"]) if d.line == 2] == ["supertypes-list"]


def test_the_list_form_of_supertypes_is_a_deprecation_under_8_3(tmp_path):
    from nodetype_studio.checks import collect_findings

    findings = collect_findings(_list_form_project(tmp_path, "8.3"))
    assert [(d.code, d.severity.value) for d in findings if d.line == 2] == [("supertypes-list", "warning")]


@pytest.mark.parametrize("group", ["false", "''", "~"])
def test_a_property_taken_out_of_the_inspector_by_an_empty_group_is_not_reported(check, group):
    # `group: ~` is how Neos.NodeTypes:Page takes a property out of the inspector; `false` and '' do the
    # same (Neos.NeosIo's ImageTeaser title: inline-editable, not in the inspector): no group matches them
    _project, findings = check(f"""\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    title:
      type: string
      ui:
        label: Title
        inlineEditable: true
        inspector:
          group: {group}
""")
    assert [d.format_text() for d in findings if d.code.startswith("inspector-")] == []


def test_ids_written_as_numbers_match_nothing_in_the_ui(check):
    # The UI gets the configuration as JSON: tab and group ids are object keys (text), and it compares
    # a property's `group`, a group's `tab` and a view's `group` with `===`; a tab that is falsy in
    # JavaScript (`0`, '', false) puts the group on the default tab
    _project, findings = check("""\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    inspector:
      tabs:
        '2':
          label: Two
      groups:
        '1':
          label: One
          tab: 2
        plain:
          label: Plain
          tab: ''
        zero:
          label: Zero
          tab: 0
      views:
        info:
          label: Info
          group: 1
          view: 'Neos.Neos/Inspector/Views/NodeInfoView'
  properties:
    title:
      type: string
      ui:
        label: Title
        inspector:
          group: 1
""")
    found = {(d.line, d.message) for d in findings if d.code.startswith("inspector-")}
    assert found == {
        (12, "group `1` is on tab `2`, written as a number: the UI compares it with the id `2` as JavaScript's "
             "`===`, which a number never equals, so it is never shown; quote it: `'2'`"),
        (22, "view `info` is in group `1`, written as a number: the UI compares it with the id `1` as "
             "JavaScript's `===`, which a number never equals, so it is never shown; quote it: `'1'`"),
        (30, "property `title` is in group `1`, written as a number: the UI compares it with the id `1` as "
             "JavaScript's `===`, which a number never equals, so it is never shown; quote it: `'1'`"),
    }


def test_a_property_in_a_named_undefined_group_is_still_reported(check):
    _project, findings = check("""\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    title:
      type: string
      ui:
        label: Title
        inspector:
          group: 'nowhere'
""")
    assert [d.code for d in findings if d.code.startswith("inspector-")] == ["inspector-group-undefined"]


def test_a_finding_names_the_overridden_supertype_whose_package_is_missing(tmp_path):
    # Neos.NeosIo overrides Neos.Seo:OpenGraphMixin (its package not in the folder) and its documents also
    # inherit Neos.Seo mixins the folder lacks: the type of `openGraphType` comes from the real
    # OpenGraphMixin, so the finding must name it, not only the missing mixins
    from nodetype_studio.checks import collect_findings
    from nodetype_studio.model import load_project

    site = tmp_path / "Acme.Site" / "Configuration"
    site.mkdir(parents=True)
    (site / "NodeTypes.Override.yaml").write_text("""\
'Neos.Seo:OpenGraphMixin':
  properties:
    openGraphType:
      ui:
        inspector: {}
""", encoding="utf-8")
    (site / "NodeTypes.Page.yaml").write_text("""\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
    'Neos.Seo:OpenGraphMixin': true
    'Neos.Seo:TitleTagMixin': true
""", encoding="utf-8")
    project = load_project(tmp_path / "Acme.Site", use_cache=False)
    (finding,) = [d for d in collect_findings(project) if d.code == "property-type-missing"]
    assert "`Neos.Seo:OpenGraphMixin`" in finding.message, finding.message


REFERENCE_WITH_EXCLUSIONS = """\
'Vendor.Site:Other':
  superTypes:
    'Neos.Neos:Document': true
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  references:
    link:
      constraints:
        nodeTypes:
          'Neos.Neos:Document': true
      ui:
        inspector:
          editorOptions:
            nodeTypes: {editor_types}
"""


def test_excluded_node_types_of_a_reference_editor_are_not_offered(check):
    # 9.x reads the editor's `nodeTypes` as a node type filter (NodeTypeCriteria::fromFilterString): a `!X`
    # entry takes X out of what the editor offers (Neos.NeosIo's navigation folder excludes its posts)
    _project, findings = check(REFERENCE_WITH_EXCLUSIONS.format(
        editor_types="['Neos.Neos:Document', '!Vendor.Site:Other', '!Neos.Neos:Shortcut']"))
    assert [d.format_text() for d in findings if d.code.startswith("neos9-reference")] == []


def test_a_refused_node_type_next_to_exclusions_is_still_reported(check):
    _project, findings = check(REFERENCE_WITH_EXCLUSIONS.format(
        editor_types="['Neos.Neos:Content', '!Vendor.Site:Other']"))
    (finding,) = [d for d in findings if d.code == "neos9-reference-nodetypes"]
    assert "offers Neos.Neos:Content, which" in finding.message


def test_exclusions_alone_do_not_limit_the_offered_node_types(check):
    # only `!X` entries: the editor offers every other node, so there is nothing for the constraints to repeat
    text = REFERENCE_WITH_EXCLUSIONS.format(editor_types="['!Vendor.Site:Other']").replace(
        "      constraints:\n        nodeTypes:\n          'Neos.Neos:Document': true\n", "")
    _project, findings = check(text)
    assert [d.format_text() for d in findings if d.code.startswith("neos9-reference")] == []


LEGACY_SPELLINGS = """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    old:
      type: string
      ui:
        label: Old
        inspector:
          group: default
          editor: 'TYPO3.Neos/Inspector/Editors/TextAreaEditor'
      validation:
        'TYPO3.Neos/Validation/StringLengthValidator': {maximum: 10}
    older:
      type: string
      ui:
        label: Older
        inspector:
          group: default
          editor: 'Content/Inspector/Editors/TextAreaEditor'
"""


def _at_lines(findings) -> dict[int, list[tuple[str, str]]]:
    lines: dict[int, list[tuple[str, str]]] = {}
    for d in findings:
        lines.setdefault(d.line, []).append((d.code, d.severity.value))
    return lines


def _collected(tmp_path, text: str, cms_version: str | None = None) -> list:
    """Every finding `check` reports (loader and rules) for ``text`` as a package's NodeTypes file."""
    from nodetype_studio.checks import collect_findings

    return collect_findings(_package(tmp_path, text, cms_version))


def test_the_typo3_neos_spelling_is_unknown_to_the_cms(tmp_path):
    # Neos 3 renamed TYPO3.Neos to Neos.Neos with a code migration (`core:migrate` rewrote the files); the
    # React UI rewrites only `Content/Inspector/Editors` (EditorEnvelope) and registers its editors and
    # validators as `Neos.Neos/...`: a `TYPO3.Neos/...` editor shows "Missing Editor", such a validator is
    # skipped. One finding each, where it is written; the `Content/Inspector/Editors` spelling stays one note.
    findings = _collected(tmp_path, LEGACY_SPELLINGS)
    lines = _at_lines(findings)
    assert lines[11] == [("editor-unknown", "error")]
    assert lines[13] == [("validator-unknown", "warning")]
    assert lines[20] == [("compat-legacy-identifier", "info")]
    editor = next(d for d in findings if d.line == 11)
    assert "Missing Editor" in editor.message and "`Neos.Neos/Inspector/Editors/TextAreaEditor`" in editor.message


def test_a_typo3_media_type_has_no_default_editor(tmp_path):
    # DefaultPropertyEditorPostprocessor looks the type up in `dataTypes` as written; the settings know
    # `Neos\Media\...` only (the TYPO3 namespace was renamed in Neos 3), so an inspector without an editor
    # makes it throw "Could not find editor" (1436809123); janscholz/neos-cleanblog's headerImage
    findings = _collected(tmp_path, """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    headerImage:
      type: TYPO3\\Media\\Domain\\Model\\ImageInterface
      ui:
        label: Image
        inspector:
          group: default
""")
    assert _at_lines(findings)[6] == [("property-no-default-editor", "error")]
    (finding,) = [d for d in findings if d.line == 6]
    assert "`Neos\\Media\\Domain\\Model\\ImageInterface`" in finding.message, finding.message


def test_a_renamed_type_without_a_default_editor_still_needs_an_editor(check):
    # `Neos\Media\...\ImageVariant` has no default editor either: renaming alone would not help
    _project, findings = check("""\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    picture:
      type: TYPO3\\Media\\Domain\\Model\\ImageVariant
      ui:
        inspector:
          group: default
""")
    (finding,) = [d for d in findings if d.code == "property-no-default-editor"]
    assert finding.message.endswith("Set `ui.inspector.editor`"), finding.message


def test_an_override_of_unstructured_is_one_finding_under_9(tmp_path):
    # Flowpack.ElasticSearch.ContentRepositoryAdaptor configures `unstructured`, the 8.3 content
    # repository's type that 9.x removed: its name is the 8.3 platform's, not a malformed one
    findings = _collected(tmp_path, """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
'unstructured':
  search:
    fulltext:
      enable: true
""", cms_version="9")
    assert [d.code for d in findings if d.line == 4] == ["neos9-removed-type-override"]


IMAGE_CROP = """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    p:
      type: Neos\\Media\\Domain\\Model\\ImageInterface
      ui:
        label: P
        inspector:
          group: default
          editorOptions:
{options}
"""


@pytest.mark.parametrize("options, path", [
    ("            crop: ~", "crop"),
    ("            crop:\n              aspectRatio: ~", "crop.aspectRatio"),
    ("            crop:\n              aspectRatio:\n                options: ~", "crop.aspectRatio.options"),
])
def test_a_null_crop_setting_breaks_the_cms_cropper(check, options, path):
    # neos-ui ImageCropper reads `options.crop.aspectRatio`, `locked.width` and `Object.values(options)`
    _project, findings = check(IMAGE_CROP.format(options=options))
    assert [(d.code, d.severity.value) for d in findings if d.code == "option-null"] == [("option-null", "error")]
    assert f"`{path}` is null" in next(d.message for d in findings if d.code == "option-null")


def test_a_null_crop_setting_is_harmless_while_cropping_is_off(check):
    options = "            features:\n              crop: false\n            crop:\n              aspectRatio:\n                locked: ~"
    _project, findings = check(IMAGE_CROP.format(options=options))
    assert [d.code for d in findings if d.code == "option-null"] == []


@pytest.mark.parametrize("options, reported", [
    ("            crop:\n              aspectRatio:\n                defaultOption: square", False),
    ("            crop:\n              aspectRatio:\n                defaultOption: original", True),   # presets only
    ("            crop:\n              aspectRatio:\n                defaultOption: square\n"
     "                options:\n                  square: ~", True),                                      # removed preset
    ("            features:\n              crop: false\n"
     "            crop:\n              aspectRatio:\n                defaultOption: nope", False),     # no cropper
    ("            crop:\n              aspectRatio:\n                defaultOption: nope\n"
     "                locked: {width: 16, height: 9}", False),                                         # the lock decides
])
def test_a_default_option_must_name_a_preset(check, options, reported):
    # neos-ui ImageCropper/model.js reads `options[defaultOption]`: width, height and label of a preset
    _project, findings = check(IMAGE_CROP.format(options=options))
    found = [d for d in findings if d.code == "option-value" and "defaultOption" in d.message]
    assert bool(found) == reported, [d.format_text() for d in findings]


@pytest.mark.parametrize("option", ["allowOriginal: true", "defaultOption: square"])
def test_allow_original_and_default_option_are_inert_under_a_lock(check, option):
    # neos-ui ImageCropper/model.js: an active lock is the starting ratio and the only one offered
    options = f"            crop:\n              aspectRatio:\n                locked: {{width: 16, height: 9}}\n                {option}"
    _project, findings = check(IMAGE_CROP.format(options=options))
    name = option.split(":")[0]
    assert [d.message for d in findings if d.code == "option-crop-locked"] == [
        f"`crop.aspectRatio.{name}` has no effect while `crop.aspectRatio.locked` is set"]


HIDDEN_REQUIRED = """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    p:
      type: string
      ui:
        label: P
        inspector:
          group: default
          hidden: {hidden}
      validation:
        'Neos.Neos/Validation/NotEmptyValidator': {{}}
"""


@pytest.mark.parametrize("hidden", ["'false'", "'yes'", "1"])
def test_any_truthy_hidden_value_hides_a_required_property(check, hidden):
    # The UI hides an inspector item whose `hidden` is truthy in JavaScript, so a non-empty string (even
    # 'false') or 1 hides it as `true` does (facts §5.7 step 4, §5.9)
    _project, findings = check(HIDDEN_REQUIRED.format(hidden=hidden))
    assert [(d.code, d.line) for d in findings if d.code == "property-hidden-required"] == [("property-hidden-required", 11)]


@pytest.mark.parametrize("hidden", ["false", "0", "''", "~", "'ClientEval:node.properties.p == 1'"])
def test_a_falsy_or_client_eval_hidden_value_does_not_hide_for_good(check, hidden):
    _project, findings = check(HIDDEN_REQUIRED.format(hidden=hidden))
    assert [d.code for d in findings if d.code == "property-hidden-required"] == []


def test_a_property_hidden_by_a_truthy_string_has_no_position_to_clash(check):
    # only shown items are ordered: a property hidden by `hidden: 'true'` shares no position with anyone
    _project, findings = check("""\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    a:
      type: string
      ui:
        label: A
        inspector:
          group: default
          position: 10
    b:
      type: string
      ui:
        label: B
        inspector:
          group: default
          position: 10
          hidden: 'true'
""")
    assert [d.format_text() for d in findings if d.code == "position-duplicate"] == []


LABELS = """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: ~
    inspector:
      groups:
        extra:
          label: 12
        gone: ~
  properties:
    title:
      type: string
      ui:
        label: Title
        help:
          message: ~
        inspector:
          group: extra
    count:
      type: integer
      ui:
        label: true
        inspector:
          group: extra
"""


def test_labels_that_are_not_text_fail_the_9x_label_enrichment(tmp_path):
    # NodeTypeEnrichmentService (9.x, declare(strict_types=1)) calls trim() on every label (and on help
    # messages that are set): null, numbers and booleans are TypeErrors there. A null group and a null help
    # message are skipped (`is_array` / `isset`), as is everything under 8.3 (no strict types)
    from nodetype_studio.checks import collect_findings

    found = [(d.line, d.severity.value) for d in collect_findings(_package(tmp_path / "9", LABELS, "9"))
             if d.code == "neos9-label-not-text"]
    assert found == [(5, "error"), (9, "error"), (23, "error")]
    assert not [d for d in collect_findings(_package(tmp_path / "83", LABELS, "8.3")) if d.code == "neos9-label-not-text"]


EDITOR_LABELS = """\
'Vendor.Site:Base':
  abstract: true
  superTypes:
    'Neos.Neos:Content': true
  properties:
    short:
      type: string
      ui:
        inspector:
          editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
'Vendor.Site:Thing':
  superTypes:
    'Vendor.Site:Base': true
  properties:
    choice:
      type: string
      ui:
        inspector:
          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            placeholder: ~
            values:
              a: 'A'
              b:
                label: 12
              c: ~
              d:
                label: D
    short:
      ui:
        inspector:
          editorOptions:
            placeholder: 5
    code:
      type: string
      ui:
        inspector:
          editor: 'Neos.Neos/Inspector/Editors/CodeEditor'
          editorOptions: 'x'
    mine:
      type: string
      ui:
        inspector:
          editor: 'Vendor.Site/Editors/Mine'
          editorOptions:
            placeholder: ~
    text:
      type: string
      ui:
        inline:
          editorOptions:
            placeholder: ~
  ui:
    creationDialog:
      elements:
        extra:
          type: string
          ui:
            label: Extra
            editor: 'Neos.Neos/Inspector/Editors/TextAreaEditor'
            editorOptions:
              placeholder: false
"""


def test_editor_labels_that_are_not_text_fail_the_9x_label_enrichment(tmp_path):
    # NodeTypeEnrichmentService::applyEditorLabels() (9.x, strict types) takes the set `editorOptions` of the
    # four platform editors it knows (the property's editor as written, else a supertype's) as an array and
    # trim()s their placeholder / buttonLabel, and each non-null SelectBox `values` entry must be an array with
    # a text label; the inline editor's placeholder too. Another editor's options are not read
    from nodetype_studio.checks import collect_findings

    found = [(d.line, d.message.split(" is ")[0]) for d in collect_findings(_package(tmp_path / "9", EDITOR_LABELS, "9"))
             if d.code == "neos9-label-not-text"]
    assert found == [(21, "Vendor.Site:Thing: `properties.choice.ui.inspector.editorOptions.placeholder`"),
                     (23, "Vendor.Site:Thing: `properties.choice.ui.inspector.editorOptions.values.a`"),
                     (25, "Vendor.Site:Thing: `properties.choice.ui.inspector.editorOptions.values.b.label`"),
                     (33, "Vendor.Site:Thing: `properties.short.ui.inspector.editorOptions.placeholder`"),
                     (39, "Vendor.Site:Thing: `properties.code.ui.inspector.editorOptions`"),
                     (52, "Vendor.Site:Thing: `properties.text.ui.inline.editorOptions.placeholder`"),
                     (62, "Vendor.Site:Thing: `ui.creationDialog.elements.extra.ui.editorOptions.placeholder`")]
    # 8.3's aspect casts scalars to text, but takes the options and a `values` entry as arrays too
    found_83 = [(d.code, d.line) for d in collect_findings(_package(tmp_path / "83", EDITOR_LABELS, "8.3"))
                if d.code.endswith("-label-not-text")]
    assert found_83 == [("neos83-label-not-text", 23), ("neos83-label-not-text", 39)]


def test_lists_and_scalars_where_the_8_3_label_enrichment_takes_text_or_a_map(tmp_path):
    # NodeTypeConfigurationEnrichmentAspect (8.3, no strict types): trim() of a list fails in any mode, and its
    # parameters are typed `array` (a `ui` written as text); it reads null and numbers as text, and skips
    # `references:` (8.3 ignores the section)
    from nodetype_studio.checks import collect_findings

    text = """\
'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: [Thing]
    inspector:
      groups:
        extra:
          label: 12
  properties:
    title:
      type: string
      ui: Title
    count:
      type: integer
      ui:
        label: ~
  references:
    other:
      ui: Other
"""
    found = [(d.line, d.message.split(": ")[1]) for d in collect_findings(_package(tmp_path, text, "8.3"))
             if d.code == "neos83-label-not-text"]
    assert found == [(5, "`ui.label` is a list, not text"), (13, "`properties.title.ui` is string `Title`, not a map")]


def test_a_later_file_writing_the_label_as_text_is_what_the_enrichment_reads(tmp_path):
    from nodetype_studio.checks import collect_findings

    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text("'Vendor.Site:Thing':\n  ui:\n    label: ~\n")
    (folder / "NodeTypes.Label.yaml").write_text("'Vendor.Site:Thing':\n  ui:\n    label: Thing\n")
    from nodetype_studio.model import load_project

    project = load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version="9")
    assert [d for d in collect_findings(project) if d.code == "neos9-label-not-text"] == []


def test_trim_of_a_non_string_is_a_type_error_under_strict_types_only():
    # the PHP rule behind `neos9-label-not-text`, with real PHP: the enrichment's shouldFetchTranslation()
    from tests.php.conftest import run_php_script

    script = r"""
    declare(strict_types=1);
    $out = [];
    foreach (json_decode(stream_get_contents(STDIN), true) as $value) {
        try { trim($value); $out[] = 'ok'; } catch (\TypeError $e) { $out[] = 'TypeError'; }
    }
    echo json_encode($out);
    """
    assert run_php_script(script, [None, 12, True, "i18n", " x "]) == ["TypeError", "TypeError", "TypeError", "ok", "ok"]


BLANK_DATETIME_DEFAULT = """\
'Vendor.Site:Event':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    starts:
      type: DateTime
      defaultValue: ''
      validation:
        'Neos.Neos/Validation/NotEmptyValidator': []
      ui:
        inspector:
          hidden: true
"""


@pytest.mark.parametrize("cms_version, severity", [("8.3", "warning"), ("9", "error")])
def test_a_blank_datetime_default_is_now_in_8_3_and_fails_in_9(tmp_path, cms_version, severity):
    # 8.3 NodeType::getDefaultValuesForProperties(): `new \\DateTime('')`, the moment of creation (so a hidden
    # required date is filled); 9.x SerializedPropertyValues::defaultFromNodeType() denormalizes the default and
    # Symfony's DateTimeNormalizer throws for a blank string: the node cannot be created
    from nodetype_studio.checks import collect_findings

    findings = collect_findings(_package(tmp_path, BLANK_DATETIME_DEFAULT, cms_version), ignore=["neos9"])
    defaults = [d for d in findings if d.code == "default-value-type"]
    assert [(d.line, d.severity.value) for d in defaults] == [(7, severity)]
    assert ("Neos 8.3 creates the node" if cms_version == "8.3" else "creating a node fails") in defaults[0].message
    hidden = [d for d in findings if d.code == "property-hidden-required"]
    assert len(hidden) == (0 if cms_version == "8.3" else 1)


RANGE = """\
'Vendor.Site:Base':
  abstract: true
  superTypes:
    'Neos.Neos:Content': true
  properties:
    p:
      type: integer
      ui:
        label: P
        inspector:
          group: default
          editor: 'Neos.Neos/Inspector/Editors/RangeEditor'
{base}
'Vendor.Site:Thing':
  superTypes:
    'Vendor.Site:Base': true
{own}
"""


@pytest.mark.parametrize("base, own, missing", [
    ("", "", []),  # no editorOptions at all: the editor's defaults 0..100 clamp too
    ("          editorOptions:\n            min: 1\n            max: 9", "", []),
    ("          editorOptions:\n            max: 9", "", ["min"]),
    ("          editorOptions:\n            unit: px", "", ["min", "max"]),
    ("          editorOptions: {}", "", ["min", "max"]),  # (an empty PHP array reaches the UI as `[]`)
    # a subtype's options completing the bounds, and a subtype's options missing one of them
    ("          editorOptions:\n            max: 9",
     "  properties:\n    p:\n      ui:\n        inspector:\n          editorOptions:\n            min: 1", []),
    ("", "  properties:\n    p:\n      ui:\n        inspector:\n          editorOptions:\n            step: 5", ["min", "max"]),
])
def test_range_options_without_min_or_max_lose_every_change(check, base, own, missing):
    # neos-ui Range/index.js shows missing bounds from its default props but clamps with the options as given:
    # `Math.min(options.max, Math.max(options.min, value))` is NaN once editorOptions exist without one of them
    _project, findings = check(RANGE.format(base=base, own=own))
    reported = [d for d in findings if d.code == "option-range-unbounded"]
    assert sorted(d.message.split("`")[3] for d in reported) == sorted(missing)  # (the abstract base is not checked)
    assert all(d.severity.value == "warning" for d in reported)


@pytest.mark.parametrize("options, reported", [
    ("            crop:\n              aspectRatio:\n                locked:\n                  width: 16", "width of 16"),
    ("            crop:\n              aspectRatio:\n                locked:\n                  height: '9'\n                  width: ~",
     "height of 9"),
    ("            crop:\n              aspectRatio:\n                locked:\n                  width: 16\n                  height: 9", None),
    ("            crop:\n              aspectRatio:\n                locked:\n                  width: 0\n                  height: 0", None),
    # with cropping off the lock is never used; `forceCrop` opens the cropper anyway
    ("            features:\n              crop: false\n            crop:\n              aspectRatio:\n"
     "                locked:\n                  width: 16", None),
    ("            features:\n              crop: false\n            crop:\n              aspectRatio:\n"
     "                forceCrop: true\n                locked:\n                  width: 16", "width of 16"),
])
def test_a_crop_lock_with_one_side_locks_nothing(check, options, reported):
    # neos-ui ImageCropper/model.js locks only when `locked.width > 0 && locked.height > 0`; the settings give
    # 0 for a side not written (neos-facts §1.2, §2.11)
    _project, findings = check(IMAGE_CROP.format(options=options))
    found = [d for d in findings if d.code == "option-crop-lock-incomplete"]
    assert [reported in d.message for d in found] == ([True] if reported else [])
