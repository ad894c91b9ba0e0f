"""Both positional sorters (facts §5.8) with their documented edge cases, and child nodes in a project."""

from __future__ import annotations

import pytest
from modelkit import codes, where

from nodetype_studio.diagnostics import Severity
from nodetype_studio.model.sorting import js_sort, js_sort_mapping, php_sort


def php(*items):
    order, problems = php_sort(list(items))
    return order, [p.message for p in problems]


def js(*items):
    return [key for key, _ in js_sort_mapping({key: {"position": pos} for key, pos in items})]


# --- PHP (Flow's PositionalArraySorter) -----------------------------------------------------------


def test_php_start_weights_higher_first_and_plain_start_last_of_the_starts():
    order, problems = php(("a", "start"), ("b", "start 10"), ("c", 5), ("d", "start 5"))
    assert order == ["b", "d", "a", "c"]
    assert problems == []


def test_php_end_plain_end_first_of_the_ends():
    order, _ = php(("e10", "end 10"), ("e", "end"), ("m", 1), ("e5", "end 5"))
    assert order == ["m", "e", "e5", "e10"]


def test_php_middle_numbers_ascending_cast_to_int_ties_keep_input_order():
    order, _ = php(("a", 10), ("b", None), ("c", -1), ("d", "2"), ("e", 1.9), ("f", " 3 "), ("g", 1))
    # b has no position: string key -> 0; 1.9 -> 1 (ties with g keep input order); " 3 " is numeric
    assert order == ["c", "b", "e", "g", "d", "f", "a"]


def test_php_before_and_after_with_weights_higher_weight_closer_to_the_key():
    order, problems = php(("p", "before x"), ("q", "before x 5"), ("x", 10), ("r", "after x"), ("s", "after x 5"))
    assert order == ["p", "q", "x", "s", "r"]
    assert problems == []


def test_php_chains_of_before_and_after():
    order, problems = php(("d", "before c"), ("c", "after b"), ("b", "after a"), ("a", 10), ("z", 20))
    assert order == ["a", "b", "d", "c", "z"]
    assert problems == []


@pytest.mark.parametrize("position", ["before nope", "after nope", "before nope 10"])
def test_php_unknown_reference_is_a_problem(position):
    order, problems = php(("a", 1), ("x", position))
    assert problems == [f"position {position!r} of 'x' references a non-existing key 'nope'"]
    assert sorted(order) == ["a", "x"]  # best effort: nothing is lost


@pytest.mark.parametrize("position", ["foo", "start123", "start 1 2", "before", "after  x", "END", "start -1", "twenty"])
def test_php_unsupported_strings_are_problems(position):
    order, problems = php(("a", 1), ("x", position), ("b", "after a"))
    assert len(problems) == 1
    assert problems[0].startswith(f"position {position!r} of 'x' is not supported")
    assert set(order) == {"a", "x", "b"}


def test_php_boolean_position_is_unsupported():
    _, problems = php(("a", True))
    assert problems == ["position true of 'a' is not supported (use a number, 'start', 'end', 'before KEY' or 'after KEY')"]


def test_php_numeric_keys_without_position_use_the_key():
    assert php((10, None), (2, None), ("b", None))[0] == ["b", 2, 10]
    # YAML mapping keys are strings: a decimal-integer string key is an integer key to PHP
    assert php(("10", None), ("2", None), ("b", None))[0] == ["b", "2", "10"]
    # "02", "1.5" and " 3" are not integer keys in PHP, but Flow asks is_numeric(): the key is the position
    assert php(("5", None), ("02", None), ("1.5", None), (" 3", None), ("x", None))[0] == ["x", "1.5", "02", " 3", "5"]


def test_php_reference_to_a_numeric_key():
    order, problems = php((3, None), (7, None), ("x", "before 7"))
    assert order == [3, "x", 7]
    assert problems == []


