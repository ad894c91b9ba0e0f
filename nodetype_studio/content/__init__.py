"""The sample content tree the reference and link editors search (Qt-free).

The names are imported with their first use (the studio's first preview needs only ``Workspace``,
which imports the content's modules when its content is first asked for). The generator is
``nodetype_studio.content.generate.generate``: the package's ``generate`` is that module.
"""

from typing import TYPE_CHECKING

from nodetype_studio.lazyexports import lazy_exports

_WHERE = {
    "site_name": "generate",
    "ContentNode": "tree", "ContentTree": "tree", "node_identifier": "tree",
    "TypeIndex": "types",
    "Workspace": "workspace",
}

if TYPE_CHECKING:
    from nodetype_studio.content.generate import site_name
    from nodetype_studio.content.tree import ContentNode, ContentTree, node_identifier
    from nodetype_studio.content.types import TypeIndex
    from nodetype_studio.content.workspace import Workspace


__getattr__ = lazy_exports(__name__, _WHERE)


__all__ = ["ContentNode", "ContentTree", "TypeIndex", "Workspace", "node_identifier", "site_name"]
