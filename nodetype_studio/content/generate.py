"""Sample content generated from a project's node types (Qt-free).

The tree holds:

- ``/sites`` and the current site ``/sites/<site>`` (named after the site package: ``Acme.Site`` ->
  ``acme``, ``Neos.Demo`` -> ``neosdemo``), a page of the project's first document type;
- two pages of every non-abstract document type, directly below the site;
- a ``main`` content collection on the site with one node of every non-abstract content type;
- every node path the project's reference and link editors name (``startingPoint``,
  ``createNew.path``; 8.3's ``/sites/…`` or 9.x's ``/<Neos.Neos:Sites>/…``) below the current site,
  with three nodes of the types the editor looks for, so every search field has something to find;
- a second site ``/sites/<site>-archive`` with a page of every document type, for ``startingPoint``
  outside the current site.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Iterable

from nodetype_studio import boundedio
from nodetype_studio.content.startpoint import SEARCH_EDITORS, sample_path
from nodetype_studio.content.tree import (
    SITES,
    ContentNode,
    normalize_path,
    parent_of,
    slug,
)
from nodetype_studio.content.types import TypeIndex


def site_name(project: Any, types: TypeIndex) -> str:
    """The node name of the current site, from the site package's key."""
    packages = [p for p in getattr(project, "packages", []) if not getattr(p, "is_global", False)]
    site_package = next((p for p in packages if _composer_type(Path(p.path)) == "neos-site"), None)
    if site_package is None and packages:
        counts = Counter(nt.package for nt in types.node_types.values()
                         if nt.package and not nt.abstract and types.is_document(nt.name))
        ranked = [p for p in packages if counts.get(p.name)]
        site_package = max(ranked, key=lambda p: counts[p.name]) if ranked else packages[0]
    key = site_package.name if site_package is not None else Path(getattr(project, "root", "site")).name
    parts = [p for p in re.split(r"[.\s_-]+", key) if p]
    if len(parts) > 1 and parts[-1].lower() == "site":
        parts = parts[:-1]
    return re.sub(r"[^a-z0-9]", "", "".join(parts).lower()) or "site"


def _composer_type(folder: Path) -> str | None:
    try:
        data = json.loads(boundedio.read_bytes(folder / "composer.json"))
    except (OSError, ValueError, RecursionError):
        return None
    return data.get("type") if isinstance(data, dict) else None


class _Builder:
    def __init__(self, types: TypeIndex):
        self.types = types
        self.nodes: dict[str, ContentNode] = {}

    def add(self, path: str, node_type: str, title: str, **properties: Any) -> ContentNode:
        path = normalize_path(path)
        if path not in self.nodes:
            self.nodes[path] = ContentNode(path, node_type, title, properties=dict(properties))
        return self.nodes[path]

    def child(self, parent: str, node_type: str, title: str) -> ContentNode:
        name, number = slug(title) or "node", 2
        base = name
        while f"{parent}/{name}" in self.nodes:
            name, number = f"{base}-{number}", number + 1
        return self.add(f"{parent}/{name}", node_type, title)

    def ensure_path(self, path: str, folder_type: str) -> None:
        """Create ``path`` and its missing ancestors as pages titled after their names."""
        missing = []
        current = normalize_path(path)
        while current not in self.nodes and current not in ("/", SITES):
            missing.append(current)
            current = parent_of(current)
        for item in reversed(missing):
            name = item.rsplit("/", 1)[-1]
            self.add(item, folder_type, name.replace("-", " ").capitalize())


