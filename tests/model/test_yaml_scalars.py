"""Scalars, keys, anchors and merge keys resolve as Symfony YAML (the CMS's parser) resolves them."""

from __future__ import annotations

import math

import pytest

from nodetype_studio.model.yamlload import YList, YMap, load_yaml_text


def value(text: str):
    loaded = load_yaml_text(f"v: {text}\n", "s.yaml")
    assert loaded.ok and not loaded.diagnostics, [d.format_text() for d in loaded.diagnostics]
    return loaded.data["v"]


@pytest.mark.parametrize("text", ["yes", "no", "on", "off", "Yes", "NO", "y", "n", "On", "OFF"])
def test_yaml11_booleans_stay_strings(text):
    assert value(text) == text
    assert isinstance(value(text), str)


@pytest.mark.parametrize(("text", "expected"), [("true", True), ("TRUE", True), ("True", True),
                                                ("false", False), ("FALSE", False), ("False", False)])
def test_true_false_in_any_case_are_booleans(text, expected):
    assert value(text) is expected


@pytest.mark.parametrize("text", ["~", "null", "Null", "NULL", ""])
def test_null_spellings_and_empty_value_are_null(text):
    assert value(text) is None


@pytest.mark.parametrize(("text", "expected"), [("12", 12), ("-3", -3), ("0", 0), ("0x1F", 31)])
def test_integers(text, expected):
    result = value(text)
    assert result == expected and type(result) is int


@pytest.mark.parametrize(("text", "expected"), [("1.5", 1.5), ("1.0", 1.0), (".5", 0.5), ("1e3", 1000.0),
                                                ("-2.25", -2.25), ("+12", 12.0)])
def test_floats(text, expected):
    result = value(text)
    assert result == expected and type(result) is float


def test_special_floats():
    assert value(".inf") == math.inf
    assert value("-.inf") == -math.inf
    # Symfony YAML reads `.nan` as infinity, and `+.inf` is a string (tests/php/test_yaml_against_symfony.py)
    assert value(".nan") == math.inf
    assert value("+.inf") == "+.inf"


@pytest.mark.parametrize(("text", "expected"), [("-0", "-0"), ("99999999999999999999", "99999999999999999999"),
                                                ("0X1A", 0.0), ("+1_000", 1000.0), ("-0o17", -15), ("0O17", "0O17")])
def test_numbers_as_symfony_casts_them(text, expected):
    # an integer that does not read back the same stays a string; only a lowercase 0x / 0o is a prefix
    result = value(text)
    assert result == expected and type(result) is type(expected)


@pytest.mark.parametrize("text", ["'yes'", "'true'", '"TRUE"', "'~'", "'null'", "'12'", '"1.5"', "''", "'0x1F'"])
def test_quoted_scalars_stay_strings(text):
    result = value(text)
    assert isinstance(result, str)
    assert result == text[1:-1]


def test_plain_strings_with_colons_and_slashes_stay_strings():
    assert value("Neos.Neos/Inspector/Editors/TextFieldEditor") == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert value("'ClientEval:node.properties.x'") == "ClientEval:node.properties.x"


def test_mapping_keys_are_always_strings():
    # quoted keys stay as written; plain integer keys are the integer (PHP array key) written as a string
    loaded = load_yaml_text("values:\n  1: {label: One}\n  '2.5': x\n  'true': t\n  'q': q\n", "k.yaml")
    keys = list(loaded.data["values"])
    assert keys == ["1", "2.5", "true", "q"]
    assert all(isinstance(k, str) for k in keys)
    assert loaded.data["values"]["1"] == {"label": "One"}


def test_integer_option_keys_are_usable_as_strings_in_a_project(open_project):
    project = open_project({"NodeTypes/Box.yaml": """
        'Acme.Site:Box':
          superTypes:
            'Neos.Neos:Content': true
          properties:
            size:
              type: string
              ui:
                inspector:
                  group: default
                  editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
                  editorOptions:
                    values:
                      1: {label: One}
                      2: {label: Two}
        """})
    values = project.node_types["Acme.Site:Box"].effective["properties"]["size"]["ui"]["inspector"]["editorOptions"]["values"]
    assert values["1"] == {"label": "One"}
    assert list(values) == ["1", "2"]
    assert not project.diagnostics


def test_positions_of_keys_and_list_items_are_one_based():
    loaded = load_yaml_text("a:\n  b: 1\n  list:\n    - x\n    - y\n", "p.yaml")
    a = loaded.data["a"]
    assert isinstance(a, YMap) and isinstance(a["list"], YList)
    assert loaded.data.key_pos["a"] == (1, 1)
    assert a.key_pos["b"] == (2, 3)
    assert a["list"].item_pos == [(4, 7), (5, 7)]


def test_anchors_and_aliases_share_values():
    loaded = load_yaml_text(
        "base: &base\n  label: Base\n  position: 10\ncopy: *base\nlist: [*base, *base]\n", "a.yaml")
    data = loaded.data
    assert not loaded.diagnostics
    assert data["copy"] == {"label": "Base", "position": 10}
    assert data["list"] == [data["base"], data["base"]]


