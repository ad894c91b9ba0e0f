"""Data-source select boxes against a real HTTP server on 127.0.0.1: requests, answers, failures, limits."""

import json

from PySide6.QtCore import Qt

from nodetype_studio.datasources import parse_php_query
from nodetype_studio.datasources.query import encode_uri_component
from nodetype_studio.model import previewnode
from tests.datasources.helpers import Answer, closed_port
from tests.ui.datasource_helpers import WAIT_MS, options, wait_answer

PRODUCT = "Acme.Sources:Content.Product"
COLOURS = [
    {"value": "red", "label": "Red", "group": "Warm", "icon": "fas fa-fire"},
    {"value": "orange", "label": "Orange", "group": "Warm"},
    {"value": "blue", "label": "Blue", "group": "Cold", "icon": "fas fa-snowflake"},
    {"value": "grey", "label": "Grey"},
]


#: The preview node of a content type (ClientEval's `node.contextPath` names it too).
CONTENT_PATH = "/sites/preview/main/node-preview"
#: The `node` parameter a 9.x CMS sends (a JSON node address), encoded; the fixture project is a 9.x one.
NODE_9 = encode_uri_component(previewnode.node_address(CONTENT_PATH))


def product(open_inspector, project_root, services, srv, **settings):
    service = services(project_root, base_url=srv.url, **settings)
    return open_inspector(project_root, PRODUCT, service), service


