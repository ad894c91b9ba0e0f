"""``.nodetype-studio/content.yaml``: the sample content tree on disk (Qt-free).

    # Sample content of Node Type Studio ...
    currentSite: /sites/acme
    nodes:
      - path: /sites/acme
        type: Acme.Site:Document.Page
        title: Acme
        identifier: 1d0c...        # optional: a UUID derived from the path when missing
        properties: {uriPathSegment: home}   # optional

Nodes are listed parents first. Problems (a syntax error, an entry without ``path`` or ``type``, a
node whose parent is missing, an identifier used twice) are diagnostics with the file and line; bad
entries are skipped, good ones kept. A file that cannot be used at all is never overwritten: the
first save after loading it moves it to ``content.yaml.broken``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from nodetype_studio.content.tree import SITES, ContentNode, ContentTree, normalize_path
from nodetype_studio.diagnostics import Diagnostic, Location, error, warning
from nodetype_studio.model.yamlload import load_yaml_file, plain_data

CONTENT_FILE = "content.yaml"
HEADER = (
    "# Sample content of Node Type Studio: the nodes the reference and link editors of the preview\n"
    "# search. Edit freely: each node needs `path`, `type` and `title`; `identifier` defaults to a UUID\n"
    "# derived from the path; `currentSite` is the site whose pages show URL paths.\n"
)


@dataclass
class Loaded:
    nodes: list[ContentNode] = field(default_factory=list)
    site: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    usable: bool = True  # False: the file exists but nothing could be read from it


def load(file: Path) -> Loaded:
    loaded = load_yaml_file(file)
    result = Loaded(diagnostics=list(loaded.diagnostics))
    data = loaded.data
    where = str(file)
    if not loaded.ok:
        result.usable = False
        return result
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        result.usable = False
        result.diagnostics.append(error("content-shape", "content.yaml must hold `nodes:`, a list of nodes with path, type and title",
                                        Location(where, 1, 1)))
        return result
    site = data.get("currentSite")
    if site is not None and (not isinstance(site, str) or not site.startswith(SITES + "/")):
        line = data.key_pos.get("currentSite", (1, 1)) if hasattr(data, "key_pos") else (1, 1)
        result.diagnostics.append(warning("content-site", f"currentSite must be a node path below {SITES}/; it is ignored",
                                          Location(where, *line)))
        site = None
    result.site = normalize_path(site) if site else None
    items = data["nodes"]
    seen_paths: set[str] = set()
    seen_ids: set[str] = set()
    for index, item in enumerate(items):
        line = items.item_pos[index][0] if hasattr(items, "item_pos") and index < len(items.item_pos) else 0
        node, problem = _node(item)
        if node is not None and node.path in seen_paths:
            problem = f"the path {node.path} is used twice; the second entry is skipped"
            node = None
        if node is not None and node.identifier in seen_ids:
            problem = f"the identifier {node.identifier} is used twice; the entry {node.path} is skipped"
            node = None
        if node is not None and node.parent_path not in seen_paths and node.parent_path not in ("/", SITES) and node.path != SITES:
            problem = f"the parent of {node.path} is not listed before it; the entry is skipped"
            node = None
        if node is None:
            result.diagnostics.append(warning("content-node", problem, Location(where, line, 1)))
            continue
        seen_paths.add(node.path)
        seen_ids.add(node.identifier)
        result.nodes.append(node)
    return result


def _node(item: Any) -> tuple[ContentNode | None, str]:
    if not isinstance(item, dict):
        return None, "a node must be a map with path, type and title"
    path, node_type, title = item.get("path"), item.get("type"), item.get("title")
    if not isinstance(path, str) or not path.startswith("/"):
        return None, "a node needs a `path` starting with /"
    if not isinstance(node_type, str) or not node_type.strip():
        return None, f"the node {path} needs a `type`"
    properties = item.get("properties") or {}
    if not isinstance(properties, dict):
        return None, f"`properties` of {path} must be a map"
    identifier = item.get("identifier")
    node = ContentNode(path, node_type.strip(), "" if title is None else str(title),
                       identifier=str(identifier) if identifier not in (None, "") else "",
                       properties={str(k): plain_data(v) for k, v in properties.items()})
    node.path = normalize_path(node.path)
    return node, ""


def dump(tree: ContentTree) -> str:
    items = []
    for node in tree.nodes():
        entry: dict[str, Any] = {"path": node.path, "type": node.node_type, "title": node.title, "identifier": node.identifier}
        if node.properties:
            entry["properties"] = node.properties
        items.append(entry)
    return HEADER + yaml.safe_dump({"currentSite": tree.site, "nodes": items}, sort_keys=False, allow_unicode=True, width=120)


def save(file: Path, tree: ContentTree, keep_broken: bool) -> str:
    """Write the tree; returns a problem text or "". ``keep_broken`` moves an unusable file aside first."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        if keep_broken and file.is_file():
            file.replace(file.with_name(file.name + ".broken"))
        tmp = file.with_name(file.name + ".tmp")
        tmp.write_text(dump(tree), encoding="utf-8")
        tmp.replace(file)
    except OSError as exc:
        return f"the sample content could not be saved to {file}: {exc.strerror or exc}"
    return ""