def test_merge_key_explicit_keys_win_and_merged_keys_are_added():
    text = (
        "defaults: &defaults\n"
        "  type: string\n"
        "  label: Default\n"
        "title:\n"
        "  <<: *defaults\n"
        "  label: Title\n"
    )
    loaded = load_yaml_text(text, "m.yaml")
    title = loaded.data["title"]
    assert title == {"label": "Title", "type": "string"}
    assert "<<" not in title
    # the merged key keeps the position where it was written (inside the anchor)
    assert title.key_pos["type"] == (2, 3)
    assert title.key_pos["label"] == (6, 3)


def test_merge_key_with_a_list_of_mappings_first_listed_wins():
    text = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  w: 0\n"
    loaded = load_yaml_text(text, "m.yaml")
    assert loaded.data["c"] == {"w": 0, "x": 1, "y": 1, "z": 2}


def test_merge_key_with_a_scalar_is_a_finding():
    loaded = load_yaml_text("a: &a 5\nb:\n  <<: *a\n  c: 1\n", "m.yaml")
    assert loaded.data["b"] == {"c": 1}
    (finding,) = loaded.diagnostics
    assert finding.code == "yaml-merge-key"
    assert (finding.line, finding.column) == (3, 3)  # the `<<` key, not the anchor on line 1


def test_merge_keys_work_in_node_type_files(open_project):
    project = open_project({"NodeTypes/Text.yaml": """
        'Acme.Site:Text':
          properties:
            title: &text
              type: string
              ui:
                label: Title
                inspector: {group: default}
            subtitle:
              <<: *text
              ui:
                label: Subtitle
        """})
    props = project.node_types["Acme.Site:Text"].effective["properties"]
    assert props["subtitle"]["type"] == "string"
    # a merge key is not a deep merge: the explicit `ui` replaces the merged one entirely
    assert props["subtitle"]["ui"] == {"label": "Subtitle"}
    preview = project.node_types["Acme.Site:Text"].preview["properties"]
    assert preview["title"]["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/TextFieldEditor"


def test_non_ascii_digits_stay_strings():
    from nodetype_studio.model.yamlload import load_yaml_text

    loaded = load_yaml_text("a: ²\nb: ١٢\nc: 0012\n", "digits.yaml")
    assert loaded.diagnostics == []
    # `0012` does not read back as the integer 12: Symfony YAML 6+ keeps it a string
    assert loaded.data == {"a": "²", "b": "١٢", "c": "0012"}


def test_a_colon_in_a_flow_mapping_key_refuses_the_file():
    # Symfony YAML ends a {...} key at its first colon, which must be followed by a space: the CMS fails
    # on the whole file (tests/php/test_yaml_against_symfony.py compares more keys with Symfony itself)
    loaded = load_yaml_text("'Acme.Site:Box':\n  superTypes: {Neos.Neos:Content: true}\n", "f.yaml")
    assert not loaded.ok and loaded.data is None
    (finding,) = loaded.diagnostics
    assert finding.code == "yaml-key-type"
    assert (finding.location.line, finding.location.column) == (2, 16)
    assert "holds a colon" in finding.message
    quoted = load_yaml_text("'Acme.Site:Box':\n  superTypes: {'Neos.Neos:Content': true, Foo: ~}\n", "f.yaml")
    assert quoted.ok and not quoted.diagnostics
    assert quoted.data["Acme.Site:Box"]["superTypes"] == {"Neos.Neos:Content": True, "Foo": None}


@pytest.mark.parametrize("key", ["true", "~", "null", "1.5"])
def test_a_flow_mapping_key_that_is_no_string_or_integer_refuses_the_file(key):
    loaded = load_yaml_text(f"v: {{{key}: a}}\n", "f.yaml")
    assert not loaded.ok
    assert [d.code for d in loaded.diagnostics] == ["yaml-key-type"]


@pytest.mark.parametrize("document", [
    "# c\na: &x\n  - *x\n  - |\n    t\nb: 1",  # the block scalar ends read at the document's end (a prefix line)
    "a: &x\n  - *x\n  - \u00a0x\n",  # no-break spaces after a list's dash
    "a: &x\n  - *x\n  - {b: ! x}\nc: ! # c\n",  # bare tags
])
def test_the_symfony_readings_walk_each_node_once_whatever_the_aliases(document):
    """A recursive alias makes a node its own descendant, and an alias bomb reaches a few nodes a billion
    times: the walks that read a file as Symfony does visit each node once (the builder then refuses)."""
    loaded = load_yaml_text(document, "s.yaml")
    assert not loaded.ok and [d.code for d in loaded.diagnostics if d.code == "yaml-too-deep"]
    laughs = "# c\nl0: &l0 [x, y]\n" + "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 12))
    loaded = load_yaml_text(laughs + "w: ! # c\nv:\n  - \u00a0x\nz:\n  b: |\n    t\ny: 1", "s.yaml")
    assert not loaded.ok and [d.code for d in loaded.diagnostics if d.code == "yaml-alias-bomb"]
