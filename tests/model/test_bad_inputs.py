"""Every bad input is a finding with code, message and position; nothing crashes, nothing else is lost."""

from __future__ import annotations

import pytest
from modelkit import codes, only, where

from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import load_project, yamlload
from nodetype_studio.model.yamlload import ALIAS_EXPANSION_LIMIT, MAX_NESTING

# A well-formed file loaded next to every broken one: its type must always survive.
GOOD = {"NodeTypes/Good.yaml": """
    'Acme.Site:Good':
      superTypes:
        'Neos.Neos:Content': true
      properties:
        text:
          type: string
    """}


def broken(open_project, name: str, content: str | bytes):
    project = open_project({**GOOD, f"NodeTypes/{name}": content})
    assert "Acme.Site:Good" in project.node_types, "a broken file must not stop the others from loading"
    assert project.node_types["Acme.Site:Good"].effective["properties"]["text"]["type"] == "string"
    return project


def test_syntax_error_has_position_and_the_other_files_still_load(open_project):
    project = broken(open_project, "Broken.yaml", """
        'Acme.Site:Broken':
          properties:
            title: [unclosed
          ui:
            label: x
        """)
    finding = only(project, "yaml-syntax")
    assert finding.severity == Severity.ERROR
    assert finding.message.startswith("YAML syntax error: ")
    assert where(finding)[0] == "Broken.yaml"
    assert finding.line == 4 and finding.column >= 1
    assert "Acme.Site:Broken" not in project.node_types
    broken_file = next(f for f in project.files if f.path.name == "Broken.yaml")
    assert broken_file.data is None


def test_mapping_values_not_allowed_points_at_the_offending_colon(open_project):
    project = broken(open_project, "Colon.yaml", "'Acme.Site:Colon':\n  ui: label: x\n")
    finding = only(project, "yaml-syntax")
    assert "mapping values are not allowed" in finding.message
    assert where(finding) == ("Colon.yaml", 2, 12)


def test_tab_indentation_is_reported_at_the_tab(open_project):
    project = broken(open_project, "Tabs.yaml", "'Acme.Site:Tabs':\n  ui:\n  \tlabel: x\n")
    tab = only(project, "yaml-tab")
    assert tab.severity == Severity.ERROR
    assert "tab character in indentation" in tab.message
    assert where(tab) == ("Tabs.yaml", 3, 3)


def test_a_tab_inside_a_value_is_not_an_indentation_finding(open_project):
    project = open_project({"NodeTypes/T.yaml": "'Acme.Site:T':\n  ui:\n    label: \"a\\tb\"\n    help: {message: 'x\ty'}\n"})
    assert not codes(project, "yaml-tab")
    assert project.node_types["Acme.Site:T"].effective["ui"]["label"] == "a\tb"


def test_duplicate_key_first_occurrence_kept_and_file_still_loads(open_project):
    project = broken(open_project, "Dup.yaml", """
        'Acme.Site:Dup':
          ui:
            label: First
            icon: icon-a
            label: Second
          properties:
            a: {type: string}
        """)
    finding = only(project, "yaml-duplicate-key")
    assert finding.severity == Severity.ERROR
    assert "duplicate key 'label' (first defined on line 3)" in finding.message
    assert where(finding) == ("Dup.yaml", 5, 5)
    nt = project.node_types["Acme.Site:Dup"]
    assert nt.effective["ui"]["label"] == "First"
    assert nt.effective["ui"]["icon"] == "icon-a"
    assert "a" in nt.effective["properties"]


def test_duplicate_top_level_node_type_keeps_the_first(open_project):
    project = broken(open_project, "DupType.yaml", """
        'Acme.Site:Twice':
          ui: {label: One}
        'Acme.Site:Twice':
          ui: {label: Two}
        """)
    finding = only(project, "yaml-duplicate-key")
    assert where(finding) == ("DupType.yaml", 3, 1)
    assert project.node_types["Acme.Site:Twice"].effective["ui"]["label"] == "One"


def test_non_utf8_bytes_are_reported_and_the_file_still_loads(open_project):
    content = b"'Acme.Site:Latin':\n  ui:\n    label: 'Caf\xe9 au lait'\n    icon: icon-coffee\n"
    project = broken(open_project, "Latin.yaml", content)
    finding = only(project, "yaml-encoding")
    assert finding.severity == Severity.ERROR
    assert "byte 0xe9 is not valid UTF-8" in finding.message
    assert where(finding) == ("Latin.yaml", 3, 16)
    ui = project.node_types["Acme.Site:Latin"].effective["ui"]
    assert ui["label"] == "Caf\ufffd au lait"
    assert ui["icon"] == "icon-coffee"


