"""Backend settings: .nodetype-studio/settings.yaml, the environment, and what happens with bad values."""

import json

from nodetype_studio.datasources.settings import (
    DEFAULT_MAX_BYTES,
    ENV_BACKEND,
    find_studio_dir,
    load_settings,
    parse_size,
    settings_signature,
)
from nodetype_studio.model import previewnode


def write(tmp_path, text):
    folder = tmp_path / ".nodetype-studio"
    folder.mkdir(exist_ok=True)
    (folder / "settings.yaml").write_text(text, encoding="utf-8")


def test_defaults_without_a_settings_file(tmp_path):
    settings = load_settings(tmp_path, environ={})
    assert settings.base_url is None and settings.timeout == 10 and settings.max_response_bytes == DEFAULT_MAX_BYTES
    assert settings.data_source_path == "/neos/service/data-source" and settings.problems == ()
    assert settings.node_address("Acme.Site:Content.Event") == "/sites/preview/main/node-preview@user-admin;language=en_US"


def test_settings_file(tmp_path):
    write(tmp_path, "backend:\n  baseUrl: 'http://localhost:8081/'\n  timeout: 2.5\n  maxResponseSize: 512 KB\n"
                    "  dataSourcePath: /custom/data-source/\n  node: '/sites/x/{nodeType}'\n  headers: {Cookie: 'a=b'}\n"
                    "other: ignored\n")
    settings = load_settings(tmp_path, environ={})
    assert settings.base_url == "http://localhost:8081/"
    assert settings.base_url_origin.endswith("settings.yaml")
    assert settings.timeout == 2.5 and settings.max_response_bytes == 512 * 1024
    assert settings.data_source_path == "/custom/data-source/" and settings.headers == (("Cookie", "a=b"),)
    assert settings.node_address("A:B") == "/sites/x/A:B"


def test_environment_overrides_the_base_url(tmp_path):
    write(tmp_path, "backend: {baseUrl: 'http://file'}\n")
    settings = load_settings(tmp_path, environ={ENV_BACKEND: "https://env.example:9000"})
    assert settings.base_url == "https://env.example:9000" and settings.base_url_origin == f"env {ENV_BACKEND}"


def test_bad_values_are_problems_with_lines_and_defaults_stay(tmp_path):
    write(tmp_path, "backend:\n  baseUrl: ftp://x\n  timeout: -1\n  maxResponseSize: lots\n  node: ''\n  headers: [a]\n")
    settings = load_settings(tmp_path, environ={ENV_BACKEND: "not a url"})
    assert settings.base_url is None and settings.timeout == 10 and settings.max_response_bytes == DEFAULT_MAX_BYTES
    messages = "\n".join(settings.problems)
    for expected in ("settings.yaml:2: backend.baseUrl must be an http(s) URL", "settings.yaml:3: backend.timeout",
                     "settings.yaml:4: backend.maxResponseSize", "settings.yaml:5: backend.node",
                     "settings.yaml:6: backend.headers", "NODETYPE_STUDIO_BACKEND must be an http(s) URL"):
        assert expected in messages


def test_unreadable_settings_file_is_a_problem(tmp_path):
    write(tmp_path, "backend: [\n")
    assert "YAML syntax error" in load_settings(tmp_path, environ={}).problems[0]
    write(tmp_path, "- a\n")
    assert "must be a map" in load_settings(tmp_path, environ={}).problems[0]
    write(tmp_path, "backend: 5\n")
    assert "`backend` must be a map" in load_settings(tmp_path, environ={}).problems[0]


def test_studio_folder_is_found_from_a_package_inside(tmp_path):
    write(tmp_path, "backend: {}\n")
    package = tmp_path / "DistributionPackages" / "Acme.Site"
    package.mkdir(parents=True)
    assert find_studio_dir(package) == tmp_path / ".nodetype-studio"
    node_types = package / "NodeTypes.yaml"
    node_types.write_text("{}")
    assert find_studio_dir(node_types) == tmp_path / ".nodetype-studio"


def test_signature_changes_with_the_file_and_the_environment(tmp_path):
    write(tmp_path, "backend: {}\n")
    first = settings_signature(tmp_path, environ={})
    assert settings_signature(tmp_path, environ={ENV_BACKEND: "http://x"}) != first
    write(tmp_path, "backend: {timeout: 3}\n")
    assert settings_signature(tmp_path, environ={}) != first


def test_sizes():
    assert parse_size(1000) == 1000 and parse_size("2MB") == 2 * 1024 * 1024 and parse_size("1.5k") == 1536
    assert parse_size(0) is None and parse_size(True) is None and parse_size("2 parsecs") is None


def test_the_default_node_parameter_is_the_preview_node_in_the_cms_versions_shape(tmp_path):
    settings = load_settings(tmp_path, environ={})
    content, page = "/sites/preview/main/node-preview", "/sites/preview/preview-page"
    assert settings.node_address("Acme.Site:Content.Event", "8.3") == f"{content}@user-admin;language=en_US"
    assert settings.node_address("Acme.Site:Document.Event", "8.3", document=True) == f"{page}@user-admin;language=en_US"
    # the creation dialog's node does not exist yet: the node it is created into is the focused one
    assert settings.node_address("Acme.Site:Content.Event", "8.3", creation_dialog=True) == (
        "/sites/preview/main@user-admin;language=en_US")
    address = json.loads(settings.node_address("Acme.Site:Content.Event", "9"))
    assert address == {"contentRepositoryId": "default", "workspaceName": "user-admin",
                       "dimensionSpacePoint": {"language": "en_US"}, "aggregateId": previewnode.identifier(content)}
    write(tmp_path, "backend:\n  node: '/sites/x/{nodeTypeSlug}'\n")
    assert load_settings(tmp_path, environ={}).node_address("A:B", "9") == "/sites/x/a-b"  # configured: as written
