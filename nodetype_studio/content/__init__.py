"""The sample content tree the reference and link editors search (Qt-free).

The names are imported with their first use (the studio's first preview needs only ``Workspace``,
which imports the content's modules when its content is first asked for). The generator is
``nodetype_studio.content.generate.generate``: the package's ``generate`` is that module.
"""

from typing import TYPE_CHECKING

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


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = ["ContentNode", "ContentTree", "TypeIndex", "Workspace", "node_identifier", "site_name"]
