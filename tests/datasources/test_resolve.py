"""Which source answers a data-source select box, in the documented order."""

from pathlib import Path

from nodetype_studio.datasources import (
    BackendSettings,
    DataSourceEnvironment,
    DataSourceQuery,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "nodetype_studio" / "resources" / "example"


def env_with(tmp_path, files=(), base_url=None):
    for name, text in files:
        path = tmp_path / ".nodetype-studio" / "data-sources" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return DataSourceEnvironment(tmp_path, BackendSettings(base_url=base_url))


def test_query_from_options():
    assert DataSourceQuery.from_mapping({"values": {}}) is None
    # set when truthy in JavaScript, and spelled as `String(value)` would spell it
    assert DataSourceQuery.from_mapping({"dataSourceIdentifier": ""}) is None
    assert DataSourceQuery.from_mapping({"dataSourceIdentifier": 0, "dataSourceUri": False}) is None
    assert DataSourceQuery.from_mapping({"dataSourceIdentifier": "  "}).identifier == "  "
    assert DataSourceQuery.from_mapping({"dataSourceIdentifier": 5}).identifier == "5"
    assert DataSourceQuery.from_mapping({"dataSourceIdentifier": {"toString": 1}}).identifier == "[object Object]"
    query = DataSourceQuery.from_mapping({"dataSourceIdentifier": "x", "dataSourceUri": "http://h/o",
                                          "dataSourceAdditionalData": {"a": 1}, "dataSourceDisableCaching": True})
    assert (query.kind, query.key, query.disable_caching) == ("uri", "http://h/o", True)


def test_cache_key_is_the_cms_json():
    query = DataSourceQuery("x", None, {"a": [1, None]})
    assert query.cache_key("/n") == ('{"contextNodePath":"/n","dataSourceIdentifier":"x","dataSourceUri":null,'
                                     '"dataSourceAdditionalData":{"a":[1,null]},"dataSourceDisableCaching":false}')
    assert query.cache_key("/n") != query.cache_key("/other")


def test_example_project_fixtures():
    env = DataSourceEnvironment(EXAMPLE)
    category = env.resolve(DataSourceQuery("acme-event-categories"), "/n")
    assert category.kind == "fixture"
    assert category.describe() == "Options from fixture file .nodetype-studio/data-sources/acme-event-categories.yaml"
    venue = env.resolve(DataSourceQuery(uri="https://tickets.example.com/api/venues.json"), "/n")
    assert venue.kind == "fixture" and venue.path.name == "tickets.example.com_api_venues.json.yaml"


def test_identifier_order_plugin_fixture_backend(tmp_path, clean_plugins, monkeypatch):
    query = DataSourceQuery("vendor-colours", additional_data={"a": True})
    assert env_with(tmp_path).resolve(query, "/n").kind == "none"
    backend = env_with(tmp_path, base_url="http://cms.local:8081/").resolve(query, "/n")
    assert backend.kind == "backend"
    assert backend.url == "http://cms.local:8081/neos/service/data-source/vendor-colours?node=%2Fn&a=true"
    assert backend.describe() == "Options from http://cms.local:8081/neos/service/data-source/vendor-colours"
    fixture_env = env_with(tmp_path, [("vendor-colours.yaml", "[]")], base_url="http://cms.local")
    assert fixture_env.resolve(query, "/n").kind == "fixture"
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "p.py").write_text("data_sources = [{'identifier': 'vendor-colours', 'get_data': lambda n, a: []}]\n")
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(folder))
    from nodetype_studio.datasources import reload_data_sources

    reload_data_sources()
    plugin = fixture_env.resolve(query, "/n")
    assert plugin.kind == "plugin" and plugin.arguments == {"a": "true"}


def test_custom_data_source_path(tmp_path):
    env = DataSourceEnvironment(tmp_path, BackendSettings(base_url="http://h", data_source_path="cms/ds/"))
    assert env.resolve(DataSourceQuery("a b"), None).url == "http://h/cms/ds/a%20b"


def test_the_identifier_is_requested_as_the_browser_requests_it(tmp_path):
    # neos-ui joins route and identifier as text (`${route}/${identifier}`) and fetch() parses the string:
    # `/ , ; =` stay as written, a space and non-ASCII are encoded, `..` climbs a segment, `#` ends the URL
    env = DataSourceEnvironment(tmp_path, BackendSettings(base_url="http://h"))
    assert env.resolve(DataSourceQuery("acme/colours,v=2;x"), "/n").url == \
        "http://h/neos/service/data-source/acme/colours,v=2;x?node=%2Fn"
    assert env.resolve(DataSourceQuery("Größe"), None).url == "http://h/neos/service/data-source/Gr%C3%B6%C3%9Fe"
    assert env.resolve(DataSourceQuery("../users"), "/n").url == "http://h/neos/service/users?node=%2Fn"
    assert env.resolve(DataSourceQuery("a#b"), "/n").url == "http://h/neos/service/data-source/a"


def test_uri_order_fixture_then_http(tmp_path):
    query = DataSourceQuery(uri="http://127.0.0.1:9/options?kind=a", additional_data={"x": 1})
    http = env_with(tmp_path).resolve(query, "/n")
    assert http.kind == "uri" and http.url == "http://127.0.0.1:9/options?kind=a&node=%2Fn&x=1"
    fixture = env_with(tmp_path, [("uri/127.0.0.1_9_options_kind_a.json", "[]")]).resolve(query, "/n")
    assert fixture.kind == "fixture" and fixture.label == ".nodetype-studio/data-sources/uri/127.0.0.1_9_options_kind_a.json"


def test_uri_wins_over_identifier(tmp_path):
    env = env_with(tmp_path, [("x.yaml", "[]")])
    assert env.resolve(DataSourceQuery("x", "http://h/o"), "/n").kind == "uri"


def test_relative_uri_needs_a_base_url(tmp_path):
    query = DataSourceQuery(uri="/api/options")
    none = env_with(tmp_path).resolve(query, "/n")
    assert none.kind == "none" and "relative" in none.problem and "NODETYPE_STUDIO_BACKEND" in none.problem
    resolved = env_with(tmp_path, base_url="http://cms.local/sub/").resolve(query, "/n")
    assert resolved.url == "http://cms.local/api/options?node=%2Fn"
    assert env_with(tmp_path, base_url="http://cms.local/sub/").resolve(DataSourceQuery(uri="opts"), None).url == (
        "http://cms.local/sub/opts")


def test_unusable_queries(tmp_path):
    env = env_with(tmp_path, base_url="http://h")
    assert "ClientEval" in env.resolve(DataSourceQuery("ClientEval:node.x"), "/n").problem
    assert "not http or https" in env.resolve(DataSourceQuery(uri="ftp://h/x"), "/n").problem
    assert "lone surrogate" in env.resolve(DataSourceQuery("x", additional_data={"a": "\ud800"}), "/n").problem


def test_unresolved_text_names_the_fixture_to_create(tmp_path):
    problem = env_with(tmp_path).resolve(DataSourceQuery("vendor-colours"), "/n").problem
    assert problem == ("nothing answers data source \u201cvendor-colours\u201d: no plugin, no fixture file "
                       "(.nodetype-studio/data-sources/vendor-colours.yaml) and no backend base URL")
    target = env_with(tmp_path).fixture_target(DataSourceQuery(uri="https://h/x.json"))
    assert target == tmp_path / ".nodetype-studio" / "data-sources" / "uri" / "h_x.json.yaml"