def test_utf8_bom_is_accepted_silently(open_project):
    project = open_project({"NodeTypes/Bom.yaml": "\ufeff'Acme.Site:Bom':\n  ui: {label: 'Ünïcode'}\n"})
    assert not project.diagnostics
    assert project.node_types["Acme.Site:Bom"].effective["ui"]["label"] == "Ünïcode"


def test_a_tag_the_cms_refuses_keeps_the_file_out_and_constructs_nothing(open_project):
    # Symfony YAML refuses custom tags (Flow does not enable them) and every built-in tag but a few: the
    # CMS does not load the file, and neither does the studio (tests/php compares this with Symfony)
    project = broken(open_project, "Tag.yaml", """
        'Acme.Site:Tagged':
          ui:
            label: !foo bar
            icon: !!python/object/apply:os.system ['echo pwned']
        """)
    finding = only(project, "yaml-tag")
    assert finding.severity == Severity.ERROR
    assert where(finding) == ("Tag.yaml", 3, 12)
    assert "custom tags such as `!foo` are not enabled" in finding.message
    assert "refuses the whole file" in finding.message
    assert "Acme.Site:Tagged" not in project.node_types


@pytest.mark.parametrize("value, shown", [
    ("!!python/object/apply:os.system ['echo pwned']", "!!python/object/apply:os.system"),
    ("!!int 3", "!!int"), ("!!bool true", "!!bool"), ("!!map {a: 1}", "!!map"), ("!!seq [a]", "!!seq"),
])
def test_a_built_in_tag_the_cms_does_not_read_refuses_the_file(open_project, value, shown):
    project = broken(open_project, "Tag.yaml", f"'Acme.Site:Tagged':\n  ui:\n    icon: {value}\n")
    finding = only(project, "yaml-tag")
    assert where(finding) == ("Tag.yaml", 3, 11)
    assert f"the tag `{shown}` is not supported by the CMS's YAML parser: it refuses the whole file" in finding.message
    assert "Acme.Site:Tagged" not in project.node_types


def test_tags_the_cms_reads_give_its_values(open_project):
    project = open_project({"NodeTypes/T.yaml": """
        'Acme.Site:T':
          properties:
            a: {defaultValue: !!str 12}
            b: {defaultValue: !!float 3}
            c: {defaultValue: !!float 1e3px}
            d: {defaultValue: !!binary aGVsbG8=}
            e: {defaultValue: !php/const PHP_EOL}
        """})
    props = project.node_types["Acme.Site:T"].effective["properties"]
    assert [props[n]["defaultValue"] for n in "abcde"] == ["12", 3.0, 1000.0, "hello", None]
    assert isinstance(props["b"]["defaultValue"], float)
    finding = only(project, "yaml-tag")  # only the constant, read as null, is worth a word
    assert finding.severity == Severity.WARNING and where(finding) == ("T.yaml", 7, 23)
    assert "reads `!php/const` values as null" in finding.message


def test_bad_base64_refuses_the_file(open_project):
    project = broken(open_project, "Bin.yaml", "'Acme.Site:Bin':\n  ui:\n    icon: !!binary aGVsbG8\n")
    finding = only(project, "yaml-tag")
    assert "is not a multiple of four" in finding.message and "refuses the whole file" in finding.message
    assert "Acme.Site:Bin" not in project.node_types


def test_a_key_repeated_after_an_empty_one_takes_the_later_value(open_project):
    # Symfony YAML refuses a repeated key unless the earlier one is null (PHP's isset): then the later
    # value replaces it, in the earlier key's place
    project = open_project({"NodeTypes/Dup.yaml": """
        'Acme.Site:Dup':
          properties:
            title:
            text: {type: string}
            title:
              type: string
              ui: {label: Title}
        """})
    finding = only(project, "yaml-duplicate-key")
    assert finding.severity == Severity.WARNING
    assert where(finding) == ("Dup.yaml", 5, 5)
    assert "first defined on line 3, without a value" in finding.message and "takes this later value" in finding.message
    nt = project.node_types["Acme.Site:Dup"]
    assert list(nt.effective["properties"]) == ["title", "text"]
    assert nt.effective["properties"]["title"]["ui"]["label"] == "Title"
    assert nt.provenance(("properties", "title", "type")).location.line == 6


@pytest.mark.parametrize("content, at", [
    ("'Acme.Site:Q':\n  ui:\n    ? label\n    : Q\n", (3, 5)),
    ("'Acme.Site:Q':\n  properties:\n    - ? a\n", (3, 7)),
])
def test_an_explicit_key_refuses_the_file(open_project, content, at):
    project = broken(open_project, "Q.yaml", content)
    finding = only(project, "yaml-complex-key")
    assert finding.severity == Severity.ERROR
    assert where(finding) == ("Q.yaml", *at)
    assert "refuses the whole file" in finding.message
    assert "Acme.Site:Q" not in project.node_types


