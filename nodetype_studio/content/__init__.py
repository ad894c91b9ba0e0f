"""The sample content tree the reference and link editors search (Qt-free)."""

from nodetype_studio.content.generate import generate, site_name
from nodetype_studio.content.tree import ContentNode, ContentTree, node_identifier
from nodetype_studio.content.types import TypeIndex
from nodetype_studio.content.workspace import Workspace

__all__ = ["ContentNode", "ContentTree", "TypeIndex", "Workspace", "generate", "node_identifier", "site_name"]
