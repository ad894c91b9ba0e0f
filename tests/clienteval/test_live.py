"""Evaluating real node type configurations: Shortcut hiding, data source data, list items, live updates."""

import copy

from nodetype_studio.clienteval import (
    LiveEvaluation,
    js_truthy,
    make_node,
    make_parent_node,
)
from nodetype_studio.clienteval.engine import EXCEPTION

HIDDEN = ("properties", "target", "ui", "inspector", "hidden")
TOPIC_OPTIONS = ("properties", "topic", "ui", "inspector", "editorOptions")


def test_baseline_shortcut_target_is_hidden_unless_selected_target(engine, live_project):
    for name in ("Neos.Neos:Shortcut", "Acme.Test:MyShortcut"):
        nt = live_project.node_types[name]
        # the CMS's default mode (platform-nodetypes.md §3.3, Neos.Neos:Shortcut)
        assert nt.effective["properties"]["targetMode"]["defaultValue"] == "parentNode"
        for mode, hidden in (("firstChildNode", True), ("parentNode", True), ("selectedTarget", False)):
            config, problems = engine.evaluate_config(nt.effective, make_node(nt, {"targetMode": mode}))
            assert problems == []
            assert config["properties"]["target"]["ui"]["inspector"]["hidden"] is hidden, (name, mode)
        # the default value alone (nothing typed yet) hides the target
        config, _ = engine.evaluate_config(nt.effective, make_node(nt))
        assert config["properties"]["target"]["ui"]["inspector"]["hidden"] is True


def test_live_shortcut_toggles_when_target_mode_changes(engine, live_project):
    nt = live_project.node_types["Neos.Neos:Shortcut"]
    live = LiveEvaluation(engine, nt.effective, make_node(nt))
    assert live.value_at(HIDDEN) is True
    assert live.update({"targetMode": "selectedTarget"}) == {HIDDEN}
    assert live.value_at(HIDDEN) is False
    # typing a title changes only what reads the title: the uri path segment editor's option
    title_path = ("properties", "uriPathSegment", "ui", "inspector", "editorOptions", "title")
    assert live.update({"targetMode": "selectedTarget", "title": "Home"}) == {title_path}
    assert live.value_at(title_path) == "Home" and live.value_at(HIDDEN) is False
    assert live.update({"targetMode": "parentNode", "title": "Home"}) == {HIDDEN}
    assert live.value_at(HIDDEN) is True