def test_a_dash_after_a_key_is_text_as_the_cms_reads_it(open_project):
    # libyaml refuses `key: - x`; Symfony YAML reads `- x` as text, folding in the indented lines after it
    project = open_project({"NodeTypes/D.yaml": """
        'Acme.Site:D':
          ui:
            label: - Dash
            help:
              message: - one
                - two
            icon: icon-a
        """})
    findings = codes(project, "yaml-indicator-as-text")
    assert [where(d) for d in findings] == [("D.yaml", 3, 12), ("D.yaml", 5, 16)]
    assert findings[0].severity == Severity.WARNING and "reads the rest of the value as text, not as a list" in findings[0].message
    ui = project.node_types["Acme.Site:D"].effective["ui"]
    assert (ui["label"], ui["help"]["message"], ui["icon"]) == ("- Dash", "- one - two", "icon-a")


def test_many_dashes_after_keys_are_bounded(open_project):
    lines = "".join(f"    p{i}: - x\n" for i in range(40))
    project = broken(open_project, "Many.yaml", "'Acme.Site:Many':\n  ui:\n" + lines)
    assert len(codes(project, "yaml-indicator-as-text")) == 0
    finding = only(project, "yaml-syntax")  # past 32 of them the file is refused as libyaml reads it
    assert "block sequence entries are not allowed" in finding.message


def test_a_question_mark_inside_text_is_no_explicit_key(open_project):
    project = open_project({"NodeTypes/Q.yaml": """
        'Acme.Site:Q':
          ui:
            help:
              message: |
                ? is this a key
                no
            label: 'What?'
        """})
    assert not project.diagnostics
    assert project.node_types["Acme.Site:Q"].effective["ui"]["help"]["message"].startswith("? is this")


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, levels):
        refs = ",".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "'Acme.Site:Bomb':\n  ui:\n" + "".join(f"    {line}\n" for line in lines)


def test_alias_bomb_is_bounded_and_the_file_is_not_loaded(open_project, monkeypatch):
    built = []
    original = yamlload._Builder.build

    def counting(self, node, depth=0):
        built.append(self.file)
        return original(self, node, depth)

    monkeypatch.setattr(yamlload._Builder, "build", counting)
    # 9**40 values if expanded: only a bounded loader gets through this at all
    project = broken(open_project, "Bomb.yaml", billion_laughs(levels=40))
    finding = only(project, "yaml-alias-bomb")
    assert finding.severity == Severity.ERROR
    assert f"more than {ALIAS_EXPANSION_LIMIT:,} values" in finding.message
    assert "it is not loaded" in finding.message
    assert where(finding) == ("Bomb.yaml", 1, 1)
    assert "Acme.Site:Bomb" not in project.node_types
    # the size is computed on the node graph: not a single value of the bomb is ever built
    assert not [f for f in built if f.endswith("Bomb.yaml")]
    assert [f for f in built if f.endswith("Good.yaml")]


def test_moderate_alias_reuse_is_not_a_bomb(open_project):
    project = open_project({"NodeTypes/Reuse.yaml": billion_laughs(levels=3)})
    assert not codes(project, "yaml-alias-bomb")
    assert len(project.node_types["Acme.Site:Bomb"].effective["ui"]["a2"]) == 9


def test_nesting_too_deep(open_project):
    depth = MAX_NESTING + 50
    text = "'Acme.Site:Deep':\n  ui:\n    x: " + "[" * depth + "]" * depth + "\n"
    project = broken(open_project, "Deep.yaml", text)
    finding = only(project, "yaml-too-deep")
    assert f"deeper than {MAX_NESTING} levels" in finding.message
    assert where(finding) == ("Deep.yaml", 3, 205)  # the collection one level too deep
    assert "Acme.Site:Deep" not in project.node_types


def test_top_level_that_is_not_a_mapping(open_project):
    project = broken(open_project, "List.yaml", "- 'Acme.Site:One'\n- 'Acme.Site:Two'\n")
    finding = only(project, "nodetypes-not-mapping")
    assert finding.severity == Severity.ERROR
    assert "must be a mapping of node type names" in finding.message
    assert where(finding) == ("List.yaml", 1, 1)


def test_top_level_scalar_is_not_a_mapping(open_project):
    project = broken(open_project, "Scalar.yaml", "just a sentence\n")
    assert where(only(project, "nodetypes-not-mapping")) == ("Scalar.yaml", 1, 1)


def test_empty_and_comment_only_files_are_fine(open_project):
    project = open_project({**GOOD, "NodeTypes/Empty.yaml": "", "NodeTypes/Comment.yaml": "# nothing yet\n"})
    assert not project.diagnostics


