"""Python data sources: the example plugin installed through its entry point, and the plugin folder."""

from nodetype_studio.datasources import (
    DataSourceEnvironment,
    DataSourceQuery,
    PreviewNodeRef,
    call_plugin,
    data_source_plugin,
    data_source_plugins,
    data_source_problems,
    reload_data_sources,
)

NODE = PreviewNodeRef("/sites/x/node@user-admin", "Acme.Site:Content.Session", {"host": "grace"})


def answer(identifier, additional=None, root=None, node=NODE):
    env = DataSourceEnvironment(root)
    source = env.resolve(DataSourceQuery(identifier, additional_data=additional), node.address)
    assert source.kind == "plugin", source
    return source, call_plugin(source.plugin, node, dict(source.arguments), source)


def test_without_the_plugin_nothing_is_registered(clean_plugins):
    assert data_source_plugin("acme-rooms") is None


def test_installed_example_is_discovered_through_its_entry_point(example_plugin):
    plugins = data_source_plugins()
    assert {"acme-rooms", "acme-speakers"} <= set(plugins)
    rooms = plugins["acme-rooms"]
    assert rooms.origin == "acme = nts_example_datasources:data_sources"
    assert rooms.name == "RoomsDataSource" and plugins["acme-speakers"].name == "speakers"
    assert data_source_problems() == []


def test_plugin_receives_the_arguments_as_php_would(example_plugin):
    source, result = answer("acme-rooms", {"minimumSeats": 30, "kind": "workshop", "unused": None})
    assert source.arguments == {"minimumSeats": "30", "kind": "workshop"}
    assert source.describe().startswith("Options from plugin RoomsDataSource (acme = nts_example_datasources")
    assert result.ok
    assert [(o.value, o.group, o.icon) for o in result.options()] == [("studio-1", "First floor", "fas fa-tools")]


def test_plugin_sees_the_preview_node_and_answers_a_map(example_plugin):
    _source, result = answer("acme-speakers", {"track": "keynote"})
    assert [(o.value, o.label) for o in result.options()] == [("ada", "Ada Lovelace")]  # grace hosts this node


def test_plugin_folder_forms_and_failures(clean_plugins, tmp_path, monkeypatch):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "sources.py").write_text(
        "from nodetype_studio.datasources import data_source\n\n"
        "class Colours:\n"
        "    identifier = 'vendor-colours'\n"
        "    def get_data(self, node, arguments):\n"
        "        return [{'value': 'red', 'label': 'Red'}, ('tuple', 'is a list in JSON')]\n\n"
        "class Static:\n"
        "    @staticmethod\n"
        "    def identifier():\n"
        "        return 'vendor-static'\n"
        "    def get_data(self, node, arguments):\n"
        "        return {'a': {'label': 'A'}}\n\n"
        "@data_source('vendor-broken')\n"
        "def broken(node, arguments):\n"
        "    raise RuntimeError('database down')\n\n"
        "@data_source('vendor-odd')\n"
        "def odd(node, arguments):\n"
        "    return 'a string'\n\n"
        "class NeedsArgs:\n"
        "    identifier = 'vendor-args'\n"
        "    def __init__(self, required):\n"
        "        pass\n\n"
        "class NoGetData:\n"
        "    identifier = 'vendor-nothing'\n\n"
        "data_sources = [Colours, Static(), broken, odd, NeedsArgs, NoGetData, object(),\n"
        "                {'identifier': 'vendor-map', 'get_data': lambda node, arguments: [{'label': 'M'}]},\n"
        "                {'identifier': 'vendor-colours', 'get_data': lambda node, arguments: []}]\n"
    )
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(folder))
    reload_data_sources()
    assert {"vendor-colours", "vendor-static", "vendor-broken", "vendor-odd", "vendor-map"} == set(data_source_plugins())
    problems = "\n".join(data_source_problems())
    assert "NeedsArgs cannot be created without arguments" in problems
    assert "'vendor-nothing' has no get_data" in problems
    assert "has no identifier" in problems
    assert "'vendor-colours' is registered twice" in problems

    _s, colours = answer("vendor-colours")
    assert [o.label for o in colours.options()] == ["Red"] and "item 1 is a list" in colours.notes[0]
    assert [o.label for o in answer("vendor-static")[1].options()] == ["A"]
    assert [o.value for o in answer("vendor-map")[1].options()] == ["0"]
    _s, broken = answer("vendor-broken")
    assert broken.error == "The data source plugin failed"
    assert broken.detail.startswith("RuntimeError: database down (") and "sources.py:" in broken.detail
    assert answer("vendor-odd")[1].detail.endswith("got a string")


def test_unserialisable_answers_are_errors(clean_plugins):
    from nodetype_studio.datasources.registry import DataSourcePlugin
    from nodetype_studio.datasources.result import Source

    plugin = DataSourcePlugin("x", lambda node, arguments: [{"label": "x", "value": float("nan")}], "test", "x")
    result = call_plugin(plugin, NODE, {}, Source("plugin", "x"))
    assert result.error == "The data source plugin returned something JSON cannot hold"


def test_reload_finds_new_plugins(clean_plugins, tmp_path, monkeypatch):
    folder = tmp_path / "plugins"
    folder.mkdir()
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(folder))
    reload_data_sources()
    assert data_source_plugin("late") is None
    (folder / "late.py").write_text("data_sources = [{'identifier': 'late', 'get_data': lambda n, a: []}]\n")
    reload_data_sources()
    assert data_source_plugin("late") is not None