def test_nested_additional_data_is_sent_in_php_bracket_encoding(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer(json.dumps(COLOURS))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    wait_answer(qtbot, inspector.editor("colour"))
    [request] = srv.requests_to("/options/colours")
    assert request.query == (
        f"node={NODE_9}"
        "&filter%5Bkinds%5D%5B0%5D=paint&filter%5Bkinds%5D%5B1%5D=ink"
        "&filter%5Bstock%5D%5Bminimum%5D=3&filter%5Bstock%5D%5Bwarehouse%5D=Nord%2FS%C3%BCd%20%26%20Co"
        "&includeArchived=false"
    )
    assert parse_php_query(request.query)["filter"] == {"kinds": ["paint", "ink"], "stock": {"minimum": "3", "warehouse": "Nord/Süd & Co"}}
    assert request.headers["Accept"] == "*/*"  # the browser's fetch() default: the CMS sets none


def test_list_answer_with_groups_and_icons(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer(json.dumps(COLOURS))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    assert editor.is_loading() and "Loading options from http://127.0.0.1" in editor.data_source_status()
    assert editor.combo.placeholderText() == "Loading options\u2026"  # the box itself shows it is loading
    assert editor.combo.toolTip().startswith("Loading options from http://127.0.0.1")
    result = wait_answer(qtbot, editor)
    assert result.ok and not editor.is_loading()
    assert options(editor) == [
        ("group", "Cold"), ("option", "Blue"), ("group", "Warm"), ("option", "Red"), ("option", "Orange"),
        ("group", "Without group"), ("option", "Grey"),
    ]
    combo = editor.combo
    assert not combo.itemIcon(combo.findText("Red")).isNull() and not combo.itemIcon(combo.findText("Blue")).isNull()
    assert combo.itemIcon(combo.findText("Orange")).isNull()
    status = editor.data_source_status()
    assert status.startswith(f"Options from {srv.url}/options/colours")
    assert "compat: the preview sorts the choices by group" in status and "Warm, Cold, Without group" in status
    assert editor.data_source_error() == "" and editor.combo.placeholderText() == ""
    status = editor.binding.status  # laid out for real although layouts were off while answers arrived
    assert status.isVisible() and status.geometry().height() > 0
    assert status.geometry().top() > editor.combo.geometry().bottom()


def test_map_answer_and_the_stored_value(qtbot, server, open_inspector, project_root, services):
    answer = {"b": {"label": "Bee"}, "a": {"label": "Ay", "value": "custom"}, "nolabel": {"icon": "x"}}
    srv = server({"/options/colours": Answer(json.dumps(answer))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    inspector.set_values({"colour": "custom"})
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert options(editor) == [("option", "Bee"), ("option", "Ay")]
    assert editor.combo.currentText() == "Ay"
    assert "1 entry without a label left out: key \u201cnolabel\u201d has no label" in editor.data_source_status()
    editor.combo.activated.emit(editor.combo.findText("Bee"))
    assert inspector.values()["colour"] == "b"


def test_value_not_among_the_loaded_options_is_invalid(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer(json.dumps(COLOURS))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    inspector.set_values({"colour": "purple"})
    editor = inspector.editor("colour")
    assert ("invalid", 'Invalid value: "purple"') not in options(editor)  # not judged before the answer
    wait_answer(qtbot, editor)
    assert options(editor)[-1] == ("invalid", 'Invalid value: "purple"')


def test_http_errors_show_status_text_and_keep_the_previous_options(qtbot, server, open_inspector, project_root, services):
    answers = iter([Answer(json.dumps([{"value": "t", "label": "Tag"}])),
                    Answer("Not here", 404, content_type="text/plain"),
                    Answer("<html><body><h1>Whoops</h1><p>Exception #1414088186</p></body></html>", 500,
                           content_type="text/html")])
    srv = server({"/options/tags": lambda request: next(answers)})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("tags")
    wait_answer(qtbot, editor)
    assert options(editor) == [("option", "Tag")]
    editor.reload_options()
    result = wait_answer(qtbot, editor)
    assert result.message() == "HTTP 404 Not Found: Not here"
    assert editor.data_source_error() == "HTTP 404 Not Found: Not here"
    assert options(editor) == [("option", "Tag")]
    assert "the previous options are kept" in editor.data_source_status()
    editor.reload_options()
    wait_answer(qtbot, editor)
    assert editor.data_source_error() == "HTTP 500 Internal Server Error: Whoops Exception #1414088186"
    assert options(editor) == [("option", "Tag")]


def test_invalid_json_is_shown_with_the_parser_detail(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer("[{'value': 'single quotes'}]")})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    error = editor.data_source_error()
    assert error.startswith("The answer is not JSON: Expecting property name enclosed in double quotes at line 1, column 3")
    assert "no options" in editor.data_source_status()
    assert options(editor) == []


def test_wrong_shape_is_reported(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer('"just a string"')})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert editor.data_source_error().startswith("Unexpected answer: expected a list")


def test_answer_over_the_size_limit_is_aborted(qtbot, server, open_inspector, project_root, services):
    big = json.dumps([{"value": str(i), "label": "x" * 50} for i in range(200)])
    srv = server({"/options/colours": Answer(big), "/options/tags": Answer(big, chunked=True)})
    inspector, service = product(open_inspector, project_root, services, srv, max_response_bytes=4096)
    colour, tags = inspector.editor("colour"), inspector.editor("tags")
    wait_answer(qtbot, colour)
    wait_answer(qtbot, tags)
    assert colour.data_source_error() == (
        f"The answer is too large: more than 4 KB (backend.maxResponseSize); the server announced {len(big) / 1024:g} KB")
    assert tags.data_source_error().startswith("The answer is too large: more than 4 KB (backend.maxResponseSize); aborted after")
    assert options(colour) == [] and options(tags) == []
    qtbot.waitUntil(service.idle, timeout=WAIT_MS)  # nothing left running (the size box's 404 included)


def test_slow_server_hits_the_timeout(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer(json.dumps(COLOURS), delay=10)})
    inspector, service = product(open_inspector, project_root, services, srv, timeout=0.3)
    editor = inspector.editor("colour")
    result = wait_answer(qtbot, editor)
    assert result.message() == "No answer in time: no complete answer within 0.3 s (backend.timeout)"
    assert editor.data_source_error() == result.message()
    qtbot.waitUntil(service.idle, timeout=WAIT_MS)
    assert {result.message() for result in service.cache.values()} >= {result.message()}  # kept, as the CMS keeps it


def test_connection_refused(qtbot, open_inspector, project_root, services):
    service = services(project_root, base_url=f"http://127.0.0.1:{closed_port()}")
    inspector = open_inspector(project_root, PRODUCT, service)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert editor.data_source_error().startswith("Connection refused (is the server running?)")


def test_tls_errors_are_reported(qtbot, server, open_inspector, project_root, services, tmp_path):
    from tests.ui.tls import self_signed_context  # needs cryptography (a test extra)

    srv = server({"/options/colours": Answer(json.dumps(COLOURS))}, ssl_context=self_signed_context(tmp_path))
    assert srv.url.startswith("https://")
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    error = editor.data_source_error()
    assert error.startswith("TLS error: ") and "self-signed" in error.lower(), error


def test_pending_requests_and_answers_are_shared_unless_caching_is_disabled(qtbot, server, open_inspector,
                                                                            project_root, services):
    srv = server({"/options/colours": Answer(json.dumps(COLOURS), delay=0.2),
                  "/options/tags": Answer(json.dumps([{"value": "t", "label": "T"}]))})
    service = services(project_root, base_url=srv.url)
    first = open_inspector(project_root, PRODUCT, service)
    second = open_inspector(project_root, PRODUCT, service)  # asks while the first request is pending
    wait_answer(qtbot, first.editor("colour"))
    wait_answer(qtbot, second.editor("colour"))
    wait_answer(qtbot, first.editor("tags"))
    wait_answer(qtbot, second.editor("tags"))
    assert len(srv.requests_to("/options/colours")) == 1
    assert len(srv.requests_to("/options/tags")) == 2  # dataSourceDisableCaching: true
    third = open_inspector(project_root, PRODUCT, service)
    assert not third.editor("colour").is_loading()  # answered from the cache at once
    assert options(third.editor("colour"))[0] == ("group", "Cold")


def test_identifier_goes_to_the_cms_endpoint(qtbot, server, open_inspector, project_root, services):
    srv = server({"/neos/service/data-source/acme-sizes": Answer(json.dumps({"s": {"label": "Small"}}))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("size")
    wait_answer(qtbot, editor)
    assert options(editor) == [("option", "Small")]
    assert editor.data_source_status().startswith(f"Options from {srv.url}/neos/service/data-source/acme-sizes")
    [request] = srv.requests_to("/neos/service/data-source/acme-sizes")
    assert request.query == f"node={NODE_9}"


def test_the_node_parameter_has_the_shape_the_projects_cms_sends(qtbot, server, open_inspector, project_root,
                                                                 services):
    # 9.x: a JSON node address (the server decodes it with NodeAddress::fromJsonString); 8.3: a context path.
    srv = server({"/neos/service/data-source/acme-sizes": Answer(json.dumps({"s": {"label": "Small"}}))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    wait_answer(qtbot, inspector.editor("size"))
    [nine] = srv.requests_to("/neos/service/data-source/acme-sizes")
    assert json.loads(parse_php_query(nine.query)["node"]) == {
        "contentRepositoryId": "default", "workspaceName": "user-admin", "dimensionSpacePoint": {"language": "en_US"},
        "aggregateId": previewnode.identifier(CONTENT_PATH)}
    (project_root / ".nodetype-studio.yaml").write_text("cmsVersion: '8.3'\n", encoding="utf-8")
    inspector, _service = product(open_inspector, project_root, services, srv)
    wait_answer(qtbot, inspector.editor("size"))
    [_, eight] = srv.requests_to("/neos/service/data-source/acme-sizes")
    assert eight.query == "node=%2Fsites%2Fpreview%2Fmain%2Fnode-preview%40user-admin%3Blanguage%3Den_US"


def test_settings_file_and_environment_configure_the_default_service(qtbot, server, open_inspector, project_root,
                                                                   monkeypatch):
    srv = server({"/options/colours": Answer(json.dumps(COLOURS))})
    studio = project_root / ".nodetype-studio"
    studio.mkdir()
    (studio / "settings.yaml").write_text("backend:\n  baseUrl: 'http://127.0.0.1:1'\n  headers:\n    X-Token: secret\n")
    monkeypatch.setenv("NODETYPE_STUDIO_BACKEND", srv.url)  # the environment wins over the file
    inspector = open_inspector(project_root, PRODUCT)  # no service given: the project's own, from its settings
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert options(editor)[0] == ("group", "Cold")
    assert srv.requests_to("/options/colours")[0].headers["X-Token"] == "secret"
    inspector.data_service = None
    inspector.data_session.service.shutdown()


def test_the_ui_stays_responsive_while_requests_wait(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer(hang=True), "/options/tags": Answer(hang=True)})
    inspector, service = product(open_inspector, project_root, services, srv, timeout=30)
    editor = inspector.editor("colour")
    ticks = []
    from PySide6.QtCore import QTimer

    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    qtbot.waitUntil(lambda: len(ticks) >= 10, timeout=WAIT_MS)  # the event loop keeps running
    timer.stop()
    assert editor.is_loading() and not service.idle()
    assert "Loading options from" in editor.data_source_status()
    tags = inspector.editor("tags")  # a multiple select says it in its summary line
    assert tags.is_loading() and tags.summary.text() == "Loading options\u2026" and tags.summary.isVisible()



def test_a_4xx_answer_with_usable_json_fills_the_box_as_in_the_cms(qtbot, server, open_inspector, project_root, services):
    # The CMS's request helper rejects only 401 (login) and 5xx; a 404 body is read as JSON like any answer.
    tags = json.dumps([{"value": "t", "label": "Tag"}])
    answers = iter([Answer(tags, 404), Answer(tags, 401), Answer(tags, 503, reason="Service Unavailable")])
    srv = server({"/options/tags": lambda request: next(answers)})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("tags")
    result = wait_answer(qtbot, editor)
    assert result.ok and editor.data_source_error() == ""
    assert options(editor) == [("option", "Tag")]
    assert ("the server answered HTTP 404 Not Found; the CMS shows these options all the same "
            "(its requests fail only on 401 and 5xx)") in editor.data_source_status()
    editor.reload_options()
    wait_answer(qtbot, editor)
    assert editor.data_source_error().startswith("HTTP 401 Unauthorized: ")
    editor.reload_options()
    wait_answer(qtbot, editor)
    assert editor.data_source_error().startswith("HTTP 503 Service Unavailable: ")
    assert options(editor) == [("option", "Tag")]  # the options of the 404 answer are kept


def test_a_falsy_group_files_the_choice_under_without_group(qtbot, server, open_inspector, project_root, services):
    # The CMS's grouped list labels a choice by `group ? group : "Without group"`: 0 and false are no group.
    rooms = [{"value": "lobby", "label": "Lobby", "group": 0}, {"value": "attic", "label": "Attic", "group": "Roof"},
             {"value": "shed", "label": "Shed", "group": False}, {"value": "yard", "label": "Yard", "group": ""}]
    srv = server({"/options/colours": Answer(json.dumps(rooms))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert options(editor) == [
        ("group", "Roof"), ("option", "Attic"),
        ("group", "Without group"), ("option", "Lobby"), ("option", "Shed"), ("option", "Yard"),
    ]
    assert "Without group, Roof" in editor.data_source_status()  # the CMS's order: groups by first appearance


def test_a_truthy_non_boolean_disable_caching_disables_the_cache(qtbot, server, open_inspector, project_root, services):
    # The CMS hands `Boolean(dataSourceDisableCaching)` to its loader: the text 'false' is truthy too.
    shop = project_root / "NodeTypes" / "Shop.yaml"
    shop.write_text(shop.read_text(encoding="utf-8").replace("dataSourceDisableCaching: true",
                                                             "dataSourceDisableCaching: 'false'"), encoding="utf-8")
    srv = server({"/options/tags": Answer(json.dumps([{"value": "t", "label": "T"}]))})
    service = services(project_root, base_url=srv.url)
    first = open_inspector(project_root, PRODUCT, service)
    wait_answer(qtbot, first.editor("tags"))
    second = open_inspector(project_root, PRODUCT, service)
    assert second.editor("tags").is_loading()  # not answered from the cache: asked again
    wait_answer(qtbot, second.editor("tags"))
    assert len(srv.requests_to("/options/tags")) == 2
    assert options(second.editor("tags")) == [("option", "T")]


def test_a_number_value_is_committed_as_that_number(qtbot, server, open_inspector, project_root, services):
    # The CMS's option keeps the entry's own `value` as it is and commits it: 2, not "2" (a map key stays text);
    # the node stores it typed, but the CMS's validators check the handed-over value until a reload.
    answer = [{"value": 1, "label": "One"}, {"value": 2.0, "label": "Two"}, {"value": "3", "label": "Three"},
              {"value": True, "label": "Yes"}]
    srv = server({"/options/colours": Answer(json.dumps(answer)), "/options/tags": Answer(json.dumps(answer))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    inspector.set_values({"colour": 1, "tags": [1]})
    colour, tags = inspector.editor("colour"), inspector.editor("tags")
    wait_answer(qtbot, colour)
    wait_answer(qtbot, tags)
    assert colour.combo.currentText() == "One" and ("invalid", 'Invalid value: "1"') not in options(colour)
    colour.combo.setFocus()
    handed = []
    for _ in range(3):
        with qtbot.waitSignal(colour.valueChanged) as blocker:
            qtbot.keyClick(colour.combo, Qt.Key_Down)
        handed.append((colour.combo.currentText(), blocker.args[0]))
    assert handed == [("Two", 2), ("Three", "3"), ("Yes", True)]
    assert type(handed[0][1]) is int
    assert inspector.node.validation_value("colour") is True
    tags.list.setFocus()
    tags.list.setCurrentRow(3)
    with qtbot.waitSignal(tags.valueChanged) as blocker:
        qtbot.keyClick(tags.list.viewport(), Qt.Key_Space)
    assert blocker.args == [[1, True]] and tags.summary.text() == "One, Yes"


def test_a_truthy_disabled_makes_the_choice_unselectable(qtbot, server, open_inspector, project_root, services):
    # The CMS's list element ignores clicks when `disabled` is truthy: a PHP data source's 1 or "1" too.
    answer = [{"value": "a", "label": "Open"}, {"value": "b", "label": "One", "disabled": 1},
              {"value": "c", "label": "Text", "disabled": "1"}, {"value": "d", "label": "Zero", "disabled": 0},
              {"value": "e", "label": "Flag", "disabled": True}]
    srv = server({"/options/colours": Answer(json.dumps(answer))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    model = editor.combo.model()
    enabled = {model.item(i).text(): model.item(i).isEnabled() for i in range(model.rowCount())}
    assert enabled == {"Open": True, "One": False, "Text": False, "Zero": True, "Flag": False}
    editor.combo.setFocus()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.combo, Qt.Key_Down)  # from nothing chosen to the first choice
    assert blocker.args == ["a"]
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.combo, Qt.Key_Down)  # past the disabled ones
    assert blocker.args == ["d"] and editor.combo.currentText() == "Zero"


def test_a_body_that_is_not_utf8_is_decoded_as_the_browser_does(qtbot, server, open_inspector, project_root, services):
    # response.text() decodes UTF-8 with U+FFFD for bad bytes, and JSON.parse reads the rest: a Latin-1 "é"
    # shows as the replacement character, the choices are there.
    body = '[{"value": "cafe", "label": "Caf\u00e9"}, {"value": "tea", "label": "Tea"}]'.encode("latin-1")
    srv = server({"/options/colours": Answer(body, content_type="application/json; charset=iso-8859-1")})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    result = wait_answer(qtbot, editor)
    assert result.ok and editor.data_source_error() == ""
    assert options(editor) == [("option", "Caf\ufffd"), ("option", "Tea")]
    assert "byte 32 is not UTF-8: shown as \ufffd, as the browser decodes it" in editor.data_source_status()


def test_an_object_identity_value_selects_the_choice_with_that_id(qtbot, server, open_inspector, project_root,
                                                                  services):
    # Entity-typed properties (a media Tag, say) may be stored as {__identity, __type}: the CMS's data-source
    # select box reads such a value as its identity string.
    srv = server({"/neos/service/data-source/acme-sizes": Answer(json.dumps({"s": {"label": "Small"}, "m": {"label": "Medium"}})),
                  "/options/tags": Answer(json.dumps([{"value": "t1", "label": "Red"}, {"value": "t2", "label": "Blue"}]))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    inspector.set_values({"size": {"__identity": "m", "__type": "Acme\\Shop\\Domain\\Model\\Size"},
                          "tags": [{"__identity": "t2", "__type": "Neos\\Media\\Domain\\Model\\Tag"}]})
    size, tags = inspector.editor("size"), inspector.editor("tags")
    wait_answer(qtbot, size)
    wait_answer(qtbot, tags)
    assert size.combo.currentText() == "Medium" and [k for k, _ in options(size)] == ["option", "option"]
    assert tags.summary.text() == "Blue" and [k for k, _ in options(tags)] == ["option", "option"]
    assert tags.list.item(1).checkState() == Qt.Checked


def test_a_controller_negotiating_text_html_answers_as_it_does_for_the_cms(qtbot, server, open_inspector, project_root,
                                                                            services):
    # A Flow controller lists text/html by default and answers 406 when the Accept header allows none of its
    # types; the CMS's fetch() sends Accept */*, so such a dataSourceUri endpoint works there.
    def negotiate(request):
        accept = request.headers.get("Accept", "*/*")
        if not any(kind.split(";")[0].strip() in ("*/*", "text/*", "text/html") for kind in accept.split(",")):
            return Answer("406 Not Acceptable", 406, content_type="text/plain")
        return Answer(json.dumps([{"value": "t", "label": "Tag"}]), content_type="text/html")
    srv = server({"/options/tags": negotiate})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("tags")
    result = wait_answer(qtbot, editor)
    assert result.ok and editor.data_source_error() == ""
    assert options(editor) == [("option", "Tag")]


def test_threshold_lists_no_choices_until_enough_characters_are_typed(qtbot, server, open_inspector, project_root,
                                                                      services):
    # The CMS passes `threshold` to its select box: with a search box, the list shows only "type N more
    # characters" until the search has that many characters, then the matching choices.
    shop = project_root / "NodeTypes" / "Shop.yaml"
    shop.write_text(shop.read_text(encoding="utf-8").replace(
        "            dataSourceUri: '/options/colours'\n",
        "            dataSourceUri: '/options/colours'\n            threshold: 2\n"), encoding="utf-8")
    names = ["Red", "Green", "Blue", "Grey", "Black", "White"]
    srv = server({"/options/colours": Answer(json.dumps([{"value": n.lower(), "label": n} for n in names]))})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert editor.search_shown()
    assert editor.visible_labels() == []
    assert editor.left_to_type.isVisible() and editor.left_to_type.text() == "Type 2 more characters to list the choices"
    qtbot.keyClicks(editor.search, "r")
    assert editor.visible_labels() == [] and editor.left_to_type.text() == "Type 1 more character to list the choices"
    qtbot.keyClicks(editor.search, "e")
    assert editor.visible_labels() == ["Red", "Green", "Grey"] and not editor.left_to_type.isVisible()
    qtbot.keyClick(editor.search, Qt.Key_Backspace)
    assert editor.visible_labels() == [] and editor.left_to_type.isVisible()
    other = inspector.editor("size")  # no threshold: every choice is listed at once
    assert other.left_to_type is None


def test_no_invalid_value_while_the_options_load_again(qtbot, server, project_root, services):
    # While a data-source box loads, the CMS lists no options and judges no value ("we have to wait till
    # the options are loaded as otherwise everything will be shown as invalid": DataSourceBasedSelectBoxEditor)
    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.ui.datasource_session import DataSourceSession
    from nodetype_studio.ui.editors.selectbox import SelectBoxEditor
    from nodetype_studio.ui.editors.selectsource import LOADING

    answers = iter([Answer(json.dumps([{"value": "a", "label": "A"}])), Answer("{", status=500),
                    Answer(json.dumps([{"value": "a", "label": "A"}]), delay=0.5)])
    srv = server({"/options/letters": lambda _request: next(answers)})
    session = DataSourceSession(services(project_root, base_url=srv.url), PRODUCT)
    editor = SelectBoxEditor(EditorContext("Neos.Neos/Inspector/Editors/SelectBoxEditor",
                                           options={"dataSourceUri": "/options/letters"}, data_sources=session))
    qtbot.addWidget(editor)
    editor.set_value("gone")
    editor.show()
    wait_answer(qtbot, editor)
    assert editor.combo.currentText() == 'Invalid value: "gone"'
    editor.reload_options()  # the server fails: the options shown before stay, and are judged
    wait_answer(qtbot, editor)
    assert "Retry" in editor.binding.action_texts()
    retry = next(a for a in editor.binding.menu_button.menu().actions() if a.text() == "Retry")
    retry.trigger()
    assert editor.is_loading()
    assert ("invalid", 'Invalid value: "gone"') not in options(editor)
    assert editor.combo.currentIndex() == -1 and editor.combo.placeholderText() == LOADING
    wait_answer(qtbot, editor)
    assert options(editor)[-1] == ("invalid", 'Invalid value: "gone"')
    assert editor.combo.currentText() == 'Invalid value: "gone"'


def test_entities_offered_by_a_data_source_are_matched_by_their_identity(qtbot, server, project_root, services):
    # A data source may offer entities as object identities; the CMS compares them (and the stored value)
    # by their `__identity` (neos-ui selectBoxHelpers.ts, createSelectBoxValueStringFromPossiblyStrange-
    # NodePropertyValue; neos-ui#3963), so a stored tag is its choice, not an "Invalid value"
    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.ui.datasource_session import DataSourceSession
    from nodetype_studio.ui.editors.selectbox import SelectBoxEditor

    tag = "Neos\\Media\\Domain\\Model\\Tag"
    answer = json.dumps([{"value": {"__identity": "t1", "__type": tag}, "label": "Tag one"},
                         {"value": {"__identity": "t2", "__type": tag}, "label": "Tag two"}])
    srv = server({"/options/tags": Answer(answer)})
    session = DataSourceSession(services(project_root, base_url=srv.url), PRODUCT)
    editor = SelectBoxEditor(EditorContext("Neos.Neos/Inspector/Editors/SelectBoxEditor",
                                           options={"dataSourceUri": "/options/tags"}, data_sources=session))
    qtbot.addWidget(editor)
    editor.set_value({"__identity": "t1", "__type": tag})
    editor.show()
    wait_answer(qtbot, editor)
    assert options(editor) == [("option", "Tag one"), ("option", "Tag two")]
    assert editor.combo.currentText() == "Tag one"
    editor.combo.setFocus()
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClick(editor.combo, Qt.Key.Key_Down)
    assert blocker.args == ["t2"] and editor.combo.currentText() == "Tag two"


def test_no_reset_button_while_the_options_load_again(qtbot, server, project_root, services):
    # react-ui-components SelectBox: showResetButton = allowEmpty && !displayLoadingIndicator && value
    from PySide6.QtWidgets import QToolButton

    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.ui.datasource_session import DataSourceSession
    from nodetype_studio.ui.editors.selectbox import SelectBoxEditor

    answers = iter([Answer(json.dumps([{"value": "a", "label": "A"}])), Answer("{", status=500),
                    Answer(json.dumps([{"value": "a", "label": "A"}]), delay=0.5)])
    srv = server({"/options/letters": lambda _request: next(answers)})
    session = DataSourceSession(services(project_root, base_url=srv.url), PRODUCT)
    editor = SelectBoxEditor(EditorContext("Neos.Neos/Inspector/Editors/SelectBoxEditor",
                                           options={"dataSourceUri": "/options/letters", "allowEmpty": True},
                                           data_sources=session))
    qtbot.addWidget(editor)
    editor.set_value("a")
    editor.show()
    clear = next(b for b in editor.findChildren(QToolButton) if b.toolTip() == "Clear")
    assert not clear.isVisible()  # loading
    wait_answer(qtbot, editor)
    assert editor.combo.currentText() == "A" and clear.isVisible()
    editor.reload_options()  # fails: the options stay
    wait_answer(qtbot, editor)
    next(a for a in editor.binding.menu_button.menu().actions() if a.text() == "Retry").trigger()
    assert editor.is_loading() and not clear.isVisible()
    wait_answer(qtbot, editor)
    assert clear.isVisible()


def test_a_failed_request_leaves_the_box_loading_as_in_the_cms(qtbot, server, open_inspector, project_root, services):
    # DataSourceBasedSelectBoxEditor sets `isLoading` before asking and clears it only in the request's
    # `.then(...)`: a failed request (5xx, a body that is no JSON) never clears it, so the CMS's box keeps
    # its loading indicator and the options it had; the error is a flash message (neos-facts §4.1)
    from PySide6.QtWidgets import QLabel

    from nodetype_studio.ui.editors.selectsource import LOADING

    answers = iter([Answer(json.dumps(COLOURS)), Answer("<h1>Whoops</h1>", 500, content_type="text/html"),
                    Answer(json.dumps(COLOURS))])
    srv = server({"/options/colours": lambda _request: next(answers)})
    inspector, _service = product(open_inspector, project_root, services, srv)
    inspector.set_values({"colour": "purple"})
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert editor.combo.currentText() == 'Invalid value: "purple"'
    editor.reload_options()
    assert not wait_answer(qtbot, editor).ok
    assert editor.combo.currentIndex() == -1 and editor.combo.placeholderText() == LOADING
    assert ("invalid", 'Invalid value: "purple"') not in options(editor)  # not judged while "loading"
    assert ("option", "Red") in options(editor)  # the options it had stay
    assert editor.data_source_error() == "HTTP 500 Internal Server Error: Whoops"  # (studio: in red under it)
    note = editor.findChild(QLabel, "dataSourceNotes")
    assert note.isVisible() and note.text().startswith("Studio note: in the CMS this box stays \u201cLoading\u201d")
    retry = next(a for a in editor.binding.menu_button.menu().actions() if a.text() == "Retry")
    retry.trigger()
    wait_answer(qtbot, editor)
    assert editor.combo.currentText() == 'Invalid value: "purple"' and editor.data_source_error() == ""
    assert "Studio note" not in note.text()


def test_an_answer_of_the_wrong_shape_does_not_leave_the_box_loading(qtbot, server, open_inspector, project_root,
                                                                     services):
    # the request succeeded: the CMS's box stops loading (it finds no entries with a label in the answer)
    from nodetype_studio.ui.editors.selectsource import LOADING

    answers = iter([Answer(json.dumps(COLOURS)), Answer('"just a string"')])
    srv = server({"/options/colours": lambda _request: next(answers)})
    inspector, _service = product(open_inspector, project_root, services, srv)
    editor = inspector.editor("colour")
    wait_answer(qtbot, editor)
    assert ("option", "Red") in options(editor)
    editor.reload_options()
    wait_answer(qtbot, editor)
    assert editor.data_source_error().startswith("Unexpected answer")
    assert editor.combo.placeholderText() != LOADING
    # it reads the answer with `Object.entries` and keeps the entries with a label: none, so no options
    # are left (not those of the answer before; neos-facts §4.3)
    assert options(editor) == [] and "no options" in editor.data_source_status()


def test_a_failed_request_is_cached_like_an_answer_until_retry(qtbot, server, open_inspector, project_root, services):
    # The CMS's DataSources loader stores the request's promise in its LRU before it settles, and the endpoint
    # re-throws errors (generalErrorHandler): a failed request stays in the cache for the page's lifetime, so
    # showing the node again does not ask again (neos-facts §4.2). "Retry" is the studio's page reload.
    answers = iter([Answer("<h1>Whoops</h1>", 500, content_type="text/html"), Answer(json.dumps(COLOURS))])
    srv = server({"/options/colours": lambda _request: next(answers)})
    inspector, service = product(open_inspector, project_root, services, srv)
    wait_answer(qtbot, inspector.editor("colour"))
    assert inspector.editor("colour").data_source_error() == "HTTP 500 Internal Server Error: Whoops"
    open_inspector(project_root, "Acme.Sources:Content.Session", widget=inspector)
    open_inspector(project_root, PRODUCT, widget=inspector)  # the user comes back to the product
    editor = inspector.editor("colour")
    assert not editor.is_loading() and editor.data_source_error() == "HTTP 500 Internal Server Error: Whoops"
    assert len(srv.requests_to("/options/colours")) == 1
    next(a for a in editor.binding.menu_button.menu().actions() if a.text() == "Retry").trigger()
    wait_answer(qtbot, editor)
    assert ("option", "Red") in options(editor) and len(srv.requests_to("/options/colours")) == 2


def test_text_additional_data_is_sent_character_by_character(qtbot, server, project_root, services):
    # Object.assign({node}, 'ab') copies the string's indices: the CMS sends 0=a&1=b (integer keys first)
    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.ui.datasource_session import DataSourceSession
    from nodetype_studio.ui.editors.selectbox import SelectBoxEditor

    srv = server({"/options/letters": Answer(json.dumps([{"value": "a", "label": "A"}]))})
    session = DataSourceSession(services(project_root, base_url=srv.url), PRODUCT)
    editor = SelectBoxEditor(EditorContext("Neos.Neos/Inspector/Editors/SelectBoxEditor", data_sources=session,
                                           options={"dataSourceUri": "/options/letters", "dataSourceAdditionalData": "ab"}))
    qtbot.addWidget(editor)
    editor.show()
    wait_answer(qtbot, editor)
    [request] = srv.requests_to("/options/letters")
    assert request.query == f"0=a&1=b&node={NODE_9}"
