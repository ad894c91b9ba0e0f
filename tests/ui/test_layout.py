"""Inspector layout (facts §5.7) from the real model: tabs, groups, order, hidden, i18n."""

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.i18n import Translator
from nodetype_studio.preview.inspector import InspectorSource, build_layout, js_truthy


@pytest.fixture(scope="module")
def project(request):
    from tests.ui.conftest import FIXTURE_PROJECT

    return load_project(FIXTURE_PROJECT)


def layout_of(project, name):
    return build_layout(InspectorSource.from_model(project.node_type(name), project))


def test_tabs_sorted_and_empty_ones_left_out(project):
    layout = layout_of(project, "Acme.Preview:Everything")
    assert [t.id for t in layout.tabs] == ["default", "meta", "extras"]
    extras = layout.tabs[2]
    assert extras.label == "Extras" and extras.icon == "fas fa-flask"


def test_groups_without_tab_go_to_default_and_lost_groups_vanish(project):
    layout = layout_of(project, "Acme.Preview:Everything")
    default_groups = [g.id for g in layout.tabs[0].groups]
    assert default_groups[0] == "main"  # position 5 before the baseline's `default` (10)
    assert [g.id for g in layout.tabs[1].groups] == ["type", "visibility", "nodeInfo"]
    extras_groups = [g.id for g in layout.tabs[2].groups]
    assert extras_groups == ["more"]  # emptyGroup has no properties; `lost` names a missing tab
    assert layout.tabs[2].groups[0].collapsed


def test_properties_sorted_with_the_js_sorter(project):
    main = layout_of(project, "Acme.Preview:Everything").tabs[0].groups[0]
    assert [i.name for i in main.items] == ["first", "title", "subtitle", "count", "flag", "notes", "dynamic", "last"]


def test_hidden_and_ungrouped_properties_are_not_shown_but_kept(project):
    layout = layout_of(project, "Acme.Preview:Everything")
    shown = layout.visible_properties
    assert "secret" not in shown and "ungrouped" not in shown and "unlisted" not in shown
    assert {"secret", "ungrouped", "unlisted"} <= set(layout.properties)
    assert layout.properties["secret"].hidden


def test_client_eval_hidden_is_shown_until_evaluated(project):
    item = layout_of(project, "Acme.Preview:Everything").properties["dynamic"]
    assert not item.hidden and item.dynamic_hidden == "ClientEval:node.properties.flag"


def test_editors_resolved_from_type_and_explicit_ids(project):
    props = layout_of(project, "Acme.Preview:Everything").properties
    assert props["title"].editor == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert props["flag"].editor == "Neos.Neos/Inspector/Editors/BooleanEditor"
    assert props["tags"].editor == "Neos.Neos/Inspector/Editors/SelectBoxEditor"
    assert props["starts"].editor == "Neos.Neos/Inspector/Editors/DateTimeEditor"
    assert props["colour"].editor == "Acme.Colour/Picker"


def test_i18n_labels_are_translated_from_xliff(project):
    layout = layout_of(project, "Acme.Preview:Translated")
    assert layout.label == "Translated thing"
    words = layout.tabs[0].groups[0]
    assert words.label == "Words"
    items = {i.name: i for i in words.items}
    assert items["headline"].label == "Headline"
    assert items["headline"].help == "Keep it *short*."
    assert items["untranslated"].label == "Acme.Preview:NodeTypes.Translated:properties.untranslated"
    assert items["kind"].label == "Kind of thing"


def test_views_are_items_of_their_group():
    config = {
        "ui": {"inspector": {
            "tabs": {"default": {"label": "T"}},
            "groups": {"g": {"label": "G"}},
            "views": {"info": {"label": "Info", "group": "g", "view": "Neos.Neos/Inspector/Views/NodeInfoView", "position": 5}},
        }},
        "properties": {"p": {"type": "string", "ui": {"inspector": {"group": "g", "position": 10}}}},
    }
    layout = build_layout(InspectorSource("V.P:X", config, Platform("Neos"), Translator()))
    items = layout.tabs[0].groups[0].items
    assert [(i.kind, i.name) for i in items] == [("view", "info"), ("property", "p")]


