"""Merging files, flattening supertypes and the null rules (facts §5.2-§5.5)."""

from __future__ import annotations

import pytest
from modelkit import codes, only, where

from nodetype_studio.diagnostics import Severity
from nodetype_studio.model.merge import merge

# --- §5.2 the merge primitive -------------------------------------------------------------------


def test_merge_lists_by_index():
    assert merge({"a": ["x", "y"]}, {"a": ["z"]}) == {"a": ["z", "y"]}
    assert merge({"a": ["x"]}, {"a": ["y", "z"]}) == {"a": ["y", "z"]}


def test_merge_empty_containers_replace_and_null_sets_null():
    base = {"o": {"a": 1, "b": 2}, "l": [1, 2], "k": 1}
    assert merge(base, {"o": {}}) == {"o": {}, "l": [1, 2], "k": 1}
    assert merge(base, {"l": []})["l"] == []
    result = merge(base, {"k": None, "o": None})
    assert result["k"] is None and result["o"] is None and "k" in result


def test_merge_is_recursive_and_never_modifies_its_inputs():
    base = {"ui": {"inspector": {"group": "a", "position": 1}}}
    override = {"ui": {"inspector": {"position": 2}}}
    result = merge(base, override)
    assert result == {"ui": {"inspector": {"group": "a", "position": 2}}}
    assert base == {"ui": {"inspector": {"group": "a", "position": 1}}}
    assert override == {"ui": {"inspector": {"position": 2}}}


def test_merge_scalar_over_map_and_map_over_scalar():
    assert merge({"a": {"b": 1}}, {"a": "x"}) == {"a": "x"}
    assert merge({"a": "x"}, {"a": {"b": 1}}) == {"a": {"b": 1}}


def test_files_merge_in_load_order_with_the_merge_rules(open_project):
    project = open_project({
        "NodeTypes/Text.yaml": """
            'Acme.Site:Text':
              superTypes:
                'Neos.Neos:Content': true
              ui:
                label: From NodeTypes folder
                icon: icon-a
              properties:
                tags:
                  type: array
                  defaultValue: ['first', 'second']
                options:
                  type: string
                  ui:
                    inspector:
                      group: default
                      editorOptions:
                        placeholder: Keep me
                        maxlength: 10
                flag:
                  type: boolean
                  defaultValue: true
            """,
        "Configuration/NodeTypes.yaml": """
            'Acme.Site:Text':
              ui:
                label: From Configuration
              properties:
                tags:
                  defaultValue: ['only']
                options:
                  ui:
                    inspector:
                      editorOptions: {}
                flag:
                  defaultValue: ~
            """,
    })
    effective = project.node_types["Acme.Site:Text"].effective
    assert effective["ui"]["label"] == "From Configuration"
    assert effective["ui"]["icon"] == "fas fa-a"  # mapped: the type inherits Neos.Neos:Node
    props = effective["properties"]
    # 1-item list over a 2-item list keeps the second item
    assert props["tags"]["defaultValue"] == ["only", "second"]
    # empty map replaces: the earlier editorOptions are gone
    assert props["options"]["ui"]["inspector"]["editorOptions"] == {}
    assert props["options"]["ui"]["inspector"]["group"] == "default"
    # null sets the key to null, it does not delete it
    assert "defaultValue" in props["flag"] and props["flag"]["defaultValue"] is None


# --- §5.3 superTypes ----------------------------------------------------------------------------

FLATTEN = {"NodeTypes/Types.yaml": """
    'Acme.Site:A':
      properties:
        a: {type: string}
        shared: {defaultValue: from-a}
    'Acme.Site:B':
      superTypes:
        'Acme.Site:A': true
      properties:
        b: {type: string}
        shared: {defaultValue: from-b}
    'Acme.Site:C':
      superTypes:
        'Acme.Site:A': true
      properties:
        c: {type: string}
        shared: {defaultValue: from-c}
    'Acme.Site:D':
      superTypes:
        'Acme.Site:B': true
        'Acme.Site:C': true
    'Acme.Site:E':
      superTypes:
        'Acme.Site:C': true
        'Acme.Site:B': true
    'Acme.Site:NoA':
      superTypes:
        'Acme.Site:B': true
        'Acme.Site:C': true
        'Acme.Site:A': false
    'Acme.Site:NoB':
      superTypes:
        'Acme.Site:D': true
        'Acme.Site:B': ~
    """}