def test_php_before_after_cycle_is_reported():
    order, problems = php(("a", "before b"), ("b", "before a"), ("m", 1), ("c", "after a"))
    # Flow does not throw: the keys of the cycle, and those placed next to them, are left out
    assert order == ["m"]
    assert problems == [f"{key!r} is part of a before/after cycle" for key in ("a", "b", "c")]


# --- JS (the UI's positionalArraySorter) ----------------------------------------------------------


def test_js_falsy_position_uses_the_index():
    # 0 and a missing position mean "the item's index", not 0 as in PHP
    assert js(("a", 2), ("b", 0), ("c", None)) == ["b", "a", "c"]
    assert php(("a", 2), ("b", 0), ("c", None))[0] == ["b", "c", "a"]
    assert js(("x", 5), ("y", ""), ("z", False)) == ["y", "z", "x"]


def test_js_numbers_keep_decimals():
    assert js(("a", 1.5), ("b", 1.2), ("c", "1.3")) == ["b", "c", "a"]
    assert php(("a", 1.5), ("b", 1.2))[0] == ["a", "b"]  # PHP casts to int: a tie


def test_js_start_and_end_weights():
    assert js(("a", "start"), ("b", "start 10"), ("m", 1), ("e10", "end 10"), ("e", "end")) == ["b", "a", "m", "e", "e10"]


def test_js_before_and_after_with_weights():
    assert js(("p", "before x"), ("q", "before x 5"), ("x", 10), ("r", "after x"), ("s", "after x 5")) == ["p", "q", "x", "s", "r"]


def test_js_unknown_reference_in_before_goes_to_the_end_of_the_start_section():
    assert js(("m", 1), ("o", "before nope"), ("s", "start"), ("e", "end")) == ["s", "o", "m", "e"]


def test_js_unknown_reference_in_after_goes_to_the_end_of_the_middle_section():
    assert js(("o", "after nope"), ("m1", 1), ("e", "end"), ("m2", 2)) == ["m1", "m2", "o", "e"]


def test_js_orphans_in_descending_weight():
    assert js(("a", "before nope"), ("b", "before nope 10"), ("m", 1)) == ["b", "a", "m"]


def test_js_invalid_strings_use_the_index():
    # "twenty" and a bare "after" are no error: the index (1 and 2) is the position
    assert js(("x", 1.5), ("a", "twenty"), ("b", "after")) == ["a", "x", "b"]
    # a string that starts with a number is parsed like parseFloat
    assert js(("x", "10px"), ("y", 5)) == ["y", "x"]


def test_js_prefix_tests_are_lenient():
    # "start123" and "ending" count as start and end (PHP rejects both)
    assert js(("m", 1), ("s", "start123"), ("e", "ending")) == ["s", "m", "e"]


def test_js_cycles_are_tolerated_each_key_once():
    # a and b only reference each other: as in the UI they are emitted once, as orphans in the start section
    assert js(("a", "before b"), ("b", "before a"), ("m", None)) == ["b", "a", "m"]
    assert js(("a", "after b"), ("b", "after a"), ("m", None), ("e", "end")) == ["m", "a", "b", "e"]


def test_js_sort_returns_the_items_themselves():
    items = [{"id": "a", "position": 20}, {"id": "b", "position": 10}]
    assert js_sort(items, lambda item: item["position"], lambda item: item["id"]) == [items[1], items[0]]


# --- child nodes of a loaded project use the PHP sorter --------------------------------------------