def test_integer_like_ids_come_first_as_the_ui_reads_them_from_json():
    # The UI takes tabs, groups, views and properties with Object.values of the JSON it is given, which
    # puts array-index keys first in numeric order; unpositioned items keep that order.
    config = {
        "ui": {"inspector": {
            "tabs": {"default": {"label": "T"}, "2": {"label": "Two"}, "10": {"label": "Ten"}},
            "groups": {"g": {"label": "G"}, "1": {"label": "One"}},
        }},
        "properties": {
            "title": {"type": "string", "ui": {"inspector": {"group": "g"}}},
            "10": {"type": "string", "ui": {"inspector": {"group": "g"}}},
            "2": {"type": "string", "ui": {"inspector": {"group": "g"}}},
            "02": {"type": "string", "ui": {"inspector": {"group": "g"}}},  # not an array index
            "one": {"type": "string", "ui": {"inspector": {"group": "1"}}},
        },
    }
    layout = build_layout(InspectorSource("V.P:X", config, Platform("Neos"), Translator()))
    assert list(layout.properties) == ["2", "10", "title", "02", "one"]
    default = next(t for t in layout.tabs if t.id == "default")
    assert [g.id for g in default.groups] == ["1", "g"]
    assert [i.name for i in default.groups[1].items] == ["2", "10", "title", "02"]


def test_a_group_tab_is_matched_as_the_ui_matches_it():
    # `g.tab === tab.id || (!g.tab && tab.id === 'default')`: ids are text, falsy tabs mean the default tab
    config = {
        "ui": {"inspector": {
            "tabs": {"default": {"label": "D"}, "2": {"label": "Two"}},
            "groups": {"number": {"tab": 2}, "text": {"tab": "2"}, "empty": {"tab": ""}, "zero": {"tab": 0},
                       "off": {"tab": False}},
        }},
        "properties": {name: {"type": "string", "ui": {"inspector": {"group": name}}}
                       for name in ("number", "text", "empty", "zero", "off")},
    }
    layout = build_layout(InspectorSource("V.P:X", config, Platform("Neos"), Translator()))
    shown = {tab.id: [g.id for g in tab.groups] for tab in layout.tabs}
    assert shown == {"default": ["empty", "zero", "off"], "2": ["text"]}
    assert layout.missing_tabs == {}


def test_null_groups_and_tabs_are_label_less_and_odd_values_are_tolerated():
    config = {
        "ui": {"inspector": {"tabs": {"default": None}, "groups": {"g": None, "bad": "text"}}},
        "properties": {"p": {"type": "string", "ui": {"inspector": {"group": "g"}}}, "q": None, "r": "x"},
    }
    layout = build_layout(InspectorSource("V.P:X", config))
    assert layout.tabs[0].label == "" and layout.tabs[0].groups[0].label == ""
    assert list(layout.properties) == ["p", "q", "r"]


def test_js_truthiness():
    assert js_truthy({}) and js_truthy([]) and js_truthy("false") and js_truthy(1)
    assert not js_truthy("") and not js_truthy(0) and not js_truthy(None) and not js_truthy(float("nan"))


@pytest.mark.parametrize("ui, expected", [
    ({}, ""),
    ({"reloadIfChanged": True}, "element"),
    ({"reloadPageIfChanged": True}, "page"),
    ({"reloadIfChanged": True, "reloadPageIfChanged": True}, "page"),  # the server reloads the page after all
    ({"reloadIfChanged": "false"}, "element"),  # the server reads PHP truthiness: a non-empty string is true
    ({"reloadIfChanged": "0"}, ""),
    ({"reloadPageIfChanged": 0.0, "reloadIfChanged": 1}, "element"),
    ({"reloadPageIfChanged": [], "reloadIfChanged": {}}, ""),
    ({"reloadPageIfChanged": None, "reloadIfChanged": ""}, ""),
    ({"reloadPageIfChanged": [0]}, "page"),
])
def test_reload_flags_as_the_server_reads_them(ui, expected):
    config = {"properties": {"p": {"type": "string", "ui": {**ui, "inspector": {"group": "g"}}}}}
    assert build_layout(InspectorSource("V.P:X", config)).properties["p"].reload == expected