def test_flattening_order_is_declared_order_recursive_first_position_kept(open_project):
    project = open_project(FLATTEN)
    d = project.node_types["Acme.Site:D"]
    assert d.declared_supertypes == ["Acme.Site:B", "Acme.Site:C"]
    assert d.ancestors == ["Acme.Site:A", "Acme.Site:B", "Acme.Site:C"]
    # later supertypes win: C comes after B
    assert d.effective["properties"]["shared"] == {"defaultValue": "from-c"}
    e = project.node_types["Acme.Site:E"]
    assert e.ancestors == ["Acme.Site:A", "Acme.Site:C", "Acme.Site:B"]
    assert e.effective["properties"]["shared"] == {"defaultValue": "from-b"}
    assert list(d.effective["properties"]) == ["a", "shared", "b", "c"]


def test_false_removes_an_indirect_supertype_and_its_configuration(open_project):
    project = open_project(FLATTEN)
    no_a = project.node_types["Acme.Site:NoA"]
    assert no_a.ancestors == ["Acme.Site:B", "Acme.Site:C"]
    assert set(no_a.effective["properties"]) == {"b", "c", "shared"}
    assert not no_a.is_of_type("Acme.Site:A")
    assert no_a.is_of_type("Acme.Site:B") and no_a.is_of_type("Acme.Site:C")
    assert not project.diagnostics


def test_null_removes_an_indirect_supertype_inherited_through_another(open_project):
    project = open_project(FLATTEN)
    no_b = project.node_types["Acme.Site:NoB"]
    assert no_b.declared_supertypes == ["Acme.Site:D"]
    assert no_b.ancestors == ["Acme.Site:A", "Acme.Site:C", "Acme.Site:D"]
    assert "b" not in no_b.effective["properties"]
    assert no_b.effective["properties"]["shared"] == {"defaultValue": "from-c"}
    # isOfType: false when declared false/null directly, even though D (a supertype) is a B
    assert not no_b.is_of_type("Acme.Site:B")
    assert no_b.is_of_type("Acme.Site:D") and no_b.is_of_type("Acme.Site:A")


def test_a_later_file_switches_a_supertype_off(open_project):
    project = open_project({
        "NodeTypes/Page.yaml": """
            'Acme.Site:Page':
              superTypes:
                'Neos.Neos:Document': true
                'Acme.Site:Seo': true
            'Acme.Site:Seo':
              abstract: true
              properties:
                metaDescription: {type: string}
            """,
        "Configuration/NodeTypes.Override.yaml": """
            'Acme.Site:Page':
              superTypes:
                'Acme.Site:Seo': false
            """,
    })
    page = project.node_types["Acme.Site:Page"]
    assert page.declared_supertypes == ["Neos.Neos:Document"]
    assert "Acme.Site:Seo" not in page.ancestors
    assert "metaDescription" not in page.effective["properties"]
    assert page.is_of_type("Neos.Neos:Document") and page.is_of_type("Neos.Neos:Node")
    assert not page.is_of_type("Acme.Site:Seo")
    # the full configuration merges the supertypes' own superTypes maps, then the type's (as nodetypes:show)
    assert page.effective["superTypes"] == {"Neos.Neos:Node": True, "Neos.Neos:Hidable": True,
                                            "Neos.TimeableNodeVisibility:Timeable": True,
                                            "Neos.Neos:Document": True, "Acme.Site:Seo": False}
    assert page.local["superTypes"] == {"Neos.Neos:Document": True, "Acme.Site:Seo": False}