def test_every_evaluated_place_of_a_fixture(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    parent_type = live_project.node_types["Neos.Neos:ContentCollection"]
    node = make_node(nt, {"linkMode": "custom"})
    config, problems = engine.evaluate_config(nt.effective, node, make_parent_node(parent_type))
    assert problems == []
    tabs, groups, views = (config["ui"]["inspector"][k] for k in ("tabs", "groups", "views"))
    assert tabs["links"]["label"] == "Links (custom)" and tabs["links"]["icon"] == "globe"
    assert groups["target"]["label"] == "External target" and groups["target"]["collapsed"] is False
    assert views["summary"]["label"] == "Summary of Acme.Test:LinkBox"
    assert views["summary"]["viewOptions"]["dataSource"] == "box-news"
    target = config["properties"]["target"]
    assert target["ui"]["label"] == "URL" and target["ui"]["help"]["message"] == "Mode: custom"
    assert target["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/TextFieldEditor"
    assert target["ui"]["inspector"]["hidden"] is False
    values = config["properties"]["linkMode"]["ui"]["inspector"]["editorOptions"]["values"]
    assert values["custom"]["label"] == "Any URL below main"


def test_places_the_cms_does_not_evaluate_stay_literal(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    config, _ = engine.evaluate_config(nt.effective, make_node(nt))
    assert config["ui"]["inspector"]["tabs"]["links"]["position"] == "ClientEval:1"
    target = config["properties"]["target"]
    assert target["ui"]["inspector"]["position"] == "ClientEval:node.properties.linkMode"
    assert target["validation"]["Neos.Neos/Validation/StringLengthValidator"]["maximum"] == "ClientEval:node.properties.maxLength"
    topic = config["properties"]["topic"]
    assert topic["ui"]["inline"]["editorOptions"]["placeholder"] == "ClientEval:node.properties.category"


def test_data_source_additional_data_follows_other_properties(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    live = LiveEvaluation(engine, nt.effective, make_node(nt))
    options = live.value_at(TOPIC_OPTIONS)
    assert options["dataSourceIdentifier"] == "acme-topics"
    assert options["dataSourceAdditionalData"] == {"category": "news", "nested": ["NEWS", "fixed", {"deeper": 4}]}
    changed = live.update({"category": "events"})
    data = live.value_at(TOPIC_OPTIONS + ("dataSourceAdditionalData",))
    assert data == {"category": "events", "nested": ["EVENTS", "fixed", {"deeper": 6}]}
    assert TOPIC_OPTIONS + ("dataSourceAdditionalData", "category") in changed
    assert TOPIC_OPTIONS + ("dataSourceAdditionalData", "nested", 2, "deeper") in changed


def test_list_items_are_evaluated_in_place(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    path = ("properties", "kinds", "ui", "inspector", "editorOptions", "allowedTypes")
    config, _ = engine.evaluate_config(nt.effective, make_node(nt, {"category": "news"}, cms_version="8.3"))
    assert config["properties"]["kinds"]["ui"]["inspector"]["editorOptions"]["allowedTypes"] == [
        "image", "video", "/sites/preview/main@user-admin;language=en_US"]
    live = LiveEvaluation(engine, nt.effective, make_node(nt, cms_version="8.3"))
    assert live.update({"category": "podcasts"}) >= {path + (1,)}
    assert live.value_at(path) == ["image", "audio", "/sites/preview/main@user-admin;language=en_US"]


def test_the_input_configuration_is_never_changed(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    before = copy.deepcopy(nt.effective)
    config, _ = engine.evaluate_config(nt.effective, make_node(nt, {"linkMode": "custom"}))
    live = LiveEvaluation(engine, nt.effective, make_node(nt))
    live.update({"linkMode": "custom", "category": "x"})
    assert nt.effective == before
    assert config is not nt.effective
    # untouched subtrees are shared, not copied
    assert config["properties"]["category"] is nt.effective["properties"]["category"]


def test_only_affected_expressions_are_re_evaluated(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    live = LiveEvaluation(engine, nt.effective, make_node(nt))
    first = live.evaluations
    assert first == len(live.expressions) == 16
    live.update({"category": "events"})
    reads_category = [p for p, _src, reads in live.expressions if "category" in reads.properties]
    assert live.evaluations - first == len(reads_category) == 5
    before = live.evaluations
    assert live.update({"category": "events"}) == set()  # same values: no engine call
    assert live.update({"category": "events", "unrelated": 1}) == set()
    assert live.evaluations == before


def test_failures_keep_the_original_and_recover_when_values_change(engine, live_project):
    nt = live_project.node_types["Acme.Test:LinkBox"]
    live = LiveEvaluation(engine, nt.effective, make_node(nt, {"category": None}))
    nested = TOPIC_OPTIONS + ("dataSourceAdditionalData", "nested", 0)
    assert live.value_at(nested) == "ClientEval:node.properties.category.toUpperCase()"
    problem = next(p for p in live.problems if p.path == nested)
    assert problem.kind == EXCEPTION and "toUpperCase" in problem.message
    assert "properties.topic.ui.inspector.editorOptions.dataSourceAdditionalData.nested.0" in problem.text
    assert nested in live.update({"category": "jobs"})
    assert live.value_at(nested) == "JOBS"
    assert all(p.path != nested for p in live.problems)


def test_make_node_fields(live_project):
    content = make_node(live_project.node_types["Acme.Test:LinkBox"], {"linkMode": "custom"}, cms_version="8.3")
    assert content["nodeType"] == "Acme.Test:LinkBox"
    assert content["properties"]["linkMode"] == "custom" and content["properties"]["category"] == "news"
    assert content["properties"]["target"] is None and content["properties"]["_nodeType"] == "Acme.Test:LinkBox"
    assert content["parent"] == "/sites/preview/main@user-admin;language=en_US"
    assert content["contextPath"] == "/sites/preview/main/node-preview@user-admin;language=en_US"
    assert content["name"] == "node-preview"
    # NodePaths::getPathDepth: one per path segment ("/sites" is 1)
    assert content["depth"] == 4 and content["isAutoCreated"] is False
    assert content["policy"]["canEdit"] is True and len(content["identifier"]) == 36
    page = make_node(live_project.node_types["Neos.Neos:Shortcut"], {"title": "Start"}, cms_version="8.3")
    assert page["parent"] == "/sites/preview@user-admin;language=en_US" and page["label"] == "Start"
    assert page["depth"] == 3
    assert js_truthy(page["policy"])


def test_make_node_fields_in_9(live_project):
    # 9.x NodeInfoHelper::getBasicNodeInformation: contextPath and parent are NodeAddress::toJson(), the
    # name is '' for a node created in the UI (AbstractCreate names none), depth = countAncestorNodes
    import json

    box = live_project.node_types["Acme.Test:LinkBox"]
    content = make_node(box, {"linkMode": "custom"}, cms_version="9.0")
    address = json.loads(content["contextPath"])
    assert address == {"contentRepositoryId": "default", "workspaceName": "user-admin",
                       "dimensionSpacePoint": {"language": "en_US"}, "aggregateId": content["identifier"]}
    assert content["contextPath"].startswith('{"contentRepositoryId":"default","workspaceName":')  # PHP's json_encode
    parent = make_parent_node("Neos.Neos:ContentCollection", cms_version="9.0")
    assert content["parent"] == parent["contextPath"]
    assert content["name"] == "" and parent["name"] == "main" and parent["isAutoCreated"] is True
    assert content["depth"] == 3 and parent["depth"] == 2  # main, the site, the root node
    assert content["properties"]["_hiddenByAncestors"] is False
    assert content["properties"]["_hasTimeableNodeVisibility"] is False
    site = make_parent_node("Neos.Neos:Document", child_is_document=True, cms_version="9.0")
    page = make_node(live_project.node_types["Neos.Neos:Shortcut"], cms_version="9.0")
    assert page["parent"] == site["contextPath"] and site["name"] == "preview" and page["depth"] == 2


def test_make_node_from_a_configuration_alone(live_project):
    from nodetype_studio.clienteval import ConfiguredType

    shortcut = live_project.node_types["Neos.Neos:Shortcut"]
    page = make_node(ConfiguredType(shortcut.name, shortcut.effective), {"targetMode": "parentNode"})
    assert page == make_node(shortcut, {"targetMode": "parentNode"})  # aggregate: a document
    box = live_project.node_types["Acme.Test:LinkBox"]
    assert make_node(ConfiguredType(box.name, box.effective)) == make_node(box)


def test_expressions_reading_the_node_through_arguments_follow_the_values(engine, live_project):
    # The CMS evaluates every expression again on every change (facts §6); `arguments[0]` is the node there
    # too (`new Function('node,parentNode', 'return ' + expression)`, neos-ui preprocessNodeConfiguration.ts)
    nt = live_project.node_types["Neos.Neos:Shortcut"]
    config = copy.deepcopy(nt.effective)
    label = ("properties", "target", "ui", "label")
    config["properties"]["target"]["ui"]["label"] = "ClientEval:'Target for ' + arguments[0].properties.title"
    live = LiveEvaluation(engine, config, make_node(nt, {"title": "Home"}))
    assert live.value_at(label) == "Target for Home"
    assert label in live.update({"title": "About"})
    assert live.value_at(label) == "Target for About"


def test_fully_private_properties_are_not_in_the_node(live_project):
    # neos-ui NodePropertyConverterService::getPropertiesArray skips names starting with `__` (8.3 and 9.x)
    from nodetype_studio.clienteval import ConfiguredType
    from nodetype_studio.clienteval.node import client_values, make_transient_node

    config = {"properties": {"__secret": {"type": "string", "defaultValue": "x"}, "_hidden": {"type": "boolean"},
                             "title": {"type": "string"}}}
    node = make_node(ConfiguredType("Acme.Test:Private", config))
    assert "__secret" not in node["properties"] and "_hidden" in node["properties"]
    assert client_values({"__secret": "x", "title": "T"}) == {"title": "T"}
    assert client_values({"__secret": "typed", "title": "T"}, {"__secret"}) == {"__secret": "typed", "title": "T"}
    dialog = make_transient_node(ConfiguredType("Acme.Test:Private", config), None)
    assert dialog["properties"]["__secret"] == "x"  # the creation dialog's node holds all of its values