def test_node_type_config_that_is_a_scalar(open_project):
    project = broken(open_project, "ScalarType.yaml", "'Acme.Site:Other':\n  ui: {label: Other}\n'Acme.Site:Scalar': 'hello'\n")
    finding = only(project, "nodetype-not-mapping")
    assert finding.message == "the configuration of 'Acme.Site:Scalar' must be a mapping, not str"
    assert where(finding) == ("ScalarType.yaml", 3, 1)
    assert finding.node_type == "Acme.Site:Scalar"
    assert "Acme.Site:Scalar" not in project.node_types
    assert project.node_types["Acme.Site:Other"].effective["ui"]["label"] == "Other"


def test_node_type_config_that_is_a_list_says_list(open_project):
    project = broken(open_project, "ListType.yaml", "'Acme.Site:Listed': [1, 2]\n")
    finding = only(project, "nodetype-not-mapping")
    assert finding.message == "the configuration of 'Acme.Site:Listed' must be a mapping, not a list"



def test_node_type_config_that_is_an_empty_list_is_an_empty_type(open_project):
    # Symfony YAML reads `[]` and `{}` alike as PHP's empty array, which is a configuration (9.x
    # NodeTypeManager::loadNodeTypes() skips only entries that are not arrays; 8.3 the same): a node type
    # with nothing configured, which other types may use as a supertype
    project = open_project({"NodeTypes/Types.yaml": """
        'Acme.Site:Marker': []
        'Acme.Site:Box':
          superTypes:
            'Acme.Site:Marker': true
            'Neos.Neos:Content': true
        """})
    assert codes(project, "nodetype-not-mapping") == [] and codes(project, "supertype-unknown") == []
    assert project.node_types["Acme.Site:Marker"].effective == {"references": {}}
    box = project.node_types["Acme.Site:Box"]
    assert box.is_of_type("Acme.Site:Marker") and box.is_of_type("Neos.Neos:Content")


NULLED_TYPES = {
    "NodeTypes/Types.yaml": """
        'Acme.Site:Gone':
          ui: {label: Gone}
        'Acme.Site:Back': ~
        'Acme.Site:Child':
          superTypes: {'Acme.Site:Gone': true}
        'Neos.Neos:Shortcut': ~
        """,
    "Configuration/NodeTypes.yaml": """
        'Acme.Site:Gone': ~
        'Acme.Site:Back':
          ui: {label: Back}
        """,
}


def test_node_type_set_to_null_last_is_dropped_as_by_the_cms(open_project):
    project = open_project(NULLED_TYPES, cms_version="8.3")
    found = codes(project, "nodetype-unset")
    assert sorted((d.severity, where(d), d.message) for d in found) == [
        (Severity.INFO, ("NodeTypes.yaml", 1, 1), "'Acme.Site:Gone' is set to null here, so the CMS drops the node type"),
        (Severity.INFO, ("Types.yaml", 6, 1), "'Neos.Neos:Shortcut' is set to null here, so the CMS drops the node type"),
    ]
    assert "Acme.Site:Gone" not in project.node_types
    assert "Neos.Neos:Shortcut" not in project.node_types
    # a later definition brings a nulled type back
    assert project.node_types["Acme.Site:Back"].effective["ui"] == {"label": "Back"}
    unknown = only(project, "supertype-unknown")
    assert unknown.severity == Severity.ERROR and where(unknown) == ("Types.yaml", 5, 16)


def test_node_type_set_to_null_last_fails_the_9x_label_enrichment(open_project):
    # 9.x: NodeTypeEnrichmentService::enrichNodeTypeLabelsConfiguration hands every entry of the loaded
    # configuration to addLabelsToNodeTypeConfiguration(string, array &$configuration, ...): null is a
    # TypeError, so the CMS loads no node types at all (not only the nulled one)
    project = open_project(NULLED_TYPES, cms_version="9")
    found = codes(project, "nodetype-unset")
    assert sorted((d.severity, where(d)) for d in found) == [
        (Severity.ERROR, ("NodeTypes.yaml", 1, 1)), (Severity.ERROR, ("Types.yaml", 6, 1))]
    assert all("Neos 9 fails to load the node types" in d.message for d in found)
    # the studio goes on as 8.3 does: the type is left out, a later definition brings it back
    assert "Acme.Site:Gone" not in project.node_types
    assert project.node_types["Acme.Site:Back"].effective["ui"] == {"label": "Back"}