def test_child_nodes_are_sorted_with_the_php_sorter(open_project):
    project = open_project({"NodeTypes/Page.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
          childNodes:
            footer:
              type: 'Neos.Neos:ContentCollection'
              position: end
            main:
              type: 'Neos.Neos:ContentCollection'
            teaser:
              type: 'Neos.Neos:ContentCollection'
              position: 'before main'
            header:
              type: 'Neos.Neos:ContentCollection'
              position: start
            sidebar:
              type: 'Neos.Neos:ContentCollection'
              position: 'after main 10'
            removed:
              type: 'Neos.Neos:ContentCollection'
        'Acme.Site:Sub':
          superTypes:
            'Acme.Site:Page': true
          childNodes:
            removed: ~
        """})
    assert not project.diagnostics
    assert list(project.node_types["Acme.Site:Page"].effective["childNodes"]) == [
        "header", "teaser", "main", "sidebar", "removed", "footer"]
    assert list(project.node_types["Acme.Site:Sub"].effective["childNodes"]) == [
        "header", "teaser", "main", "sidebar", "footer"]


def test_invalid_child_node_positions_are_findings_at_the_position_key(open_project):
    project = open_project({"NodeTypes/Page.yaml": """
        'Acme.Site:Page':
          childNodes:
            main:
              type: 'Neos.Neos:ContentCollection'
              position: 'after nowhere'
            side:
              type: 'Neos.Neos:ContentCollection'
              position: 'somewhere'
        """})
    found = codes(project, "position-invalid")
    assert [(d.severity, where(d)) for d in found] == [(Severity.ERROR, ("Page.yaml", 5, 7)),
                                                       (Severity.ERROR, ("Page.yaml", 8, 7))]
    assert found[0].message == ("Acme.Site:Page: childNodes: position 'after nowhere' of 'main' references a "
                                "non-existing key 'nowhere'; the CMS throws")
    assert found[1].message.startswith("Acme.Site:Page: childNodes: position 'somewhere' of 'side' is not supported")
    assert found[0].node_type == "Acme.Site:Page"
    # both child nodes are still there
    assert set(project.node_types["Acme.Site:Page"].effective["childNodes"]) == {"main", "side"}


def test_a_reference_to_a_child_node_removed_with_null_is_a_finding(open_project):
    project = open_project({"NodeTypes/Page.yaml": """
        'Acme.Site:Base':
          childNodes:
            main: {type: 'Neos.Neos:ContentCollection'}
            side: {type: 'Neos.Neos:ContentCollection', position: 'after main'}
        'Acme.Site:Sub':
          superTypes: {'Acme.Site:Base': true}
          childNodes:
            main: ~
        """})
    (finding,) = codes(project, "position-invalid")
    assert finding.node_type == "Acme.Site:Sub"
    assert "references a non-existing key 'main'" in finding.message
    # reported in the subtype that removed the target (its childNodes key), not in the untouched Base
    assert where(finding) == ("Page.yaml", 7, 3)


def test_a_child_node_cycle_is_reported_as_left_out(open_project):
    project = open_project({"NodeTypes/Page.yaml": """
        'Acme.Site:Page':
          childNodes:
            a: {type: 'Neos.Neos:ContentCollection', position: 'before b'}
            b: {type: 'Neos.Neos:ContentCollection', position: 'before a'}
            main: {type: 'Neos.Neos:ContentCollection'}
        """})
    found = codes(project, "position-invalid")
    assert [d.message for d in found] == [
        f"Acme.Site:Page: childNodes: {key!r} is part of a before/after cycle; the CMS leaves it out" for key in "ab"]
    assert where(found[0]) == ("Page.yaml", 3, 46)
    # Flow's sorter does not throw: the resolved type has no such child nodes
    assert list(project.node_types["Acme.Site:Page"].effective["childNodes"]) == ["main"]


def test_numeric_child_node_names_sort_by_their_number(open_project):
    project = open_project({"NodeTypes/Grid.yaml": """
        'Acme.Site:Grid':
          childNodes:
            10: {type: 'Neos.Neos:ContentCollection'}
            2: {type: 'Neos.Neos:ContentCollection'}
            column: {type: 'Neos.Neos:ContentCollection'}
        """})
    assert list(project.node_types["Acme.Site:Grid"].effective["childNodes"]) == ["column", "2", "10"]


def test_nan_and_infinite_positions_sort_as_php_casts_them(open_project):
    # int(nan) raised and stopped the project loading; PHP casts NaN and infinity to 0, also a numeric
    # string that reads as infinity ('1e999'); equal positions keep their order
    project = open_project({"NodeTypes/Page.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
          postprocessors:
            'Acme':
              postprocessor: 'Acme\\\\Site\\\\Postprocessor'
              position: .nan
          childNodes:
            huge:
              type: 'Neos.Neos:ContentCollection'
              position: '1e999'
            nan:
              type: 'Neos.Neos:ContentCollection'
              position: .nan
            first:
              type: 'Neos.Neos:ContentCollection'
              position: -1
            inf:
              type: 'Neos.Neos:ContentCollection'
              position: .inf
        """})
    assert list(project.node_types["Acme.Site:Page"].effective["childNodes"]) == ["first", "huge", "nan", "inf"]
    assert php(("a", float("-inf")), ("b", -1), ("c", "-1e999")) == (["b", "a", "c"], [])