def test_is_of_type_itself_and_through_the_chain_and_platform_spellings(open_project):
    project = open_project(FLATTEN | {"NodeTypes/Doc.yaml": "'Acme.Site:Doc':\n  superTypes: {'Neos.Neos:Document': true}\n"})
    d = project.node_types["Acme.Site:D"]
    assert d.is_of_type("Acme.Site:D")
    assert d.is_of_type("Acme.Site:A")
    assert not d.is_of_type("Acme.Site:E")
    assert not d.is_of_type("Neos.Neos:Node")
    doc = project.node_types["Acme.Site:Doc"]
    assert doc.is_of_type("Neos.Neos:Node")
    # the spec's spelling and the legacy one name the same platform type
    assert doc.is_of_type("Cms.Cms:Document")
    assert doc.is_of_type("TYPO3.Neos:Hidable")


# --- §5.5 abstract / final / aggregate ------------------------------------------------------------


def test_abstract_and_final_are_not_inherited_aggregate_is(open_project):
    project = open_project({"NodeTypes/Flags.yaml": """
        'Acme.Site:Base':
          abstract: true
          aggregate: true
        'Acme.Site:Leaf':
          final: true
          superTypes:
            'Acme.Site:Base': true
        'Acme.Site:Concrete':
          superTypes:
            'Acme.Site:Base': true
        """})
    base = project.node_types["Acme.Site:Base"]
    leaf = project.node_types["Acme.Site:Leaf"]
    concrete = project.node_types["Acme.Site:Concrete"]
    assert base.abstract and not base.final
    assert leaf.final and not leaf.abstract
    assert not concrete.abstract and not concrete.final
    assert "abstract" not in concrete.effective and "final" not in concrete.effective
    # the CMS takes `final: true` out of the type's own configuration too (NodeType constructor)
    assert "final" not in leaf.effective and "abstract" not in leaf.effective
    assert concrete.effective["aggregate"] is True and leaf.effective["aggregate"] is True
    assert not project.diagnostics


def test_platform_document_is_aggregate_and_abstract_but_a_page_is_not_abstract(open_project):
    project = open_project({"NodeTypes/Page.yaml": "'Acme.Site:Page':\n  superTypes: {'Neos.Neos:Document': true}\n"})
    page = project.node_types["Acme.Site:Page"]
    assert project.node_types["Neos.Neos:Document"].abstract
    assert not page.abstract
    assert page.effective["aggregate"] is True


# --- §5.4 null rules ------------------------------------------------------------------------------

NULLS = {
    "NodeTypes/Base.yaml": """
        'Acme.Site:Base':
          superTypes:
            'Neos.Neos:Content': true
          properties:
            foo:
              type: string
              ui:
                label: Foo
                inspector:
                  group: default
            gone:
              type: string
            kept:
              type: integer
          childNodes:
            main:
              type: 'Neos.Neos:ContentCollection'
            aside:
              type: 'Neos.Neos:ContentCollection'
          ui:
            inspector:
              groups:
                extra:
                  label: Extra
        """,
    "NodeTypes/Sub.yaml": """
        'Acme.Site:NullFoo':
          superTypes:
            'Acme.Site:Base': true
          properties:
            foo: ~
        'Acme.Site:NullProperties':
          superTypes:
            'Acme.Site:Base': true
          properties: ~
        'Acme.Site:BlankFoo':
          superTypes:
            'Acme.Site:Base': true
          properties:
            foo: {}
        'Acme.Site:NoAside':
          superTypes:
            'Acme.Site:Base': true
          childNodes:
            aside: ~
          ui:
            inspector:
              groups:
                extra: ~
                default: ~
        'Acme.Site:NullLabel':
          superTypes:
            'Acme.Site:Base': true
          ui:
            label: ~
        """,
    "Configuration/NodeTypes.yaml": """
        'Acme.Site:Base':
          properties:
            gone: ~
        """,
}