def test_a_null_entry_is_a_type_error_for_a_php_array_parameter():
    # the PHP rule behind the 9.x finding, checked with real PHP
    from tests.php.conftest import run_php_script

    script = r"""
    declare(strict_types=1);
    function addLabels(string $name, array &$configuration): void {}
    $out = [];
    foreach (json_decode(stream_get_contents(STDIN), true) as $name => &$configuration) {
        try { addLabels($name, $configuration); $out[$name] = 'ok'; } catch (\TypeError $e) { $out[$name] = 'TypeError'; }
    }
    echo json_encode($out);
    """
    answer = run_php_script(script, {"Acme.Site:Gone": None, "Acme.Site:Empty": {}, "Acme.Site:Back": {"ui": []}})
    assert answer == {"Acme.Site:Gone": "TypeError", "Acme.Site:Empty": "ok", "Acme.Site:Back": "ok"}


UNKNOWN = {
    "NodeTypes/Unknown.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Acme.Site:Missing': true
            'Other.Vendor:Mixin': true
            'Neos.Neos:Nope': true
            'Neos.Neos:Document': true
        """,
}


def test_unknown_supertype_error_in_an_opened_namespace_warning_elsewhere(open_project):
    project = open_project(UNKNOWN)
    found = codes(project, "supertype-unknown")
    assert [(d.severity, where(d)) for d in found] == [
        (Severity.ERROR, ("Unknown.yaml", 3, 5)),
        (Severity.WARNING, ("Unknown.yaml", 4, 5)),
        (Severity.ERROR, ("Unknown.yaml", 5, 5)),
    ]
    assert found[0].message == "Acme.Site:Page: supertype 'Acme.Site:Missing' is not defined"
    assert "is the package that defines it part of the opened folder?" in found[1].message
    assert found[2].message == "Acme.Site:Page: supertype 'Neos.Neos:Nope' is not defined"
    nt = project.node_types["Acme.Site:Page"]
    # the known supertype still applies
    assert nt.is_of_type("Neos.Neos:Document")
    assert "title" in nt.effective["properties"]


def test_unknown_supertype_is_an_error_when_its_package_is_in_the_opened_folder(make_project):
    root = make_project({
        "Other.Vendor/NodeTypes/Mixin.yaml": "'Other.Vendor:Real': {}\n",
        "Acme.Site/NodeTypes/Page.yaml": "'Acme.Site:Page':\n  superTypes:\n    'Other.Vendor:Typo': true\n",
    }, root="packages")
    project = load_project(root, use_cache=False)
    finding = only(project, "supertype-unknown")
    assert finding.severity == Severity.ERROR
    assert where(finding) == ("Page.yaml", 3, 5)


def test_unknown_supertype_of_the_own_package_is_a_warning_when_one_file_is_opened(make_project):
    root = make_project({
        "NodeTypes/Page.yaml": "'Acme.Site:Page':\n  superTypes:\n    'Acme.Site:Mixin': true\n    'Neos.Neos:Nope': true\n",
        "NodeTypes/Mixin.yaml": "'Acme.Site:Mixin': {}\n",
    })
    project = load_project(root / "NodeTypes" / "Page.yaml", use_cache=False)
    found = codes(project, "supertype-unknown")
    assert [(d.severity, where(d)) for d in found] == [(Severity.WARNING, ("Page.yaml", 3, 5)),
                                                       (Severity.ERROR, ("Page.yaml", 4, 5))]
    # the whole package knows the mixin
    assert len(codes(load_project(root, use_cache=False), "supertype-unknown")) == 1


def test_inheritance_cycle(open_project):
    project = open_project({"NodeTypes/Cycle.yaml": """
        'Acme.Site:A':
          superTypes:
            'Acme.Site:B': true
        'Acme.Site:B':
          superTypes:
            'Acme.Site:C': true
        'Acme.Site:C':
          superTypes:
            'Acme.Site:A': true
          properties:
            c: {type: string}
        """})
    found = codes(project, "supertype-cycle")
    assert len(found) == 1, [d.format_text() for d in found]
    assert found[0].message == "inheritance cycle: Acme.Site:A -> Acme.Site:B -> Acme.Site:C -> Acme.Site:A"
    assert where(found[0]) == ("Cycle.yaml", 9, 5)
    # every type of the cycle is still resolved, nobody hangs
    assert "c" in project.node_types["Acme.Site:A"].effective["properties"]
    assert "Acme.Site:A" not in project.node_types["Acme.Site:A"].ancestors


def test_self_reference_is_a_cycle(open_project):
    project = open_project({"NodeTypes/Self.yaml": "'Acme.Site:Self':\n  superTypes:\n    'Acme.Site:Self': true\n"})
    finding = only(project, "supertype-cycle")
    assert finding.message == "inheritance cycle: Acme.Site:Self -> Acme.Site:Self"
    assert where(finding) == ("Self.yaml", 3, 5)


def test_final_supertype(open_project):
    project = open_project({"NodeTypes/Final.yaml": """
        'Acme.Site:Sealed':
          final: true
          properties:
            s: {type: string}
        'Acme.Site:Child':
          superTypes:
            'Acme.Site:Sealed': true
        """})
    finding = only(project, "supertype-final")
    assert finding.severity == Severity.ERROR
    assert finding.message == "Acme.Site:Child: 'Acme.Site:Sealed' is final and cannot be used as a supertype"
    assert where(finding) == ("Final.yaml", 7, 5)


def test_old_list_form_of_supertypes(open_project):
    project = open_project({"NodeTypes/List.yaml": """
        'Acme.Site:Old':
          superTypes:
            - 'Neos.Neos:Content'
        """})
    finding = only(project, "supertypes-list")
    assert finding.severity == Severity.ERROR
    assert "superTypes is written as a list; Neos 9 rejects this" in finding.message
    assert "Write a map: `Name: true`" in finding.message
    assert where(finding) == ("List.yaml", 2, 3)
    # read like 8.3 did: the listed types are supertypes
    assert project.node_types["Acme.Site:Old"].is_of_type("Neos.Neos:Content")


SUPERTYPE_VALUES = """
    'Acme.Site:Mixin':
      abstract: true
    'Acme.Site:S':
      superTypes:
        'Neos.Neos:Content': 'Neos.Neos:Content'
        'Neos.Neos:Document': 1
        'Acme.Site:Mixin': [x]
    """


def test_supertype_values_that_are_not_booleans_in_8_3(open_project):
    # NodeTypeManager (8.3) takes a value that is not a boolean as the supertype's name: a string names
    # a type (the deprecated list form, read with a warning); a number or a list names none (it fails)
    project = open_project({"NodeTypes/S.yaml": SUPERTYPE_VALUES}, cms_version="8.3")
    found = {(d.severity, where(d)[1:]) for d in project.diagnostics if d.code == "supertypes-invalid"}
    assert found == {(Severity.WARNING, (5, 5)), (Severity.ERROR, (6, 5)), (Severity.ERROR, (7, 5))}
    assert not codes(project, "supertypes-list")  # a map, not the list form
    named = next(d for d in project.diagnostics if d.severity == Severity.WARNING and d.code == "supertypes-invalid")
    assert named.message == (
        "Acme.Site:S: the value of superTypes.Neos.Neos:Content is the string 'Neos.Neos:Content', not true or false: "
        "Neos 8.3 reads it as the name of the supertype (the deprecated list form) and Neos 9 fails with a "
        "TypeError. Write `Neos.Neos:Content: true`")
    number = next(d for d in project.diagnostics if d.code == "supertypes-invalid" and "Document" in d.message)
    assert "is the number 1, not true, false or ~: Neos 8.3 reads it as the name of a node type" in number.message
    assert project.node_types["Acme.Site:S"].is_of_type("Neos.Neos:Content")


def test_supertype_values_that_are_not_booleans_in_9(open_project):
    # 9.x: `?bool $enabled` under strict types: every other value is a TypeError
    project = open_project({"NodeTypes/S.yaml": SUPERTYPE_VALUES}, cms_version="9")
    found = {(d.severity, where(d)[1:]) for d in project.diagnostics if d.code == "supertypes-invalid"}
    assert found == {(Severity.ERROR, (5, 5)), (Severity.ERROR, (6, 5)), (Severity.ERROR, (7, 5))}
    assert all("Neos 9 fails with a TypeError" in d.message
               for d in project.diagnostics if d.code == "supertypes-invalid")
    assert not codes(project, "supertypes-list")
    assert "Acme.Site:S" in project.node_types  # still resolved as well as it can be


def test_supertypes_that_are_a_scalar(open_project):
    project = open_project({"NodeTypes/S.yaml": "'Acme.Site:S':\n  superTypes: 'Neos.Neos:Content'\n"})
    finding = only(project, "supertypes-invalid")
    assert where(finding) == ("S.yaml", 2, 3)
    assert project.node_types["Acme.Site:S"].ancestors == []


@pytest.mark.parametrize("name", ["unstructured", "Acme.Site", "Acme.Site:", ":Name", "Acme Site:Name", "Acme.Site:Na me"])
def test_node_type_name_not_vendor_package_name(open_project, name):
    project = open_project({"NodeTypes/Name.yaml": f"'{name}':\n  ui: {{label: x}}\n"})
    finding = only(project, "nodetype-name")
    assert finding.severity == Severity.WARNING
    assert finding.message == f"node type name {name!r} is not of the form Vendor.Package:Name"
    assert where(finding) == ("Name.yaml", 1, 1)


@pytest.mark.parametrize("written", ["123", "'42'", "0"])
def test_a_node_type_named_by_a_number_fails_in_9(open_project, written):
    """9.x's NodeTypeEnrichmentService (strict types) hands each top-level key to a `string $nodeTypeName`
    parameter: PHP keys `123:` (quoted or not) as an integer, a TypeError before any node type loads."""
    text = f"{written}:\n  superTypes:\n    'Neos.Neos:Content': true\n"
    project = open_project({"NodeTypes/Name.yaml": text}, cms_version="9")
    finding = only(project, "nodetype-name")
    assert finding.severity == Severity.ERROR and where(finding) == ("Name.yaml", 1, 1)
    assert "PHP keys it as an integer" in finding.message and "TypeError" in finding.message
    assert "Neos 9 fails to load the node types" in finding.message
    older = only(open_project({"NodeTypes/Name.yaml": text}, cms_version="8.3"), "nodetype-name")
    assert older.severity == Severity.WARNING


def test_an_empty_node_type_name_fails_in_9(open_project):
    """9.x's NodeTypeManager makes a NodeTypeName of every string key whose value is a map: an empty name is
    exception 1505835958, and no node type loads."""
    project = open_project({"NodeTypes/Name.yaml": "'':\n  ui: {label: x}\n"}, cms_version="9")
    finding = only(project, "nodetype-name")
    assert finding.severity == Severity.ERROR and where(finding) == ("Name.yaml", 1, 1)
    assert "the empty name" in finding.message and "1505835958" in finding.message
    older = only(open_project({"NodeTypes/Name.yaml": "'':\n  ui: {label: x}\n"}, cms_version="8.3"), "nodetype-name")
    assert older.severity == Severity.WARNING


def test_a_node_type_name_with_leading_zero_is_text_to_php(open_project):
    project = open_project({"NodeTypes/Name.yaml": "'007': {}\n"}, cms_version="9")
    assert only(project, "nodetype-name").severity == Severity.WARNING


def test_unstructured_is_a_node_type_of_8_3(open_project):
    # 8.3's content repository defines `unstructured`; 9.x dropped it (neos9-removed-type-override)
    project = open_project({"NodeTypes/Name.yaml": "'unstructured':\n  ui: {label: x}\n"}, cms_version="8.3")
    assert not codes(project, "nodetype-name")


@pytest.mark.parametrize("name", ["Acme.Site:Page", "Acme.Site.Sub:Content.Text", "A:B", "Acme.Site:Mixin_Title",
                                  "Acme.Site:Two-Columns", "Acme.Site:Button.properties.url--inspector"])
def test_valid_node_type_names(open_project, name):
    project = open_project({"NodeTypes/Name.yaml": f"'{name}': {{}}\n"})
    assert not codes(project, "nodetype-name")


def test_yml_files_next_to_nodetypes_files(open_project):
    project = open_project({
        **GOOD,
        "NodeTypes/Content/Teaser.yml": "'Acme.Site:Teaser': {}\n",
        "Configuration/NodeTypes.Override.yml": "'Acme.Site:Override': {}\n",
        "Configuration/NodeTypes.yaml": "'Acme.Site:Fine': {}\n",
        "Configuration/Settings.yml": "Neos: {}\n",
    })
    found = {where(d)[0]: d for d in codes(project, "file-yml-extension")}
    assert set(found) == {"Teaser.yml", "NodeTypes.Override.yml", "Settings.yml"}
    assert all(d.severity == Severity.ERROR for d in found.values())
    assert "must end in .yaml" in found["Teaser.yml"].message
    assert found["NodeTypes.Override.yml"].message.startswith("NodeTypes.Override.yml: configuration files must end in .yaml")
    assert "Acme.Site:Teaser" not in project.node_types
    assert "Acme.Site:Override" not in project.node_types
    assert "Acme.Site:Fine" in project.node_types


def test_unrelated_yml_files_in_configuration_are_ignored(open_project):
    project = open_project({**GOOD, "Configuration/Routes.yml": "- name: x\n", "Configuration/Policy.yaml": "roles: {}\n"})
    assert not codes(project, "file-yml-extension")


def test_many_broken_files_at_once_never_stop_loading(open_project):
    project = open_project({
        **GOOD,
        "NodeTypes/A.yaml": "'Acme.Site:A': [\n",
        "NodeTypes/B.yaml": b"\xff\xfe\x00garbage: [\n",
        "NodeTypes/C.yaml": billion_laughs(),
        "NodeTypes/D.yaml": "- a\n",
        "NodeTypes/E.yaml": "'Acme.Site:E':\n  superTypes: {'Acme.Site:E': true}\n",
        "NodeTypes/F.yaml": "'Acme.Site:F': 3\n",
        "NodeTypes/G.yaml": "'Acme.Site:G':\n  properties: {x: {type: string}}\n",
    })
    assert {"Acme.Site:Good", "Acme.Site:E", "Acme.Site:G"} <= set(project.node_types)
    reported = {d.code for d in project.diagnostics}
    assert {"yaml-syntax", "yaml-encoding", "yaml-alias-bomb", "nodetypes-not-mapping",
            "supertype-cycle", "nodetype-not-mapping"} <= reported
    assert all(d.file and d.line >= 1 for d in project.diagnostics), [d.format_text() for d in project.diagnostics]


def test_missing_path_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_project(tmp_path / "nope")


def test_settings_file_that_is_not_a_mapping(open_project):
    project = open_project({**GOOD, "Configuration/Settings.yaml": "- 1\n- 2\n"})
    finding = only(project, "settings-not-mapping")
    assert where(finding) == ("Settings.yaml", 1, 1)
    # the baseline editors still apply
    assert project.node_types["Acme.Site:Good"].effective["properties"]["text"]["type"] == "string"


def test_control_character_is_a_syntax_error_with_a_position(open_project):
    project = broken(open_project, "Ctrl.yaml", "'Acme.Site:Ctrl':\n  ui:\n    label: 'Café\x01'\n")
    finding = only(project, "yaml-syntax")
    assert finding.message == ("YAML syntax error: the character U+0001 is not allowed in YAML "
                               "(control characters are not allowed)")
    assert where(finding) == ("Ctrl.yaml", 3, 17)


@pytest.mark.parametrize(("inspector", "value"), [("'foo'", "foo"), ("5", 5), ("true", True), ("1.5", 1.5)])
def test_an_inspector_block_that_is_a_scalar_is_left_as_written(open_project, inspector, value):
    # PHP's arrayMergeRecursiveOverrule takes arrays only: the CMS fails on this property; the studio keeps
    # the property as written (it used to raise while merging the editor defaults into it)
    project = broken(open_project, "Scalar.yaml", f"""
        'Acme.Site:Scalar':
          superTypes:
            'Neos.Neos:Content': true
          properties:
            title:
              type: string
              ui:
                inspector: {inspector}
        """)
    title = project.node_types["Acme.Site:Scalar"].effective["properties"]["title"]
    assert title["ui"]["inspector"] == value and title["type"] == "string"


def test_a_reference_whose_inspector_block_is_not_a_map(open_project):
    # 9.x: a scalar block is kept as written (the CMS fails on it); a list merges by key, as PHP merges arrays
    project = open_project({**GOOD, "NodeTypes/References.yaml": """
        'Acme.Site:Refs':
          superTypes:
            'Neos.Neos:Content': true
          references:
            scalar:
              ui:
                inspector: 'foo'
            listed:
              ui:
                inspector: [a]
        """}, cms_version="9")
    references = project.node_types["Acme.Site:Refs"].effective["references"]
    assert references["scalar"]["ui"]["inspector"] == "foo"
    listed = references["listed"]["ui"]["inspector"]
    assert listed["0"] == "a" and listed["editor"] == "Neos.Neos/Inspector/Editors/ReferencesEditor"
    assert project.node_types["Acme.Site:Good"].effective["properties"]["text"]["type"] == "string"


def test_a_property_type_that_is_a_list_has_provenance_and_a_finding(open_project):
    # the provenance of the editor defaults looked the type up as a settings key and raised (unhashable list)
    from nodetype_studio.checks import run_checks

    project = broken(open_project, "Listed.yaml", """
        'Acme.Site:Listed':
          superTypes:
            'Neos.Neos:Content': true
          properties:
            title:
              type: []
              ui:
                inspector:
                  group: default
                  editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
        """)
    nt = project.node_types["Acme.Site:Listed"]
    assert nt.provenance(("properties", "title", "type")).value == []
    editor = nt.provenance(("properties", "title", "ui", "inspector", "editor"))
    assert editor.value == "Neos.Neos/Inspector/Editors/TextFieldEditor" and editor.layer == "own"
    finding, = [d for d in run_checks(project) if d.code == "property-type-unknown"]
    assert finding.message.startswith("property type must be a string, not a list; ")
    assert "\"Illegal offset type\", a TypeError), so no node type loads" in finding.message
    assert where(finding) == ("Listed.yaml", 6, 7)


@pytest.mark.parametrize("editor", ["{a: 1}", "[x]"])
def test_an_editor_written_as_a_map_or_list_is_a_finding(open_project, editor):
    # the default-editor post-processor used it as a dict key (unhashable) and stopped the project loading
    from nodetype_studio.checks import run_checks

    project = broken(open_project, "Editor.yaml", f"""
        'Acme.Site:Editor':
          superTypes:
            'Neos.Neos:Content': true
          properties:
            title:
              type: string
              ui:
                inspector:
                  group: default
                  editor: {editor}
        """)
    assert "Acme.Site:Editor" in project.node_types
    finding, = [d for d in run_checks(project) if d.code == "editor-unknown"]
    assert finding.message == "`editor` must be an editor identifier string"
    assert where(finding) == ("Editor.yaml", 10, 11)
