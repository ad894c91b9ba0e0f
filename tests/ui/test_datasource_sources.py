"""Where data-source options come from: plugins (the installed example), fixture files, nothing at all."""

import json
from pathlib import Path

from PySide6.QtCore import Qt

from nodetype_studio.datasources import data_source_plugin
from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from tests.datasources.helpers import Answer
from tests.ui.datasource_helpers import options, wait_answer

EXAMPLE = Path(__file__).resolve().parents[2] / "nodetype_studio" / "resources" / "example"
SESSION = "Acme.Sources:Content.Session"
PRODUCT = "Acme.Sources:Content.Product"


def test_plugin_data_source_fills_the_select_box(qtbot, example_plugin, open_inspector, project_root, services):
    inspector = open_inspector(project_root, SESSION, services(project_root))
    room, speaker = inspector.editor("room"), inspector.editor("speaker")
    wait_answer(qtbot, room)
    wait_answer(qtbot, speaker)
    assert options(room) == [
        ("group", "First floor"), ("option", "Studio 1 (40 seats)"),
        ("group", "Ground floor"), ("option", "Foyer (200 seats)"), ("option", "Main hall (450 seats)"),
        ("group", "Roof"), ("option", "Roof terrace (80 seats)"),
    ]  # minimumSeats: 30 arrived as the string "30"
    assert room.data_source_status().startswith(
        "Options from plugin RoomsDataSource (acme = nts_example_datasources:data_sources)")
    assert "compat:" in room.data_source_status()  # the plugin lists Ground floor before First floor
    assert [text for kind, text in options(speaker) if kind == "option"] == ["Ada Lovelace", "Alan Turing", "Edsger Dijkstra"]


def test_plugin_sees_the_preview_node_values(qtbot, example_plugin, open_inspector, project_root, services):
    service = services(project_root)
    inspector = open_inspector(project_root, SESSION, service)
    wait_answer(qtbot, inspector.editor("speaker"))
    inspector.set_values({"host": "ada"})
    speaker = inspector.editor("speaker")
    service.forget()
    speaker.reload_options()
    wait_answer(qtbot, speaker)
    assert "Ada Lovelace" not in [text for _kind, text in options(speaker)]


def test_failing_and_hanging_plugins(qtbot, clean_plugins, tmp_path, monkeypatch, open_inspector, project_root,
                                     services):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "shop.py").write_text(
        "import threading\n"
        "release = threading.Event()\n"
        "def sizes(node, arguments):\n"
        "    release.wait(20)\n"
        "    return []\n"
        "def rooms(node, arguments):\n"
        "    return {'a': {'label': 'A'}, 'b': 1 / 0}\n"
        "data_sources = [{'identifier': 'acme-sizes', 'get_data': sizes},\n"
        "                {'identifier': 'acme-rooms', 'get_data': rooms}]\n"
    )
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(folder))
    from nodetype_studio.datasources import reload_data_sources

    reload_data_sources()
    try:
        product = open_inspector(project_root, PRODUCT, services(project_root, timeout=0.3))
        size = product.editor("size")
        result = wait_answer(qtbot, size)
        assert result.message() == "No answer in time: the plugin did not return within 0.3 s (backend.timeout)"
        assert size.data_source_error() == result.message()
        session = open_inspector(project_root, SESSION, services(project_root))
        room = session.editor("room")
        wait_answer(qtbot, room)
        assert room.data_source_error().startswith("The data source plugin failed: ZeroDivisionError: division by zero (")
    finally:
        data_source_plugin("acme-sizes").get_data.__globals__["release"].set()


def test_fixture_files_of_the_example_project_answer_offline(qtbot):
    project = load_project(EXAMPLE)
    inspector = InspectorWidget()
    qtbot.addWidget(inspector)
    inspector.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Document.Event"), project))
    category, venue = inspector.editor("category"), inspector.editor("venue")
    assert not category.is_loading() and not venue.is_loading()  # fixture answers are there at once
    assert options(category)[:3] == [("group", "Learn"), ("option", "Talk"), ("option", "Workshop")]
    assert not category.combo.itemIcon(category.combo.findText("Talk")).isNull()
    assert category.data_source_status().startswith(
        "Options from fixture file .nodetype-studio/data-sources/acme-event-categories.yaml")
    assert category.binding.action_texts() == ["Edit fixture file\u2026"]
    assert venue.data_source_status().startswith(
        "Options from fixture file .nodetype-studio/data-sources/uri/tickets.example.com_api_venues.json.yaml")
    assert [text for kind, text in options(venue) if kind == "group"] == ["Harbour", "Old town", "Without group"]
    assert "compat" not in venue.data_source_status()  # the fixture is sorted by group


def test_broken_fixture_is_an_error_with_file_and_line(qtbot, open_inspector, project_root, services):
    folder = project_root / ".nodetype-studio" / "data-sources"
    folder.mkdir(parents=True)
    (folder / "acme-sizes.yaml").write_text("- value: s\n  label: Small\n- value: [m\n")
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    size = inspector.editor("size")
    assert size.data_source_error().startswith(
        "The fixture file cannot be used: .nodetype-studio/data-sources/acme-sizes.yaml:4: YAML syntax error")
    assert size.binding.action_texts() == ["Retry", "Edit fixture file\u2026"]


