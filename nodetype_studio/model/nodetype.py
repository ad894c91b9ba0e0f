"""One resolved node type: its own fragments, inheritance, effective configuration and provenance."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from nodetype_studio.diagnostics import Location
from nodetype_studio.model.merge import MISSING, get_path
from nodetype_studio.model.yamlload import YList, YMap


@dataclass
class SourceFile:
    """A parsed YAML file of the project (or of the studio's platform baseline)."""

    path: Path
    package: str | None
    data: object
    kind: str = "nodetypes"  # "nodetypes" | "settings"
    baseline: bool = False
    signature: tuple = ()
    i18n: bool = False  # the file contains the word `i18n` (label enrichment needed)
    #: the files of one package at one context level form a group: the CMS merges a group's files
    #: first, then the group over what earlier packages said (NodeTypesLoader)
    group: tuple = ()

    @property
    def display(self) -> str:
        return str(self.path)


@dataclass
class Fragment:
    """One top-level entry ``Name: {...}`` of one file."""

    file: SourceFile
    config: object  # YMap, or None for ``Name: ~``
    key_pos: tuple[int, int]


@dataclass
class Layer:
    """A source merged into a node type's configuration, in merge order (later wins)."""

    label: str
    file: SourceFile | None
    data: object  # the subtree this layer contributes, rooted at ``root``
    root: tuple = ()
    skip: frozenset = frozenset()  # paths (tuples) this layer does not contribute to (null-filtered properties)


@dataclass
class Provenance:
    value: object
    location: Location | None
    layer: str | None
    overridden: list[tuple[object, Location | None, str]] = field(default_factory=list)


def _locate_in(data, path: tuple, file: SourceFile | None):
    """Probe one layer: ("set", value, location) | ("removed", None, location) | ("absent", None, None)."""
    current = data
    for depth, key in enumerate(path):
        if isinstance(current, dict):
            if key not in current:
                return "absent", None, None
            pos = current.key_pos.get(key) if isinstance(current, YMap) else None
            value = current[key]
        elif isinstance(current, list) and isinstance(key, int):
            if not 0 <= key < len(current):
                return "absent", None, None
            pos = current.item_pos[key] if isinstance(current, YList) and key < len(current.item_pos) else None
            value = current[key]
        else:
            return "absent", None, None
        location = Location(str(file.path), *pos) if (file is not None and pos) else (Location(str(file.path)) if file else None)
        if depth == len(path) - 1:
            return "set", value, location
        if not (isinstance(value, (dict, list)) and value):
            return "removed", None, location  # replaced by a scalar, null or empty container
        current = value
    return "set", data, Location(str(file.path)) if file else None


class ProjectRef:
    """The newest project of a line of incremental re-resolutions (``model/incremental.py``): the node
    types an edit leaves unchanged stay the same objects from one project to the next and reach the newest
    one through this holder; a type an edit replaces is given its own (older) project back."""

    __slots__ = ("project",)

    def __init__(self, project: Any):
        self.project = project


class NodeType:
    """A node type of the project. See ``nodetype_studio.model`` for the attribute contract."""

    def __init__(self, name: str, package: str | None, from_baseline: bool):
        self.name = name
        self.package = package
        self.from_baseline = from_baseline
        self.fragments: list[Fragment] = []
        self.local: dict = {}
        self.declared_supertypes: list[str] = []
        self.disabled_supertypes: list[str] = []
        self.ancestors: list[str] = []
        self.merged: dict = {}
        self.effective: dict = {}
        self._layers: list[Layer] = []
        self._property_layers: dict[str, list[Layer]] = {}
        self._supertype_map: dict[str, object] = {}
        self._supertype_entries: list[tuple[str, str, bool]] = []  # (key, name, enabled) as the CMS keys them
        self._flattened: list[tuple[str, str]] = []  # (key, name) of the merged supertypes (memo of a re-resolve)
        self._merge_chain: list[str] = []  # supertypes whose local configuration is merged, in order
        #: the platform post-processors the type's configuration declares, in run order ("presets",
        #: "creationDialog", "iconNames", "defaultEditors", "plugin"; None for another class)
        self.postprocessors: list[str | None] = []
        self._preview: dict | None = None
        #: 9.x: properties of type reference/references moved into `references` (name -> type)
        self._moved_references: dict[str, str] = {}
        #: properties whose editor the preview adds because the CMS runs no editor post-processor here
        self.preview_additions: frozenset[str] = frozenset()
        self._owner: Any = None  # the Project this type belongs to, or a ProjectRef to it (see _project)
        self._layer_builder: Callable[[], None] | None = None  # provenance layers are built on first use

    def __repr__(self) -> str:
        return f"<NodeType {self.name}>"

    @property
    def _project(self) -> Any:
        """The Project this type belongs to (the one whose ``node_types`` resolve its supertype names)."""
        owner = self._owner
        return owner.project if type(owner) is ProjectRef else owner

    @_project.setter
    def _project(self, value: Any) -> None:
        self._owner = value

    @property
    def abstract(self) -> bool:
        return self.local.get("abstract") is True

    @property
    def final(self) -> bool:
        return self.local.get("final") is True

    @property
    def files(self) -> list[Location]:
        return [Location(str(f.file.path), *f.key_pos) for f in self.fragments]

    @property
    def main_file(self) -> Path | None:
        own = [f for f in self.fragments if not f.file.baseline]
        return own[0].file.path if own else (self.fragments[0].file.path if self.fragments else None)

    @property
    def preview(self) -> dict:
        """The configuration the preview and the default-editor checks use: ``effective`` (the CMS's),
        plus the default editors the studio adds where the CMS runs no editor post-processor
        (a mixin outside ``Neos.Neos:Node``); ``preview_additions`` names those properties."""
        return self._preview if self._preview is not None else self.effective

    @property
    def properties(self) -> dict:
        props = self.effective.get("properties")
        return props if isinstance(props, dict) else {}

    @property
    def label(self) -> str | None:
        ui = self.effective.get("ui")
        label = ui.get("label") if isinstance(ui, dict) else None
        return label if isinstance(label, str) else None

    def is_of_type(self, name: str) -> bool:
        if self._project is not None:
            name = self._project.platform.normalize_name(name).value
        if name == self.name:
            return True
        if name in self.disabled_supertypes:
            return False
        nodes: dict[str, NodeType] = self._project.node_types if self._project is not None else {}
        for parent in self.declared_supertypes:
            other = nodes.get(parent)
            if parent == name or (other is not None and other is not self and other._is_of_type_guarded(name, {self.name})):
                return True
        return False

    def _is_of_type_guarded(self, name: str, seen: set) -> bool:
        if self.name in seen:
            return False
        if name == self.name:
            return True
        if name in self.disabled_supertypes:
            return False
        seen = seen | {self.name}
        nodes: dict[str, NodeType] = self._project.node_types if self._project is not None else {}
        return any(p == name or (p in nodes and nodes[p]._is_of_type_guarded(name, seen)) for p in self.declared_supertypes)

    # --- provenance ---------------------------------------------------------------------------
    def layers_for(self, path: tuple) -> list[Layer]:
        if self._layer_builder is not None:
            builder, self._layer_builder = self._layer_builder, None
            builder()
        if len(path) >= 2 and path[0] == "properties" and path[1] in self._property_layers:
            return self._property_layers[path[1]]
        return self._layers

    def provenance(self, path: tuple) -> Provenance:
        """Which layer set the value at ``path`` of ``effective``, and what it overrode."""
        path = tuple(path)
        value_path = path
        if len(path) >= 2 and path[0] == "references" and path[1] in self._moved_references:
            path = ("properties",) + path[1:]  # written as a property (9.x moves it)
        events: list[tuple[object, Location | None, str]] = []
        current: tuple | None = None
        probes = [(layer, path) for layer in self.layers_for(path)]
        if value_path != path and self._moved_references.get(value_path[1]) == "reference":
            probes += [(layer, value_path) for layer in self._layers if layer.label == "9.x references"]
        for layer, probe in probes:
            n = len(layer.root)
            if len(probe) < n or probe[:n] != layer.root:
                continue
            if any(probe[: len(s)] == s for s in layer.skip):
                continue
            status, value, location = _locate_in(layer.data, probe[n:], layer.file) if probe[n:] else ("set", layer.data, None)
            if status == "set":
                if current is not None:
                    events.append(current)
                current = (value, location, layer.label)
            elif status == "removed":
                if current is not None:
                    events.append(current)
                current = None
        value = get_path(self.effective, value_path)
        if current is None:
            return Provenance(None if value is MISSING else value, None, None, events)
        return Provenance(None if value is MISSING else value, current[1], current[2], events)

    def locate(self, path: tuple) -> Location | None:
        return self.provenance(path).location

    def location_of_definition(self) -> Location | None:
        files = self.files
        own = [f for f, frag in zip(files, self.fragments) if not frag.file.baseline]
        candidates = own or files
        return candidates[0] if candidates else None

    def location_of_key(self, path: tuple) -> Location | None:
        """Where the last fragment that spells out ``path`` (a key path) writes its final key."""
        for fragment in reversed(self.fragments):
            current = fragment.config
            pos = None
            for key in path:
                if not isinstance(current, dict) or key not in current:
                    current = None
                    break
                pos = current.key_pos.get(key) if isinstance(current, YMap) else None
                current = current[key]
            if pos is not None:
                return Location(str(fragment.file.path), *pos)
        return None
