"""Data sources of select boxes, without Qt: requests, responses, fixtures, plugins, resolution.

    from nodetype_studio.datasources import DataSourceEnvironment, DataSourceQuery

    env = DataSourceEnvironment(project.root)
    query = DataSourceQuery.from_mapping(editor_options)
    source = env.resolve(query, env.settings.node_address(node_type_name))
    source.kind        # "plugin" | "fixture" | "backend" | "uri" | "none"
    source.describe()  # "Options from fixture file .nodetype-studio/data-sources/x.yaml"

The Qt side (``nodetype_studio.ui.datasource_loader``) runs the requests asynchronously and caches
them; everything it decides with lives here.
"""

from typing import TYPE_CHECKING

from nodetype_studio.datasources.options import (
    SelectOption,
    collect_options,
    grouped,
    parse_options,
)
from nodetype_studio.datasources.query import (
    DataSourceQuery,
    data_source_arguments,
    encode_query,
    parse_php_query,
    request_params,
)
from nodetype_studio.datasources.result import DataSourceResult, PreviewNodeRef, Source
from nodetype_studio.lazyexports import lazy_exports

if TYPE_CHECKING:
    from nodetype_studio.datasources.fixtures import (
        check_fixture_text,
        dump_fixture,
        find_fixture,
        read_fixture,
        scratch_fixture,
        write_fixture,
    )
    from nodetype_studio.datasources.registry import (
        DataSourcePlugin,
        call_plugin,
        data_source,
        data_source_plugin,
        data_source_plugins,
        data_source_problems,
        reload_data_sources,
    )
    from nodetype_studio.datasources.resolve import DataSourceEnvironment
    from nodetype_studio.datasources.settings import BackendSettings, load_settings

# Fixtures, plugins, settings and resolution are imported with the first of their names used: a select
# box with static values (most of them, and every box of the first preview of most projects) needs only
# the names above.
_LAZY = {
    **dict.fromkeys(("check_fixture_text", "dump_fixture", "find_fixture", "read_fixture", "scratch_fixture",
                     "write_fixture"), "fixtures"),
    **dict.fromkeys(("DataSourcePlugin", "call_plugin", "data_source", "data_source_plugin", "data_source_plugins",
                     "data_source_problems", "reload_data_sources"), "registry"),
    "DataSourceEnvironment": "resolve",
    "BackendSettings": "settings",
    "load_settings": "settings",
}


__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "BackendSettings", "DataSourceEnvironment", "DataSourcePlugin", "DataSourceQuery", "DataSourceResult",
    "PreviewNodeRef", "SelectOption", "Source", "call_plugin", "check_fixture_text", "collect_options",
    "data_source", "data_source_arguments", "data_source_plugin", "data_source_plugins", "data_source_problems",
    "dump_fixture", "encode_query", "find_fixture", "grouped", "load_settings", "parse_options", "parse_php_query",
    "read_fixture", "reload_data_sources", "request_params", "scratch_fixture", "write_fixture",
]
