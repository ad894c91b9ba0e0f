"""The sample content tree: nodes with paths, types, titles and stable identifiers (Qt-free).

Node paths look like the CMS's (``/sites/acme/events/summer-party``); the *current site* is one node
below ``/sites``. Documents inside the current site have a URL path built from the ``uriPathSegment``
(or node name) of each document from the site down; a content node shows its document's URL path.
Nodes outside the current site show their node path instead, as the reference editors do.

Searching follows the CMS's reference search: node type filters respect inheritance
(``Cms.Cms:Document`` finds every document type), the title is matched as a substring regardless of
case, and only descendants of the starting point (default: the current site) are found (8.3 also
finds the starting node itself: ``search(include_start=True)``).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from nodetype_studio.content.startpoint import StartingPoint
from nodetype_studio.content.types import TypeIndex

NODE_NAMESPACE = uuid.UUID("a7d3c0de-6b1e-4c2f-8f4a-9e0b1c2d3e4f")
SITES = "/sites"
_SLUG_RE = re.compile(r"[^a-z0-9]+")


def node_identifier(path: str) -> str:
    """The stable identifier of a generated node: a UUID derived from its path."""
    return str(uuid.uuid5(NODE_NAMESPACE, path))


def slug(text: str) -> str:
    return _SLUG_RE.sub("-", text.lower()).strip("-")


def parent_of(path: str) -> str:
    return path.rsplit("/", 1)[0] or "/"


def normalize_path(path: str) -> str:
    path = "/" + "/".join(p for p in str(path).strip().split("/") if p)
    return path


@dataclass
class ContentNode:
    path: str
    node_type: str
    title: str
    identifier: str = ""
    properties: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.identifier:
            self.identifier = node_identifier(self.path)

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]

    @property
    def parent_path(self) -> str:
        return parent_of(self.path)


class ContentTree:
    """Nodes in document order; changes are announced to ``listeners`` and saved through ``saver``."""

    def __init__(self, nodes: Iterable[ContentNode], site: str, types: TypeIndex | None = None,
                 saver: Callable[["ContentTree"], str] | None = None):
        self.types = types or TypeIndex()
        self.site = normalize_path(site)
        self.saver = saver
        self.listeners: list[Callable[[], None]] = []
        self.last_save_problem = ""
        self._nodes: dict[str, ContentNode] = {}
        self._ids: dict[str, ContentNode] = {}
        for node in nodes:
            self._insert(node)

    # -- reading -------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._nodes)

    def nodes(self) -> list[ContentNode]:
        return list(self._nodes.values())

    def node(self, path: str) -> ContentNode | None:
        return self._nodes.get(normalize_path(path))

    def by_identifier(self, identifier: Any) -> ContentNode | None:
        return self._ids.get(identifier) if isinstance(identifier, str) else None

    def children(self, path: str) -> list[ContentNode]:
        path = normalize_path(path)
        return [n for n in self._nodes.values() if n.parent_path == path]

    def descendants(self, path: str) -> list[ContentNode]:
        prefix = normalize_path(path).rstrip("/") + "/"
        return [n for n in self._nodes.values() if n.path.startswith(prefix)]

    def sites(self) -> list[ContentNode]:
        return self.children(SITES)

    def in_site(self, node: ContentNode) -> bool:
        return node.path == self.site or node.path.startswith(self.site + "/")

    def document_of(self, node: ContentNode) -> ContentNode | None:
        """The node itself when it is a document, else its closest document ancestor."""
        current: ContentNode | None = node
        while current is not None:
            if self.types.is_document(current.node_type):
                return current
            current = self._nodes.get(current.parent_path)
        return None

    def url_path(self, node: ContentNode) -> str | None:
        """The URL path of a node in the current site (``/events/summer-party``), else None."""
        if not self.in_site(node):
            return None
        document = self.document_of(node)
        if document is None or not self.in_site(document):
            return None
        segments = []
        current: ContentNode | None = document
        while current is not None and current.path != self.site:
            if self.types.is_document(current.node_type):
                segment = current.properties.get("uriPathSegment")
                segments.append(str(segment) if isinstance(segment, str) and segment else current.name)
            current = self._nodes.get(current.parent_path)
        return "/" + "/".join(reversed(segments))

    def display_path(self, node: ContentNode) -> str:
        """What the reference editors show under a title: URL path inside the current site, else the node path."""
        url = self.url_path(node)
        return url if url is not None else node.path

    def search(self, term: str, node_types: Iterable[str] = (), starting_point: str | None = None,
               limit: int | None = None, include_start: bool = False) -> list[ContentNode]:
        """Descendants of ``starting_point`` (default: the current site) of one of ``node_types`` whose
        title contains ``term``; with ``include_start`` the starting node itself as well."""
        wanted = [t for t in node_types if isinstance(t, str) and t]
        start = normalize_path(starting_point) if starting_point else self.site
        needle = term.casefold().strip()
        found = []
        first = self._nodes.get(start) if include_start else None
        for node in ([first] if first is not None else []) + self.descendants(start):
            if needle and needle not in node.title.casefold():
                continue
            if wanted and not self.types.is_any(node.node_type, wanted):
                continue
            found.append(node)
            if limit is not None and len(found) >= limit:
                break
        return found

    def search_from(self, term: str, node_types: Iterable[str], start: StartingPoint) -> list[ContentNode]:
        """``search`` from a starting point as the CMS reads it (``content.startpoint``): nothing where the
        CMS's search fails, below the node of an 8.3 node identifier."""
        if start.finds_nothing:
            return []
        path = start.path
        if start.identifier is not None:
            node = self.by_identifier(start.identifier)
            if node is None:
                return []
            path = node.path
        return self.search(term, node_types, path, include_start=start.include_start)

    # -- changing ------------------------------------------------------------------------------
    def create(self, parent_path: str, node_type: str, title: str,
               title_property: str | None = "title") -> tuple[ContentNode | None, str]:
        """Add a node titled ``title`` under ``parent_path``; ``(node, "")`` or ``(None, why not)``. Without a
        ``title_property`` the node keeps the text nowhere (only its name is made from it)."""
        parent_path = normalize_path(parent_path)
        title = title.strip()
        if not title:
            return None, "a new node needs a title"
        if parent_path not in self._nodes:
            return None, f"there is no node at {parent_path} in the sample content"
        if not self.types.known(node_type):
            return None, f"the node type \u201c{node_type}\u201d does not exist in this project"
        if self.types.is_abstract(node_type):
            return None, f"the node type \u201c{node_type}\u201d is abstract; nodes of it cannot be created"
        refused = self.refuses_child(parent_path, node_type)
        if refused:
            return None, refused
        name = self.free_name(parent_path, slug(title) or "node")
        path = f"{parent_path.rstrip('/')}/{name}"
        properties = {title_property: title} if title_property and title_property != "title" else {}
        node = ContentNode(path, self.types.normalize(node_type), title if title_property else "", properties=properties)
        self._insert(node, after_subtree_of=parent_path)
        self.changed()
        return node, ""

    def refuses_child(self, parent_path: str, node_type: str) -> str:
        """Why the content repository would not create a ``node_type`` node below ``parent_path`` (its
        constraints), or "" when it would."""
        parent = self.node(parent_path)
        if parent is None:
            return ""
        grandparent = self.node(parent.parent_path) if parent.path != SITES else None
        key = self.types.tethered_key(grandparent.node_type, parent.name) if grandparent is not None else None
        tethered = (grandparent.node_type, parent.name) if grandparent is not None and key is not None else None
        if self.types.allows_child(parent.node_type, node_type, tethered):
            return ""
        declared = self.types.tethered_type(*tethered) if tethered else None
        if declared is not None and not self.types.known(declared):
            return (f"{parent.path} is a tethered child node of the type \u201c{declared}\u201d, which is not defined: "
                    f"Neos 9 creates nothing below it")
        where = f"`childNodes.{key}.constraints` of {self.types.label(tethered[0])}" \
            if tethered else f"the constraints of {self.types.label(parent.node_type)}"
        return (f"{where} do not allow {self.types.label(node_type)} at {parent.path} "
                f"(`constraints.nodeTypes`): the CMS creates no node there")

    def set_title(self, path: str, title: str) -> bool:
        node = self.node(path)
        if node is None or not title.strip():
            return False
        node.title = title.strip()
        self.changed()
        return True

    def remove(self, path: str) -> int:
        """Remove the node at ``path`` and everything below it; returns how many nodes went."""
        path = normalize_path(path)
        gone = [p for p in self._nodes if p == path or p.startswith(path.rstrip("/") + "/")]
        for p in gone:
            node = self._nodes.pop(p)
            self._ids.pop(node.identifier, None)
        if gone:
            self.changed()
        return len(gone)

    def free_name(self, parent_path: str, wanted: str) -> str:
        name, number = wanted, 2
        while f"{parent_path.rstrip('/')}/{name}" in self._nodes:
            name, number = f"{wanted}-{number}", number + 1
        return name

    def changed(self) -> None:
        """Save (when a saver is set) and tell the listeners."""
        if self.saver is not None:
            self.last_save_problem = self.saver(self)
        for listener in list(self.listeners):
            listener()

    def _insert(self, node: ContentNode, after_subtree_of: str | None = None) -> None:
        node.path = normalize_path(node.path)
        if after_subtree_of is None:
            self._nodes[node.path] = node
        else:  # keep document order: a new child goes after the parent's last descendant
            prefix = after_subtree_of.rstrip("/") + "/"
            items = list(self._nodes.items())
            index = max((i for i, (p, _) in enumerate(items) if p == after_subtree_of or p.startswith(prefix)), default=len(items) - 1)
            items.insert(index + 1, (node.path, node))
            self._nodes = dict(items)
        self._ids[node.identifier] = node