def generate(project: Any, types: TypeIndex | None = None) -> tuple[list[ContentNode], str]:
    """``(nodes, current site path)`` for ``project``."""
    types = types or TypeIndex(project)
    documents = [n for n in types.concrete([types.platform_type("Document")])]
    contents = [n for n in types.concrete([types.platform_type("Content")])]
    page_type = _page_type(documents) or types.platform_type("Document")
    collection = types.platform_type("ContentCollection")
    name = site_name(project, types)
    site = f"{SITES}/{name}"
    builder = _Builder(types)
    builder.add(SITES, types.platform_type("Sites"), "Sites")
    builder.add(site, page_type, name.capitalize())
    for doc_type in documents:
        label = types.label(doc_type).lower()
        builder.child(site, doc_type, f"Sample {label}")
        builder.child(site, doc_type, f"Another {label}")
    main = builder.add(f"{site}/main", collection, "Main content").path
    for content_type in contents:
        builder.child(main, content_type, f"Sample {types.label(content_type).lower()}")
    for path, wanted in _search_targets(types, site):
        builder.ensure_path(path, page_type)
        exact = [types.normalize(w) for w in wanted]
        kinds = sorted(types.concrete(wanted), key=lambda n: n not in exact) or [page_type]
        present = [n for n in builder.nodes.values() if n.parent_path == path and types.is_any(n.node_type, wanted)]
        for index in range(len(present), 3):
            kind = kinds[index % len(kinds)]
            builder.child(path, kind, f"{types.label(kind)} {'ABC'[index]}")
    archive = f"{SITES}/{name}-archive"
    builder.add(archive, page_type, f"{name.capitalize()} archive (second site)")
    for doc_type in documents:
        builder.child(archive, doc_type, f"Archived {types.label(doc_type).lower()}")
    return list(builder.nodes.values()), site


def _page_type(documents: list[str]) -> str | None:
    """The type for the site and folder pages: a type called ``Page`` if there is one."""
    for test in (lambda short: short in ("Page", "Document.Page"), lambda short: short.endswith("Page")):
        for name in documents:
            if test(name.partition(":")[2]):
                return name
    return documents[0] if documents else None


def _search_targets(types: TypeIndex, site: str) -> list[tuple[str, list[str]]]:
    """Node paths named by reference/link editor options below the current site, with the node
    types the editor searches for there."""
    targets: dict[str, list[str]] = {}
    for node_type in types.node_types.values():
        # properties and (9.x) the references section: both carry reference/link editors
        items = [config for section in ("properties", "references")
                 if isinstance(found := node_type.preview.get(section), dict) for config in found.values()]
        for config in items:
            for path, wanted in _paths_of(config, types):
                path = normalize_path(path)
                if path.startswith(site + "/"):
                    bucket = targets.setdefault(path, [])
                    bucket.extend(w for w in wanted if w not in bucket)
    return sorted(targets.items())


def _paths_of(config: Any, types: TypeIndex) -> Iterable[tuple[str, list[str]]]:
    inspector = config.get("ui", {}).get("inspector") if isinstance(config, dict) and isinstance(config.get("ui"), dict) else None
    if not isinstance(inspector, dict):
        return
    editor = inspector.get("editor")
    short = types.platform.normalize_editor(editor).short if isinstance(editor, str) else None
    if short not in SEARCH_EDITORS:
        return
    options = inspector.get("editorOptions")
    if not isinstance(options, dict):
        return
    wanted = options.get("nodeTypes")
    # a string, or a list (or map) of names; another value (`nodeTypes: 1`) names none
    wanted = [wanted] if isinstance(wanted, str) else [w for w in wanted if isinstance(w, str)] \
        if isinstance(wanted, (list, tuple, dict)) else []
    if not wanted:  # (each of these editors searches documents by default)
        wanted = [types.platform_type("Document")]
    sites = types.platform_type("Sites")
    start = options.get("startingPoint")
    if isinstance(start, str) and start.startswith("/"):
        yield sample_path(start, sites), wanted  # 9.x's `/<Neos.Neos:Sites>/<site>/…` names `/sites/<site>/…`
    create = options.get("createNew")
    if isinstance(create, dict) and isinstance(create.get("path"), str) and create["path"].startswith("/"):
        created = create.get("type")
        yield sample_path(create["path"], sites), ([created] if isinstance(created, str) else wanted)