def test_php_positions_past_the_integer_range_are_cast_as_php_casts_them():
    # a float wraps around (1e19 is -8446744073709551616 to PHP), a numeric string saturates
    order, _ = php(("wrapped", 1e19), ("zero", 0), ("saturated", "1e19"), ("big", 2**62))
    assert order == ["wrapped", "zero", "big", "saturated"]


def test_php_before_weights_are_array_keys_as_written():
    # "05" is a string key next to the integer key 5: equal by number, so in the order they came
    order, _ = php(("x", 1), ("a", "before x 05"), ("b", "before x 5"), ("c", "before x 05"), ("d", "before x 4"))
    assert order == ["d", "a", "c", "b", "x"]


def test_js_nan_position_is_falsy_so_the_index_is_used():
    # an infinity is no number either: the UI parses String(position), and "Infinity" is not finite
    assert js(("a", 5), ("b", float("nan")), ("c", float("inf"))) == ["b", "c", "a"]


def test_js_orphans_in_the_order_of_javascripts_object_keys():
    # references that look like array indexes come first, in ascending order (Object.keys)
    assert js(("x", "before nope"), ("y", "before 5"), ("z", "before 2"), ("m", "end")) == ["z", "y", "x", "m"]


def test_js_items_sharing_a_key_give_the_last_item_once():
    # a group's property and view with one name: the UI's sorter keeps the last item (the view), at the
    # place of the key's first sorted occurrence
    items = [("stats", 5, "property"), ("b", 1, "b"), ("stats", None, "view")]
    assert [kind for _k, _p, kind in js_sort(items, lambda i: i[1], lambda i: i[0])] == ["b", "view"]


def test_js_weights_and_references_are_searched_after_the_prefix():
    assert js(("a", "startfoo 5"), ("b", "start 1")) == ["b", "a"]
    assert js(("a", 1), ("b", "beforeX before a")) == ["b", "a"]


def test_invalid_postprocessor_and_creation_dialog_positions_are_findings(open_project):
    # NodeType::applyPostprocessing and the creation dialog post-processor sort with Flow's sorter too:
    # an unknown reference makes the CMS throw when it loads the type
    project = open_project({"NodeTypes/Page.yaml": """
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
          postprocessors:
            'Acme':
              postprocessor: 'Acme\\\\Site\\\\Postprocessor'
              position: 'after Nowhere'
          ui:
            creationDialog:
              elements:
                teaser:
                  type: string
                  position: 'after nothing'
          properties:
            subtitle:
              type: string
              ui:
                showInCreationDialog: true
                inspector:
                  position: 'before missing'
        """})
    found = [(d.message, where(d)) for d in codes(project, "position-invalid") if d.node_type == "Acme.Site:Page"]
    assert found == [
        ("Acme.Site:Page: postprocessors: position 'after Nowhere' of 'Acme' references a non-existing key "
         "'Nowhere'; the CMS throws", ("Page.yaml", 7, 7)),
        ("Acme.Site:Page: ui.creationDialog.elements: position 'after nothing' of 'teaser' references a "
         "non-existing key 'nothing'; the CMS throws", ("Page.yaml", 13, 11)),
        ("Acme.Site:Page: ui.creationDialog.elements: position 'before missing' of 'subtitle' references a "
         "non-existing key 'missing'; the CMS throws", ("Page.yaml", 20, 11)),
    ]
