"""Select-box choices for the editors: the Qt-free implementation lives in ``nodetype_studio.datasources.options``
(the data-source code shares it); this module keeps the editors' import path."""

from nodetype_studio.datasources.options import (  # noqa: F401
    WITHOUT_GROUP, SelectOption, cms_order, collect_options, group_order_note, grouped, parse_options, sort_by_group,
)