def test_null_property_of_the_same_type_in_a_later_file_removes_it(open_project):
    project = open_project(NULLS)
    base = project.node_types["Acme.Site:Base"].effective["properties"]
    assert "gone" not in base
    assert {"foo", "kept"} <= set(base)
    # ... and so no subtype inherits it
    assert "gone" not in project.node_types["Acme.Site:NullFoo"].effective["properties"]


def test_null_property_in_a_subtype_does_not_unset_the_inherited_one(open_project):
    project = open_project(NULLS)
    foo = project.node_types["Acme.Site:NullFoo"].effective["properties"]["foo"]
    assert foo["type"] == "string"
    assert foo["ui"]["label"] == "Foo"
    assert foo["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/TextFieldEditor"


def test_null_properties_in_a_subtype_has_no_effect(open_project):
    project = open_project(NULLS)
    props = project.node_types["Acme.Site:NullProperties"].effective["properties"]
    assert {"foo", "kept", "_hidden", "_nodeType"} <= set(props)


def test_empty_map_blanks_an_inherited_property(open_project):
    project = open_project(NULLS)
    props = project.node_types["Acme.Site:BlankFoo"].effective["properties"]
    assert "foo" in props
    # no type (falls back to string in the CMS), no ui.inspector, so no editor is added
    assert props["foo"] == {}


def test_null_child_node_is_removed(open_project):
    project = open_project(NULLS)
    children = project.node_types["Acme.Site:NoAside"].effective["childNodes"]
    assert list(children) == ["main"]
    assert list(project.node_types["Acme.Site:Base"].effective["childNodes"]) == ["main", "aside"]


def test_null_inspector_group_stays_as_null(open_project):
    project = open_project(NULLS)
    groups = project.node_types["Acme.Site:NoAside"].effective["ui"]["inspector"]["groups"]
    assert "extra" in groups and groups["extra"] is None
    assert "default" in groups and groups["default"] is None
    assert groups["type"]["tab"] == "meta"


def test_any_other_null_key_stays_null(open_project):
    project = open_project(NULLS)
    ui = project.node_types["Acme.Site:NullLabel"].effective["ui"]
    assert "label" in ui and ui["label"] is None
    assert not codes(project, "position-invalid")


def test_a_subtype_whose_only_property_entry_is_null_keeps_all_inherited_properties(open_project):
    # the filtered, now empty, properties map must not replace the inherited ones
    project = open_project(NULLS)
    props = project.node_types["Acme.Site:NullFoo"].effective["properties"]
    assert {"foo", "kept", "_hidden", "_nodeType"} <= set(props)
    prov = project.node_types["Acme.Site:NullFoo"].provenance(("properties", "foo", "ui", "label"))
    assert prov.value == "Foo" and prov.layer == "supertype Acme.Site:Base"
    assert (prov.location.line, prov.location.column) == (8, 9)


def test_an_empty_properties_map_in_a_subtype_has_no_effect(open_project):
    project = open_project({**NULLS, "NodeTypes/Empty.yaml": """
        'Acme.Site:EmptyProperties':
          superTypes:
            'Acme.Site:Base': true
          properties: {}
        """})
    props = project.node_types["Acme.Site:EmptyProperties"].effective["properties"]
    assert {"foo", "kept", "_hidden"} <= set(props)


def test_null_properties_of_the_same_type_in_a_later_file_drop_its_own_properties_only(open_project):
    project = open_project({**NULLS, "NodeTypes/Own.yaml": """
        'Acme.Site:Own':
          superTypes:
            'Acme.Site:Base': true
          properties:
            mine: {type: string}
        """, "Configuration/NodeTypes.Own.yaml": """
        'Acme.Site:Own':
          properties: ~
        """})
    props = project.node_types["Acme.Site:Own"].effective["properties"]
    assert "mine" not in props
    assert {"foo", "kept"} <= set(props)


def test_properties_written_as_a_list_are_properties_named_by_their_index(open_project):
    # NodeTypeManager keeps any array under `properties` and drops only its null entries (keys kept): a
    # YAML list is a PHP array keyed 0, 1..., so the CMS declares properties named by the list indexes
    project = open_project({"NodeTypes/Listed.yaml": """
        'Acme.Site:Listed':
          superTypes:
            'Neos.Neos:Content': true
          properties:
            - ~
            - type: string
              ui:
                label: Second
                inspector:
                  group: default
        """})
    props = project.node_types["Acme.Site:Listed"].effective["properties"]
    assert "0" not in props
    assert props["1"]["ui"]["label"] == "Second"
    assert props["1"]["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert {"_hidden", "_nodeType"} <= set(props)  # and the inherited ones stay
    finding = only(project, "properties-not-map")
    assert finding.severity == Severity.WARNING
    assert where(finding) == ("Listed.yaml", 4, 3)
    assert "properties named 0, 1" in finding.message


def test_a_list_of_properties_merges_by_index_with_a_later_map(open_project):
    # two files of one type: the list's indexes and the map's keys are one key space (facts §5.2)
    project = open_project({
        "Configuration/NodeTypes.yaml": """
            'Acme.Site:Listed':
              properties:
                - type: string
            """,
        "Configuration/NodeTypes.More.yaml": """
            'Acme.Site:Listed':
              properties:
                title: {type: string}
            """})
    assert list(project.node_types["Acme.Site:Listed"].effective["properties"]) == ["0", "title"]
    assert where(only(project, "properties-not-map")) == ("NodeTypes.yaml", 2, 3)


def test_null_supertypes_stay_null_in_the_full_configuration(open_project):
    # `superTypes: ~` in a later file switches every supertype off; the key stays with value null in the
    # type's configuration (facts §5.2: null replaces; §5.4: any other key `~` stays null), so the full
    # configuration shows `superTypes: null`, not an empty map
    project = open_project({
        "Configuration/NodeTypes.yaml": """
            'Acme.Site:Page':
              superTypes:
                'Neos.Neos:Document': true
              ui:
                label: Page
            """,
        "Configuration/NodeTypes.Override.yaml": """
            'Acme.Site:Page':
              superTypes: ~
            """,
    })
    page = project.node_types["Acme.Site:Page"]
    assert page.ancestors == [] and not page.is_of_type("Neos.Neos:Document")
    assert "superTypes" in page.effective and page.effective["superTypes"] is None
    assert page.effective["ui"] == {"label": "Page"}


@pytest.mark.parametrize("written", ["'title'", "true", "3"])
def test_properties_written_as_a_scalar_fail_in_9(open_project, written):
    # 9.x's NodeTypeEnrichmentService (strict types) hands each type's own `properties` that is set to
    # setLabels(array &$configuration, ...): a TypeError before any node type loads. 8.3's NodeTypeManager
    # drops a `properties` that is no array.
    files = {"Configuration/NodeTypes.yaml": f"""
        'Acme.Site:Odd':
          abstract: true
          properties: {written}
        """}
    finding = only(open_project(files, cms_version="9"), "properties-not-map")
    assert finding.severity == Severity.ERROR and where(finding) == ("NodeTypes.yaml", 3, 3)
    assert "Neos 9 fails to load the node types" in finding.message and "TypeError" in finding.message
    assert not codes(open_project(files, cms_version="8.3"), "properties-not-map")


def test_a_later_map_of_properties_repairs_a_scalar(open_project):
    project = open_project({
        "Configuration/NodeTypes.yaml": "'Acme.Site:Odd':\n  properties: 'x'\n",
        "Configuration/NodeTypes.More.yaml": "'Acme.Site:Odd':\n  properties:\n    title: {type: string}\n"},
        cms_version="9")
    assert not codes(project, "properties-not-map")