def test_nothing_answers_says_so_and_offers_a_fixture(qtbot, open_inspector, project_root, services):
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    size, colour = inspector.editor("size"), inspector.editor("colour")
    assert size.data_source_status() == (
        "No options: nothing answers data source \u201cacme-sizes\u201d: no plugin, no fixture file "
        "(.nodetype-studio/data-sources/acme-sizes.yaml) and no backend base URL")
    assert size.binding.action_texts() == ["Create fixture file\u2026"]
    assert not size.binding.menu_button.isHidden() and size.binding.status.toolTip().startswith("No options")
    assert size.data_source_error() == "" and options(size) == []
    assert "\u201c/options/colours\u201d is relative: set a backend base URL" in colour.data_source_status()


def test_settings_problems_are_shown_where_the_backend_matters(qtbot, open_inspector, project_root):
    studio = project_root / ".nodetype-studio"
    studio.mkdir()
    (studio / "settings.yaml").write_text("backend:\n  baseUrl: 'localhost:8081'\n")
    inspector = open_inspector(project_root, PRODUCT)
    status = inspector.editor("size").data_source_status()
    assert "settings.yaml:2: backend.baseUrl must be an http(s) URL, not 'localhost:8081'" in status
    inspector.data_session.service.shutdown()


def test_uri_fixture_takes_precedence_over_the_server(qtbot, server, open_inspector, project_root, services):
    srv = server({"/options/colours": Answer(json.dumps([{"value": "live", "label": "Live"}]))})
    folder = project_root / ".nodetype-studio" / "data-sources" / "uri"
    folder.mkdir(parents=True)
    (folder / "options_colours.json").write_text(json.dumps([{"value": "rec", "label": "Recorded"}]))
    inspector = open_inspector(project_root, PRODUCT, services(project_root, base_url=srv.url))
    colour = inspector.editor("colour")
    assert options(colour) == [("option", "Recorded")]
    assert srv.requests_to("/options/colours") == []


def test_project_service_is_found_only_when_a_box_asks(qtbot, open_inspector, project_root, server, monkeypatch):
    """Finding a project's data-source service reads its settings; node types without a data-source box
    (most of them) do not pay for it, and a box that asks still reaches the project's backend."""
    from nodetype_studio.ui import datasource_loader

    (project_root / "NodeTypes" / "Plain.yaml").write_text(
        "'Acme.Sources:Content.Plain':\n"
        "  superTypes: {'Neos.Neos:Content': true, 'Acme.Sources:Mixin.Inspector': true}\n"
        "  properties:\n"
        "    title: {type: string, ui: {label: 'Title', inspector: {group: 'shop'}}}\n"
    )
    looked_up = []
    real = datasource_loader.service_for
    monkeypatch.setattr(datasource_loader, "service_for", lambda root: looked_up.append(root) or real(root))
    backend = server({"/options/colours": Answer(body=json.dumps({"red": {"label": "Red"}}))})
    monkeypatch.setenv("NODETYPE_STUDIO_BACKEND", backend.url)

    inspector = open_inspector(project_root, "Acme.Sources:Content.Plain")
    qtbot.waitUntil(inspector.editor("title").isVisible)
    assert looked_up == []

    open_inspector(project_root, PRODUCT, widget=inspector)
    colour = inspector.editor("colour")
    wait_answer(qtbot, colour)
    assert looked_up and Path(looked_up[0]).resolve() == project_root.resolve()
    assert options(colour) == [("option", "Red")]
    inspector.data_session.service.shutdown()


def test_an_identifier_of_spaces_is_set_as_in_the_browser_and_values_are_ignored(qtbot, open_inspector, project_root,
                                                                                  services):
    """The Neos UI takes a data-source option that is truthy in JavaScript: a text of spaces makes a data-source
    box (the static `values` unused), while an empty text or 0 leaves the static box."""
    (project_root / "NodeTypes" / "Blank.yaml").write_text(
        "'Acme.Sources:Content.Blank':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  properties:\n" + "".join(
            f"    {name}:\n      type: string\n      ui:\n        label: {name}\n        inspector:\n"
            f"          group: default\n          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n"
            f"          editorOptions:\n            dataSourceIdentifier: {written}\n"
            f"            values:\n              a:\n                label: Static A\n"
            for name, written in (("spaces", "'  '"), ("empty", "''"), ("zero", "0"))), encoding="utf-8")
    inspector = open_inspector(project_root, "Acme.Sources:Content.Blank", services(project_root))
    spaces, empty, zero = (inspector.editor(name) for name in ("spaces", "empty", "zero"))
    assert spaces.data_source_status().startswith("No options: nothing answers data source \u201c  \u201d")
    assert "Static A" not in [text for _kind, text in options(spaces)]
    qtbot.mouseClick(spaces.field, Qt.MouseButton.LeftButton)  # the list the user opens: no static entry either
    assert "Static A" not in [spaces.field.itemText(i) for i in range(spaces.field.count())]
    for box in (empty, zero):
        assert "Static A" in [text for _kind, text in options(box)] and box.data_source_status() == ""
